/// What a template is rendered against: a closed set of plain values. A name is looked up by a `switch` over
/// this enum and a scan of an object's keys; nothing is asked of the runtime (no casts, no protocols), so
/// threads rendering at once share nothing but immutable data.
public enum MustacheValue: Sendable {
    /// Found, but false in a section and nothing when written (a JSON null, a nil optional).
    case null
    case bool(Bool)
    case int(Int)
    /// Written as Swift writes a `Double` (`1.5`, `3.0`).
    case double(Double)
    case text(String)
    case list([MustacheValue])
    case object(MustacheObject)
    /// A value that recurs on many pages, with a key for its content: a section showing it through a
    /// partial alone renders that partial once per key (`MustacheMemo`).
    case shared(MustacheShared)

    /// Whether a section renders (once, or once per item of a list).
    var isTruthy: Bool {
        switch self {
        case .null: return false
        case .bool(let b): return b
        case .list(let items): return !items.isEmpty
        case .shared(let shared): return shared.value.isTruthy
        case .int, .double, .text, .object: return true
        }
    }

    /// Whether names are looked up inside it.
    var isObject: Bool {
        switch self {
        case .object: return true
        case .shared(let shared): return shared.value.isObject
        default: return false
        }
    }

    /// The value named `name` inside this one, nil if it has none.
    @inline(__always)
    func child(_ name: String) -> MustacheValue? {
        switch self {
        case .object(let object): return object[name]
        case .shared(let shared): return shared.value.child(name)
        default: return nil
        }
    }
}

/// Named values in order. Looked up by a scan from the end (a view has a handful of keys, and comparing a
/// few short keys is cheaper than hashing one); a key given twice reads as its last value. The pairs are kept
/// unlabelled, as a dictionary literal gives them, so an object written as one is that literal's array.
public struct MustacheObject: Sendable {
    public private(set) var entries: [(String, MustacheValue)]

    public init(capacity: Int = 0) {
        entries = []
        entries.reserveCapacity(capacity)
    }

    /// The pairs as given: name, value.
    public init(entries: [(String, MustacheValue)]) { self.entries = entries }

    public init(_ entries: KeyValuePairs<String, MustacheValue>) {
        self.init(capacity: entries.count)
        for (key, value) in entries { append(key, value) }
    }

    public mutating func append(_ key: String, _ value: MustacheValue) {
        entries.append((key, value))
    }

    public var count: Int { entries.count }

    public subscript(name: String) -> MustacheValue? {
        var i = entries.count
        while i > 0 {
            i -= 1
            if entries[i].0 == name { return entries[i].1 }
        }
        return nil
    }
}

/// A content key: 128 bits of a digest of the value it names, chosen by the host.
public struct MustacheKey: Hashable, Sendable {
    public let high: UInt64
    public let low: UInt64

    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }
}

/// A value whose text under a partial is the same wherever it is shown, because its `key` names its content.
public final class MustacheShared: Sendable {
    public let key: MustacheKey
    public let value: MustacheValue

    public init(key: MustacheKey, value: MustacheValue) {
        self.key = key
        self.value = value
    }
}

extension MustacheValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .text(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(arrayLiteral elements: MustacheValue...) { self = .list(elements) }
    public init(nilLiteral: ()) { self = .null }
    public init(dictionaryLiteral elements: (String, MustacheValue)...) { self = .object(MustacheObject(entries: elements)) }
}
