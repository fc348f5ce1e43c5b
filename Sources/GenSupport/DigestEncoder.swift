/// The digest of a computed value (a mileage summary, say) through its `Encodable` conformance: every
/// property a synthesized conformance encodes is in it, so a property added later cannot be forgotten.
/// Only hashes: nothing is built, which makes it cheap next to fingerprinting the pages made from the value.
///
/// The stream is tagged like every other `StableHasher` feed: keys and texts with their lengths, each
/// container opened and closed, a nil as its own tag (an absent optional is simply not there; its key is
/// not either). A `Dictionary` with `String` keys is fed in key order (its own order differs between
/// processes), as is one keyed by ids; one with other keys is fed in its own order, so a digest of a value holding one differs
/// between builds, and what is keyed by it is only made again, never wrongly kept.
extension ContentDigest {
    /// Nil when the value's conformance uses nested containers or super encoders (synthesized ones never
    /// do), whose ends the stream could not mark: whatever is keyed by it is then always planned.
    public static func of(_ value: some Encodable) -> ContentDigest? {
        let state = DigestState()
        state.feed(value)
        return state.unmarkedEnds ? nil : state.hasher.finalize()
    }
}

private final class DigestState {
    var hasher = StableHasher()
    var unmarkedEnds = false
    /// Whether a type is a `Dictionary` with `String` keys, by type: asked once per type, not per value.
    private var isStringKeyed: [ObjectIdentifier: Bool] = [:]

    /// Leaves are told apart by comparing metatypes, not by casting (`value as? String`): in this generic,
    /// unspecialized code each cast is a runtime call, and a value that is not a leaf failed fourteen of them
    /// (at 10,000 reports that was most of hashing the mileage summary).
    func feed<T: Encodable>(_ value: T) {
        func leaf<U>(_ type: U.Type) -> U { unsafeBitCast(value, to: type) }
        switch ObjectIdentifier(T.self) {
        case ObjectIdentifier(String.self): hasher.add(leaf(String.self))
        case ObjectIdentifier(Bool.self): hasher.add(leaf(Bool.self))
        case ObjectIdentifier(Int.self): hasher.add(leaf(Int.self))
        case ObjectIdentifier(Double.self): hasher.add(leaf(Double.self))
        // The other numbers encode themselves as themselves: fed here, or `encode(to:)` would come back.
        case ObjectIdentifier(Float.self): hasher.add(Double(leaf(Float.self)))
        case ObjectIdentifier(Int64.self): hasher.add(leaf(Int64.self))
        case ObjectIdentifier(Int32.self): hasher.add(Int(leaf(Int32.self)))
        case ObjectIdentifier(UInt64.self): hasher.mark(0x75, leaf(UInt64.self))
        case ObjectIdentifier(UInt.self): hasher.mark(0x75, UInt64(leaf(UInt.self)))
        case ObjectIdentifier(UInt32.self): hasher.mark(0x75, UInt64(leaf(UInt32.self)))
        case ObjectIdentifier(Int16.self): hasher.add(Int(leaf(Int16.self)))
        case ObjectIdentifier(Int8.self): hasher.add(Int(leaf(Int8.self)))
        case ObjectIdentifier(UInt16.self): hasher.mark(0x75, UInt64(leaf(UInt16.self)))
        case ObjectIdentifier(UInt8.self): hasher.mark(0x75, UInt64(leaf(UInt8.self)))
        default:
            let stringKeyed =
                isStringKeyed[ObjectIdentifier(T.self)]
                ?? {
                    let answer = T.self is any StringKeyedEntries.Type
                    isStringKeyed[ObjectIdentifier(T.self)] = answer
                    return answer
                }()
            if stringKeyed, let dictionary = value as? any StringKeyedEntries {
                hasher.mark(0x7B)
                for (key, entry) in dictionary.sortedEntries {
                    hasher.add(key, tag: 0x6B)
                    feed(entry)
                }
                hasher.mark(0x7D)
                return
            }
            let encoder = DigestEncoding(state: self)
            // Our containers never throw; a conformance that does cannot be keyed.
            do { try value.encode(to: encoder) } catch { unmarkedEnds = true }
            hasher.mark(encoder.opened.map { $0 + 2 } ?? 0x30)  // } or ] (0x7B/0x5B + 2), or a lone value
        }
    }
}

/// A dictionary whose entries can be fed in key order.
private protocol StringKeyedEntries {
    var sortedEntries: [(String, any Encodable)] { get }
}

/// Keyed by `String` or by an id (compared as bytes): both encode as objects keyed by text, and both sort.
extension Dictionary: StringKeyedEntries where Key: Comparable & CodingKeyRepresentable, Value: Encodable {
    fileprivate var sortedEntries: [(String, any Encodable)] { keys.sorted().map { ($0.codingKey.stringValue, self[$0]!) } }
}

private struct DigestEncoding: Encoder {
    let state: DigestState
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    /// The container this value opened (`{` or `[`), read back by `feed` to close it.
    var opened: UInt8? { box.opened }
    private let box = Opened()

    init(state: DigestState) { self.state = state }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        open(0x7B)
        return KeyedEncodingContainer(Keyed<Key>(state: state))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        open(0x5B)
        return Unkeyed(state: state)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { Single(state: state) }

    private func open(_ mark: UInt8) {
        guard box.opened == nil else { return }  // a second request for the same container
        box.opened = mark
        state.hasher.mark(mark)
    }

    final class Opened { var opened: UInt8? }
}

private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let state: DigestState
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws {
        state.hasher.add(key.stringValue, tag: 0x6B)
        state.hasher.mark(0x6E)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        state.hasher.add(key.stringValue, tag: 0x6B)
        state.feed(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        state.unmarkedEnds = true
        return KeyedEncodingContainer(Keyed<NestedKey>(state: state))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        state.unmarkedEnds = true
        return Unkeyed(state: state)
    }

    // The key is not needed: a value with a super encoder cannot be keyed (and a `CodingKeys` enum need
    // not have a "super" case to make one from).
    mutating func superEncoder() -> any Encoder {
        state.unmarkedEnds = true
        return DigestEncoding(state: state)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder() }
}

private struct Unkeyed: UnkeyedEncodingContainer {
    let state: DigestState
    var codingPath: [any CodingKey] { [] }
    private(set) var count = 0

    init(state: DigestState) { self.state = state }

    mutating func encodeNil() throws {
        count += 1
        state.hasher.mark(0x6E)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        count += 1
        state.feed(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        count += 1
        state.unmarkedEnds = true
        return KeyedEncodingContainer(Keyed<NestedKey>(state: state))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        count += 1
        state.unmarkedEnds = true
        return Unkeyed(state: state)
    }

    mutating func superEncoder() -> any Encoder {
        count += 1
        state.unmarkedEnds = true
        return DigestEncoding(state: state)
    }
}

private struct Single: SingleValueEncodingContainer {
    let state: DigestState
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws { state.hasher.mark(0x6E) }
    mutating func encode<T: Encodable>(_ value: T) throws { state.feed(value) }
}
