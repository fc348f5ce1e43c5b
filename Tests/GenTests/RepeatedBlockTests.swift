import GenCompute
import GenModel
@testable import GenPlan
@testable import GenRender
import XCTest

/// A field row recurs on many reports: rendered once per distinct content and template, its text reused,
/// and still part of the fingerprint of every body that shows it.
final class RepeatedBlockTests: XCTestCase {
    struct Body: Sendable, Encodable {
        var fields: RepeatedRows
        var hasFields = true
    }

    func templates() async throws -> TemplateRenderer {
        try await TemplateRenderer.load(directory: TestSite.templates)
    }

    func row(_ label: String, _ value: FieldValue, origin: FormField.Origin = .entered) -> RepeatedBlock {
        FieldRow(FormField(id: label, label: label, type: "text", value: value, origin: origin)).block
    }

    func body(_ rows: [RepeatedBlock]) -> Body { Body(fields: RepeatedRows(rows)) }

    func testEqualRowsAreRenderedOnceAndShowTheSameText() async throws {
        let templates = try await templates()
        let jobType = { self.row("Job Type", .text("Picture <Day>")) }
        let first = try templates.tree(body([jobType(), row("Notes", .text("one"))]), template: "partials/report-body").tree
        let second = try templates.tree(body([jobType(), row("Notes", .text("two"))]), template: "partials/report-body").tree
        let a = try XCTUnwrap(templates.render(tree: first, template: "partials/report-body"))
        let b = try XCTUnwrap(templates.render(tree: second, template: "partials/report-body"))
        XCTAssertEqual(templates.repeated.rendered, 3, "the shared row once, each note once")
        let shared = "<tr><th scope=\"row\">Job Type</th><td>Picture &lt;Day&gt;\n</td></tr>\n"
        XCTAssertTrue(a.contains(shared), a)
        XCTAssertTrue(b.contains(shared), b)
        XCTAssertTrue(a.contains("<td>one\n</td>") && b.contains("<td>two\n</td>"))
        // The same rows through the Markdown template: one more text per distinct row.
        let md = try XCTUnwrap(templates.render(tree: first, template: "markdown/partials/report-body"))
        XCTAssertTrue(md.contains("| Job Type | Picture \\<Day\\> |"), md)
        XCTAssertEqual(templates.repeated.rendered, 5)
    }

    /// Rows that differ only in what a template shows of them (the origin) are different texts.
    func testRowsDifferingInOriginAreNotShared() async throws {
        let templates = try await templates()
        let tree = try templates.tree(
            body([row("Weather", .text("Clear")), row("Weather", .text("Clear"), origin: .automatic)]),
            template: "partials/report-body"
        ).tree
        let html = try XCTUnwrap(templates.render(tree: tree, template: "partials/report-body"))
        XCTAssertTrue(html.contains("<tr><th scope=\"row\">Weather</th><td>Clear\n</td></tr>"), html)
        XCTAssertTrue(
            html.contains("<tr><th scope=\"row\">Weather <span class=\"origin origin-automatic\">Automatic</span></th><td>Clear\n</td></tr>"), html)
        XCTAssertEqual(templates.repeated.rendered, 2)
    }

