import Foundation
import GenCompute
import GenMedia
import GenModel
import GenResolve
import GenSupport

/// Plans one organization's tree `<org>/…`. It is given only that organization's input,
/// so nothing of another organization can reach these files.
struct OrganizationPlanner: Sendable {
    let input: OrganizationInput
    let config: SiteConfig
    let contentPages: [PlannedContentPage]
    let markdown: @Sendable (String) -> String
    let mediaFile: @Sendable (ImageRendition) -> URL
    /// Navigation bars by page depth and current section: a site has a few dozen distinct ones, and
    /// 200,000 pages each holding its own copy was a sizeable part of the plan's memory.
    private let navigation = NavigationBars()

    var org: Organization { input.organization }

    /// Critique detail pages planned (and rendered) together, at most.
    static let critiquesPerBatch = 2_000
    /// School pages planned (and rendered) together, at most: a page lists every visit of its school.
    static let schoolsPerBatch = 100

    /// The content pages as navigation entries, relative to the organization folder.
    var pageLinks: [NavLink] { contentPages.map { NavLink(title: $0.title, href: $0.path, current: false) } }

    /// The organization's files by the site map: one batch per month of reports, then one per page family.
    /// A month's daily, report and monthly pages and its archive are planned and rendered together, so a
    /// report's body (rendered once, shown on all of them) and the month's page contexts are held only while
    /// that month is being written. A month is the one batch with a key (`MonthKey`): an incremental build keeps
    /// an unchanged month's files without planning them.
    func batches() -> [PlanBatch] {
        let outline = input.outline
        let reportPaths = outline.reportPaths
        let galleries = outline.galleries
        // Who has a statistics page: the report heads, the statistics section, the critique detail pages and
        // the search index link to them.
        let statisticsPeople = StatisticsPeople(input, galleries: galleries)
        let reportPages = ReportPages.Planner(input, paths: reportPaths, photographerPages: statisticsPeople.photographerPaths)
        let monthly = MonthlyReports.Planner(
            input, outline: outline, photographerPages: statisticsPeople.photographerPaths, zone: config.timeZone)
        let name = org.pathSegment
        let monthKey = MonthKey(monthly: monthly, reportPages: reportPages, paths: reportPaths, galleries: galleries)
        let spreadsheets = ReportSpreadsheets(input)
        var batches: [PlanBatch] = monthly.keys.enumerated().map { index, key in
            PlanBatch(name: "\(name) \(key)", key: { monthKey.digest(index) }) {
                // Every page showing a report's body is in the report's month: the month's bodies suffice.
                let bodies = ReportBodies(input, reports: monthly.reportsByMonth[key] ?? [], zone: config.timeZone)
                // Day and report pages first: they render the month's report bodies in parallel, one each; the
                // month's page, Markdown and archive, which show them all, then only put the texts together.
                let days = reportPages.pages(of: key, bodies: bodies).flatMap { _, pages in
                    pages.map { page($0, current: "reports/index.html") }
                }
                return days
                    + monthlyFiles(
                        monthly.month(index, bodies: bodies),
                        reports: monthly.reportsByMonth[key] ?? [], critiques: monthly.critiquesByMonth[key] ?? [],
                        paths: reportPaths, galleries: galleries,
                        spreadsheets: spreadsheets.files(monthly.reportsByMonth[key] ?? []))
            }
        }
        let statisticsLinks = StatisticsPages.Links(
            paths: reportPaths, galleries: galleries,
            mileagePages: MileagePages.photographerPaths(input.mileage),
            monthly: { "\(MonthlyReports.folder)/\($0)/index.html" })
        let statistics = StatisticsSection(input, people: statisticsPeople, links: statisticsLinks, zone: config.timeZone)
        batches.append(
            PlanBatch(name: "\(name) statistics") {
                statistics.overviewPages().map { page($0, current: StatisticsPages.overviewPath) }
            })
        batches.append(
            PlanBatch(name: "\(name) statistics photographers") {
                statistics.photographerPages().map { page($0, current: StatisticsPages.overviewPath) }
            })
        batches.append(
            PlanBatch(name: "\(name) mileage") {
                MileagePages.plan(input, config: config, reportHref: { reportPaths.page($0) })
                    .map { page($0, current: "mileage/index.html") }
            })
        // The school pages, after the index: each school's visits are worked out once, by whichever of the
        // two batches (or the home page) comes first.
        let schools = Lazy { SchoolPages.Planner(input, reportPaths: reportPaths) }
        batches.append(
            PlanBatch(name: "\(name) schools") {
                [page(schools.value.index(), current: SchoolPaths.index)]
            })
        let schoolCount = org.schools.count
        for start in stride(from: 0, to: schoolCount, by: Self.schoolsPerBatch) {
            let part = start..<min(schoolCount, start + Self.schoolsPerBatch)
            batches.append(
                PlanBatch(name: "\(name) schools \(part.lowerBound + 1)–\(part.upperBound)") {
                    schools.value.pages(part).map { page($0, current: SchoolPaths.index) }
                })
        }
        batches.append(
            PlanBatch(name: "\(name) critique galleries") {
                // The thumbnail manifest first: encoding it (20,000 critiques at 100,000 reports) takes one core a
                // fifth of a second, which the pages then share with it rather than follow.
                [CritiquePages.thumbnailManifest(input, galleries: galleries)]
                    + CritiquePages.galleryPages(
                        [galleries.all] + galleries.photographers, input: input, galleries: galleries,
                        config: config
                    )
                    .map { page($0, current: "critiques/index.html") }
            })
        // Detail pages in parts: a part's contexts are held only while it is written.
        let critiques = galleries.all.critiques
        let people = CritiqueDetailPage.PeopleLinks(
            photographerStatistics: statisticsPeople.photographerPaths,
            managerStatistics: statisticsPeople.managerPaths,
            mileage: statisticsLinks.mileagePages)
        for start in stride(from: 0, to: critiques.count, by: Self.critiquesPerBatch) {
            let part = start..<min(critiques.count, start + Self.critiquesPerBatch)
            batches.append(
                PlanBatch(name: "\(name) critiques \(part.lowerBound + 1)–\(part.upperBound)") {
                    CritiquePages.details(Array(critiques[part]), input: input, galleries: galleries, people: people, config: config)
                        .map { page($0, current: "critiques/index.html") }
                })
        }
        batches.append(
            PlanBatch(name: "\(name) mileage data") {
                [
                    PlannedFile(path: "\(name)/data/mileage.json", content: .json(input.mileage)),
                    PlannedFile(path: "\(name)/data/mileage.csv", content: .csv(MileageCSV.table(input.mileage))),
                    PlannedFile(path: "\(name)/data/mileage.columns.csv", content: .csv(MileageCSV.columnTable(input.mileage)))
                ]
            })
        batches.append(
            PlanBatch(name: "\(name) report data") {
                spreadsheets.files(org.reports, prefix: "\(name)/")
            })
        batches.append(
            PlanBatch(name: "\(name) overview") {
                overview(
                    reportPages: reportPages, monthKeys: monthly.keys, spreadsheets: spreadsheets, schools: schools.value,
                    people: statisticsPeople)
            })
        return batches
    }

