import GenModel
import GenSupport

/// One working day of the sample season, with everything the report loop needs about it
/// precomputed (there are at most a few thousand days, so this is cheap).
struct SampleDay {
    let date: LocalDate
    /// Unix seconds of local midnight in America/Chicago.
    let localMidnight: Int
    /// `2024-09-03`: the report's `date` field.
    let iso: String
    /// `9/3/2024`: the `date_auto` smart field's US format, as the app writes it.
    let us: String
}

/// Dates and times: which days reports fall on, and how times are written.
enum SampleCalendar {
    /// The day after Labor Day 2024: the start of the fall sports season the template is for.
    static let start = LocalDate(year: 2024, month: 9, day: 3)
    /// Reports always span at least three months (start … this day), however few there are.
    static let minimumEnd = LocalDate(year: 2024, month: 12, day: 3)
    /// About ten years of weekdays. Beyond that (huge --reports with few photographers)
    /// photographers file more than one report a day rather than dates running into the 2700s.
    static let maximumDays = 2_610

    /// How many working days the reports are spread over: one report per photographer per
    /// working day as far as possible, never less than three months.
    static func dayCount(reports: Int, photographers: Int) -> Int {
        let perPhotographer = (reports + photographers - 1) / photographers
        return max(minimumDays, min(maximumDays, perPhotographer))
    }

    static let minimumDays: Int = {
        var n = 0
        var day = start.daysSinceEpoch
        while day <= minimumEnd.daysSinceEpoch {
            if !isWeekend(epochDay: day) { n += 1 }
            day += 1
        }
        return n
    }()

    /// `count` consecutive weekdays from `start` (no holidays: a real office is closed on a
    /// few more days, but the data doesn't need to know).
    static func workdays(_ count: Int) -> [SampleDay] {
        var days: [SampleDay] = []
        days.reserveCapacity(count)
        var epochDay = start.daysSinceEpoch
        while days.count < count {
            if !isWeekend(epochDay: epochDay) {
                let date = LocalDate(daysSinceEpoch: epochDay)
                days.append(
                    SampleDay(
                        date: date, localMidnight: epochDay * 86_400 - chicagoUTCOffset(date),
                        iso: date.description, us: "\(date.month)/\(date.day)/\(date.year)"))
            }
            epochDay += 1
        }
        return days
    }

    /// 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday).
    static func weekday(epochDay: Int) -> Int { ((epochDay % 7) + 7 + 4) % 7 }

    static func isWeekend(epochDay: Int) -> Bool {
        let w = weekday(epochDay: epochDay)
        return w == 0 || w == 6
    }

    /// America/Chicago's UTC offset in seconds on a day, by the US rule in force since 2007
    /// (daylight time from the second Sunday in March to the first Sunday in November).
    /// Written out instead of asking Foundation's TimeZone so the bytes never depend on the
    /// machine's tz database; all sample times are between 8 AM and 7 PM, far from the 2 AM switch.
    static func chicagoUTCOffset(_ date: LocalDate) -> Int {
        let daylight = -5 * 3600, standard = -6 * 3600
        func firstSunday(month: Int) -> Int {
            let w = weekday(epochDay: LocalDate(year: date.year, month: month, day: 1).daysSinceEpoch)
            return 1 + (7 - w) % 7
        }
        switch date.month {
        case 4...10: return daylight
        case 3: return date.day >= firstSunday(month: 3) + 7 ? daylight : standard
        case 11: return date.day < firstSunday(month: 11) ? daylight : standard
        default: return standard
        }
    }

    /// `4:53 PM`: the `time_auto` smart field's US format, from seconds after local midnight.
    static func appendUSTime(secondOfDay: Int, to bytes: inout [UInt8]) {
        let hour = secondOfDay / 3600, minute = secondOfDay / 60 % 60
        let h12 = hour % 12 == 0 ? 12 : hour % 12
        if h12 >= 10 { bytes.append(UInt8(ascii: "1")) }
        bytes.append(UInt8(truncatingIfNeeded: 0x30 + h12 % 10))
        bytes.append(UInt8(ascii: ":"))
        appendPadded(minute, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: " "))
        bytes.append(hour < 12 ? UInt8(ascii: "A") : UInt8(ascii: "P"))
        bytes.append(UInt8(ascii: "M"))
    }

    /// BigQuery's text form, `2024-09-03 21:14:05.482113 UTC`.
    static func bigQueryTimestamp(seconds: Int, microseconds: Int) -> String {
        let day = Int(floorDiv(Int64(seconds), 86_400))
        let rem = seconds - day * 86_400
        let d = LocalDate(daysSinceEpoch: day)
        var b: [UInt8] = []
        b.reserveCapacity(30)
        appendPadded(d.year, width: 4, to: &b); b.append(UInt8(ascii: "-"))
        appendPadded(d.month, width: 2, to: &b); b.append(UInt8(ascii: "-"))
        appendPadded(d.day, width: 2, to: &b); b.append(UInt8(ascii: " "))
        appendPadded(rem / 3600, width: 2, to: &b); b.append(UInt8(ascii: ":"))
        appendPadded(rem / 60 % 60, width: 2, to: &b); b.append(UInt8(ascii: ":"))
        appendPadded(rem % 60, width: 2, to: &b); b.append(UInt8(ascii: "."))
        appendPadded(microseconds, width: 6, to: &b)
        b.append(contentsOf: " UTC".utf8)
        return String(decoding: b, as: UTF8.self)
    }

    /// Zero-padded decimal; values here always fit in `width` digits.
    static func appendPadded(_ value: Int, width: Int, to bytes: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(truncatingIfNeeded: 0x30 + value / divisor % 10))
            divisor /= 10
        }
    }
}
