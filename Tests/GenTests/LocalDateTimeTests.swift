import Foundation
import GenModel
import XCTest

/// `LocalDateTime` counts days itself instead of asking Foundation's calendar: it must read every moment
/// exactly as the calendar does, in any zone, across DST changes, before 1970 and around the Julian switch.
final class LocalDateTimeTests: XCTestCase {
    private func calendarReading(_ t: Timestamp, _ zone: TimeZone) -> LocalDateTime {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: t.date)
        return LocalDateTime(
            date: LocalDate(year: c.year!, month: c.month!, day: c.day!), hour: c.hour!, minute: c.minute!,
            second: c.second!, secondsFromGMT: zone.secondsFromGMT(for: t.date))
    }

    /// Nanoseconds up to 999,999,000: see `testAMomentJustBeforeMidnightIsStillOnItsDay`.
    func testReadsEveryMomentAsFoundationsCalendarDoes() throws {
        let zones = try [
            "America/Chicago", "America/New_York", "Europe/London", "Asia/Kolkata", "Australia/Lord_Howe",
            "Pacific/Chatham", "America/St_Johns", "UTC", "Pacific/Kiritimati"
        ].map { name in
            try XCTUnwrap(TimeZone(identifier: name), name)
        }
        var generator = IncrementalBuildTests.SplitMix64(state: 42)
        var moments: [Timestamp] = [
            Timestamp(seconds: 0), Timestamp(seconds: -1), Timestamp(seconds: -86_400), Timestamp(seconds: -86_401, nanoseconds: 999_999_000),
            Timestamp(seconds: 1_710_054_000), Timestamp(seconds: 1_710_053_999),  // 2024-03-10 DST start in Chicago
            Timestamp(seconds: 1_730_613_600), Timestamp(seconds: 1_730_617_200),  // 2024-11-03 DST end
            Timestamp(seconds: -12_219_292_800), Timestamp(seconds: -12_219_206_400), Timestamp(seconds: -12_219_206_401),
            Timestamp(seconds: -62_135_596_800), Timestamp(seconds: 253_402_300_799)  // Firestore's first and last second
        ]
        for _ in 0..<4_000 {
            moments.append(
                Timestamp(
                    seconds: Int64.random(in: -13_000_000_000...4_000_000_000, using: &generator),
                    nanoseconds: Int32.random(in: 0...999_999_000, using: &generator)))
        }
        for zone in zones {
            for moment in moments {
                XCTAssertEqual(LocalDateTime(moment, in: zone), calendarReading(moment, zone), "\(moment) in \(zone.identifier)")
            }
        }
    }

    /// The one difference: the calendar reads a moment less than a microsecond before a whole second as that
    /// second (it rounds); a clock reads the second the moment is in.
    func testAMomentJustBeforeMidnightIsStillOnItsDay() {
        let reading = LocalDateTime(Timestamp(seconds: -86_401, nanoseconds: 999_999_999), in: TimeZone(identifier: "UTC")!)
        XCTAssertEqual(reading.date, LocalDate(year: 1969, month: 12, day: 30))
        XCTAssertEqual([reading.hour, reading.minute, reading.second], [23, 59, 59])
    }

    func testADayAndItsTimeOfDay() throws {
        let chicago = try XCTUnwrap(TimeZone(identifier: "America/Chicago"))
        let reading = LocalDateTime(Timestamp(seconds: 1_725_390_000), in: chicago)  // 2024-09-03T19:00:00Z
        XCTAssertEqual(reading.date, LocalDate(year: 2024, month: 9, day: 3))
        XCTAssertEqual([reading.hour, reading.minute, reading.second], [14, 0, 0])
    }
}
