/// A value type's stored properties in one shared box, copied on write, as Swift's own arrays and
/// dictionaries keep theirs: a copy of the value is one reference, and the box is copied only when a value
/// that shares it is changed.
///
/// Why: the pipeline copies a report into every list it groups reports by (month, day, photographer), and a
/// struct of fifteen properties counts fifteen references per copy. Reports, critiques and mileage rows
/// keep their properties here (`DailyJobReport.Values`…); copying and destroying them had been about 7 % of
/// a one-change rebuild's CPU.
public struct CopiedOnWrite<Values: Sendable>: @unchecked Sendable {
    /// Changed only while no other value shares it (`values`' `_modify`), so sharing it across threads is safe.
    private final class Box {
        var values: Values
        init(_ values: Values) { self.values = values }
    }

    private var box: Box

    public init(_ values: Values) { box = Box(values) }

    public var values: Values {
        get { box.values }
        _modify {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.values) }
            yield &box.values
        }
    }

    /// Both hold the same box (so their values are equal without comparing them).
    func shares(_ other: CopiedOnWrite) -> Bool { box === other.box }
}

extension CopiedOnWrite: Equatable where Values: Equatable {
    public static func == (a: CopiedOnWrite, b: CopiedOnWrite) -> Bool { a.shares(b) || a.values == b.values }
}

extension CopiedOnWrite: Hashable where Values: Hashable {
    public func hash(into hasher: inout Hasher) { values.hash(into: &hasher) }
}
