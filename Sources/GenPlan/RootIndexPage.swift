/// `index.html` at the output root: the organizations, by name then id.
enum RootIndexPage {
    struct Body: Sendable, Encodable {
        var organizations: [Entry]
        /// Stored, so the template sees it (a computed property is not encoded).
        var isEmpty: Bool

        init(organizations: [Entry]) {
            self.organizations = organizations
            isEmpty = organizations.isEmpty
        }
    }

    struct Entry: Sendable, Encodable {
        var name: String
        var id: String
        var showID: Bool
        var href: String
        var reports: String
        var critiques: String
        var users: String
    }

    static func plan(_ site: SiteInput) -> PlannedFile {
        let entries = site.organizations.map(\.organization)
            .sorted { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
            .map { org in
                Entry(
                    name: org.name, id: org.id.text, showID: org.name != org.id.text, href: "\(org.pathSegment)/index.html",
                    reports: Format.count(org.reports.count, "report"),
                    critiques: Format.count(org.critiques.filter(\.isPublished).count, "critique"),
                    users: Format.count(org.users.count, "user"))
            }
        let context = PageContext(
            siteTitle: site.config.title, title: "Organizations", root: "", organization: nil,
            nav: [NavLink(title: "Organizations", href: "index.html", current: true)],
            direct: Body(organizations: entries))
        return PlannedFile(path: "index.html", content: .page(template: "root-index", context: context))
    }
}