    /// A body's fingerprint covers its rows' content, with or without a tree built (incremental builds
    /// hash without one), and the rows' templates.
    func testRowsAreInTheFingerprintOfTheBodyShowingThem() async throws {
        var templates = try await templates()
        let rows = [row("Job Type", .text("Picture Day")), row("Photos", .text("845"))]
        let built = try templates.tree(body(rows), template: "partials/report-body").fingerprint
        templates.rendersMostPages = false
        let hashed = try templates.tree(body(rows), template: "partials/report-body", buildTree: false).fingerprint
        XCTAssertEqual(built, hashed)
        let changed = try templates.tree(
            body([rows[0], row("Photos", .text("846"))]), template: "partials/report-body",
            buildTree: false
        ).fingerprint
        XCTAssertNotEqual(changed, hashed)
        // The same rows under another row template: another fingerprint.
        let site = try TestSite()
        defer { site.remove() }
        let copy = site.root.appendingPathComponent("Templates")
        try FileManager.default.copyItem(at: TestSite.templates, to: copy)
        let url = copy.appendingPathComponent("partials/field-row.mustache")
        try Data(
            try String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: "<th scope=\"row\">", with: "<th scope=\"row\" class=\"x\">").utf8
        ).write(to: url)
        let other = try await TemplateRenderer.load(directory: copy)
        XCTAssertNotEqual(try other.tree(body(rows), template: "partials/report-body").fingerprint, built)
    }

    /// Every page of a section at one depth shows the same header: rendered once, and each page still
    /// shows its own navigation state.
    func testTheSiteHeaderIsRenderedOncePerSectionAndDepth() async throws {
        let templates = try await templates()
        func page(_ title: String, current: Int, root: String = "../../") throws -> String {
            let nav = ["Overview", "Reports", "Mileage"].enumerated().map {
                NavLink(title: $1, href: "\(root)\($1.lowercased())/index.html", current: $0 == current)
            }
            let context = PageContext(
                siteTitle: "Field <Reports>", title: title, root: root,
                organization: OrganizationLink(name: "Org & Co", id: "o"), nav: nav,
                page: ContentPageBody(html: "<p>\(title)</p>", hasOwnHeading: true))
            return try XCTUnwrap(templates.render(context, template: "content-page"))
        }
        let a = try page("A", current: 1), b = try page("B", current: 1), c = try page("C", current: 2)
        XCTAssertEqual(templates.repeated.rendered, 2, "one header for A and B, one for C")
        XCTAssertTrue(a.contains("<a class=\"brand\" href=\"../../index.html\">Org &amp; Co</a>"), a)
        XCTAssertTrue(a.contains("<li><a href=\"../../reports/index.html\" aria-current=\"page\">Reports</a></li>"), a)
        XCTAssertTrue(b.contains("<p>B</p>") && b.contains("aria-current=\"page\">Reports"))
        XCTAssertTrue(c.contains("<li><a href=\"../../mileage/index.html\" aria-current=\"page\">Mileage</a></li>"), c)
        XCTAssertTrue(c.contains("<title>C · Field &lt;Reports&gt;</title>"), c)
    }

    /// A body's rows are shown as one text per key, one row per line and in order, each row's text still
    /// rendered once; the order of the rows is part of the fingerprint.
    func testRowsAreShownTogetherInOrder() async throws {
        let templates = try await templates()
        let rows = [row("Job Type", .text("Picture Day")), row("Photos", .text("845")), row("Job Type", .text("Picture Day"))]
        let made = try templates.tree(body(rows), template: "partials/report-body")
        let html = try XCTUnwrap(templates.render(tree: made.tree, template: "partials/report-body"))
        let jobType = "<tr><th scope=\"row\">Job Type</th><td>Picture Day\n</td></tr>"
        let photos = "<tr><th scope=\"row\">Photos</th><td>845\n</td></tr>"
        XCTAssertTrue(html.contains(jobType + "\n" + photos + "\n" + jobType), html)
        XCTAssertEqual(templates.repeated.rendered, 2, "the repeated row once")
        let md = try XCTUnwrap(templates.render(tree: made.tree, template: "markdown/partials/report-body"))
        XCTAssertTrue(md.contains("|---|---|\n| Job Type | Picture Day |\n| Photos | 845 |\n| Job Type | Picture Day |\n"), md)
        let swapped = try templates.tree(body([rows[1], rows[0], rows[2]]), template: "partials/report-body").fingerprint
        XCTAssertNotEqual(swapped, made.fingerprint)
        // No rows: the section shows nothing.
        struct Empty: Encodable { var fields = RepeatedRows([]); var hasFields = true }
        let empty = try XCTUnwrap(
            templates.render(
                tree: try templates.tree(Empty(), template: "partials/report-body").tree,
                template: "partials/report-body"))
        XCTAssertTrue(empty.contains("<tbody>\n      \n    </tbody>"), empty)
    }

    /// A row partial that looks up a name its row lacks (the page's title) is rendered in place, as
    /// Mustache renders it: no text is kept for it.
    func testARowPartialReachingOutsideItsRowRendersInPlace() throws {
        var files = TemplateFiles.builtIn
        files.templates["test-page"] = .init(
            text: "{{% CONTENT_TYPE: HTML}}{{#page}}{{#fields}}{{>test-row}}{{/fields}}{{/page}}", file: "test-page")
        files.templates["test-row"] = .init(text: "<p>{{title}}: {{label}}</p>", file: "test-row")
        let templates = try TemplateRenderer.load(files)
        let context = PageContext(
            siteTitle: "Site", title: "Day <1>", root: "", organization: nil, nav: [],
            page: body([row("Job Type", .text("Picture Day")), row("Photos", .text("845"))]))
        let html = try XCTUnwrap(templates.render(context, template: "test-page"))
        XCTAssertEqual(html, "<p>Day &lt;1&gt;: Job Type</p><p>Day &lt;1&gt;: Photos</p>")
        XCTAssertEqual(templates.repeated.rendered, 1, "tried up to the first row, kept as not keepable")
        _ = templates.render(context, template: "test-page")
        XCTAssertEqual(templates.repeated.rendered, 1)
    }
}

/// What a template looks up decides which repeated blocks and fragments its pages depend on.
final class TemplateTagNamesTests: XCTestCase {
    func testTagNamesAreTheNamesLookedUp() {
        let names = TemplateClosures.tagNames(
            """
            {{% CONTENT_TYPE: HTML}}{{! a comment }}<p>{{title}} {{{html}}} {{& raw }}{{#a.b}}{{.}}{{/a.b}}{{^none}}{{/none}}</p>{{> partials/x}}{{<layout}}{{$block}}{{/block}}{{/layout}}
            """)
        // A closing tag names what it closes; a tag inside a comment counts too: more names only make a page
        // depend on more, never on less.
        XCTAssertEqual(names, ["title", "html", "raw", "a", "b", "none", "block", "layout"])
    }

