import GenSupport

/// A form template (`reportTemplates`).
public struct ReportTemplate: Sendable, Hashable {
    /// How choices are compared with options: trimmed and case-insensitively ("fall sports" is "Fall Sports").
    public static func optionKey(_ text: String) -> String { text.trimmed.lowercased() }

    static func optionKeys(_ fields: [TemplateField]) -> [String: Set<String>] {
        var keys: [String: Set<String>] = [:]
        for field in fields where keys[field.id] == nil {  // a repeated id is the first field's
            keys[field.id] = Set((field.options ?? []).map(optionKey).filter { !$0.isEmpty })
        }
        return keys
    }

    public var id: DocumentID
    public var organizationID: DocumentID
    public var name: String
    public var description: String?
    public var shootType: String?
    public var isDefault: Bool
    public var isActive: Bool
    public var version: Int
    public var fields: [TemplateField] { didSet { optionKeys = Self.optionKeys(fields) } }
    /// Per field id: its options trimmed and case-folded, as validation compares choices. Made once per
    /// template, not once per report: a school list can have as many options as there are schools.
    public private(set) var optionKeys: [String: Set<String>] = [:]
    public var createdAt: Timestamp?
    public var updatedAt: Timestamp?
    public var createdBy: String?
    public var source: DocumentSource
    /// The raw document's digest (set by the loader): what a month that read the document recorded of it
    /// (`MonthReads`).
    public var digest: ContentDigest = .none

    public init(
        id: DocumentID, organizationID: DocumentID, name: String, description: String? = nil,
        shootType: String? = nil, isDefault: Bool = false, isActive: Bool = true, version: Int = 1,
        fields: [TemplateField], createdAt: Timestamp? = nil, updatedAt: Timestamp? = nil,
        createdBy: String? = nil, source: DocumentSource
    ) {
        defer { optionKeys = Self.optionKeys(fields) }  // `defer`: `didSet` does not run in an initializer
        self.id = id
        self.organizationID = organizationID
        self.name = name
        self.description = description
        self.shootType = shootType
        self.isDefault = isDefault
        self.isActive = isActive
        self.version = version
        self.fields = fields
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.createdBy = createdBy
        self.source = source
    }
}
