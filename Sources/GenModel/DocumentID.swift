import Foundation
import GenSupport

/// A Firestore id (a document's, an organization's, or a reference to one): equal, hashed and ordered by its
/// UTF-8 bytes.
///
/// Why not `String`: Swift compares strings by Unicode canonical equivalence, so `"café"` spelled with a
/// combining accent equals the precomposed one, and U+212A KELVIN SIGN equals `K`. Firestore does not: those
/// are different documents, and different organizations. Comparing ids as `String`s merged two organizations
/// into one tree and dropped one of two documents without a word. Every id from the loader to the planner is a
/// `DocumentID`, so no stage can compare one the other way by accident.
public struct DocumentID: Sendable, Hashable, Comparable, Codable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    /// The id as stored.
    public let text: String

    public init(_ text: String) { self.text = text }
    public init(stringLiteral text: String) { self.text = text }

    public init(from decoder: any Decoder) throws { text = try decoder.singleValueContainer().decode(String.self) }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }

    /// Over the contiguous bytes: `utf8.elementsEqual` walked both through iterators a byte at a time, and ids
    /// are compared in every dictionary lookup.
    public static func == (a: DocumentID, b: DocumentID) -> Bool {
        guard a.text.utf8.count == b.text.utf8.count else { return false }
        return compareBytes(a.text, b.text) == 0
    }

    public func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// Byte order: the same on every machine and for every spelling.
    public static func < (a: DocumentID, b: DocumentID) -> Bool { compareBytes(a.text, b.text) < 0 }

    /// Byte order of two texts' UTF-8: negative, zero or positive.
    private static func compareBytes(_ a: String, _ b: String) -> Int {
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                let common = min(x.count, y.count)
                let order = common == 0 ? 0 : Int(memcmp(x.baseAddress!, y.baseAddress!, common))
                return order != 0 ? order : x.count - y.count
            }
        }
    }

    public var description: String { text }
    public var isEmpty: Bool { text.isEmpty }
}

/// A dictionary keyed by ids encodes as a JSON object keyed by the ids' texts (`stats.json`), twins included:
/// two keys that differ in their bytes are two keys.
extension DocumentID: CodingKeyRepresentable {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
    public var codingKey: any CodingKey { Key(stringValue: text) }
    public init?<T: CodingKey>(codingKey: T) { text = codingKey.stringValue }
}

extension Optional where Wrapped == DocumentID {
    /// The id's text, or nil.
    public var text: String? { self?.text }
}

extension StableHasher {
    /// An id is fed as its text.
    public mutating func add(_ id: DocumentID) { add(id.text) }
    public mutating func add(_ id: DocumentID?) { add(id?.text) }
}
