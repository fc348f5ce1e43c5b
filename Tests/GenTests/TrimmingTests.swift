import Foundation
@testable import GenSupport
import XCTest

/// `trimmed` and `trimmedBlanks` replace Foundation's `trimmingCharacters(in:)` on hot paths: they must
/// give exactly the same strings, for every kind of blank Unicode has.
final class TrimmingTests: XCTestCase {
    /// Every scalar either set contains, some that neither does, and ordinary text.
    let pieces: [String] = [
        " ", "\t", "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{1680}", "\u{2000}", "\u{2007}", "\u{200A}",
        "\u{2028}", "\u{2029}", "\u{202F}", "\u{205F}", "\u{3000}", "\u{200B}", "\u{FEFF}", "\u{180E}", "\u{1C}", "\u{1F}",
        "a", "Ü", "e\u{301}", "日本", "👩‍👧", "0", "-", "\u{301}"
    ]

    func testSameAsFoundationOnRandomStrings() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let text = (0..<Int.random(in: 0...8, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            XCTAssertEqual(text.trimmed, text.trimmingCharacters(in: .whitespacesAndNewlines), "\(Array(text.unicodeScalars))")
            XCTAssertEqual(text.trimmedBlanks, text.trimmingCharacters(in: .whitespaces), "\(Array(text.unicodeScalars))")
            XCTAssertEqual(
                text.isBlankText, text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(Array(text.unicodeScalars))")
        }
    }

    func testEdges() {
        XCTAssertEqual("".trimmed, "")
        XCTAssertEqual(" \n\t ".trimmed, "")
        XCTAssertEqual(" \n a b \n ".trimmed, "a b")
        XCTAssertEqual(" \n a b \n ".trimmedBlanks, "\n a b \n")
        XCTAssertEqual("\u{3000}x\u{A0}".trimmed, "x")
        XCTAssertEqual(" x "[...].trimmed, "x")
        XCTAssertTrue("".isBlankText)
        XCTAssertTrue(" \n\u{3000}\u{200B}".isBlankText)
        XCTAssertFalse(" \u{FEFF} ".isBlankText)
        XCTAssertFalse(" a ".isBlankText)
    }
}

extension TrimmingTests {
    func testCustomSetAndCollapseAsFoundationAndRegex() {
        var rng = SystemRandomNumberGenerator()
        let separators = ",;:/|-–—()"
        // ICU's `\s` also matches some control characters (U+001C–U+001F, in some contexts): not white space here.
        let extra =
            pieces.filter { !$0.unicodeScalars.contains { (0x1C...0x1F).contains($0.value) || $0.value == 0x180E } }
            + separators.map(String.init)
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 0...8, using: &rng)).map { _ in extra.randomElement(using: &rng)! }.joined()
            let set = CharacterSet.whitespacesAndNewlines.union(CharacterSet(charactersIn: separators))
            XCTAssertEqual(
                text.trimmed(alsoTrimming: Set(separators.unicodeScalars)), text.trimmingCharacters(in: set),
                "\(Array(text.unicodeScalars))")
            XCTAssertEqual(
                text.collapsingWhitespace,
                text.replacingOccurrences(of: #"\s+"#, with: " ", options: .regularExpression), "\(Array(text.unicodeScalars))")
        }
    }
}
