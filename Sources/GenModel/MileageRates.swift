/// The reimbursement rates of `site.yml`: a rate from the beginning of time (`mileage.ratePerMile`), then
/// dated rates (`mileage.rates`), each in force from its day (`YYYY-MM-DD`, the report's local day) until the
/// next one's. A trip is paid at the rate in force on its day; a day before every rate has none.
public struct MileageRates: Sendable, Hashable, Codable {
    /// One rate and the day it comes into force; `from` is nil for the rate from the beginning of time.
    public struct Period: Sendable, Hashable, Codable {
        public var from: String?
        public var ratePerMile: Double

        public init(from: String?, ratePerMile: Double) {
            self.from = from
            self.ratePerMile = ratePerMile
        }

        /// `from` is written as null for the rate from the beginning of time: every key is always present.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(from, forKey: .from)
            try c.encode(ratePerMile, forKey: .ratePerMile)
        }
    }

    /// Oldest first; only the first may have no `from`; the days strictly increase (`ConfigLoader` checks).
    public var periods: [Period]

    public init(_ periods: [Period] = []) { self.periods = periods }

    public var isEmpty: Bool { periods.isEmpty }

    /// The period in force on `day` (`YYYY-MM-DD`): the last one starting on or before it; nil before every rate.
    public func period(on day: String) -> Int? {
        periods.lastIndex { ($0.from ?? "") <= day }
    }

    /// The rate in force on `day`; nil before every rate.
    public func rate(on day: String) -> Double? { period(on: day).map { periods[$0].ratePerMile } }

    /// The periods in force on some day from `first` through `last` (`YYYY-MM-DD`), oldest first.
    public func periods(from first: String, through last: String) -> [Int] {
        periods.indices.filter { i in
            (periods[i].from ?? "") <= last && (i + 1 == periods.count || periods[i + 1].from ?? "" > first)
        }
    }

    /// The periods in force on some day of `month` (`YYYY-MM`).
    public func periods(during month: String) -> [Int] { periods(from: month + "-01", through: month + "-31") }

    /// The newest rate (in force today, and on any later day); nil without rates.
    public var latest: Double? { periods.last?.ratePerMile }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(periods)
    }

    public init(from decoder: any Decoder) throws {
        periods = try decoder.singleValueContainer().decode([Period].self)
    }
}
