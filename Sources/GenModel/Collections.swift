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
    public var collection: String
    public var id: DocumentID
    public var fields: [String: FirestoreValue]
    public var file: String

    public init(collection: String, id: DocumentID, fields: [String: FirestoreValue], file: String) {
        self.collection = collection
        self.id = id
        self.fields = fields
        self.file = file
    }

    public var source: DocumentSource { DocumentSource(file: file, collection: collection, documentID: id.text) }
}
