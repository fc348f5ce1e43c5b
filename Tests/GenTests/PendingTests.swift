import Foundation
@testable import GenSupport
import XCTest

/// Work beside the build: values made on other threads, and values let go of on another thread or not at all.
final class PendingTests: XCTestCase {
    /// A value made in idle time is made at the lowest priority (nice 19, on its own thread only) and handed back
    /// whole; the thread waiting for it keeps its own priority.
    func testAValueMadeInIdleTimeRunsAtTheLowestPriorityOnItsOwnThread() {
        let before = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        let pending = Pending.inIdleTime { () -> (sum: Int, nice: Int32) in
            ((1...1_000).reduce(0, +), getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0))
        }
        XCTAssertEqual(pending.value.sum, 500_500)
        XCTAssertEqual(pending.value.nice, 19)
        XCTAssertEqual(getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0), before, "the caller's priority changed")
    }

    private final class Tracked: @unchecked Sendable {
        let freed: XCTestExpectation?
        init(_ freed: XCTestExpectation?) { self.freed = freed }
        deinit { freed?.fulfill() }
    }

    /// Dropped with `freeing`, a value is freed (on another thread); without, it is never freed: the process
    /// that ends after the build leaves it to the system.
    func testADroppedValueIsFreedOnlyWhenAskedTo() {
        let freed = expectation(description: "freed")
        BackgroundRelease.drop(Tracked(freed))
        wait(for: [freed], timeout: 10)

        let kept = expectation(description: "never freed")
        kept.isInverted = true
        BackgroundRelease.drop(Tracked(kept), freeing: false)
        wait(for: [kept], timeout: 0.5)
    }
    /// Work shared out on threads of the caller's own: every result in its item's place, made on as many
    /// threads as asked (all at the caller's nice value, 19 in idle time), with a value not yet made reported
    /// as such.
    func testWorkOnTheCallersThreadsKeepsOrderAndPriority() {
        let pending = Pending.inIdleTime { () -> (results: [Int], nices: Set<Int32>, threads: Int) in
            let seen = ThreadsSeen()
            let results = ParallelThreads.map(Array(0..<200), threads: 3) { n -> Int in
                seen.note(getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0))
                usleep(1_000)  // long enough for the helpers to take items too
                return n * n
            }
            return (results, seen.nices, seen.threads)
        }
        XCTAssertEqual(pending.value.results, (0..<200).map { $0 * $0 })
        XCTAssertEqual(pending.value.nices, [19])
        XCTAssertEqual(pending.value.threads, 3)
        XCTAssertTrue(pending.isReady)
        XCTAssertEqual(ParallelThreads.map([Int](), threads: 4) { $0 }, [])
        XCTAssertFalse(Pending { usleep(300_000) }.isReady)
    }
}

private final class ThreadsSeen: @unchecked Sendable {
    private let lock = NSLock()
    private var ids: Set<ObjectIdentifier> = []
    private(set) var nices: Set<Int32> = []
    func note(_ nice: Int32) {
        lock.withLock {
            ids.insert(ObjectIdentifier(Thread.current))
            nices.insert(nice)
        }
    }
    var threads: Int { lock.withLock { ids.count } }
}
