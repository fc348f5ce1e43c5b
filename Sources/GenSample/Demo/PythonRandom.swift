import Crypto
import Foundation

/// Python's `random.Random`, bit for bit: the Mersenne Twister (MT19937) and the exact algorithms of the
/// methods the demo sample draws with, as CPython 3.11 writes them (`Lib/random.py`, `Modules/_randommodule.c`).
///
/// Why a second generator beside `SampleRandom`: the bundled demo sample was first written by a Python
/// script, and its ids, notes and timestamps are what tests, docs and screenshots refer to. Reproducing
/// Python's draws one for one keeps every byte of `Content/` as it was.
struct PythonRandom {
    private static let n = 624
    private static let m = 397
    private static let matrixA: UInt32 = 0x9908_b0df
    private static let upperMask: UInt32 = 0x8000_0000
    private static let lowerMask: UInt32 = 0x7fff_ffff

    private var state = [UInt32](repeating: 0, count: PythonRandom.n)
    private var index = PythonRandom.n

    /// `random.Random(text)`: seed version 2 turns a string into the integer whose big-endian bytes are the
    /// string's UTF-8 followed by its SHA-512 digest, so every bit of the string counts.
    init(seed text: String) {
        let utf8 = Array(text.utf8)
        let bigEndian = utf8 + Array(SHA512.hash(data: utf8))
        initByArray(Self.key(fromBigEndian: bigEndian))
    }

    /// The 32-bit words of a non-negative integer, least significant first, as `random_seed` hands them to
    /// `init_by_array` (at least one word, so zero seeds too).
    private static func key(fromBigEndian bytes: [UInt8]) -> [UInt32] {
        let significant = bytes.drop { $0 == 0 }
        let littleEndian = Array(significant.reversed())
        var key: [UInt32] = []
        for start in stride(from: 0, to: littleEndian.count, by: 4) {
            var word: UInt32 = 0
            for (shift, byte) in littleEndian[start..<min(start + 4, littleEndian.count)].enumerated() {
                word |= UInt32(byte) << (8 * shift)
            }
            key.append(word)
        }
        return key.isEmpty ? [0] : key
    }

    private mutating func initGenrand(_ seed: UInt32) {
        state[0] = seed
        for i in 1..<Self.n {
            state[i] = 1_812_433_253 &* (state[i - 1] ^ (state[i - 1] >> 30)) &+ UInt32(i)
        }
        index = Self.n
    }

    private mutating func initByArray(_ key: [UInt32]) {
        initGenrand(19_650_218)
        var i = 1
        var j = 0
        for _ in 0..<max(Self.n, key.count) {
            state[i] = (state[i] ^ ((state[i - 1] ^ (state[i - 1] >> 30)) &* 1_664_525)) &+ key[j] &+ UInt32(j)
            i += 1
            j += 1
            if i >= Self.n {
                state[0] = state[Self.n - 1]
                i = 1
            }
            if j >= key.count { j = 0 }
        }
        for _ in 0..<(Self.n - 1) {
            state[i] = (state[i] ^ ((state[i - 1] ^ (state[i - 1] >> 30)) &* 1_566_083_941)) &- UInt32(i)
            i += 1
            if i >= Self.n {
                state[0] = state[Self.n - 1]
                i = 1
            }
        }
        // The most significant bit set: the state is never all zeros.
        state[0] = 0x8000_0000
    }

    /// `genrand_uint32`: the next tempered 32-bit output, refilling the whole state when it is used up.
    mutating func nextUInt32() -> UInt32 {
        if index >= Self.n { twist() }
        var y = state[index]
        index += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9d2c_5680
        y ^= (y << 15) & 0xefc6_0000
        y ^= y >> 18
        return y
    }

    private mutating func twist() {
        func mixed(_ a: Int, _ b: Int, _ c: Int) -> UInt32 {
            let y = (state[a] & Self.upperMask) | (state[b] & Self.lowerMask)
            return state[c] ^ (y >> 1) ^ (y & 1 == 0 ? 0 : Self.matrixA)
        }
        for k in 0..<(Self.n - Self.m) { state[k] = mixed(k, k + 1, k + Self.m) }
        for k in (Self.n - Self.m)..<(Self.n - 1) { state[k] = mixed(k, k + 1, k + Self.m - Self.n) }
        state[Self.n - 1] = mixed(Self.n - 1, 0, Self.m - 1)
        index = 0
    }

