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

/// Keeping many files at once (`keep(_:)`, a kept batch's files through handles on their folders): each file
/// is linked, not copied, into the new tree at its own path, folders made as they come, in the output's top
/// folder too; the answer is false at a file that is gone, has another size, is a link or a folder, or has an
/// unsafe path, and the previous output is never changed.
final class KeptFilesTests: XCTestCase {
    func testKeptFilesAreLinkedFolderByFolderAndAMissingOrChangedOneIsReported() throws {
        let fm = FileManager.default
        let root = fm.temporaryDirectory.appendingPathComponent("keep-\(UUID().uuidString)")
        defer { try? fm.removeItem(at: root) }
        let output = root.appendingPathComponent("site")
        let files = ["index.html": "home", "a/one.html": "one", "a/two.html": "two!", "a/b/deep.md": "deep",
                     "c/three.html": "three", "a/four.html": "four"]
        for (path, text) in files {
            let url = output.appendingPathComponent(path)
            try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try fm.createDirectory(at: output.appendingPathComponent("a/folder.html"), withIntermediateDirectories: true)
        XCTAssertEqual(symlink(output.appendingPathComponent("index.html").path, output.appendingPathComponent("a/link.html").path), 0)

        let tree = try OutputTree(output: output)
        // In build order: folders come and go and come back (`a`, then `a/b`, `c`, `a` again).
        let order = ["index.html", "a/one.html", "a/two.html", "a/b/deep.md", "c/three.html", "a/four.html"]
        XCTAssertTrue(tree.keep(order.map { (path: $0, size: files[$0]!.utf8.count, inStaging: false) }))
        for path in order {
            let kept = tree.staging.appendingPathComponent(path).path
            XCTAssertEqual(fm.contents(atPath: kept), Data(files[path]!.utf8), path)
            var previous = stat(), linked = stat()
            XCTAssertEqual(lstat(output.appendingPathComponent(path).path, &previous), 0)
            XCTAssertEqual(lstat(kept, &linked), 0)
            XCTAssertEqual(previous.st_ino, linked.st_ino, "\(path) is a link to the previous output's file, not a copy")
        }

        for (path, size) in [("a/gone.html", 1), ("a/one.html", 4), ("a/link.html", 4), ("a/folder.html", 0),
                             ("../site/index.html", 4), ("gone/one.html", 3)] {
            XCTAssertFalse(tree.keep([(path: "a/two.html", size: 4, inStaging: false), (path: path, size: size, inStaging: false)]),
                           path)
        }
        for (path, text) in files {
            XCTAssertEqual(fm.contents(atPath: output.appendingPathComponent(path).path), Data(text.utf8), "\(path) is left as it was")
        }
        tree.discard()
    }
}

/// A staging folder made a replica of the output (`holdRecycled`, `replicate`): from the recycled base, what equals
/// the output stays, what is stale goes (a folder where a file goes, a file where a folder goes, empty
/// folders), and the rest is linked from the output; what the build writes replaces the entry without
/// touching the output through a shared link, and what it no longer makes goes before the swap (`prune`).
final class RecycledOutputTreeTests: XCTestCase {
    func testAReplicaEndsHoldingExactlyTheNewFiles() throws {
        let fm = FileManager.default
        let root = fm.temporaryDirectory.appendingPathComponent("recycle-\(UUID().uuidString)")
        defer { try? fm.removeItem(at: root) }
        let output = root.appendingPathComponent("site"), base = root.appendingPathComponent("base")
        func put(_ text: String, _ path: String, in folder: URL) throws {
            let url = folder.appendingPathComponent(path)
            try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        // The current output.
        try put("same", "same.html", in: output)
        try put("shared", "shared.html", in: output)
        try put("current", "linked.html", in: output)
        try put("gone", "old/gone.html", in: output)
        try put("deep", "deep/er/page.html", in: output)
        // The base: one file as the output has it, one sharing its inode with the output (as a previous
        // incremental build leaves them), a stale one, a folder where a file goes, a file where a folder goes,
        // and a file whose folder will be left empty.
        try put("same", "same.html", in: base)
        XCTAssertEqual(link(output.appendingPathComponent("shared.html").path, base.appendingPathComponent("shared.html").path), 0)
        try put("old", "linked.html", in: base)
        try put("x", "now-a-file/inside.html", in: base)
        try put("x", "now-a-folder", in: base)
        try put("x", "gone/deep/stale.html", in: base)
        // A folder holding a kept file and one added by hand; a folder the output has, in the base a symbolic
        // link to a folder elsewhere, whose file must not be touched.
        try put("kept", "sub/kept.html", in: output)
        try put("kept", "sub/kept.html", in: base)
        try put("stray", "sub/stray.html", in: base)
        try put("outside", "er/page.html", in: root.appendingPathComponent("elsewhere"))
        try fm.createSymbolicLink(at: base.appendingPathComponent("deep"), withDestinationURL: root.appendingPathComponent("elsewhere"))

        let tree = try OutputTree(output: output, recycling: base, replicating: true)
        XCTAssertTrue(tree.recycled)
        XCTAssertTrue(tree.fromBase)
        XCTAssertFalse(fm.fileExists(atPath: base.path), "the base is moved, not copied")
        // `linked.html` differs from the output's (as the manifests tell); the others by size.
        let listed = [("same.html", 4, true), ("shared.html", 6, true), ("linked.html", 7, false), ("old/gone.html", 4, true),
                      ("deep/er/page.html", 4, true), ("sub/kept.html", 4, true)]
            .map { OutputTree.RecycledFile(path: $0.0, size: $0.1, stays: $0.2) }
        let held = tree.holdRecycled(listed, threads: 2).map { listed[$0].path }
        XCTAssertEqual(held.sorted(), ["same.html", "shared.html", "sub/kept.html"])
        XCTAssertEqual(TestSite.files(under: tree.staging), ["same.html", "shared.html", "sub/kept.html"], "stale files and folders are gone")
        XCTAssertEqual(try String(contentsOf: root.appendingPathComponent("elsewhere/er/page.html"), encoding: .utf8), "outside",
                       "nothing is removed through a symbolic link")
        XCTAssertFalse(fm.fileExists(atPath: tree.staging.appendingPathComponent("deep").path))
        var linked: [String] = []
        let files = [("linked.html", 7), ("old/gone.html", 4), ("deep/er/page.html", 4), ("missing.html", 3), ("same.html", 9)]
        tree.replicate(files) { linked.append(files[$0].0) }
        XCTAssertEqual(linked.sorted(), ["deep/er/page.html", "linked.html", "old/gone.html"],
                       "a file missing from the output, or not of the size recorded, is not linked")

        XCTAssertTrue(tree.keep("same.html", size: 4, inStaging: true))
        XCTAssertTrue(tree.keep("linked.html", size: 7, inStaging: true))
        XCTAssertFalse(tree.keep("missing.html", size: 3, inStaging: false))
        try tree.write(Data("rewritten".utf8), to: "shared.html")
        try tree.write(Data("file".utf8), to: "now-a-file")
        try tree.write(Data("inside".utf8), to: "now-a-folder/page.html")
        XCTAssertEqual(tree.keptInPlace, 2)
        tree.prune(stale: ["old/gone.html", "deep/er/page.html"])

        XCTAssertEqual(try String(contentsOf: output.appendingPathComponent("shared.html"), encoding: .utf8), "shared",
                       "writing into the replica never writes through a link the output shares")
        try tree.commit()
        XCTAssertEqual(TestSite.files(under: output),
                       ["linked.html", "now-a-file", "now-a-folder/page.html", "same.html", "shared.html", "sub/kept.html"])
        XCTAssertEqual(TestSite.folders(under: output), ["now-a-folder", "sub"], "folders left empty by the pruning are gone")
        for (path, text) in [("linked.html", "current"), ("now-a-file", "file"), ("now-a-folder/page.html", "inside"),
                             ("same.html", "same"), ("shared.html", "rewritten")] {
            XCTAssertEqual(try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8), text, path)
        }
    }

