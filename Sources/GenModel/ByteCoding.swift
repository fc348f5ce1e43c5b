/// A compact binary form for what a build keeps between builds (parsed export lines, forms' summaries):
/// lengths as LEB128 varints, numbers little-endian, texts as UTF-8 with their length. Not a file format to
/// share: a cache entry is read back only by the gen that wrote it.
public struct ByteWriter {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    public mutating func byte(_ value: UInt8) { bytes.append(value) }

    public mutating func append(_ raw: some Sequence<UInt8>) { bytes.append(contentsOf: raw) }

    /// LEB128: seven bits a byte, low bits first.
    public mutating func varint(_ value: Int) {
        var rest = UInt64(value)
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    public mutating func int64(_ value: Int64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    public mutating func bool(_ value: Bool) { byte(value ? 1 : 0) }

    public mutating func double(_ value: Double) { int64(Int64(bitPattern: value.bitPattern)) }

    /// A document's digest, or none (a byte 0).
    public mutating func digest(_ value: ContentDigest?) {
        guard let value else { return byte(0) }
        byte(1)
        int64(Int64(bitPattern: value.high))
        int64(Int64(bitPattern: value.low))
    }

    public mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            varint(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    /// A text or none (a byte 0 before it, or alone).
    public mutating func optional(_ value: String?) {
        guard let value else { return byte(0) }
        byte(1)
        string(value)
    }

    /// A number or none.
    public mutating func optional(_ value: Double?) {
        guard let value else { return byte(0) }
        byte(1)
        double(value)
    }
}

/// Reads what `ByteWriter` wrote; every read checks its bounds and returns nil past the end.
public struct ByteReader {
    private let bytes: UnsafeRawBufferPointer
    private var offset = 0

    public init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    public var isAtEnd: Bool { offset == bytes.count }

    public mutating func byte() -> UInt8? {
        guard offset < bytes.count else { return nil }
        defer { offset += 1 }
        return bytes[offset]
    }

    public mutating func varint() -> UInt64? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while let byte = byte() {
            guard shift < 64 else { return nil }
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
        return nil
    }

    /// A number written with `varint` (a count of things, not of items still to come: see `count`).
    public mutating func natural() -> Int? {
        guard let value = varint(), value <= UInt64(Int.max) else { return nil }
        return Int(value)
    }

    /// A count of items still to come: never more than the bytes left (each item takes at least one).
    public mutating func count() -> Int? {
        guard let value = varint(), value <= UInt64(bytes.count - offset) else { return nil }
        return Int(value)
    }

    public mutating func int64() -> Int64? {
        guard bytes.count - offset >= 8 else { return nil }
        defer { offset += 8 }
        return Int64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: Int64.self))
    }

    public mutating func bool() -> Bool? {
        switch byte() {
        case 0: return false
        case 1: return true
        default: return nil
        }
    }

    public mutating func double() -> Double? { int64().map { Double(bitPattern: UInt64(bitPattern: $0)) } }

    public mutating func raw(_ count: Int) -> UnsafeRawBufferPointer? {
        guard bytes.count - offset >= count else { return nil }
        defer { offset += count }
        return UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count])
    }

    /// `.some(nil)` for no digest; nil when the bytes are not a digest.
    public mutating func digest() -> ContentDigest?? {
        switch byte() {
        case 0: return .some(nil)
        case 1:
            guard let high = int64(), let low = int64() else { return nil }
            return ContentDigest(high: UInt64(bitPattern: high), low: UInt64(bitPattern: low))
        default: return nil
        }
    }

    public mutating func string() -> String? {
        guard let length = count(), let utf8 = raw(length) else { return nil }
        return String(decoding: utf8, as: UTF8.self)
    }

    /// `.some(nil)` for none; nil when the bytes are not an optional text.
    public mutating func optionalString() -> String?? {
        switch byte() {
        case 0: return .some(nil)
        case 1: return string().map { .some($0) }
        default: return nil
        }
    }

    /// `.some(nil)` for none; nil when the bytes are not an optional number.
    public mutating func optionalDouble() -> Double?? {
        switch byte() {
        case 0: return .some(nil)
        case 1: return double().map { .some($0) }
        default: return nil
        }
    }
}

extension ByteWriter {
    /// A diagnostic, every property of it.
    public mutating func diagnostic(_ diagnostic: Diagnostic) {
        string(diagnostic.kind.rawValue)
        optional(diagnostic.file)
        optional(diagnostic.collection)
        optional(diagnostic.documentID)
        optional(diagnostic.field)
        string(diagnostic.message)
        optional(diagnostic.organizationID.text)
    }

    /// Diagnostics, with their count.
    public mutating func diagnostics(_ diagnostics: [Diagnostic]) {
        varint(diagnostics.count)
        for item in diagnostics { diagnostic(item) }
    }
}

extension ByteReader {
    /// A diagnostic as `ByteWriter.diagnostic` wrote it; nil when the bytes are not one.
    public mutating func diagnostic() -> Diagnostic? {
        guard let kind = string().flatMap(Diagnostic.Kind.init(rawValue:)), let file = optionalString(),
              let collection = optionalString(), let documentID = optionalString(),
              let field = optionalString(), let message = string(),
              let organizationID = optionalString() else { return nil }
        var diagnostic = Diagnostic(kind, file: file, collection: collection, documentID: documentID, field: field, message: message)
        diagnostic.organizationID = organizationID.map { DocumentID($0) }
        return diagnostic
    }

    /// Diagnostics as `ByteWriter.diagnostics` wrote them.
    public mutating func diagnostics() -> [Diagnostic]? {
        guard let count = count() else { return nil }
        var read: [Diagnostic] = []
        read.reserveCapacity(count)
        for _ in 0..<count {
            guard let item = diagnostic() else { return nil }
            read.append(item)
        }
        return read
    }
}
