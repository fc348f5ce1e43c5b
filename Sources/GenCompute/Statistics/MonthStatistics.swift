import GenModel

/// One month of an organization's statistics: the slice of `stats.json` a monthly report page or a
/// monthly archive needs, self-contained (its mileage carries the unit and rate) so it can be written
/// on its own.
public struct MonthStatistics: Sendable, Codable, Equatable {
    /// `YYYY-MM`.
    public var month: String
    /// Reports whose local day is in the month.
    public var reports: ReportStatistics
    /// Published critiques created in the month (in the configured zone). `undated` is always 0 here.
    public var critiques: CritiqueStatistics
    /// Weather of the month's reports.
    public var weather: WeatherStatistics
    /// The month's mileage, copied from the mileage summary.
    public var mileage: MileageStatistics

    public init(
        month: String, reports: ReportStatistics, critiques: CritiqueStatistics,
        weather: WeatherStatistics, mileage: MileageStatistics
    ) {
        self.month = month
        self.reports = reports
        self.critiques = critiques
        self.weather = weather
        self.mileage = mileage
    }

    /// A month with nothing in it.
    static func empty(_ month: String, unit: String, ratePerMile: Double?) -> MonthStatistics {
        MonthStatistics(
            month: month, reports: ReportStatistics(), critiques: CritiqueStatistics(),
            weather: WeatherTally().statistics,
            mileage: MileageStatistics(unit: unit, ratePerMile: ratePerMile))
    }
}