    // MARK: The methods of random.Random

    /// `getrandbits(k)` for `k` up to 64: 32-bit words from the least significant up, the last one
    /// shifted down to the bits still wanted.
    mutating func getrandbits(_ k: Int) -> UInt64 {
        precondition(k >= 0 && k <= 64)
        if k == 0 { return 0 }
        if k <= 32 { return UInt64(nextUInt32() >> UInt32(32 - k)) }
        let low = UInt64(nextUInt32())
        let high = UInt64(nextUInt32() >> UInt32(64 - k))
        return high << 32 | low
    }

    /// `getrandbits(128)`, as two halves: the first two draws are the low half.
    mutating func getrandbits128() -> (high: UInt64, low: UInt64) {
        let low = getrandbits(64)
        let high = getrandbits(64)
        return (high, low)
    }

    /// `random()`: a double in [0, 1) from two draws, the first giving the high bits.
    mutating func random() -> Double {
        let a = Double(nextUInt32() >> 5)
        let b = Double(nextUInt32() >> 6)
        return (a * 67_108_864.0 + b) * (1.0 / 9_007_199_254_740_992.0)
    }

    /// `_randbelow(n)`: draws of n's bit length until one falls below n, so every value is equally likely.
    mutating func randbelow(_ n: Int) -> Int {
        precondition(n > 0)
        let k = Int.bitWidth - n.leadingZeroBitCount
        var r = getrandbits(k)
        while r >= UInt64(n) { r = getrandbits(k) }
        return Int(r)
    }

    /// `randrange(start, stop)` with the default step.
    mutating func randrange(_ start: Int, _ stop: Int) -> Int {
        precondition(stop > start, "empty range for randrange()")
        return start + randbelow(stop - start)
    }

    /// `randint(a, b)`: both ends included.
    mutating func randint(_ a: Int, _ b: Int) -> Int { randrange(a, b + 1) }

    /// `uniform(a, b)`: `a + (b - a) * random()`, in that order of operations.
    mutating func uniform(_ a: Double, _ b: Double) -> Double { a + (b - a) * random() }

    /// `choice(seq)`.
    mutating func choice<T>(_ items: [T]) -> T {
        precondition(!items.isEmpty, "Cannot choose from an empty sequence")
        return items[randbelow(items.count)]
    }

    /// `sample(population, k)`: a partial shuffle of a copy for small populations, rejection of repeated
    /// indices for large ones; Python picks the branch by comparing the population with the memory of a set.
    mutating func sample<T>(_ population: [T], _ k: Int) -> [T] {
        let n = population.count
        precondition(k >= 0 && k <= n, "Sample larger than population or is negative")
        var setSize = 21
        if k > 5 {
            // 4 ** ceil(log(k * 3, 4)), with Python's float logarithm.
            setSize += Int(pow(4.0, (log(Double(k * 3)) / log(4.0)).rounded(.up)))
        }
        var result: [T] = []
        result.reserveCapacity(k)
        if n <= setSize {
            var pool = population
            for i in 0..<k {
                let j = randbelow(n - i)
                result.append(pool[j])
                pool[j] = pool[n - i - 1]
            }
        } else {
            var selected = Set<Int>()
            for _ in 0..<k {
                var j = randbelow(n)
                while selected.contains(j) { j = randbelow(n) }
                selected.insert(j)
                result.append(population[j])
            }
        }
        return result
    }

    // MARK: Beyond random.Random

    /// `str(uuid.UUID(int=getrandbits(128), version=4))`: the version and variant bits forced, then
    /// the 32 hexadecimal digits grouped 8-4-4-4-12.
    mutating func uuid4() -> String {
        var (high, low) = getrandbits128()
        low = (low & ~(0xc000 << 48)) | (0x8000 << 48)
        high = (high & ~0xf000) | 0x4000
        let hex = Self.hex(high, digits: 16) + Self.hex(low, digits: 16)
        let cuts = [0, 8, 12, 16, 20, 32]
        let utf8 = Array(hex.utf8)
        return (0..<5).map { String(decoding: utf8[cuts[$0]..<cuts[$0 + 1]], as: UTF8.self) }.joined(separator: "-")
    }

    private static func hex(_ value: UInt64, digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: digits - text.count) + text
    }
}
