import Foundation
import GenSupport

extension WeatherReading {
    /// Reads the text a `weather_conditions` field stores, as the app writes it (`"\(condition), \(temp)°F"`)
    /// and as people type it:
    ///
    ///     "Sunny, 72°F"          → Sunny, 72
    ///     "Partly Cloudy, 65 °F" → Partly Cloudy, 65
    ///     "72°F"                 → no condition, 72
    ///     "Rain"                 → Rain, no temperature
    ///     "Overcast, 20°C"       → Overcast, 68   (Celsius converted, rounded to 0.1 °F)
    ///
    /// A temperature is a number followed by `°` (a unit letter optional; `°` alone means °F, the app's
    /// unit) or directly by `F`/`C` standing alone (`72F`, `72 F`). Statistics are kept in °F, so Celsius
    /// readings are converted rather than dropped. The condition is the rest of the text, trimmed of the
    /// separators around it. Nil for blank text and for "Unknown" (the fallback the app writes when it had
    /// no weather), which would otherwise count as a condition.
    /// Trimmed from around the condition, with white space.
    static let separators = Set(",;:/|-–—()".unicodeScalars)

    /// `init(parsing:)`, remembered by text: the app writes the same few dozen texts into every report.
    static func parsedOnce(_ text: String) -> WeatherReading? { parsed.value(text, WeatherReading.init(parsing:)) }
    private static let parsed = Memo<String, WeatherReading?>(limit: 50_000)

    public init?(parsing text: String) {
        let trimmed = text.trimmed
        guard !trimmed.isEmpty, trimmed.lowercased() != "unknown" else { return nil }
        let chars = Array(trimmed)
        var fahrenheit: Double?
        var remainder = trimmed
        if let found = WeatherReading.temperature(in: chars) {
            fahrenheit = found.fahrenheit
            remainder = String(chars[..<found.range.lowerBound]) + " " + String(chars[found.range.upperBound...])
        }
        let condition = remainder.trimmed(alsoTrimming: Self.separators).collapsingWhitespace
        self.init(condition: condition.isEmpty ? nil : condition, fahrenheit: fahrenheit)
    }

    /// The first temperature in the text, where it is, in °F.
    private static func temperature(in chars: [Character]) -> (range: Range<Int>, fahrenheit: Double)? {
        func isDigit(_ c: Character) -> Bool { c.isASCII && c.isNumber }
        var i = 0
        while i < chars.count {
            guard isDigit(chars[i]), i == 0 || !(isDigit(chars[i - 1]) || chars[i - 1] == ".") else { i += 1; continue }
            // A number: optional sign right before it, digits, optional fraction.
            var start = i
            if start > 0, chars[start - 1] == "-" || chars[start - 1] == "+" || chars[start - 1] == "−",
                start == 1 || chars[start - 2].isWhitespace || chars[start - 2] == ","
            {
                start -= 1
            }
            var end = i
            while end < chars.count, isDigit(chars[end]) { end += 1 }
            if end + 1 < chars.count, chars[end] == ".", isDigit(chars[end + 1]) {
                end += 1
                while end < chars.count, isDigit(chars[end]) { end += 1 }
            }
            let numberText = String(chars[start..<end]).replacingOccurrences(of: "−", with: "-")
            var j = end
            while j < chars.count, chars[j] == " " { j += 1 }
            var unit: Character?
            var hasDegree = false
            if j < chars.count, chars[j] == "°" || chars[j] == "º" {
                hasDegree = true
                j += 1
                while j < chars.count, chars[j] == " " { j += 1 }
            }
            if j < chars.count, "FfCc".contains(chars[j]), j + 1 == chars.count || !chars[j + 1].isLetter {
                unit = Character(chars[j].uppercased())
                j += 1
            }
            if (hasDegree || unit != nil), let value = Double(numberText), value.isCountable {
                let f = unit == "C" ? (value * 9 / 5 + 32) : value
                return (start..<j, (f * 10).rounded() / 10)
            }
            i = end
        }
        return nil
    }
}
