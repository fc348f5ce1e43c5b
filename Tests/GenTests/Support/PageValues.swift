import Crypto
@testable import GenPlan
@testable import GenRender
import MustacheEngine

/// A view model as the template engine's plain values, through its synthesized `Encodable` conformance: what
/// the tests hold every page's direct values to (`TemplateValueTests`). The product has no such encoder: every
/// page's view gives its values itself (`TemplateValue`). Objects keep their keys in declaration order, a
/// dictionary's sorted; a nil optional is `null` (found, false, written as nothing; absent, a lookup would go
/// on to the enclosing values and could pick up another value of the same name).
///
/// A value that recurs on many pages is `shared`, keyed by a digest of its content, as the views make them: a
/// `RepeatedBlock` (a field row, a section's header) and a `Fragment` (a report's body or route), each with the
/// values its view gives; a `PageContext` is its own values (`templateValue`).
///
/// Types are told apart by comparing metatypes, not by casting (`value as? Fragment`), as the render stage
/// once did with this encoder.
struct PageValues {
    /// A fragment's value: its shared value, made once per build (a test encodes its view instead, to hold
    /// the view's values to its `Encodable` conformance).
    var fragment: (Fragment) throws -> MustacheShared = { $0.shared }

    func value<T: Encodable>(_ value: T) throws -> MustacheValue {
        if T.self == String.self { return .text(unsafeBitCast(value, to: String.self)) }
        if T.self == Bool.self { return .bool(unsafeBitCast(value, to: Bool.self)) }
        if T.self == Int.self { return .int(unsafeBitCast(value, to: Int.self)) }
        if T.self == Double.self { return .double(unsafeBitCast(value, to: Double.self)) }
        if T.self == Fragment.self { return .shared(try fragment(unsafeBitCast(value, to: Fragment.self))) }
        if T.self == [Fragment].self {
            return .list(try unsafeBitCast(value, to: [Fragment].self).map { .shared(try fragment($0)) })
        }
        if T.self == RepeatedBlock.self { return .shared(unsafeBitCast(value, to: RepeatedBlock.self).shared) }
        if T.self == PageContext.self { return unsafeBitCast(value, to: PageContext.self).templateValue }
        if T.self == RepeatedRows.self {
            return .list(unsafeBitCast(value, to: RepeatedRows.self).rows.map { .shared($0.shared) })
        }
        let encoder = ValueEncoder(values: self)
        try value.encode(to: encoder)
        return encoder.finished
    }
}

/// A view the tests render without values of its own: its values are what `PageValues` makes of it.
struct EncodedView<View: Encodable & Sendable>: TemplateValue, Encodable, Sendable {
    let view: View

    var templateValue: MustacheValue { try! PageValues().value(view) }

    func encode(to encoder: any Encoder) throws { try view.encode(to: encoder) }
}

extension PageContext {
    /// A context for a test's own page view, whose values the encoder makes.
    init(siteTitle: String, title: String, root: String, organization: OrganizationLink?, nav: [NavLink], page: some Encodable & Sendable) {
        self.init(siteTitle: siteTitle, title: title, root: root, organization: organization, nav: nav, direct: EncodedView(view: page))
    }
}

extension TemplateRenderer {
    /// A test's own view's values, as the encoder makes them, and their fingerprint with a template.
    func page(_ view: some Encodable, template: String) throws -> (value: MustacheValue, fingerprint: SHA256Digest) {
        page(value: try PageValues().value(view), template: template)
    }

