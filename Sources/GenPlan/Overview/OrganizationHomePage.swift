import GenCompute
import GenModel
import GenResolve

/// An organization's home: what the export holds, and where to go from here.
enum OrganizationHomePage {
    struct Body: Sendable, Encodable {
        var stats: [Stat]
        var firstDay: String?
        var lastDay: String?
        var months: [MileagePages.MonthRow]
        var hasMonths: Bool
        var pages: [NavLink]
        var hasPages: Bool
        var showReimbursement: Bool
        /// Total, good and needs-improvement counts of the published critiques.
        var critiques: [GalleryPages.StatCard]
        /// The report spreadsheets (`data/reports/…`), listed in the data section after the data files.
        var spreadsheets: [Spreadsheet]
        /// How many schools the organization has, and how many of them a report visited.
        var schoolSummary: String
        /// What to follow up, a count per group of the "Needs attention" page, linking to the group.
        var counts: [AttentionPage.Count]
        /// The day those counts stand on (the export's last).
        var attentionAsOf: String?
    }

    struct Spreadsheet: Sendable, Encodable {
        var title: String
        var href: String
        var columnsHref: String
        var reports: String
    }

    struct Stat: Sendable, Encodable {
        var label: String
        var value: String
    }

    /// `visitedSchools`: how many of the organization's schools a report visited (`SchoolPages.Planner`);
    /// `attention`: what the "Needs attention" page lists.
    static func make(
        _ input: OrganizationInput, pages: [NavLink], spreadsheets: [ReportSpreadsheets.Group] = [],
        visitedSchools: Int, attention: AttentionPage.Planner
    ) -> Body {
        let org = input.organization
        let published = org.critiques.filter(\.isPublished).count
        let photographers = Set(org.users.filter(\.isPhotographer).map(\.id) + org.reports.compactMap(\.userId)).count
        let stats = [
            Stat(label: "Reports", value: Format.integer(org.reports.count)),
            Stat(label: "Photographers", value: Format.integer(photographers)),
            Stat(label: "Critiques", value: Format.integer(published)),
            Stat(label: "Schools", value: Format.integer(org.schools.count)),
            Stat(label: "Users", value: Format.integer(org.users.count)),
            Stat(label: "Templates", value: Format.integer(org.templates.count)),
            Stat(label: "Miles driven", value: Format.miles(input.mileage.totalMiles))
        ]
        let months = input.mileage.months.reversed().map(MileagePages.monthRow)
        return Body(
            stats: stats, firstDay: org.reports.first.map { Format.day($0.date) },
            lastDay: org.reports.last.map { Format.day($0.date) }, months: months,
            hasMonths: !months.isEmpty, pages: pages, hasPages: !pages.isEmpty,
            showReimbursement: !input.mileage.rates.isEmpty,
            critiques: GalleryPages.statCards(org.critiques.filter(\.isPublished).map(ExampleKind.init)),
            spreadsheets: spreadsheets.map {
                Spreadsheet(title: $0.title, href: $0.path, columnsHref: $0.columnsPath, reports: Format.count($0.reports.count, "report"))
            },
            schoolSummary: SchoolPages.summary(schools: org.schools.count, visited: visitedSchools),
            counts: attention.homeCounts(), attentionAsOf: attention.lastDay.map { Format.day($0) })
    }
}
