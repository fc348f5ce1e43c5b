/// The Firestore collections gen reads. Anything else in an export is skipped with a summary line.
public enum KnownCollection: String, Sendable, CaseIterable {
    case users
    case schools
    case reportTemplates
    case dailyJobReports
    case photoCritiques
}

/// A document as it came out of an export, before it is typed: collection, id, fields.
public struct RawDocument: Sendable, Hashable {
    public var collection: String { didSet { knownDigest = nil } }
    public var id: DocumentID { didSet { knownDigest = nil } }
    public var fields: [String: FirestoreValue] { didSet { knownDigest = nil } }
    public var file: String { didSet { knownDigest = nil } }
    /// `digest`, when the loader already has it (a line read back from the parsed-line cache carries it).
    /// Not part of the document's identity, and forgotten when any part of the document changes.
    public var knownDigest: ContentDigest?

    public init(collection: String, id: DocumentID, fields: [String: FirestoreValue], file: String, digest: ContentDigest? = nil) {
        self.collection = collection
        self.id = id
        self.fields = fields
        self.file = file
        knownDigest = digest
    }

    public static func == (a: RawDocument, b: RawDocument) -> Bool {
        a.collection == b.collection && a.id == b.id && a.file == b.file && a.fields == b.fields
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(collection)
        hasher.combine(id)
        hasher.combine(file)
        hasher.combine(fields)
    }

    public var source: DocumentSource { DocumentSource(file: file, collection: collection, documentID: id.text) }
}
