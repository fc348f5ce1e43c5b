/// The weather reports observed (`ReportForm.weather`): all time or one month.
public struct WeatherStatistics: Sendable, Codable, Equatable {
    /// Reports with a weather reading (a condition, a temperature or both).
    public var readings: Int
    /// Condition → readings, the condition as the report wrote it ("Partly Cloudy"). Readings with only a
    /// temperature are in `readings` but under no condition.
    public var conditions: [String: Int]
    /// Readings with a temperature.
    public var temperatureReadings: Int
    /// Mean °F of those readings, rounded to 2 decimals; null without any.
    public var meanFahrenheit: Double?
    /// Lowest and highest °F read (each as parsed, to 0.1 °F); null without any.
    public var minFahrenheit: Double?
    public var maxFahrenheit: Double?
    /// The mean unrounded, not written: a page rounds this once to the decimals it shows, never the stored
    /// 2-decimal mean again (63.452 → 63.5, not 63.45 → 63.4).
    public var exactMeanFahrenheit: Double?

    enum CodingKeys: String, CodingKey {
        case readings, conditions, temperatureReadings, meanFahrenheit, minFahrenheit, maxFahrenheit
    }

    /// Equal when what is written is equal (the unrounded mean only refines it).
    public static func == (a: WeatherStatistics, b: WeatherStatistics) -> Bool {
        (a.readings, a.temperatureReadings, a.meanFahrenheit, a.minFahrenheit, a.maxFahrenheit)
            == (b.readings, b.temperatureReadings, b.meanFahrenheit, b.minFahrenheit, b.maxFahrenheit)
            && a.conditions == b.conditions
    }

    /// The mean as a page shows it: rounded once, half away from zero, from the unrounded mean.
    public func meanFahrenheit(decimals: Int) -> Double? {
        (exactMeanFahrenheit ?? meanFahrenheit).map { rounded($0, decimals: decimals) }
    }

    public init(
        readings: Int = 0, conditions: [String: Int] = [:], temperatureReadings: Int = 0,
        meanFahrenheit: Double? = nil, minFahrenheit: Double? = nil, maxFahrenheit: Double? = nil,
        exactMeanFahrenheit: Double? = nil
    ) {
        self.readings = readings
        self.conditions = conditions
        self.temperatureReadings = temperatureReadings
        self.meanFahrenheit = meanFahrenheit
        self.minFahrenheit = minFahrenheit
        self.maxFahrenheit = maxFahrenheit
        self.exactMeanFahrenheit = exactMeanFahrenheit ?? meanFahrenheit
    }

    /// Every key is written, absent values as null, so consumers see one shape.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(readings, forKey: .readings)
        try c.encode(conditions, forKey: .conditions)
        try c.encode(temperatureReadings, forKey: .temperatureReadings)
        try c.encode(meanFahrenheit, forKey: .meanFahrenheit)
        try c.encode(minFahrenheit, forKey: .minFahrenheit)
        try c.encode(maxFahrenheit, forKey: .maxFahrenheit)
    }
}

/// Adds readings up; the mean is taken from the unrounded sum, once, at the end.
struct WeatherTally {
    private var readings = 0
    private var conditions: [String: Int] = [:]
    private var temperatures = NumericTally()

    init() {}

    mutating func add(_ reading: WeatherReading) {
        guard reading.condition != nil || reading.fahrenheit != nil else { return }
        readings += 1
        if let condition = reading.condition { conditions[condition, default: 0] += 1 }
        if let f = reading.fahrenheit { temperatures.add(f) }
    }

    var statistics: WeatherStatistics {
        let t = temperatures.statistics
        return WeatherStatistics(
            readings: readings, conditions: conditions, temperatureReadings: t.count,
            meanFahrenheit: t.mean, minFahrenheit: t.min, maxFahrenheit: t.max,
            exactMeanFahrenheit: temperatures.exactMean)
    }
}

extension WeatherTally {
    /// Adds a later run's readings.
    mutating func merge(_ other: WeatherTally) {
        readings += other.readings
        conditions.merge(other.conditions, uniquingKeysWith: +)
        temperatures.merge(other.temperatures)
    }

}
