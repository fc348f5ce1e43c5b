import Foundation
import GenCompute
import GenModel
import GenResolve

/// `stats/index.html`: the critique cards, this month against the month before, trends over all months,
/// and the breakdowns of `stats.json` (photographers, managers, templates, job types, weather, fields).
enum StatisticsOverview {
    struct Comparison: Sendable, Encodable {
        var current: String
        var previous: String
        var rows: [ComparisonRow]
        /// The newest month, when the export ends before its last day: why it is not the one compared.
        var partial: String?
    }

    struct ComparisonRow: Sendable, Encodable {
        var metric: String
        var now: String
        var before: String
        var change: String
    }

    struct PhotographerRow: Sendable, Encodable {
        var name: String
        var href: String
        var reports: String
        var invalid: String
        var miles: String
        var good: String
        var improvement: String
    }

    struct ManagerRow: Sendable, Encodable {
        var name: String
        var href: String
        var total: String
        var good: String
        var improvement: String
    }

    struct CountRow: Sendable, Encodable {
        var rowLabel: String
        var count: String
    }

    struct FieldRow: Sendable, Encodable {
        var fieldLabel: String
        var fieldType: String
        var filled: String
        var detail: String
    }

    struct TemplateFields: Sendable, Encodable {
        var templateName: String
        var reportCount: String
        var rows: [FieldRow]
    }

    struct Body: Sendable, Encodable {
        var lede: String
        var critiqueCards: [StatCard]
        var comparison: Comparison?
        var charts: [Chart]
        var photographers: [PhotographerRow]
        var hasPhotographers: Bool
        var managers: [ManagerRow]
        var hasManagers: Bool
        var templates: [CountRow]
        var jobTypes: [CountRow]
        var conditions: [CountRow]
        var hasWeather: Bool
        var weatherChart: Chart?
        var fieldTemplates: [TemplateFields]
        var qualityHref: String
        var invalidReports: String
        var dataHref: String
    }

    static func make(_ input: OrganizationInput, people: StatisticsPeople, links: StatisticsPages.Links, zone: TimeZone) -> Body {
        let stats = input.statistics
        let months = StatisticsPages.calendarMonths(stats.monthKeys)
        let labels = months.map(StatisticsPages.shortMonth)

        var charts = [
            Chart.bars(
                id: "reports-per-month", title: "Reports per month", unit: "reports", categoryName: "Month",
                categories: zip(labels, months).map { ($0, Double(stats.month($1).reports.total)) }),
            Chart.line(
                id: "miles-per-month", title: "Miles per month", unit: "miles", categoryName: "Month",
                points: zip(labels, months).map { ($0, stats.month($1).mileage.miles) }),
            Chart.critiqueBars(
                id: "critiques-per-month", title: "Critiques per month", categoryName: "Month",
                categories: zip(labels, months).map { ($0, stats.month($1).critiques.counts) })
        ]
        let critiquesByPhotographer = people.photographers.compactMap { p -> (label: String, counts: CritiqueCounts)? in
            guard let c = stats.critiques.photographers[p.key], c.total > 0 else { return nil }
            return (p.name, c.counts)
        }
        if !critiquesByPhotographer.isEmpty {
            charts.append(
                Chart.critiqueBars(
                    id: "critiques-per-photographer", title: "Critiques received per photographer",
                    categoryName: "Photographer", categories: critiquesByPhotographer))
        }

        let photographers = people.photographers.map { p in
            let reports = stats.reports.photographers[p.key]
            let critiques = stats.critiques.photographers[p.key]
            return PhotographerRow(
                name: p.name, href: StatisticsPages.fromOverview(people.photographerPaths[p.key]!),
                reports: Format.integer(reports?.reports ?? 0), invalid: Format.integer(reports?.invalid ?? 0),
                miles: Format.miles(stats.mileage.photographers[p.key]?.miles ?? 0),
                good: Format.integer(critiques?.good ?? 0), improvement: Format.integer(critiques?.improvement ?? 0))
        }
        let managers = people.managers.map { m in
            let c = stats.critiques.managers[m.key]!
            return ManagerRow(
                name: m.name, href: StatisticsPages.fromOverview(people.managerPaths[m.key]!), total: Format.integer(c.total),
                good: Format.integer(c.good), improvement: Format.integer(c.improvement))
        }
        let weatherMonths = months.filter { stats.month($0).weather.meanFahrenheit != nil }
        // The reports' range in the words the home page uses: their first and last day, not the months with
        // a critique or a report.
        let reports = input.organization.reports
        let range = reports.first.map { " from \(Format.day($0.date)) to \(Format.day(reports.last!.date))" } ?? ""
        return Body(
            lede: Format.count(stats.reports.total, "report") + range + " · " + Format.count(stats.critiques.total, "critique")
                + " · " + Format.miles(stats.mileage.miles) + " miles",
            critiqueCards: critiqueCards(stats.critiques),
            comparison: comparison(stats, through: ExportSpan.lastDay(input.organization, zone: zone)),
            charts: charts,
            photographers: photographers, hasPhotographers: !photographers.isEmpty,
            managers: managers, hasManagers: !managers.isEmpty,
            templates: stats.reports.templates.sorted { ($1.value.reports, $0.value.name) < ($0.value.reports, $1.value.name) }
                .map {
                    CountRow(
                        rowLabel: $0.value.name + ($0.value.kind == "missing-template" ? " (template not in export)" : ""),
                        count: Format.integer($0.value.reports))
                },
            jobTypes: counts(stats.reports.jobTypes)
                + (stats.reports.withoutJobType > 0
                    ? [CountRow(rowLabel: "No job type", count: Format.integer(stats.reports.withoutJobType))] : []),
            conditions: counts(stats.weather.conditions), hasWeather: stats.weather.readings > 0,
            weatherChart: weatherMonths.isEmpty
                ? nil
                : Chart.line(
                    id: "temperature-per-month", title: "Mean temperature per month", unit: "°F", categoryName: "Month",
                    points: weatherMonths.map { (StatisticsPages.shortMonth($0), stats.month($0).weather.meanFahrenheit(decimals: 1)!) }),
            fieldTemplates: fieldTemplates(stats),
            qualityHref: "data-quality.html",
            invalidReports: Format.integer(stats.reports.invalid),
            dataHref: "../data/stats.json")
    }

