import GenLoad
import GenModel
import XCTest

/// Sorting with `TextSortKey` gives exactly `DocumentID`'s byte order, whatever the ids.
final class TextSortKeyTests: XCTestCase {
    func testSortingWithTheKeysGivesByteOrder() {
        var random = SystemRandomNumberGenerator()
        // Short and long, with shared prefixes, NUL characters, non-ASCII letters, and letters followed by a
        // combining accent (canonically equal to the accented letter, which bytes are not).
        let pieces = ["a", "b", "Z", "0", "\u{0}", "é", "e\u{301}", "ab", "abcdefgh", "abcdefg", "ß", "😀", " ", "~", "\u{7F}"]
        var texts = ["", "abcdefgh", "abcdefghi", "abcdefgé", "abcdefge\u{301}", "abcdefgf", "ab\u{0}", "ab", "ab\u{0}x"]
        for _ in 0..<3_000 {
            texts.append((0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined())
        }
        let keyed = texts.map { DocumentID($0) }.map { ($0, TextSortKey($0)) }
        for (a, aKey) in keyed.prefix(300) {
            for (b, bKey) in keyed {
                XCTAssertEqual(
                    TextSortKey.precedes(a, aKey, b, bKey), a.text.utf8.lexicographicallyPrecedes(b.text.utf8),
                    "\(a.text.debugDescription) < \(b.text.debugDescription)")
            }
        }
        XCTAssertEqual(
            keyed.sorted { TextSortKey.precedes($0.0, $0.1, $1.0, $1.1) }.map { $0.0.text },
            texts.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    }
}
