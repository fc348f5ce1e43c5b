import GenCompute
import GenModel
import GenResolve
import GenSupport

/// One kind of page of an organization's site (the reports by month, the critiques, the mileage, the schools,
/// the statistics, the spreadsheets, the overview): the sections it adds to the navigation bar and the batches
/// that plan its files. A new family is a type in its folder of GenPlan, its templates, and a line in
/// `OrganizationPlanner.families`; where data names its files, its folder is a `SiteFolder`.
protocol PageFamily: Sendable {
    /// Its entries in every page's navigation bar (none for files no bar links).
    var sections: [NavSection] { get }
    func batches(_ plan: OrganizationPlan) -> [PlanBatch]
}

extension PageFamily {
    var sections: [NavSection] { [] }
}

/// An entry of the navigation bar: a family's index page, relative to the organization folder, and its place.
struct NavSection: Sendable {
    var title: String
    var path: String
    var order: Int
}

/// What the families of one organization share, made once: where its pages are (`OrganizationOutline`), who
/// has a statistics page, the planners more than one family reads, and the planner's way to make a page.
struct OrganizationPlan: Sendable {
    let planner: OrganizationPlanner
    let reportPaths: ReportPaths
    let galleries: CritiqueGalleries
    /// Who has a statistics page: the report heads, the statistics section, the critique detail pages and the
    /// search index link to them.
    let statisticsPeople: StatisticsPeople
    let statisticsLinks: StatisticsPages.Links
    let reportPages: ReportPages.Planner
    let monthly: MonthlyReports.Planner
    let spreadsheets: ReportSpreadsheets
    /// Each school's visits, worked out once by whichever of the school batches or the home page comes first.
    let schools: Lazy<SchoolPages.Planner>
    /// What a manager must follow up, worked out once for its page, the home page's counts and the archives.
    let attention: Lazy<AttentionPage.Planner>

    init(_ planner: OrganizationPlanner) {
        self.planner = planner
        let input = planner.input
        let outline = input.outline
        reportPaths = outline.reportPaths
        galleries = outline.galleries
        statisticsPeople = StatisticsPeople(input, galleries: galleries)
        reportPages = ReportPages.Planner(input, paths: reportPaths, photographerPages: statisticsPeople.photographerPaths)
        monthly = MonthlyReports.Planner(
            input, outline: outline, photographerPages: statisticsPeople.photographerPaths, zone: planner.config.timeZone)
        spreadsheets = ReportSpreadsheets(input)
        statisticsLinks = StatisticsPages.Links(
            paths: reportPaths, galleries: galleries, mileagePages: MileagePages.photographerPaths(input.mileage),
            monthly: { "\(MonthlyReports.folder)/\($0)/index.html" })
        let reportPaths = reportPaths
        schools = Lazy { SchoolPages.Planner(input, reportPaths: reportPaths) }
        let config = planner.config
        attention = Lazy { AttentionPage.Planner(input, config: config, paths: reportPaths) }
    }

    var input: OrganizationInput { planner.input }
    var org: Organization { planner.input.organization }
    var config: SiteConfig { planner.config }
    /// The batch names' prefix: the organization's folder.
    var name: String { org.pathSegment }

    /// A page of `section` (the navigation marks it current), in the organization's folder.
    func page(_ planned: PlannedPage, section: String) -> PlannedFile { planner.page(planned, current: section) }
}
