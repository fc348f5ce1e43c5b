import Foundation
import GenCompute
import GenModel
import GenResolve

/// The daily reports of one organization: an index by month and day, a page per day
/// (`reports/daily/YYYY-MM-DD/index.html` and `report.md`) and a page per report (HTML and `.md`).
enum ReportPages {
    struct TocEntry: Sendable, Encodable {
        var href: String
        var label: String
        var status: String
        var validity: Validity
    }

    struct DayBody: Sendable, Encodable {
        var dayTitle: String
        var summary: String
        var toc: [TocEntry]
        var reports: [ReportView]
        var previous: PageLink?
        var next: PageLink?
        var indexHref: String
    }

    struct ReportBody: Sendable, Encodable {
        var report: ReportView
        var markdownHref: String
        /// The reports before and after this one, in the order of the days' pages.
        var previous: PageLink?
        var next: PageLink?
    }

    struct DayRow: Sendable, Encodable {
        /// The row's header id (`d-YYYY-MM-DD`), which the day's second row, who and where, refers to.
        var id: String
        var href: String
        var markdownHref: String
        var day: String
        var reports: String
        var invalid: String
        var hasInvalid: Bool
        /// Who filed the day's reports (each photographer once, in the day's order) and which schools their
        /// routes name (each once), each school linked to its page.
        var photographers: String
        var schools: [SchoolVisits.Link]
        var hasSchools: Bool
    }

    struct MonthGroup: Sendable, Encodable {
        var id: String
        var title: String
        var summary: String
        var days: [DayRow]
    }

    struct MonthlyLink: Sendable, Encodable {
        var href: String
        var label: String
        var archiveHref: String
        /// The month has critiques but no daily report: said beside its link, so nobody looks for its reports.
        var critiquesOnly: Bool
    }

    struct IndexBody: Sendable, Encodable {
        /// Every month with a monthly report (reports or critiques), newest first.
        var monthly: [MonthlyLink]
        var hasMonthly: Bool
        var months: [MonthGroup]
        var hasReports: Bool
        var summary: String
    }

    /// The days, made once; `pages(of:bodies:)` plans one month's day and report pages.
    struct Planner: Sendable {
        let input: OrganizationInput
        let paths: ReportPaths
        /// The schools each report visited, which its head and its day's row of the index name.
        let schools: SchoolVisits
        /// Every day with reports, oldest first; `org.reports` is ordered by date, then photographer, then
        /// creation time: the daily order.
        let days: [(key: LocalDate, value: [DailyJobReport])]
        /// Each month's days in `days`, and the months with reports, oldest first.
        let dayRanges: [String: Range<Int>]
        let months: [String]

        init(_ input: OrganizationInput, paths: ReportPaths) {
            self.input = input
            self.paths = paths
            schools = SchoolVisits(input)
            days = Dictionary(grouping: input.organization.reports, by: { $0.date }).sorted { $0.key < $1.key }
            var dayRanges: [String: Range<Int>] = [:]
            var months: [String] = []
            for (i, day) in days.enumerated() {
                let month = day.key.monthKey
                if let range = dayRanges[month] {
                    dayRanges[month] = range.lowerBound..<(i + 1)
                } else {
                    dayRanges[month] = i..<(i + 1)
                    months.append(month)
                }
            }
            self.dayRanges = dayRanges
            self.months = months
        }

