import Crypto
import Foundation
import GenPlan
import GenSupport
import Mustache

/// A page's context as plain values — `MustacheNode` (a keyed container), `[Any]`, `MustacheText`,
/// `MustacheNull`, `Int`, `Double`, `Bool` — built once per page through the views' synthesized `Encodable`
/// conformance, and hashed on the way.
///
/// Why: swift-mustache looks a name up in a struct through `Mirror`, which builds every child of the
/// struct (and resolves its type by name) on every lookup, and a name missing at one level is looked up
/// again in every enclosing level. Profiles of large builds spent most of their time there. A node answers
/// the same lookup itself (it is a `MustacheParent`), with the same semantics.
///
/// The fingerprint is fed while encoding, in encoding order: a view type encodes its properties in
/// declaration order, so equal contexts feed equal bytes and no second walk over the tree is needed.
/// Every value is tagged with its kind and length, so different trees never feed the same bytes. A
/// `Dictionary` in a view (whose order is not stable) is hashed from its finished, key-sorted tree instead.
///
/// A `Fragment` in the context is not encoded: it becomes its shared `RenderedFragment`, hashed by its
/// fingerprint.
enum MustacheTree {
    struct Made {
        let tree: Any
        let fingerprint: SHA256Digest
    }

    /// `prefix` is hashed first (what the tree is rendered with: template name and template hash).
    /// With `buildTree` false only the fingerprint is made (the tree is empty): an incremental build asks
    /// for every page's fingerprint and renders few pages, which it encodes again.
    /// `shownBy`: the template the tree is rendered with, whose names decide which fragments and repeated
    /// blocks it shows; nil (a context several templates show) shows all.
    static func make(
        _ value: some Encodable, prefix: String, shownBy template: String?, buildTree: Bool = true,
        fragment: @escaping (Fragment) throws -> RenderedFragment, repeated: RepeatedTexts
    ) throws -> Made {
        let build = TreeBuild(
            fragment: fragment, repeated: repeated, buildsTree: buildTree,
            shows: template.flatMap(repeated.names))
        build.digest.add(prefix, tag: 0x70)
        let tree = try build.node(for: value)
        guard build.nestedContainers else { return Made(tree: tree, fingerprint: build.digest.finalizeSHA256()) }
        // Nested containers are not closed in the stream: hash the finished tree instead, which a hash-only
        // build did not keep (a repeated block's key is such a hash: an empty tree would give every block
        // with nested containers the same text).
        guard buildTree else {
            return try make(value, prefix: prefix, shownBy: template, buildTree: true, fragment: fragment, repeated: repeated)
        }
        var digest = StableHasher()
        digest.add(prefix, tag: 0x70)
        TreeHash.feed(tree, into: &digest)
        return Made(tree: tree, fingerprint: digest.finalizeSHA256())
    }
}

/// One tree being built: the fragment resolver and the running digest, shared by every encoder of the tree.
final class TreeBuild {
    let fragment: (Fragment) throws -> RenderedFragment
    /// The build's texts of repeated blocks (see `RepeatedBlock.node(in:)`).
    let repeated: RepeatedTexts
    /// The names the template showing the tree looks up (nil: a context several templates show). A
    /// fragment or repeated block under another key is not shown by it, so the page does not depend on
    /// it: the site header of every page's context is shown by the HTML layout only, not by Markdown pages.
    let shows: Set<String>?
    var digest = StableHasher()
    /// Inside a `Dictionary`: values go to the tree only; the dictionary is hashed sorted when finished.
    var unordered = 0
    /// A type used nested containers or a super encoder (synthesized conformances never do).
    var nestedContainers = false
    let buildsTree: Bool
    /// Whether values go into the tree: always inside a dictionary, which is hashed from its tree.
    var stores: Bool { buildsTree || unordered > 0 }

    init(
        fragment: @escaping (Fragment) throws -> RenderedFragment, repeated: RepeatedTexts, buildsTree: Bool,
        shows: Set<String>?
    ) {
        self.fragment = fragment
        self.repeated = repeated
        self.shows = shows
        self.buildsTree = buildsTree
    }

