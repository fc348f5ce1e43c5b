/// The training photos: the thumbnail manifest and the galleries, then the detail pages in parts (a part's
/// contexts are held only while it is written).
struct CritiquesFamily: PageFamily {
    /// Critique detail pages planned (and rendered) together, at most.
    static let critiquesPerBatch = 2_000

    var sections: [NavSection] { [NavSection(title: "Training Photos", path: CritiqueGalleries.indexPath, order: 2)] }

    func batches(_ plan: OrganizationPlan) -> [PlanBatch] {
        let (input, galleries, config) = (plan.input, plan.galleries, plan.config)
        var batches = [
            PlanBatch(name: "\(plan.name) critique galleries") {
                // The thumbnail manifest first: encoding it (20,000 critiques at 100,000 reports) takes one core a
                // fifth of a second, which the pages then share with it rather than follow.
                [CritiquePages.thumbnailManifest(input, galleries: galleries)]
                    + CritiquePages.galleryPages([galleries.all] + galleries.photographers, input: input, galleries: galleries, config: config)
                    .map { plan.page($0, section: CritiqueGalleries.indexPath) }
            }
        ]
        let critiques = galleries.all.critiques
        let people = CritiqueDetailPage.PeopleLinks(
            photographerStatistics: plan.statisticsPeople.photographerPaths, managerStatistics: plan.statisticsPeople.managerPaths,
            mileage: plan.statisticsLinks.mileagePages)
        for start in stride(from: 0, to: critiques.count, by: Self.critiquesPerBatch) {
            let part = start..<min(critiques.count, start + Self.critiquesPerBatch)
            batches.append(
                PlanBatch(name: "\(plan.name) critiques \(part.lowerBound + 1)–\(part.upperBound)") {
                    CritiquePages.details(Array(critiques[part]), input: input, galleries: galleries, people: people, config: config)
                        .map { plan.page($0, section: CritiqueGalleries.indexPath) }
                })
        }
        return batches
    }
}