    /// The replaced output goes where the next build recycles it, whole, and nothing is deleted.
    func testTheReplacedOutputIsKeptWhereAsked() throws {
        let fm = FileManager.default
        let root = fm.temporaryDirectory.appendingPathComponent("recycle-\(UUID().uuidString)")
        defer { try? fm.removeItem(at: root) }
        let output = root.appendingPathComponent("site"), kept = root.appendingPathComponent("cache/tree")
        try fm.createDirectory(at: output, withIntermediateDirectories: true)
        try fm.createDirectory(at: kept.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("old".utf8).write(to: output.appendingPathComponent("page.html"))
        let tree = try OutputTree(output: output)
        XCTAssertFalse(tree.recycled)
        try tree.write(Data("new".utf8), to: "page.html")
        try tree.commit(replacedTo: kept)
        XCTAssertEqual(try String(contentsOf: output.appendingPathComponent("page.html"), encoding: .utf8), "new")
        XCTAssertEqual(try String(contentsOf: kept.appendingPathComponent("page.html"), encoding: .utf8), "old")
    }
    /// A first rebuild links every file of the output: a folder of more files than one thread links at a time
    /// (`OutputTree.filesPerPart`), linked on several threads, each file once, the ones not as recorded left out.
    func testAReplicaOfALargeFolderIsLinkedInPartsOnSeveralThreads() throws {
        let fm = FileManager.default
        let root = fm.temporaryDirectory.appendingPathComponent("replicate-\(UUID().uuidString)")
        defer { try? fm.removeItem(at: root) }
        let output = root.appendingPathComponent("site")
        let folder = output.appendingPathComponent("reports/report")
        try fm.createDirectory(at: folder, withIntermediateDirectories: true)
        let count = 2 * OutputTree.filesPerPart + 10
        var files: [(path: String, size: Int)] = []
        for n in 0..<count {
            let text = "page \(n)"
            try Data(text.utf8).write(to: folder.appendingPathComponent("\(n).html"))
            // Every hundredth file recorded with another size: not linked.
            files.append(("reports/report/\(n).html", n % 100 == 0 ? text.utf8.count + 1 : text.utf8.count))
        }
        files.append(("index.html", 3))  // not in the output
        let tree = try OutputTree(output: output, replicating: true)
        var linked: [String] = []
        tree.replicate(files, threads: 3) { linked.append(files[$0].path) }
        let expected = (0..<count).filter { $0 % 100 != 0 }.map { "reports/report/\($0).html" }
        XCTAssertEqual(linked.count, expected.count)
        XCTAssertEqual(Set(linked), Set(expected))
        XCTAssertEqual(Set(TestSite.files(under: tree.staging)), Set(expected))
        tree.discard()
    }
}
