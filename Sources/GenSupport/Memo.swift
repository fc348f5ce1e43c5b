import Foundation

/// The answers of a pure function, remembered by argument and shared by every thread: for values worked
/// out again and again from few distinct inputs (a formula's text, a weather text, an image URL). At most
/// `limit` answers are kept, so memory stays bounded whatever the export holds; past it, answers are
/// simply worked out again.
public final class Memo<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {  // answers under `lock`
    private let lock = NSLock()
    private var answers: [Key: Value] = [:]
    private let limit: Int

    public init(limit: Int) { self.limit = limit }

    public func value(_ key: Key, _ make: (Key) -> Value) -> Value {
        if let known = lock.withLock({ answers[key] }) { return known }
        let value = make(key)  // outside the lock: another thread may work out the same answer meanwhile
        lock.withLock { if answers.count < limit { answers[key] = value } }
        return value
    }
}
