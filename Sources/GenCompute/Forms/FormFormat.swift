import Foundation
import GenModel
import GenSupport

/// How numbers, money, dates and times read on report pages: fixed US English, computed by hand so the
/// output never depends on the machine's locale (GenCompute cannot use GenPlan's `Format`, and
/// `DateFormatter` output varies with ICU versions). Dates and times are always read in the
/// configured zone.
enum FormFormat {
    /// Numbers show at most this many decimals: enough for any value a person types, few enough to hide
    /// binary noise (`0.1 + 0.2` reads `0.3`).
    static let numberDecimals = 10

    /// `1234.5` → `1,234.5`; `-3` → `-3`; no trailing zeros.
    static func number(_ x: Double, maxDecimals: Int = numberDecimals) -> String {
        FormulaNumberFormat.display(x, maxDecimals: maxDecimals)
    }

    /// `1234.5` → `$1,234.50`, `-3` → `-$3.00`; half away from zero to cents; never `-$0.00`.
    static func money(_ x: Double) -> String {
        let digits = FormulaNumberFormat.display(abs(x), maxDecimals: 2)
        let parts = digits.split(separator: ".", maxSplits: 1)
        let cents = parts.count > 1 ? String(parts[1]) : ""
        let text = "$" + parts[0] + "." + cents + String(repeating: "0", count: 2 - cents.count)
        return x < 0 && text != "$0.00" ? "-" + text : text
    }

    /// `24.8` → `24.8 miles`: one decimal always, as the app writes mileage.
    static func miles(_ x: Double) -> String {
        let digits = FormulaNumberFormat.display(x, maxDecimals: 1)
        return (digits.contains(".") ? digits : digits + ".0") + " miles"
    }

    /// `37.7306, -88.9331` → `37.730600, -88.933100`: six decimals, as precise as the app stores them.
    static func coordinates(_ p: GeoPoint) -> String {
        String(format: "%.6f, %.6f", p.latitude, p.longitude)
    }

    // MARK: Numbers in text

    /// Text that is a number as people type one: `12`, `-3.5`, `1,234.5` (grouping commas in the right
    /// places only), surrounding spaces allowed. No units.
    static let groupedNumber = try! NSRegularExpression(pattern: #"^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$"#)

    static func parseNumber(_ text: String) -> Double? {
        let t = text.trimmed
        guard !t.isEmpty else { return nil }
        if t.contains(",") {
            guard Self.groupedNumber.matchesWhole(t) else { return nil }
            return Double(t.replacingOccurrences(of: ",", with: "")).flatMap { $0.isCountable ? $0 : nil }
        }
        guard let x = FormulaNumberFormat.parse(t), x.isCountable else { return nil }
        return x
    }

    /// A money amount as typed: a number with an optional `$` before or after the sign
    /// (`$1,234.50`, `-$3`, `$-3`).
    static func parseMoney(_ text: String) -> Double? {
        var t = text.trimmed
        var negative = false
        if t.hasPrefix("-") { negative = true; t.removeFirst() } else if t.hasPrefix("+") { t.removeFirst() }
        if t.hasPrefix("$") { t.removeFirst() }
        guard !t.isEmpty, let x = parseNumber(t) else { return nil }
        if negative && (t.hasPrefix("-") || t.hasPrefix("+")) { return nil }  // "--3"
        return negative ? -x : x
    }

    // MARK: Dates

    private static let shortMonths = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `Jul 8, 2025`.
    static func mediumDate(_ d: LocalDate) -> String { "\(shortMonths[d.month - 1]) \(d.day), \(d.year)" }

    /// `7/8/2025`.
    static func usDate(_ d: LocalDate) -> String { "\(d.month)/\(d.day)/\(d.year)" }

    /// `2025-07-08`.
    static func isoDate(_ d: LocalDate) -> String { d.description }

    /// A moment in `zone` as `Jul 8, 2025, 2:30 PM`: how generic layouts show timestamps, so the time of
    /// day a stored timestamp carries is not dropped.
    static func dateTime(_ t: Timestamp, in zone: TimeZone) -> String {
        let (day, time) = local(t, in: zone)
        return mediumDate(day) + ", " + time.twelveHour
    }

    /// The local day and time of day of a moment in a zone (DST-aware: `LocalDateTime`).
    static func local(_ t: Timestamp, in zone: TimeZone) -> (LocalDate, TimeOfDay) {
        let local = LocalDateTime(t, in: zone)
        return (local.date, TimeOfDay(hour: local.hour, minute: local.minute))
    }

    /// A date as stored in a `date` field: `2025-07-08`, an ISO timestamp (its day in `zone`),
    /// `2025-07-08T14:30:00` without an offset (its own day), or `7/8/2025`. Nil for anything else.
    static func parseDate(_ text: String, in zone: TimeZone) -> LocalDate? {
        let t = text.trimmed
        if let d = LocalDate(iso: t) { return d }
        if let ts = Timestamp(parsing: t) { return LocalDate(ts, in: zone) }
        if t.count > 10, let d = LocalDate(iso: String(t.prefix(10))),
            let sep = t.dropFirst(10).first, sep == "T" || sep == " ",
            parseTime(String(t.dropFirst(11))) != nil
        {
            return d
        }
        let parts = t.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 3, parts[2].count == 4, (1...2).contains(parts[0].count), (1...2).contains(parts[1].count),
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let m = Int(parts[0]), let d = Int(parts[1]), let y = Int(parts[2]),
            (1...12).contains(m), (1...LocalDate.daysIn(year: y, month: m)).contains(d)
        {
            return LocalDate(year: y, month: m, day: d)
        }
        return nil
    }

    // MARK: Times

    /// A time as stored in a `time` field: `14:30`, `14:30:00`, `2:30 PM`, `2:30pm`, or an ISO timestamp
    /// (its time in `zone` — see `parseTime(_:in:)`). Nil for anything else.
    static func parseTime(_ text: String) -> TimeOfDay? {
        var t = text.trimmed.uppercased()
        var meridiem: String?
        for suffix in ["AM", "PM", "A.M.", "P.M."] where t.hasSuffix(suffix) {
            meridiem = String(suffix.first!)
            t = String(t.dropLast(suffix.count)).trimmedBlanks
            break
        }
        let parts = t.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count),
            parts.allSatisfy({ !$0.isEmpty && $0.count <= 2 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            parts.dropFirst().allSatisfy({ $0.count == 2 }),
            var hour = Int(parts[0]), let minute = Int(parts[1]), minute < 60,
            parts.count == 2 || Int(parts[2])! < 60
        else { return nil }
        if let meridiem {
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + (meridiem == "P" ? 12 : 0)
        }
        guard hour < 24 else { return nil }
        return TimeOfDay(hour: hour, minute: minute)
    }

    static func parseTime(_ text: String, in zone: TimeZone) -> TimeOfDay? {
        if let time = parseTime(text) { return time }
        if let ts = Timestamp(parsing: text.trimmed) { return local(ts, in: zone).1 }
        return nil
    }
}

/// A time of day, minutes precision: what `time` fields and `time_auto` show.
struct TimeOfDay: Equatable {
    var hour: Int
    var minute: Int

    /// `2:30 PM`, `12:05 AM`.
    var twelveHour: String {
        let h = hour % 12 == 0 ? 12 : hour % 12
        return "\(h):" + (minute < 10 ? "0" : "") + "\(minute) " + (hour < 12 ? "AM" : "PM")
    }

    /// `14:30`, `09:05`.
    var twentyFourHour: String {
        (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }
}
