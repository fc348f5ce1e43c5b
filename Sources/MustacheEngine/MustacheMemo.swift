import Foundation

/// Texts of shared values under partials, kept across renders (Hugo's `partialCached`, without the template
/// asking): a field row that recurs on thousands of reports, or a report body shown on its own page, its day
/// and its month, is rendered once per partial. One memo serves one library; any number of threads share it.
///
/// Bounded: at most `limit` bytes of text in each of two generations. When the newer is full it becomes
/// the older and a new one starts; a text found in the older moves to the newer. What keeps recurring
/// stays (a job type, a yes or no), and what recurred for a while only (a month's report bodies) makes room.
public final class MustacheMemo: @unchecked Sendable {  // both tables and the counts under `lock`
    struct Key: Hashable {
        let template: Int
        let content: MustacheKey
    }

    private let lock = NSLock()
    private var newer: [Key: [UInt8]] = [:]
    private var older: [Key: [UInt8]] = [:]
    private var newerBytes = 0
    private let limit: Int
    private var made = 0
    private var found = 0

    public init(limit: Int = 8 << 20) { self.limit = limit }

    func text(_ key: Key) -> [UInt8]? {
        lock.withLock {
            if let text = newer[key] {
                found += 1
                return text
            }
            guard let text = older.removeValue(forKey: key) else { return nil }
            found += 1
            insert(key, text)
            return text
        }
    }

    func keep(_ key: Key, _ text: [UInt8]) {
        lock.withLock {
            made += 1
            insert(key, text)
        }
    }

    /// Under the lock.
    private func insert(_ key: Key, _ text: [UInt8]) {
        if newerBytes + text.count > limit, !newer.isEmpty {
            older = newer
            newer = [:]
            newerBytes = 0
        }
        newer[key] = text
        newerBytes += text.count
    }

    /// How many texts were rendered and kept, and how many were taken from those kept.
    public var counts: (made: Int, found: Int) { lock.withLock { (made, found) } }
}
