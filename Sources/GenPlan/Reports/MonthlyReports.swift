import Foundation
import GenCompute
import GenMedia
import GenModel
import GenResolve

/// The monthly reports of one organization: `reports/monthly/YYYY-MM/index.html` and `report.md` — the
/// month's summary, mileage per photographer, critiques, charts, then every report of the month in full —
/// and what the month's archive holds. A month gets a report when it has reports or published critiques.
enum MonthlyReports {
    static let folder = "\(ReportPaths.root)/monthly"

    /// One month, planned twice from the same numbers: for the site (links into the site) and for the
    /// archive (links only inside the zip: `prefix` and links differ, nothing else).
    struct Month: Sendable, Encodable {
        var key: String
        var site: MonthBody
        var archive: MonthBody
        /// Local images the month's reports show (their renditions go into the archive).
        var media: [ProcessedImage]
        var title: String
    }

    struct MileageRow: Sendable, Encodable {
        var name: String
        var reports: String
        var miles: String
        var reimbursement: String?
    }

    struct CritiqueRow: Sendable, Encodable {
        var day: String
        var photographer: String
        var manager: String
        var kind: String
        var href: String?
        /// The manager's notes as typed; nil when there are none. The month's record keeps them.
        var notes: TypedText?
    }

    struct ConditionRow: Sendable, Encodable {
        var condition: String
        var count: String
    }

    struct Day: Sendable, Encodable {
        var id: String
        var title: String
        var summary: String
        var reports: [ReportView]
    }

    struct MonthBody: Sendable, Encodable {
        var monthTitle: String
        var lede: String
        var facts: [ReportBody.Fact]
        var indexHref: String?
        var previous: PageLink?
        var next: PageLink?
        var archiveHref: String?
        /// The archive's month-end "Needs attention" list (`AttentionPage.archivePath`); nil in the site.
        var attentionHref: String?
        var markdownHref: String
        var hasReports: Bool
        var mileage: [MileageRow]
        var hasMileage: Bool
        var mileageTotal: MileageRow
        var showReimbursement: Bool
        var rate: String?
        /// The month's reimbursement statements (`MileageStatements`), beside the month's page; nil without mileage.
        var statementsHref: String?
        var critiques: [CritiqueRow]
        var hasCritiques: Bool
        /// Some critique of the month has notes (shown after the table, each under its critique).
        var hasCritiqueNotes: Bool
        var critiqueSummary: String
        var conditions: [ConditionRow]
        var hasWeather: Bool
        var weatherSummary: String
        var charts: [Chart]
        var hasCharts: Bool
        var days: [Day]
    }

    /// What every month needs, made once; `month(_:bodies:)` plans one month, reading what it shows through
    /// the month's view (`MonthReads`), so a site can be planned (and rendered) a month at a time.
    struct Planner: Sendable {
        let input: OrganizationInput
        let galleries: CritiqueGalleries
        let schools: SchoolVisits
        let zone: TimeZone
        let reportsByMonth: [String: [DailyJobReport]]
        let critiquesByMonth: [String: [Critique]]
        /// The months with a monthly report, oldest first.
        let keys: [String]

        init(_ input: OrganizationInput, outline: OrganizationOutline, zone: TimeZone) {
            self.input = input
            galleries = outline.galleries
            schools = SchoolVisits(input)
            self.zone = zone
            reportsByMonth = Dictionary(grouping: input.organization.reports, by: { $0.date.monthKey })
            critiquesByMonth = Dictionary(grouping: galleries.all.critiques.reversed().filter { $0.createdAt != nil }) {
                LocalDate($0.createdAt!, in: zone).monthKey
            }
            keys = outline.monthKeys
        }

