import Foundation

/// A value made on another thread; `value` waits for it.
public final class Pending<Value: Sendable>: @unchecked Sendable {  // `made` written once, read after `group` is done
    private let group = DispatchGroup()
    private var made: Value?

    public init(_ make: @escaping @Sendable () -> Value) {
        DispatchQueue.global().async(group: group) { self.made = make() }
    }

    /// Made on a thread of its own at the lowest priority (nice 19; on Linux the nice value is the thread's):
    /// it runs in the time the build's other threads leave a core idle, and at full speed once `value` is
    /// waited for (the waiting thread then leaves its core idle).
    ///
    /// Why: an incremental build reads the previous manifest while the export is loaded. On Dispatch's queue it
    /// would hold one of the threads the export's lines are parsed on, while the steps after loading leave a
    /// core idle.
    public static func inIdleTime(_ make: @escaping @Sendable () -> Value) -> Pending {
        let pending = Pending(startingNothing: ())
        BackgroundThread.start(group: pending.group) {
            setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
            pending.made = make()
        }
        return pending
    }

    private init(startingNothing: Void) {}

    public var value: Value {
        group.wait()
        return made!
    }

    /// Whether `value` would answer at once.
    public var isReady: Bool { group.wait(timeout: .now()) == .success }
}

/// Work that runs beside the render workers (the next batch being planned, kept batches being linked), on
/// a thread of its own. Not on Dispatch's global queue: its threads are the ones `concurrentPerform` keeps
/// busy rendering, and a block queued behind them waited for Dispatch to add a thread, long enough to
/// show in a one-change rebuild before the first batch was planned.
/// `Pending` values stay on the global queue: given threads of their own, the stages before rendering ran
/// more threads than cores and took longer (measured, five runs each way).
public enum BackgroundThread {
    public static func start(group: DispatchGroup, _ body: @escaping @Sendable () -> Void) {
        group.enter()
        let thread = Thread {
            body()
            group.leave()
        }
        thread.stackSize = 8 << 20  // as the main thread's: contexts are encoded recursively
        thread.start()
    }
}

/// A value made when it is first asked for, by the thread that asks first; others asking meanwhile wait for
/// it. For what several batches share but a build may never need (every batch that would use it kept).
public final class Lazy<Value: Sendable>: @unchecked Sendable {  // `make` and `made` under `lock`
    private let lock = NSLock()
    private var make: (@Sendable () -> Value)?
    private var made: Value?

    public init(_ make: @escaping @Sendable () -> Value) { self.make = make }

    public var value: Value {
        lock.lock()
        defer { lock.unlock() }
        if let made { return made }
        let value = make!()
        made = value
        make = nil
        return value
    }
}

/// Lets go of a value on another thread, without waiting. Why: the last reference to a site's plans drops
/// when rendering ends, and freeing everything they hold (the documents, forms and contexts of every batch)
/// took the build's own thread measurable time between the last page and the swap. Nothing waits
/// for it; a process that ends first simply does not free what it was about to.
///
/// The value is taken over (`consuming`; pass `consume x`): if the caller kept a reference, the other thread
/// could let go of the box's first, and the caller's own release would then free everything on the build's thread
/// after all (it did, between the last page and the swap).
///
/// `freeing` false: the process ends soon after (the `gen` command, once the build returns), and the value is
/// never freed; the system takes its memory back at exit, at once, where freeing a large site's plans object
/// by object costs CPU at the end of a rebuild, beside the swap and the saving of the caches.
/// (Compilers do the same with their syntax trees: clang's `-disable-free`.)
public enum BackgroundRelease {
    public static func drop<T>(_ value: consuming T, freeing: Bool = true) {
        let box = Box(consume value)
        guard freeing else {
            _ = Unmanaged.passRetained(box)  // never released
            return
        }
        DispatchQueue.global(qos: .utility).async { box.value = nil }
    }

    private final class Box: @unchecked Sendable {  // handed to one thread, which alone touches it
        var value: Any?
        init(_ value: consuming Any) { self.value = consume value }
    }
}
