import Foundation
import GenCompute
import GenModel
import GenResolve

/// The reports, month by month: each month's day pages, report pages (HTML and Markdown), monthly page and
/// archive, planned and rendered together (a report's body, shown on all of them, is made once and held only
/// while its month is written). A month is the one batch whose reads are recorded (`MonthReads`): an incremental
/// build keeps a month's files without planning them while everything it read is unchanged.
struct ReportMonths: PageFamily {
    var sections: [NavSection] { [NavSection(title: "Reports", path: ReportPaths.index, order: 1)] }

    func batches(_ plan: OrganizationPlan) -> [PlanBatch] {
        let (input, monthly, reportPages, config) = (plan.input, plan.monthly, plan.reportPages, plan.config)
        let sources = MonthSources(plan)
        return monthly.keys.map { key in
            PlanBatch(
                name: "\(plan.name) \(key)",
                recorded: PlanBatch.Recorded(isCurrent: sources.isCurrent) {
                    // The month's planners reach the organization's documents through `reads`, which records them.
                    let reads = MonthReads(month: key, sources: sources)
                    // Every page showing a report's body is in the report's month: the month's bodies suffice.
                    let reports = reads.reports()
                    let bodies = ReportBodies(input, reports: reports, zone: config.timeZone)
                    // Day and report pages first: they render the month's report bodies in parallel, one each; the
                    // month's page, Markdown and archive, which show them all, then only put the texts together.
                    let days = reportPages.pages(of: reads, bodies: bodies).flatMap { _, pages in
                        pages.map { plan.page($0, section: ReportPaths.index) }
                    }
                    let files =
                        days
                        + Self.monthlyFiles(
                            monthly.month(reads, bodies: bodies), reports: reports, reads: reads, plan: plan,
                            spreadsheets: plan.spreadsheets.files(reports),
                            statements: Self.statements(reads, reports: reports, forms: bodies.forms, plan: plan))
                    return (files, reads.recorded)
                })
        }
    }

    /// The month's reimbursement statements and their index (`MileageStatements`), relative to its folder.
    private static func statements(
        _ reads: MonthReads, reports: [DailyJobReport], forms: [DocumentID: ReportForm], plan: OrganizationPlan
    ) -> [PlannedPage] {
        let org = plan.org
        let byId = Dictionary(reports.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        return MileageStatements.plan(
            month: reads.month, slice: reads.mileage(plan.input), names: reads.statementNames(plan.input), preparer: plan.config.title,
            org: org,
            purpose: { id in byId[id].map { MileageStatements.purpose($0, form: forms[id], in: org) } ?? "School photography" })
    }

    /// A month's page and Markdown in the site, and its archive: the same month planned for inside the zip
    /// (no navigation, links only to files in the zip), with the stylesheet, the thumbnails its reports
    /// show, the month's slices of `mileage.json` and `stats.json`, its search, what needed attention at its
    /// end, and `spreadsheets`, the month's rows of the report spreadsheets (paths inside the archive).
    private static func monthlyFiles(
        _ month: MonthlyReports.Month, reports: [DailyJobReport], reads: MonthReads, plan: OrganizationPlan,
        spreadsheets: [PlannedFile], statements: [PlannedPage]
    ) -> [PlannedFile] {
        let (input, config, org, paths, galleries) = (plan.input, plan.config, plan.org, reads.paths, plan.galleries)
        let critiques = reads.critiques()
        let folder = "\(MonthlyReports.folder)/\(month.key)"
        let searches = SearchIndex.month(
            reports: reports, critiques: critiques, input: input, zone: config.timeZone,
            linkingInto: [.site(paths, galleries), .archive(paths)])
        let (siteSearch, archiveSearch) = (searches[0], searches[1])
        var files = [
            plan.planner.page(
                "\(folder)/index.html", template: "reports-month", title: month.title, current: ReportPaths.index,
                direct: month.site),
            plan.planner.page(
                "\(folder)/report.md", template: "markdown/reports-month", title: month.title, current: ReportPaths.index,
                direct: month.site)
        ]
        let archived = PageContext(
            siteTitle: config.title, title: month.title, root: "",
            organization: OrganizationLink(name: org.name, id: org.id.text), nav: [], direct: month.archive)
        var entries = [
            PlannedFile(path: "index.html", content: .page(template: "reports-month", context: archived)),
            PlannedFile(path: "report.md", content: .page(template: "markdown/reports-month", context: archived)),
            PlannedFile(path: "assets/style.css", content: .asset("style.css")),
            PlannedFile(path: "data/mileage.json", content: .json(reads.mileage(input))),
            PlannedFile(path: "data/stats.json", content: .json(input.statistics.month(month.key))),
            // The month's search, so an unpacked archive searches its month offline.
            PlannedFile(
                path: SearchPage.path,
                content: .page(
                    template: "search",
                    context: PageContext(
                        siteTitle: config.title, title: "Search \(month.title)", root: "",
                        organization: OrganizationLink(name: org.name, id: org.id.text), nav: [],
                        direct: SearchPage.Body(month: month.title)))),
            PlannedFile(path: "assets/search.js", content: .asset("search.js")),
            // What needed attention at the month's end; links only to the month's page beside it.
            PlannedFile(
                path: AttentionPage.archivePath,
                content: .page(
                    template: "attention",
                    context: PageContext(
                        siteTitle: config.title, title: "Needs attention: \(Format.monthTitle(month.key))", root: "",
                        organization: OrganizationLink(name: org.name, id: org.id.text), nav: [],
                        direct: reads.attention()))),
            SearchIndex.indexFile(
                SearchIndex.archiveIndex(month: month.key, entries: archiveSearch, input: input, reports: reports),
                at: SearchIndex.indexPath),
            SearchIndex.monthFile(month.key, archiveSearch, at: SearchIndex.monthPath(month.key))
        ]
        entries += spreadsheets
        // The statements, in the site beside the month's page and in the archive under `statements/`.
        for page in statements {
            var site = page
            site.path = "\(folder)/\(page.path)"
            files.append(plan.planner.page(site, current: MileagePages.indexPath))
            let context = PageContext(
                siteTitle: config.title, title: page.title, root: "../",
                organization: OrganizationLink(name: org.name, id: org.id.text), nav: [], planned: page)
            entries.append(PlannedFile(path: page.path, content: .page(template: page.template, context: context)))
        }
        let renditions = Dictionary(month.media.flatMap(\.renditions).map { ($0.fileName, $0) }, uniquingKeysWith: { a, _ in a })
        entries += renditions.values.sorted { $0.fileName < $1.fileName }
            .map { PlannedFile(path: MediaFiles.path($0), content: .copy(plan.planner.mediaFile($0))) }
        files.append(
            PlannedFile(
                path: "\(org.pathSegment)/\(MonthlyArchive.path(month.key))",
                content: .archive(root: month.key, entries: entries)))
        files.append(SearchIndex.monthFile(month.key, siteSearch, at: "\(org.pathSegment)/\(SearchIndex.monthPath(month.key))"))
        return files
    }
}
