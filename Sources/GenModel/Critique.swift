import GenSupport

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

    public var id: DocumentID {
        get { storage.values.id }
        set { storage.values.id = newValue }
    }
    public var organizationID: DocumentID {
        get { storage.values.organizationID }
        set { storage.values.organizationID = newValue }
    }
    public var submitterId: DocumentID? {
        get { storage.values.submitterId }
        set { storage.values.submitterId = newValue }
    }
    public var submitterName: String? {
        get { storage.values.submitterName }
        set { storage.values.submitterName = newValue }
    }
    public var submitterEmail: String? {
        get { storage.values.submitterEmail }
        set { storage.values.submitterEmail = newValue }
    }
    public var targetPhotographerId: DocumentID? {
        get { storage.values.targetPhotographerId }
        set { storage.values.targetPhotographerId = newValue }
    }
    public var targetPhotographerName: String? {
        get { storage.values.targetPhotographerName }
        set { storage.values.targetPhotographerName = newValue }
    }
    /// Full-size images; the older single `imageUrl` when there is no array.
    public var imageUrls: [String] {
        get { storage.values.imageUrls }
        set { storage.values.imageUrls = newValue }
    }
    /// Thumbnails; the older single `thumbnailUrl` when there is no array.
    public var thumbnailUrls: [String] {
        get { storage.values.thumbnailUrls }
        set { storage.values.thumbnailUrls = newValue }
    }
    public var imageCount: Int {
        get { storage.values.imageCount }
        set { storage.values.imageCount = newValue }
    }
    public var managerNotes: String? {
        get { storage.values.managerNotes }
        set { storage.values.managerNotes = newValue }
    }
    /// `"example"` (Good Example), `"improvement"` (Needs Improvement), or anything else as stored.
    public var exampleType: String? {
        get { storage.values.exampleType }
        set { storage.values.exampleType = newValue }
    }
    public var status: String? {
        get { storage.values.status }
        set { storage.values.status = newValue }
    }
    public var createdAt: Timestamp? {
        get { storage.values.createdAt }
        set { storage.values.createdAt = newValue }
    }
    public var updatedAt: Timestamp? {
        get { storage.values.updatedAt }
        set { storage.values.updatedAt = newValue }
    }
    public var source: DocumentSource {
        get { storage.values.source }
        set { storage.values.source = newValue }
    }
    /// The raw document's digest (set by the loader), as for reports.
    public var digest: ContentDigest {
        get { storage.values.digest }
        set { storage.values.digest = newValue }
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

    public var isPublished: Bool { status == "published" }
}