        /// The month `reads` plans; `bodies` holds (at least) the bodies of the month's reports.
        func month(_ reads: MonthReads, bodies: ReportBodies) -> Month {
            let org = input.organization
            let forms = bodies.forms
            let key = reads.month
            let reports = reads.reports()
            let numbers = input.statistics.month(key)
            let slice = reads.mileage(input)
            let zone = self.zone
            let paths = reads.paths
            let photographerPage = reads.photographerPage
            let monthCritiques = reads.critiques()
            let galleries = self.galleries
            func body(archive: Bool) -> MonthBody {
                // Site pages sit three folders down; the archive's page is at the zip's root folder.
                let prefix = archive ? "" : "../../../"
                let days = Dictionary(grouping: reports, by: { $0.date }).sorted { $0.key < $1.key }.map { date, reports in
                    Day(
                        id: "d-\(date)", title: "\(Weekday.name(date)), \(Format.day(date))",
                        summary: Format.count(reports.count, "report"),
                        reports: reports.map { report in
                            ReportView.make(
                                report, form: forms[report.id]!, in: org, bodies: bodies, paths: paths,
                                schools: schools, photographerPage: photographerPage, prefix: prefix,
                                linking: archive ? .none : .toOwnPage,
                                headingMarks: "###")
                        })
                }
                func link(_ side: MonthSources.Side) -> PageLink? { archive ? nil : reads.monthLink(side) }
                let charts = monthCharts(key: key, reports: reports, numbers: numbers, slice: slice)
                let critiques = monthCritiques.map { critique in
                    CritiqueRow(
                        day: Format.shortDate(critique.createdAt!, in: zone),
                        photographer: critique.targetPhotographerName ?? critique.targetPhotographerId?.text ?? "Unknown photographer",
                        manager: critique.submitterName ?? critique.submitterEmail ?? "Unknown manager",
                        kind: ExampleKind(critique).badge.label,
                        href: archive ? nil : galleries.detailPaths[critique.id].map { prefix + $0 },
                        notes: TypedText(critique.managerNotes))
                }
                return MonthBody(
                    monthTitle: Format.monthTitle(key), lede: lede(numbers),
                    facts: facts(numbers), indexHref: archive ? nil : "../../index.html",
                    previous: link(.before), next: link(.after),
                    archiveHref: archive ? nil : "../../../\(MonthlyArchive.path(key))",
                    attentionHref: archive ? AttentionPage.archivePath : nil,
                    markdownHref: "report.md", hasReports: !reports.isEmpty,
                    mileage: slice.photographers.map { p in
                        MileageRow(
                            name: p.name, reports: Format.integer(p.months[0].reports), miles: Format.miles(p.totalMiles),
                            reimbursement: p.months[0].reimbursement.map(Format.money))
                    },
                    hasMileage: !slice.photographers.isEmpty,
                    mileageTotal: MileageRow(
                        name: "Total", reports: Format.integer(numbers.mileage.reports),
                        miles: Format.miles(numbers.mileage.miles),
                        reimbursement: numbers.mileage.reimbursement.map(Format.money)),
                    showReimbursement: !slice.rates.isEmpty,
                    rate: Format.rates(slice.rates, only: slice.rates.periods(during: key)),
                    statementsHref: slice.photographers.isEmpty ? nil : MileageStatements.indexPath,
                    critiques: critiques, hasCritiques: !critiques.isEmpty,
                    hasCritiqueNotes: critiques.contains { $0.notes != nil },
                    critiqueSummary: critiqueSummary(numbers.critiques),
                    conditions: numbers.weather.conditions.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
                        .map { ConditionRow(condition: $0.key, count: Format.integer($0.value)) },
                    hasWeather: numbers.weather.readings > 0, weatherSummary: weatherSummary(numbers.weather),
                    charts: charts, hasCharts: !charts.isEmpty, days: days)
            }
            let media = reports.flatMap { report in
                forms[report.id]!.attachments.compactMap { MediaLocator.mediaPath(for: $0.file.url).flatMap { input.media[$0] } }
            }
            return Month(
                key: key, site: body(archive: false), archive: body(archive: true), media: media,
                title: "Monthly report: \(Format.monthTitle(key))")
        }
    }

