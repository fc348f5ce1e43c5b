import GenCompute
import GenModel
import GenResolve

/// `mileage/index.html` (the organization by month and photographer) and
/// `mileage/<photographer>.html` (each report's route, leg by leg).
enum MileagePages {
    /// The organization's mileage, by month and photographer: the section's page.
    static let indexPath = "mileage/index.html"

    struct MonthRow: Sendable, Encodable {
        var month: String
        var reports: String
        var miles: String
        var reimbursement: String?
        /// The month's reimbursement statements (the mileage pages'; nil elsewhere).
        var statementsHref: String?
    }

    struct PhotographerRow: Sendable, Encodable {
        var name: String
        var href: String
        var reports: String
        var totalMiles: String
        var reimbursement: String?
    }

    struct OverviewBody: Sendable, Encodable {
        var months: [MonthRow]
        var photographers: [PhotographerRow]
        var hasReports: Bool
        var showReimbursement: Bool
        var rate: String?
        var speed: String
        var totalMiles: String
        var totalReports: String
        var discrepancies: String
    }

    struct LegRow: Sendable, Encodable {
        var from: String
        var to: String
        var miles: String
        var minutes: String
    }

    struct ReportRow: Sendable, Encodable {
        var anchor: String
        var reportId: String
        /// The report's own page, relative to the page showing this row.
        var reportHref: String?
        var day: String
        var schools: String
        /// What a report's body shows of its route too; its properties sit beside the others.
        var route: Route

