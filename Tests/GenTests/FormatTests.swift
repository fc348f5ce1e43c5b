import GenModel
@testable import GenPlan
import XCTest

/// How a day reads on pages: `Sep 3, 2024`, the same from a date as from its stored text.
final class FormatTests: XCTestCase {
    func testADayReadsTheSameFromADateAsFromItsText() {
        XCTAssertEqual(Format.day(LocalDate(year: 2024, month: 9, day: 3)), "Sep 3, 2024")
        XCTAssertEqual(Format.day(LocalDate(year: 987, month: 12, day: 31)), "Dec 31, 0987")
        XCTAssertEqual(Format.day("2024-09-03"), "Sep 3, 2024")
        XCTAssertEqual(Format.day("not a day"), "not a day")
        for year in [1999, 2024, 2025] {
            for month in 1...12 {
                for day in 1...LocalDate.daysIn(year: year, month: month) {
                    let date = LocalDate(year: year, month: month, day: day)
                    XCTAssertEqual(Format.day(date), Format.day(date.description), date.description)
                }
            }
        }
    }

    func testFiguresAreGroupedByThousandsWithASignOnlyWhereOneShows() {
        XCTAssertEqual(Format.grouped(12.5, decimals: 1), "12.5")
        XCTAssertEqual(Format.grouped(999.96, decimals: 1), "1,000.0")
        XCTAssertEqual(Format.grouped(1234567.25, decimals: 2), "1,234,567.25")
        XCTAssertEqual(Format.grouped(999, decimals: 0), "999")
        XCTAssertEqual(Format.grouped(1000, decimals: 0), "1,000")
        XCTAssertEqual(Format.grouped(-5, decimals: 1), "-5.0")
        XCTAssertEqual(Format.grouped(-1234.5, decimals: 1), "-1,234.5")
        XCTAssertEqual(Format.grouped(-0.0, decimals: 1), "0.0")
        XCTAssertEqual(Format.grouped(-0.04, decimals: 1), "0.0")
    }
}