    /// Home, reports index, media, `stats.json` and content pages.
    private func overview(
        reportPages: ReportPages.Planner, monthKeys: [String], spreadsheets: ReportSpreadsheets,
        schools: SchoolPages.Planner, people: StatisticsPeople
    ) -> [PlannedFile] {
        let base = org.pathSegment
        // `stats.json` first: the batch's largest file, encoded by one core while the other renders the pages.
        var files: [PlannedFile] =
            [
                PlannedFile(path: "\(base)/data/stats.json", content: .json(input.statistics)),
                PlannedFile(path: "\(base)/assets/style.css", content: .asset("style.css")),
                PlannedFile(path: "\(base)/assets/site.js", content: .asset("site.js")),
                PlannedFile(path: "\(base)/assets/search.js", content: .asset("search.js")),
                page(SearchPage.path, template: "search", title: "Search", current: SearchPage.path, body: SearchPage.Body(month: nil)),
                SearchIndex.indexFile(searchIndex(monthKeys: monthKeys, people: people), at: "\(base)/\(SearchIndex.indexPath)")
            ] + SearchIndex.idFiles(org.reports, base: base) + [
                page(
                    "index.html", template: "org-home", title: org.name, current: "index.html",
                    body: OrganizationHomePage.make(
                        input, pages: pageLinks, spreadsheets: spreadsheets.groups(org.reports),
                        visitedSchools: schools.visitedCount)),
                page(reportPages.index(monthKeys: monthKeys), current: "reports/index.html")
            ]
        files += mediaCopies()
        for contentPage in contentPages {
            files.append(
                page(
                    contentPage.path, template: "content-page", title: contentPage.title, current: contentPage.path,
                    body: contentPage.body))
        }
        return files
    }

