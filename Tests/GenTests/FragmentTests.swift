@testable import GenPlan
@testable import GenRender
import MustacheEngine
import XCTest

/// A report's body is a `Fragment`: rendered once, shown by several pages, fingerprinted once.
final class FragmentTests: XCTestCase {
    struct Page: Sendable, Encodable {
        var reports: [Fragment]
        var title: String
        var missing: String?
    }

    /// The built-ins and a day page showing its fragments through the report body, in HTML and Markdown.
    func templates() async throws -> TemplateRenderer {
        var files = TemplateFiles.builtIn
        files.templates["test-day"] = .init(
            text: "{{% CONTENT_TYPE: HTML}}{{#page}}{{#reports}}{{>partials/report-body}}{{/reports}}{{/page}}", file: "test-day")
        files.templates["test-day-md"] = .init(
            text: "{{% CONTENT_TYPE: MARKDOWN}}{{#page}}{{#reports}}{{>markdown/partials/report-body}}{{/reports}}{{/page}}",
            file: "test-day-md")
        return try TemplateRenderer.load(files)
    }

    func context(_ fragment: Fragment, title: String = "Day") -> PageContext {
        PageContext(
            siteTitle: "Site", title: title, root: "../", organization: nil, nav: [],
            page: Page(reports: [fragment, fragment], title: title, missing: nil))
    }

    private func fragment(note: String = "a <b>note</b>", made: Counter = Counter()) -> Fragment {
        Fragment(view: {
            made.increment()
            return ReportBody(
                facts: [.init(label: "Date", value: "Oct 3")], notes: [note], fields: RepeatedRows([]), hasFields: false,
                others: RepeatedRows([]), hasOthers: false, valid: true, problems: [], problemCount: "Valid")
        })
    }

    /// A fragment's fingerprint follows its content, the page around it and the template.
    func testFingerprintFollowsFragmentPageAndTemplate() async throws {
        let templates = try await templates()
        let a = templates.page(context(fragment()), template: "test-day").fingerprint
        XCTAssertEqual(a, templates.page(context(fragment()), template: "test-day").fingerprint)
        let c = templates.page(context(fragment(note: "another")), template: "test-day").fingerprint
        let d = templates.page(context(fragment(), title: "Other"), template: "test-day").fingerprint
        let e = templates.page(context(fragment()), template: "test-day-md").fingerprint
        XCTAssertEqual(Set([a, c, d, e]).count, 4)
    }

    /// Every page holding the fragment shares one value, made once and rendered once per partial (escaped
    /// for HTML once, for Markdown once).
    func testMadeOnceAndRenderedOncePerPartial() async throws {
        let templates = try await templates()
        let made = Counter()
        let shared = fragment(made: made)
        let page = templates.page(context(shared), template: "test-day")
        guard case .object(let root) = page.value, case .object(let body)? = root["page"], case .list(let list)? = body["reports"],
            case .shared(let first) = list[0], case .shared(let second) = list[1]
        else { return XCTFail("\(page.value)") }
        XCTAssertTrue(first === second, "one value for both uses")
        let html = try XCTUnwrap(templates.html(page.value, "test-day"))
        XCTAssertEqual(html.components(separatedBy: "a &lt;b&gt;note&lt;/b&gt;").count, 3, html)
        let markdown = try XCTUnwrap(templates.html(page.value, "test-day-md"))
        XCTAssertEqual(markdown.components(separatedBy: "> a \\<b\\>note\\</b\\>").count, 3, markdown)
        XCTAssertEqual(made.value, 1, "one context, one value for both templates")
        XCTAssertEqual(templates.memo.counts.made, 2, "the body once in HTML, once in Markdown")
    }

    /// A dictionary's entries come in a per-process order: its values have them in key order.
    func testDictionaryKeysAreSorted() throws {
        guard case .object(let object) = try PageValues().value(["b": 2, "c": 3, "a": 1]) else { return XCTFail("not an object") }
        XCTAssertEqual(object.entries.map { $0.0 }, ["a", "b", "c"])
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
}
