@testable import GenRender
import XCTest

/// User text in generated Markdown must stay text under any GFM renderer, even one that passes
/// raw HTML through: rendered with cmark-gfm in unsafe mode, no user text becomes markup.
final class MarkdownEscapingTests: XCTestCase {
    let cmark = MarkdownRenderer()

    /// A one-row Field | Value table with `value` in the cell, rendered unsafe.
    func cell(_ value: String) -> String {
        cmark.unsafeHTMLForTesting("| Field | Value |\n|---|---|\n| Notes | \(MarkdownEscaping.inline(value)) |\n")
    }

    /// Text the full pass writes keeps every scalar's bytes, of one to four bytes each.
    func testTheFullPassKeepsEveryScalar() {
        let scalars = "\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}"
        XCTAssertEqual(MarkdownEscaping.escaped("é*日😀" + scalars), "é\\*日😀" + scalars)
        var out: [UInt8] = []
        MarkdownContentType().escape("a*b é", into: &out)
        XCTAssertEqual(String(decoding: out, as: UTF8.self), "a\\*b é")
    }

    func testHostileTextStaysTextInATableCell() {
        let hostile = [
            "<script>alert(1)</script>", "<img src=x onerror=alert(2)>", "[click](javascript:alert(3))",
            "![pic](https://evil.example/x.png)", "**bold** _it_ ~~gone~~ `code`", "a | b | c", "back\\slash|pipe",
            "https://evil.example/path", "www.evil.example", "mail me: someone@evil.example", "&lt;b&gt; &amp; &#60;",
            "<https://evil.example>", "[ref]: https://evil.example", "{{template}}", "a\u{00A0}<b>nbsp</b>"
        ]
        for text in hostile {
            // An email address may become a mail link to exactly that address (GFM links it whatever the
            // escapes; what matters is that it reads, and copies, as typed); nothing else becomes a link.
            let html = cell(text).replacingOccurrences(
                of: #"<a href="mailto:someone@evil.example">someone@evil.example</a>"#,
                with: "someone@evil.example")
            XCTAssertFalse(html.contains("<script"), text)
            XCTAssertFalse(html.contains("<img"), text)
            XCTAssertFalse(html.contains("<a "), "\(text) became a link: \(html)")
            XCTAssertFalse(html.contains("<strong>") || html.contains("<em>") || html.contains("<del>") || html.contains("<code>"), text)
            XCTAssertFalse(html.contains("<b>"), text)
            // Still one row of exactly two cells.
            XCTAssertEqual(html.components(separatedBy: "<td>").count - 1, 2, "\(text): \(html)")
        }
        // The text itself survives, as text.
        XCTAssertTrue(cell("a | b").contains("<td>a | b</td>"))
        XCTAssertTrue(cell("<b>x</b>").contains("&lt;b&gt;x&lt;/b&gt;"))
        XCTAssertTrue(cell("2:30 PM at 24.8 miles").contains("<td>2:30 PM at 24.8 miles</td>"), "ordinary text reads as it is")
        // An email address is written as it is: copied from the file or a rendered view, it is the address.
        XCTAssertEqual(MarkdownEscaping.inline("ann.lee@example.com"), "ann.lee@example.com")
        XCTAssertTrue(cell("ann.lee@example.com").contains(">ann.lee@example.com</a>"))
    }

    func testLineStartsCannotOpenBlocks() {
        for text in ["# Heading", "- item", "+ item", "1. first", "2) second", "> quote", "    indented code", "---", "===", "```"] {
            let html = cmark.unsafeHTMLForTesting("- \(MarkdownEscaping.inline(text))\n")
            XCTAssertEqual(html.components(separatedBy: "<li>").count - 1, 1, "\(text): \(html)")
            XCTAssertFalse(
                html.contains("<h1") || html.contains("<ol") || html.contains("<blockquote") || html.contains("<pre")
                    || html.contains("<hr"), "\(text): \(html)")
            let heading = cmark.unsafeHTMLForTesting("## \(MarkdownEscaping.inline(text))\n")
            XCTAssertTrue(heading.hasPrefix("<h2>"), "\(text): \(heading)")
        }
    }

    func testLineBreaksStayInsideTheCell() {
        let html = cell("first line\nsecond | line\r\n- third\r# fourth")
        XCTAssertEqual(html.components(separatedBy: "<tr>").count - 1, 2, html)
        XCTAssertTrue(html.contains("first line<br>second | line<br>- third<br># fourth"), html)
    }
}

/// The shortcuts of the escapers: they must give exactly what the full passes give.
final class EscapingShortcutTests: XCTestCase {
    func testInertTextIsWhatTheFullPassLeavesAlone() {
        var generator = SystemRandomNumberGenerator()
        let inert = Array("abcXYZ019 ,'\"(;?%$/{}^")
        for _ in 0..<5_000 {
            let text = String((0..<Int.random(in: 0...12, using: &generator)).map { _ in inert.randomElement(using: &generator)! })
            guard MarkdownEscaping.isInert(text) else { continue }
            XCTAssertEqual(MarkdownEscaping.escaped(text), text, "«\(text)»")
        }
        for text in [" leading blank", "1. first", "a.b", "x-y", "a\nb", "Zoë", "x:y", "a@b"] {
            XCTAssertFalse(MarkdownEscaping.isInert(text), text)
            XCTAssertEqual(MarkdownEscaping.inline(text), MarkdownEscaping.escaped(text))
        }
    }

