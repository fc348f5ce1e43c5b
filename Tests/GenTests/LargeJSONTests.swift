import Foundation
@testable import GenRender
@testable import GenSupport
import XCTest

/// `mileage.json` and the thumbnail manifest are written with their large array encoded in parts: the bytes
/// must be exactly the encoder's for the whole value.
final class LargeJSONTests: XCTestCase {
    struct Row: Encodable, Sendable {
        var id: String
        var note: String
        var miles: Double?
        var tags: [String]
        var legs: [[String: Double]]
    }

    struct File: JSONWithLargeArray {
        var unit = "mi"
        var rows: [Row]
        var totals: [String: Int]
        var empty: [Int] = []

        static var largeArrayKey: String { "rows" }
        static var largeArray: WritableKeyPath<File, [Row]> { \.rows }
    }

    func wholeFile(_ value: File) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value) + Data([0x0A])
    }

    static func rows(_ count: Int) -> [Row] {
        let note = "two\nlines, \"quoted\" é ✓ / \\"
        let legs: [[String: Double]] = [["miles": 1.5, "minutes": 3], [:]]
        return (0..<count).map { (i: Int) -> Row in
            let miles: Double? = i % 4 == 0 ? nil : Double(i) / 10
            let tags: [String] = i % 2 == 0 ? [] : ["a", "b\nc"]
            return Row(id: "r\(i)", note: i % 3 == 0 ? note : "", miles: miles, tags: tags, legs: i % 5 == 0 ? [] : legs)
        }
    }

    func testPartsGiveTheEncodersBytes() throws {
        let part = DataEncoders.elementsPerPart
        for count in [0, 1, 2, part - 1, part, part + 1, 3 * part + 7] {
            let file = File(rows: Self.rows(count), totals: ["b": 2, "a": 1])
            XCTAssertEqual(
                String(decoding: try DataEncoders.json(file), as: UTF8.self),
                String(decoding: try wholeFile(file), as: UTF8.self), "\(count) rows")
        }
    }
}
