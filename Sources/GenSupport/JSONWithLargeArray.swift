/// A value whose JSON is mostly one top-level array (`mileage.json`'s reports, the thumbnail manifest's
/// images). The writer encodes the elements in parts, on all cores, and puts them where the encoder would
/// have: the same bytes, without the encoder building a tree of the whole file first (at 100,000 reports
/// that tree was a third of the build's peak memory).
public protocol JSONWithLargeArray: Encodable {
    associatedtype Element: Encodable & Sendable
    /// The array's key in the top-level object.
    static var largeArrayKey: String { get }
    /// The array's property.
    static var largeArray: WritableKeyPath<Self, [Element]> { get }
}

extension JSONWithLargeArray {
    /// The same value with the array empty.
    public var withoutLargeArray: Self {
        var copy = self
        copy[keyPath: Self.largeArray] = []
        return copy
    }
}
