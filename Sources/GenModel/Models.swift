/// A person in the organization (`users`). Photographers carry their home coordinates,
/// the start and end of every mileage route.
public struct User: Sendable, Hashable {
    public var id: DocumentID
    public var organizationID: DocumentID
    public var firstName: String?
    public var lastName: String?
    public var email: String?
    public var role: String?
    public var isPhotographer: Bool
    /// The stored `userCoordinates` text (`"lat,lng"`), validated where it is used.
    public var userCoordinates: String?
    public var source: DocumentSource

    public init(id: DocumentID, organizationID: DocumentID, firstName: String? = nil, lastName: String? = nil,
                email: String? = nil, role: String? = nil, isPhotographer: Bool = false,
                userCoordinates: String? = nil, source: DocumentSource) {
        self.id = id
        self.organizationID = organizationID
        self.firstName = firstName
        self.lastName = lastName
        self.email = email
        self.role = role
        self.isPhotographer = isPhotographer
        self.userCoordinates = userCoordinates
        self.source = source
    }

    /// "First Last", else whichever part exists, else nil.
    public var fullName: String? {
        let parts = [firstName, lastName].compactMap { $0?.trimmedBlanks }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }
}

/// A school the photographers drive to (`schools`); `value` is its display name.
public struct School: Sendable, Hashable {
    public var id: DocumentID
    public var organizationID: DocumentID
    public var value: String
    public var street: String?
    public var city: String?
    public var state: String?
    public var zipCode: String?
    /// The stored `coordinates` text (`"lat,lng"`), validated where it is used.
    public var coordinates: String?
    public var source: DocumentSource

    public init(id: DocumentID, organizationID: DocumentID, value: String, street: String? = nil, city: String? = nil,
                state: String? = nil, zipCode: String? = nil, coordinates: String? = nil, source: DocumentSource) {
        self.id = id
        self.organizationID = organizationID
        self.value = value
        self.street = street
        self.city = city
        self.state = state
        self.zipCode = zipCode
        self.coordinates = coordinates
        self.source = source
    }
}

/// How a smart field computes its value (`smartConfig`).
public struct SmartFieldConfig: Sendable, Hashable {
    public var calculationType: String
    public var fallbackValue: String?
    public var autoUpdate: Bool
    public var format: String?
    public var formula: String?

    public init(calculationType: String, fallbackValue: String? = nil, autoUpdate: Bool = false,
                format: String? = nil, formula: String? = nil) {
        self.calculationType = calculationType
        self.fallbackValue = fallbackValue
        self.autoUpdate = autoUpdate
        self.format = format
        self.formula = formula
    }
}

/// One field of a report template; a report stores its value under the field's `id`.
public struct TemplateField: Sendable, Hashable {
    public var id: String
    public var type: String { didSet { reading = Reading(type: type, smartConfig: smartConfig) } }
    public var label: String
    public var required: Bool
    public var options: [String]?
    public var placeholder: String?
    public var defaultValue: String?
    public var smartConfig: SmartFieldConfig? { didSet { reading = Reading(type: type, smartConfig: smartConfig) } }
    public var readOnly: Bool?
    /// The optional conditional-logic block, kept as data for the form-logic stage.
    public var logic: FirestoreValue?
    /// Kind and type as the form stage reads them (see `SmartKind.swift`).
    private(set) var reading: Reading