        private enum CodingKeys: String, CodingKey { case anchor, reportId, reportHref, day, schools }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(anchor, forKey: .anchor)
            try c.encode(reportId, forKey: .reportId)
            try c.encodeIfPresent(reportHref, forKey: .reportHref)
            try c.encode(day, forKey: .day)
            try c.encode(schools, forKey: .schools)
            try route.encode(to: encoder)
        }
    }

    /// A report's route as its templates show it: no report id, day or link, so that equal routes (a
    /// photographer driving to the same schools) are equal values.
    struct Route: Sendable, Encodable {
        var legs: [LegRow]
        var hasLegs: Bool
        var totalMinutes: String?
        var computed: String
        var recorded: String
        var miles: String
        /// How the miles were found, in words: "computed", "as recorded", "no mileage".
        var source: String
        /// What the route leaves out and why (`MileageCalculator.route`).
        var notes: [String]
        var hasNotes: Bool
        /// The tolerance the recorded miles exceed, in words (`MileageTolerance.words`); nil when they do not.
        var discrepancy: String?
        /// The route drawn (`RouteSketch`): on a report's own page, where its computed legs run through known points.
        var sketch: MapSketch? = nil
        var hasSketch = false
        /// The sketch's key: home and each school in visiting order, the schools with map links.
        var stops: [RouteSketch.Stop] = []
    }

    struct MonthSection: Sendable, Encodable {
        var id: String
        var title: String
        var miles: String
        var reports: [ReportRow]
        var reimbursement: String?
        /// The photographer's reimbursement statement for the month.
        var statementHref: String
    }

    struct PhotographerBody: Sendable, Encodable {
        var name: String
        var totalMiles: String
        var months: [MonthRow]
        var sections: [MonthSection]
        var showReimbursement: Bool
    }

    /// Each photographer's mileage page (`mileage/<name>.html`, relative to the organization) by photographer id.
    static func photographerPaths(_ summary: MileageSummary) -> [DocumentID: String] {
        let files = photographerFiles(summary)
        return Dictionary(
            summary.photographers.map { ($0.photographerId, "\(SiteFolder.mileage.path)/\(files[$0.photographerId]).html") },
            uniquingKeysWith: { a, _ in a })
    }

    /// The photographers' file names in `mileage/`, none of them a name gen writes there itself.
    private static func photographerFiles(_ summary: MileageSummary) -> PathAllocator {
        SiteFolder.mileage.names(for: summary.photographers.map(\.photographerId))
    }

    /// `reportHref` gives a report page's path relative to the organization folder.
    static func plan(_ input: OrganizationInput, config: SiteConfig, reportHref: (DocumentID) -> String? = { _ in nil }) -> [PlannedPage] {
        let summary = input.mileage
        let files = photographerFiles(summary)
        let showMoney = !summary.rates.isEmpty
        let byPhotographer = Dictionary(grouping: summary.reports, by: \.photographerId)
        let statementNames = MileageStatements.fileNames(summary)
        func statements(_ month: String) -> String { "../\(MonthlyReports.folder)/\(month)/\(MileageStatements.folder)" }
        func monthRow(_ m: MonthMileage) -> MonthRow {
            var row = Self.monthRow(m)
            row.statementsHref = "\(statements(m.month))/index.html"
            return row
        }

        let overview = OverviewBody(
            // Month tables run newest first on every page (the home page, statistics, mileage).
            months: summary.months.reversed().map(monthRow),
            photographers: summary.photographers.map { p in
                PhotographerRow(
                    name: p.name, href: "\(files[p.photographerId]).html",
                    reports: Format.integer(p.months.reduce(0) { $0 + $1.reports }),
                    totalMiles: Format.miles(p.totalMiles), reimbursement: showMoney ? Format.money(p.reimbursement ?? .zero) : nil)
            },
            hasReports: !summary.reports.isEmpty, showReimbursement: showMoney,
            rate: Format.rates(summary.rates), speed: Format.integer(Int((config.mileage.averageSpeedKmh / 1.609344).rounded())),
            totalMiles: Format.miles(summary.totalMiles),
            totalReports: Format.integer(summary.reports.count),
            discrepancies: Format.integer(summary.reports.filter(\.isDiscrepancy).count))
        var planned = [PlannedPage(path: indexPath, template: "mileage", title: "Mileage", direct: overview)]

        for p in summary.photographers {
            let rows = byPhotographer[p.photographerId] ?? []
            let sections = Dictionary(grouping: rows, by: \.month).sorted { $0.key < $1.key }.map { month, reports in
                let total = p.months.first { $0.month == month }
                return MonthSection(
                    id: "m-\(month)", title: Format.monthTitle(month), miles: Format.miles(total?.miles ?? 0),
                    reports: reports.map {
                        reportRow(
                            $0, in: input.organization, href: reportHref($0.reportId).map { "../" + $0 },
                            notes: input.routeNotes[$0.reportId] ?? [], tolerance: summary.tolerance)
                    },
                    reimbursement: total?.reimbursement.map(Format.money),
                    statementHref: "\(statements(month))/\(statementNames[p.photographerId] ?? "index").html")
            }
            let body = PhotographerBody(
                name: p.name, totalMiles: Format.miles(p.totalMiles), months: p.months.reversed().map(monthRow),
                sections: sections, showReimbursement: showMoney)
            planned.append(
                PlannedPage(
                    path: "\(SiteFolder.mileage.path)/\(files[p.photographerId]).html", template: "mileage-photographer",
                    title: "Mileage: \(p.name)", direct: body))
        }
        return planned
    }

    static func monthRow(_ m: MonthMileage) -> MonthRow {
        MonthRow(
            month: Format.monthTitle(m.month), reports: Format.integer(m.reports), miles: Format.miles(m.miles),
            reimbursement: m.reimbursement.map(Format.money), statementsHref: nil)
    }

    static func reportRow(
        _ r: ReportMileage, in org: Organization, href: String? = nil, notes: [String] = [], tolerance: MileageTolerance
    ) -> ReportRow {
        ReportRow(
            anchor: "r-\(PathSegment.sanitize(r.reportId.text))", reportId: r.reportId.text, reportHref: href, day: Format.day(r.date),
            schools: tripSchools(r, in: org), route: route(r, notes: notes, tolerance: tolerance))
    }

    /// A trip's schools in the order the report names them, as its line on the mileage pages and statements
    /// reads: each of the organization's schools by its name (a report may name it by id), any other name as
    /// the `unknown-school` flag says it, "unknown school (sA1)", never as if it were a school's name.
    static func tripSchools(_ r: ReportMileage, in org: Organization) -> String {
        guard !r.schools.isEmpty else { return "No schools listed" }
        return r.schools.map { org.school(matching: $0)?.value ?? SchoolVisits.unknown($0) }
            .joined(separator: " → ")
    }

    /// `tolerance`: the organization's (`MileageSummary.tolerance`), which decided the row's discrepancy flag;
    /// `points`: the route's points, for a sketch (a report's own page).
    static func route(_ r: ReportMileage, notes: [String], tolerance: MileageTolerance, points: RouteSketch.Points? = nil) -> Route {
        let minutes = r.legs.reduce(0) { $0 + $1.minutes }
        let computed = r.computedMiles.map(Format.miles) ?? "—"
        let drawn = points.map { RouteSketch.make($0, miles: computed) }
        return Route(
            legs: r.legs.map { LegRow(from: $0.from, to: $0.to, miles: Format.miles($0.miles), minutes: Format.integer($0.minutes)) },
            hasLegs: !r.legs.isEmpty, totalMinutes: r.legs.isEmpty ? nil : Format.integer(minutes),
            computed: computed, recorded: r.recordedMiles.map(Format.miles) ?? "—",
            miles: Format.miles(r.miles), source: sourceLabel(r.source), notes: notes, hasNotes: !notes.isEmpty,
            discrepancy: r.isDiscrepancy ? tolerance.words : nil, sketch: drawn?.sketch, hasSketch: drawn != nil,
            stops: drawn?.key ?? [])
    }

    static func sourceLabel(_ source: MileageSource) -> String {
        switch source {
        case .computed: return "computed"
        case .recorded: return "as recorded"
        case .none: return "no mileage"
        }
    }
}
