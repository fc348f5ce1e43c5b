import GenModel

/// The reports index; the organization's home page, the search page and its index, `stats.json`, the
/// stylesheet and scripts, the copied images and the content pages.
struct OverviewFamily: PageFamily {
    /// The organization's home page, the first section.
    static let homePath = "index.html"

    var sections: [NavSection] {
        [NavSection(title: "Overview", path: Self.homePath, order: 0), NavSection(title: "Search", path: SearchPage.path, order: 7)]
    }

    /// The reports index apart from the rest: each lists every day or every report, and as two batches two
    /// workers plan them at once, where one batch was a tail on one core at the end of every build.
    func batches(_ plan: OrganizationPlan) -> [PlanBatch] {
        [
            PlanBatch(name: "\(plan.name) reports index") {
                [plan.page(plan.reportPages.index(monthKeys: plan.monthly.keys), section: ReportPaths.index)]
            },
            PlanBatch(name: "\(plan.name) overview") { files(plan) }
        ]
    }

    private func files(_ plan: OrganizationPlan) -> [PlannedFile] {
        let (input, org, planner) = (plan.input, plan.org, plan.planner)
        let base = org.pathSegment
        // `stats.json` first: the batch's largest file, encoded by one core while the other renders the pages.
        var files: [PlannedFile] =
            [
                PlannedFile(path: "\(base)/data/stats.json", content: .json(input.statistics)),
                PlannedFile(path: "\(base)/assets/style.css", content: .asset("style.css")),
                PlannedFile(path: "\(base)/assets/site.js", content: .asset("site.js")),
                PlannedFile(path: "\(base)/assets/search.js", content: .asset("search.js")),
                planner.page(
                    SearchPage.path, template: "search", title: "Search", current: SearchPage.path, direct: SearchPage.Body(month: nil)),
                SearchIndex.indexFile(searchIndex(plan), at: "\(base)/\(SearchIndex.indexPath)")
            ] + SearchIndex.idFiles(org.reports, base: base) + [
                planner.page(
                    Self.homePath, template: "org-home", title: org.name, current: Self.homePath,
                    direct: OrganizationHomePage.make(
                        input, pages: planner.pageLinks, spreadsheets: plan.spreadsheets.groups(org.reports),
                        visitedSchools: plan.schools.value.visitedCount, attention: plan.attention.value))
            ]
        files += mediaCopies(plan)
        for page in planner.contentPages {
            files.append(planner.page(page.path, template: "content-page", title: page.title, current: page.path, direct: page.body))
        }
        return files
    }

    /// The site's `search/index.js`: photographers with their statistics pages, schools, content pages.
    private func searchIndex(_ plan: OrganizationPlan) -> SearchIndex.Index {
        let (org, people) = (plan.org, plan.statisticsPeople)
        var named: [SearchIndex.Option: String] = [:]
        for p in people.photographers { named[SearchIndex.Option(key: p.key, name: p.name)] = people.photographerPaths[p.key] }
        let paths = plan.input.outline.schoolPaths
        var schools: [SearchIndex.Option: String] = [:]
        for school in org.schools { schools[SearchIndex.Option(key: DocumentID(school.value), name: school.value)] = paths.page(school.id) }
        return SearchIndex.index(
            input: plan.input, months: plan.monthly.keys, people: named, schools: schools, pages: plan.planner.contentPages)
    }

    /// Every rendition of the organization's images (critiques' and report attachments'), copied from the
    /// media cache once each, in name order. `input.media` holds only images this organization's
    /// documents reference, so this is exactly what its pages use.
    private func mediaCopies(_ plan: OrganizationPlan) -> [PlannedFile] {
        let renditions = plan.input.media.values.flatMap(\.renditions)
        return Dictionary(renditions.map { ($0.fileName, $0) }, uniquingKeysWith: { a, _ in a }).values
            .sorted { $0.fileName < $1.fileName }
            .map { PlannedFile(path: "\(plan.org.pathSegment)/\(MediaFiles.path($0))", content: .copy(plan.planner.mediaFile($0))) }
    }
}
