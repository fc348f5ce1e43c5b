import GenSupport

/// A school the photographers drive to (`schools`); `value` is its display name.
public struct School: Sendable, Hashable {
    public var id: DocumentID
    public var organizationID: DocumentID
    public var value: String
    public var street: String?
    public var city: String?
    public var state: String?
    public var zipCode: String?
    /// The stored `coordinates` text (`"lat,lng"`), as the export holds it.
    public var coordinates: String? { didSet { point = Self.point(coordinates) } }
    /// `coordinates` read as a latitude and longitude, once: every route through the school asks for it. Nil when
    /// there are none, or they read as no point (the school is then left out of routes and maps).
    public private(set) var point: GeoPoint?
    public var source: DocumentSource
    /// The raw document's digest (set by the loader): what a month that read the document recorded of it
    /// (`MonthReads`).
    public var digest: ContentDigest = .none

    public init(
        id: DocumentID, organizationID: DocumentID, value: String, street: String? = nil, city: String? = nil,
        state: String? = nil, zipCode: String? = nil, coordinates: String? = nil, source: DocumentSource
    ) {
        self.id = id
        self.organizationID = organizationID
        self.value = value
        self.street = street
        self.city = city
        self.state = state
        self.zipCode = zipCode
        self.coordinates = coordinates
        self.point = Self.point(coordinates)
        self.source = source
    }

    private static func point(_ coordinates: String?) -> GeoPoint? { coordinates.flatMap { GeoPoint(coordinates: $0) } }
}