    /// Leaves are stored as they are; anything else encodes itself into a fresh encoder.
    ///
    /// Types are told apart by comparing metatypes, not by casting (`value as? String`): in this generic,
    /// unspecialized code each cast is a runtime call, and a value that is not a leaf failed four of them.
    func node<T: Encodable>(for value: T) throws -> Any {
        if T.self == String.self { return leaf(unsafeBitCast(value, to: String.self)) }
        if T.self == Bool.self { return leaf(unsafeBitCast(value, to: Bool.self)) }
        if T.self == Int.self { return leaf(unsafeBitCast(value, to: Int.self)) }
        if T.self == Double.self { return leaf(unsafeBitCast(value, to: Double.self)) }
        // By type, not `as? Fragment`: casting an array or dictionary to a class bridges it to Foundation first.
        if T.self == Fragment.self { return try resolved(value as! Fragment) }
        if T.self == RepeatedBlock.self { return try (value as! RepeatedBlock).node(in: self) ?? MustacheNull() }
        if T.self == RepeatedRows.self { return try (value as! RepeatedRows).node(in: self) }
        if T.self == [Fragment].self { return try fragments(value as! [Fragment]) }
        if T.self is any UnorderedKeys.Type {
            unordered += 1
            let tree = try encoded(value)
            unordered -= 1
            if unordered == 0 { TreeHash.feed(tree, into: &digest) }
            return tree
        }
        return try encoded(value)
    }

    /// A list of fragments (a gallery's cards) hashed as a list, each by its fingerprint: a list whose kept
    /// section takes each fragment's text.
    private func fragments(_ list: [Fragment]) throws -> KeptList {
        if unordered == 0 { digest.mark(0x5B) }  // [
        var items: [any KeptText] = []
        items.reserveCapacity(list.count)
        for item in list { items.append(try resolved(item)) }
        if unordered == 0 { digest.mark(0x5D) }  // ]
        return KeptList(items: items)
    }

    /// A fragment as the tree holds it, hashed by its fingerprint.
    private func resolved(_ item: Fragment) throws -> RenderedFragment {
        let rendered = try fragment(item)
        if unordered == 0 { digest.add(rendered.fingerprint, tag: 0x66) }
        return rendered
    }

    func leaf(_ v: String) -> Any {
        if unordered == 0 { digest.add(v, tag: 0x73) }
        return MustacheText(text: v)
    }

    func leaf(_ v: Bool) -> Any {
        if unordered == 0 { digest.add(v ? "1" : "0", tag: 0x62) }
        return v
    }

    func leaf(_ v: Int) -> Any {
        if unordered == 0 { digest.add(String(v), tag: 0x69) }
        return v
    }

    func leaf(_ v: Double) -> Any {
        if unordered == 0 { digest.add(String(v.bitPattern), tag: 0x64) }
        return v
    }

    private func encoded(_ value: some Encodable) throws -> Any {
        let encoder = TreeEncoder(build: self)
        try value.encode(to: encoder)
        switch encoder.box {
        case .keyed(let box):
            if unordered == 0 { digest.mark(0x7D) }  // }
            return box.finished
        case .unkeyed(let box):
            if unordered == 0 { digest.mark(0x5D) }  // ]
            return box.finished
        case .single(let value):
            return value
        case nil:
            // A type that encodes nothing (an empty struct) reads as an empty dictionary.
            if unordered == 0 { digest.mark(0x7B); digest.mark(0x7D) }
            return MustacheNode(capacity: 0)
        }
    }
}

/// A text leaf of a tree. Why not the `String` itself: swift-mustache writes a value by asking it, in
/// turn, whether it is a template, a custom renderable, a lambda or an optional, and then prints it with
/// `String(describing:)`, which asks more: each a conformance lookup, per tag. A custom renderable is
/// answered at the second question. It renders, escapes and opens sections exactly as the `String` would
/// (no template uses a transform, the one thing only a `String` can do).
///
/// A section opened on a text (`{{#origin}}…{{/origin}}`) puts it on the context stack, where every name
/// looked up inside passes it on the way out: as a parent with no children it answers at once, where a
/// `String` was asked through `Mirror` (as swift-mustache does for what is not a parent), with the same
/// answer, none.
struct MustacheText: MustacheCustomRenderable, MustacheParent, Sendable {
    let text: String
    var renderText: String { text }
    var isNull: Bool { false }
    func child(named: String) -> Any? { nil }
}

