import Foundation
import GenCompute
import GenModel
import GenSupport

/// How numbers and dates read on pages: fixed US English, so output never depends on the machine's locale.
public enum Format {
    private static let posix = Locale(identifier: "en_US_POSIX")

    /// `1234.5` → `1,234.5` (one decimal, grouped).
    public static func miles(_ x: Double) -> String { grouped(x, decimals: 1) }

    /// `1234.5` → `$1,234.50`.
    public static func money(_ x: Double) -> String {
        (x < 0 ? "-$" : "$") + grouped(abs(x), decimals: 2)
    }

    /// An amount in whole cents, as `money` writes dollars: `$1,234.50`.
    public static func money(_ x: Cents) -> String { money(x.dollars) }

    /// A rate in dollars: `0.67` → `$0.67`, `0.655` → `$0.655` (cents, and a fraction of a cent when set).
    public static func rate(_ x: Double) -> String {
        var text = FastFormat.fixed(x, decimals: 4)
        while text.hasSuffix("0"), let dot = text.firstIndex(of: "."), text.distance(from: dot, to: text.endIndex) > 3 { text.removeLast() }
        return "$" + text
    }

    /// The rates of `rates` (`only`: those periods) in words: `$0.67 per mile`, or with dated rates
    /// `$0.655 per mile; $0.67 per mile from Jan 1, 2024`. Nil without rates.
    public static func rates(_ rates: MileageRates, only: [Int]? = nil) -> String? {
        let shown = only ?? Array(rates.periods.indices)
        guard !shown.isEmpty else { return nil }
        return shown.map { i in
            let p = rates.periods[i]
            return rate(p.ratePerMile) + " per mile" + (p.from.map { " from " + day($0) } ?? "")
        }.joined(separator: "; ")
    }

    public static func integer(_ n: Int) -> String { grouped(Double(n), decimals: 0) }

    /// Thousands separated by commas, as bytes (every page shows numbers; a `Character` at a time was a
    /// noticeable part of a build).
    static func grouped(_ x: Double, decimals: Int) -> String {
        let fixed = FastFormat.fixed(abs(x), decimals: decimals)
        // Most figures (a leg's miles, a count) have no thousands to group and no sign: written as they are.
        if !(x < 0), fixed.utf8.prefix(while: { $0 != UInt8(ascii: ".") }).count <= 3 { return fixed }
        let text = Array(fixed.utf8)
        let dot = text.firstIndex(of: UInt8(ascii: ".")) ?? text.count
        var out: [UInt8] = []
        out.reserveCapacity(text.count + dot / 3 + 1)
        if x < 0, text.contains(where: { $0 != UInt8(ascii: "0") && $0 != UInt8(ascii: ".") }) { out.append(UInt8(ascii: "-")) }
        for i in 0..<dot {
            if i > 0, (dot - i) % 3 == 0 { out.append(UInt8(ascii: ",")) }
            out.append(text[i])
        }
        out += text[dot...]
        return String(decoding: out, as: UTF8.self)
    }

    private static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July",
        "August", "September", "October", "November", "December"
    ]
    private static let shortMonths = monthNames.map { String($0.prefix(3)) }

    /// `2024-09` → `September 2024`.
    public static func monthTitle(_ key: String) -> String {
        let parts = key.split(separator: "-")
        guard parts.count == 2, let m = Int(parts[1]), (1...12).contains(m) else { return key }
        return "\(monthNames[m - 1]) \(parts[0])"
    }

    /// `2024-09-03` → `Sep 3, 2024`.
    public static func day(_ date: LocalDate) -> String {
        guard (1...12).contains(date.month) else { return date.description }
        return shortMonths[date.month - 1] + " " + String(date.day) + ", " + FastFormat.padded(date.year, width: 4)
    }

    /// The same from `YYYY-MM-DD` text (a date as a data file stores it); other text as it is.
    public static func day(_ iso: String) -> String {
        let parts = iso.split(separator: "-")
        guard parts.count == 3, let m = Int(parts[1]), let d = Int(parts[2]), (1...12).contains(m) else { return iso }
        return "\(shortMonths[m - 1]) \(d), \(parts[0])"
    }

    /// A moment in `zone` as `Jan 15, 2024, 3:30 PM` (the critique viewer's format).
    public static func dateTime(_ ts: Timestamp, in zone: TimeZone) -> String {
        let c = LocalDateTime(ts, in: zone)
        let hour = c.hour % 12 == 0 ? 12 : c.hour % 12
        return
            "\(shortMonths[c.date.month - 1]) \(c.date.day), \(c.date.year), \(hour):\(FastFormat.padded(c.minute, width: 2)) \(c.hour < 12 ? "AM" : "PM")"
    }

    /// A moment in `zone` as `Jan 15, 2024`.
    public static func shortDate(_ ts: Timestamp, in zone: TimeZone) -> String {
        let c = LocalDate(ts, in: zone)
        return "\(shortMonths[c.month - 1]) \(c.day), \(c.year)"
    }

    /// A moment as an HTML `datetime` value with the zone's offset, e.g. `2024-01-15T15:30:00-06:00`.
    public static func machineDateTime(_ ts: Timestamp, in zone: TimeZone) -> String {
        let c = LocalDateTime(ts, in: zone)
        let offset = c.secondsFromGMT / 60
        let sign = offset < 0 ? "-" : "+"
        func two(_ n: Int) -> String { FastFormat.padded(n, width: 2) }
        return "\(c.date)T\(two(c.hour)):\(two(c.minute)):\(two(c.second))" + sign + "\(two(abs(offset) / 60)):\(two(abs(offset) % 60))"
    }

    /// `1` → `1 report`, `2` → `2 reports`.
    public static func count(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(integer(n)) \(n == 1 ? singular : plural ?? singular + "s")"
    }
}
