import GenCompute
import GenModel
import GenResolve

/// Everything the plan stage needs, computed before it.
public struct SiteInput: Sendable {
    public var config: SiteConfig
    public var organizations: [OrganizationInput]
    public var pages: [ContentPage]

    public init(config: SiteConfig, organizations: [OrganizationInput], pages: [ContentPage]) {
        self.config = config
        self.organizations = organizations
        self.pages = pages
    }
}

/// One organization with what was computed for it.
public struct OrganizationInput: Sendable {
    public var organization: Organization
    public var mileage: MileageSummary

    public init(organization: Organization, mileage: MileageSummary) {
        self.organization = organization
        self.mileage = mileage
    }
}

/// Stage 4: decides every file of the output tree and builds the context each page is rendered from.
/// Every file of an organization is planned from that organization's input alone.
public struct SitePlanner: Sendable {
    /// Markdown → safe HTML; injected so the plan stage does not depend on cmark.
    public var markdown: @Sendable (String) -> String

    public init(markdown: @escaping @Sendable (String) -> String) {
        self.markdown = markdown
    }

    public func plan(_ site: SiteInput) -> [PlannedFile] {
        var files = [PlannedFile(path: "assets/style.css", content: .asset("style.css"))]
        files.append(RootIndexPage.plan(site))
        // Content pages are the same in every organization: render their Markdown once.
        let contentPages = PlannedContentPage.make(site.pages, markdown: markdown)
        for org in site.organizations {
            files += OrganizationPlanner(input: org, config: site.config, contentPages: contentPages).plan()
        }
        return files
    }
}
