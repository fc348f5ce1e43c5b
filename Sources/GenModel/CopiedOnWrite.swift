/// A value type's stored properties in one shared box, copied on write, as Swift's own arrays and
/// dictionaries keep theirs: a copy of the value is one reference, and the box is copied only when a value
/// that shares it is changed.
///
/// Why: the pipeline copies a report into every list it groups reports by (month, day, photographer), and a
/// struct of fifteen properties counts fifteen references per copy. Reports, critiques and mileage rows
/// keep their properties here (`DailyJobReport.Values`…): without the box a rebuild spends a good part of
/// its time copying and destroying those references (BENCHMARKS.md has the measurement against plain structs).
///
/// Inlinable, and read through `_read`: a property read in another module (`report.date` in the planner) then
/// borrows the one field from the box. Behind an opaque getter every such read copied the whole set of values
/// (a retain and a release per reference it holds) to take one field out of it.
public struct CopiedOnWrite<Values: Sendable>: @unchecked Sendable {  // the box is changed only while unshared
    /// Changed only while no other value shares it (`values`' `_modify`), so sharing it across threads is safe.
    @usableFromInline final class Box {
        @usableFromInline var values: Values
        @usableFromInline init(_ values: Values) { self.values = values }
    }

    @usableFromInline var box: Box

    @inlinable public init(_ values: Values) { box = Box(values) }

    @inlinable public var values: Values {
        _read { yield box.values }
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
