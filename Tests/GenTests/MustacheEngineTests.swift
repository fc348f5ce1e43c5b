import Foundation
import MustacheEngine
import XCTest

/// What gen's engine does beyond the specification's tests: its refusals, named by template, line and column;
/// content types; and the memo of shared values.
final class MustacheEngineTests: XCTestCase {
    func render(_ template: String, _ value: MustacheValue, partials: [String: String] = [:], memo: MustacheMemo? = nil) throws -> String {
        var templates = partials
        templates["page"] = template
        let library = try MustacheLibrary(templates: templates)
        return String(decoding: try XCTUnwrap(try library.render("page", value, memo: memo)), as: UTF8.self)
    }

    func error(_ template: String, partials: [String: String] = [:]) -> MustacheError? {
        var templates = partials
        templates["page"] = template
        do {
            _ = try MustacheLibrary(templates: templates)
            return nil
        } catch {
            return error
        }
    }

    /// The five characters as entities, everything else byte for byte, around and between them.
    func testHTMLEscapingKeepsEveryOtherByte() {
        func escaped(_ text: String) -> String {
            var out: [UInt8] = Array("x".utf8)
            MustacheLibrary.escapeHTML(text, &out)
            return String(decoding: out, as: UTF8.self)
        }
        XCTAssertEqual(escaped(""), "x")
        XCTAssertEqual(escaped("Plain text · école 日本"), "xPlain text · école 日本")
        XCTAssertEqual(escaped("<>&\"'"), "x&lt;&gt;&amp;&quot;&#39;")
        XCTAssertEqual(escaped("a<b>c&&d\"e'f"), "xa&lt;b&gt;c&amp;&amp;d&quot;e&#39;f")
        XCTAssertEqual(escaped("é<é"), "xé&lt;é")
        let long = String(repeating: "ab<", count: 1000)
        XCTAssertEqual(escaped(long), "x" + String(repeating: "ab&lt;", count: 1000))
    }

    func testRefusalsNameTemplateLineAndColumn() throws {
        let cases: [(String, Int, Int, String)] = [
            ("<p>\n  {{#a}}x{{/b}}", 2, 10, "{{/b}} where {{/a}} was expected"),
            ("ok\n{{#a}}\nnever closed", 2, 1, "{{#a}} is never closed"),
            ("{{/a}}", 1, 1, "closes nothing"),
            ("é {{name", 1, 3, "unclosed tag"),
            ("{{lowercased(name)}}", 1, 1, "transforms"),
            ("{{>*dynamic}}", 1, 1, "dynamic partials"),
            ("{{% CONTENT_TYPE: XML}}", 1, 1, "unknown content type XML"),
            ("{{% FOO}}", 1, 1, "unknown pragma"),
            ("{{a b}}", 1, 1, "no spaces"),
            ("{{}}", 1, 1, "empty tag"),
            ("{{=<% %>=}}<%a.%>", 1, 12, "empty part"),
            ("{{= x =}}", 1, 1, "two delimiters")
        ]
        for (template, line, column, message) in cases {
            let error = try XCTUnwrap(self.error(template), template)
            XCTAssertEqual(error.template, "page")
            XCTAssertEqual(error.line, line, template)
            XCTAssertEqual(error.column, column, template)
            XCTAssertTrue(error.message.contains(message), "\(template): \(error.message)")
        }
        // The first broken template in name order is the one named.
        let both = try XCTUnwrap(error("{{#a}}", partials: ["a-partial": "{{/x}}"]))
        XCTAssertEqual(both.template, "a-partial")
    }

