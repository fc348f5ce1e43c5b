/// The schools: the index, then the school pages in parts (a page lists every visit of its school). Each batch
/// records one read of what every school page is made from (`SchoolPages.Planner.digest`) besides the
/// organization: a rebuild keeps them unplanned while no school and no visit changed.
struct SchoolsFamily: PageFamily {
    /// School pages planned (and rendered) together, at most.
    static let schoolsPerBatch = 100

    var sections: [NavSection] { [NavSection(title: "Schools", path: SchoolPaths.index, order: 4)] }

    func batches(_ plan: OrganizationPlan) -> [PlanBatch] {
        let schools = plan.schools
        let organization = RecordedReads.organization(plan.org)
        let reads = { @Sendable () -> RecordedReads? in
            schools.value.digest.map {
                RecordedReads([
                    RecordedReads.Read(kind: ReadKind.organization.rawValue, id: "", digest: organization),
                    RecordedReads.Read(kind: ReadKind.schoolVisits.rawValue, id: "", digest: $0)
                ])
            }
        }
        var batches = [
            PlanBatch(
                name: "\(plan.name) schools",
                recorded: .reading(reads) { [plan.page(schools.value.index(), section: SchoolPaths.index)] })
        ]
        let count = plan.org.schools.count
        for start in stride(from: 0, to: count, by: Self.schoolsPerBatch) {
            let part = start..<min(count, start + Self.schoolsPerBatch)
            batches.append(
                PlanBatch(
                    name: "\(plan.name) schools \(part.lowerBound + 1)–\(part.upperBound)",
                    recorded: .reading(reads) { schools.value.pages(part).map { plan.page($0, section: SchoolPaths.index) } }))
        }
        return batches
    }
}