/// A keyed container of a tree (a view's properties): its entries in encoding order, looked up by a scan.
/// Why not a `Dictionary`: a view has a handful of properties, and a `Dictionary` hashes every key twice
/// (SipHash, when the tree is built and again at each lookup) where a scan compares a few short keys, which
/// for keys of up to 15 ASCII bytes is comparing two words. A key encoded twice is the last one's, as a
/// dictionary would have it.
struct MustacheNode: MustacheParent, @unchecked Sendable {  // values are tree leaves of Sendable types (`Any` hides it)
    var entries: [(key: String, value: Any)]

    init(capacity: Int = 8) {
        entries = []
        entries.reserveCapacity(capacity)
    }

    func child(named name: String) -> Any? {
        var i = entries.count
        while i > 0 {
            i -= 1
            if entries[i].key == name { return entries[i].value }
        }
        return nil
    }

    /// The entries by key, the last of a repeated key winning.
    var byKey: [String: Any] {
        Dictionary(entries.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
    }
}

/// A nil optional in a tree: found (the lookup stops here), false in a section, nothing when written.
struct MustacheNull: MustacheCustomRenderable, Sendable {
    var renderText: String { "" }
    var isNull: Bool { true }
}

/// Dictionaries iterate in a per-process order: hashed from their sorted tree, not in encoding order.
private protocol UnorderedKeys {}
extension Dictionary: UnorderedKeys {}

/// A container being filled. Nested containers (not used by synthesized conformances) are kept as
/// boxes until the container is finished.
private final class KeyedBox {
    var node = MustacheNode()
    var nested: [String: ContainerBox] = [:]

    var finished: MustacheNode {
        guard !nested.isEmpty else { return node }
        var all = node
        for (key, box) in nested.sorted(by: { $0.key < $1.key }) { all.entries.append((key, box.finished)) }
        return all
    }
}

private final class UnkeyedBox {
    var items: [Any] = []
    var nested: [Int: ContainerBox] = [:]

    var finished: [Any] {
        guard !nested.isEmpty else { return items }
        var all = items
        for (index, box) in nested { all[index] = box.finished }
        return all
    }
}

private enum ContainerBox {
    case keyed(KeyedBox)
    case unkeyed(UnkeyedBox)
    case single(Any)

    var finished: Any {
        switch self {
        case .keyed(let box): return box.finished
        case .unkeyed(let box): return box.finished
        case .single(let value): return value
        }
    }
}

private final class TreeEncoder: Encoder {
    // Errors of this encoder never need a path: the values are our own view types.
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    let build: TreeBuild
    var box: ContainerBox?

    init(build: TreeBuild, box: ContainerBox? = nil) {
        self.build = build
        self.box = box
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .keyed(let existing)? = box { return KeyedEncodingContainer(KeyedContainer(box: existing, build: build)) }
        let keyed = KeyedBox()
        box = .keyed(keyed)
        if build.unordered == 0 { build.digest.mark(0x7B) }  // {
        return KeyedEncodingContainer(KeyedContainer(box: keyed, build: build))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .unkeyed(let existing)? = box { return UnkeyedContainer(box: existing, build: build) }
        let unkeyed = UnkeyedBox()
        box = .unkeyed(unkeyed)
        if build.unordered == 0 { build.digest.mark(0x5B) }  // [
        return UnkeyedContainer(box: unkeyed, build: build)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleContainer(encoder: self) }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: KeyedBox
    let build: TreeBuild
    var codingPath: [any CodingKey] { [] }

    /// Absent, not null: Mustache then looks the name up in the enclosing context.
    mutating func encodeNil(forKey key: Key) throws {}

    // A nil optional property is a null value (`MustacheNull`): found, falsy, rendered as nothing, as a JSON
    // null is in Mustache's reference implementations. Absent, it sent every lookup of the name on through
    // each enclosing context (a field value's `{{#rich}}`, `{{#email}}`, … a third of all lookups), and could
    // pick up an outer value of the same name. Synthesized conformances encode optionals through these, one
    // overload per type the protocol names.
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try encodeOrNull(value, key) }

    private mutating func encodeOrNull<T: Encodable>(_ value: T?, _ key: Key) throws {
        guard let value else { return null(key) }
        try encode(value, forKey: key)
    }

    private func null(_ key: Key) {
        if build.unordered == 0 { build.digest.add(key.stringValue, tag: 0x6B); build.digest.mark(0x6E) }
        if build.stores { box.node.entries.append((key.stringValue, MustacheNull())) }
    }

