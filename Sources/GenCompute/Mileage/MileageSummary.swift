import GenModel
import GenResolve
import GenSupport

/// Miles and report count for one month; `reimbursement` (the sum of its trips' amounts, `Cents`) only when
/// a rate is set.
public struct MonthMileage: Sendable, Hashable, Codable {
    public var month: String
    public var miles: Double
    public var reports: Int
    public var reimbursement: Cents?

    public init(month: String, miles: Double, reports: Int, reimbursement: Cents?) {
        self.month = month
        self.miles = miles
        self.reports = reports
        self.reimbursement = reimbursement
    }

    /// `reimbursement` is written as null without a rate, as every documented key is always present.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(month, forKey: .month)
        try c.encode(miles, forKey: .miles)
        try c.encode(reports, forKey: .reports)
        try c.encode(reimbursement, forKey: .reimbursement)
    }
}

public struct PhotographerMileage: Sendable, Hashable, Codable {
    public var photographerId: DocumentID
    public var name: String
    public var totalMiles: Double
    public var months: [MonthMileage]

    /// The sum of the months' reimbursements, so of every trip's amount; nil without a rate. Not in
    /// `mileage.json`, whose readers add the months.
    public var reimbursement: Cents? { months.first?.reimbursement == nil ? nil : months.cents(\.reimbursement) }
}

/// `data/mileage.json` for one organization: per report, per photographer and month, per month.
public struct MileageSummary: Sendable, Hashable, Codable {
    public var organizationId: DocumentID
    public var unit: String = "mi"
    /// The newest rate (`rates.latest`), for readers of one rate; null when not configured.
    public var ratePerMile: Double?
    /// Every rate with the day it comes into force (`site.yml`); each trip is paid at the rate of its day.
    public var rates: MileageRates
    public var reports: [ReportMileage]
    public var photographers: [PhotographerMileage]
    public var months: [MonthMileage]
    /// When a report's recorded miles are a discrepancy (the `discrepancy` flag of its row), for the pages that
    /// say so in words; not written to `mileage.json`.
    public var tolerance = MileageTolerance()

    /// What `mileage.json` holds: every property but `tolerance`.
    enum CodingKeys: String, CodingKey {
        case organizationId, unit, ratePerMile, rates, reports, photographers, months
    }

    /// `ratePerMile` is written as null when not configured: every documented key is always present.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(organizationId, forKey: .organizationId)
        try c.encode(unit, forKey: .unit)
        try c.encode(ratePerMile, forKey: .ratePerMile)
        try c.encode(rates, forKey: .rates)
        try c.encode(reports, forKey: .reports)
        try c.encode(photographers, forKey: .photographers)
        try c.encode(months, forKey: .months)
    }

    /// All miles of the organization: the sum of its months (each already a sum of rounded report miles).
    public var totalMiles: Double { rounded(months.reduce(0) { $0 + $1.miles }, decimals: 1) }

    /// Computes every report's mileage and adds the (already rounded) per-report miles up.
    public static func compute(for org: Organization, config: SiteConfig.Mileage) -> (MileageSummary, [Diagnostic]) {
        let calculator = MileageCalculator(config)
        // Each report's route is independent of the others: on all cores, in report order.
        let computed = ParallelMap.map(org.reports) { calculator.compute($0, in: org) }
        return (assemble(org, rows: computed.map(\.0), config: config), computed.flatMap(\.1))
    }

    /// The summary of `rows` (each report's mileage, in the order of the organization's reports): the
    /// totals per photographer and month.
    public static func assemble(_ org: Organization, rows reports: [ReportMileage], config: SiteConfig.Mileage) -> MileageSummary {
        let rates = config.schedule
        // Rows by position, each row's month worked out once: grouping the rows themselves copied every row into
        // its groups, and a row's `month` is a new string each time it is read.
        let months = reports.map { $0.month }
        var byPhotographer: [DocumentID: [Int]] = [:]
        for i in reports.indices { byPhotographer[reports[i].photographerId, default: []].append(i) }
        let photographers = byPhotographer.map { id, rows in
            PhotographerMileage(
                photographerId: id, name: reports[rows[0]].photographer,
                totalMiles: rounded(rows.reduce(0) { $0 + reports[$1].miles }, decimals: 1),
                months: monthTotals(rows, of: reports, months: months, rates: rates))
        }.sorted { ($0.name, $0.photographerId) < ($1.name, $1.photographerId) }
        return MileageSummary(
            organizationId: org.id, ratePerMile: rates.latest, rates: rates, reports: reports, photographers: photographers,
            months: monthTotals(Array(reports.indices), of: reports, months: months, rates: rates), tolerance: MileageTolerance(config))
    }

    /// The month totals of the rows at `indices` (in order: each month's miles are added in row order). A
    /// month's reimbursement is the sum of its trips' amounts, each at the rate of its day, to the cent
    /// (`MileageRates.amount(miles:on:)`).
    static func monthTotals(_ indices: [Int], of reports: [ReportMileage], months: [String], rates: MileageRates) -> [MonthMileage] {
        var totals: [String: (miles: Double, reports: Int, amount: Cents)] = [:]
        for i in indices {
            totals[months[i], default: (0, 0, .zero)].miles += reports[i].miles
            totals[months[i], default: (0, 0, .zero)].reports += 1
            totals[months[i], default: (0, 0, .zero)].amount += rates.amount(miles: reports[i].miles, on: reports[i].date) ?? .zero
        }
        return totals.map { month, total in
            // Sum of values rounded to 0.1, re-rounded so float noise (0.1 + 0.2) never shows.
            let miles = rounded(total.miles, decimals: 1)
            return MonthMileage(
                month: month, miles: miles, reports: total.reports, reimbursement: rates.isEmpty ? nil : total.amount)
        }.sorted { $0.month < $1.month }
    }
}

extension MileageSummary {
    /// The slice of `mileage.json` for one month (`YYYY-MM`), same shape: the month's reports, each
    /// photographer who drove that month with only that month's row (their total is the month's), and
    /// the month's total. The numbers are the summary's own, never recomputed.
    public func month(_ month: String) -> MileageSummary {
        slice(month, reports: reports.filter { $0.month == month })
    }

    /// `month(_:)` for every month with reports or a total, made in one pass over the reports: a build plans
    /// a slice per month twice (the month's page and its archive), and each `month(_:)` goes over every report.
    public func monthSlices() -> [String: MileageSummary] {
        let reportsByMonth = Dictionary(grouping: reports, by: { $0.month })
        let keys = Set(reportsByMonth.keys).union(months.map { $0.month })
        return Dictionary(uniqueKeysWithValues: keys.map { ($0, slice($0, reports: reportsByMonth[$0] ?? [])) })
    }

    /// The slice of `month` whose reports are `reports`.
    private func slice(_ month: String, reports: [ReportMileage]) -> MileageSummary {
        let photographers = self.photographers.compactMap { p -> PhotographerMileage? in
            guard let row = p.months.first(where: { $0.month == month }) else { return nil }
            return PhotographerMileage(photographerId: p.photographerId, name: p.name, totalMiles: row.miles, months: [row])
        }
        return MileageSummary(
            organizationId: organizationId, unit: unit, ratePerMile: ratePerMile, rates: rates,
            reports: reports, photographers: photographers, months: months.filter { $0.month == month }, tolerance: tolerance)
    }
}

extension MileageSummary: JSONWithLargeArray {
    public static var largeArrayKey: String { "reports" }
    public static var largeArray: WritableKeyPath<MileageSummary, [ReportMileage]> { \.reports }
}
