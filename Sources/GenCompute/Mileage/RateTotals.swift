import GenModel
import GenSupport

/// The miles driven under one rate period (`MileageRates.periods[period]`), and what they are paid: the
/// miles added in trip order and rounded to 0.1, times the rate, rounded to the cent. `period` is nil for
/// trips on days before every rate (paid nothing, `amount` 0 when any rate is configured).
public struct RateTotal: Sendable, Hashable {
    public var period: Int?
    public var ratePerMile: Double?
    public var miles: Double
    public var trips: Int
    public var amount: Double
}

extension MileageRates {
    /// The totals per rate period of trips given as (day, miles), in period order (trips before every rate last).
    public func totals<S: Sequence>(_ trips: S) -> [RateTotal] where S.Element == (day: String, miles: Double) {
        var sums: [Int: (miles: Double, trips: Int)] = [:]
        for trip in trips {
            let key = period(on: trip.day) ?? -1
            sums[key, default: (0, 0)].miles += trip.miles
            sums[key, default: (0, 0)].trips += 1
        }
        return sums.keys.sorted { ($0 < 0 ? Int.max : $0) < ($1 < 0 ? Int.max : $1) }.map { key in
            let miles = rounded(sums[key]!.miles, decimals: 1)
            let rate = key < 0 ? nil : periods[key].ratePerMile
            return RateTotal(
                period: key < 0 ? nil : key, ratePerMile: rate, miles: miles, trips: sums[key]!.trips,
                amount: rate.map { rounded(miles * $0, decimals: 2) } ?? 0)
        }
    }

    /// The amount of `totals`, re-rounded to the cent; nil without any rate.
    public func amount(_ totals: [RateTotal]) -> Double? {
        isEmpty ? nil : rounded(totals.reduce(0) { $0 + $1.amount }, decimals: 2)
    }

    /// What one trip of `miles` on `day` is paid; nil without any rate, 0 before every rate.
    public func amount(miles: Double, on day: String) -> Double? {
        isEmpty ? nil : rate(on: day).map { rounded(miles * $0, decimals: 2) } ?? 0
    }
}
