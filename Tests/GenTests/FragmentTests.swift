@testable import GenPlan
@testable import GenRender
import XCTest

/// A report's body is a `Fragment`: rendered once, shown by several pages, fingerprinted once.
final class FragmentTests: XCTestCase {
    struct Body: Sendable, Encodable {
        var facts: [ReportBody.Fact]
        var notes: [String]
        var valid: Bool
        var problems: [String]
        var problemCount: String
        var hasFields = false
        var hasOthers = false
        var counts: [String: Int]  // a dictionary: hashed from its sorted tree
        var route: String?  // the body template looks it up: a fragment without it would be rendered in place
    }

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

    func fragment(note: String = "a <b>note</b>") -> Fragment {
        Fragment(
            context: Body(
                facts: [.init(label: "Date", value: "Oct 3")], notes: [note], valid: true, problems: [],
                problemCount: "Valid", counts: ["b": 2, "a": 1, "c": 3]))
    }

    /// An incremental build hashes without building the tree; a clean build hashes while building it. Both
    /// must give the same fingerprint, or every page would look changed after a clean build.
    func testHashOnlyFingerprintEqualsTreeFingerprint() async throws {
        var clean = try await templates()
        var incremental = clean
        clean.rendersMostPages = true
        incremental.rendersMostPages = false
        let a = try clean.tree(context(fragment()), template: "test-day").fingerprint
        let b = try incremental.tree(context(fragment()), template: "test-day", buildTree: false).fingerprint
        XCTAssertEqual(a, b)
        // And any change shows: in the fragment, in the page, in the template.
        let c = try incremental.tree(context(fragment(note: "another")), template: "test-day", buildTree: false).fingerprint
        let d = try incremental.tree(context(fragment(), title: "Other"), template: "test-day", buildTree: false).fingerprint
        let e = try incremental.tree(context(fragment()), template: "test-day-md", buildTree: false).fingerprint
        XCTAssertEqual(Set([a, c, d, e]).count, 4)
    }

    /// Every page holding the fragment shares one object, rendered once per partial (escaped for HTML
    /// once, for Markdown once) from one tree; after its planned uses the texts are let go and, if asked
    /// again, rendered again to the same bytes.
    func testRenderedOnceSharedAndReleased() async throws {
        let templates = try await templates()
        let made = Counter()
        let shared = Fragment {
            made.increment()
            return Body(
                facts: [.init(label: "Date", value: "Oct 3")], notes: ["a <b>note</b>"], valid: true, problems: [],
                problemCount: "Valid", counts: [:])
        }
        for _ in 0..<4 { shared.addUse() }
        let tree = try templates.tree(context(shared), template: "test-day").tree
        let page = (tree as! MustacheNode).child(named: "page") as! MustacheNode
        let list = page.child(named: "reports") as! KeptList
        XCTAssertTrue(list.items[0] as! RenderedFragment === list.items[1] as! RenderedFragment, "one object for both uses")
        let html = try XCTUnwrap(templates.render(tree: tree, template: "test-day"))
        XCTAssertEqual(html.components(separatedBy: "a &lt;b&gt;note&lt;/b&gt;").count, 3, html)
        let markdown = try XCTUnwrap(templates.render(tree: tree, template: "test-day-md"))
        XCTAssertEqual(markdown.components(separatedBy: "> a \\<b\\>note\\</b\\>").count, 3, markdown)
        XCTAssertEqual(made.value, 1, "one context, one tree for both templates")
        XCTAssertEqual(templates.render(tree: tree, template: "test-day"), html, "rendered again after the planned uses")
        XCTAssertGreaterThan(made.value, 1, "from a context made again")
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
}
