import GenBuild
import GenModel
@testable import GenResolve
import XCTest

final class HostileInputTests: XCTestCase {
    func testSanitizedSegments() {
        XCTAssertEqual(PathSegment.sanitize("org_123"), "org_123")
        for id in ["../../x", "a/b", "..", ".", "", "a\u{0}b", "C:\\evil", String(repeating: "x", count: 500), "\u{202E}gnp.exe", "-rf"] {
            let s = PathSegment.sanitize(id)
            XCTAssertTrue(PathSegment.isSafe(s), "\(id.debugDescription) → \(s)")
            XCTAssertFalse(s.contains("/") || s.contains("..") || s.hasPrefix("."), s)
            XCTAssertLessThanOrEqual(s.utf8.count, PathSegment.maxLength)
        }
        // Two ids that clean to the same text keep apart through the hash suffix.
        XCTAssertNotEqual(PathSegment.sanitize("a/b"), PathSegment.sanitize("a?b"))
        // Stable across calls (and machines: SHA-256).
        XCTAssertEqual(PathSegment.sanitize("a/b"), PathSegment.sanitize("a/b"))
    }

    /// `isSafe` reads bytes; it answers as the rule reads in characters: ASCII letters, digits, `-`, `_`, `.`, not
    /// starting with `.` or `-`, at most `maxLength` bytes.
    func testIsSafeFollowsTheRuleForAnyText() {
        func reference(_ s: String) -> Bool {
            guard let first = s.unicodeScalars.first, s.utf8.count <= PathSegment.maxLength, first != ".", first != "-" else { return false }
            return s.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0))
            }
        }
        let pieces = ["a", "Z", "9", "-", "_", ".", "é", "e\u{301}", "ß", "Ａ", "/", " ", "\u{0}", "😀", "١"]
        var random = SystemRandomNumberGenerator()
        var texts = ["", "-a", ".a", "a-", "a.", String(repeating: "a", count: 64), String(repeating: "a", count: 65), "café"]
        for _ in 0..<2_000 {
            texts.append((0..<Int.random(in: 1...5, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined())
        }
        for text in texts { XCTAssertEqual(PathSegment.isSafe(text), reference(text), text.debugDescription) }
    }

    func testAllocatorKeepsCollidingIdsApart() {
        let long = String(repeating: "y", count: 200)
        let ids = ["Org", "org", "a-b", "a/b", long, long + "z", "index.html"]
        let alloc = PathAllocator(texts: ids, reserved: ["index.html"])
        let segments = ids.map { alloc[text: $0] }
        XCTAssertEqual(Set(segments.map { $0.lowercased() }).count, ids.count, "\(segments)")
        XCTAssertNotEqual(alloc["index.html"], "index.html")
    }

    /// Without a collision every id keeps its sanitized form (the allocator then skips sorting); with one,
    /// the id first in sorted order keeps it, whatever order the ids came in. Checked against the sorted
    /// allocation on random ids that often collide.
    func testAllocationDoesNotDependOnTheOrderOfTheIds() {
        XCTAssertEqual(PathAllocator(ids: ["org", "Org"])["Org"], "Org")
        XCTAssertEqual(PathAllocator(ids: ["org", "Org"])["org"], "org-2")
        XCTAssertEqual(PathAllocator(ids: ["b", "a/b", "C"]).segments, ["b": "b", "a/b": PathSegment.sanitize("a/b"), "C": "C"])
        func sortedAllocation(_ ids: [String], reserved: Set<String>) -> [DocumentID: String] {
            var taken = Set(reserved.map { $0.lowercased() })
            var out: [DocumentID: String] = [:]
            for id in Set(ids.map { DocumentID($0) }).sorted() {
                let base = PathSegment.sanitize(id.text)
                var candidate = base
                var n = 2
                while taken.contains(candidate.lowercased()) {
                    candidate = "\(base.prefix(PathSegment.maxLength - 4))-\(n)"
                    n += 1
                }
                taken.insert(candidate.lowercased())
                out[id] = candidate
            }
            return out
        }
        let pieces = ["a", "A", "b", "B", "-2", "index.html", "x"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let ids = (0..<Int.random(in: 0...6, using: &generator)).map { _ in
                (0..<Int.random(in: 1...2, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            }
            XCTAssertEqual(
                PathAllocator(texts: ids.shuffled(), reserved: ["index.html"]).segments,
                sortedAllocation(ids, reserved: ["index.html"]), "\(ids)")
        }
    }

    func testHostileIdsStayInsideTheOutputWithDistinctFiles() async throws {
        let site = try TestSite()
        defer { site.remove() }
        let orgs = ["../../x", "a/b", "a-b", "A-B", String(repeating: "o", count: 300), "..", "index.html", "assets"]
        var docs: [[String: Any]] = []
        for (i, org) in orgs.enumerated() {
            docs.append(Doc.user("../u\(i)/..", org: org, first: "Org\(i)", last: "Person"))
        }
        try site.writeCollection("users", docs)
        try site.writeCollection(
            "dailyJobReports",
            orgs.enumerated().map { i, org in
                Doc.report("../../../etc/passwd\(i)", org: org, user: "../u\(i)/..", extra: ["schools_visited": []])
            })
        try await site.build()
        // Nothing escaped: the temp root holds only Content, Output, its lock and the cache beside it.
        let top = try FileManager.default.contentsOfDirectory(atPath: site.root.path).sorted()
        XCTAssertEqual(top, [".Output.lock", ".gen-cache", "Content", "Output"])
        let cache = try FileManager.default.contentsOfDirectory(atPath: site.root.appendingPathComponent(".gen-cache").path).sorted()
        XCTAssertEqual(cache, ["build"], "only the build manifest (no images here)")
        // The manifest, its stamp and lock are named by a hash of the output path, never by a document id.
        let build = try FileManager.default.contentsOfDirectory(atPath: site.root.appendingPathComponent(".gen-cache/build").path)
        XCTAssertTrue(
            build.allSatisfy { $0 == "gen-hash" || $0.range(of: #"^[0-9a-f]{24}\.(manifest|stamp|lock)$"#, options: .regularExpression) != nil },
            "\(build)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: site.root.appendingPathComponent("x").path))
        // One distinct folder per organization, each with its own home page and mileage data.
        let folders = try FileManager.default.contentsOfDirectory(atPath: site.output.path).filter {
            !["assets", "index.html", ".gitkeep", ".gen-output"].contains($0)
        }
        XCTAssertEqual(folders.count, orgs.count, "\(folders)")
        XCTAssertEqual(Set(folders.map { $0.lowercased() }).count, orgs.count)
        for folder in folders {
            XCTAssertTrue(PathSegment.isSafe(folder), folder)
            XCTAssertTrue(FileManager.default.fileExists(atPath: site.output.appendingPathComponent("\(folder)/index.html").path))
            let json = try site.text("\(folder)/data/mileage.json")
            XCTAssertTrue(json.contains("etc/passwd"), "the id is data inside the file, not a path")
        }
        XCTAssertEqual(try site.text("index.html").components(separatedBy: "class=\"org-link\"").count - 1, orgs.count)
    }

    func testHostileTextIsEscapedEverywhere() async throws {
        let site = try TestSite()
        defer { site.remove() }
        let script = "<script>alert(1)</script>"
        let img = "\"><img src=x onerror=alert(2)>"
        let js = "javascript:alert(3)"
        try site.write("site.yml", "title: \"\(script.replacingOccurrences(of: "\"", with: "\\\""))\"\norganizations:\n  o1: '\(img)'\n")
        try site.writeCollection("users", [Doc.user("u1", org: "o1", first: script, last: img)])
        try site.writeCollection("schools", [Doc.school("s1", org: "o1", name: "\(img) School")])
        try site.writeCollection(
            "dailyJobReports",
            [
                Doc.report(
                    "r<b>1</b>", org: "o1", user: "u1",
                    extra: [
                        "schools_visited": ["\(img) School", "\(script) Unknown"], "mileage": "\(img)"
                    ])
            ])
        try site.write(
            "pages/evil.md",
            "---\ntitle: \"\(script.replacingOccurrences(of: "\"", with: "\\\""))\"\n---\n"
                + "<script>alert(4)</script>\n\n[click](\(js)) <img src=x onerror=alert(5)> [ok](https://example.com)\n")
        try await site.build()
        let all = TestSite.files(under: site.output).filter { $0.hasSuffix(".html") }
        XCTAssertGreaterThan(all.count, 4)
        for file in all {
            // The site's own script is the one script tag a page may hold.
            let html = try site.text(file).replacingOccurrences(
                of: #"<script src="(\.\./)*assets/(site|search)\.js"></script>"#, with: "", options: .regularExpression)
            XCTAssertFalse(html.contains("<script"), "\(file) contains a raw script tag")
            XCTAssertFalse(html.contains("<img"), "\(file) contains a raw img tag")
            XCTAssertNil(html.range(of: #"<[^>]*\sonerror="#, options: .regularExpression), "\(file) has an event handler in a tag")
            XCTAssertFalse(html.lowercased().contains("href=\"javascript:"), "\(file) contains a javascript: link")
            XCTAssertFalse(html.contains("<b>1</b>"), file)
        }
        let home = try site.text("\(PathSegment.sanitize("o1"))/index.html")
        XCTAssertTrue(home.contains("&quot;&gt;&lt;img src=x onerror=alert(2)&gt;"), "organization name is escaped, not dropped")
        // The search index holds the typed text as JSON, whose slashes are escaped: no markup can end its script.
        let index = TestSite.files(under: site.output).filter { $0.hasSuffix(".js") && $0.contains("/search/") }
        XCTAssertFalse(index.isEmpty)
        for file in index { XCTAssertFalse(try site.text(file).contains("</"), file) }
        let page = try site.text("o1/pages/evil.html")
        // The printed page's running head is a CSS string that cannot end its style element or string.
        XCTAssertTrue(page.contains(#"content: "\"\3e \3c img src=x onerror=alert(2)\3e  · \3c script\3e alert(1)\3c /script\3e ";"#), page)
        XCTAssertTrue(page.contains("<!-- raw HTML omitted -->"))
        XCTAssertTrue(page.contains("href=\"https://example.com\""))
        let mileage = try site.text("o1/mileage/u1.html")
        XCTAssertTrue(mileage.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    }
}
