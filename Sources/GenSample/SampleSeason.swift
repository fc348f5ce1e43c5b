import Foundation
import GenModel

/// The afternoon weather across the region on one day; each report adds a little local noise.
struct DayWeather {
    let condition: String
    let highF: Double
}

/// The working days reports and critiques fall on, with each day's weather.
/// Small (at most `SampleCalendar.maximumDays` entries), so it is computed up front.
struct SampleSeason {
    let days: [SampleDay]
    let weather: [DayWeather]

    init(dayCount: Int, seed: UInt64) {
        days = SampleCalendar.workdays(dayCount)
        var rng = SampleRandom(seed: seed, stream: "weather")
        weather = days.map { Self.weather(on: $0.date, &rng) }
    }

    private static let warmConditions = ["Sunny", "Mainly Clear", "Partly Cloudy", "Overcast", "Light Rain", "Rain Showers", "Thunderstorm"]
    private static let warmWeights = [30, 15, 25, 10, 8, 7, 5]
    private static let coolConditions = ["Sunny", "Clear", "Partly Cloudy", "Overcast", "Light Rain", "Rain", "Foggy"]
    private static let coolWeights = [22, 10, 26, 22, 12, 5, 3]
    private static let coldConditions = ["Clear", "Overcast", "Light Snow", "Snow"]
    private static let coldWeights = [25, 35, 25, 15]

    /// Southern Illinois afternoon highs follow a sine over the year: about 89°F in late July,
    /// 41°F in late January; conditions are drawn for the season.
    private static func weather(on date: LocalDate, _ rng: inout SampleRandom) -> DayWeather {
        let dayOfYear = date.daysSinceEpoch - LocalDate(year: date.year, month: 1, day: 1).daysSinceEpoch
        var high = 65 + 24 * sin(2 * Double.pi * Double(dayOfYear - 110) / 365) + rng.uniform(-5, 5)
        let condition: String
        if high < 36 {
            condition = coldConditions[rng.weighted(coldWeights)]
        } else if (5...9).contains(date.month) {
            condition = warmConditions[rng.weighted(warmWeights)]
        } else {
            condition = coolConditions[rng.weighted(coolWeights)]
        }
        switch condition {
        case "Light Rain", "Rain", "Rain Showers", "Thunderstorm": high -= 6
        case "Overcast", "Foggy": high -= 3
        default: break
        }
        return DayWeather(condition: condition, highF: high)
    }
}
