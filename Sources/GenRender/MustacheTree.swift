import Foundation
import GenPlan
import Mustache

/// A page's context as plain values — `[String: Any]`, `[Any]`, `String`, `Int`, `Double`, `Bool` — built
/// once per page through the views' synthesized `Encodable` conformance.
///
/// Why: swift-mustache looks a name up in a struct through `Mirror`, which builds every child of the
/// struct (and resolves its type by name) on every lookup, and a name missing at one level is looked up
/// again in every enclosing level. Profiles of large builds spent most of their time there. A dictionary
/// answers the same lookup by hashing (`Dictionary` is a `MustacheParent`), with the same semantics: a nil
/// optional is simply absent, so lookups still fall back to enclosing contexts as they did with Mirror.
///
/// A `Fragment` in the context is not encoded: `fragment` turns it into its leaf (see `RenderedFragment`).
enum MustacheTree {
    static func make(_ value: some Encodable, fragment: @escaping (Fragment) throws -> Any) throws -> Any {
        try TreeEncoder.node(for: value, codingPath: [], fragment: fragment).value
    }
}

/// A value being built: a finished leaf, or a container still being filled.
private enum TreeNode {
    case leaf(Any)
    case keyed(KeyedBox)
    case unkeyed(UnkeyedBox)

    var value: Any {
        switch self {
        case .leaf(let value): return value
        case .keyed(let box): return box.entries.mapValues(\.value)
        case .unkeyed(let box): return box.items.map(\.value)
        }
    }
}

private final class KeyedBox { var entries: [String: TreeNode] = [:] }
private final class UnkeyedBox { var items: [TreeNode] = [] }

private typealias FragmentLeaf = (Fragment) throws -> Any

private final class TreeEncoder: Encoder {
    var codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    var node: TreeNode?
    let fragment: FragmentLeaf

    init(codingPath: [any CodingKey], fragment: @escaping FragmentLeaf) {
        self.codingPath = codingPath
        self.fragment = fragment
    }

    /// Leaves are stored as they are; anything else encodes itself into a fresh encoder.
    static func node(for value: some Encodable, codingPath: [any CodingKey], fragment: @escaping FragmentLeaf) throws -> TreeNode {
        switch value {
        case let v as String: return .leaf(v)
        case let v as Bool: return .leaf(v)
        case let v as Int: return .leaf(v)
        case let v as Double: return .leaf(v)
        case let v as Fragment: return .leaf(try fragment(v))
        default:
            let encoder = TreeEncoder(codingPath: codingPath, fragment: fragment)
            try value.encode(to: encoder)
            // A type that encodes nothing (an empty struct) reads as an empty dictionary.
            return encoder.node ?? .keyed(KeyedBox())
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .keyed(let box)? = node { return KeyedEncodingContainer(KeyedContainer(box: box, codingPath: codingPath, fragment: fragment)) }
        let box = KeyedBox()
        node = .keyed(box)
        return KeyedEncodingContainer(KeyedContainer(box: box, codingPath: codingPath, fragment: fragment))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .unkeyed(let box)? = node { return UnkeyedContainer(box: box, codingPath: codingPath, fragment: fragment) }
        let box = UnkeyedBox()
        node = .unkeyed(box)
        return UnkeyedContainer(box: box, codingPath: codingPath, fragment: fragment)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleContainer(encoder: self) }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: KeyedBox
    var codingPath: [any CodingKey]
    let fragment: FragmentLeaf

    /// Absent, not null: Mustache then looks the name up in the enclosing context, as for a nil optional.
    mutating func encodeNil(forKey key: Key) throws {}

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        box.entries[key.stringValue] = try TreeEncoder.node(for: value, codingPath: codingPath + [key], fragment: fragment)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let nested = KeyedBox()
        box.entries[key.stringValue] = .keyed(nested)
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(box: nested, codingPath: codingPath + [key], fragment: fragment))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = UnkeyedBox()
        box.entries[key.stringValue] = .unkeyed(nested)
        return UnkeyedContainer(box: nested, codingPath: codingPath + [key], fragment: fragment)
    }

    mutating func superEncoder() -> any Encoder { superEncoder(forKey: Key(stringValue: "super")!) }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let encoder = TreeEncoder(codingPath: codingPath + [key], fragment: fragment)
        let nested = KeyedBox()
        encoder.node = .keyed(nested)
        box.entries[key.stringValue] = .keyed(nested)
        return encoder
    }
}

private struct IndexKey: CodingKey {
    var stringValue: String { "\(intValue!)" }
    var intValue: Int?
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let box: UnkeyedBox
    var codingPath: [any CodingKey]
    let fragment: FragmentLeaf
    var count: Int { box.items.count }

    /// Lists keep their positions: a nil element renders as nothing.
    mutating func encodeNil() throws { box.items.append(.leaf(Optional<String>.none as Any)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        box.items.append(try TreeEncoder.node(for: value, codingPath: codingPath + [IndexKey(count)], fragment: fragment))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = KeyedBox()
        box.items.append(.keyed(nested))
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(box: nested, codingPath: codingPath + [IndexKey(count)], fragment: fragment))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = UnkeyedBox()
        box.items.append(.unkeyed(nested))
        return UnkeyedContainer(box: nested, codingPath: codingPath + [IndexKey(count)], fragment: fragment)
    }

    mutating func superEncoder() -> any Encoder {
        let encoder = TreeEncoder(codingPath: codingPath + [IndexKey(count)], fragment: fragment)
        let nested = KeyedBox()
        encoder.node = .keyed(nested)
        box.items.append(.keyed(nested))
        return encoder
    }
}

private struct SingleContainer: SingleValueEncodingContainer {
    let encoder: TreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil() throws { encoder.node = .leaf(Optional<String>.none as Any) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        encoder.node = try TreeEncoder.node(for: value, codingPath: codingPath, fragment: encoder.fragment)
    }
}
