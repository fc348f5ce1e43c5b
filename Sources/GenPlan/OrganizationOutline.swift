import Foundation
import GenModel
import GenResolve

/// How an organization's site is laid out, made from its documents' ids and dates alone: where each report's
/// page is, which critique galleries there are, which months have a monthly report, where each school's page is.
///
/// Why on its own: it is the first thing planning needs and the largest part of planning's serial start,
/// yet it needs nothing computed. The build makes it as soon as the organizations are resolved, while
/// forms, mileage and images are processed with cores to spare (`OrganizationInput.init(outline:)`).
///
/// Made from the organization as resolved; the planner is given the same organization with most report
/// fields let go (`Organization.keepingReportFields`), which changes no id, date or critique.
public struct OrganizationOutline: Sendable {
    let reportPaths: ReportPaths
    let galleries: CritiqueGalleries
    let schoolPaths: SchoolPaths
    /// The months with a monthly report, oldest first: months with reports or published critiques.
    let monthKeys: [String]

    public init(_ org: Organization, zone: TimeZone) {
        reportPaths = ReportPaths(org)
        galleries = CritiqueGalleries(org)
        schoolPaths = SchoolPaths(org)
        monthKeys = Set(org.reports.map { $0.date.monthKey })
            .union(galleries.all.critiques.compactMap { $0.createdAt.map { LocalDate($0, in: zone).monthKey } })
            .sorted()
    }
}
