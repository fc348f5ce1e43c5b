import Foundation
import GenBuild
@testable import GenServe
import GenWrite
import XCTest

/// `gen serve`: the preview server started on a free port, asked over a socket as a browser would.
final class PreviewServerTests: XCTestCase {
    /// A one-report site with a content page.
    func makeSite() throws -> TestSite {
        let site = try TestSite()
        try site.writeCollection("users", [Doc.user("u1", org: "o1", first: "Ann", last: "Lee")])
        try site.writeCollection("dailyJobReports", [Doc.report("r1", org: "o1", user: "u1", extra: ["schools_visited": []])])
        try site.write("pages/about.md", "# About\n\nFirst version of the page.\n")
        return site
    }

    func start(_ site: TestSite, templates: URL? = nil, output: URL? = nil) async throws -> PreviewServer {
        try await PreviewServer.start(
            ServeOptions(content: site.content, templates: templates, output: output, port: 0, poll: .milliseconds(100)))
    }

    /// One request and its whole response. Sockets are waited on outside the concurrency pool, which the
    /// server's builds run on.
    func get(_ server: PreviewServer, _ target: String, method: String = "GET", host: String? = nil) async throws -> RawHTTP.Response {
        let port = server.port
        return try await blocking { try RawHTTP(port: port, method: method, target: target, host: host).response() }
    }

