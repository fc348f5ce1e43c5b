import GenCompute
import GenModel
import GenSupport

/// What one month's files (its day, report and monthly pages, and its archive) are made from, beyond what
/// the whole build shares: an incremental build keeps the month's files unplanned while this is unchanged.
///
/// Listed from what the month's planners read (keep it in step with them):
/// - the organization's id, name and folder;
/// - the month's reports, in order, by their documents' digests (a report's form, route and body are made
///   from the report and the shared documents alone), with the paths and anchor each report was given
///   (ids are made path-safe and unique across the organization, so one report's path can depend on others);
/// - the month's published critiques by digest, with their detail pages' paths;
/// - the neighbours the month's pages link to: the months before and after, the days before its first
///   and after its last day with reports, and the reports just before and after its own (their paths, dates
///   and photographers' names: what the links to them from its first and last report pages show);
/// - each of the month's reports' photographer's statistics page path, which the report heads link to;
/// - every photographer's name in `mileage.json` (taken from their first report, in whatever month it is),
///   which the month's mileage table and archived `mileage.json` show;
/// - what the archive's "Needs attention" list reads beyond the month's reports (`AttentionPage.Planner
///   .archiveKey`): the day it stands on (the month's last, or the export's last when the export ends first,
///   which any document may move) and its makeup days as they show: those asked for in earlier months and not
///   held by the month's start, and whether a report of another month held one of the month's own (a makeup
///   date before the report asking for it). Its other groups are the month's reports alone.
///
/// The month's rows of the report spreadsheets in its archive need nothing more: they are made from the
/// month's reports (their forms, routes and photographers) and the organization's templates, which name the
/// files (`ReportSpreadsheets`), never from another month.
///
/// The month's reimbursement statements (`MileageStatements`, in the site and the archive) need nothing more
/// either: their trips are the month's rows of `mileage.json` (each made from its report and the shared
/// documents), their business purposes the reports' job types and templates, their file names allocated from
/// every photographer's id in `mileage.json` (hashed with the names above, in their order), and their rates,
/// site title and organization name come from `site.yml` and the organization, which every key holds.
///
/// Not listed, because every month's key already holds them: the shared documents (users, schools, report
/// templates), through the build's shared key (`TypedExport.sharedDigest`, added to every month's key in
/// `RenderStep`). A report head's "Schools visited" reads only them beyond the report: which schools a route
/// names matches names and ids against the school documents, and a school page's path is allocated from the
/// school documents' ids alone (`SchoolPaths`).
struct MonthKey {
    let monthly: MonthlyReports.Planner
    let reportPages: ReportPages.Planner
    let paths: ReportPaths
    let galleries: CritiqueGalleries
    let attention: Lazy<AttentionPage.Planner>
    let photographers: ContentDigest

    init(
        monthly: MonthlyReports.Planner, reportPages: ReportPages.Planner, paths: ReportPaths, galleries: CritiqueGalleries,
        attention: Lazy<AttentionPage.Planner>
    ) {
        self.monthly = monthly
        self.reportPages = reportPages
        self.paths = paths
        self.galleries = galleries
        self.attention = attention
        var names = StableHasher()
        for p in monthly.input.mileage.photographers {
            names.add(p.photographerId)
            names.add(p.name)
        }
        photographers = names.finalize()
    }

    /// The month `monthly.keys[index]`'s digest; nil when a document has none (made in code, not loaded).
    func digest(_ index: Int) -> ContentDigest? {
        let org = monthly.input.organization
        let keys = monthly.keys
        let key = keys[index]
        var hasher = StableHasher.sectionKey("month 3", of: org)
        hasher.add(key)
        hasher.add(index > 0 ? keys[index - 1] : nil)
        hasher.add(index + 1 < keys.count ? keys[index + 1] : nil)
        if let range = reportPages.dayRanges[key] {
            let days = reportPages.days
            hasher.add(range.lowerBound > 0 ? days[range.lowerBound - 1].key.description : nil)
            hasher.add(range.upperBound < days.count ? days[range.upperBound].key.description : nil)
            let before = reportPages.report(day: range.lowerBound, report: -1)?.1
            let after = reportPages.report(day: range.upperBound - 1, report: days[range.upperBound - 1].value.count)?.1
            // What their links show: the page, the date and the photographer's name.
            for neighbour in [before, after] {
                hasher.add(neighbour.map { paths.page($0.id) })
                hasher.add(neighbour?.date.description)
                hasher.add(neighbour.map { org.photographerName(of: $0) })
            }
        }
        guard add(monthly.reportsByMonth[key] ?? [], to: &hasher) else { return nil }
        let critiques = monthly.critiquesByMonth[key] ?? []
        hasher.mark(0x43, UInt64(critiques.count))
        for critique in critiques {
            guard critique.digest != .none else { return nil }
            hasher.add(critique.digest)
            hasher.add(galleries.detailPaths[critique.id])
        }
        hasher.add(photographers)
        guard let attention = attention.value.archiveKey(month: key) else { return nil }
        hasher.add(attention)
        return hasher.finalize()
    }

    /// Reports in order by digest, with the paths and anchor each was given (ids are made path-safe and
    /// unique across the organization, so one report's path can depend on others); false when a report has
    /// no digest.
    private func add(_ reports: [DailyJobReport], to hasher: inout StableHasher) -> Bool {
        hasher.mark(0x52, UInt64(reports.count))
        for report in reports {
            guard report.digest != .none else { return false }
            hasher.add(report.digest)
            hasher.add(paths.page(report.id))
            hasher.add(paths.markdown(report.id))
            hasher.add(paths.anchor(report.id))
            hasher.add(reportPages.photographerPages[ReportStatistics.photographerKey(of: report)])
        }
        return true
    }
}
