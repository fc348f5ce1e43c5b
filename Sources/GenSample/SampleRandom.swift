/// The only source of randomness in GenSample: xoshiro256** seeded through SplitMix64.
///
/// Why our own generator: Swift's `SystemRandomNumberGenerator` cannot be seeded, and the
/// standard library's `random(in:using:)` / `shuffled(using:)` algorithms are not promised to
/// stay the same across Swift versions. Every helper here (bounded ints, doubles, shuffles)
/// is written out so the same seed gives the same bytes on every platform and toolchain.
///
/// Each part of the data draws from its own named stream (`"world"`, `"reports"`, …), so
/// changing how critiques are generated never changes the reports.
struct SampleRandom {
    private var s0: UInt64, s1: UInt64, s2: UInt64, s3: UInt64

    init(seed: UInt64, stream: String) {
        // FNV-1a of the stream name keeps streams apart; SplitMix64 spreads the bits.
        var sm = seed ^ FNV1a.hash(stream)
        s0 = Self.splitMix(&sm); s1 = Self.splitMix(&sm); s2 = Self.splitMix(&sm); s3 = Self.splitMix(&sm)
    }

    private static func splitMix(_ x: inout UInt64) -> UInt64 {
        x &+= 0x9e37_79b9_7f4a_7c15
        var z = x
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    @inline(__always) private static func rotl(_ x: UInt64, _ k: UInt64) -> UInt64 { (x << k) | (x >> (64 &- k)) }

    @inline(__always) mutating func next() -> UInt64 {
        let result = Self.rotl(s1 &* 5, 7) &* 9
        let t = s1 << 17
        s2 ^= s0; s3 ^= s1; s1 ^= s2; s0 ^= s3
        s2 ^= t
        s3 = Self.rotl(s3, 45)
        return result
    }

    /// Uniform in `0..<n` by multiply-high (Lemire); the bias is below 2⁻⁴⁰ for our n.
    @inline(__always) mutating func below(_ n: Int) -> Int {
        precondition(n > 0)
        return Int(truncatingIfNeeded: next().multipliedFullWidth(by: UInt64(n)).high)
    }

    /// Uniform in `range` (inclusive).
    @inline(__always) mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.upperBound - range.lowerBound + 1)
    }

    /// Uniform in [0, 1), 53 bits.
    @inline(__always) mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    @inline(__always) mutating func uniform(_ low: Double, _ high: Double) -> Double { low + (high - low) * unit() }

    @inline(__always) mutating func chance(_ p: Double) -> Bool { unit() < p }

    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    /// An index into `weights`, chosen with probability proportional to its weight.
    mutating func weighted(_ weights: [Int]) -> Int {
        var total = 0
        for w in weights { total += w }
        var x = below(total)
        for (i, w) in weights.enumerated() {
            if x < w { return i }
            x -= w
        }
        return weights.count - 1
    }

    /// Fisher–Yates, written out (see the type comment for why not `shuffle(using:)`).
    mutating func shuffle<T>(_ items: inout [T]) {
        guard items.count > 1 else { return }
        for i in stride(from: items.count - 1, to: 0, by: -1) {
            items.swapAt(i, below(i + 1))
        }
    }

    static let idAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)

    /// A Firestore-style auto id (20 characters) or a Firebase Auth uid (28), appended as bytes
    /// so the report loop never builds a String for it.
    @inline(__always) mutating func appendID(length: Int, to bytes: inout [UInt8]) {
        for _ in 0..<length { bytes.append(Self.idAlphabet[below(62)]) }
    }

    mutating func id(length: Int = 20) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(length)
        appendID(length: length, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// A version-4 UUID in lower-case text, as BigQuery event ids and Storage download tokens look.
    mutating func uuid() -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(36)
        let hi = next(), lo = next()
        for i in 0..<32 {
            if i == 8 || i == 12 || i == 16 || i == 20 { bytes.append(UInt8(ascii: "-")) }
            var nibble = Int(((i < 16 ? hi : lo) >> UInt64(60 - (i % 16) * 4)) & 0xF)
            if i == 12 { nibble = 4 }  // version 4
            if i == 16 { nibble = 8 | (nibble & 3) }  // RFC 4122 variant
            bytes.append(Self.hexDigits[nibble])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
