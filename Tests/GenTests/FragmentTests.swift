@testable import GenModel
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
        try await TemplateRenderer.load(directory: TestSite.templates)
    }

    func context(_ fragment: Fragment, title: String = "Day") -> PageContext {
        PageContext(siteTitle: "Site", title: title, root: "../", organization: nil, nav: [],
                    page: Page(reports: [fragment, fragment], title: title, missing: nil))
    }

    func fragment(note: String = "a <b>note</b>") -> Fragment {
        Fragment(template: "partial-report-body",
                 context: Body(facts: [.init(label: "Date", value: "Oct 3")], notes: [note], valid: true, problems: [],
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
        let e = try incremental.tree(context(fragment()), template: "reports-day-md", buildTree: false).fingerprint
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
        let renderer = Renderer(templates: try await templates(), assetsDirectory: TestSite.templates)
        let file = PlannedFile(path: "org/reports/daily/x/index.html",
                               content: .page(template: "reports-day",
                                              context: context(Fragment(template: "no-such-partial", context: ["a": "b"]))))
        XCTAssertThrowsError(try renderer.render(file)) { error in
            XCTAssertEqual("\(error)", "Templates/no-such-partial.mustache: template not found (needed for org/reports/daily/x/index.html)")
        }
    }

    /// A keyed fragment (`FragmentKey`) counting how often its context is made.
    final class Made: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        var count: Int { lock.withLock { value } }
        func add() { lock.withLock { value += 1 } }
    }

    func keyed(_ digest: String = "report 1", made: Made, note: String = "a <b>note</b>") -> Fragment {
        var hasher = StableHasher()
        hasher.add(digest)
        return Fragment(template: "partial-report-body", key: FragmentKey(hasher.finalize(), renditions: FieldRow.renditions)) {
            made.add()
            return Body(facts: [.init(label: "Date", value: "Oct 3")], notes: [note], valid: true, problems: [],
                        problemCount: "Valid", counts: [:])
        }
    }

    /// An incremental build fingerprints a keyed fragment without making its context, to the fingerprint a
    /// clean build gives it (which makes the context once, to render it); the text is made when asked for.
    func testKeyedFragmentIsFingerprintedWithoutItsContext() async throws {
        var clean = try await templates()
        clean.sharedInputs = "inputs"
        var incremental = clean
        incremental.rendersMostPages = false
        let made = Made()
        let a = try incremental.tree(context(keyed(made: made)), template: "reports-day", buildTree: false).fingerprint
        XCTAssertEqual(made.count, 0, "the context is not made to fingerprint the fragment")
        let cleanMade = Made()
        let fragment = keyed(made: cleanMade)
        fragment.addUse()
        let tree = try clean.tree(context(fragment), template: "reports-day")
        XCTAssertEqual(a, tree.fingerprint)
        XCTAssertEqual(cleanMade.count, 1)
        let page = (tree.tree as! MustacheNode).child(named: "page") as! MustacheNode
        let text = ((page.child(named: "reports") as! [Any])[0] as! RenderedFragment).renderText
        XCTAssertTrue(text.contains("a &lt;b&gt;note&lt;/b&gt;"), text)
        // The context is the key's business: a different note under the same key is the same fingerprint.
        XCTAssertEqual(try incremental.tree(context(keyed(made: made, note: "other")), template: "reports-day", buildTree: false).fingerprint, a)
        // A fragment rendered in an incremental build makes its context then.
        let rendered = keyed(made: made)
        let leaf = try incremental.tree(context(rendered), template: "reports-day").tree
        let node = ((leaf as! MustacheNode).child(named: "page") as! MustacheNode).child(named: "reports") as! [Any]
        XCTAssertTrue((node[0] as! RenderedFragment).renderText.contains("a &lt;b&gt;note&lt;/b&gt;"))
        XCTAssertEqual(made.count, 1)
    }

    /// A keyed fragment's fingerprint follows its key, the build's shared inputs, its own template and the
    /// templates of the rows it shows, and nothing else: a changed template changes exactly the fragments
    /// that use it.
    func testKeyedFingerprintFollowsItsInputsAndItsTemplatesOnly() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keyed-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: TestSite.templates, to: folder)
        func fingerprint(_ digest: String = "report 1", template: String = "partial-report-body", inputs: String = "inputs") async throws -> String {
            var renderer = try await TemplateRenderer.load(directory: folder)
            renderer.sharedInputs = inputs
            var hasher = StableHasher()
            hasher.add(digest)
            return renderer.fingerprint(template, key: FragmentKey(hasher.finalize(), renditions: FieldRow.renditions))
        }
        func append(_ name: String) throws {
            let file = folder.appendingPathComponent("\(name).mustache")
            try (String(contentsOf: file, encoding: .utf8) + "\n").write(to: file, atomically: true, encoding: .utf8)
        }
        let base = try await fingerprint()
        let again = try await fingerprint()
        let otherKey = try await fingerprint("report 2")
        let otherInputs = try await fingerprint(inputs: "other inputs")
        let markdown = try await fingerprint(template: "partial-report-body-md")
        XCTAssertEqual(again, base)
        XCTAssertEqual(Set([base, otherKey, otherInputs, markdown]).count, 4)
        try append("stats-index")  // a template the body does not use
        let unrelated = try await fingerprint()
        XCTAssertEqual(unrelated, base)
        try append("partial-field-row")  // the HTML rows the HTML body shows, not the Markdown body
        let changed = try await fingerprint()
        let markdownAfter = try await fingerprint(template: "partial-report-body-md")
        XCTAssertNotEqual(changed, base)
        XCTAssertEqual(markdownAfter, markdown)
        try append("partial-report-body")
        let ownChanged = try await fingerprint()
        XCTAssertNotEqual(ownChanged, changed)
    }
}
