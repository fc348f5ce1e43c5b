@testable import GenCompute
import XCTest

/// A job type is spelled as the template's option it matches (trimmed, case-insensitive), the first such
/// option winning; the one-value scan a page uses gives what the table the statistics use gives.
final class OptionSpellingTests: XCTestCase {
    func testTheScanSpellsAsTheTable() {
        let options = ["fall sports", " Fall Sports ", "Picture Day", "", "  ", "PICTURE day", "Retake", "Ñandú Club"]
        let values = [
            "Fall Sports", "FALL SPORTS ", "picture day", "Picture Day", "retake", "Retakes", "", "  ", "ñandú club",
            "Graduation"
        ]
        for value in values {
            XCTAssertEqual(OptionSpelling.canonical(value, among: options), OptionSpelling(options).canonical(value), value)
        }
        XCTAssertEqual(OptionSpelling.canonical(" Fall Sports", among: options), "fall sports")
        XCTAssertEqual(OptionSpelling.canonical(" Graduation ", among: options), "Graduation")
        XCTAssertEqual(OptionSpelling.canonical("picture day", among: []), "picture day")
    }

    func testRandomOptionsAndValues() {
        var random = SystemRandomNumberGenerator()
        let words = ["a", "A", " a", "b ", "B", "ab", "Ab", "", " ", "é", "É", "ß", "SS"]
        for _ in 0..<500 {
            let options = (0..<Int.random(in: 0...5, using: &random)).map { _ in words.randomElement(using: &random)! }
            let value = words.randomElement(using: &random)! + (Bool.random(using: &random) ? words.randomElement(using: &random)! : "")
            XCTAssertEqual(
                OptionSpelling.canonical(value, among: options), OptionSpelling(options).canonical(value), "\(options) \(value)")
        }
    }
}
