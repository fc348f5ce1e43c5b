// Dev-only: what one Mustache tag costs in swift-mustache on this machine (scripts/bench-engine).
//
// A cold build's CPU is mostly the template engine. Each tag asks the context stack for a name, and the engine
// asks each value it meets, by dynamic casts, whether it is a custom representation, a parent, a template,
// a custom renderable, a lambda or a sequence: each cast a conformance lookup in the Swift runtime. This
// prints what one cast costs, and what a rendered tag costs, so the floor under gen's render time can be
// measured rather than guessed. Not part of the build; nothing here is timed by a test.
import Foundation
import Mustache

/// A text leaf as gen's trees hold it (GenRender's `MustacheText`).
struct Text: MustacheCustomRenderable, MustacheParent {
    let text: String
    var renderText: String { text }
    var isNull: Bool { false }
    func child(named: String) -> Any? { nil }
}

/// A nil optional as gen's trees hold it (GenRender's `MustacheNull`).
struct Null: MustacheCustomRenderable {
    var renderText: String { "" }
    var isNull: Bool { true }
}

/// A keyed container as gen's trees hold it (GenRender's `MustacheNode`).
struct Node: MustacheParent {
    var entries: [(key: String, value: Any)]
    func child(named name: String) -> Any? { entries.last { $0.key == name }?.value }
}

protocol Absent {}

func seconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// The best of `rounds` timings, per iteration, in nanoseconds.
func best(_ rounds: Int, _ iterations: Int, _ body: () -> Void) -> Double {
    (0..<rounds).map { _ in seconds(body) }.min()! / Double(iterations) * 1e9
}

let iterations = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 200_000

print("swift-mustache, one tag at a time (best of 5 rounds of \(iterations); ns)")
print("")
print("| what | ns |")
print("|---|---:|")

// The casts the engine makes per lookup, on the values gen's trees hold.
let values: [(String, Any)] = [("node", Node(entries: [("a", 1)])), ("text", Text(text: "x")), ("dictionary", ["a": 1] as [String: Any])]
for (name, value) in values {
    var hits = 0
    let miss = best(5, iterations) { for _ in 0..<iterations { if value is Absent { hits += 1 } } }
    let parent = best(5, iterations) { for _ in 0..<iterations { if value is MustacheParent { hits += 1 } } }
    print("| `is` a protocol it does not conform to, on a \(name) | \(String(format: "%.0f", miss)) |")
    print("| `is MustacheParent`, on a \(name) | \(String(format: "%.0f", parent)) |")
    if hits < 0 { print(hits) }
}

// Rendered tags: ten of a kind in one template, less the empty template, divided by ten.
let context = Node(entries: [
    ("a", Text(text: "hello")), ("n", Null()), ("b", true),
    ("items", [Node(entries: [("t", Text(text: "x"))]), Node(entries: [("t", Text(text: "y"))])])
])
@MainActor func perTag(_ template: String) -> Double {
    let library = MustacheLibrary(templates: ["t": try! MustacheTemplate(string: template), "e": try! MustacheTemplate(string: "")])
    let count = max(1, iterations / 10)
    var length = 0
    let empty = best(5, count) { for _ in 0..<count { length += library.render(context, withTemplate: "e")!.utf8.count } }
    let full = best(5, count) { for _ in 0..<count { length += library.render(context, withTemplate: "t")!.utf8.count } }
    if length < 0 { print(length) }
    return (full - empty) / 10
}
let tags: [(String, String)] = [
    ("`{{a}}`: a text found at the top of the stack", "{{a}}"),
    ("`{{#n}}{{/n}}`: a section on a null", "{{#n}}{{/n}}"),
    ("`{{#b}}{{/b}}`: a section on true", "{{#b}}{{/b}}"),
    ("`{{#items}}{{t}}{{/items}}`: a list of two, a text in each", "{{#items}}{{t}}{{/items}}"),
    ("`{{#items}}{{a}}{{/items}}`: the same, the text one level up", "{{#items}}{{a}}{{/items}}")
]
for (name, tag) in tags {
    print("| \(name) | \(String(format: "%.0f", perTag(String(repeating: tag, count: 10)))) |")
}