    /// Reports per day of the month, miles per photographer, and critiques per photographer (good /
    /// needs improvement) — each only when the month has something to draw.
    static func monthCharts(key: String, reports: [DailyJobReport], numbers: MonthStatistics, slice: MileageSummary) -> [Chart] {
        var charts: [Chart] = []
        if !reports.isEmpty, let first = LocalDate(iso: key + "-01") {
            let perDay = Dictionary(grouping: reports, by: { $0.date.day }).mapValues(\.count)
            let days = 1...LocalDate.daysIn(year: first.year, month: first.month)
            charts.append(
                Chart.bars(
                    id: "reports-per-day", title: "Reports per day", unit: "reports", categoryName: "Day",
                    categories: days.map { (String($0), Double(perDay[$0] ?? 0)) }))
        }
        if !slice.photographers.isEmpty {
            charts.append(
                Chart.bars(
                    id: "miles-per-photographer", title: "Miles per photographer", unit: "miles",
                    categoryName: "Photographer", categories: slice.photographers.map { ($0.name, $0.totalMiles) }))
        }
        let critiques = numbers.critiques.photographers.sorted { ($0.value.name.lowercased(), $0.key) < ($1.value.name.lowercased(), $1.key) }
        if !critiques.isEmpty {
            charts.append(
                Chart.critiqueBars(
                    id: "critiques-per-photographer", title: "Critiques received per photographer",
                    categoryName: "Photographer", categories: critiques.map { ($0.value.name, $0.value.counts) }))
        }
        return charts
    }

    static func lede(_ m: MonthStatistics) -> String {
        if m.reports.total == 0 { return "No daily reports were filed this month." }
        return Format.count(m.reports.total, "report") + " by " + Format.count(m.reports.photographers.count, "photographer")
            + " · " + Format.count(m.reports.invalid, "with validation problems", "with validation problems")
    }

    static func facts(_ m: MonthStatistics) -> [ReportBody.Fact] {
        var facts = [
            ReportBody.Fact(label: "Reports", value: Format.integer(m.reports.total)),
            ReportBody.Fact(label: "Active photographers", value: Format.integer(m.reports.photographers.count)),
            ReportBody.Fact(label: "Invalid reports", value: Format.integer(m.reports.invalid)),
            ReportBody.Fact(label: "Critiques given", value: critiqueSummary(m.critiques)),
            ReportBody.Fact(label: "Miles", value: Format.miles(m.mileage.miles))
        ]
        if let money = m.mileage.reimbursement { facts.append(ReportBody.Fact(label: "Reimbursement", value: Format.money(money))) }
        if let mean = m.weather.meanFahrenheit(decimals: 1) {
            facts.append(ReportBody.Fact(label: "Mean temperature", value: "\(Format.grouped(mean, decimals: 1)) °F"))
        }
        return facts
    }

    static func critiqueSummary(_ c: CritiqueStatistics) -> String {
        var text = "\(Format.integer(c.total)) (\(Format.integer(c.good)) good, \(Format.integer(c.improvement)) needs improvement"
        if c.other > 0 { text += ", \(Format.integer(c.other)) other" }
        return text + ")"
    }

    static func weatherSummary(_ w: WeatherStatistics) -> String {
        guard w.readings > 0 else { return "No weather recorded." }
        var text = Format.count(w.readings, "reading")
        if let mean = w.meanFahrenheit(decimals: 1) {
            text += " · mean \(Format.grouped(mean, decimals: 1)) °F"
            if let low = w.minFahrenheit, let high = w.maxFahrenheit {
                text += " (\(Format.grouped(low, decimals: 0))–\(Format.grouped(high, decimals: 0)) °F)"
            }
        }
        return text
    }
}

/// The monthly archive: `archive/YYYY-MM.zip`, one folder `YYYY-MM/` holding the month's page with the
/// stylesheet and thumbnails it uses, `report.md`, the month's slices of `mileage.json` and `stats.json`,
/// and `SHA256SUMS` over all of them.
enum MonthlyArchive {
    static func path(_ month: String) -> String { "archive/\(month).zip" }
}
