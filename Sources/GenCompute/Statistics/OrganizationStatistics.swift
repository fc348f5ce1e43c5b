import Foundation
import GenModel
import GenResolve
import GenSupport

/// `data/stats.json` for one organization: counts of reports, critiques, field values, weather and
/// mileage, overall and per month. Pure data, computed once from what earlier stages already produced
/// (the organization, its `MileageSummary`, its `ReportForm`s), so the numbers agree with the pages.
///
/// Every collection is a dictionary keyed by a stable id (user, template, field id) or by month
/// (`YYYY-MM`): the JSON encoder writes keys sorted, so the bytes are the same for the same data.
public struct OrganizationStatistics: Sendable, Codable, Equatable {
    public var organizationId: String
    /// The zone critique months were taken in (a report's month is its stored local day's).
    public var timeZone: String
    public var reports: ReportStatistics
    public var critiques: CritiqueStatistics
    public var weather: WeatherStatistics
    public var mileage: MileageStatistics
    /// Template id → that template's field statistics. Every template of the organization, used or not.
    public var fields: [DocumentID: TemplateFieldStatistics]
    /// `YYYY-MM` → the month's slice. Months with any report or dated published critique.
    public var months: [String: MonthStatistics]

    public init(
        organizationId: String, timeZone: String, reports: ReportStatistics, critiques: CritiqueStatistics,
        weather: WeatherStatistics, mileage: MileageStatistics, fields: [DocumentID: TemplateFieldStatistics],
        months: [String: MonthStatistics]
    ) {
        self.organizationId = organizationId
        self.timeZone = timeZone
        self.reports = reports
        self.critiques = critiques
        self.weather = weather
        self.mileage = mileage
        self.fields = fields
        self.months = months
    }
}

extension OrganizationStatistics {
    /// Keys that stand for "no id": Firestore reserves document ids matching `__.*__`, so these can never
    /// collide with a real user or template id.
    public enum Key {
        /// Reports without a template (`reportType: "legacy"` or no `templateId`), in `reports.templates`.
        public static let legacy = "__legacy__"
        /// Critiques naming neither an id nor a name for their photographer or manager.
        public static let unknown = "__unknown__"
    }

    /// The months that have statistics, oldest first.
    public var monthKeys: [String] { months.keys.sorted() }

    /// One month's slice (what the monthly report page and the monthly archive show). A month without
    /// data is all zeros rather than missing, so callers need not special-case it.
    public func month(_ month: String) -> MonthStatistics {
        months[month] ?? MonthStatistics.empty(month, unit: mileage.unit, ratePerMile: mileage.ratePerMile)
    }

    /// Computes every statistic from the reports' forms (`compute(for:mileage:summaries:timeZone:)`).
    public static func compute(
        for org: Organization, mileage: MileageSummary, forms: [ReportForm],
        timeZone: TimeZone
    ) -> OrganizationStatistics {
        let summaries = zip(org.reports, forms).map { report, form in
            FormSummary(form, of: report, in: org)
        }
        return compute(for: org, mileage: mileage, summaries: summaries, timeZone: timeZone)
    }

    /// Computes every statistic. `summaries` is aligned with `org.reports` (same index), as the build's
    /// forms step produces them; a report without one (a shorter array) counts as valid and without
    /// weather. Deterministic: the same inputs give equal values and equal JSON bytes.
    public static func compute(
        for org: Organization, mileage: MileageSummary, summaries forms: [FormSummary],
        timeZone: TimeZone
    ) -> OrganizationStatistics {
        // Each month's reports added up on its own (on all cores), then the months merged in order. On threads
        // of their own: a build computes this while its other steps go on, where libdispatch ran the months
        // one after another on one thread while the build waited for them.
        var reportsByMonth: [String: [Int]] = [:]
        for (index, report) in org.reports.enumerated() { reportsByMonth[report.date.monthKey, default: []].append(index) }
        let reportMonths = reportsByMonth.keys.sorted()
        let tallies = ParallelThreads.map(reportMonths.map { ($0, reportsByMonth[$0]!) }) { month, indices in
            ReportTally.make(indices, of: org, forms: forms)
        }
        var all = ReportTally(templates: org.templates)
        for tally in tallies { all.merge(tally) }
        let monthTally = Dictionary(uniqueKeysWithValues: zip(reportMonths, tallies))

        var critiques = CritiqueStatistics()
        var monthCritiques: [String: CritiqueStatistics] = [:]
        for critique in org.critiques where critique.isPublished {
            let facts = CritiqueFacts(critique, in: org)
            critiques.add(facts)
            // An undated critique belongs to no month; it is still in every all-time count.
            if let createdAt = critique.createdAt {
                monthCritiques[LocalDate(createdAt, in: timeZone).monthKey, default: CritiqueStatistics()].add(facts)
            } else {
                critiques.undated += 1
            }
        }

        let monthMileage = MileageStatistics.byMonth(mileage)
        let allMonths = Set(reportMonths).union(monthCritiques.keys).union(monthMileage.keys)
        var months: [String: MonthStatistics] = [:]
        for month in allMonths {
            months[month] = MonthStatistics(
                month: month,
                reports: monthTally[month]?.reports ?? ReportStatistics(),
                critiques: monthCritiques[month] ?? CritiqueStatistics(),
                weather: (monthTally[month]?.weather ?? WeatherTally()).statistics,
                mileage: monthMileage[month] ?? MileageStatistics(unit: mileage.unit, ratePerMile: mileage.ratePerMile))
        }

        return OrganizationStatistics(
            organizationId: org.id.text, timeZone: timeZone.identifier, reports: all.reports, critiques: critiques,
            weather: all.weather.statistics, mileage: MileageStatistics.total(mileage), fields: all.fields.statistics,
            months: months)
    }
}
