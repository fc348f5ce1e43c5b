import Foundation

/// What a clock in a time zone read at a moment: the local day and the time of day, to the second.
///
/// Why not Foundation's calendar every time: a `Calendar` made and asked for components per moment was most
/// of planning a gallery (two dates per critique card). The zone's offset at the moment (DST-aware, from
/// Foundation's zone data, as the calendar uses it) is added to the seconds, and the day is counted out in
/// the proleptic Gregorian calendar. Foundation's calendar is Julian before 15 October 1582, so moments
/// before then (no real export holds one) are still asked of it, to give the same answer.
public struct LocalDateTime: Sendable, Hashable {
    public var date: LocalDate
    public var hour: Int
    public var minute: Int
    public var second: Int
    /// The zone's offset from UTC at the moment, in seconds (an HTML `datetime` value shows it).
    public var secondsFromGMT: Int

    /// 1582-10-16T00:00:00Z: with any zone's offset, later moments fall on Gregorian days.
    private static let gregorianStart: Int64 = -12_219_206_400

    /// 9999-12-31T23:59:59Z: a stored value past it (a timestamp field of a report holding `Int64.max`) is read
    /// as that moment, not as a day count that overflows. Dates gen files reports under are checked long before
    /// (`Timestamp.plausibleYears`); this only keeps any other value from trapping.
    private static let latest: Int64 = 253_402_300_799
    /// 0001-01-01T00:00:00Z, likewise for the other end.
    private static let earliest: Int64 = -62_135_596_800

    public init(_ timestamp: Timestamp, in zone: TimeZone) {
        var timestamp = timestamp
        if timestamp.seconds > Self.latest { timestamp = Timestamp(seconds: Self.latest) }
        if timestamp.seconds < Self.earliest { timestamp = Timestamp(seconds: Self.earliest) }
        let offset = zone.secondsFromGMT(for: timestamp.date)
        guard timestamp.seconds >= Self.gregorianStart else {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: timestamp.date)
            self.init(
                date: LocalDate(year: c.year!, month: c.month!, day: c.day!), hour: c.hour!, minute: c.minute!, second: c.second!,
                secondsFromGMT: offset)
            return
        }
        // Whole seconds: the nanoseconds (0 ≤ n < 10⁹) never carry into the next second. (The calendar reads a
        // moment less than a microsecond before a second as that second: it works in rounded `Date`s.)
        let local = Int(timestamp.seconds) + offset
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let secondOfDay = local - days * 86_400
        self.init(
            date: LocalDate(daysSinceEpoch: days), hour: secondOfDay / 3600, minute: secondOfDay % 3600 / 60,
            second: secondOfDay % 60, secondsFromGMT: offset)
    }

    public init(date: LocalDate, hour: Int, minute: Int, second: Int, secondsFromGMT: Int) {
        self.date = date
        self.hour = hour
        self.minute = minute
        self.second = second
        self.secondsFromGMT = secondsFromGMT
    }
}
