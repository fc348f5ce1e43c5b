import Crypto

/// 128 bits of SHA-256 over some content: what an incremental build compares to know whether anything
/// made from that content changed. Equal content gives an equal digest in every process (unlike
/// `Hasher`, which is seeded per process).
public struct ContentDigest: Sendable, Hashable {
    public var high: UInt64
    public var low: UInt64

    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// No content known (a document made in code rather than read from an export).
    public static let none = ContentDigest(high: 0, low: 0)

    /// The first 128 bits of a SHA-256.
    public init(sha256: SHA256Digest) {
        // Each word big-endian: the digest's first byte is the high word's most significant.
        let (high, low) = sha256.withUnsafeBytes {
            ($0.loadUnaligned(fromByteOffset: 0, as: UInt64.self), $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        }
        self.init(high: UInt64(bigEndian: high), low: UInt64(bigEndian: low))
    }

    public var hex: String { FastFormat.hex(withUnsafeBytes(of: (high.bigEndian, low.bigEndian)) { Array($0) }) }

    /// One text's digest (or no text's), without `StableHasher`'s buffer: made for every report a month reads.
    public static func of(text: String?) -> ContentDigest {
        var sha = SHA256()
        guard var text else {
            sha.update(data: [0x6E])
            return ContentDigest(sha256: sha.finalize())
        }
        sha.update(data: [0x73])
        text.withUTF8 { sha.update(bufferPointer: UnsafeRawBufferPointer($0)) }
        return ContentDigest(sha256: sha.finalize())
    }
}

/// Feeds values to SHA-256 in an unambiguous form: every value is tagged with its kind, and text with its
/// length, so different sequences of values never feed the same bytes.
public struct StableHasher {
    private var sha = SHA256()
    /// Small values are collected and fed in blocks: one `update` per value costs more than the hashing.
    /// A fixed block written through a pointer: appending to an array costs more than copying the bytes.
    private var buffer = [UInt8](repeating: 0, count: StableHasher.blockSize)
    private var count = 0
    private static let blockSize = 4096

    public init() {}

    /// Text with its length; `tag` tells what the text is (a key, a value…) where a caller needs to.
    public mutating func add(_ text: String, tag: UInt8 = 0x73) {
        var text = text
        text.withUTF8 { bytes in
            put(tag, UInt64(bytes.count))
            append(UnsafeRawBufferPointer(bytes))
        }
    }

    public mutating func add(_ value: Int) { put(0x69, UInt64(bitPattern: Int64(value))) }
    public mutating func add(_ value: Int64) { put(0x69, UInt64(bitPattern: value)) }
    public mutating func add(_ value: Double) { put(0x64, value.bitPattern) }
    public mutating func add(_ value: Bool) { put(0x62, value ? 1 : 0) }

    public mutating func add(_ digest: ContentDigest) {
        put(0x68, digest.high)
        put(0x68, digest.low)
    }

    public mutating func add(_ text: String?) {
        if let text { add(text) } else { put(0x6E, 0) }
    }

    public mutating func add(_ value: Double?) {
        if let value { add(value) } else { put(0x6E, 0) }
    }

    /// A tag with a number (a kind, a count): what starts a value of several parts.
    public mutating func mark(_ tag: UInt8, _ value: UInt64 = 0) { put(tag, value) }

    public mutating func add(bytes: [UInt8]) {
        put(0x79, UInt64(bytes.count))
        bytes.withUnsafeBytes { append($0) }
    }

    /// The first 128 bits of the SHA-256.
    public mutating func finalize() -> ContentDigest {
        ContentDigest(sha256: finalizeSHA256())
    }

    /// The whole SHA-256 (page fingerprints).
    public mutating func finalizeSHA256() -> SHA256Digest {
        flush()
        return sha.finalize()
    }

    private mutating func put(_ tag: UInt8, _ value: UInt64) {
        if count + 9 > Self.blockSize { flush() }
        let at = count
        buffer.withUnsafeMutableBytes {
            $0[at] = tag
            $0.storeBytes(of: value.littleEndian, toByteOffset: at + 1, as: UInt64.self)
        }
        count = at + 9
    }

    /// SHA-256 sees one stream whatever the blocks, so text longer than a block goes to it directly.
    private mutating func append(_ bytes: UnsafeRawBufferPointer) {
        if bytes.count > Self.blockSize - count {
            flush()
            if bytes.count > Self.blockSize {
                sha.update(bufferPointer: bytes)
                return
            }
        }
        let at = count
        buffer.withUnsafeMutableBytes { UnsafeMutableRawBufferPointer(rebasing: $0[at...]).copyMemory(from: bytes) }
        count = at + bytes.count
    }

    private mutating func flush() {
        guard count > 0 else { return }
        let filled = count
        buffer.withUnsafeBytes { sha.update(bufferPointer: UnsafeRawBufferPointer(rebasing: $0[..<filled])) }
        count = 0
    }
}
