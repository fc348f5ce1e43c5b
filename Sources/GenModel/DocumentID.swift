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

    public static func == (a: DocumentID, b: DocumentID) -> Bool { a.text.utf8.elementsEqual(b.text.utf8) }

    public func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        hasher.combine(text.utf8.count)
    }

    /// Byte order: the same on every machine and for every spelling.
    public static func < (a: DocumentID, b: DocumentID) -> Bool { a.text.utf8.lexicographicallyPrecedes(b.text.utf8) }

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
