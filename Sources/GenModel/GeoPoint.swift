import Foundation
import GenSupport

/// A latitude/longitude pair: Firestore GeoPoints and the app's `"lat,lng"` strings.
public struct GeoPoint: Sendable, Hashable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Whether both parts are finite and inside [-90, 90] × [-180, 180].
    public var isValid: Bool {
        latitude.isFinite && longitude.isFinite && (-90...90).contains(latitude) && (-180...180).contains(longitude)
    }

    /// Parses the app's coordinate strings: `"38.321991,-88.867400"`, spaces allowed.
    /// Returns nil when the text is not two numbers or they are out of range.
    public init?(coordinates text: String) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2,
            let lat = Double(parts[0].trimmedBlanks),
            let lng = Double(parts[1].trimmedBlanks)
        else { return nil }
        self.init(latitude: lat, longitude: lng)
        guard isValid else { return nil }
    }
}

/// A document reference as a path, `collection/docId[/sub/docId…]`.
public struct DocumentReference: Sendable, Hashable {
    public var path: String

    public init(path: String) { self.path = path }

    /// The last path segment: the referenced document's id.
    public var documentID: String { path.split(separator: "/").last.map(String.init) ?? path }
    /// The referenced document's collection (the segment before its id).
    public var collection: String? {
        let parts = path.split(separator: "/")
        return parts.count >= 2 ? String(parts[parts.count - 2]) : nil
    }
}
