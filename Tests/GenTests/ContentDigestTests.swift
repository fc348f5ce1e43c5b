import Crypto
import Foundation
import GenLoad
import GenModel
@testable import GenSupport
import XCTest

/// Document digests: what an incremental build compares to keep a month's pages without planning them.
final class ContentDigestTests: XCTestCase {
    private func doc(_ fields: [String: FirestoreValue], id: DocumentID = "r1", file: String = "export/a.json") -> RawDocument {
        RawDocument(collection: "dailyJobReports", id: id, fields: fields, file: file)
    }

    func testEqualDocumentsHaveEqualDigestsWhateverTheirKeyOrder() {
        var a: [String: FirestoreValue] = [:], b: [String: FirestoreValue] = [:]
        for i in 0..<50 { a["k\(i)"] = .int(Int64(i)) }
        for i in (0..<50).reversed() { b["k\(i)"] = .int(Int64(i)) }
        XCTAssertEqual(doc(a).digest, doc(b).digest)
        XCTAssertNotEqual(doc(a).digest, .none)
        XCTAssertEqual(doc(a).digest.hex.count, 32)
    }

    /// A digest is the first 128 bits of the SHA-256, in the order its bytes are written.
    func testADigestIsTheFirstHalfOfTheSHA256() {
        let digest = ContentDigest(sha256: SHA256.hash(data: Data("abc".utf8)))
        XCTAssertEqual(digest.hex, "ba7816bf8f01cfea414140de5dae2223")
        XCTAssertEqual(digest.high, 0xba78_16bf_8f01_cfea)
    }

    func testAnyDifferenceChangesTheDigest() {
        let base: [String: FirestoreValue] = [
            "notes": .string("Rain"), "miles": .double(12.5), "done": .bool(true),
            "when": .timestamp(Timestamp(seconds: 1_725_390_000, nanoseconds: 5)),
            "where": .geoPoint(GeoPoint(latitude: 37.7, longitude: -88.9)),
            "schools": .array([.string("A"), .string("B")]), "nested": .map(["x": .int(1)])
        ]
        let variants: [RawDocument] = [
            doc(base, id: "r2"), doc(base, file: "export/b.json"),
            doc(base.merging(["notes": .string("Rain ")]) { $1 }),
            doc(base.merging(["miles": .double(12.6)]) { $1 }),
            doc(base.merging(["done": .bool(false)]) { $1 }),
            doc(base.merging(["when": .timestamp(Timestamp(seconds: 1_725_390_000, nanoseconds: 6))]) { $1 }),
            doc(base.merging(["where": .geoPoint(GeoPoint(latitude: 37.7, longitude: -88.8))]) { $1 }),
            doc(base.merging(["schools": .array([.string("AB")])]) { $1 }),
            doc(base.merging(["schools": .array([.string("B"), .string("A")])]) { $1 }),
            doc(base.merging(["nested": .map(["x": .string("1")])]) { $1 }),
            doc(base.merging(["nested": .map(["y": .int(1)])]) { $1 }),
            doc(base.merging(["extra": .null]) { $1 })
        ]
        var digests: Set<ContentDigest> = [doc(base).digest]
        for variant in variants { digests.insert(variant.digest) }
        XCTAssertEqual(digests.count, variants.count + 1, "every variant has a digest of its own")
    }

    func testTextIsTaggedWithItsLength() {
        var ab = StableHasher(), a_b = StableHasher()
        ab.add("ab"); ab.add("")
        a_b.add("a"); a_b.add("b")
        XCTAssertNotEqual(ab.finalize(), a_b.finalize())
    }

    /// The digest is SHA-256 of the tagged stream, however values fall across the hasher's blocks: texts
    /// shorter than a block, filling one to the byte, longer than one, and numbers across a block's end.
    func testDigestIsSHA256OfTheTaggedStream() {
        func tagged(_ tag: UInt8, _ value: UInt64) -> [UInt8] { [tag] + withUnsafeBytes(of: value.littleEndian) { Array($0) } }
        var random = SystemRandomNumberGenerator()
        for round in 0..<40 {
            var hasher = StableHasher()
            var stream: [UInt8] = []
            for _ in 0..<(round % 7 + 1) * 40 {
                switch Int.random(in: 0..<4, using: &random) {
                case 0:
                    let length = [0, 1, 7, 4_087, 4_096, 4_097, 9_000, Int.random(in: 0..<300, using: &random)].randomElement(using: &random)!
                    let text = String(repeating: "é", count: length / 2) + String(repeating: "a", count: length % 2)
                    hasher.add(text)
                    stream += tagged(0x73, UInt64(text.utf8.count)) + Array(text.utf8)
                case 1:
                    let n = Int.random(in: Int.min...Int.max, using: &random)
                    hasher.add(n)
                    stream += tagged(0x69, UInt64(bitPattern: Int64(n)))
                case 2:
                    let bytes = (0..<Int.random(in: 0..<5_000, using: &random)).map { UInt8(truncatingIfNeeded: $0) }
                    hasher.add(bytes: bytes)
                    stream += tagged(0x79, UInt64(bytes.count)) + bytes
                default:
                    hasher.add(true)
                    stream += tagged(0x62, 1)
                }
            }
            XCTAssertEqual(hasher.finalize(), ContentDigest(sha256: SHA256.hash(data: stream)), "round \(round)")
        }
    }
}

