import Foundation

/// `ParallelMap` on threads of the caller's own: the calling thread and `threads - 1` threads it starts at its
/// nice value (one per core unless told) take the items in turn. For work inside a render worker (a month's
/// archive): a parallel loop on Dispatch's threads, nested in the workers' own, would run on the calling
/// thread alone.
public enum ParallelThreads {
    public static func map<T: Sendable, R: Sendable>(
        _ items: [T], threads: Int = ProcessInfo.processInfo.activeProcessorCount, _ transform: @escaping @Sendable (T) -> R
    ) -> [R] {
        let helpers = min(max(0, threads - 1), max(0, items.count - 1))
        if helpers == 0 { return items.map(transform) }
        let work = SharedWork(items: items, transform: transform)
        let group = DispatchGroup()
        // On Linux the nice value is the thread's own: each helper takes the caller's.
        let nice = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        for _ in 0..<helpers {
            BackgroundThread.start(group: group) {
                setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, nice)
                work.run()
            }
        }
        work.run()
        group.wait()
        return work.results
    }
}

/// Items handed out one at a time; each result stored in the item's place (`ResultSlots`, as `ParallelMap`'s).
private final class SharedWork<T: Sendable, R: Sendable>: @unchecked Sendable {  // `next` under `lock`; results in `ResultSlots`
    private let items: [T]
    private let transform: @Sendable (T) -> R
    private let lock = NSLock()
    private var next = 0
    private let slots: ResultSlots<R>

    init(items: [T], transform: @escaping @Sendable (T) -> R) {
        self.items = items
        self.transform = transform
        slots = ResultSlots(count: items.count)
    }

    func run() {
        while true {
            let index: Int = lock.withLock {
                defer { next += 1 }
                return next
            }
            guard index < items.count else { return }
            slots.set(index, transform(items[index]))
        }
    }

    var results: [R] { slots.values }
}
