import Foundation
import GenCompute
import GenMedia
import GenModel
import GenResolve
import GenSupport

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
    public let organization: Organization
    public let mileage: MileageSummary
    /// Processed images (published critiques' and reports' attachments) of this organization only, by media path.
    public let media: [String: ProcessedImage]
    /// What the whole-organization pages read of each report's form, in the order of `organization.reports`.
    public let summaries: [FormSummary]
    /// The numbers of `data/stats.json`, the statistics pages and the monthly reports. Made on another
    /// thread while the first batches are planned: only a planned month, the statistics pages and the
    /// overview wait for them.
    public var statistics: OrganizationStatistics { pendingStatistics.value }
    private let pendingStatistics: Pending<OrganizationStatistics>
    /// This organization's data problems (skipped documents and warnings), for its data-quality page.
    public let diagnostics: [Diagnostic]
    /// `summaries` and `mileage.reports` by report id: made once here, looked up by every section planner.
    public let summariesByReport: [DocumentID: FormSummary]
    public let mileageByReport: [DocumentID: ReportMileage]
    /// Every report's form, by report id (the first report of an id).
    public let forms: [DocumentID: ReportForm]
    /// What a report's route leaves out and why, in words, by report id (`MileageCalculator.route`).
    public let routeNotes: [DocumentID: [String]]
    /// `mileage.month(_:)` of every month, made once when a month is first planned (`mileageSlice`).
    private let mileageMonths: Lazy<[String: MileageSummary]>
    /// Where the organization's pages are (`OrganizationOutline`): as the build hands it in, made while the
    /// stages before planning ran, or made when planning first asks.
    var outline: OrganizationOutline { pendingOutline.value }
    private let pendingOutline: Lazy<OrganizationOutline>

    /// `summaries`: aligned with the organization's reports; `forms`: every report's, by report id; `outline`:
    /// made from this organization (before its report fields were let go, which changes nothing it reads).
    public init(
        organization: Organization, mileage: MileageSummary,
        media: [String: ProcessedImage] = [:],
        summaries: [FormSummary], forms: [DocumentID: ReportForm], routeNotes: [DocumentID: [String]] = [:],
        statistics: Pending<OrganizationStatistics>? = nil, outline: Pending<OrganizationOutline>? = nil,
        diagnostics: [Diagnostic] = [], timeZone: TimeZone = TimeZone(identifier: "UTC")!
    ) {
        self.organization = organization
        pendingOutline = Lazy { outline?.value ?? OrganizationOutline(organization, zone: timeZone) }
        self.mileage = mileage
        self.media = media
        self.summaries = summaries
        // Two tables of every report, made at once: on the way from processing images to planning,
        // where nothing else runs.
        let byMileage = Pending { Dictionary(mileage.reports.map { ($0.reportId, $0) }, uniquingKeysWith: { a, _ in a }) }
        summariesByReport = Dictionary(zip(organization.reports.map(\.id), summaries), uniquingKeysWith: { a, _ in a })
        mileageByReport = byMileage.value
        self.forms = forms
        self.routeNotes = routeNotes
        mileageMonths = Lazy { [mileage] in mileage.monthSlices() }
        pendingStatistics =
            statistics
            ?? Pending { [mileage] in
                OrganizationStatistics.compute(for: organization, mileage: mileage, summaries: summaries, timeZone: timeZone)
            }
        self.diagnostics = diagnostics
    }

    /// With every report's form made (tests, and planners run on their own): the summaries are made from them.
    public init(
        organization: Organization, mileage: MileageSummary, media: [String: ProcessedImage] = [:],
        forms: [ReportForm]? = nil, statistics: Pending<OrganizationStatistics>? = nil, diagnostics: [Diagnostic] = [],
        timeZone: TimeZone = TimeZone(identifier: "UTC")!
    ) {
        let forms = forms ?? organization.reports.map { ReportForm(reportId: $0.id, layout: .legacy) }
        let summaries = zip(organization.reports, forms).map { report, form in
            FormSummary(form, of: report, in: organization)
        }
        self.init(
            organization: organization, mileage: mileage, media: media, summaries: summaries,
            forms: Dictionary(zip(organization.reports.map(\.id), forms), uniquingKeysWith: { a, _ in a }),
            statistics: statistics, diagnostics: diagnostics, timeZone: timeZone)
    }
}

extension OrganizationInput {
    /// The slice of `mileage` for one month (`MileageSummary.month(_:)`).
    public func mileageSlice(_ month: String) -> MileageSummary { mileageMonths.value[month] ?? mileage.month(month) }
}

/// Stage 4: decides every file of the output tree and builds the context each page is rendered from.
/// Every file of an organization is planned from that organization's input alone.
public struct SitePlanner: Sendable {
    /// The raw report fields planning reads, in order: the shoot type a report's header shows when its
    /// template names none, and the job type a school page shows (`ReportStatistics.jobType`). Everything else of a report reaches its pages through its form, so the build
    /// lets go of the other raw fields before planning.
    public static let reportFieldsRead = ["shootType", "job_type"]

    /// Markdown → safe HTML; injected so the plan stage does not depend on cmark.
    public var markdown: @Sendable (String) -> String
    /// Where a rendition's bytes are (the media cache); injected so planning does no I/O.
    public var mediaFile: @Sendable (ImageRendition) -> URL

    public init(
        markdown: @escaping @Sendable (String) -> String,
        mediaFile: @escaping @Sendable (ImageRendition) -> URL = { URL(fileURLWithPath: $0.fileName) }
    ) {
        self.markdown = markdown
        self.mediaFile = mediaFile
    }

    /// Every file of the site, planned now (tests, tools); the build uses `batches`.
    public func plan(_ site: SiteInput) -> [PlannedFile] {
        batches(site).flatMap { $0.files() }
    }

    /// The site as batches planned when they are rendered: the site's own files, then for each organization
    /// its overview (home, statistics, mileage, critiques, data files) and one batch per month.
    public func batches(_ site: SiteInput) -> [PlanBatch] {
        var batches = [
            PlanBatch(name: "site") {
                [
                    PlannedFile(path: "assets/style.css", content: .asset("style.css")),
                    PlannedFile(path: "assets/site.js", content: .asset("site.js")), RootIndexPage.plan(site)
                ]
            }
        ]
        // Content pages are the same in every organization: render their Markdown once.
        let contentPages = PlannedContentPage.make(site.pages, markdown: markdown)
        for org in site.organizations {
            batches += OrganizationPlanner(
                input: org, config: site.config, contentPages: contentPages,
                markdown: markdown, mediaFile: mediaFile
            ).batches()
        }
        return batches
    }
}
