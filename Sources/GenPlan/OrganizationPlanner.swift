import GenCompute
import GenModel
import GenResolve

/// Plans one organization's tree `<org>/…`. It is given only that organization's input,
/// so nothing of another organization can reach these files.
struct OrganizationPlanner {
    let input: OrganizationInput
    let config: SiteConfig
    let pages: [ContentPage]
    let markdown: @Sendable (String) -> String

    var org: Organization { input.organization }

    /// Content pages get path-safe, unique file names (`pages/<name>.html`).
    var pageFiles: PathAllocator { PathAllocator(ids: pages.map(\.name)) }

    func plan() -> [PlannedFile] {
        let base = org.pathSegment
        var files: [PlannedFile] = [
            PlannedFile(path: "\(base)/assets/style.css", content: .asset("style.css")),
            page("index.html", template: "org-home", title: org.name, current: "index.html", body: OrganizationHomePage.make(input, pages: pageLinks)),
        ]
        files += MileagePages.plan(input, config: config).map { planned in
            PlannedFile(path: "\(base)/\(planned.path)", content: .page(template: planned.template, context:
                context(path: planned.path, title: planned.title, current: "mileage/index.html", body: planned.body)))
        }
        files.append(PlannedFile(path: "\(base)/data/mileage.json", content: .json(input.mileage)))
        files.append(PlannedFile(path: "\(base)/data/mileage.csv", content: .csv(MileageCSV.rows(input.mileage))))
        let names = pageFiles
        for contentPage in pages {
            let path = "pages/\(names[contentPage.name]).html"
            files.append(page(path, template: "content-page", title: contentPage.title, current: path,
                              body: ContentPageBody(html: markdown(contentPage.markdown),
                                                    hasOwnHeading: ContentPageBody.startsWithHeading(contentPage.markdown))))
        }
        return files
    }

    var pageLinks: [NavLink] {
        let names = pageFiles
        return pages.map { NavLink(title: $0.title, href: "pages/\(names[$0.name]).html", current: false) }
    }

    private func page(_ path: String, template: String, title: String, current: String, body: any Sendable) -> PlannedFile {
        PlannedFile(path: "\(org.pathSegment)/\(path)",
                    content: .page(template: template, context: context(path: path, title: title, current: current, body: body)))
    }

    /// The layout context for a page at `path` (relative to the organization folder).
    func context(path: String, title: String, current: String, body: any Sendable) -> PageContext {
        let root = String(repeating: "../", count: path.split(separator: "/").count - 1)
        let entries = [NavLink(title: "Overview", href: "index.html", current: false),
                       NavLink(title: "Mileage", href: "mileage/index.html", current: false)] + pageLinks
        let nav = entries.map { NavLink(title: $0.title, href: root + $0.href, current: $0.href == current) }
        return PageContext(siteTitle: config.title, title: title, root: root,
                           organization: OrganizationLink(name: org.name, id: org.id), nav: nav, page: body)
    }
}

struct ContentPageBody: Sendable {
    /// Safe HTML from cmark-gfm (raw HTML omitted, unsafe links emptied).
    var html: String
    /// The Markdown opens with its own `# Heading`: the page shows that one instead of the title.
    var hasOwnHeading: Bool

    static func startsWithHeading(_ markdown: String) -> Bool {
        let first = markdown.split(separator: "\n").first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        return first.map { $0.trimmingCharacters(in: .whitespaces).hasPrefix("# ") } ?? false
    }
}
