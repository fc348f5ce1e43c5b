import GenRender
import XCTest

final class MarkdownTests: XCTestCase {
    let md = MarkdownRenderer()

    func testGFMExtensions() {
        let html = md.html("| a | b |\n|:--|--:|\n| 1 | 2 |\n\n- [x] done\n- [ ] todo\n\n~~old~~ https://example.com\n")
        XCTAssertTrue(html.contains("<table>"))
        XCTAssertTrue(html.contains("style=\"text-align: right\""), html)
        XCTAssertFalse(html.contains("align=\""), "obsolete align attribute: \(html)")
        XCTAssertTrue(html.contains("type=\"checkbox\""))
        XCTAssertTrue(html.contains("<del>old</del>"))
        XCTAssertTrue(html.contains("<a href=\"https://example.com\">"))
    }

    func testTaskListBoxesAreNamedAndTypedLookAlikesStayText() {
        let html = md.html(
            "- [x] done\n- [ ] todo\n\nA typed <input type=\"checkbox\" disabled=\"\" /> and `<input type=\"checkbox\" disabled=\"\" />`\n")
        XCTAssertTrue(html.contains(#"<input type="checkbox" checked="" disabled="" aria-label="Done" /> done"#), html)
        XCTAssertTrue(html.contains(#"<input type="checkbox" disabled="" aria-label="Not done" /> todo"#), html)
        XCTAssertEqual(html.components(separatedBy: "aria-label").count - 1, 2, "only cmark's own boxes: \(html)")
        XCTAssertTrue(html.contains("<code>&lt;input type=&quot;checkbox&quot; disabled=&quot;&quot; /&gt;</code>"), html)
    }

    func testSafeModeDropsRawHTMLAndUnsafeLinks() {
        let html = md.html("<script>alert(1)</script>\n\nhi <img src=x onerror=alert(2)> [x](javascript:alert(3)) [y](JaVaScRiPt&#58;alert(4))\n")
        XCTAssertFalse(html.contains("<script"))
        XCTAssertFalse(html.contains("<img"))
        XCTAssertFalse(html.lowercased().contains("javascript:"))
        XCTAssertTrue(html.contains("<!-- raw HTML omitted -->"))
    }
}
