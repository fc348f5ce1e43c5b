import GenCompute
import GenModel
@testable import GenPlan
@testable import GenRender
import MustacheEngine
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
        let first = try templates.page(body([jobType(), row("Notes", .text("one"))]), template: "partials/report-body").value
        let second = try templates.page(body([jobType(), row("Notes", .text("two"))]), template: "partials/report-body").value
        let a = try XCTUnwrap(templates.html(first, "partials/report-body"))
        let b = try XCTUnwrap(templates.html(second, "partials/report-body"))
        XCTAssertEqual(templates.memo.counts.made, 3, "the shared row once, each note once")
        let shared = "<tr><th scope=\"row\">Job Type</th><td>Picture &lt;Day&gt;\n</td></tr>\n"
        XCTAssertTrue(a.contains(shared), a)
        XCTAssertTrue(b.contains(shared), b)
        XCTAssertTrue(a.contains("<td>one\n</td>") && b.contains("<td>two\n</td>"))
        // The same rows through the Markdown template: one more text per distinct row.
        let md = try XCTUnwrap(templates.html(first, "markdown/partials/report-body"))
        XCTAssertTrue(md.contains("| Job Type | Picture \\<Day\\> |"), md)
        XCTAssertEqual(templates.memo.counts.made, 5)
    }

    /// Rows that differ only in what a template shows of them (the origin) are different texts.
    func testRowsDifferingInOriginAreNotShared() async throws {
        let templates = try await templates()
        let tree = try templates.page(
            body([row("Weather", .text("Clear")), row("Weather", .text("Clear"), origin: .recomputed)]),
            template: "partials/report-body"
        ).value
        let html = try XCTUnwrap(templates.html(tree, "partials/report-body"))
        XCTAssertTrue(html.contains("<tr><th scope=\"row\">Weather</th><td>Clear\n</td></tr>"), html)
        XCTAssertTrue(
            html.contains("<tr><th scope=\"row\">Weather <span class=\"origin origin-recomputed\">Recomputed</span></th><td>Clear\n</td></tr>"),
            html)
        XCTAssertEqual(templates.memo.counts.made, 2)
    }

    /// A body's fingerprint covers its rows' content and the rows' templates.
    func testRowsAreInTheFingerprintOfTheBodyShowingThem() async throws {
        let templates = try await templates()
        let rows = [row("Job Type", .text("Picture Day")), row("Photos", .text("845"))]
        let built = try templates.page(body(rows), template: "partials/report-body").fingerprint
        let hashed = try templates.page(body(rows), template: "partials/report-body").fingerprint
        XCTAssertEqual(built, hashed, "equal values, equal fingerprints")
        let changed = try templates.page(body([rows[0], row("Photos", .text("846"))]), template: "partials/report-body").fingerprint
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
        XCTAssertNotEqual(try other.page(body(rows), template: "partials/report-body").fingerprint, built)
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
        XCTAssertEqual(templates.memo.counts.made, 2, "one header for A and B, one for C")
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
        let made = try templates.page(body(rows), template: "partials/report-body")
        let html = try XCTUnwrap(templates.html(made.value, "partials/report-body"))
        let jobType = "<tr><th scope=\"row\">Job Type</th><td>Picture Day\n</td></tr>"
        let photos = "<tr><th scope=\"row\">Photos</th><td>845\n</td></tr>"
        XCTAssertTrue(html.contains(jobType + "\n" + photos + "\n" + jobType), html)
        XCTAssertEqual(templates.memo.counts.made, 2, "the repeated row once")
        let md = try XCTUnwrap(templates.html(made.value, "markdown/partials/report-body"))
        XCTAssertTrue(md.contains("|---|---|\n| Job Type | Picture Day |\n| Photos | 845 |\n| Job Type | Picture Day |\n"), md)
        let swapped = try templates.page(body([rows[1], rows[0], rows[2]]), template: "partials/report-body").fingerprint
        XCTAssertNotEqual(swapped, made.fingerprint)
        // No rows: the section shows nothing.
        struct Empty: Encodable { var fields = RepeatedRows([]); var hasFields = true }
        let empty = try XCTUnwrap(templates.html(try templates.page(Empty(), template: "partials/report-body").value, "partials/report-body"))
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
        XCTAssertEqual(templates.memo.counts.made, 0, "no text kept for a row whose partial reached outside it")
        XCTAssertEqual(try templates.render(context, template: "test-page"), html)
        XCTAssertEqual(templates.memo.counts.made, 0)
    }
}

/// What a template looks up decides which shared values its pages depend on.
final class TemplateTagNamesTests: XCTestCase {
    func testAClosureHasTheNamesOfItsPartials() async throws {
        let templates = try await TemplateRenderer.load(directory: TestSite.templates)
        let body = try XCTUnwrap(templates.closures.names["partials/report-body"])
        XCTAssertTrue(body.contains("fields") && body.contains("label"), "its own names and its row partial's")
        let row = try XCTUnwrap(templates.closures.names["partials/field-row"])
        XCTAssertTrue(row.contains("isEmpty"), "from partials/field-value, which the row includes")
    }

    /// A partial the templates lack is refused when they load, at its tag (it would render as nothing); once
    /// there, it renders, and the page's closure hash covers it.
    func testAMissingPartialIsRefusedAtItsTag() throws {
        var files = TemplateFiles.builtIn
        files.templates["test-page"] = .init(text: "<p>{{>test-missing}}</p>", file: "test-page.mustache")
        XCTAssertThrowsError(try TemplateRenderer.load(files)) { error in
            let input = error as? InputError
            XCTAssertEqual(input?.file, "test-page.mustache")
            XCTAssertEqual(input?.line, 1)
            XCTAssertEqual(input?.column, 4)
            XCTAssertTrue(input?.message.hasPrefix("{{>test-missing}} names no template") ?? false, "\(error)")
        }
        files.templates["test-missing"] = .init(text: "now here", file: "test-missing.mustache")
        let with = try TemplateRenderer.load(files)
        files.templates["test-missing"] = .init(text: "changed", file: "test-missing.mustache")
        XCTAssertNotEqual(try TemplateRenderer.load(files).closureHash("test-page"), with.closureHash("test-page"))
        XCTAssertEqual(
            try with.render(PageContext(siteTitle: "", title: "", root: "", organization: nil, nav: [], page: ""), template: "test-page"),
            "<p>now here</p>")
    }
}

extension TemplateRenderer {
    /// Values rendered with a template, as text.
    func html(_ value: MustacheValue, _ template: String) -> String? {
        (try? render(value, template: template, path: template))?.map { String(decoding: $0, as: UTF8.self) }
    }
}
