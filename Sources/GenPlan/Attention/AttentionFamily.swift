/// What a manager must follow up: one page, in the navigation between the statistics and the search. Its
/// counts are on the home page (`OverviewFamily`); each month's archive holds the list as it stood at the
/// month's end (`ReportMonths`).
struct AttentionFamily: PageFamily {
    var sections: [NavSection] { [NavSection(title: "Needs attention", path: AttentionPage.path, order: 6)] }

    func batches(_ plan: OrganizationPlan) -> [PlanBatch] {
        let attention = plan.attention
        return [PlanBatch(name: "\(plan.name) attention") { [plan.page(attention.value.page(), section: AttentionPage.path)] }]
    }
}
