import Foundation

/// JSON written straight into bytes through a value's `Encodable` conformance, byte for byte as Foundation's
/// `JSONEncoder` writes it with sorted keys: pretty printed with slashes unescaped (the data files) or compact
/// with slashes escaped (the search scripts). Foundation's encoder builds a tree of dictionaries first and then
/// sorts each one; this writes each object's members as they come and puts them in key order once the
/// object ends, which is most of the time it took.
///
/// What it does not write itself (a nested container or super encoder, which synthesized conformances never
/// use; dates, data, URLs and decimals, which Foundation treats specially; a number that is not finite) makes
/// the whole value go through `JSONEncoder`, so the bytes, or the error, are Foundation's.
enum JSONWriter {
    enum Style {
        /// Two spaces per level, ` : ` between key and value, slashes as they are.
        case pretty
        /// No white space, slashes escaped (no `</script>` can appear).
        case compact
    }

    static func encode<Value: Encodable>(_ value: Value, style: Style) throws -> Data {
        let output = JSONOutput(style: style)
        try output.write(value, level: 0)
        guard !output.fallsBack else { return try foundationEncoder(style).encode(value) }
        return Data(output.bytes)
    }

    static func foundationEncoder(_ style: Style) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = style == .pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys]
        return encoder
    }
}

/// The bytes written so far and the objects still open.
private final class JSONOutput {
    let pretty: Bool
    // Unchecked: only this writer reaches its state, one value at a time, and the runtime's checks on every
    // access were a fifth of its time.
    @exclusivity(unchecked) var bytes: [UInt8] = []
    /// Set by anything this writer leaves to Foundation: the value is then encoded again by `JSONEncoder`.
    var fallsBack = false
    /// Per value being written, innermost last: what its conformance asked for, and an object's members.
    @exclusivity(unchecked) var frames: [Frame] = []

    struct Frame {
        enum Kind { case nothing, object, list, single }
        var kind = Kind.nothing
        /// Where an object's first member starts.
        var start = 0
        /// An object's members as they came: key and where its bytes (`"key" : value`, not yet indented) start.
        var members: [(key: String, start: Int)] = []
        var count = 0
    }

    init(style: JSONWriter.Style) { pretty = style == .pretty }

    /// Where the containers go that this writer leaves to Foundation: written, never read.
    static func sink() -> JSONOutput {
        let sink = JSONOutput(style: .compact)
        sink.frames = [Frame()]
        return sink
    }

    /// Leaves are told apart by comparing metatypes, not by casting: in generic code a cast is a runtime call.
    func write<T: Encodable>(_ value: T, level: Int) throws {
        func leaf<U>(_ type: U.Type) -> U { unsafeBitCast(value, to: type) }
        switch ObjectIdentifier(T.self) {
        case ObjectIdentifier(String.self): string(leaf(String.self))
        case ObjectIdentifier(Bool.self): raw(leaf(Bool.self) ? "true" : "false")
        case ObjectIdentifier(Int.self): raw(String(leaf(Int.self)))
        case ObjectIdentifier(Double.self): number(leaf(Double.self))
        case ObjectIdentifier(Float.self): number(leaf(Float.self))
        case ObjectIdentifier(Int64.self): raw(String(leaf(Int64.self)))
        case ObjectIdentifier(Int32.self): raw(String(leaf(Int32.self)))
        case ObjectIdentifier(Int16.self): raw(String(leaf(Int16.self)))
        case ObjectIdentifier(Int8.self): raw(String(leaf(Int8.self)))
        case ObjectIdentifier(UInt.self): raw(String(leaf(UInt.self)))
        case ObjectIdentifier(UInt64.self): raw(String(leaf(UInt64.self)))
        case ObjectIdentifier(UInt32.self): raw(String(leaf(UInt32.self)))
        case ObjectIdentifier(UInt16.self): raw(String(leaf(UInt16.self)))
        case ObjectIdentifier(UInt8.self): raw(String(leaf(UInt8.self)))
        case ObjectIdentifier(Date.self), ObjectIdentifier(Data.self), ObjectIdentifier(URL.self), ObjectIdentifier(Decimal.self):
            fallsBack = true
        default:
            frames.append(Frame())
            try value.encode(to: ValueEncoder(output: self, level: level))
            close(frames.removeLast(), level: level)
        }
    }

    /// Ends what the value's conformance opened; a value that encoded nothing is an empty object, as in Foundation.
    private func close(_ frame: Frame, level: Int) {
        switch frame.kind {
        case .nothing:
            raw(pretty ? "{\n\n" : "{")
            indent(level)
            raw("}")
        case .object:
            sortMembers(frame, level: level)
            if pretty { raw("\n") }
            indent(level)
            raw("}")
        case .list:
            if pretty { raw("\n") }
            indent(level)
            raw("]")
        case .single:
            break
        }
    }

    /// Puts an object's members in key order (by UTF-8 bytes, as Foundation sorts them off Apple's platforms),
    /// each on its own line after the first.
    private func sortMembers(_ frame: Frame, level: Int) {
        let members = frame.members
        guard !members.isEmpty else { return }
        let written = Array(bytes[frame.start...])
        bytes.removeSubrange(frame.start...)
        let order = members.indices.sorted { members[$0].key.utf8.lexicographicallyPrecedes(members[$1].key.utf8) }
        for (position, index) in order.enumerated() {
            if position > 0 { raw(pretty ? ",\n" : ",") }
            indent(level + 1)
            let start = members[index].start - frame.start
            let end = index + 1 < members.count ? members[index + 1].start - frame.start : written.count
            bytes.append(contentsOf: written[start..<end])
        }
    }

