import GenSupport

/// A photographer's daily job report (`dailyJobReports`). The form values stay typed
/// Firestore values keyed by field id, exactly as stored.
///
/// Its properties are kept `CopiedOnWrite`: a copy into a month's, day's or photographer's list is one reference.
@dynamicMemberLookup
public struct DailyJobReport: Sendable, Hashable {
    /// The properties, compared and hashed as a whole (synthesized, so none is forgotten).
    public struct Values: Sendable, Hashable {
        public var id: DocumentID
        public var organizationID: DocumentID
        public var userId: DocumentID?
        /// The local day of the report in the configured time zone.
        public var date: LocalDate
        public var photographer: String?
        public var templateId: DocumentID?
        public var templateName: String?
        public var templateVersion: Int?
        public var reportType: String?
        public var smartFieldsUsed: [String]?
        public var createdAt: Timestamp?
        public var updatedAt: Timestamp?
        /// Every top-level field of the document, metadata included.
        public var fields: [String: FirestoreValue]
        public var source: DocumentSource
        /// The raw document's digest (set by the loader): an incremental build keeps a month's pages when
        /// none of its documents changed.
        public var digest: ContentDigest = .none
    }

    @usableFromInline var storage: CopiedOnWrite<Values>

    /// Each property of `Values`, read in place from the shared box and written through a copy when shared.
    @inlinable public subscript<T>(dynamicMember path: WritableKeyPath<Values, T>) -> T {
        _read { yield storage.values[keyPath: path] }
        _modify { yield &storage.values[keyPath: path] }
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
