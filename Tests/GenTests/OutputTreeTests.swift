import GenWrite
import XCTest

/// `OutputTree.isSafe`: the last check before any path of the output is written or kept.
final class OutputTreeTests: XCTestCase {
    func testUnsafePathsAreRefused() {
        for path in ["", "/", "/etc/passwd", "a//b", "a/", ".", "..", "../a", "a/..", "a/./b", "a/../b", "a\\b", "..\\a",
                     "a\u{0}b", "a\nb", "a\tb", "a\u{7F}", "./a"] {
            XCTAssertFalse(OutputTree.isSafe(path), path.debugDescription)
        }
    }

    func testOrdinaryPathsAreAccepted() {
        for path in ["index.html", "org-1/reports/report/abc.html", "a/...", "...", ".hidden", "a/..b", "a/b..", "é/ü.html",
                     "org/critiques/photo/x-2.html", "a/b/c/d/e/f.md", "日本/ファイル.html"] {
            XCTAssertTrue(OutputTree.isSafe(path), path.debugDescription)
        }
    }
}