    func openObject(level: Int) {
        guard frames[frames.count - 1].kind == .nothing else { return fallsBack = true }
        raw(pretty ? "{\n" : "{")
        frames[frames.count - 1].kind = .object
        frames[frames.count - 1].start = bytes.count
    }

    func member<T: Encodable>(_ key: String, _ value: T, level: Int) throws {
        memberKey(key)
        try write(value, level: level + 1)
    }

    func nullMember(_ key: String) {
        memberKey(key)
        raw("null")
    }

    private func memberKey(_ key: String) {
        frames[frames.count - 1].members.append((key, bytes.count))
        string(key)
        raw(pretty ? " : " : ":")
    }

    func openList(level: Int) {
        guard frames[frames.count - 1].kind == .nothing else { return fallsBack = true }
        raw(pretty ? "[\n" : "[")
        frames[frames.count - 1].kind = .list
    }

    func element<T: Encodable>(_ value: T, level: Int) throws {
        startElement(level: level)
        try write(value, level: level + 1)
    }

    func nullElement(level: Int) {
        startElement(level: level)
        raw("null")
    }

    private func startElement(level: Int) {
        let index = frames.count - 1
        if frames[index].count > 0 { raw(pretty ? ",\n" : ",") }
        frames[index].count += 1
        indent(level + 1)
    }

    func single<T: Encodable>(_ value: T, level: Int) throws {
        guard startSingle() else { return }
        try write(value, level: level)
    }

    func nullSingle() {
        guard startSingle() else { return }
        raw("null")
    }

    private func startSingle() -> Bool {
        guard frames[frames.count - 1].kind == .nothing else {
            fallsBack = true
            return false
        }
        frames[frames.count - 1].kind = .single
        return true
    }

    private func indent(_ level: Int) {
        if pretty && level > 0 { bytes.append(contentsOf: repeatElement(0x20, count: 2 * level)) }
    }

    private func raw(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// As Foundation writes a float: its description, a trailing ".0" cut; not finite, Foundation's error.
    private func number<F: BinaryFloatingPoint & CustomStringConvertible>(_ value: F) {
        guard value.isFinite else { return fallsBack = true }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        raw(text)
    }

    /// Quotes, backslashes, control characters (and slashes, compact) escaped as Foundation escapes them.
    private func string(_ text: String) {
        bytes.append(0x22)
        var text = text
        text.withUTF8 { utf8 in
            var mark = 0
            for (index, byte) in utf8.enumerated() {
                let escape: StaticString
                switch byte {
                case 0x22: escape = "\\\""
                case 0x5C: escape = "\\\\"
                case 0x2F where !pretty: escape = "\\/"
                case 0x08: escape = "\\b"
                case 0x0C: escape = "\\f"
                case 0x0A: escape = "\\n"
                case 0x0D: escape = "\\r"
                case 0x09: escape = "\\t"
                case 0x00...0x1F: escape = "\\u00"
                default: continue
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[mark..<index]))
                bytes.append(contentsOf: UnsafeBufferPointer(start: escape.utf8Start, count: escape.utf8CodeUnitCount))
                if escape.utf8CodeUnitCount == 4 {
                    let hex: [UInt8] = Array("0123456789abcdef".utf8)
                    bytes.append(hex[Int(byte >> 4)])
                    bytes.append(hex[Int(byte & 0x0F)])
                }
                mark = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[mark...]))
        }
        bytes.append(0x22)
    }
}

private struct ValueEncoder: Encoder {
    let output: JSONOutput
    let level: Int
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        output.openObject(level: level)
        return KeyedEncodingContainer(ObjectContainer(output: output, level: level))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        output.openList(level: level)
        return ListContainer(output: output, level: level)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleContainer(output: output, level: level) }
}

private struct ObjectContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let output: JSONOutput
    let level: Int
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws { output.nullMember(key.stringValue) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try output.member(key.stringValue, value, level: level) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        output.fallsBack = true
        return KeyedEncodingContainer(ObjectContainer<NestedKey>(output: JSONOutput.sink(), level: 0))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        output.fallsBack = true
        return ListContainer(output: JSONOutput.sink(), level: 0)
    }

    mutating func superEncoder() -> any Encoder {
        output.fallsBack = true
        return ValueEncoder(output: JSONOutput.sink(), level: 0)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder() }
}

private struct ListContainer: UnkeyedEncodingContainer {
    let output: JSONOutput
    let level: Int
    var codingPath: [any CodingKey] { [] }
    var count = 0

    mutating func encodeNil() throws {
        output.nullElement(level: level)
        count += 1
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try output.element(value, level: level)
        count += 1
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        output.fallsBack = true
        return KeyedEncodingContainer(ObjectContainer<NestedKey>(output: JSONOutput.sink(), level: 0))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        output.fallsBack = true
        return ListContainer(output: JSONOutput.sink(), level: 0)
    }

    mutating func superEncoder() -> any Encoder {
        output.fallsBack = true
        return ValueEncoder(output: JSONOutput.sink(), level: 0)
    }
}

private struct SingleContainer: SingleValueEncodingContainer {
    let output: JSONOutput
    let level: Int
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws { output.nullSingle() }
    mutating func encode<T: Encodable>(_ value: T) throws { try output.single(value, level: level) }
}