        /// The day pages and report pages of the month `reads` plans, day by day (`day` indexes `days`);
        /// `bodies` holds (at least) the month's report bodies. What they show of other months (the links
        /// to the days and reports beside the month) is read through `reads`.
        func pages(of reads: MonthReads, bodies: ReportBodies) -> [(day: Int, pages: [PlannedPage])] {
            guard let range = dayRanges[reads.month] else { return [] }
            let org = input.organization
            let forms = bodies.forms
            let days = self.days
            let paths = reads.paths
            let photographerPage = reads.photographerPage
            var byDay: [(day: Int, pages: [PlannedPage])] = []
            for index in range {
                var planned: [PlannedPage] = []
                let (date, reports) = days[index]
                let folder = ReportPaths.dayFolder(date)
                let prefix = "../../../"
                let views = reports.map { report in
                    ReportView.make(
                        report, form: forms[report.id]!, in: org, bodies: bodies, paths: paths, schools: schools,
                        photographerPage: photographerPage, prefix: prefix, linking: .toOwnPage)
                }
                let invalid = views.count(where: { $0.validity == .invalid })
                func link(_ i: Int) -> PageLink? {
                    if i < range.lowerBound { return reads.dayLink(.before) }
                    if i >= range.upperBound { return reads.dayLink(.after) }
                    return dayLink(i)
                }
                let body = DayBody(
                    dayTitle: "\(Weekday.name(date)), \(Format.day(date))",
                    summary: Format.count(reports.count, "report")
                        + (invalid > 0 ? " · \(Format.count(invalid, "with problems", "with problems"))" : ""),
                    toc: views.map { TocEntry(href: "#\($0.anchor)", label: $0.heading, status: $0.problemCount, validity: $0.validity) },
                    reports: views, previous: link(index - 1), next: link(index + 1), indexHref: "../../index.html")
                // The day's report pages, then its own: the workers take pages in this order, and a report's
                // body is made and encoded by the first page that shows it, the others waiting for it. Report
                // pages first, all HTML then all Markdown, each worker makes a different body; with the day's
                // pages first, the two workers went through the same bodies side by side, one waiting on the
                // other at each (a third of all context switches).
                var markdown: [PlannedPage] = []
                for (i, report) in reports.enumerated() {
                    let view = ReportView.make(
                        report, form: forms[report.id]!, in: org, bodies: bodies, paths: paths,
                        schools: schools, photographerPage: photographerPage, prefix: "../../", linking: .toDay)
                    // The month's first and last reports link to reports of other months: read through `reads`.
                    let previous =
                        index == range.lowerBound && i == 0
                        ? reads.reportLink(.before) : neighbour(day: index, report: i - 1, paths: paths)
                    let next =
                        index == range.upperBound - 1 && i == reports.count - 1
                        ? reads.reportLink(.after) : neighbour(day: index, report: i + 1, paths: paths)
                    let body = ReportBody(
                        report: view, markdownHref: (paths.markdown(report.id) as NSString).lastPathComponent,
                        previous: previous, next: next)
                    let title = "\(view.heading), \(Format.day(date))"
                    planned.append(PlannedPage(path: paths.page(report.id), template: "report-page", title: title, direct: body))
                    // Markdown draws no sketch: its route is the one the day's Markdown renders too.
                    var text = body
                    text.report.route = bodies.route(report.id, sketched: false)
                    markdown.append(PlannedPage(path: paths.markdown(report.id), template: "markdown/report", title: title, direct: text))
                }
                planned += markdown
                let title = "Reports of \(Format.day(date))"
                planned.append(PlannedPage(path: "\(folder)/index.html", template: "reports-day", title: title, direct: body))
                planned.append(PlannedPage(path: "\(folder)/report.md", template: "markdown/reports-day", title: title, direct: body))
                byDay.append((index, planned))
            }
            return byDay
        }

        /// The link to the day page at `index` (nil when there is none).
        func dayLink(_ index: Int) -> PageLink? {
            guard days.indices.contains(index) else { return nil }
            return PageLink(href: "../\(days[index].key)/index.html", label: Format.day(days[index].key))
        }

        /// The report at `report` of the day at `day`, counting on into the days before or after; linked from
        /// a report's page (the links out of a month are read through `MonthReads`).
        func neighbour(day: Int, report: Int, paths: ReportPaths) -> PageLink? {
            guard let (date, report) = self.report(day: day, report: report) else { return nil }
            let label = "\(Format.day(date)) · \(input.organization.photographerName(of: report))"
            return PageLink(href: (paths.page(report.id) as NSString).lastPathComponent, label: label)
        }

