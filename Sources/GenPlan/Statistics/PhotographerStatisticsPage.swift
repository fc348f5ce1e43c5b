import Foundation
import GenCompute
import GenModel
import GenResolve

/// `stats/photographer/<name>.html`: one photographer's reports, mileage by month, critiques received
/// (good / needs improvement), validation problems, and links to their gallery, mileage and reports.
enum PhotographerStatisticsPage {
    struct ReportRow: Sendable, Encodable {
        var day: String
        var href: String
        var template: String
        var miles: String
        var status: String
        var validity: Validity
    }

    struct ProblemRow: Sendable, Encodable {
        var day: String
        var href: String
        var problems: [String]
    }

    struct MonthRow: Sendable, Encodable {
        var month: String
        var monthHref: String
        var reports: String
        var invalid: String
        var miles: String
        var good: String
        var improvement: String
    }

    struct Body: Sendable, Encodable {
        var name: String
        var cards: [StatCard]
        var critiqueCards: [StatCard]
        var links: [PageLink]
        var charts: [Chart]
        var months: [MonthRow]
        var hasMonths: Bool
        var problems: [ProblemRow]
        var hasProblems: Bool
        var reports: [ReportRow]
        var hasReports: Bool
        var overviewHref: String
    }

    /// `reports` are the photographer's own, oldest first (as `organization.reports`).
    static func make(
        _ person: StatisticsPeople.Person, input: OrganizationInput, reports ownReports: [DailyJobReport],
        links: StatisticsPages.Links, zone: TimeZone
    ) -> Body {
        let stats = input.statistics
        let up = "../../"  // from stats/photographer/ to the organization folder
        let key = person.key
        let reports = stats.reports.photographers[key]
        let critiques = stats.critiques.photographers[key] ?? PersonCritiques(name: person.name)
        let miles = stats.mileage.photographers[key]?.miles ?? 0

        let keys = stats.monthKeys.filter { m in
            let month = stats.month(m)
            return month.reports.photographers[key] != nil || month.critiques.photographers[key] != nil
                || month.mileage.photographers[key] != nil
        }
        let months = StatisticsPages.calendarMonths(keys)
        let labels = months.map(StatisticsPages.shortMonth)
        let charts =
            months.isEmpty
            ? []
            : [
                Chart.bars(
                    id: "reports-per-month", title: "Reports per month", unit: "reports", categoryName: "Month",
                    categories: zip(labels, months).map { ($0, Double(stats.month($1).reports.photographers[key]?.reports ?? 0)) }),
                Chart.bars(
                    id: "miles-per-month", title: "Miles per month", unit: "miles", categoryName: "Month",
                    categories: zip(labels, months).map { ($0, stats.month($1).mileage.photographers[key]?.miles ?? 0) }),
                Chart.critiqueBars(
                    id: "critiques-per-month", title: "Critiques received per month", categoryName: "Month",
                    categories: zip(labels, months).map { label, m in
                        (label, stats.month(m).critiques.photographers[key]?.counts ?? CritiqueCounts())
                    })
            ]

        let forms = input.summariesByReport
        let mileage = input.mileageByReport
        let own = ownReports.reversed()  // newest first
        let rows = own.map { report -> ReportRow in
            let form = forms[report.id]
            let problems = form?.problems.count ?? 0
            return ReportRow(
                day: Format.day(report.date), href: up + links.paths.page(report.id),
                template: form?.templateName ?? report.templateName ?? "Legacy report",
                miles: Format.miles(mileage[report.id]?.miles ?? 0),
                status: problems == 0 ? "Valid" : Format.count(problems, "problem"), validity: Validity(problems == 0))
        }
        let problems = own.compactMap { report -> ProblemRow? in
            guard let form = forms[report.id], !form.isValid else { return nil }
            return ProblemRow(
                day: Format.day(report.date), href: up + links.paths.page(report.id),
                problems: form.problems.map { "\($0.label): \($0.message)" })
        }

        var pageLinks: [PageLink] = []
        if let folder = links.galleries.folderByKey[key] {
            pageLinks.append(PageLink(href: up + folder + "/index.html", label: "Training photos gallery"))
        }
        if let page = links.mileagePages[key] { pageLinks.append(PageLink(href: up + page, label: "Mileage and routes")) }
        pageLinks.append(PageLink(href: up + ReportPaths.index, label: "All daily reports"))

        return Body(
            name: person.name,
            cards: [
                StatCard(value: Format.integer(reports?.reports ?? 0), label: "Reports", style: "plain", isCritique: false),
                StatCard(value: Format.integer(reports?.invalid ?? 0), label: "With problems", style: "plain", isCritique: false),
                StatCard(value: Format.miles(miles), label: "Miles", style: "plain", isCritique: false)
            ],
            critiqueCards: StatisticsOverview.critiqueCards(
                CritiqueStatistics(
                    total: critiques.total, good: critiques.good,
                    improvement: critiques.improvement)),
            links: pageLinks, charts: charts,
            months: keys.reversed().map { m in
                let month = stats.month(m)
                let r = month.reports.photographers[key], c = month.critiques.photographers[key]
                return MonthRow(
                    month: Format.monthTitle(m), monthHref: up + links.monthly(m),
                    reports: Format.integer(r?.reports ?? 0), invalid: Format.integer(r?.invalid ?? 0),
                    miles: Format.miles(month.mileage.photographers[key]?.miles ?? 0),
                    good: Format.integer(c?.good ?? 0), improvement: Format.integer(c?.improvement ?? 0))
            },
            hasMonths: !keys.isEmpty, problems: problems, hasProblems: !problems.isEmpty,
            reports: rows, hasReports: !rows.isEmpty, overviewHref: "../index.html")
    }
}
