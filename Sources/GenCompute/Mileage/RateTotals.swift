import GenModel
import GenSupport

/// The trips driven under one rate period (`MileageRates.periods[period]`), and what they are paid: the
/// miles added in trip order and rounded to 0.1, and the amount, the sum of each trip's amount (`Cents`).
/// `period` is nil for trips on days before every rate (paid nothing, `amount` 0 when any rate is configured).
public struct RateTotal: Sendable, Hashable {
    public var period: Int?
    public var ratePerMile: Double?
    public var miles: Double
    public var trips: Int
    public var amount: Cents
}

extension MileageRates {
    /// The totals per rate period of trips given as (day, miles), in period order (trips before every rate last).
    public func totals<S: Sequence>(_ trips: S) -> [RateTotal] where S.Element == (day: String, miles: Double) {
        var sums: [Int: (miles: Double, trips: Int, amount: Cents)] = [:]
        for trip in trips {
            let key = period(on: trip.day) ?? -1
            sums[key, default: (0, 0, .zero)].miles += trip.miles
            sums[key, default: (0, 0, .zero)].trips += 1
            sums[key, default: (0, 0, .zero)].amount += amount(miles: trip.miles, on: trip.day) ?? .zero
        }
        return sums.keys.sorted { ($0 < 0 ? Int.max : $0) < ($1 < 0 ? Int.max : $1) }.map { key in
            let sum = sums[key]!
            return RateTotal(
                period: key < 0 ? nil : key, ratePerMile: key < 0 ? nil : periods[key].ratePerMile,
                miles: rounded(sum.miles, decimals: 1), trips: sum.trips, amount: sum.amount)
        }
    }

    /// The amount of `totals`: the sum of their trips' amounts; nil without any rate.
    public func amount(_ totals: [RateTotal]) -> Cents? {
        isEmpty ? nil : totals.cents(\.amount)
    }

    /// What one trip of `miles` on `day` is paid, to the cent (`Cents(miles:rate:)`): the one amount every
    /// total adds up. Nil without any rate, 0 before every rate.
    public func amount(miles: Double, on day: String) -> Cents? {
        isEmpty ? nil : rate(on: day).map { Cents(miles: miles, rate: $0) } ?? .zero
    }
}
