import Foundation
import GenWrite
import XCTest

/// `OutputTree.isSafe`: the last check before any path of the output is written or kept.
final class OutputTreeTests: XCTestCase {
    func testUnsafePathsAreRefused() {
        for path in [
            "", "/", "/etc/passwd", "a//b", "a/", ".", "..", "../a", "a/..", "a/./b", "a/../b", "a\\b", "..\\a",
            "a\u{0}b", "a\nb", "a\tb", "a\u{7F}", "./a"
        ] {
            XCTAssertFalse(OutputTree.isSafe(path), path.debugDescription)
        }
    }

    func testOrdinaryPathsAreAccepted() {
        for path in [
            "index.html", "org-1/reports/report/abc.html", "a/...", "...", ".hidden", "a/..b", "a/b..", "é/ü.html",
            "org/critiques/photo/x-2.html", "a/b/c/d/e/f.md", "日本/ファイル.html"
        ] {
            XCTAssertTrue(OutputTree.isSafe(path), path.debugDescription)
        }
    }

    /// A file written whole (an empty one too), a longer one before it cut to the new bytes, and a failure (no
    /// such folder) thrown, not ignored.
    func testWritingAFileReplacesItsBytesAndReportsFailures() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("posix-write-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: base) }
        let path = base.appendingPathComponent("page.html").path
        let long = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0) })
        try POSIXFiles.write(long, to: path)
        XCTAssertEqual(FileManager.default.contents(atPath: path), long)
        try POSIXFiles.write(Data("short".utf8), to: path)
        XCTAssertEqual(FileManager.default.contents(atPath: path), Data("short".utf8))
        try POSIXFiles.write(Data(), to: path)
        XCTAssertEqual(FileManager.default.contents(atPath: path), Data())
        XCTAssertThrowsError(try POSIXFiles.write(Data("x".utf8), to: base.appendingPathComponent("missing/page.html").path))
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

/// Keeping files (`keep(_:)`): each file is linked, not copied, into the new tree at its own path, folders
/// made as they come, in the output's top folder too; the answer is false for a file that is gone, a folder,
/// or an unsafe path, and the previous output is never changed.
final class KeptFilesTests: XCTestCase {
    func testKeptFilesAreLinkedFolderByFolderAndAMissingOrChangedOneIsReported() throws {
        let fm = FileManager.default
        let root = fm.temporaryDirectory.appendingPathComponent("keep-\(UUID().uuidString)")
        defer { try? fm.removeItem(at: root) }
        let output = root.appendingPathComponent("site")
        let files = [
            "index.html": "home", "a/one.html": "one", "a/two.html": "two!", "a/b/deep.md": "deep",
            "c/three.html": "three", "a/four.html": "four"
        ]
        for (path, text) in files {
            let url = output.appendingPathComponent(path)
            try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try fm.createDirectory(at: output.appendingPathComponent("a/folder.html"), withIntermediateDirectories: true)

        let tree = try OutputTree(output: output)
        // In build order: folders come and go and come back (`a`, then `a/b`, `c`, `a` again).
        let order = ["index.html", "a/one.html", "a/two.html", "a/b/deep.md", "c/three.html", "a/four.html"]
        for path in order { XCTAssertTrue(tree.keep(path), path) }
        for path in order {
            let kept = tree.staging.appendingPathComponent(path).path
            XCTAssertEqual(fm.contents(atPath: kept), Data(files[path]!.utf8), path)
            var previous = stat(), linked = stat()
            XCTAssertEqual(lstat(output.appendingPathComponent(path).path, &previous), 0)
            XCTAssertEqual(lstat(kept, &linked), 0)
            XCTAssertEqual(previous.st_ino, linked.st_ino, "\(path) is a link to the previous output's file, not a copy")
        }

        for path in ["a/gone.html", "a/folder.html", "../site/index.html", "gone/one.html"] {
            XCTAssertFalse(tree.keep(path), path)
        }
        // A kept file written after all (a month planned once a file of it was found gone) gets a file of its
        // own: nothing is written through the link into the previous output.
        try tree.write(Data("new one".utf8), to: "a/one.html")
        _ = try tree.write(to: "a/two.html") { append in try append(Data("new two".utf8)) }
        XCTAssertEqual(fm.contents(atPath: tree.staging.appendingPathComponent("a/one.html").path), Data("new one".utf8))
        XCTAssertEqual(fm.contents(atPath: tree.staging.appendingPathComponent("a/two.html").path), Data("new two".utf8))
        for (path, text) in files {
            XCTAssertEqual(fm.contents(atPath: output.appendingPathComponent(path).path), Data(text.utf8), "\(path) is left as it was")
        }
        tree.discard()
    }
}
