import Foundation
import XCTest

@testable import GenRender

/// gen's JSON writer against Foundation's `JSONEncoder`, the bytes it must keep: random values of every shape
/// the data files hold, and the cases it leaves to Foundation.
final class JSONWriterTests: XCTestCase {
    struct Row: Encodable {
        var name: String
        var miles: Double
        var count: Int
        var ratio: Float
        var flag: Bool
        var note: String?
        var tags: [String]
        var byKey: [String: Int]
        var byNumber: [Int: String]
        var nested: [Row]
        var optionals: [Int?]
        var kind: Kind
        var empty: Empty
        var big: UInt64
        var small: Int8
    }

    enum Kind: String, Encodable { case good = "Good Example", needs = "Needs/Improvement" }
    struct Empty: Encodable {}

    /// A type whose conformance Foundation writes and this writer leaves to it (a nested container).
    struct Nested: Encodable {
        enum Keys: String, CodingKey { case outer, inner }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            var inner = container.nestedContainer(keyedBy: Keys.self, forKey: .outer)
            try inner.encode("x/y", forKey: .inner)
        }
    }

    struct Dated: Encodable {
        var at = Date(timeIntervalSinceReferenceDate: 12.5)
        var link = URL(string: "https://example.com/a b")
    }

    func testRandomValuesMatchFoundationByteForByte() throws {
        var random = SystemRandomNumberGenerator()
        for round in 0..<200 {
            let value = row(depth: 2, using: &random)
            for style in [JSONWriter.Style.pretty, .compact] {
                let expected = try JSONWriter.foundationEncoder(style).encode(value)
                let written = try JSONWriter.encode(value, style: style)
                XCTAssertEqual(
                    String(decoding: written, as: UTF8.self), String(decoding: expected, as: UTF8.self), "round \(round), \(style)")
            }
        }
    }

    func testTopLevelLeavesAndEmptyContainers() throws {
        try same("a \"quoted\"\\ line\n\u{1}\u{1f}\u{7f}/é")
        try same(35.0)
        try same(-0.0)
        try same(1e-7)
        try same(1.2345678901234568e+20)
        try same([String]())
        try same([String: Int]())
        try same(Empty())
        try same([Empty()])
        try same([[Int]]([[], [1], []]))
        try same(Int?.none)
    }

    func testWhatItLeavesToFoundationIsFoundations() throws {
        try same(Nested())
        try same([Nested(), Nested()])
        try same(Dated())
        for style in [JSONWriter.Style.pretty, .compact] {
            XCTAssertThrowsError(try JSONWriter.encode([1.0, .nan], style: style)) { XCTAssertTrue($0 is EncodingError) }
            XCTAssertThrowsError(try JSONWriter.encode(["x": Double.infinity], style: style)) { XCTAssertTrue($0 is EncodingError) }
        }
    }

    private func same<T: Encodable>(_ value: T, file: StaticString = #filePath, line: UInt = #line) throws {
        for style in [JSONWriter.Style.pretty, .compact] {
            let expected = try JSONWriter.foundationEncoder(style).encode(value)
            let written = try JSONWriter.encode(value, style: style)
            XCTAssertEqual(String(decoding: written, as: UTF8.self), String(decoding: expected, as: UTF8.self), file: file, line: line)
        }
    }

    private func row(depth: Int, using random: inout SystemRandomNumberGenerator) -> Row {
        Row(
            name: text(using: &random), miles: number(using: &random), count: Int.random(in: -1_000_000...1_000_000, using: &random),
            ratio: Float(number(using: &random)), flag: Bool.random(using: &random),
            note: Bool.random(using: &random) ? text(using: &random) : nil,
            tags: (0..<Int.random(in: 0...3, using: &random)).map { _ in text(using: &random) },
            byKey: Dictionary(
                (0..<Int.random(in: 0...6, using: &random)).map { _ in (text(using: &random), Int.random(in: 0...9, using: &random)) },
                uniquingKeysWith: { a, _ in a }),
            byNumber: Dictionary(
                (0..<Int.random(in: 0...4, using: &random)).map { _ in (Int.random(in: -20...20, using: &random), text(using: &random)) },
                uniquingKeysWith: { a, _ in a }),
            nested: depth == 0 ? [] : (0..<Int.random(in: 0...2, using: &random)).map { _ in row(depth: depth - 1, using: &random) },
            optionals: (0..<Int.random(in: 0...3, using: &random)).map { _ in Bool.random(using: &random) ? 7 : nil },
            kind: Bool.random(using: &random) ? .good : .needs, empty: Empty(), big: UInt64.random(in: 0...UInt64.max, using: &random),
            small: Int8.random(in: -128...127, using: &random))
    }

    /// Keys and texts from an alphabet with every kind of byte the writer treats apart: case (keys sort by
    /// bytes), digits, slashes, quotes, control characters, multi-byte and combining characters.
    private func text(using random: inout SystemRandomNumberGenerator) -> String {
        let alphabet: [String] = [
            "a", "B", "z", "Z", "1", "10", "2", "/", "\"", "\\", "\n", "\r", "\t", "\u{8}", "\u{c}", "\u{0}", "\u{1b}", "é", "e\u{301}", "🙂", " ",
            "<", "&"
        ]
        return (0..<Int.random(in: 0...8, using: &random)).map { _ in alphabet.randomElement(using: &random)! }.joined()
    }

    private func number(using random: inout SystemRandomNumberGenerator) -> Double {
        switch Int.random(in: 0...4, using: &random) {
        case 0: return Double(Int.random(in: -500...500, using: &random))
        case 1: return Double.random(in: -1...1, using: &random)
        case 2: return Double.random(in: 0...1e25, using: &random)
        case 3: return (Double.random(in: 0...1000, using: &random) * 10).rounded() / 10
        default: return Double.random(in: 0...1e-6, using: &random)
        }
    }
}
