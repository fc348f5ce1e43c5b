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
    static func make(
        _ person: StatisticsPeople.Person, input: OrganizationInput,
        given mine: [(critique: Critique, facts: CritiqueFacts)], people: StatisticsPeople,
        links: StatisticsPages.Links, zone: TimeZone
    ) -> Body {
        let stats = input.statistics
        let up = "../../"
        let given = stats.critiques.managers[person.key] ?? PersonCritiques(name: person.name)

        var byPhotographer: [DocumentID: (name: String, counts: CritiqueCounts)] = [:]
        for (_, facts) in mine {
            var entry = byPhotographer[facts.photographerKey] ?? (facts.photographerName, CritiqueCounts())
            switch facts.kind {
            case .good: entry.counts.good += 1
            case .improvement: entry.counts.improvement += 1
            case .other: entry.counts.other += 1
            }
            byPhotographer[facts.photographerKey] = entry
        }
        let keys = stats.monthKeys.filter { stats.month($0).critiques.managers[person.key] != nil }
        let months = StatisticsPages.calendarMonths(keys)
        var charts = [
            Chart.critiqueBars(
                id: "critiques-per-photographer", title: "Critiques given per photographer", categoryName: "Photographer",
                categories: byPhotographer.sorted { ($0.value.name.lowercased(), $0.key) < ($1.value.name.lowercased(), $1.key) }
                    .map { ($0.value.name, $0.value.counts) })
        ]
        if !months.isEmpty {
            charts.append(
                Chart.critiqueBars(
                    id: "critiques-per-month", title: "Critiques given per month", categoryName: "Month",
                    categories: months.map { m in
                        (StatisticsPages.shortMonth(m), stats.month(m).critiques.managers[person.key]?.counts ?? CritiqueCounts())
                    }))
        }
        let rows = mine.map { critique, facts in
            CritiqueRow(
                day: critique.createdAt.map { Format.shortDate($0, in: zone) } ?? "Undated",
                href: links.galleries.detailPaths[critique.id].map { up + $0 },
                photographer: facts.photographerName,
                photographerHref: people.photographerPaths[facts.photographerKey].map { up + $0 },
                kind: ExampleKind(critique).badge.label)
        }
        return Body(
            name: person.name,
            critiqueCards: StatisticsOverview.critiqueCards(
                CritiqueStatistics(
                    total: given.total, good: given.good,
                    improvement: given.improvement)),
            charts: charts, critiques: rows, hasCritiques: !rows.isEmpty, overviewHref: "../index.html")
    }
}
