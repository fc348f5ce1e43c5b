import Foundation
import GenBuild
import GenPlan
@testable import GenRender
import GenTemplates
import XCTest

/// A section showing a value through a partial alone is rendered from kept texts where the value keeps them:
/// the templates say what is shown, the engine only decides how often it is rendered.
extension TemplateOverlayTests {
    /// The whole sample built with every kept section of the built-ins made plain (a comment inside the
    /// section, which the rewrite does not match): the same bytes.
    func testKeptSectionsRenderWhatTheTemplatesSay() async throws {
        let site = try TestSite()
        defer { site.remove() }
        let overlay = self
        var plain: [String: String] = [:]
        let section = try NSRegularExpression(pattern: #"(\{\{#([A-Za-z]+)\}\}\{\{>[A-Za-z/-]+\}\})(\{\{/\2\}\})"#)
        for (path, bytes) in BuiltInTemplates.files where path.hasSuffix(".mustache") {
            let text = String(decoding: bytes, as: UTF8.self)
            let made = section.stringByReplacingMatches(
                in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "$1{{! plain }}$3")
            if made != text { plain[path] = made }
        }
        let keptSections = [
            "layout.mustache", "critique-gallery.mustache", "partials/report.mustache", "partials/report-body.mustache",
            "markdown/partials/report.mustache", "markdown/partials/report-body.mustache"
        ]
        XCTAssertTrue(Set(keptSections).isSubset(of: Set(plain.keys)), "\(plain.keys.sorted())")
        let kept = try await overlay.build(site, into: "kept", templates: nil)
        let written = try await overlay.build(site, into: "plain", templates: try overlay.overlay(site, plain))
        try overlay.assertSameFiles(kept, written)
    }

    /// A themer restyles a field row by overriding its partial alone: every report body shows it.
    func testAnOverlaidRowPartialIsWhatReportsShow() async throws {
        let site = try TestSite()
        defer { site.remove() }
        let overlay = self
        let row = "{{% CONTENT_TYPE: HTML}}\n<tr class=\"my-row\"><th>{{label}}</th><td>{{>partials/field-value}}</td></tr>\n"
        let output = try await overlay.build(site, into: "themed", templates: try overlay.overlay(site, ["partials/field-row.mustache": row]))
        let reports = TestSite.files(under: output).filter { $0.contains("/reports/report/") && $0.hasSuffix(".html") }
        XCTAssertFalse(reports.isEmpty)
        for path in reports {
            let text = String(decoding: try Data(contentsOf: output.appendingPathComponent(path)), as: UTF8.self)
            XCTAssertTrue(text.contains("<tr class=\"my-row\"><th>"), path)
            XCTAssertFalse(text.contains("<th scope=\"row\">"), path)
        }
    }

}

final class KeptSectionsTests: XCTestCase {
    func rewritten(_ texts: [String: String]) -> [String: String] { KeptSections(texts, closures: TemplateClosures(texts: texts)).templates }

    /// Which sections are rewritten: after a content type, to a partial that looks names up only.
    func testWhatIsRewritten() {
        let row = "<td>{{label}}</td>"
        let page = "{{% CONTENT_TYPE: HTML}}<table>{{#rows}}{{> row}}{{/rows}}</table>"
        let made = rewritten(["page": page, "row": row])
        XCTAssertEqual(
            made["page"],
            "{{% CONTENT_TYPE: HTML}}<table>{{^rows.gen-kept-0}}{{#rows}}{{> row}}{{/rows}}{{/rows.gen-kept-0}}{{{rows.gen-text-0}}}</table>")
        XCTAssertEqual(made["row"], row)
        XCTAssertEqual(made[KeptSections.wrapper(0)] ?? "", "{{% CONTENT_TYPE: HTML}}{{#gen-row}}{{>row}}{{/gen-row}}")
        // Left as written: no content type before the section; a partial with a transform, or including one;
        // changed delimiters; a section with more than the partial; a section over `.`.
        for (page, texts) in [
            ("<table>{{#rows}}{{>row}}{{/rows}}</table>", ["row": row]),
            ("{{% CONTENT_TYPE: HTML}}{{#rows}}{{>row}}{{/rows}}", ["row": "{{#first()}}<td>{{label}}</td>{{/first()}}"]),
            ("{{% CONTENT_TYPE: HTML}}{{#rows}}{{>outer}}{{/rows}}", ["outer": "{{>row}}", "row": "{{uppercased(label)}}"]),
            ("{{% CONTENT_TYPE: HTML}}{{=<% %>=}}<%#rows%>{{#rows}}{{>row}}{{/rows}}<%/rows%>", ["row": row]),
            ("{{% CONTENT_TYPE: HTML}}{{#rows}}{{>row}}, {{/rows}}", ["row": row]),
            ("{{% CONTENT_TYPE: HTML}}{{#.}}{{>row}}{{/.}}", ["row": row]),
            ("{{% CONTENT_TYPE: HTML}}{{#rows}}{{>missing}}{{/rows}}", ["row": row])
        ] {
            var all = texts
            all["page"] = page
            XCTAssertEqual(rewritten(all), all, page)
        }
    }

    /// A kept section renders as the plain one: rows, an empty list, a missing value, a value that is not kept.
    func testAKeptSectionRendersAsThePlainOne() throws {
        struct Row: Encodable, Sendable { var label: String; var note: String? }
        struct Page: Encodable, Sendable {
            var rows: RepeatedRows
            var none: RepeatedRows
            var plain: [Row]
            var one: RepeatedBlock
        }
        var files = TemplateFiles(templates: [:], assets: [:])
        files.templates["row"] = .init(text: "<td>{{label}}{{#note}} ({{.}}){{/note}}</td>\n", file: "row")
        let sections = ["rows", "none", "plain", "one", "nothing"].map { "{{#\($0)}}{{>row}}{{/\($0)}}" }.joined(separator: "|")
        files.templates["kept"] = .init(text: "{{% CONTENT_TYPE: HTML}}" + sections, file: "kept")
        files.templates["plain"] = .init(
            text: "{{% CONTENT_TYPE: HTML}}" + sections.replacingOccurrences(of: "}}{{/", with: "}}{{! }}{{/"), file: "plain")
        let templates = try TemplateRenderer.load(files)
        let rows = [Row(label: "A <1>", note: "n"), Row(label: "B", note: nil), Row(label: "A <1>", note: "n")]
        let page = Page(
            rows: RepeatedRows(rows.map { RepeatedBlock($0) }), none: RepeatedRows([]), plain: rows,
            one: RepeatedBlock(Row(label: "C", note: "&")))
        let kept = try XCTUnwrap(templates.render(tree: try templates.tree(page, template: "kept").tree, template: "kept"))
        let plain = try XCTUnwrap(templates.render(tree: try templates.tree(page, template: "plain").tree, template: "plain"))
        XCTAssertEqual(kept, plain)
        let three = "<td>A &lt;1&gt; (n)</td>\n<td>B</td>\n<td>A &lt;1&gt; (n)</td>\n"
        XCTAssertEqual(kept, three + "||" + three + "|<td>C (&amp;)</td>\n|")
        XCTAssertEqual(templates.repeated.rendered, 3, "A, B and C once each")
    }
}
