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
    }

    struct Page: Sendable, Encodable {
        var reports: [Fragment]
        var title: String
        var missing: String?
    }

    func templates() async throws -> TemplateRenderer {
        try TemplateRenderer.load(.builtIn)
    }

    func context(_ fragment: Fragment, title: String = "Day") -> PageContext {
        PageContext(
            siteTitle: "Site", title: title, root: "../", organization: nil, nav: [],
            page: Page(reports: [fragment, fragment], title: title, missing: nil))
    }

    func fragment(note: String = "a <b>note</b>") -> Fragment {
        Fragment(
            template: "partials/report-body",
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
        let a = try clean.tree(context(fragment()), template: "reports-day").fingerprint
        let b = try incremental.tree(context(fragment()), template: "reports-day", buildTree: false).fingerprint
        XCTAssertEqual(a, b)
        // And any change shows: in the fragment, in the page, in the template.
        let c = try incremental.tree(context(fragment(note: "another")), template: "reports-day", buildTree: false).fingerprint
        let d = try incremental.tree(context(fragment(), title: "Other"), template: "reports-day", buildTree: false).fingerprint
        let e = try incremental.tree(context(fragment()), template: "markdown/reports-day", buildTree: false).fingerprint
        XCTAssertEqual(Set([a, c, d, e]).count, 4)
    }

    /// Every page holding the fragment shares one rendered text, escaped for HTML once; after its planned
    /// uses the text is dropped and, if asked again, rendered again to the same bytes.
    func testRenderedOnceSharedAndReleased() async throws {
        let templates = try await templates()
        let shared = fragment()
        shared.addUse()
        shared.addUse()
        let tree = try templates.tree(context(shared), template: "reports-day").tree
        let page = (tree as! MustacheNode).child(named: "page") as! MustacheNode
        let leaves = page.child(named: "reports") as! [Any]
        let first = leaves[0] as! RenderedFragment
        XCTAssertTrue(first === leaves[1] as! RenderedFragment, "one object for both uses")
        let text = first.renderText
        XCTAssertTrue(text.contains("a &lt;b&gt;note&lt;/b&gt;"), text)
        XCTAssertEqual(first.renderText, text)
        XCTAssertEqual(first.renderText, text, "rendered again after the planned uses")
    }

    func testMissingFragmentTemplateNamesTheFile() async throws {
        let renderer = Renderer(templates: try await templates())
        let file = PlannedFile(
            path: "org/reports/daily/x/index.html",
            content: .page(
                template: "reports-day",
                context: context(Fragment(template: "no-such-partial", context: ["a": "b"]))))
        XCTAssertThrowsError(try renderer.render(file)) { error in
            XCTAssertEqual("\(error)", "Templates/no-such-partial.mustache: template not found (needed for org/reports/daily/x/index.html)")
        }
    }

}
