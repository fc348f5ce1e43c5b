import MustacheEngine

/// What every page template sees. Page-specific data sits under `page`; the layout uses the rest.
/// Contexts are plain values built by pure functions: templates never reach global state.
public struct PageContext: Sendable, Encodable {
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
    /// Not settable: `pageValue` was made from it. Kept for the context's `Encodable` conformance (a JSON dump of
    /// a plan; the tests hold `pageValue` to it).
    public private(set) var page: any Encodable & Sendable
    /// The page's values, which its view gives directly (`TemplateValue`): chosen where the context is made,
    /// where the view's type is known, so the renderer asks no type at run time.
    let pageValue: @Sendable () -> MustacheValue

    private enum CodingKeys: String, CodingKey { case siteTitle, title, root, organization, header, hasNav, printHeading, page }

    /// What a printed page's running header says (the organization and the page), as a CSS string literal
    /// for the layout's `@page` rule.
    var printHeading: String {
        CSSString.literal((organization.map { $0.name + " · " } ?? "") + title)
    }

    /// The navigation is shown through the header (`{{#header}}{{>partials/site-header}}{{/header}}`).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(siteTitle, forKey: .siteTitle)
        try c.encode(title, forKey: .title)
        try c.encode(root, forKey: .root)
        try c.encodeIfPresent(organization, forKey: .organization)
        try c.encode(header, forKey: .header)
        try c.encode(hasNav, forKey: .hasNav)
        try c.encode(printHeading, forKey: .printHeading)
        try c.encode(page, forKey: .page)
    }

    /// The context's values as `encode(to:)` gives them, made directly.
    public var templateValue: MustacheValue {
        [
            "siteTitle": .text(siteTitle), "title": .text(title), "root": .text(root),
            "organization": organization?.templateValue ?? .null, "header": header.templateValue, "hasNav": .bool(hasNav),
            "printHeading": .text(printHeading), "page": pageValue()
        ]
    }

    /// The brand and navigation bar: the same on every page of a section at one depth, so it is rendered
    /// once for all of them, not once per page.
    var header: RepeatedBlock {
        RepeatedBlock(view: SiteHeader(siteTitle: siteTitle, root: root, organization: organization, nav: nav, hasNav: hasNav))
    }

    /// A context whose page's view gives its values directly: every page's does.
    init<Page: TemplateValue & Encodable & Sendable>(
        siteTitle: String, title: String, root: String, organization: OrganizationLink?, nav: [NavLink], direct page: Page
    ) {
        self.init(
            siteTitle: siteTitle, title: title, root: root, organization: organization, nav: nav, page: page,
            pageValue: { page.templateValue })
    }

    /// A context for a page a section planner decided (`PlannedPage`), which made its values.
    init(siteTitle: String, title: String, root: String, organization: OrganizationLink?, nav: [NavLink], planned: PlannedPage) {
        self.init(
            siteTitle: siteTitle, title: title, root: root, organization: organization, nav: nav, page: planned.body,
            pageValue: planned.value)
    }

    private init(
        siteTitle: String, title: String, root: String, organization: OrganizationLink?, nav: [NavLink], page: any Encodable & Sendable,
        pageValue: @escaping @Sendable () -> MustacheValue
    ) {
        self.pageValue = pageValue
        self.siteTitle = siteTitle
        self.title = title
        self.root = root
        self.organization = organization
        self.nav = nav
        self.hasNav = !nav.isEmpty
        self.page = page
    }
}

/// What the site header shows (`partials/site-header`).
struct SiteHeader: Sendable, Encodable {
    var siteTitle: String
    var root: String
    var organization: OrganizationLink?
    var nav: [NavLink]
    var hasNav: Bool
}

public struct OrganizationLink: Sendable, Encodable {
    public var name: String
    public var id: String
}

/// An entry of the navigation bar; `current` marks the page being shown (`aria-current`).
public struct NavLink: Sendable, Encodable {
    public var title: String
    public var href: String
    public var current: Bool
}
