import Foundation
import GenCompute
import GenModel

/// `stats/manager/<name>.html`: the critiques one manager gave — totals, per photographer, per month,
/// and each critique linked to its detail page.
enum ManagerStatisticsPage {
    struct CritiqueRow: Sendable, Encodable {
        var day: String
        var href: String?
        var photographer: String
        var photographerHref: String?
        var kind: String
    }

    struct Body: Sendable, Encodable {
        var name: String
        var critiqueCards: [StatCard]
        var charts: [Chart]
        var critiques: [CritiqueRow]
        var hasCritiques: Bool
        var overviewHref: String
    }

    /// `given` are the critiques the manager gave, newest first (as the galleries list them), with their facts.
    static func make(_ person: StatisticsPeople.Person, input: OrganizationInput,
                     given mine: [(critique: Critique, facts: CritiqueFacts)], people: StatisticsPeople,
                     links: StatisticsPages.Links, zone: TimeZone) -> Body {
        let stats = input.statistics
        let up = "../../"
        let given = stats.critiques.managers[person.key] ?? PersonCritiques(name: person.name)

        var byPhotographer: [String: (name: String, good: Int, improvement: Int)] = [:]
        for (_, facts) in mine {
            var entry = byPhotographer[facts.photographerKey] ?? (facts.photographerName, 0, 0)
            if facts.kind == .good { entry.good += 1 } else if facts.kind == .improvement { entry.improvement += 1 }
            byPhotographer[facts.photographerKey] = entry
        }
        let keys = stats.monthKeys.filter { stats.month($0).critiques.managers[person.key] != nil }
        let months = StatisticsPages.calendarMonths(keys)
        var charts = [Chart.stackedBars(
            id: "critiques-per-photographer", title: "Critiques given per photographer", unit: "critiques",
            categoryName: "Photographer", series: ["Good Example", "Needs Improvement"],
            categories: byPhotographer.sorted { ($0.value.name.lowercased(), $0.key) < ($1.value.name.lowercased(), $1.key) }
                .map { ($0.value.name, [Double($0.value.good), Double($0.value.improvement)]) })]
        if !months.isEmpty {
            charts.append(Chart.stackedBars(
                id: "critiques-per-month", title: "Critiques given per month", unit: "critiques", categoryName: "Month",
                series: ["Good Example", "Needs Improvement"],
                categories: months.map { m in
                    let c = stats.month(m).critiques.managers[person.key]
                    return (StatisticsPages.shortMonth(m), [Double(c?.good ?? 0), Double(c?.improvement ?? 0)])
                }))
        }
        let rows = mine.map { critique, facts in
            CritiqueRow(day: critique.createdAt.map { Format.shortDate($0, in: zone) } ?? "Undated",
                        href: links.galleries.detailPaths[critique.id].map { up + $0 },
                        photographer: facts.photographerName,
                        photographerHref: people.photographerPaths[facts.photographerKey].map { up + $0 },
                        kind: ExampleKind(critique).badge.label)
        }
        return Body(name: person.name,
                    critiqueCards: StatisticsOverview.critiqueCards(CritiqueStatistics(total: given.total, good: given.good,
                                                                                       improvement: given.improvement)),
                    charts: charts, critiques: rows, hasCritiques: !rows.isEmpty, overviewHref: "../index.html")
    }
}