    func testAWwwAutolinkIsBrokenInAnyCase() {
        XCTAssertEqual(MarkdownEscaping.inline("see www.a.b"), "see www\\.a.b")
        XCTAssertEqual(MarkdownEscaping.inline("WwW.a"), "WwW\\.a")
        XCTAssertEqual(MarkdownEscaping.inline("ww.a"), "ww.a")
        XCTAssertEqual(MarkdownEscaping.inline("w*ww.a"), "w\\*ww.a")
    }

    func testHTMLEscapingEscapesTheFiveCharactersOnly() {
        XCTAssertEqual(
            HTMLEscaping.escape(#"<a href="x">Tom & Jerry's</a>"#),
            "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;")
        XCTAssertEqual(HTMLEscaping.escape("Zoë — 2 > 1 ✓"), "Zoë — 2 &gt; 1 ✓")
        XCTAssertEqual(HTMLEscaping.escape("plain text"), "plain text")
        XCTAssertEqual(HTMLEscaping.escape(""), "")
    }
}

extension EscapingShortcutTests {
    /// A partial starts again with the library's own HTML escaping unless it names ours, and a `{{<layout}}`
    /// child renders in the layout's: so the layout and every HTML partial name the content type.
    func testEveryHTMLTemplateNamesTheContentType() throws {
        let folder = TestSite.templates
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".mustache") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            if text.hasPrefix("{{<layout}}") || text.hasPrefix("{{% CONTENT_TYPE: MARKDOWN}}") { continue }
            XCTAssertTrue(text.hasPrefix("{{% CONTENT_TYPE: HTML}}\n"), "\(name) does not start with the HTML pragma")
        }
    }
}

/// The escaper reads Unicode scalars. Before, it read `Character`s; on text without combining marks both
/// must give the same bytes, and with one, the scalar reading escapes what a Markdown parser would see.
final class MarkdownEscapingScalarTests: XCTestCase {
    func testAgreesWithTheCharacterReadingOnTextWithoutCombiningMarks() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("aw W1.)-+=:/@#*_`[]<>|~&!\\ \t\n\r\u{2028}\u{85}é→😀9")
        for _ in 0..<20_000 {
            let text = String((0..<Int.random(in: 0...14, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            XCTAssertEqual(MarkdownEscaping.escaped(text), CharacterReading.escaped(text), "«\(text.debugDescription)»")
        }
    }

    func testAMarkFollowingPunctuationDoesNotHideIt() {
        let cmark = MarkdownRenderer()
        for text in ["*\u{301}bold*\u{301}", "[x\u{301}](javascript:alert(1))", "<\u{301}b>x</b>", "_\u{301}a_\u{301}"] {
            let escaped = MarkdownEscaping.inline(text)
            let html = cmark.unsafeHTMLForTesting("\(escaped)\n")
            XCTAssertFalse(html.contains("<em>") || html.contains("<a ") || html.contains("<b>"), "\(text.debugDescription): \(html)")
        }
        XCTAssertEqual(MarkdownEscaping.inline("*\u{301}"), "\\*\u{301}")
        XCTAssertEqual(MarkdownEscaping.inline("a\r\nb"), "a<br>b", "CR LF is one line break")
        XCTAssertEqual(MarkdownEscaping.inline("a\n\rb"), "a<br><br>b")
    }
}

/// The escaper as it was, a `Character` at a time: the reference the scalar reading is checked against.
private enum CharacterReading {
    static func escaped(_ text: String) -> String {
        var out = ""
        let characters = Array(text)
        var lineStart = true
        var onlyDigits = true
        var i = 0
        while i < characters.count {
            let c = characters[i]
            i += 1
            if c.isNewline {
                out += "<br>"
                lineStart = true
                onlyDigits = true
                continue
            }
            let isDigit = c.isASCII && c.isNumber
            let blankFollows = i >= characters.count || characters[i] == " " || characters[i] == "\t" || characters[i].isNewline
            if lineStart, c == " " || c == "\t" {
                out += c == " " ? "&#32;" : "&#9;"
            } else if MarkdownEscaping.always.contains(c)
                || (lineStart && c == "=")
                || (lineStart && (c == "-" || c == "+") && blankFollows)
                || (lineStart && c == "-" && i < characters.count && characters[i] == "-")
                || (!lineStart && onlyDigits && (c == "." || c == ")") && blankFollows)
                || (c == ":" && i + 1 < characters.count && characters[i] == "/" && characters[i + 1] == "/")
                || (c == "." && i - 1 >= 3 && characters[(i - 4)..<(i - 1)].allSatisfy { $0 == "w" || $0 == "W" })
            {
                out.append("\\")
                out.append(c)
            } else {
                out.append(c)
            }
            if !isDigit { onlyDigits = false }
            lineStart = false
        }
        return out
    }
}
