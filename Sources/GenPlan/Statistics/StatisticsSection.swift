import Foundation
import GenCompute
import GenModel
import GenResolve

/// The statistics pages in batches: the overview, the managers' pages and the data-quality page together
/// (a new critique or any changed report changes the overview anyway), and the photographers' pages in
/// `groups` keyed batches. A photographer's page lists every report they filed (500 rows at the sample's
/// proportions); with every page in one batch, one changed report planned and fingerprinted them all
/// again (5 s of a one-change rebuild at 100,000 reports). Now only the groups of the photographers
/// whose documents changed are planned again.
///
/// A photographer belongs to a group by a stable hash of their key, so a new photographer moves nobody
/// else; the number of groups is fixed for the same reason.
final class StatisticsSection: Sendable {
    static let groups = 64

    let input: OrganizationInput
    let links: StatisticsPages.Links
    let zone: TimeZone
    /// Who has a page, and what the pages look up: made from the statistics, once, by the first batch
    /// that needs them (a key or a plan). Held for the whole build (the batches hold the section), so it
    /// holds positions and digests, not copies of documents.
    private let shared: Lazy<Shared>

    private struct Shared: Sendable {
        var people: StatisticsPeople
        /// The photographers of each group, in the order the overview lists them.
        var groups: [[StatisticsPeople.Person]]
        /// Positions in `organization.reports` (oldest first) by the photographer key the statistics count
        /// them under. Made once per organization: made per person it was a pass over every report each,
        /// quadratic as photographers grow with reports.
        var reportsByPhotographer: [String: [Int]]
        /// The digests of the published critiques each photographer received, by the key the statistics
        /// count them under (`org.critiques`, in export order, as the statistics read them).
        var critiquesByPhotographer: [String: [ContentDigest]]
    }

    init(_ input: OrganizationInput, links: StatisticsPages.Links, zone: TimeZone) {
        self.input = input
        self.links = links
        self.zone = zone
        shared = Lazy { [input, links] in
            let org = input.organization
            var critiques: [String: [ContentDigest]] = [:]
            for critique in org.critiques where critique.isPublished {
                critiques[CritiqueFacts(critique, in: org).photographerKey, default: []].append(critique.digest)
            }
            let people = StatisticsPeople(input, galleries: links.galleries)
            var groups = [[StatisticsPeople.Person]](repeating: [], count: Self.groups)
            for person in people.photographers { groups[Self.group(of: person.key)].append(person) }
            return Shared(people: people, groups: groups,
                          reportsByPhotographer: Dictionary(grouping: org.reports.indices) {
                              ReportStatistics.photographerKey(of: org.reports[$0])
                          },
                          critiquesByPhotographer: critiques)
        }
    }

    /// The group a photographer's page is planned in.
    static func group(of key: String) -> Int { StableHasher.group(of: key, among: groups) }

    /// `stats/index.html`, every manager's page and `stats/data-quality.html`.
    func overviewPages() -> [PlannedPage] {
        let shared = shared.value
        let people = shared.people
        var pages = [PlannedPage(path: StatisticsPages.overviewPath, template: "stats-index", title: "Statistics",
                                 body: StatisticsOverview.make(input, people: people, links: links))]
        // Newest first, as the galleries list them; the keys are the ones stats.json counts by.
        let org = input.organization
        let given = Dictionary(grouping: links.galleries.all.critiques.map { ($0, CritiqueFacts($0, in: org)) }, by: \.1.managerKey)
        pages += ParallelMap.map(people.managers) { [input, links, zone] manager in
            PlannedPage(path: people.managerPaths[manager.key]!, template: "stats-manager",
                        title: "Critiques given: \(manager.name)",
                        body: ManagerStatisticsPage.make(manager, input: input, given: given[manager.key] ?? [], people: people,
                                                         links: links, zone: zone))
        }
        pages.append(PlannedPage(path: StatisticsPages.qualityPath, template: "stats-quality", title: "Data quality",
                                 body: DataQualityPage.make(input, links: links, stats: input.statistics)))
        return pages
    }

    /// The pages of the photographers in `group`, in the order the overview lists them.
    func photographerPages(_ group: Int) -> [PlannedPage] {
        let shared = shared.value
        let reports = input.organization.reports
        return ParallelMap.map(shared.groups[group]) { [input, links, zone] photographer in
            PlannedPage(path: shared.people.photographerPaths[photographer.key]!, template: "stats-photographer",
                        title: "Statistics: \(photographer.name)",
                        body: PhotographerStatisticsPage.make(photographer, input: input,
                                                              reports: (shared.reportsByPhotographer[photographer.key] ?? []).map { reports[$0] },
                                                              links: links, zone: zone))
        }
    }

    /// What the pages of `group` are made from, beyond what the whole build shares (configuration, templates,
    /// content pages, users, schools, report templates). Listed from what `PhotographerStatisticsPage.make`
    /// reads (keep them in step): for each photographer, their key, name and page path; their reports, in
    /// order, by digest, with each report's page path (a report's form, mileage and month come from the
    /// report and the shared documents alone); the published critiques they received, by digest; the folder
    /// of their gallery and the path of their mileage page. Nil when a document has no digest (made in code,
    /// not loaded): always planned.
    func digest(_ group: Int) -> ContentDigest? {
        let shared = shared.value
        let members = shared.groups[group]
        var hasher = StableHasher.sectionKey("statistics photographers 1", of: input.organization)
        hasher.add(group)
        hasher.mark(0x50, UInt64(members.count))
        for person in members {
            hasher.add(person.key)
            hasher.add(person.name)
            hasher.add(shared.people.photographerPaths[person.key])
            hasher.add(links.galleries.folderByKey[DocumentID(person.key)])
            hasher.add(links.mileagePages[DocumentID(person.key)])
            let positions = shared.reportsByPhotographer[person.key] ?? []
            hasher.mark(0x52, UInt64(positions.count))
            for report in positions.map({ input.organization.reports[$0] }) {
                guard report.digest != .none else { return nil }
                hasher.add(report.digest)
                hasher.add(links.paths.page(report.id))
            }
            let critiques = shared.critiquesByPhotographer[person.key] ?? []
            hasher.mark(0x43, UInt64(critiques.count))
            for digest in critiques {
                guard digest != .none else { return nil }
                hasher.add(digest)
            }
        }
        return hasher.finalize()
    }
}