    /// Tags found in runs of braces, at the ends of the text, and after characters of several bytes, as a
    /// search for `{{` through Foundation finds them.
    func testTagsAreFoundAsASearchForTwoBracesFindsThem() throws {
        func reference(_ text: String) -> Set<String> {
            var names: Set<String> = []
            var rest = Substring(text)
            while let open = rest.range(of: "{{") {
                rest = rest[open.upperBound...]
                var body = rest.drop { $0 == " " }.prefix { $0 != "}" }.drop { $0 == " " }
                guard let marker = body.first, !"!%><=".contains(marker) else { continue }
                if "{&#^/$".contains(marker) { body = body.dropFirst() }
                let name = body.drop { $0 == " " }.prefix { $0 != " " && $0 != "}" && $0 != "|" }
                for part in name.split(separator: ".") { names.insert(String(part)) }
            }
            return names
        }
        let pieces = ["{", "}", "{{", "}}", "a", "b.c", " ", "#", "^", "/", "é", "😀", "&", "!", ">", "x y"]
        var random = SystemRandomNumberGenerator()
        var texts = ["", "{", "{{", "{{{{", "{{a", "x{{a}}", "é{{b}}😀{{{c}}}", "{{ d }}{", "{{e}}{{"]
        for _ in 0..<2_000 {
            texts.append((0..<Int.random(in: 1...10, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined())
        }
        for name in try FileManager.default.contentsOfDirectory(atPath: TestSite.templates.path) where name.hasSuffix(".mustache") {
            texts.append(try String(contentsOf: TestSite.templates.appendingPathComponent(name), encoding: .utf8))
        }
        for text in texts { XCTAssertEqual(TemplateClosures.tagNames(text), reference(text), text.debugDescription) }
    }

    func testAClosureHasTheNamesOfItsPartials() async throws {
        let templates = try await TemplateRenderer.load(directory: TestSite.templates)
        let body = try XCTUnwrap(templates.repeated.names("partials/report-body"))
        XCTAssertTrue(body.contains("fields") && body.contains("label"), "its own names and its row partial's")
        let row = try XCTUnwrap(templates.repeated.names("partials/field-row"))
        XCTAssertTrue(row.contains("isEmpty"), "from partials/field-value, which the row includes")
    }
}

/// The texts of repeated blocks are bounded, and what keeps recurring stays.
final class RecentTextsTests: XCTestCase {
    func testBoundedAndKeepsWhatRecurs() {
        let texts = RecentTexts<Int>(limit: 4)
        var made = 0
        func get(_ key: Int) -> String? {
            texts.value(key) {
                made += 1; return "text \(key)"
            }
        }
        // A text asked for throughout (a job type) among ever new ones (a day's date).
        for day in 0..<100 {
            XCTAssertEqual(get(-1), "text -1")
            XCTAssertEqual(get(day), "text \(day)")
            XCTAssertLessThanOrEqual(texts.count, 8, "two generations of at most 4")
        }
        XCTAssertEqual(made, 101, "the recurring text made once, every new one once")
        XCTAssertEqual(get(99), "text 99", "a recent one is still there")
        XCTAssertEqual(made, 101)
        XCTAssertEqual(get(0), "text 0", "an old one is made again")
        XCTAssertEqual(made, 102)
    }
}

/// A block whose content encodes through nested containers (no synthesized conformance does) is keyed by
/// its whole content even though blocks are hashed without a tree.
final class RepeatedBlockNestedTests: XCTestCase {
    struct Nested: Sendable, Encodable {
        var label: String
        enum Keys: String, CodingKey { case label, inner }
        enum Inner: String, CodingKey { case text }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(label, forKey: .label)
            var inner = c.nestedContainer(keyedBy: Inner.self, forKey: .inner)
            try inner.encode(label, forKey: .text)
        }
    }

    func testNestedContentsAreNotConfused() async throws {
        let templates = try await TemplateRenderer.load(directory: TestSite.templates)
        func html(_ label: String) throws -> String {
            let block = RepeatedBlock(Nested(label: label))
            let tree = try templates.tree(RepeatedBlockTests.Body(fields: RepeatedRows([block])), template: "partials/report-body").tree
            return try XCTUnwrap(templates.render(tree: tree, template: "partials/report-body"))
        }
        XCTAssertTrue(try html("First").contains(">First<"))
        XCTAssertTrue(try html("Second").contains(">Second<"), "not the first block's text")
        XCTAssertEqual(templates.repeated.rendered, 2)
    }
}
