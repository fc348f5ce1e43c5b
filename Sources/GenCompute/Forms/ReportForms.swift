import Foundation
import GenModel
import GenResolve

/// Every report's form, for the pages that show reports (a month's day, report and monthly pages): the forms
/// the forms stage made, and the others made when a month asks for them.
///
/// Why: an incremental build reads most reports' `FormSummary` back from the previous build instead of
/// reading them through their templates, which is all that statistics and the other whole-organization pages
/// need; only the months it plans again need whole forms, and those are made then, on all cores.
public final class ReportForms: Sendable {
    private let made: [DocumentID: ReportForm]
    /// The reports whose forms were not made, as loaded: the build lets go of most of a report's fields
    /// before planning (`Organization.keepingReportFields`), and a form is made from all of them.
    private let unmade: [DocumentID: DailyJobReport]
    private let organization: Organization
    private let mileage: [DocumentID: ReportMileage]
    private let shapes: [DocumentID: FormShape]
    private let zone: TimeZone

    /// `made`: the forms already made, by report id; `unmade`: the other reports, with all their fields, by id
    /// (`byId(_:)`); `mileage`: every report's, by report id.
    public init(made: [DocumentID: ReportForm], unmade: [DocumentID: DailyJobReport], organization: Organization,
                mileage: [DocumentID: ReportMileage], zone: TimeZone) {
        self.made = made
        self.unmade = unmade
        self.organization = organization
        self.mileage = mileage
        shapes = FormShape.all(in: organization)
        self.zone = zone
    }

    /// Reports by id, the first of each id kept.
    public static func byId(_ reports: [DailyJobReport]) -> [DocumentID: DailyJobReport] {
        Dictionary(reports.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// The forms of `reports` by report id: the made ones as they are, the others made now.
    public func forms(of reports: [DailyJobReport]) -> [DocumentID: ReportForm] {
        var forms: [DocumentID: ReportForm] = [:]
        forms.reserveCapacity(reports.count)
        var missing: [DailyJobReport] = []
        for report in reports {
            if let form = made[report.id] { forms[report.id] = form } else { missing.append(unmade[report.id] ?? report) }
        }
        let org = organization, mileage = self.mileage, shapes = self.shapes, zone = self.zone
        let built = ParallelMap.map(missing) { report in
            ReportForm.build(report, in: org, mileage: mileage[report.id], timeZone: zone, shapes: shapes)
        }
        for (report, form) in zip(missing, built) { forms[report.id] = form }
        return forms
    }
}
