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

    /// The content pages as navigation entries, relative to the organization folder.
    var pageLinks: [NavLink] { contentPages.map { NavLink(title: $0.title, href: $0.path, current: false) } }

    /// The organization's page families, in the order their batches are planned: the report spreadsheets
    /// first (the largest files: one worker encodes them while the others go on, where last they were a tail
    /// on one core, as a loop nested in the workers' runs on one thread), then the months (the largest
    /// batches), the overview last. A new family is a type in its folder, its templates and a line here.
    static let families: [any PageFamily] = [
        SpreadsheetsFamily(), ReportMonths(), StatisticsFamily(), MileageFamily(), SchoolsFamily(), CritiquesFamily(),
        AttentionFamily(), OverviewFamily()
    ]

    /// The navigation bar's sections, in their order, from the families.
    static let sections = families.flatMap(\.sections).sorted { $0.order < $1.order }

    /// The organization's files by the site map: every family's batches. A month's daily, report and monthly
    /// pages and its archive are planned and rendered together, so a report's body (rendered once, shown on
    /// all of them) and the month's page contexts are held only while that month is being written. A month is
    /// the one batch whose reads are recorded (`MonthReads`): an incremental build keeps its files without
    /// planning it while everything it read is unchanged.
    func batches() -> [PlanBatch] {
        let plan = OrganizationPlan(self)
        return Self.families.flatMap { $0.batches(plan) }
    }

    func page(_ planned: PlannedPage, current: String) -> PlannedFile {
        PlannedFile(
            path: "\(org.pathSegment)/\(planned.path)", content: .page(template: planned.template, context: context(planned, current: current)))
    }

    /// A page whose view gives its values directly, as every page's does.
    func page<Body: TemplateValue & Encodable & Sendable>(
        _ path: String, template: String, title: String, current: String, direct body: Body
    ) -> PlannedFile {
        page(PlannedPage(path: path, template: template, title: title, direct: body), current: current)
    }

    /// The layout context for a page at `planned.path` (relative to the organization folder).
    func context(_ planned: PlannedPage, current: String) -> PageContext {
        let root = String(repeating: "../", count: planned.path.split(separator: "/").count - 1)
        let nav = navigation.bar(root: root, current: current) {
            let entries = Self.sections.map { NavLink(title: $0.title, href: $0.path, current: false) } + pageLinks
            return entries.map { NavLink(title: $0.title, href: root + $0.href, current: $0.href == current) }
        }
        return PageContext(
            siteTitle: config.title, title: planned.title, root: root,
            organization: OrganizationLink(name: org.name, id: org.id.text), nav: nav, planned: planned)
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