/// `ContentDigest.of`: the digest of a computed value through its `Encodable` conformance.
final class EncodableDigestTests: XCTestCase {
    private struct Leg: Encodable { var from: String; var miles: Double; var minutes: Int }
    private struct Route: Encodable {
        var id: String
        var legs: [Leg]
        var groups: [[String]]
        var recorded: Double?
        var flagged: Bool
    }
    private struct Nested: Encodable {
        var a: Int
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            var inner = container.nestedUnkeyedContainer(forKey: .a)
            try inner.encode(a)
        }
        enum CodingKeys: CodingKey { case a }
    }

    private let base = Route(
        id: "r1", legs: [Leg(from: "Home", miles: 12.5, minutes: 20)], groups: [["a"], ["b"]],
        recorded: nil, flagged: false)

    /// A dictionary with text keys is fed in key order: two equal dictionaries built in different orders (and
    /// so laid out differently) have one digest, which every changed key or value changes. `stats.json`'s value
    /// holds many; without this, its digest differed between builds and it was never kept.
    func testDictionariesWithTextKeysHaveOneDigestWhateverTheirOrder() throws {
        var forward: [String: Int] = [:], backward: [String: Int] = [:]
        backward.reserveCapacity(500)
        for i in 0..<200 { forward["k\(i)"] = i }
        for i in (0..<200).reversed() { backward["k\(i)"] = i }
        XCTAssertNotEqual(Array(forward.keys), Array(backward.keys), "laid out differently")
        XCTAssertEqual(ContentDigest.of(["counts": forward]), ContentDigest.of(["counts": backward]))
        var changedValue = forward, changedKey = forward
        changedValue["k7"] = 8
        changedKey["k7"] = nil
        changedKey["k7 "] = 7
        XCTAssertNotEqual(ContentDigest.of(forward), ContentDigest.of(changedValue))
        XCTAssertNotEqual(ContentDigest.of(forward), ContentDigest.of(changedKey))
    }

    func testEqualValuesHaveEqualDigestsAndEveryDifferenceChangesIt() throws {
        XCTAssertEqual(ContentDigest.of(base), ContentDigest.of(base))
        var variants: [Route] = []
        func variant(_ change: (inout Route) -> Void) { var r = base; change(&r); variants.append(r) }
        variant { $0.id = "r2" }
        variant { $0.legs[0].from = "home" }
        variant { $0.legs[0].miles = 12.6 }
        variant { $0.legs[0].minutes = 21 }
        variant { $0.legs.append(Leg(from: "Home", miles: 0, minutes: 0)) }
        variant { $0.legs = [] }
        variant { $0.groups = [["a", "b"]] }  // the same texts, other containers
        variant { $0.groups = [["a"], [], ["b"]] }
        variant { $0.recorded = 0 }
        variant { $0.flagged = true }
        var digests: Set<ContentDigest> = [try XCTUnwrap(ContentDigest.of(base))]
        for v in variants { digests.insert(try XCTUnwrap(ContentDigest.of(v))) }
        XCTAssertEqual(digests.count, variants.count + 1, "every variant has its own digest")
    }

    /// Every number type a conformance can encode is fed as the stream's own leaf (pinned: a change to how
    /// leaves are told apart must not change what is fed).
    func testEveryLeafTypeFeedsTheSameStream() throws {
        struct Numbers: Encodable {
            var text = "t", flag = true, int = -1, double = 0.5, float: Float = 1.5, i64: Int64 = -64, i32: Int32 = -32
            var u64: UInt64 = 64, u: UInt = 7, u32: UInt32 = 32, i16: Int16 = -16, i8: Int8 = -8, u16: UInt16 = 16, u8: UInt8 = 8
            var optional: Int? = 3, none: String? = nil, list = [1, 2], legs = [Leg(from: "A", miles: 1, minutes: 2)]
        }
        XCTAssertEqual(try XCTUnwrap(ContentDigest.of(Numbers())).hex, "4e281822a25d5254623f2e51da81c811")
    }

    func testAConformanceWithNestedContainersCannotBeKeyed() {
        XCTAssertNil(ContentDigest.of(Nested(a: 1)))
        XCTAssertNotNil(ContentDigest.of([1, 2, 3]))
    }
}

final class MemoTests: XCTestCase {
    func testAnswersAreRememberedUpToTheLimit() {
        let memo = Memo<String, Int>(limit: 2)
        var calls = 0
        func ask(_ key: String) -> Int {
            memo.value(key) {
                calls += 1; return $0.count
            }
        }
        XCTAssertEqual(ask("a"), 1)
        XCTAssertEqual(ask("bb"), 2)
        XCTAssertEqual(ask("a"), 1)
        XCTAssertEqual(calls, 2, "remembered")
        XCTAssertEqual(ask("ccc"), 3)
        XCTAssertEqual(ask("ccc"), 3)
        XCTAssertEqual(calls, 4, "past the limit, worked out again each time")
    }
}

extension EncodableDigestTests {
    /// A super encoder asked for without a key, by a type whose coding keys have no "super" case.
    private struct WithSuper: Encodable {
        var a = 1
        enum CodingKeys: CodingKey { case a }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(a, forKey: .a)
            try 2.encode(to: container.superEncoder())
        }
    }

    func testASuperEncoderWithoutAKeyCannotBeKeyedAndDoesNotTrap() {
        XCTAssertNil(ContentDigest.of(WithSuper()))
    }
}
