import Foundation
import GenSupport

/// A linear value axis from 0 to a "nice" maximum: ticks 1, 2 or 5 × 10ⁿ apart, 4 to 6 of them,
/// the maximum rounded up to a tick (so it is ≥ the largest value and the bars never overflow).
public struct ChartScale: Sendable, Equatable, Encodable {
    /// The top of the axis (a tick); positive even when every value is 0.
    public let max: Double
    /// The distance between ticks.
    public let step: Double
    /// `0, step, 2·step, …, max`.
    public let ticks: [Double]
    /// Decimals the tick labels need: 0 for whole steps, 1 for 0.5, 2 for 0.05, …
    public let decimals: Int

    /// `integral`: the values are counts, so steps are whole numbers (never "0.5 reports").
    /// Non-positive or non-finite maxima give the scale of 1 (an all-zero chart still has an axis).
    public init(dataMax: Double, integral: Bool) {
        let target = dataMax.isFinite && dataMax > 0 ? dataMax : 1
        var exponent = Int(log10(target / 5).rounded(.down)) - 1
        if integral { exponent = Swift.max(exponent, 0) }
        var chosen: (step: Double, count: Int, exponent: Int)?
        search: while exponent < 400 {
            for factor in [1.0, 2.0, 5.0] {
                let step = exponent >= 0 ? factor * pow(10, Double(exponent)) : factor / pow(10, Double(-exponent))
                // Tolerance: 0.3 / 0.1 is 2.9999999999999996 in binary floating point.
                let count = Int((target / step - 1e-9).rounded(.up))
                if count <= 5 {
                    chosen = (step, count, exponent)
                    break search
                }
            }
            exponent += 1
        }
        let (step, count, chosenExponent) = chosen ?? (target, 1, 0)
        // The smallest step with ≤ 6 ticks always gives ≥ 4, except whole steps for tiny counts (max 1 → 0…3).
        let intervals = Swift.max(count, 3)
        self.step = step
        self.max = step * Double(intervals)
        self.ticks = (0...intervals).map { step * Double($0) }
        self.decimals = Swift.max(0, -chosenExponent)
    }
}

/// Numbers as charts print them: grouped ("1,200"), fixed decimals, locale-independent.
enum ChartNumber {
    /// Smallest number of decimals (0…2) that shows every value exactly, so a chart of counts reads
    /// "12" and one of miles "12.5"; all values of a chart share it so columns line up.
    static func decimals(for values: [Double]) -> Int {
        for d in 0..<2 {
            let factor = pow(10, Double(d))
            if values.allSatisfy({ abs(($0 * factor).rounded() - $0 * factor) < 1e-6 }) { return d }
        }
        return 2
    }

    static func text(_ x: Double, decimals: Int) -> String { Format.grouped(x, decimals: decimals) }

    /// Attribute values: always two decimals, never "-0.00", so output bytes are deterministic.
    static func attribute(_ x: Double) -> String {
        let rounded = (x * 100).rounded() / 100
        return FastFormat.fixed(rounded == 0 ? 0 : rounded, decimals: 2)
    }
}