    /// A month's page and Markdown in the site, and its archive: the same month planned for inside the zip
    /// (no navigation, links only to files in the zip), with the stylesheet, the thumbnails its reports
    /// show, the month's slices of `mileage.json` and `stats.json`, its search, and `spreadsheets`, the month's
    /// rows of the report spreadsheets (paths inside the archive).
    private func monthlyFiles(
        _ month: MonthlyReports.Month, reports: [DailyJobReport], critiques: [Critique],
        paths: ReportPaths, galleries: CritiqueGalleries, spreadsheets: [PlannedFile]
    ) -> [PlannedFile] {
        let folder = "\(MonthlyReports.folder)/\(month.key)"
        func search(_ links: SearchIndex.Links) -> [SearchIndex.Entry] {
            SearchIndex.month(reports: reports, critiques: critiques, input: input, links: links, zone: config.timeZone)
        }
        let archiveSearch = search(.archive(paths))
        var files = [
            page(
                "\(folder)/index.html", template: "reports-month", title: month.title, current: "reports/index.html",
                body: month.site),
            page(
                "\(folder)/report.md", template: "markdown/reports-month", title: month.title, current: "reports/index.html",
                body: month.site)
        ]
        let archived = PageContext(
            siteTitle: config.title, title: month.title, root: "",
            organization: OrganizationLink(name: org.name, id: org.id.text), nav: [], page: month.archive)
        var entries = [
            PlannedFile(path: "index.html", content: .page(template: "reports-month", context: archived)),
            PlannedFile(path: "report.md", content: .page(template: "markdown/reports-month", context: archived)),
            PlannedFile(path: "assets/style.css", content: .asset("style.css")),
            PlannedFile(path: "data/mileage.json", content: .json(input.mileageSlice(month.key))),
            PlannedFile(path: "data/stats.json", content: .json(input.statistics.month(month.key))),
            // The month's search, so an unpacked archive searches its month offline.
            PlannedFile(
                path: SearchPage.path,
                content: .page(
                    template: "search",
                    context: PageContext(
                        siteTitle: config.title, title: "Search \(month.title)", root: "",
                        organization: OrganizationLink(name: org.name, id: org.id.text), nav: [],
                        page: SearchPage.Body(month: month.title)))),
            PlannedFile(path: "assets/search.js", content: .asset("search.js")),
            SearchIndex.indexFile(
                SearchIndex.archiveIndex(month: month.key, entries: archiveSearch, input: input, reports: reports),
                at: SearchIndex.indexPath),
            SearchIndex.monthFile(month.key, archiveSearch, at: SearchIndex.monthPath(month.key))
        ]
        entries += spreadsheets
        let renditions = Dictionary(month.media.flatMap(\.renditions).map { ($0.fileName, $0) }, uniquingKeysWith: { a, _ in a })
        entries += renditions.values.sorted { $0.fileName < $1.fileName }
            .map { PlannedFile(path: MediaFiles.path($0), content: .copy(mediaFile($0))) }
        files.append(
            PlannedFile(
                path: "\(org.pathSegment)/\(MonthlyArchive.path(month.key))",
                content: .archive(root: month.key, entries: entries)))
        files.append(
            SearchIndex.monthFile(
                month.key, search(.site(paths, galleries)),
                at: "\(org.pathSegment)/\(SearchIndex.monthPath(month.key))"))
        return files
    }

    /// The site's `search/index.js`: photographers with their statistics pages, schools, content pages.
    private func searchIndex(monthKeys: [String], people: StatisticsPeople) -> SearchIndex.Index {
        var named: [SearchIndex.Option: String] = [:]
        for p in people.photographers { named[SearchIndex.Option(key: p.key, name: p.name)] = people.photographerPaths[p.key] }
        let paths = SchoolPaths(org)
        var schools: [SearchIndex.Option: String] = [:]
        for school in org.schools { schools[SearchIndex.Option(key: DocumentID(school.value), name: school.value)] = paths.page(school.id) }
        return SearchIndex.index(input: input, months: monthKeys, people: named, schools: schools, pages: contentPages)
    }