    /// A name that finds nothing is a miss, at its tag's line and column; a value found but null (a view's
    /// absent optional), a name found further out, a part inside text and the implicit iterator are not.
    func testNamesThatFindNothingAreReportedAtTheirTags() throws {
        let library = try MustacheLibrary(templates: [
            "page": "<p>{{title}}</p>\n  {{naem}}{{#list}}{{.}}{{title}}{{/list}}\n{{#user}}{{user.nmae}}{{^missing}}x{{/missing}}{{/user}}",
            "inner": "{{title}}{{title.length}}{{absent}}"
        ])
        let value = MustacheValue.object(
            MustacheObject([
                "title": .text("T"), "list": .list([.text("a")]), "absent": .null,
                "user": .object(MustacheObject(["name": .text("Ann")]))
            ]))
        var misses: [MustacheMiss] = []
        _ = try library.render("page", value, misses: &misses)
        XCTAssertEqual(
            misses.map(\.description).sorted(),
            [
                "page:2:3: {{naem}} names no value",
                "page:3:10: {{user.nmae}} names no value",
                "page:3:23: {{missing}} names no value"
            ])
        misses = []
        _ = try library.render("inner", value, misses: &misses)
        XCTAssertEqual(misses, [], "null is found; a part inside text is not looked for")
        // Each tag once per render, however often it runs.
        let repeated = try MustacheLibrary(templates: ["page": "{{#list}}{{nope}}{{/list}}"])
        misses = []
        _ = try repeated.render("page", .object(MustacheObject(["list": .list([.int(1), .int(2), .int(3)])])), misses: &misses)
        XCTAssertEqual(misses.count, 1)
    }

    /// A partial or parent the library lacks renders as nothing, as the spec requires, and is listed at its
    /// tag for a caller that refuses it (gen does); a partial that exists is not.
    func testTemplatesNamedButMissingAreListedAtTheirTags() throws {
        let library = try MustacheLibrary(templates: [
            "page": "a\n  {{>nope}}b{{>there}}\n{{<gone}}{{$x}}y{{/x}}{{/gone}}",
            "there": "T", "other": "{{#s}}{{>nope}}{{/s}}"
        ])
        XCTAssertEqual(
            library.unresolved.map(\.description),
            ["other:1:7: {{>nope}} names no template", "page:2:3: {{>nope}} names no template", "page:3:1: {{<gone}} names no template"])
        XCTAssertEqual(String(decoding: try XCTUnwrap(try library.render("page", .null)), as: UTF8.self), "a\n  bT\n")
        XCTAssertEqual(try MustacheLibrary(templates: ["page": "{{>page}}{{<page}}{{/page}}"]).unresolved.count, 0)
    }

    func testValuesAreWrittenAsGenWritesThem() throws {
        let value: MustacheValue = [
            "text": "<a href='x'>&\"", "int": 42, "double": .double(2.5), "yes": true, "no": false, "none": nil,
            "empty": "", "zero": 0, "list": [1, 2], "object": ["k": "v"]
        ]
        XCTAssertEqual(
            try render("{{text}}|{{{text}}}|{{&text}}|{{int}}|{{double}}|{{yes}}|{{none}}|{{list}}|{{object}}", value),
            "&lt;a href=&#39;x&#39;&gt;&amp;&quot;|<a href='x'>&\"|<a href='x'>&\"|42|2.5|true|||")
        // Empty text and zero are shown (only false, null and an empty list hide a section).
        XCTAssertEqual(try render("{{#empty}}e{{/empty}}{{#zero}}z{{/zero}}{{#none}}n{{/none}}{{^none}}!n{{/none}}{{#no}}f{{/no}}", value), "ez!n")
    }

    func testContentTypeHoldsForItsFileOnly() throws {
        let library = try MustacheLibrary(
            templates: [
                "page": "{{% CONTENT_TYPE: TEXT}}{{x}} {{>part}} {{x}}",
                "part": "{{x}}"
            ],
            contentTypes: ["HTML": MustacheHTML(), "TEXT": Uppercase()])
        XCTAssertEqual(String(decoding: try library.render("page", ["x": "<b>"])!, as: UTF8.self), "<B> &lt;b&gt; <B>")
    }

    /// A shared value shown through a partial alone is rendered once per key; a partial that looks up a name
    /// the value lacks is rendered in place every time, as Mustache would.
    func testSharedValuesAreRenderedOncePerPartialAndKey() throws {
        let memo = MustacheMemo()
        let row = { (label: String, key: UInt64) in
            MustacheValue.shared(MustacheShared(key: MustacheKey(high: 0, low: key), value: ["label": .text(label)]))
        }
        let library = try MustacheLibrary(templates: [
            "page": "{{#rows}}{{>row}}{{/rows}};{{#rows}}{{>outer}}{{/rows}}", "row": "[{{label}}]", "outer": "({{title}}:{{label}})"
        ])
        func page(_ title: String, _ rows: [MustacheValue]) throws -> String {
            String(decoding: try library.render("page", ["title": .text(title), "rows": .list(rows)], memo: memo)!, as: UTF8.self)
        }
        XCTAssertEqual(try page("A", [row("x", 1), row("y", 2), row("x", 1)]), "[x][y][x];(A:x)(A:y)(A:x)")
        XCTAssertEqual(memo.counts.made, 2, "x and y under `row`; nothing under `outer`, which reads the page's title")
        XCTAssertEqual(memo.counts.found, 1)
        XCTAssertEqual(try page("B", [row("x", 1)]), "[x];(B:x)")
        XCTAssertEqual(memo.counts.made, 2)
        XCTAssertEqual(memo.counts.found, 2)
    }

