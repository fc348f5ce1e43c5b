import GenCompute
import GenModel
import GenResolve

/// Who has a statistics page, by the keys `stats.json` uses: a photographer is anyone with reports,
/// mileage or critiques received (user id, else the stored name); a manager anyone who gave a published
/// critique (submitter id, else the stored name).
struct StatisticsPeople {
    struct Person: Sendable, Encodable {
        var key: DocumentID
        var name: String
    }

    var photographers: [Person]
    var managers: [Person]
    /// Page paths relative to the organization folder, by key.
    var photographerPaths: [DocumentID: String]
    var managerPaths: [DocumentID: String]

    init(_ input: OrganizationInput, galleries: CritiqueGalleries) {
        let stats = input.statistics
        var names: [DocumentID: String] = [:]
        for (key, p) in stats.reports.photographers { names[key] = p.name }
        for p in input.mileage.photographers where names[p.photographerId] == nil { names[p.photographerId] = p.name }
        for (key, p) in stats.critiques.photographers where names[key] == nil { names[key] = p.name }
        photographers = Self.sorted(names)
        managers = Self.sorted(stats.critiques.managers.mapValues(\.name))
        let photographerFiles = SiteFolder.statisticsPhotographers.names(for: photographers.map(\.key))
        let managerFiles = SiteFolder.statisticsManagers.names(for: managers.map(\.key))
        photographerPaths = Dictionary(
            uniqueKeysWithValues: photographers.map {
                ($0.key, "\(SiteFolder.statisticsPhotographers.path)/\(photographerFiles[$0.key]).html")
            })
        managerPaths = Dictionary(
            uniqueKeysWithValues: managers.map {
                ($0.key, "\(SiteFolder.statisticsManagers.path)/\(managerFiles[$0.key]).html")
            })
    }

    /// By name as people read it, then key (two people may share a name).
    private static func sorted(_ names: [DocumentID: String]) -> [Person] {
        names.map { Person(key: $0.key, name: $0.value) }
            .sorted { ($0.name.lowercased(), $0.key) < ($1.name.lowercased(), $1.key) }
    }
}
