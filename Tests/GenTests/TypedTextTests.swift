import Foundation
@testable import GenPlan
@testable import GenRender
import XCTest

/// A critique's notes are text typed into a text box: shown verbatim, escaped, with their line breaks.
final class TypedTextTests: XCTestCase {
    func testAddressesBecomeLinksAndNothingElse() {
        let pieces = TypedText.pieces("See https://example.com/a_(b). Then (http://x.org/q?a=1), not javascript:alert(1) or https://")
        XCTAssertEqual(pieces.compactMap(\.href), ["https://example.com/a_(b)", "http://x.org/q?a=1"])
        XCTAssertEqual(pieces.map(\.text).joined(), "See https://example.com/a_(b). Then (http://x.org/q?a=1), not javascript:alert(1) or https://")
        XCTAssertNil(TypedText("  \n \n"))
        XCTAssertEqual(TypedText("\n\nfirst\n\n\nlast  \n\n")?.pieces.map(\.text).joined(), "first\n\n\nlast  ")
    }

    func testNotesAreShownAsTyped() async throws {
        let site = try TestSite()
        defer { site.remove() }
        let notes = [
            "c1": "<script>alert(1)</script> [click](javascript:alert(2)) crit-marker",
            "c2": "# of kids with eyes closed: 3",
            "c3": "<div>Retake scheduled</div>",
            "c4": "Line one\nLine two\n\n\nAfter two blank lines *not bold* see https://example.com/guide."
        ]
        try site.writeCollection("users", [Doc.user("u1", org: "o1", first: "Ann", last: "Lee")])
        try site.writeCollection("photoCritiques", notes.keys.sorted().map { Doc.critique($0, org: "o1", target: "u1", notes: notes[$0]!) })
        try await site.build()
        func escaped(_ s: String) -> String {
            s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
        }
        for (id, note) in notes where id != "c4" {
            let page = try site.text("o1/critiques/photo/\(id).html")
            XCTAssertTrue(page.contains(">\(escaped(note))</p>"), "\(id): \(page)")
        }
        let four = try site.text("o1/critiques/photo/c4.html")
        XCTAssertTrue(
            four.contains(
                "Line one\nLine two\n\n\nAfter two blank lines *not bold* see "
                    + "<a href=\"https://example.com/guide\" rel=\"nofollow noopener\">https://example.com/guide</a>.</p>"), four)
        let gallery = TestSite.allText(under: site.output.appendingPathComponent("o1/critiques"))
        XCTAssertTrue(gallery.contains("<span class=\"card-notes\">\(escaped(notes["c1"]!))</span>"), "the card preview shows the note")
        XCTAssertTrue(gallery.contains("<span class=\"card-notes\"># of kids with eyes closed: 3</span>"))
    }
}

extension TypedTextTests {
    /// The month's record (its page, its Markdown, and so its archive) keeps every critique's notes as typed.
    func testTheMonthKeepsTheNotesAsTyped() async throws {
        let site = try TestSite()
        defer { site.remove() }
        let note = "# of kids with eyes closed: 3\n<div>Retake</div> *not bold*\n\n\n\tindented [x](javascript:y)\nsee https://example.com/a."
        try site.writeCollection("users", [Doc.user("u1", org: "o1", first: "Ann", last: "Lee")])
        try site.writeCollection("photoCritiques", [Doc.critique("c1", org: "o1", target: "u1", notes: note)])
        try await site.build()
        let page = try site.text("o1/reports/monthly/2024-09/index.html")
        XCTAssertTrue(page.contains("Critique notes"))
        XCTAssertTrue(
            page.contains(
                "# of kids with eyes closed: 3\n&lt;div&gt;Retake&lt;/div&gt; *not bold*\n\n\n\tindented [x](javascript:y)\nsee "
                    + "<a href=\"https://example.com/a\" rel=\"nofollow noopener\">https://example.com/a</a>.</dd>"), page)
        // The Markdown, read by cmark-gfm (raw HTML allowed), is the note: its lines, no markup.
        let markdown = try site.text("o1/reports/monthly/2024-09/report.md")
        let html = MarkdownRenderer().unsafeHTMLForTesting(markdown)
        let start = try XCTUnwrap(html.range(of: "</strong></p>\n<p>"))
        let end = try XCTUnwrap(html.range(of: "</p>", range: start.upperBound..<html.endIndex))
        let shown = String(html[start.upperBound..<end.lowerBound]).replacingOccurrences(of: "<br />\n", with: "\n")
        XCTAssertEqual(
            shown,
            "# of kids with eyes closed: 3\n&lt;div&gt;Retake&lt;/div&gt; *not bold*\n\n\n\tindented [x](javascript:y)\nsee https://example.com/a.")
    }
}