    /// The memo is bounded by bytes in two generations; what keeps recurring stays.
    func testMemoIsBoundedAndKeepsWhatRecurs() throws {
        let memo = MustacheMemo(limit: 40)
        let library = try MustacheLibrary(templates: ["page": "{{#v}}{{>p}}{{/v}}", "p": "0123456789{{n}}"])
        func show(_ n: Int) throws {
            let shared = MustacheShared(key: MustacheKey(high: 0, low: UInt64(n)), value: ["n": .int(n)])
            _ = try library.render("page", ["v": .shared(shared)], memo: memo)
        }
        for day in 1...100 {
            try show(0)
            try show(day)
        }
        XCTAssertEqual(memo.counts.made, 101, "the recurring value made once, every new one once")
    }

    /// Threads render from one library and one memo at once, each to the same bytes as alone.
    /// The error a render stops with, at its tag.
    func renderError(
        _ template: String, _ value: MustacheValue = [:], partials: [String: String] = [:], stepLimit: Int = 10_000_000
    ) throws -> MustacheError? {
        var templates = partials
        templates["page"] = template
        let library = try MustacheLibrary(templates: templates, stepLimit: stepLimit)
        do {
            _ = try library.render("page", value)
            return nil
        } catch {
            return error
        }
    }

    /// A template that includes itself without end stops at the tag that would go one level too deep, named
    /// with its template, line and column, instead of exhausting the stack; a memo keeps nothing of it.
    func testPartialThatIncludesItselfStopsAtItsTag() throws {
        var error = try XCTUnwrap(try renderError("{{>loop}}", partials: ["loop": "x\n {{>loop}}"]))
        XCTAssertEqual([error.template, "\(error.line):\(error.column)"], ["loop", "2:2"])
        XCTAssertTrue(error.message.contains("nested more than 200 deep"), error.message)
        // Through another partial, and through a parent.
        error = try XCTUnwrap(try renderError("{{>a}}", ["yes": true], partials: ["a": "{{>b}}", "b": "{{#yes}}{{>a}}{{/yes}}"]))
        XCTAssertTrue(["a", "b"].contains(error.template))
        XCTAssertTrue(error.message.contains("includes itself without end"), error.message)
        error = try XCTUnwrap(try renderError("{{<frame}}{{/frame}}", partials: ["frame": "[{{<frame}}{{/frame}}]"]))
        XCTAssertEqual([error.template, "\(error.line):\(error.column)"], ["frame", "1:2"])
        // A section found again at every level: the lookup climbs back to the page's `yes`.
        error = try XCTUnwrap(try renderError("{{#yes}}{{>page}}{{/yes}}", ["yes": true]))
        XCTAssertEqual(error.template, "page")

        let memo = MustacheMemo()
        let library = try MustacheLibrary(templates: ["page": "{{#v}}{{>row}}{{/v}}", "row": "{{n}}{{>row}}"])
        let shared = MustacheValue.shared(MustacheShared(key: MustacheKey(high: 9, low: 9), value: ["n": .int(1)]))
        XCTAssertThrowsError(try library.render("page", ["v": shared], memo: memo))
        XCTAssertThrowsError(try library.render("page", ["v": shared], memo: memo))
    }

