import Foundation
import GenSupport

/// A Firestore Timestamp: seconds since the Unix epoch plus nanoseconds.
public struct Timestamp: Sendable, Hashable, Comparable {
    public var seconds: Int64
    public var nanoseconds: Int32

    public init(seconds: Int64, nanoseconds: Int32 = 0) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    public var date: Date {
        Date(timeIntervalSince1970: Double(seconds) + Double(nanoseconds) / 1_000_000_000)
    }

    public static func < (a: Timestamp, b: Timestamp) -> Bool {
        (a.seconds, a.nanoseconds) < (b.seconds, b.nanoseconds)
    }

    /// Parses the textual timestamps found in exports: ISO 8601 with an offset or `Z`
    /// (fractional seconds optional) and BigQuery's `YYYY-MM-DD HH:MM:SS[.ffffff] UTC`.
    /// Returns nil for anything else, including a plain date.
    public init?(parsing text: String) {
        let s = text.trimmedBlanks
        guard let parsed = Timestamp.parse(Array(s.utf8)) else { return nil }
        self = parsed
    }

    private static func parse(_ b: [UInt8]) -> Timestamp? {
        // YYYY-MM-DD?HH:MM:SS
        guard b.count >= 19, b[4] == 0x2D, b[7] == 0x2D, b[10] == 0x54 || b[10] == 0x20 || b[10] == 0x74,
            b[13] == 0x3A, b[16] == 0x3A,
            let year = digits(b, 0, 4), let month = digits(b, 5, 2), let day = digits(b, 8, 2),
            let hour = digits(b, 11, 2), let minute = digits(b, 14, 2), let second = digits(b, 17, 2),
            (1...12).contains(month), (1...LocalDate.daysIn(year: year, month: month)).contains(day),
            hour < 24, minute < 60, second < 61
        else { return nil }
        var i = 19
        var nanos: Int64 = 0
        if i < b.count, b[i] == 0x2E {  // fraction
            i += 1
            var scale: Int64 = 100_000_000
            let start = i
            while i < b.count, (0x30...0x39).contains(b[i]) {
                nanos += Int64(b[i] - 0x30) * scale
                scale /= 10
                i += 1
            }
            if i == start { return nil }
        }
        var offsetSeconds = 0
        let rest = String(decoding: b[i...], as: UTF8.self).trimmedBlanks
        switch rest {
        case "Z", "z", "UTC", "+00:00", "-00:00", "+0000":
            break
        default:
            let r = Array(rest.utf8)
            guard r.count == 6 || r.count == 5, r[0] == 0x2B || r[0] == 0x2D else { return nil }
            let hh = digits(r, 1, 2)
            let mm = r.count == 6 ? (r[3] == 0x3A ? digits(r, 4, 2) : nil) : digits(r, 3, 2)
            guard let hh, let mm else { return nil }
            offsetSeconds = (hh * 3600 + mm * 60) * (r[0] == 0x2D ? -1 : 1)
        }
        let days = LocalDate(year: year, month: month, day: day).daysSinceEpoch
        let secs = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offsetSeconds)
        return Timestamp(seconds: secs, nanoseconds: Int32(nanos))
    }

    private static func digits(_ b: [UInt8], _ start: Int, _ count: Int) -> Int? {
        guard start + count <= b.count else { return nil }
        var v = 0
        for k in start..<(start + count) {
            guard (0x30...0x39).contains(b[k]) else { return nil }
            v = v * 10 + Int(b[k] - 0x30)
        }
        return v
    }

    /// ISO 8601 in UTC with seconds, e.g. `2024-01-15T14:30:00Z`; stable, for data files.
    public var iso8601: String {
        let days = Int(floorDiv(seconds, 86_400))
        let rem = Int(seconds - Int64(days) * 86_400)
        let d = LocalDate(daysSinceEpoch: days)
        // Not String(format:): data files write one per report, and Foundation's formatting is slow.
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : String(n) }
        return "\(d.description)T\(two(rem / 3600)):\(two(rem % 3600 / 60)):\(two(rem % 60))Z"
    }
}

extension Timestamp {
    /// The instants gen takes as dates of field work: 1970-01-01 up to the end of 2200 (UTC). Anything else is a
    /// data problem (a value in milliseconds stored as seconds reads as the year 56,000); taking it as a date
    /// would put a report or critique tens of thousands of years from every other.
    public static let plausibleSeconds: Range<Int64> = 0..<7_289_654_400
    public static let plausibleYears = 1970...2200

    public var isPlausible: Bool { Self.plausibleSeconds.contains(seconds) }

    /// Whether the value, taken as milliseconds, would be a plausible instant: it was probably stored in the
    /// wrong unit.
    public var looksLikeMilliseconds: Bool { !isPlausible && Self.plausibleSeconds.contains(seconds / 1000) }

    /// Why the timestamp is not taken as a date, in words for a diagnostic.
    public var implausibleReason: String {
        "is outside \(Self.plausibleYears.lowerBound)–\(Self.plausibleYears.upperBound)"
            + (looksLikeMilliseconds ? " (it looks like milliseconds stored as seconds)" : "")
    }
}

extension LocalDate {
    public var isPlausible: Bool { Timestamp.plausibleYears.contains(year) }
}