    // The leaf types, directly: synthesized conformances call these overloads, which would otherwise reach
    // the generic `encode` through the protocol's default implementations.
    mutating func encode(_ value: String, forKey key: Key) throws { put(key, build.leaf(value)) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { put(key, build.leaf(value)) }
    mutating func encode(_ value: Int, forKey key: Key) throws { put(key, build.leaf(value)) }
    mutating func encode(_ value: Double, forKey key: Key) throws { put(key, build.leaf(value)) }

    /// `make` after the key is hashed: a value is hashed after its key.
    private func put(_ key: Key, _ make: @autoclosure () throws -> Any) rethrows {
        if build.unordered == 0 { build.digest.add(key.stringValue, tag: 0x6B) }
        let node = try make()
        if build.stores { box.node.entries.append((key.stringValue, node)) }
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        if T.self == Fragment.self || T.self == [Fragment].self || T.self == RepeatedBlock.self || T.self == RepeatedRows.self,
            let shows = build.shows,
            !shows.contains(key.stringValue)
        {
            if build.unordered == 0 { build.digest.add(key.stringValue, tag: 0x6B); build.digest.mark(0x78) }  // x: not shown
            if build.stores { box.node.entries.append((key.stringValue, MustacheNull())) }
            return
        }
        try put(key, try build.node(for: value))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        build.nestedContainers = true
        if build.unordered == 0 { build.digest.add(key.stringValue, tag: 0x6B); build.digest.mark(0x7B) }
        let nested = KeyedBox()
        box.nested[key.stringValue] = .keyed(nested)
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(box: nested, build: build))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        build.nestedContainers = true
        if build.unordered == 0 { build.digest.add(key.stringValue, tag: 0x6B); build.digest.mark(0x5B) }
        let nested = UnkeyedBox()
        box.nested[key.stringValue] = .unkeyed(nested)
        return UnkeyedContainer(box: nested, build: build)
    }

    // Under the key "super" (as JSONEncoder does), by name: a `CodingKeys` enum need not have that case.
    mutating func superEncoder() -> any Encoder { superEncoder(named: "super") }

    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(named: key.stringValue) }

    private func superEncoder(named key: String) -> any Encoder {
        build.nestedContainers = true
        if build.unordered == 0 { build.digest.add(key, tag: 0x6B); build.digest.mark(0x7B) }
        let nested = KeyedBox()
        box.nested[key] = .keyed(nested)
        return TreeEncoder(build: build, box: .keyed(nested))
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let box: UnkeyedBox
    let build: TreeBuild
    var codingPath: [any CodingKey] { [] }
    var count: Int { box.items.count }

    /// Lists keep their positions: a nil element renders as nothing.
    mutating func encodeNil() throws {
        if build.unordered == 0 { build.digest.mark(0x6E) }  // n
        box.items.append(Optional<String>.none as Any)
    }

    mutating func encode(_ value: String) throws { put(build.leaf(value)) }
    mutating func encode(_ value: Bool) throws { put(build.leaf(value)) }
    mutating func encode(_ value: Int) throws { put(build.leaf(value)) }
    mutating func encode(_ value: Double) throws { put(build.leaf(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws { put(try build.node(for: value)) }

    private func put(_ node: Any) {
        if build.stores { box.items.append(node) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        build.nestedContainers = true
        if build.unordered == 0 { build.digest.mark(0x7B) }
        let nested = KeyedBox()
        box.nested[box.items.count] = .keyed(nested)
        box.items.append(MustacheNode(capacity: 0))
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(box: nested, build: build))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        build.nestedContainers = true
        if build.unordered == 0 { build.digest.mark(0x5B) }
        let nested = UnkeyedBox()
        box.nested[box.items.count] = .unkeyed(nested)
        box.items.append([Any]())
        return UnkeyedContainer(box: nested, build: build)
    }

    mutating func superEncoder() -> any Encoder {
        build.nestedContainers = true
        if build.unordered == 0 { build.digest.mark(0x7B) }
        let nested = KeyedBox()
        box.nested[box.items.count] = .keyed(nested)
        box.items.append(MustacheNode(capacity: 0))
        return TreeEncoder(build: build, box: .keyed(nested))
    }
}

private struct SingleContainer: SingleValueEncodingContainer {
    let encoder: TreeEncoder
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws {
        if encoder.build.unordered == 0 { encoder.build.digest.mark(0x6E) }
        encoder.box = .single(Optional<String>.none as Any)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        encoder.box = .single(try encoder.build.node(for: value))
    }
}
