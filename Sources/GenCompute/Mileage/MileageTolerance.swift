import GenModel

/// How far a report's recorded miles may be from its route's before mileage flags a discrepancy: by more than
/// `percent` of the computed miles **and** by more than `miles` (`site.yml`'s `mileage.discrepancyPercent` and
/// `mileage.discrepancyMiles`; 10% and 1 mile by default). Both must be exceeded, so a short route is not
/// flagged for a fraction of a mile and a long one not for a mile or two.
public struct MileageTolerance: Sendable, Hashable {
    public var percent: Double
    public var miles: Double

    public init(percent: Double = SiteConfig.Mileage.defaultDiscrepancyPercent, miles: Double = SiteConfig.Mileage.defaultDiscrepancyMiles) {
        self.percent = percent
        self.miles = miles
    }

    public init(_ config: SiteConfig.Mileage) { self.init(percent: config.discrepancyPercent, miles: config.discrepancyMiles) }

    /// Recorded and computed miles differ by more than both limits.
    public func isExceeded(recorded: Double, computed: Double) -> Bool {
        let difference = abs(recorded - computed)
        return difference > percent / 100 * computed && difference > miles
    }

    /// The rule in words, for the pages that flag a discrepancy: `more than 10% and more than 1 mile`.
    public var words: String {
        let mile = FormulaNumberFormat.display(miles, maxDecimals: 2)
        return "more than \(FormulaNumberFormat.display(percent, maxDecimals: 2))% and more than \(mile) mile\(miles == 1 ? "" : "s")"
    }
}
