/// The schools: the index, then the school pages in parts (a page lists every visit of its school).
struct SchoolsFamily: PageFamily {
    /// School pages planned (and rendered) together, at most.
    static let schoolsPerBatch = 100

    var sections: [NavSection] { [NavSection(title: "Schools", path: SchoolPaths.index, order: 4)] }

    func batches(_ plan: OrganizationPlan) -> [PlanBatch] {
        let schools = plan.schools
        var batches = [PlanBatch(name: "\(plan.name) schools") { [plan.page(schools.value.index(), section: SchoolPaths.index)] }]
        let count = plan.org.schools.count
        for start in stride(from: 0, to: count, by: Self.schoolsPerBatch) {
            let part = start..<min(count, start + Self.schoolsPerBatch)
            batches.append(
                PlanBatch(name: "\(plan.name) schools \(part.lowerBound + 1)–\(part.upperBound)") {
                    schools.value.pages(part).map { plan.page($0, section: SchoolPaths.index) }
                })
        }
        return batches
    }
}