    static func critiqueCards(_ c: CritiqueStatistics) -> [StatCard] {
        [
            StatCard(value: Format.integer(c.total), label: "Total Submissions", style: "total", isCritique: true),
            StatCard(value: Format.integer(c.good), label: "Good Examples", style: "good", isCritique: true),
            StatCard(value: Format.integer(c.improvement), label: "Needs Improvement", style: "improvement", isCritique: true)
        ]
    }

    /// Value → count rows, most frequent first, then by value.
    static func counts(_ values: [String: Int]) -> [CountRow] {
        values.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { CountRow(rowLabel: $0.key, count: Format.integer($0.value)) }
    }

    /// The newest whole month with data against the calendar month before it. A month the export ends in
    /// before its last day is not compared as if whole (its first weeks against a whole month read as a fall):
    /// the month before it is compared, and the partial month is named with its days.
    static func comparison(_ stats: OrganizationStatistics, through last: LocalDate?) -> Comparison? {
        guard var current = stats.monthKeys.last, var number = StatisticsPages.monthNumber(current) else { return nil }
        var partial: String?
        if let last, last.monthKey == current, last.day < LocalDate.daysIn(year: last.year, month: last.month) {
            partial =
                "\(Format.monthTitle(current)) is compared once it is over: the export runs only through "
                + "\(Format.day(last)), \(Format.count(stats.month(current).reports.total, "report")) so far."
            number -= 1
            current = String(format: "%04d-%02d", number / 12, number % 12 + 1)
        }
        let previous = String(format: "%04d-%02d", (number - 1) / 12, (number - 1) % 12 + 1)
        let now = stats.month(current), before = stats.month(previous)
        func row(_ metric: String, _ a: Double, _ b: Double, decimals: Int, money: Bool = false) -> ComparisonRow {
            let show = { (x: Double) in money ? Format.money(x) : Format.grouped(x, decimals: decimals) }
            let delta = a - b
            var change =
                (delta > 0 ? "+" : delta < 0 ? "−" : "±") + (money ? Format.money(abs(delta)) : Format.grouped(abs(delta), decimals: decimals))
            if b > 0 { change += " (\(delta >= 0 ? "+" : "−")\(Format.grouped(abs(delta) / b * 100, decimals: 0))%)" }
            return ComparisonRow(metric: metric, now: show(a), before: show(b), change: change)
        }
        var rows = [
            row("Reports", Double(now.reports.total), Double(before.reports.total), decimals: 0),
            row("Invalid reports", Double(now.reports.invalid), Double(before.reports.invalid), decimals: 0),
            row("Active photographers", Double(now.reports.photographers.count), Double(before.reports.photographers.count), decimals: 0),
            row("Miles", now.mileage.miles, before.mileage.miles, decimals: 1)
        ]
        if let a = now.mileage.reimbursement, let b = before.mileage.reimbursement {
            rows.append(row("Reimbursement", a.dollars, b.dollars, decimals: 2, money: true))
        }
        rows.append(row("Critiques", Double(now.critiques.total), Double(before.critiques.total), decimals: 0))
        return Comparison(current: Format.monthTitle(current), previous: Format.monthTitle(previous), rows: rows, partial: partial)
    }

    static func fieldTemplates(_ stats: OrganizationStatistics) -> [TemplateFields] {
        stats.fields.sorted { ($0.value.name, $0.key) < ($1.value.name, $1.key) }.filter { $0.value.reports > 0 }.map { _, t in
            TemplateFields(
                templateName: t.name, reportCount: Format.count(t.reports, "report"),
                rows: t.fieldOrder.compactMap { id in
                    guard let f = t.fields[id] else { return nil }
                    return FieldRow(
                        fieldLabel: f.label, fieldType: f.type,
                        filled: "\(Format.integer(f.filled)) of \(Format.integer(t.reports))", detail: detail(f))
                })
        }
    }

    /// A field's numbers in one line: `sum 1,234 · mean 12.5 · 3–40` or `Yes 12 · No 3`.
    static func detail(_ f: FieldStatistics) -> String {
        if let n = f.numeric {
            guard n.count > 0, let mean = n.mean, let low = n.min, let high = n.max else { return "no numbers" }
            let money = f.type == "currency"
            let show = { (x: Double) in money ? Format.money(x) : Format.grouped(x, decimals: x.rounded() == x ? 0 : 2) }
            return "\(Format.count(n.count, "value")) · sum \(show(n.sum)) · mean \(show(mean)) · \(show(low))–\(show(high))"
        }
        if let options = f.options {
            return options.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.key) \(Format.integer($0.value))" }
                .joined(separator: " · ")
        }
        return ""
    }
}
