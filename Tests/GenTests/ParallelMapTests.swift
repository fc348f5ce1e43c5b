@testable import GenSupport
import XCTest

final class ParallelMapTests: XCTestCase {
    /// Every count, including those that do not divide into the chunks evenly, keeps every item in order.
    func testSameAsMapForEveryCount() {
        for count in 0...300 {
            let items = Array(0..<count)
            XCTAssertEqual(ParallelMap.map(items) { $0 * 3 + 1 }, items.map { $0 * 3 + 1 }, "\(count) items")
        }
    }
    /// The ranges a large array is handed out in: in order, together exactly the positions, at most as many as
    /// asked for, none for no positions.
    func testRangesCoverThePositionsInOrder() {
        for count in [0, 1, 5, 63, 64, 65, 1_000, 120_803] {
            for parts in [0, 1, 2, 32, 64, 200] {
                let ranges = ParallelMap.ranges(count: count, parts: parts)
                XCTAssertEqual(ranges.flatMap { Array($0) }, Array(0..<count), "\(count) in \(parts)")
                XCTAssertLessThanOrEqual(ranges.count, max(1, parts), "\(count) in \(parts)")
                XCTAssertFalse(ranges.contains { $0.isEmpty })
            }
        }
    }
}
