/// The statistics: the overview, the managers' pages and the data-quality page, then one page per photographer.
struct StatisticsFamily: PageFamily {
    var sections: [NavSection] { [NavSection(title: "Statistics", path: StatisticsPages.overviewPath, order: 5)] }

    func batches(_ plan: OrganizationPlan) -> [PlanBatch] {
        let statistics = StatisticsSection(
            plan.input, people: plan.statisticsPeople, links: plan.statisticsLinks, zone: plan.config.timeZone)
        return [
            PlanBatch(name: "\(plan.name) statistics") {
                statistics.overviewPages().map { plan.page($0, section: StatisticsPages.overviewPath) }
            },
            PlanBatch(name: "\(plan.name) statistics photographers") {
                statistics.photographerPages().map { plan.page($0, section: StatisticsPages.overviewPath) }
            }
        ]
    }
}