    /// Renders a test's own view with a template.
    func render(_ view: some Encodable, template: String) -> String? {
        guard let value = try? PageValues().value(view), let bytes = try? render(value, template: template, path: template) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// One value being encoded: an object, a list or a single value, kept in the encoder itself (the containers
/// write into it), so a value costs one allocation before its own storage.
private final class ValueEncoder: Encoder {
    // Errors of this encoder need no path: the values are gen's own view types.
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    let values: PageValues
    var object = MustacheObject()
    var items: [MustacheValue] = []
    var single: MustacheValue?
    var isObject = false
    var isList = false
    /// A `Dictionary`'s entries, which come in a per-process order: sorted by key when finished.
    var sortsKeys = false

    init(values: PageValues) { self.values = values }

    /// A type that encodes nothing reads as an empty object.
    var finished: MustacheValue {
        if isObject {
            guard sortsKeys else { return .object(object) }
            var sorted = MustacheObject(capacity: object.count)
            for (key, value) in object.entries.sorted(by: { $0.0 < $1.0 }) { sorted.append(key, value) }
            return .object(sorted)
        }
        if isList { return .list(items) }
        return single ?? .object(MustacheObject())
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if !isObject {
            isObject = true
            object = MustacheObject(capacity: 8)
            if ObjectIdentifier(Key.self) == dictionaryKeys { sortsKeys = true }
        }
        return KeyedEncodingContainer(ObjectContainer(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        isList = true
        return ListContainer(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleContainer(encoder: self) }
}

/// The coding key type of every `Dictionary` (a type the standard library does not name), found once by
/// encoding one: comparing it costs a pointer comparison, where asking a type whether it is a dictionary
/// would be a runtime cast.
private let dictionaryKeys: ObjectIdentifier? = {
    final class Probe: Encoder {
        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }
        var keys: ObjectIdentifier?
        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            keys = ObjectIdentifier(Key.self)
            return KeyedEncodingContainer(ObjectContainer(encoder: ValueEncoder(values: PageValues())))
        }
        func unkeyedContainer() -> any UnkeyedEncodingContainer { preconditionFailure() }
        func singleValueContainer() -> any SingleValueEncodingContainer { preconditionFailure() }
    }
    let probe = Probe()
    try? ["key": 0].encode(to: probe)
    return probe.keys
}()

/// Why nested and super encoders are refused: synthesized conformances never use them, and a page's values
/// are made from gen's own view types only.
private func unsupported(_ what: String) -> EncodingError {
    EncodingError.invalidValue(what, .init(codingPath: [], debugDescription: "page values take no \(what)"))
}

private struct ObjectContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: ValueEncoder
    var codingPath: [any CodingKey] { [] }

    /// Absent: a lookup goes on to the enclosing values, as for a key never encoded.
    mutating func encodeNil(forKey key: Key) throws {}

    mutating func encode(_ value: String, forKey key: Key) throws { encoder.object.append(key.stringValue, .text(value)) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { encoder.object.append(key.stringValue, .bool(value)) }
    mutating func encode(_ value: Int, forKey key: Key) throws { encoder.object.append(key.stringValue, .int(value)) }
    mutating func encode(_ value: Double, forKey key: Key) throws { encoder.object.append(key.stringValue, .double(value)) }
    mutating func encode(_ value: Float, forKey key: Key) throws { encoder.object.append(key.stringValue, .double(Double(value))) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { encoder.object.append(key.stringValue, .int(Int(value))) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { encoder.object.append(key.stringValue, .int(Int(value))) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { encoder.object.append(key.stringValue, .int(Int(value))) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { encoder.object.append(key.stringValue, .int(Int(value))) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { encoder.object.append(key.stringValue, .text(String(value))) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { encoder.object.append(key.stringValue, .int(Int(value))) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { encoder.object.append(key.stringValue, .int(Int(value))) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { encoder.object.append(key.stringValue, .int(Int(value))) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { encoder.object.append(key.stringValue, .text(String(value))) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        encoder.object.append(key.stringValue, try encoder.values.value(value))
    }

    // A nil optional property is null, not absent (see `PageValues`).
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { try put(value, key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try put(value, key) }
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try put(value, key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try put(value, key) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try put(value, key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try put(value, key) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try put(value, key) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try put(value, key) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try put(value, key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try put(value, key) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try put(value, key) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try put(value, key) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try put(value, key) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try put(value, key) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try put(value, key) }

    private mutating func put<T: Encodable>(_ value: T?, _ key: Key) throws {
        guard let value else { return encoder.object.append(key.stringValue, .null) }
        try encode(value, forKey: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        preconditionFailure("\(unsupported("nested container"))")
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        preconditionFailure("\(unsupported("nested container"))")
    }

    mutating func superEncoder() -> any Encoder { preconditionFailure("\(unsupported("super encoder"))") }
    mutating func superEncoder(forKey key: Key) -> any Encoder { preconditionFailure("\(unsupported("super encoder"))") }
}

private struct ListContainer: UnkeyedEncodingContainer {
    let encoder: ValueEncoder
    var codingPath: [any CodingKey] { [] }
    var count: Int { encoder.items.count }

    /// Lists keep their positions: a nil element is null.
    mutating func encodeNil() throws { encoder.items.append(.null) }
    mutating func encode(_ value: String) throws { encoder.items.append(.text(value)) }
    mutating func encode(_ value: Bool) throws { encoder.items.append(.bool(value)) }
    mutating func encode(_ value: Int) throws { encoder.items.append(.int(value)) }
    mutating func encode(_ value: Double) throws { encoder.items.append(.double(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws { encoder.items.append(try encoder.values.value(value)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        preconditionFailure("\(unsupported("nested container"))")
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { preconditionFailure("\(unsupported("nested container"))") }
    mutating func superEncoder() -> any Encoder { preconditionFailure("\(unsupported("super encoder"))") }
}

private struct SingleContainer: SingleValueEncodingContainer {
    let encoder: ValueEncoder
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws { encoder.single = .null }
    mutating func encode<T: Encodable>(_ value: T) throws { encoder.single = try encoder.values.value(value) }
}
