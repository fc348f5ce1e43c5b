import GenModel
import XCTest

final class ParallelMapTests: XCTestCase {
    /// Every count, including those that do not divide into the chunks evenly, keeps every item in order.
    func testSameAsMapForEveryCount() {
        for count in 0...300 {
            let items = Array(0..<count)
            XCTAssertEqual(ParallelMap.map(items) { $0 * 3 + 1 }, items.map { $0 * 3 + 1 }, "\(count) items")
        }
    }
}