        /// The report at `report` of the day at `day`, counting on into the days before or after.
        func report(day: Int, report: Int) -> (LocalDate, DailyJobReport)? {
            guard days.indices.contains(day) else { return nil }
            let reports = days[day].value
            if report < 0 { return days.indices.contains(day - 1) ? (days[day - 1].key, days[day - 1].value.last!) : nil }
            if report >= reports.count { return days.indices.contains(day + 1) ? (days[day + 1].key, days[day + 1].value[0]) : nil }
            return (days[day].key, reports[report])
        }

        /// The photographers of a day's reports, each once, in the day's order (by name).
        private func dayPhotographers(_ reports: [DailyJobReport]) -> String {
            var seen = Set<String>()
            return reports.map { input.organization.photographerName(of: $0) }.filter { seen.insert($0).inserted }
                .joined(separator: ", ")
        }

        /// The schools a day's reports visited, each once, in the order the day's routes first name them.
        private func daySchools(_ reports: [DailyJobReport]) -> [SchoolVisits.Named] {
            var seen = Set<String>()
            return reports.flatMap { schools.named($0.id) }.filter { named in
                seen.insert(named.school.map { "id " + $0.id.text } ?? "name " + Organization.nameKey(named.name)).inserted
            }
        }

        /// `reports/index.html`: months and days, newest first. `monthKeys`: the months with a monthly report.
        func index(monthKeys: [String]) -> PlannedPage {
            let org = input.organization
            // The few reports with problems, by id (summaries are in the order of the reports): looking up every
            // report's summary copied 100,000 of them, a tenth of a second at the end of every rebuild.
            let invalidIds = Set(zip(org.reports, input.summaries).compactMap { report, summary in summary.isValid ? nil : report.id })
            func invalidCount(_ reports: [DailyJobReport]) -> Int {
                invalidIds.isEmpty ? 0 : reports.count(where: { invalidIds.contains($0.id) })
            }
            let months = Dictionary(grouping: days, by: { $0.key.monthKey }).sorted { $0.key > $1.key }.map { month, days in
                let rows = days.sorted { $0.key > $1.key }.map { date, reports in
                    let invalid = invalidCount(reports)
                    let schools = self.schools.links(daySchools(reports), prefix: "../")
                    return DayRow(
                        id: "d-\(date)", href: "daily/\(date)/index.html", markdownHref: "daily/\(date)/report.md",
                        day: "\(Weekday.name(date)), \(Format.day(date))",
                        reports: Format.integer(reports.count), invalid: Format.integer(invalid), hasInvalid: invalid > 0,
                        photographers: dayPhotographers(reports), schools: schools, hasSchools: !schools.isEmpty)
                }
                let count = days.reduce(0) { $0 + $1.value.count }
                let invalid = days.reduce(0) { $0 + invalidCount($1.value) }
                return MonthGroup(
                    id: "m-\(month)", title: Format.monthTitle(month),
                    summary: Format.count(count, "report") + " · " + Format.count(invalid, "with problems", "with problems"),
                    days: rows)
            }
            let invalid = input.summaries.count(where: { !$0.isValid })
            let reportMonths = Set(days.map { $0.key.monthKey })
            let body = IndexBody(
                monthly: monthKeys.reversed().map { key in
                    MonthlyLink(
                        href: "monthly/\(key)/index.html", label: Format.monthTitle(key),
                        archiveHref: "../\(MonthlyArchive.path(key))", critiquesOnly: !reportMonths.contains(key))
                },
                hasMonthly: !monthKeys.isEmpty, months: months, hasReports: !org.reports.isEmpty,
                summary: Format.count(org.reports.count, "report") + " on "
                    + Format.count(days.count, "day") + " · "
                    + Format.count(invalid, "with validation problems", "with validation problems"))
            return PlannedPage(path: ReportPaths.index, template: "reports-index", title: "Daily reports", direct: body)
        }
    }
}

/// Day names without a calendar: 1970-01-01 was a Thursday.
enum Weekday {
    static let names = ["Thursday", "Friday", "Saturday", "Sunday", "Monday", "Tuesday", "Wednesday"]

    static func name(_ date: LocalDate) -> String {
        names[((date.daysSinceEpoch % 7) + 7) % 7]
    }
}
