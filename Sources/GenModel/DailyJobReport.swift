import GenSupport

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

    public var id: DocumentID {
        get { storage.values.id }
        set { storage.values.id = newValue }
    }
    public var organizationID: DocumentID {
        get { storage.values.organizationID }
        set { storage.values.organizationID = newValue }
    }
    public var userId: DocumentID? {
        get { storage.values.userId }
        set { storage.values.userId = newValue }
    }
    /// The local day of the report in the configured time zone.
    public var date: LocalDate {
        get { storage.values.date }
        set { storage.values.date = newValue }
    }
    public var photographer: String? {
        get { storage.values.photographer }
        set { storage.values.photographer = newValue }
    }
    public var templateId: DocumentID? {
        get { storage.values.templateId }
        set { storage.values.templateId = newValue }
    }
    public var templateName: String? {
        get { storage.values.templateName }
        set { storage.values.templateName = newValue }
    }
    public var templateVersion: Int? {
        get { storage.values.templateVersion }
        set { storage.values.templateVersion = newValue }
    }
    public var reportType: String? {
        get { storage.values.reportType }
        set { storage.values.reportType = newValue }
    }
    public var smartFieldsUsed: [String]? {
        get { storage.values.smartFieldsUsed }
        set { storage.values.smartFieldsUsed = newValue }
    }
    public var createdAt: Timestamp? {
        get { storage.values.createdAt }
        set { storage.values.createdAt = newValue }
    }
    public var updatedAt: Timestamp? {
        get { storage.values.updatedAt }
        set { storage.values.updatedAt = newValue }
    }
    /// Every top-level field of the document, metadata included.
    public var fields: [String: FirestoreValue] {
        get { storage.values.fields }
        set { storage.values.fields = newValue }
    }
    public var source: DocumentSource {
        get { storage.values.source }
        set { storage.values.source = newValue }
    }
    /// The raw document's digest (set by the loader): an incremental build keeps a month's pages when
    /// none of its documents changed.
    public var digest: ContentDigest {
        get { storage.values.digest }
        set { storage.values.digest = newValue }
    }

    public init(
        id: DocumentID, organizationID: DocumentID, userId: DocumentID?, date: LocalDate, photographer: String? = nil,
        templateId: DocumentID? = nil, templateName: String? = nil, templateVersion: Int? = nil,
        reportType: String? = nil, smartFieldsUsed: [String]? = nil, createdAt: Timestamp? = nil,
        updatedAt: Timestamp? = nil, fields: [String: FirestoreValue], source: DocumentSource
    ) {
        storage = CopiedOnWrite(
            Values(
                id: id, organizationID: organizationID, userId: userId, date: date, photographer: photographer, templateId: templateId,
                templateName: templateName, templateVersion: templateVersion, reportType: reportType, smartFieldsUsed: smartFieldsUsed,
                createdAt: createdAt, updatedAt: updatedAt, fields: fields, source: source))
    }
}
