import Foundation
import GenModel

/// Moments in the demo sample, to the microsecond, and the ways the exports write them.
///
/// Every local time in the sample lies inside 2024's US daylight saving time, so America/Chicago is a
/// fixed UTC-5 here and nothing depends on the system's time zone database.
struct DemoInstant: Comparable {
    /// Microseconds since 1970-01-01T00:00:00Z.
    var microseconds: Int

    static let chicagoOffsetSeconds = -5 * 3600

    /// A wall-clock time in Chicago (`datetime(..., tzinfo=CHICAGO)`).
    static func chicago(_ date: LocalDate, _ hour: Int, _ minute: Int, _ second: Int = 0) -> DemoInstant {
        let local = date.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + second
        return DemoInstant(microseconds: (local - chicagoOffsetSeconds) * 1_000_000)
    }

    static func chicago(_ y: Int, _ mo: Int, _ d: Int, _ h: Int, _ mi: Int, _ s: Int) -> DemoInstant {
        chicago(LocalDate(year: y, month: mo, day: d), h, mi, s)
    }

    /// A time in UTC, with microseconds.
    static func utc(_ y: Int, _ mo: Int, _ d: Int, _ h: Int, _ mi: Int, _ s: Int, microsecond: Int = 0) -> DemoInstant {
        let seconds = LocalDate(year: y, month: mo, day: d).daysSinceEpoch * 86_400 + h * 3600 + mi * 60 + s
        return DemoInstant(microseconds: seconds * 1_000_000 + microsecond)
    }

    func adding(minutes: Int = 0, seconds: Int = 0, microseconds us: Int = 0) -> DemoInstant {
        DemoInstant(microseconds: microseconds + (minutes * 60 + seconds) * 1_000_000 + us)
    }

    static func < (a: DemoInstant, b: DemoInstant) -> Bool { a.microseconds < b.microseconds }

    /// `int(dt.timestamp())`: whole seconds, truncated.
    var unixSeconds: Int { microseconds / 1_000_000 }

    /// Calendar fields at a given offset from UTC.
    private func fields(offsetSeconds: Int) -> (date: LocalDate, hour: Int, minute: Int, second: Int, microsecond: Int) {
        let us = microseconds + offsetSeconds * 1_000_000
        let seconds = us.floorDiv(1_000_000)
        let days = seconds.floorDiv(86_400)
        let inDay = seconds - days * 86_400
        return (LocalDate(daysSinceEpoch: days), inDay / 3600, inDay / 60 % 60, inDay % 60, us - seconds * 1_000_000)
    }

    var chicagoHour: Int { fields(offsetSeconds: Self.chicagoOffsetSeconds).hour }
    var chicagoMinute: Int { fields(offsetSeconds: Self.chicagoOffsetSeconds).minute }

    /// `"%d:%02d %s"`: the fall template's 12-hour `submitted_time`.
    var usTime: String {
        let hour = chicagoHour % 12 == 0 ? 12 : chicagoHour % 12
        return "\(hour):\(Self.two(chicagoMinute)) \(chicagoHour < 12 ? "AM" : "PM")"
    }

    /// `strftime("%H:%M")` in Chicago: the picture-day template's 24-hour `submitted_time`.
    var chicagoHourMinute: String { "\(Self.two(chicagoHour)):\(Self.two(chicagoMinute))" }

    /// `strftime("%Y-%m-%dT%H:%M:%SZ")` in UTC: the app's late-night `date` field.
    var isoUTC: String {
        let f = fields(offsetSeconds: 0)
        return "\(f.date)T\(Self.two(f.hour)):\(Self.two(f.minute)):\(Self.two(f.second))Z"
    }

    /// The BigQuery changelog's `timestamp` column: UTC, to the microsecond.
    var bigQueryTimestamp: String {
        let f = fields(offsetSeconds: 0)
        let micro = String(f.microsecond)
        return "\(f.date) \(Self.two(f.hour)):\(Self.two(f.minute)):\(Self.two(f.second))."
            + String(repeating: "0", count: 6 - micro.count) + micro + " UTC"
    }

    /// The admin SDK's `JSON.stringify` of a Firestore Timestamp.
    var firestoreTimestamp: PyJSON { ["_seconds": .int(unixSeconds), "_nanoseconds": 0] }

    private static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}

extension LocalDate {
    /// `date.weekday()`: Monday is 0, Sunday 6.
    var pythonWeekday: Int { (daysSinceEpoch + 3).floorMod(7) }

    func adding(days: Int) -> LocalDate { LocalDate(daysSinceEpoch: daysSinceEpoch + days) }

    /// `"%d/%d/%d" % (month, day, year)`: the app's US `report_date`.
    var usDate: String { "\(month)/\(day)/\(year)" }
}

extension Int {
    fileprivate func floorDiv(_ d: Int) -> Int { (self - floorMod(d)) / d }
    fileprivate func floorMod(_ d: Int) -> Int { ((self % d) + d) % d }
}
