@testable import GenPlan
import XCTest

/// The running header's CSS string: text copied whole when nothing in it needs escaping, every character
/// that could end the string or the `<style>` element escaped otherwise.
final class CSSStringTests: XCTestCase {
    func testPlainTextIsQuotedWhole() {
        XCTAssertEqual(CSSString.literal(""), #""""#)
        XCTAssertEqual(CSSString.literal("Lumen · Monthly report: October 2024"), #""Lumen · Monthly report: October 2024""#)
        // U+2013 starts with the byte U+2028 starts with, and is kept as it is.
        XCTAssertEqual(CSSString.literal("Sep 1 – Sep 30 ✓ école"), #""Sep 1 – Sep 30 ✓ école""#)
    }

    func testEveryCharacterThatCouldEndTheStringOrElementIsEscaped() {
        XCTAssertEqual(CSSString.literal(#"a"b\c"#), #""a\"b\\c""#)
        XCTAssertEqual(CSSString.literal("</style><b>&"), #""\3c /style\3e \3c b\3e \26 ""#)
        XCTAssertEqual(CSSString.literal("line\nbreak\u{7F}\u{1}"), #""line\a break\7f \1 ""#)
        XCTAssertEqual(CSSString.literal("x\u{2028}y\u{2029}z – ok"), #""x\2028 y\2029 z – ok""#)
    }
}