    /// Every rendition of the organization's images (critiques' and report attachments'), copied from the
    /// media cache once each, in name order. `input.media` holds only images this organization's
    /// documents reference, so this is exactly what its pages use.
    private func mediaCopies() -> [PlannedFile] {
        let renditions = input.media.values.flatMap(\.renditions)
        return Dictionary(renditions.map { ($0.fileName, $0) }, uniquingKeysWith: { a, _ in a }).values
            .sorted { $0.fileName < $1.fileName }
            .map { PlannedFile(path: "\(org.pathSegment)/\(MediaFiles.path($0))", content: .copy(mediaFile($0))) }
    }

    private func page(_ planned: PlannedPage, current: String) -> PlannedFile {
        page(planned.path, template: planned.template, title: planned.title, current: current, body: planned.body)
    }

    private func page(_ path: String, template: String, title: String, current: String, body: any Encodable & Sendable) -> PlannedFile {
        PlannedFile(
            path: "\(org.pathSegment)/\(path)",
            content: .page(template: template, context: context(path: path, title: title, current: current, body: body)))
    }

    /// The layout context for a page at `path` (relative to the organization folder).
    func context(path: String, title: String, current: String, body: any Encodable & Sendable) -> PageContext {
        let root = String(repeating: "../", count: path.split(separator: "/").count - 1)
        let nav = navigation.bar(root: root, current: current) {
            let entries =
                [
                    NavLink(title: "Overview", href: "index.html", current: false),
                    NavLink(title: "Reports", href: "reports/index.html", current: false),
                    NavLink(title: "Training Photos", href: "critiques/index.html", current: false),
                    NavLink(title: "Mileage", href: "mileage/index.html", current: false),
                    NavLink(title: "Schools", href: SchoolPaths.index, current: false),
                    NavLink(title: "Statistics", href: StatisticsPages.overviewPath, current: false),
                    NavLink(title: "Search", href: SearchPage.path, current: false)
                ] + pageLinks
            return entries.map { NavLink(title: $0.title, href: root + $0.href, current: $0.href == current) }
        }
        return PageContext(
            siteTitle: config.title, title: title, root: root,
            organization: OrganizationLink(name: org.name, id: org.id.text), nav: nav, page: body)
    }
}

/// Made once per page depth and current section, then shared by every page with the same two.
private final class NavigationBars: @unchecked Sendable {  // `bars` under `lock`
    private let lock = NSLock()
    private var bars: [String: [NavLink]] = [:]

    func bar(root: String, current: String, make: () -> [NavLink]) -> [NavLink] {
        let key = root + "\u{0}" + current
        return lock.withLock {
            if let bar = bars[key] { return bar }
            let bar = make()
            bars[key] = bar
            return bar
        }
    }
}

/// A Markdown page, rendered once and then placed in every organization's tree.
struct PlannedContentPage: Sendable {
    var title: String
    /// The page's Markdown as written: the words search finds it by.
    var text: String
    /// `pages/<name>.html`, relative to the organization folder.
    var path: String
    var body: ContentPageBody

    /// Renders each page's Markdown once, with path-safe, unique file names.
    static func make(_ pages: [ContentPage], markdown: (String) -> String) -> [PlannedContentPage] {
        let names = SiteFolder.pages.names(for: pages.map { DocumentID($0.name) })
        return pages.map { page in
            PlannedContentPage(
                title: page.title, text: page.markdown, path: "\(SiteFolder.pages.path)/\(names[text: page.name]).html",
                body: ContentPageBody(
                    html: markdown(page.markdown),
                    hasOwnHeading: ContentPageBody.startsWithHeading(page.markdown)))
        }
    }
}

struct ContentPageBody: Sendable, Encodable {
    /// Safe HTML from cmark-gfm (raw HTML omitted, unsafe links emptied).
    var html: String
    /// The Markdown opens with its own `# Heading`: the page shows that one instead of the title.
    var hasOwnHeading: Bool

    static func startsWithHeading(_ markdown: String) -> Bool {
        let first = markdown.split(separator: "\n").first { !$0.trimmedBlanks.isEmpty }
        return first.map { $0.trimmedBlanks.hasPrefix("# ") } ?? false
    }
}
