import GenSupport

/// Where a document came from: the export file (relative to the content folder),
/// its collection and its id. Every data problem names all three.
public struct DocumentSource: Sendable, Hashable {
    public var file: String
    public var collection: String
    public var documentID: String

    public init(file: String, collection: String, documentID: String) {
        self.file = file
        self.collection = collection
        self.documentID = documentID
    }
}

/// A problem in the data. The build goes on; `--strict` turns any of them into exit 1.
public struct Diagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable, Codable {
        /// The document was left out of the output.
        case skipped
        /// The document is in the output, but something about it is off.
        case warning
    }

    public var kind: Kind
    public var file: String?
    public var collection: String?
    public var documentID: String?
    public var field: String?
    /// What is wrong, in words; stable across builds so summaries can group on it.
    public var message: String
    /// The organization the document names, when it names one: that organization's data-quality page
    /// lists the problem, and no other organization's does.
    public var organizationID: DocumentID?

    public init(
        _ kind: Kind, file: String? = nil, collection: String? = nil, documentID: String? = nil,
        field: String? = nil, message: String
    ) {
        self.kind = kind
        self.file = file
        self.collection = collection
        self.documentID = documentID
        self.field = field
        self.message = message
    }

    public init(_ kind: Kind, _ source: DocumentSource, field: String? = nil, _ message: String) {
        self.init(
            kind, file: source.file, collection: source.collection, documentID: source.documentID,
            field: field, message: message)
    }

    /// The same diagnostic, attributed to an organization.
    public func owned(by organization: DocumentID?) -> Diagnostic {
        var copy = self
        copy.organizationID = organization
        return copy
    }

    /// `export/x.json: dailyJobReports/abc, field "date": skipped: no usable date`
    public var description: String {
        var out = ""
        if let file { out += "\(file): " }
        if let collection, let documentID { out += "\(collection)/\(documentID)" } else if let collection { out += collection }
        if let field { out += (out.hasSuffix(": ") || out.isEmpty ? "" : ", ") + "field \"\(field)\"" }
        if !out.isEmpty, !out.hasSuffix(": ") { out += ": " }
        return (out + (kind == .skipped ? "skipped: " : "warning: ") + message).escapingControlCharacters
    }
}

/// Unusable input: the build cannot go on (exit code 2). Names the file and,
/// for JSON, the line and column.
public struct InputError: Error, Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var column: Int?
    public var message: String

    public init(file: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        var where_ = file
        if let line { where_ += ":\(line)" }
        if let column { where_ += ":\(column)" }
        return "\(where_): \(message)".escapingControlCharacters
    }
}
