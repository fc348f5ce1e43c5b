import Foundation
import GenSupport

/// A calendar day with no time zone (`2024-01-15`): the local day a report belongs to.
public struct LocalDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses exactly `YYYY-MM-DD` with a real calendar day.
    public init?(iso text: String) {
        let b = Array(text.utf8)
        guard b.count == 10, b[4] == 0x2D, b[7] == 0x2D,
            let y = Int(text.prefix(4)), let m = Int(text.dropFirst(5).prefix(2)), let d = Int(text.suffix(2)),
            b.enumerated().allSatisfy({ $0.offset == 4 || $0.offset == 7 || (0x30...0x39).contains($0.element) }),
            (1...12).contains(m), (1...LocalDate.daysIn(year: y, month: m)).contains(d)
        else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// The local day of an instant in a time zone (DST-aware: `LocalDateTime`).
    public init(_ timestamp: Timestamp, in zone: TimeZone) {
        self = LocalDateTime(timestamp, in: zone).date
    }

    public var description: String {
        FastFormat.padded(year, width: 4) + "-" + FastFormat.padded(month, width: 2) + "-" + FastFormat.padded(day, width: 2)
    }

    /// `YYYY-MM`, the month key used by every monthly summary.
    public var monthKey: String { FastFormat.padded(year, width: 4) + "-" + FastFormat.padded(month, width: 2) }

    public static func < (a: LocalDate, b: LocalDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    public static func isLeap(_ y: Int) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }

    public static func daysIn(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 (proleptic Gregorian; Howard Hinnant's algorithm).
    public var daysSinceEpoch: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    public init(daysSinceEpoch z0: Int) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.init(year: yoe + era * 400 + (m <= 2 ? 1 : 0), month: m, day: d)
    }
}
