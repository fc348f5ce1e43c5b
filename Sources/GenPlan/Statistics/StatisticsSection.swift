import Foundation
import GenCompute
import GenModel
import GenResolve
import GenSupport

/// The statistics pages: the overview, the managers' pages and the data-quality page, and one page per
/// photographer. Who has a page comes from the planner (the critique pages and the search index link to the
/// same pages).
final class StatisticsSection: Sendable {
    let input: OrganizationInput
    /// Who has a page, and the paths of the pages.
    let people: StatisticsPeople
    let links: StatisticsPages.Links
    let zone: TimeZone
    /// Positions in `organization.reports` (oldest first) by the photographer key the statistics count them
    /// under: made once per organization, by the first photographers' batch (made per person it was a pass
    /// over every report each, quadratic as photographers grow with reports). Held for the whole build (the
    /// batches hold the section), so it holds positions, not copies of documents.
    private let reportsByPhotographer: Lazy<[DocumentID: [Int]]>

    init(_ input: OrganizationInput, people: StatisticsPeople, links: StatisticsPages.Links, zone: TimeZone) {
        self.input = input
        self.people = people
        self.links = links
        self.zone = zone
        reportsByPhotographer = Lazy { [input] in
            let org = input.organization
            return Dictionary(grouping: org.reports.indices) { ReportStatistics.photographerKey(of: org.reports[$0]) }
        }
    }

    /// `stats/index.html`, every manager's page and `stats/data-quality.html`.
    func overviewPages() -> [PlannedPage] {
        let people = people
        var pages = [
            PlannedPage(
                path: StatisticsPages.overviewPath, template: "stats-index", title: "Statistics",
                direct: StatisticsOverview.make(input, people: people, links: links, zone: zone))
        ]
        // Newest first, as the galleries list them; the keys are the ones stats.json counts by.
        let org = input.organization
        let given = Dictionary(grouping: links.galleries.all.critiques.map { ($0, CritiqueFacts($0, in: org)) }, by: \.1.managerKey)
        pages += ParallelMap.map(people.managers) { [input, links, zone] manager in
            PlannedPage(
                path: people.managerPaths[manager.key]!, template: "stats-manager",
                title: "Critiques given: \(manager.name)",
                direct: ManagerStatisticsPage.make(
                    manager, input: input, given: given[manager.key] ?? [], people: people,
                    links: links, zone: zone))
        }
        pages.append(
            PlannedPage(
                path: StatisticsPages.qualityPath, template: "stats-quality", title: "Data quality",
                direct: DataQualityPage.make(input, links: links, stats: input.statistics)))
        return pages
    }

    /// Every photographer's page, in the order the overview lists them.
    func photographerPages() -> [PlannedPage] {
        let byPhotographer = reportsByPhotographer.value
        let reports = input.organization.reports
        return ParallelMap.map(people.photographers) { [input, links, zone, people] photographer in
            PlannedPage(
                path: people.photographerPaths[photographer.key]!, template: "stats-photographer",
                title: "Statistics: \(photographer.name)",
                direct: PhotographerStatisticsPage.make(
                    photographer, input: input,
                    reports: (byPhotographer[photographer.key] ?? []).map { reports[$0] },
                    links: links, zone: zone))
        }
    }
}