    func blocking<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try body() }) }
        }
    }

    /// The build events, read as a page's script reads them.
    func events(_ server: PreviewServer) async throws -> RawHTTP {
        let port = server.port
        let stream = try await blocking { try RawHTTP(port: port, target: LiveReload.eventsPath, timeout: 0.2) }
        let head = try await blocking { stream.head() }
        XCTAssertTrue(head?.hasPrefix("HTTP/1.1 200") == true, head ?? "no head")
        XCTAssertTrue(head?.lowercased().contains("content-type: text/event-stream") == true, head ?? "no head")
        return stream
    }

    func expectBuild(
        _ stream: RawHTTP, _ number: String, within seconds: Double, file: StaticString = #filePath, line: UInt = #line
    ) async throws {
        let event = try await nextBuild(stream, within: seconds)
        XCTAssertEqual(event, number, "the build event within \(seconds) s", file: file, line: line)
    }

    func nextBuild(_ stream: RawHTTP, within seconds: Double) async throws -> String? {
        let deadline = Date().addingTimeInterval(seconds)
        return try await blocking { stream.next(event: "build", before: deadline) }
    }

    /// Pages, assets and data files with their types; the reload script in the served HTML only, never in the
    /// file on disk nor in any other type; a folder without its slash redirected; other methods and hosts refused.
    func testServesTheSiteWithItsTypesAndTheScriptOnlyInServedHTML() async throws {
        let site = try makeSite()
        defer { site.remove() }
        let server = try await start(site)
        do {
            XCTAssertEqual(server.lastBuild.number, 1)
            XCTAssertNil(server.lastBuild.error)

            let index = try await get(server, "/")
            XCTAssertEqual(index.status, 200)
            XCTAssertEqual(index.headers["content-type"], "text/html; charset=utf-8")
            XCTAssertEqual(index.headers["cache-control"], "no-store")
            XCTAssertEqual(index.headers["content-length"], String(index.body.count))
            XCTAssertTrue(index.text.contains(LiveReload.eventsPath))
            XCTAssertTrue(index.text.hasSuffix("</body>\n</html>\n") || index.text.contains("</script>\n</body>"), index.text.suffix(200).description)
            let disk = try String(contentsOf: server.output.appendingPathComponent("index.html"), encoding: .utf8)
            XCTAssertFalse(disk.contains(LiveReload.eventsPath))
            XCTAssertFalse(disk.contains("gen serve"))

            let about = try await get(server, "/o1/pages/about.html")
            XCTAssertEqual(about.status, 200)
            XCTAssertTrue(about.text.contains("First version of the page."))

            let folder = try await get(server, "/o1")
            XCTAssertEqual(folder.status, 301)
            XCTAssertEqual(folder.headers["location"], "/o1/")
            let folderIndex = try await get(server, "/o1/?from=test")
            XCTAssertEqual(folderIndex.status, 200)
            XCTAssertEqual(folderIndex.headers["content-type"], "text/html; charset=utf-8")

            let files = TestSite.files(under: server.output)
            let expected = [
                "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8", "json": "application/json",
                "csv": "text/csv; charset=utf-8", "zip": "application/zip"
            ]
            for (ext, type) in expected.sorted(by: { $0.key < $1.key }) {
                let path = try XCTUnwrap(files.first { $0.hasSuffix("." + ext) }, "no .\(ext) file in \(files)")
                let response = try await get(server, "/" + path)
                XCTAssertEqual(response.status, 200, path)
                XCTAssertEqual(response.headers["content-type"], type, path)
                XCTAssertEqual(response.headers["x-content-type-options"], "nosniff", path)
                XCTAssertEqual(response.body, try Data(contentsOf: server.output.appendingPathComponent(path)), "\(path): served as on disk")
            }

            let head = try await get(server, "/", method: "HEAD")
            XCTAssertEqual(head.status, 200)
            XCTAssertEqual(head.headers["content-length"], String(index.body.count))
            XCTAssertEqual(head.body.count, 0)

            let post = try await get(server, "/", method: "POST")
            XCTAssertEqual(post.status, 405)
            XCTAssertEqual(post.headers["allow"], "GET, HEAD")

            let missing = try await get(server, "/o1/no-such-page.html")
            XCTAssertEqual(missing.status, 404)
            XCTAssertTrue(missing.text.contains(LiveReload.eventsPath), "a missing page reloads with the next build")

            // A page elsewhere that points its own name at this machine is not answered.
            let elsewhere = try await get(server, "/", host: "attacker.example:\(server.port)")
            XCTAssertEqual(elsewhere.status, 403)
            let localhost = try await get(server, "/", host: "localhost:\(server.port)")
            XCTAssertEqual(localhost.status, 200)
        } catch {
            await server.stop()
            throw error
        }
        let privateFolder = server.output.deletingLastPathComponent()
        await server.stop()
        XCTAssertFalse(FileManager.default.fileExists(atPath: privateFolder.path), "the private folder is removed at the end")
    }

    /// An edit to the content: the open page is told within 2 s, and the new page is served.
    func testAnEditIsBuiltAndTheOpenPagesToldWithinTwoSeconds() async throws {
        let site = try makeSite()
        defer { site.remove() }
        let server = try await start(site)
        let stream = try await events(server)
        let first = try await nextBuild(stream, within: 2)
        XCTAssertEqual(first, "1", "on connecting: the build the pages were served from")

        let edited = Date()
        try site.write("pages/about.md", "# About\n\nSecond version of the page.\n")
        let event = try await nextBuild(stream, within: 2)
        XCTAssertEqual(event, "2", "the build event within 2 s of the edit")
        let about = try await get(server, "/o1/pages/about.html")
        XCTAssertLessThan(Date().timeIntervalSince(edited), 2, "the new content within 2 s of the edit")
        XCTAssertTrue(about.text.contains("Second version of the page."))
        XCTAssertFalse(about.text.contains("First version"))
        XCTAssertNil(server.lastBuild.error)
        await server.stop()
    }

    /// A file saved as it was is built (and found up to date) without reloading the open pages; the next real
    /// edit is the next build they are told of.
    func testASaveThatChangesNothingReloadsNoPage() async throws {
        let site = try makeSite()
        defer { site.remove() }
        let server = try await start(site)
        let stream = try await events(server)
        let first = try await nextBuild(stream, within: 2)
        XCTAssertEqual(first, "1")

        try site.write("pages/about.md", "# About\n\nFirst version of the page.\n")
        let unchanged = try await nextBuild(stream, within: 1.5)
        XCTAssertNil(unchanged, "no build event for a save that changed nothing")
        XCTAssertEqual(server.lastBuild.number, 1)

        try site.write("pages/about.md", "# About\n\nSecond version of the page.\n")
        let event = try await nextBuild(stream, within: 2)
        XCTAssertEqual(event, "2", "the next real edit")
        await server.stop()
    }

    /// A broken template, then a bad export: each build fails, its error (escaped) is shown above the last good
    /// site, which is still served; the fix is built and the error goes.
    func testAFailedBuildShowsItsErrorAndKeepsTheLastGoodSite() async throws {
        let site = try makeSite()
        defer { site.remove() }
        // A folder name that is markup: the error naming it must show as text.
        let overlay = site.root.appendingPathComponent("theme<b>")
        try FileManager.default.createDirectory(at: overlay, withIntermediateDirectories: true)
        let server = try await start(site, templates: overlay)
        let stream = try await events(server)
        try await expectBuild(stream, "1", within: 2)

        try Data("{{#section}} never closed\n".utf8).write(to: overlay.appendingPathComponent("content-page.mustache"))
        try await expectBuild(stream, "2", within: 5)
        let error = try XCTUnwrap(server.lastBuild.error)
        XCTAssertTrue(error.contains("content-page.mustache"), error)
        var about = try await get(server, "/o1/pages/about.html")
        XCTAssertEqual(about.status, 200)
        XCTAssertTrue(about.text.contains("First version of the page."), "the last good site is served")
        XCTAssertTrue(about.text.contains("gen-serve-error"))
        XCTAssertTrue(about.text.contains("theme&lt;b&gt;/content-page.mustache"), about.text)
        XCTAssertFalse(about.text.contains("theme<b>"))

        try FileManager.default.removeItem(at: overlay.appendingPathComponent("content-page.mustache"))
        try await expectBuild(stream, "3", within: 5)
        XCTAssertNil(server.lastBuild.error)
        about = try await get(server, "/o1/pages/about.html")
        XCTAssertFalse(about.text.contains("gen-serve-error"))

        try site.write("export/users.ndjson", "{\"id\": \"u1\", \"organizationID\": \"o1\"\n")
        try await expectBuild(stream, "4", within: 5)
        let exportError = try XCTUnwrap(server.lastBuild.error)
        XCTAssertTrue(exportError.contains("users.ndjson"), exportError)
        about = try await get(server, "/o1/pages/about.html")
        XCTAssertTrue(about.text.contains("gen-serve-error"))
        XCTAssertTrue(about.text.contains("First version of the page."))
        await server.stop()
    }

    /// Only regular files inside the output: `..` plain or encoded, encoded slashes, absolute paths, dot files
    /// and symbolic links (to a file or a folder outside) are all not found, and nothing outside is read.
    func testPathsOutsideTheOutputAreNotFound() async throws {
        let site = try makeSite()
        defer { site.remove() }
        let output = site.root.appendingPathComponent("Preview")
        let server = try await start(site, output: output)
        let secret = site.root.appendingPathComponent("secret.txt")
        try Data("SECRET-BYTES\n".utf8).write(to: secret)
        try FileManager.default.createSymbolicLink(at: output.appendingPathComponent("o1/leak.txt"), withDestinationURL: secret)
        try FileManager.default.createSymbolicLink(at: output.appendingPathComponent("outside"), withDestinationURL: site.root)
        try FileManager.default.createSymbolicLink(
            atPath: output.appendingPathComponent("o1/inside.html").path, withDestinationPath: "index.html")
        let targets = [
            "/../secret.txt", "/o1/../../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E/%2E%2E/secret.txt", "/..%2Fsecret.txt",
            "/o1%2F..%2F..%2Fsecret.txt", "/o1/%2e%2e/%2e%2e/secret.txt", "/%252e%252e/secret.txt", "//etc/passwd",
            "/%2Fetc%2Fpasswd", "/etc/passwd", "/\(site.root.path)/secret.txt", "/%2F\(site.root.path.dropFirst())/secret.txt",
            "/o1/leak.txt", "/outside/secret.txt", "/outside/", "/o1/inside.html", "/.gen-output", "/o1/..", "/o1/.",
            "/..\\secret.txt", "/%5C..%5Csecret.txt", "/o1/index.html%00.txt"
        ]
        for target in targets {
            let response = try await get(server, target)
            XCTAssertEqual(response.status, 404, target)
            XCTAssertFalse(response.text.contains("SECRET-BYTES"), target)
            XCTAssertFalse(response.text.contains("root:"), target)
        }
        let plain = try await get(server, "/o1/index.html")
        XCTAssertEqual(plain.status, 200, "the same folder's own files are served")
        await server.stop()
        XCTAssertTrue(FileManager.default.fileExists(atPath: output.appendingPathComponent("index.html").path), "--output is kept")
    }

    /// The preview builds with `gen build`'s lock: while another build of the output holds it, an edit waits.
    func testARebuildWaitsForAnotherBuildOfTheSameOutput() async throws {
        let site = try makeSite()
        defer { site.remove() }
        let output = site.root.appendingPathComponent("Shared")
        let server = try await start(site, output: output)
        let stream = try await events(server)
        try await expectBuild(stream, "1", within: 2)

        let lockURL = site.root.appendingPathComponent(".Shared.lock")
        var lock: BuildLock? = try await BuildLock.take(at: lockURL, wait: false) {}
        try site.write("pages/about.md", "# About\n\nWritten while another build ran.\n")
        let none = try await nextBuild(stream, within: 1.5)
        XCTAssertNil(none, "no build while the lock is held")
        XCTAssertNotNil(lock)
        lock = nil
        try await expectBuild(stream, "2", within: 3)
        let about = try await get(server, "/o1/pages/about.html")
        XCTAssertTrue(about.text.contains("Written while another build ran."))
        await server.stop()
    }

    // MARK: - The parts alone

    func testRequestTargetsToSegments() {
        XCTAssertEqual(SiteFiles.segments(of: "/"), ["index.html"])
        XCTAssertEqual(SiteFiles.segments(of: "/o1/"), ["o1", "index.html"])
        XCTAssertEqual(SiteFiles.segments(of: "/o1/a%20b.html?q=1#x"), ["o1", "a b.html"])
        for bad in ["", "*", "http://h/x", "/a//b", "/..", "/a/../b", "/%2e%2e/b", "/a%2Fb", "/a%5Cb", "/%00", "/%zz", "/.hidden"] {
            XCTAssertNil(SiteFiles.segments(of: bad), bad)
        }
    }

    func testScriptGoesBeforeTheLastClosingBodyAndTextIsEscaped() {
        let html = Data("<html><body><p>x</p></BODY>\n</html>".utf8)
        let out = String(decoding: LiveReload.inject(into: html, build: 7, error: "<script>alert('x') & \"y\"</script>"), as: UTF8.self)
        XCTAssertTrue(out.hasPrefix("<html><body><p>x</p><div id=\"gen-serve-error\""), out)
        XCTAssertTrue(out.hasSuffix("</script></BODY>\n</html>"), out)
        XCTAssertTrue(out.contains("&lt;script&gt;alert(&#39;x&#39;) &amp; &quot;y&quot;&lt;/script&gt;"), out)
        XCTAssertFalse(out.contains("<script>alert"))
        XCTAssertTrue(out.contains("event.data !== \"7\""))
        let bare = String(decoding: LiveReload.inject(into: Data("plain".utf8), build: 1, error: nil), as: UTF8.self)
        XCTAssertTrue(bare.hasPrefix("plain<script>"))
        XCTAssertEqual(SiteFiles.contentType(of: "a.HTML"), "text/html; charset=utf-8")
        XCTAssertEqual(SiteFiles.contentType(of: "LICENSE"), "application/octet-stream")
    }
}
