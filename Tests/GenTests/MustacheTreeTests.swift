import Foundation
@testable import GenRender
@testable import GenSupport
import XCTest

/// How values of a render tree read in a template: text as `MustacheText`, a nil optional as `MustacheNull`.
final class MustacheTreeTests: XCTestCase {
    struct Item: Encodable {
        var name: String?
        var note: String?
        var count: Int?
    }

    struct Page: Encodable {
        var title: String
        var name: String
        var note: String
        var count: Int
        var items: [Item]
        var words: [String]
    }

    private func render(_ template: String, _ page: some Encodable) async throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mustache-tree-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try ("{{% CONTENT_TYPE: HTML}}\n" + template).write(to: folder.appendingPathComponent("t.mustache"), atomically: true, encoding: .utf8)
        let templates = try await TemplateRenderer.load(directory: folder)
        let made = try templates.tree(page, template: "t")
        return try XCTUnwrap(templates.render(tree: made.tree, template: "t"))
    }

    /// An item's own nil is found (empty, false in a section, true in an inverted one): the page's value of the
    /// same name does not show through. A name the item does not have at all is still the page's.
    func testANilOptionalIsFoundAndEmptyNotLookedUpOutside() async throws {
        let page = Page(
            title: "T", name: "outer", note: "outer note", count: 7,
            items: [Item(name: "a", note: nil, count: nil), Item(name: nil, note: "x<y", count: 2)], words: ["p", "q"])
        let text = try await render("{{#items}}[{{name}}|{{#note}}N:{{.}}{{/note}}{{^note}}no note{{/note}}|{{count}}|{{title}}]{{/items}}", page)
        XCTAssertEqual(text, "[a|no note||T][|N:x&lt;y|2|T]")
    }

    /// Text renders, escapes, opens sections and stands for itself (`{{.}}`) as a `String` does; inside a
    /// section opened on a text, other names are still found outside it.
    func testTextReadsAsAString() async throws {
        let page = Page(title: "<T>", name: "n", note: "a & b", count: 0, items: [], words: ["p", "q"])
        let text = try await render(
            "{{title}} {{{title}}} {{#note}}({{.}} in {{name}}){{/note}} {{#words}}{{.}}{{/words}} {{^items}}none{{/items}} {{count}}", page)
        XCTAssertEqual(text, "&lt;T&gt; <T> (a &amp; b in n) pq none 0")
    }

    /// A keyed container as `MustacheNode` finds its names as a dictionary did: a key encoded twice is the last
    /// one's, nested containers are there, dotted names reach into them; and the fingerprint is the one the
    /// same values give as a dictionary.
    func testANodeReadsAndHashesAsADictionary() async throws {
        struct Custom: Encodable {
            enum Keys: String, CodingKey { case a, b, inner }
            enum InnerKeys: String, CodingKey { case c }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                try container.encode("first", forKey: .a)
                try container.encode("second", forKey: .a)
                var inner = container.nestedContainer(keyedBy: InnerKeys.self, forKey: .inner)
                try inner.encode("deep", forKey: .c)
                try container.encode("bee", forKey: .b)
            }
        }
        let text = try await render("{{a}} {{inner.c}} {{#inner}}{{c}}{{/inner}} {{b}} [{{missing}}]", Custom())
        XCTAssertEqual(text, "second deep deep bee []")

        var node = MustacheNode()
        node.entries = [("b", MustacheText(text: "x")), ("a", 1), ("b", MustacheText(text: "y"))]
        let dictionary: [String: Any] = ["a": 1, "b": MustacheText(text: "y")]
        var fromNode = StableHasher(), fromDictionary = StableHasher()
        TreeHash.feed(node, into: &fromNode)
        TreeHash.feed(dictionary, into: &fromDictionary)
        XCTAssertEqual(fromNode.finalize(), fromDictionary.finalize())
    }
}
