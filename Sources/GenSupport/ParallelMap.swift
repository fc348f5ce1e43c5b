import Foundation

/// Maps over a collection on all cores, keeping the input order in the result.
public enum ParallelMap {
    public static func map<T: Sendable, R: Sendable>(_ items: [T], _ transform: @Sendable (T) -> R) -> [R] {
        if items.count <= 1 { return items.map(transform) }
        // Contiguous chunks, a few per core: one lock per chunk rather than per item, and a slow item
        // still leaves other chunks for the other cores.
        let chunks = min(items.count, ProcessInfo.processInfo.activeProcessorCount * 16)
        let size = (items.count + chunks - 1) / chunks
        let results = ResultSlots<[R]>(count: chunks)
        DispatchQueue.concurrentPerform(iterations: chunks) { c in
            let range = min(items.count, c * size)..<min(items.count, (c + 1) * size)
            results.set(c, range.isEmpty ? [] : items[range].map(transform))
        }
        return results.values.flatMap { $0 }
    }

    /// Positions `0..<count` split into at most `parts` contiguous ranges of about the same size, in order (none
    /// for no positions): the parts of a large array handed to `map`, each worker taking a range at a time.
    public static func ranges(count: Int, parts: Int) -> [Range<Int>] {
        let parts = max(1, parts)
        let size = max(1, (count + parts - 1) / parts)
        return stride(from: 0, to: count, by: size).map { $0..<min(count, $0 + size) }
    }
}

/// Fixed slots written once each from concurrent iterations; read after all have finished.
final class ResultSlots<R>: @unchecked Sendable {  // slots under `lock`, read after every writer is done
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
