/// What every page template sees. Page-specific data sits under `page`; the layout uses the rest.
/// Contexts are plain values built by pure functions: templates never reach global state.
public struct PageContext: Sendable {
    public var siteTitle: String
    /// The `<title>` and `<h1>` of the page.
    public var title: String
    /// Relative prefix from this page to the root of its tree (`""`, `"../"`, …). Every link
    /// is relative so the tree works from `file://` and can be moved or archived.
    public var root: String
    /// The organization whose tree this page is in; nil for the output root.
    public var organization: OrganizationLink?
    public var nav: [NavLink]
    /// The layout draws the navigation bar only when there is one (an archived page has none).
    public var hasNav: Bool
    public var page: any Sendable

    public init(siteTitle: String, title: String, root: String, organization: OrganizationLink?, nav: [NavLink], page: any Sendable) {
        self.siteTitle = siteTitle
        self.title = title
        self.root = root
        self.organization = organization
        self.nav = nav
        self.hasNav = !nav.isEmpty
        self.page = page
    }
}

public struct OrganizationLink: Sendable {
    public var name: String
    public var id: String
}

/// An entry of the navigation bar; `current` marks the page being shown (`aria-current`).
public struct NavLink: Sendable {
    public var title: String
    public var href: String
    public var current: Bool
}
