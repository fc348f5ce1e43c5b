import GenSupport

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
    /// The stored `userCoordinates` text (`"lat,lng"`), as the export holds it.
    public var userCoordinates: String? { didSet { home = userCoordinates.flatMap { GeoPoint(coordinates: $0) } } }
    /// `userCoordinates` read as a latitude and longitude: the home every route starts and ends at, the one
    /// reading the mileage and the route sketches share. Nil when missing or not a point.
    public private(set) var home: GeoPoint?
    public var source: DocumentSource
    /// The raw document's digest (set by the loader): what a month that read the document recorded of it
    /// (`MonthReads`).
    public var digest: ContentDigest = .none

    public init(
        id: DocumentID, organizationID: DocumentID, firstName: String? = nil, lastName: String? = nil,
        email: String? = nil, role: String? = nil, isPhotographer: Bool = false,
        userCoordinates: String? = nil, source: DocumentSource
    ) {
        self.id = id
        self.organizationID = organizationID
        self.firstName = firstName
        self.lastName = lastName
        self.email = email
        self.role = role
        self.isPhotographer = isPhotographer
        self.userCoordinates = userCoordinates
        self.home = userCoordinates.flatMap { GeoPoint(coordinates: $0) }
        self.source = source
    }

    /// "First Last", else whichever part exists, else nil.
    public var fullName: String? {
        let parts = [firstName, lastName].compactMap { $0?.trimmedBlanks }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }
}