    public init(id: String, type: String, label: String, required: Bool = false, options: [String]? = nil,
                placeholder: String? = nil, defaultValue: String? = nil, smartConfig: SmartFieldConfig? = nil,
                readOnly: Bool? = nil, logic: FirestoreValue? = nil) {
        self.reading = Reading(type: type, smartConfig: smartConfig)
        self.id = id
        self.type = type
        self.label = label
        self.required = required
        self.options = options
        self.placeholder = placeholder
        self.defaultValue = defaultValue
        self.smartConfig = smartConfig
        self.readOnly = readOnly
        self.logic = logic
    }
}

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

    public init(id: DocumentID, organizationID: DocumentID, name: String, description: String? = nil,
                shootType: String? = nil, isDefault: Bool = false, isActive: Bool = true, version: Int = 1,
                fields: [TemplateField], createdAt: Timestamp? = nil, updatedAt: Timestamp? = nil,
                createdBy: String? = nil, source: DocumentSource) {
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

/// A photographer's daily job report (`dailyJobReports`). The form values stay typed
/// Firestore values keyed by field id, exactly as stored.
///
/// Its properties are kept `CopiedOnWrite`: a copy into a month's, day's or photographer's list is one reference.
public struct DailyJobReport: Sendable, Hashable {
    /// The properties, compared and hashed as a whole (synthesized, so none is forgotten).
    struct Values: Sendable, Hashable {
        var id: DocumentID
        var organizationID: DocumentID
        var userId: DocumentID?
        var date: LocalDate
        var photographer: String?
        var templateId: DocumentID?
        var templateName: String?
        var templateVersion: Int?
        var reportType: String?
        var smartFieldsUsed: [String]?
        var createdAt: Timestamp?
        var updatedAt: Timestamp?
        var fields: [String: FirestoreValue]
        var source: DocumentSource
        var digest: ContentDigest = .none
    }

    private var storage: CopiedOnWrite<Values>

    public var id: DocumentID { get { storage.values.id } set { storage.values.id = newValue } }
    public var organizationID: DocumentID { get { storage.values.organizationID } set { storage.values.organizationID = newValue } }
    public var userId: DocumentID? { get { storage.values.userId } set { storage.values.userId = newValue } }
    /// The local day of the report in the configured time zone.
    public var date: LocalDate { get { storage.values.date } set { storage.values.date = newValue } }
    public var photographer: String? { get { storage.values.photographer } set { storage.values.photographer = newValue } }
    public var templateId: DocumentID? { get { storage.values.templateId } set { storage.values.templateId = newValue } }
    public var templateName: String? { get { storage.values.templateName } set { storage.values.templateName = newValue } }
    public var templateVersion: Int? { get { storage.values.templateVersion } set { storage.values.templateVersion = newValue } }
    public var reportType: String? { get { storage.values.reportType } set { storage.values.reportType = newValue } }
    public var smartFieldsUsed: [String]? { get { storage.values.smartFieldsUsed } set { storage.values.smartFieldsUsed = newValue } }
    public var createdAt: Timestamp? { get { storage.values.createdAt } set { storage.values.createdAt = newValue } }
    public var updatedAt: Timestamp? { get { storage.values.updatedAt } set { storage.values.updatedAt = newValue } }
    /// Every top-level field of the document, metadata included.
    public var fields: [String: FirestoreValue] { get { storage.values.fields } set { storage.values.fields = newValue } }
    public var source: DocumentSource { get { storage.values.source } set { storage.values.source = newValue } }
    /// The raw document's digest (set by the loader): an incremental build keeps a month's pages when
    /// none of its documents changed.
    public var digest: ContentDigest { get { storage.values.digest } set { storage.values.digest = newValue } }

    public init(id: DocumentID, organizationID: DocumentID, userId: DocumentID?, date: LocalDate, photographer: String? = nil,
                templateId: DocumentID? = nil, templateName: String? = nil, templateVersion: Int? = nil,
                reportType: String? = nil, smartFieldsUsed: [String]? = nil, createdAt: Timestamp? = nil,
                updatedAt: Timestamp? = nil, fields: [String: FirestoreValue], source: DocumentSource) {
        storage = CopiedOnWrite(Values(
            id: id, organizationID: organizationID, userId: userId, date: date, photographer: photographer, templateId: templateId,
            templateName: templateName, templateVersion: templateVersion, reportType: reportType, smartFieldsUsed: smartFieldsUsed,
            createdAt: createdAt, updatedAt: updatedAt, fields: fields, source: source))
    }
}

/// A manager's photo critique for a photographer (`photoCritiques`). Its properties are kept `CopiedOnWrite`, as
/// a report's are: a critique is copied into every gallery, month and photographer list it is planned in.
public struct Critique: Sendable, Hashable {
    /// The properties, compared and hashed as a whole (synthesized, so none is forgotten).
    struct Values: Sendable, Hashable {
        var id: DocumentID
        var organizationID: DocumentID
        var submitterId: DocumentID?
        var submitterName: String?
        var submitterEmail: String?
        var targetPhotographerId: DocumentID?
        var targetPhotographerName: String?
        var imageUrls: [String]
        var thumbnailUrls: [String]
        var imageCount: Int
        var managerNotes: String?
        var exampleType: String?
        var status: String?
        var createdAt: Timestamp?
        var updatedAt: Timestamp?
        var source: DocumentSource
        var digest: ContentDigest = .none
    }

    private var storage: CopiedOnWrite<Values>

    public var id: DocumentID { get { storage.values.id } set { storage.values.id = newValue } }
    public var organizationID: DocumentID { get { storage.values.organizationID } set { storage.values.organizationID = newValue } }
    public var submitterId: DocumentID? { get { storage.values.submitterId } set { storage.values.submitterId = newValue } }
    public var submitterName: String? { get { storage.values.submitterName } set { storage.values.submitterName = newValue } }
    public var submitterEmail: String? { get { storage.values.submitterEmail } set { storage.values.submitterEmail = newValue } }
    public var targetPhotographerId: DocumentID? {
        get { storage.values.targetPhotographerId }
        set { storage.values.targetPhotographerId = newValue }
    }
    public var targetPhotographerName: String? {
        get { storage.values.targetPhotographerName }
        set { storage.values.targetPhotographerName = newValue }
    }
    /// Full-size images; the older single `imageUrl` when there is no array.
    public var imageUrls: [String] { get { storage.values.imageUrls } set { storage.values.imageUrls = newValue } }
    /// Thumbnails; the older single `thumbnailUrl` when there is no array.
    public var thumbnailUrls: [String] { get { storage.values.thumbnailUrls } set { storage.values.thumbnailUrls = newValue } }
    public var imageCount: Int { get { storage.values.imageCount } set { storage.values.imageCount = newValue } }
    public var managerNotes: String? { get { storage.values.managerNotes } set { storage.values.managerNotes = newValue } }
    /// `"example"` (Good Example), `"improvement"` (Needs Improvement), or anything else as stored.
    public var exampleType: String? { get { storage.values.exampleType } set { storage.values.exampleType = newValue } }
    public var status: String? { get { storage.values.status } set { storage.values.status = newValue } }
    public var createdAt: Timestamp? { get { storage.values.createdAt } set { storage.values.createdAt = newValue } }
    public var updatedAt: Timestamp? { get { storage.values.updatedAt } set { storage.values.updatedAt = newValue } }
    public var source: DocumentSource { get { storage.values.source } set { storage.values.source = newValue } }
    /// The raw document's digest (set by the loader), as for reports.
    public var digest: ContentDigest { get { storage.values.digest } set { storage.values.digest = newValue } }

    public init(id: DocumentID, organizationID: DocumentID, submitterId: DocumentID? = nil, submitterName: String? = nil,
                submitterEmail: String? = nil, targetPhotographerId: DocumentID? = nil,
                targetPhotographerName: String? = nil, imageUrls: [String] = [], thumbnailUrls: [String] = [],
                imageCount: Int = 0, managerNotes: String? = nil, exampleType: String? = nil,
                status: String? = nil, createdAt: Timestamp? = nil, updatedAt: Timestamp? = nil,
                source: DocumentSource) {
        storage = CopiedOnWrite(Values(
            id: id, organizationID: organizationID, submitterId: submitterId, submitterName: submitterName,
            submitterEmail: submitterEmail, targetPhotographerId: targetPhotographerId, targetPhotographerName: targetPhotographerName,
            imageUrls: imageUrls, thumbnailUrls: thumbnailUrls, imageCount: imageCount, managerNotes: managerNotes,
            exampleType: exampleType, status: status, createdAt: createdAt, updatedAt: updatedAt, source: source))
    }

    public var isPublished: Bool { status == "published" }
}
