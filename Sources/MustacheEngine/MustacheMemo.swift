import Foundation

/// Texts of shared values under partials, kept across renders (Hugo's `partialCached`, without the template
/// asking): a field row that recurs on thousands of reports, or a report body shown on its own page, its day
/// and its month, is rendered once per partial. One memo serves one library; any number of threads share it,
/// in shards of their own lock, so two threads seldom wait for each other.
///
/// Bounded: at most `limit` bytes of text in each of two generations. When the newer is full it becomes
/// the older and a new one starts; a text found in the older moves to the newer. What keeps recurring
/// stays (a job type, a yes or no), and what recurred for a while only (a month's report bodies) makes room.
public final class MustacheMemo: Sendable {
    struct Key: Hashable {
        let template: Int
        let content: MustacheKey
    }

    private static let shardCount = 16
    /// Held unmanaged, and reached without a retain: taking a reference to a shard would write its count, on a
    /// line every thread reads.
    private let shards: [Unmanaged<Shard>]

    public init(limit: Int = 4 << 20) {
        shards = (0..<Self.shardCount).map { _ in Unmanaged.passRetained(Shard(limit: limit / Self.shardCount)) }
    }

    deinit {
        for shard in shards { shard.release() }
    }

    private func shard(_ key: Key) -> Unmanaged<Shard> { shards[Int(truncatingIfNeeded: key.content.low) & (Self.shardCount - 1)] }

    /// Appends the text kept under `key` to `out`; false when there is none.
    func append(_ key: Key, to out: inout [UInt8]) -> Bool { shard(key)._withUnsafeGuaranteedRef { $0.append(key, to: &out) } }

    func keep(_ key: Key, _ text: [UInt8]) { shard(key)._withUnsafeGuaranteedRef { $0.keep(key, text) } }

    /// How many texts were rendered and kept, and how many were taken from those kept.
    public var counts: (made: Int, found: Int) {
        shards.reduce((0, 0)) { sum, shard in
            let counts = shard.takeUnretainedValue().counts
            return (sum.0 + counts.made, sum.1 + counts.found)
        }
    }

    /// Two generations of texts, each in one byte pool: a text is copied out of its pool, never shared by
    /// reference (taking a reference would write its count, on a line every thread reads).
    private final class Shard: @unchecked Sendable {  // everything under `lock`
        private struct Generation {
            var ranges: [Key: Range<Int>] = [:]
            var bytes: [UInt8] = []
        }

        private let lock = NSLock()
        private var newer = Generation()
        private var older = Generation()
        private let limit: Int
        private var made = 0
        private var found = 0

        init(limit: Int) { self.limit = limit }

        func append(_ key: Key, to out: inout [UInt8]) -> Bool {
            lock.lock()
            defer { lock.unlock() }
            if let range = newer.ranges[key] {
                found += 1
                newer.bytes.withUnsafeBufferPointer { out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[range])) }
                return true
            }
            guard let range = older.ranges[key] else { return false }
            found += 1
            let text = Array(older.bytes[range])
            older.ranges[key] = nil
            insert(key, text)
            out += text
            return true
        }

        func keep(_ key: Key, _ text: [UInt8]) {
            lock.lock()
            defer { lock.unlock() }
            made += 1
            insert(key, text)
        }

        /// Under the lock.
        private func insert(_ key: Key, _ text: [UInt8]) {
            if newer.bytes.count + text.count > limit, !newer.ranges.isEmpty {
                older = newer
                newer = Generation()
                // Its full size at once: grown by doubling, a pool would hold up to twice what it keeps.
                newer.bytes.reserveCapacity(limit)
            }
            newer.ranges[key] = newer.bytes.count..<(newer.bytes.count + text.count)
            newer.bytes += text
        }

        var counts: (made: Int, found: Int) {
            lock.lock()
            defer { lock.unlock() }
            return (made, found)
        }
    }
}
