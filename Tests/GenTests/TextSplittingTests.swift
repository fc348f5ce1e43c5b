import Foundation
@testable import GenPlan
import GenSupport
import XCTest

/// Formatting and splitting done a byte or a scalar at a time give what Foundation's calls gave.
final class TextSplittingTests: XCTestCase {
    func testLinesSplitAsFoundationSplits() {
        let pieces = ["a", "é", "😀", "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}", " ", "\n\r", "e\u{301}"]
        var texts = ["", "\n", "\r\n", "a\r\nb", "\r\r\n\n", "one\r\ntwo\nthree\rfour"]
        var random = SystemRandomNumberGenerator()
        for _ in 0..<3_000 {
            texts.append((0..<Int.random(in: 0...12, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined())
        }
        for text in texts {
            let foundation = text.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: .newlines)
            XCTAssertEqual(FieldRow.lines(text), foundation, text.debugDescription)
        }
    }

    func testGroupedNumbers() {
        func reference(_ x: Double, _ decimals: Int) -> String {
            let text = FastFormat.fixed(abs(x), decimals: decimals)
            let parts = text.split(separator: ".", maxSplits: 1)
            var digits = Array(parts[0])
            var i = digits.count - 3
            while i > 0 {
                digits.insert(",", at: i)
                i -= 3
            }
            let whole = String(digits)
            return (x < 0 && text.contains(where: { $0 != "0" && $0 != "." }) ? "-" : "") + (parts.count > 1 ? "\(whole).\(parts[1])" : whole)
        }
        var values: [Double] = [0, -0.0, 1, -1, 999, 1000, -1000, 12_345.678, -0.004, 1e15, 123_456_789.5]
        for _ in 0..<2_000 { values.append(Double.random(in: -1e9...1e9)) }
        for x in values {
            for decimals in 0...2 { XCTAssertEqual(Format.grouped(x, decimals: decimals), reference(x, decimals), "\(x)") }
        }
        XCTAssertEqual(Format.grouped(1_234_567.891, decimals: 1), "1,234,567.9")
        XCTAssertEqual(Format.grouped(-1234, decimals: 0), "-1,234")
    }
}
