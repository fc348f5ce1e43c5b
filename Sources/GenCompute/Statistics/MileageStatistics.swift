import GenModel
/// Mileage, copied from the `MileageSummary` (never recomputed, so `stats.json` and `mileage.json` agree
/// to the last digit): all time or one month.
public struct MileageStatistics: Sendable, Codable, Equatable {
    /// `mi`, as in `mileage.json`.
    public var unit: String
    /// Dollars per mile; null when not configured.
    public var ratePerMile: Double?
    public var miles: Double
    /// Reports with a mileage row (every report has one, possibly 0 miles).
    public var reports: Int
    /// The sum of every trip's amount (`Cents`); null without a rate.
    public var reimbursement: Cents?
    /// Photographer key (as in `mileage.json`) → the photographer's numbers for the same period.
    public var photographers: [DocumentID: PhotographerMileageStatistics]

    public init(
        unit: String, ratePerMile: Double?, miles: Double = 0, reports: Int = 0, reimbursement: Cents? = nil,
        photographers: [DocumentID: PhotographerMileageStatistics] = [:]
    ) {
        self.unit = unit
        self.ratePerMile = ratePerMile
        self.miles = miles
        self.reports = reports
        // No reports is no money owed, not an unknown amount, when a rate is set.
        self.reimbursement = reimbursement ?? ratePerMile.map { _ in .zero }
        self.photographers = photographers
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(unit, forKey: .unit)
        try c.encode(ratePerMile, forKey: .ratePerMile)
        try c.encode(miles, forKey: .miles)
        try c.encode(reports, forKey: .reports)
        try c.encode(reimbursement, forKey: .reimbursement)
        try c.encode(photographers, forKey: .photographers)
    }
}

public struct PhotographerMileageStatistics: Sendable, Codable, Equatable {
    public var name: String
    public var miles: Double
    public var reports: Int
    /// The sum of the photographer's trips' amounts (`Cents`); null without a rate.
    public var reimbursement: Cents?

    public init(name: String, miles: Double, reports: Int, reimbursement: Cents?) {
        self.name = name
        self.miles = miles
        self.reports = reports
        self.reimbursement = reimbursement
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(miles, forKey: .miles)
        try c.encode(reports, forKey: .reports)
        try c.encode(reimbursement, forKey: .reimbursement)
    }
}

extension MileageStatistics {
    /// All time: the summary's `totalMiles` and each photographer's `totalMiles`. Report counts and
    /// reimbursements are not totals the summary stores, so they are its months added up (the same months
    /// the pages list), reimbursements in whole cents, so they are the sums of the trips' amounts.
    static func total(_ summary: MileageSummary) -> MileageStatistics {
        var photographers: [DocumentID: PhotographerMileageStatistics] = [:]
        for p in summary.photographers {
            photographers[p.photographerId] = PhotographerMileageStatistics(
                name: p.name, miles: p.totalMiles, reports: p.months.reduce(0) { $0 + $1.reports },
                reimbursement: sumOfReimbursements(p.months, rate: summary.ratePerMile))
        }
        return MileageStatistics(
            unit: summary.unit, ratePerMile: summary.ratePerMile, miles: summary.totalMiles,
            reports: summary.months.reduce(0) { $0 + $1.reports },
            reimbursement: sumOfReimbursements(summary.months, rate: summary.ratePerMile),
            photographers: photographers)
    }

    /// Month → that month's row of the summary and each photographer's row for the month, copied as they are.
    static func byMonth(_ summary: MileageSummary) -> [String: MileageStatistics] {
        var months: [String: MileageStatistics] = [:]
        for m in summary.months {
            months[m.month] = MileageStatistics(
                unit: summary.unit, ratePerMile: summary.ratePerMile, miles: m.miles,
                reports: m.reports, reimbursement: m.reimbursement)
        }
        for p in summary.photographers {
            for m in p.months {
                months[m.month, default: MileageStatistics(unit: summary.unit, ratePerMile: summary.ratePerMile)]
                    .photographers[p.photographerId] = PhotographerMileageStatistics(
                        name: p.name, miles: m.miles, reports: m.reports, reimbursement: m.reimbursement)
            }
        }
        return months
    }

    private static func sumOfReimbursements(_ months: [MonthMileage], rate: Double?) -> Cents? {
        rate == nil ? nil : months.cents(\.reimbursement)
    }
}
