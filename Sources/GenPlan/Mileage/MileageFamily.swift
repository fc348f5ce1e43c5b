/// The mileage: the organization's page and one per photographer, and the data files (`mileage.json`,
/// `mileage.csv` and its column list).
struct MileageFamily: PageFamily {
    var sections: [NavSection] { [NavSection(title: "Mileage", path: MileagePages.indexPath, order: 3)] }

    func batches(_ plan: OrganizationPlan) -> [PlanBatch] {
        let (input, reportPaths) = (plan.input, plan.reportPaths)
        let name = plan.name
        return [
            PlanBatch(name: "\(name) mileage") {
                MileagePages.plan(input, config: plan.config, reportHref: { reportPaths.page($0) })
                    .map { plan.page($0, section: MileagePages.indexPath) }
            },
            PlanBatch(name: "\(name) mileage data") {
                [
                    PlannedFile(path: "\(name)/data/mileage.json", content: .json(input.mileage)),
                    PlannedFile(path: "\(name)/data/mileage.csv", content: .csv(MileageCSV.table(input.mileage))),
                    PlannedFile(path: "\(name)/data/mileage.columns.csv", content: .csv(MileageCSV.columnTable(input.mileage)))
                ]
            }
        ]
    }
}
