/// The report spreadsheets, one per template (`data/reports/*.csv`), each with its column list.
struct SpreadsheetsFamily: PageFamily {
    func batches(_ plan: OrganizationPlan) -> [PlanBatch] {
        [PlanBatch(name: "\(plan.name) report data") { plan.spreadsheets.files(plan.org.reports, prefix: "\(plan.name)/") }]
    }
}