    /// Sections over a list found again at every level render exponentially many bodies, as would a partial
    /// including itself over such a list within the depth limit: the render stops after its library's step
    /// limit (ten million unless set; a smaller one here, to stop sooner).
    func testExponentialRenderingStopsAfterItsSteps() throws {
        let nested = "\n" + String(repeating: "{{#items}}", count: 20) + "." + String(repeating: "{{/items}}", count: 20)
        let items: MustacheValue = ["items": .list((0..<10).map { .int($0) })]
        let error = try XCTUnwrap(try renderError(nested, items, stepLimit: 100_000))
        XCTAssertEqual(error.template, "page")
        XCTAssertEqual(error.line, 2)
        XCTAssertTrue(error.message.contains("more than 100000 sections and partials"), error.message)
        // Four levels are 11,110 bodies: within a limit of that many, and one over a limit one less.
        let four = String(repeating: "{{#items}}", count: 4) + "." + String(repeating: "{{/items}}", count: 4)
        XCTAssertNil(try renderError(four, items, stepLimit: 11_110))
        XCTAssertNotNil(try renderError(four, items, stepLimit: 11_109))
        XCTAssertEqual(try MustacheLibrary(templates: [:]).stepLimit, 10_000_000)
    }

    /// Recursion the data ends (the specification's `Recursion` test, a tree) renders, however many levels
    /// the data has up to the limit, on a thread of Dispatch's pool as the build's renders are.
    func testRecursionTheDataEndsRendersUpToTheLimit() throws {
        let library = try MustacheLibrary(templates: ["page": "{{>node}}", "node": "{{n}}<{{#nodes}}{{>node}}{{/nodes}}>"])
        @Sendable func tree(_ levels: Int) -> MustacheValue {
            ["n": .int(levels), "nodes": .list(levels == 0 ? [] : [tree(levels - 1)])]
        }
        // The page's partial, then a section and a partial per level: 99 levels are 199 deep.
        let deepest = 99
        let expected = (0...deepest).reversed().map(String.init).joined(separator: "<") + "<" + String(repeating: ">", count: deepest + 1)
        let result = UnsafeSendableBox()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            result.set(0, (try? library.render("page", tree(deepest))) ?? [])
            result.set(1, (try? library.render("page", tree(deepest + 1))) == nil ? [1] : [0])
            done.signal()
        }
        done.wait()
        XCTAssertEqual(String(decoding: try XCTUnwrap(result.get(0)), as: UTF8.self), expected)
        XCTAssertEqual(result.get(1), [1], "one level more passes the limit")
    }

    /// Compiling recurses once per section: nesting past a hundred is refused where it starts.
    func testNestingPastTheLimitIsRefused() throws {
        let deep = String(repeating: "{{#a}}", count: 100) + String(repeating: "{{/a}}", count: 100)
        XCTAssertNil(error(deep))
        let deeper = "\n" + String(repeating: "{{#a}}", count: 101) + String(repeating: "{{/a}}", count: 101)
        let refused = try XCTUnwrap(error(deeper))
        XCTAssertEqual([refused.line, refused.column], [2, 601])
        XCTAssertTrue(refused.message.contains("nested more than 100 deep"), refused.message)
        XCTAssertNotNil(error(String(repeating: "{{#a}}", count: 100_000)))
    }

    func testThreadsShareALibrary() throws {
        let library = try MustacheLibrary(templates: [
            "page": "{{#items}}{{>item}}{{/items}}", "item": "<li>{{name}}: {{#tags}}{{.}},{{/tags}}</li>"
        ])
        let memo = MustacheMemo()
        let items: [MustacheValue] = (0..<200).map { i in
            .shared(MustacheShared(key: MustacheKey(high: 1, low: UInt64(i % 17)), value: ["name": .text("n\(i % 17)"), "tags": ["a", "b"]]))
        }
        let alone = try library.render("page", ["items": .list(items)])!
        let results = UnsafeSendableBox()
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            results.set(i, try! library.render("page", ["items": .list(items)], memo: memo)!)
        }
        for i in 0..<8 { XCTAssertEqual(results.get(i), alone) }
    }
}

private final class UnsafeSendableBox: @unchecked Sendable {  // under `lock`
    private let lock = NSLock()
    private var values: [Int: [UInt8]] = [:]
    func set(_ i: Int, _ v: [UInt8]) { lock.withLock { values[i] = v } }
    func get(_ i: Int) -> [UInt8]? { lock.withLock { values[i] } }
}

/// A content type of a test's own: values written in capitals.
private struct Uppercase: MustacheContentType {
    func escape(_ text: String, into out: inout [UInt8]) { out += text.uppercased().utf8 }
}
