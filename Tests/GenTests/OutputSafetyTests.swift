import Foundation
import GenBuild
import GenModel
import GenWrite
import XCTest

/// gen replaces only a folder it made, one build at a time, and never leaves a moment without an output.
final class OutputSafetyTests: XCTestCase {
    private func site() throws -> TestSite {
        let site = try TestSite()
        try site.writeCollection("users", [Doc.user("u1", org: "o1", first: "Ann", last: "Lee")])
        try site.writeCollection("dailyJobReports", [Doc.report("r1", org: "o1", user: "u1")])
        return site
    }

    private func refusal(
        _ site: TestSite, output: URL, cache: URL? = nil, templates: URL = TestSite.templates,
        file: StaticString = #filePath, line: UInt = #line
    ) async -> String? {
        do {
            _ = try await BuildPipeline.run(BuildOptions(content: site.content, templates: templates, output: output, cache: cache))
            XCTFail("expected the build to refuse \(output.path)", file: file, line: line)
            return nil
        } catch {
            return error.description
        }
    }

    private func snapshot(_ folder: URL) -> [String: Data] {
        var out: [String: Data] = [:]
        let walker = FileManager.default.enumerator(atPath: folder.path)
        while let path = walker?.nextObject() as? String {
            out[path] = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path) ?? Data()
        }
        return out
    }

    func testOutputsGenDidNotMakeAreRefusedAndLeftAlone() async throws {
        let site = try site()
        defer { site.remove() }
        let fm = FileManager.default
        // A folder of someone's files, reached directly and through a symbolic link.
        let documents = site.root.appendingPathComponent("Documents")
        try fm.createDirectory(at: documents.appendingPathComponent("taxes"), withIntermediateDirectories: true)
        try Data("keep me".utf8).write(to: documents.appendingPathComponent("taxes/2025.txt"))
        let before = snapshot(documents)
        let link = site.root.appendingPathComponent("site-link")
        try fm.createSymbolicLink(atPath: link.path, withDestinationPath: documents.path)
        let file = site.root.appendingPathComponent("notes.txt")
        try Data("a file".utf8).write(to: file)

        let unmarked = await refusal(site, output: documents)
        XCTAssertTrue(unmarked?.contains("holds files gen did not make") == true, unmarked ?? "")
        let linked = await refusal(site, output: link)
        XCTAssertTrue(linked?.contains("symbolic link") == true, linked ?? "")
        let regular = await refusal(site, output: file)
        XCTAssertTrue(regular?.contains("is a file") == true, regular ?? "")
        XCTAssertEqual(snapshot(documents), before)
        XCTAssertEqual(try fm.destinationOfSymbolicLink(atPath: link.path), documents.path)
        XCTAssertEqual(fm.contents(atPath: file.path), Data("a file".utf8))

        // The folders the build reads or keeps.
        for (output, cache) in [
            (site.content, nil), (site.root, nil), (TestSite.templates, nil),
            (site.content.appendingPathComponent("export/out"), nil),
            (site.root.appendingPathComponent("out"), site.root.appendingPathComponent("out/cache"))
        ] as [(URL, URL?)] {
            let overlap = await refusal(site, output: output, cache: cache)
            XCTAssertTrue(overlap?.contains("overlaps the") == true, "\(output.path): \(overlap ?? "")")
        }
        XCTAssertTrue(fm.fileExists(atPath: site.content.appendingPathComponent("export/users.ndjson").path))

        // An empty folder, or one holding only a placeholder, is fine; so is gen's own output, again.
        try fm.createDirectory(at: site.output, withIntermediateDirectories: true)
        try Data().write(to: site.output.appendingPathComponent(".gitkeep"))
        try await site.build()
        XCTAssertTrue(fm.fileExists(atPath: site.output.appendingPathComponent(OutputFolder.markName).path))
        XCTAssertTrue(fm.fileExists(atPath: site.output.appendingPathComponent(".gitkeep").path))
        try site.writeCollection("dailyJobReports", [Doc.report("r1", org: "o1", user: "u1"), Doc.report("r2", org: "o1", user: "u1")])
        try await site.build()
        XCTAssertTrue(fm.fileExists(atPath: site.output.appendingPathComponent("o1/reports/report/r2.html").path))
    }

    func testOneBuildAtATimeAndLeftoversAreRemoved() async throws {
        let site = try site()
        defer { site.remove() }
        let options = BuildOptions(content: site.content, templates: TestSite.templates, output: site.output, waitForLock: false)
        // Another build holds the lock: a build that may not wait fails at once, touching nothing.
        try await site.build()
        // The lock is beside the output (whatever the cache), as `.Output.lock`.
        let lockURL = site.output.deletingLastPathComponent().appendingPathComponent(".Output.lock")
        XCTAssertTrue(FileManager.default.fileExists(atPath: lockURL.path))
        let before = snapshot(site.output)
        do {
            let held = try await BuildLock.take(at: lockURL, wait: false) {}
            do {
                _ = try await BuildPipeline.run(options)
                XCTFail("expected the build to find the lock held")
            } catch {
                XCTAssertTrue(error.description.contains("another build of this output folder is running"), error.description)
            }
            withExtendedLifetime(held) {}
        }
        XCTAssertEqual(snapshot(site.output), before)

        // What killed builds left beside the output goes with the next build.
        let parent = site.output.deletingLastPathComponent()
        for name in [".Output.staging-999999", ".Output.old-999999"] {
            try FileManager.default.createDirectory(at: parent.appendingPathComponent("\(name)/deep"), withIntermediateDirectories: true)
        }
        try site.writeCollection("dailyJobReports", [Doc.report("r1", org: "o1", user: "u1", date: "2024-09-04")])
        try await site.build()
        let left = try FileManager.default.contentsOfDirectory(atPath: parent.path).filter { $0.hasPrefix(".Output.") && $0 != ".Output.lock" }
        XCTAssertEqual(left, [])
    }

    /// Builds of one output started together: each waits its turn, and the output is a clean build's.
    func testBuildsStartedTogetherEndAsACleanBuild() async throws {
        let site = try site()
        defer { site.remove() }
        try await site.build()
        for round in 0..<3 {
            try site.writeCollection("dailyJobReports", (0...round).map { Doc.report("r\($0)", org: "o1", user: "u1") })
            try await withThrowingTaskGroup(of: BuildReport.self) { group in
                for _ in 0..<3 { group.addTask { try await site.build() } }
                for try await _ in group {}
            }
            let clean = site.root.appendingPathComponent("clean-\(round)")
            try await BuildPipeline.run(
                BuildOptions(
                    content: site.content, templates: TestSite.templates, output: clean,
                    cache: site.root.appendingPathComponent("clean-cache-\(round)")))
            XCTAssertEqual(snapshot(site.output), snapshot(clean), "round \(round)")
        }
    }
}

