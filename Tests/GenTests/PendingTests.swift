import Foundation
import GenModel
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
}
