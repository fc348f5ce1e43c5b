import Foundation

/// Maps over a collection on all cores, keeping the input order in the result.
public enum ParallelMap {
    public static func map<T: Sendable, R: Sendable>(_ items: [T], _ transform: @Sendable (T) -> R) -> [R] {
        if items.count <= 1 { return items.map(transform) }
        let results = ResultSlots<R>(count: items.count)
        DispatchQueue.concurrentPerform(iterations: items.count) { i in
            results.set(i, transform(items[i]))
        }
        return results.values
    }
}

/// Fixed slots written once each from concurrent iterations; read after all have finished.
private final class ResultSlots<R>: @unchecked Sendable {
    private var slots: [R?]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: R) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    var values: [R] { slots.map { $0! } }
}