extension OutputSafetyTests {
    /// A thumbnail cache that cannot be written for one build: that build shows the image unavailable, and the
    /// next build, the cache writable again, is not "up to date" but shows the image.
    func testACacheThatCouldNotBeWrittenIsTriedAgain() async throws {
        let site = try site()
        defer { site.remove() }
        let image = try XCTUnwrap(
            TestSite.files(under: TestSite.repositoryContent.appendingPathComponent("media/critiques"))
                .first { $0.hasSuffix(".jpg") })
        try FileManager.default.createDirectory(at: site.content.appendingPathComponent("media/critiques"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: TestSite.repositoryContent.appendingPathComponent("media/critiques/\(image)"),
            to: site.content.appendingPathComponent("media/critiques/photo.jpg"))
        try site.writeCollection(
            "photoCritiques",
            [
                Doc.critique("c1", org: "o1", target: "u1", notes: "n").merging(["imageUrls": ["critiques/photo.jpg"]]) { _, b in b }
            ])
        // A file where the thumbnail cache's folder goes: nothing can be stored there.
        let thumbnails = site.root.appendingPathComponent(".gen-cache/thumbnails")
        try FileManager.default.createDirectory(at: thumbnails.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("in the way".utf8).write(to: thumbnails)
        try await site.build()
        XCTAssertFalse(try site.text("o1/critiques/photo/c1.html").contains("media/"), "no rendition without the cache")

        try FileManager.default.removeItem(at: thumbnails)
        let again = try await site.build()
        XCTAssertFalse(again.upToDate)
        XCTAssertTrue(try site.text("o1/critiques/photo/c1.html").contains("srcset=\"../../media/"), "the image is shown now")
        let third = try await site.build()
        XCTAssertTrue(third.upToDate)
    }
}

extension OutputSafetyTests {
    /// An edit made by hand in the output, the same size: the next build, with nothing else changed, is not
    /// "up to date" and repairs the page.
    func testAnEditByHandOfTheOutputOrTheCacheNeverSurvives() async throws {
        let site = try site()
        defer { site.remove() }
        try await site.build()
        let page = site.output.appendingPathComponent("o1/reports/report/r1.html")
        let original = try Data(contentsOf: page)
        func tamper(_ url: URL) throws {
            let text = try String(contentsOf: url, encoding: .utf8)
            let handle = try FileHandle(forWritingTo: url)  // in place: the inode stays
            try handle.write(contentsOf: Data(text.replacingOccurrences(of: "Ann Lee", with: "XXX XXX").utf8))
            try handle.close()
        }
        try tamper(page)
        XCTAssertEqual(try Data(contentsOf: page).count, original.count)
        let repaired = try await site.build()
        XCTAssertFalse(repaired.upToDate)
        XCTAssertEqual(try Data(contentsOf: page), original)

        // The output shares no file with the cache, or with anything: every file has one link, so an edit
        // anywhere else never reaches it.
        for file in TestSite.files(under: site.output) {
            var info = stat()
            XCTAssertEqual(lstat(site.output.appendingPathComponent(file).path, &info), 0)
            XCTAssertEqual(info.st_nlink, 1, file)
        }
        let third = try await site.build()
        XCTAssertTrue(third.upToDate, "an untouched output is up to date")
    }
}
