/// An amount of money in whole cents: the one rounding rule of every reimbursement gen shows. Each trip's
/// amount is rounded to the cent once (`init(miles:rate:)`, the usual payroll rule), and every total (a rate's,
/// a month's, a photographer's, the organization's) is the sum of rounded trips, added as whole numbers, so a
/// manager who adds the trips of a statement, a page or `mileage.csv` by hand gets the total shown to the cent.
/// Written to JSON as dollars (`1234` cents → `12.34`).
public struct Cents: Sendable, Hashable, Comparable, AdditiveArithmetic, Codable {
    public var value: Int

    public init(_ value: Int) { self.value = value }

    public static let zero = Cents(0)

    /// What `miles` at `rate` dollars a mile are paid: the product to the cent, half a cent away from zero. The
    /// product is first taken to a millionth of a cent, so that float noise (24.5 × 0.67 = 16.41499…) cannot
    /// round an exact half cent down.
    public init(miles: Double, rate: Double) {
        let exact = (miles * rate * 100 * 1_000_000).rounded() / 1_000_000
        value = Int(exact.rounded(.toNearestOrAwayFromZero))
    }

    /// The amount in dollars, exact to the cent as a decimal (`Double(1234) / 100` prints `12.34`).
    public var dollars: Double { Double(value) / 100 }

    public static func + (a: Cents, b: Cents) -> Cents { Cents(a.value + b.value) }
    public static func - (a: Cents, b: Cents) -> Cents { Cents(a.value - b.value) }
    public static func < (a: Cents, b: Cents) -> Bool { a.value < b.value }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(dollars)
    }

    /// Read back from dollars, as `mileage.json` and `stats.json` write them.
    public init(from decoder: any Decoder) throws {
        value = Int((try decoder.singleValueContainer().decode(Double.self) * 100).rounded())
    }
}

extension Sequence {
    /// The sum of the amounts `amount` gives, in whole cents.
    public func cents(_ amount: (Element) -> Cents?) -> Cents { reduce(.zero) { $0 + (amount($1) ?? .zero) } }
}
