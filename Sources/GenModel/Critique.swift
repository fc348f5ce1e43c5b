import GenSupport

/// A manager's photo critique for a photographer (`photoCritiques`). Its properties are kept `CopiedOnWrite`, as
/// a report's are: a critique is copied into every gallery, month and photographer list it is planned in.
@dynamicMemberLookup
public struct Critique: Sendable, Hashable {
    /// The properties, compared and hashed as a whole (synthesized, so none is forgotten).
    public struct Values: Sendable, Hashable {
        public var id: DocumentID
        public var organizationID: DocumentID
        public var submitterId: DocumentID?
        public var submitterName: String?
        public var submitterEmail: String?
        public var targetPhotographerId: DocumentID?
        public var targetPhotographerName: String?
        /// Full-size images; the older single `imageUrl` when there is no array.
        public var imageUrls: [String]
        /// Thumbnails; the older single `thumbnailUrl` when there is no array.
        public var thumbnailUrls: [String]
        public var imageCount: Int
        public var managerNotes: String?
        /// `"example"` (Good Example), `"improvement"` (Needs Improvement), or anything else as stored.
        public var exampleType: String?
        public var status: String?
        public var createdAt: Timestamp?
        public var updatedAt: Timestamp?
        public var source: DocumentSource
        /// The raw document's digest (set by the loader), as for reports.
        public var digest: ContentDigest = .none
    }

    @usableFromInline var storage: CopiedOnWrite<Values>

    /// Each property of `Values`, read in place from the shared box and written through a copy when shared.
    @inlinable public subscript<T>(dynamicMember path: WritableKeyPath<Values, T>) -> T {
        _read { yield storage.values[keyPath: path] }
        _modify { yield &storage.values[keyPath: path] }
    }

    public init(
        id: DocumentID, organizationID: DocumentID, submitterId: DocumentID? = nil, submitterName: String? = nil,
        submitterEmail: String? = nil, targetPhotographerId: DocumentID? = nil,
        targetPhotographerName: String? = nil, imageUrls: [String] = [], thumbnailUrls: [String] = [],
        imageCount: Int = 0, managerNotes: String? = nil, exampleType: String? = nil,
        status: String? = nil, createdAt: Timestamp? = nil, updatedAt: Timestamp? = nil,
        source: DocumentSource
    ) {
        storage = CopiedOnWrite(
            Values(
                id: id, organizationID: organizationID, submitterId: submitterId, submitterName: submitterName,
                submitterEmail: submitterEmail, targetPhotographerId: targetPhotographerId, targetPhotographerName: targetPhotographerName,
                imageUrls: imageUrls, thumbnailUrls: thumbnailUrls, imageCount: imageCount, managerNotes: managerNotes,
                exampleType: exampleType, status: status, createdAt: createdAt, updatedAt: updatedAt, source: source))
    }

    public var isPublished: Bool { self.status == "published" }
}
