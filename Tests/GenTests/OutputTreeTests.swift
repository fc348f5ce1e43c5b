import Foundation
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

    /// The replaced output is removed whole: files many folders deep, thousands in one folder, empty
    /// folders, and links (removed, never followed: what a link points to outside the tree stays).
    func testRemovingATreeRemovesEverythingInItAndNothingOutside() throws {
        let fm = FileManager.default
        let base = fm.temporaryDirectory.appendingPathComponent("remove-tree-\(UUID().uuidString)")
        let root = base.appendingPathComponent("old")
        let outside = base.appendingPathComponent("outside.txt")
        try fm.createDirectory(at: root.appendingPathComponent("a/b/c"), withIntermediateDirectories: true)
        try fm.createDirectory(at: root.appendingPathComponent("empty"), withIntermediateDirectories: true)
        try fm.createDirectory(at: root.appendingPathComponent("many"), withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: base) }
        try Data("keep me".utf8).write(to: outside)
        try Data("deep".utf8).write(to: root.appendingPathComponent("a/b/c/deep.html"))
        for n in 0..<3_000 { try Data("\(n)".utf8).write(to: root.appendingPathComponent("many/\(n).html")) }
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("a/link").path, withDestinationPath: outside.path)
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("a/folder-link").path, withDestinationPath: base.path)

        POSIXFiles.removeTree(root.path)
        XCTAssertFalse(fm.fileExists(atPath: root.path))
        XCTAssertEqual(try String(contentsOf: outside, encoding: .utf8), "keep me")
        XCTAssertEqual(try fm.contentsOfDirectory(atPath: base.path), ["outside.txt"])
        POSIXFiles.removeTree(root.path)  // nothing there: nothing happens
    }
}
