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

    /// What kind of problem it is; its kind (skipped or warning) follows from it.
    public var code: Code
    public var kind: Kind
    public var file: String?
    /// Where in the file, 1-based, when gen knows: a repeated JSON key, a line of a newline-delimited file.
    public var line: Int?
    public var column: Int?
    public var collection: String?
    public var documentID: String?
    public var field: String?
    /// What is wrong, in words; stable across builds so summaries can group on it.
    public var message: String
    /// The organization the document names, when it names one: that organization's data-quality page
    /// lists the problem, and no other organization's does.
    public var organizationID: DocumentID?

    public init(
        _ code: Code, file: String? = nil, line: Int? = nil, column: Int? = nil, collection: String? = nil,
        documentID: String? = nil, field: String? = nil, message: String
    ) {
        self.code = code
        self.kind = code.kind
        self.file = file
        self.line = line
        self.column = column
        self.collection = collection
        self.documentID = documentID
        self.field = field
        self.message = message
    }

    public init(_ code: Code, _ source: DocumentSource, field: String? = nil, line: Int? = nil, _ message: String) {
        self.init(
            code, file: source.file, line: line, collection: source.collection, documentID: source.documentID,
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

extension Diagnostic {
    /// Every kind of data problem, with a stable code (`GEN204`) and name (`wrong-value-type`), so CI can
    /// filter on it and a baseline can record it (`gen check --format`, `--baseline`). One code per kind of
    /// problem, whatever its message says. A code is never reused for another kind: retire it instead.
    /// docs/cli.md lists every one (a test holds the two together).
    public enum Code: String, Sendable, Hashable, Codable, CaseIterable {
        // Export files and their structure.
        case outsideContentFolder = "GEN101"
        case duplicateKey = "GEN102"
        case documentNotObject = "GEN103"
        case documentWithoutID = "GEN104"
        case badDocumentName = "GEN105"
        case unknownOperation = "GEN106"
        case changeWithoutTimestamp = "GEN107"
        case changeWithoutData = "GEN108"
        case documentInTwoFiles = "GEN109"
        case deletedInAnotherFile = "GEN110"
        // A document's fields.
        case noOrganization = "GEN201"
        case noUsableDate = "GEN202"
        case dateFromCreationTime = "GEN203"
        case wrongValueType = "GEN204"
        case badTimestamp = "GEN205"
        case schoolWithoutName = "GEN206"
        case templateWithoutFields = "GEN207"
        case templateWithoutName = "GEN208"
        case badTemplateField = "GEN209"
        case unknownExampleType = "GEN210"
        // References between documents.
        case userNotInOrganization = "GEN301"
        case reportWithoutUser = "GEN302"
        case templateNotInOrganization = "GEN303"
        // Mileage.
        case badSchoolsVisited = "GEN401"
        case noVisitedSchools = "GEN402"
        case unknownSchool = "GEN403"
        case schoolWithoutCoordinates = "GEN404"
        case photographerHomeUnknown = "GEN405"
        case homeWithoutCoordinates = "GEN406"
        case badRecordedMileage = "GEN407"
        // Report forms.
        case malformedLogic = "GEN501"
        case calculationWithoutFormula = "GEN502"
        case formulaError = "GEN503"
        // Media.
        case unusableImage = "GEN601"
        // Content pages.
        case unknownFrontMatterKey = "GEN701"
        case pageWithoutTitle = "GEN702"
        // Templates.
        case templateTagWithoutValue = "GEN801"
        case templateFileUnused = "GEN802"

        /// The code's name, in words joined by hyphens.
        public var name: String {
            switch self {
            case .outsideContentFolder: return "outside-content-folder"
            case .duplicateKey: return "duplicate-key"
            case .documentNotObject: return "document-not-object"
            case .documentWithoutID: return "document-without-id"
            case .badDocumentName: return "bad-document-name"
            case .unknownOperation: return "unknown-operation"
            case .changeWithoutTimestamp: return "change-without-timestamp"
            case .changeWithoutData: return "change-without-data"
            case .documentInTwoFiles: return "document-in-two-files"
            case .deletedInAnotherFile: return "deleted-in-another-file"
            case .noOrganization: return "no-organization"
            case .noUsableDate: return "no-usable-date"
            case .dateFromCreationTime: return "date-from-creation-time"
            case .wrongValueType: return "wrong-value-type"
            case .badTimestamp: return "bad-timestamp"
            case .schoolWithoutName: return "school-without-name"
            case .templateWithoutFields: return "template-without-fields"
            case .templateWithoutName: return "template-without-name"
            case .badTemplateField: return "bad-template-field"
            case .unknownExampleType: return "unknown-example-type"
            case .userNotInOrganization: return "user-not-in-organization"
            case .reportWithoutUser: return "report-without-user"
            case .templateNotInOrganization: return "template-not-in-organization"
            case .badSchoolsVisited: return "bad-schools-visited"
            case .noVisitedSchools: return "no-visited-schools"
            case .unknownSchool: return "unknown-school"
            case .schoolWithoutCoordinates: return "school-without-coordinates"
            case .photographerHomeUnknown: return "photographer-home-unknown"
            case .homeWithoutCoordinates: return "home-without-coordinates"
            case .badRecordedMileage: return "bad-recorded-mileage"
            case .malformedLogic: return "malformed-logic"
            case .calculationWithoutFormula: return "calculation-without-formula"
            case .formulaError: return "formula-error"
            case .unusableImage: return "unusable-image"
            case .unknownFrontMatterKey: return "unknown-front-matter-key"
            case .pageWithoutTitle: return "page-without-title"
            case .templateTagWithoutValue: return "template-tag-without-value"
            case .templateFileUnused: return "template-file-unused"
            }
        }

        /// Whether the problem's file is one of the content folder (`export/x.json`, `pages/a.md`), named relative
        /// to it; a template's is not (`Templates/x.mustache` for a built-in, an overlay's path).
        public var fileIsInContentFolder: Bool { self != .templateTagWithoutValue && self != .templateFileUnused }

        /// Whether a problem of this code leaves its document (or file) out, or only warns.
        public var kind: Kind {
            switch self {
            case .outsideContentFolder, .documentNotObject, .documentWithoutID, .badDocumentName, .unknownOperation,
                .changeWithoutTimestamp, .changeWithoutData, .noOrganization, .noUsableDate, .schoolWithoutName:
                return .skipped
            case .duplicateKey, .documentInTwoFiles, .deletedInAnotherFile, .dateFromCreationTime, .wrongValueType,
                .badTimestamp, .templateWithoutFields, .templateWithoutName, .badTemplateField, .unknownExampleType,
                .userNotInOrganization, .reportWithoutUser, .templateNotInOrganization, .badSchoolsVisited,
                .noVisitedSchools, .unknownSchool, .schoolWithoutCoordinates, .photographerHomeUnknown,
                .homeWithoutCoordinates, .badRecordedMileage, .malformedLogic, .calculationWithoutFormula, .formulaError,
                .unusableImage, .unknownFrontMatterKey, .pageWithoutTitle, .templateTagWithoutValue, .templateFileUnused:
                return .warning
            }
        }
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
