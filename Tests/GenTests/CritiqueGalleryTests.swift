import Foundation
import GenBuild
import GenMedia
import GenModel
@testable import GenPlan
@testable import GenSupport
import XCTest

/// Critique galleries and detail pages, built end to end from a temp content folder.
final class CritiqueGalleryTests: XCTestCase {
    static let org = "orgG"

    static func fixture(_ name: String) -> URL {
        Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.appendingPathComponent("gallery/\(name)")
    }

    /// A Firebase Storage download URL for `critiques/<id>/<n>.jpg`.
    static func storageURL(_ path: String) -> String {
        "https://firebasestorage.googleapis.com/v0/b/lumen-prod.appspot.com/o/"
            + path.replacingOccurrences(of: "/", with: "%2F") + "?alt=media&token=abc-123"
    }

    static func critique(
        _ id: String, target: String = "u1", type: String? = "example", seconds: Int, notes: String = "Notes",
        images: [String] = ["https://example.com/a.jpg"], status: String = "published",
        extra: [String: Any] = [:]
    ) -> [String: Any] {
        var d: [String: Any] = [
            "id": id, "organizationId": org, "targetPhotographerId": target, "targetPhotographerName": "Jane Doe",
            "submitterName": "Morgan Lee", "submitterEmail": "morgan@example.com", "managerNotes": notes,
            "status": status, "imageUrls": images, "imageCount": images.count,
            "createdAt": ["_seconds": seconds, "_nanoseconds": 0]
        ]
        if let type { d["exampleType"] = type }
        d.merge(extra) { _, new in new }
        return d
    }

    func makeSite(pageSize: Int = 24, critiques: [[String: Any]], users: [[String: Any]]? = nil) throws -> TestSite {
        let site = try TestSite()
        try site.write("site.yml", "timeZone: America/Chicago\ngallery:\n  pageSize: \(pageSize)\n")
        try site.writeCollection(
            "users",
            users ?? [
                Doc.user("u1", org: Self.org, first: "Jane", last: "Doe"),
                Doc.user("u2", org: Self.org, first: "Sam", last: "Empty")
            ])
        try site.writeCollection("photoCritiques", critiques)
        return site
    }

    func testFiltersSortingAndPagesArePreRendered() async throws {
        // 4 good, 2 improvement, 1 of an unknown type; c1 oldest … c7 newest.
        let types = ["example", "improvement", "example", "example", "improvement", "example", "praise"]
        let docs = types.enumerated().map { i, t in Self.critique("c\(i + 1)", type: t, seconds: 1_725_390_000 + i * 86_400, notes: "NOTE\(i + 1)") }
        let site = try makeSite(pageSize: 3, critiques: docs)
        defer { site.remove() }
        let report = try await site.build()
        let base = "\(Self.org)/critiques"

        // Every filter × sort, split into pages of three, the last page what is left over: both orders of a
        // filter have the same pages.
        let expected = [
            "index.html", "all-newest-2.html", "all-newest-3.html", "all-oldest.html", "all-oldest-2.html", "all-oldest-3.html",
            "good-newest.html", "good-newest-2.html", "good-oldest.html", "good-oldest-2.html",
            "improvement-newest.html", "improvement-oldest.html"
        ]
        let files = TestSite.files(under: site.output.appendingPathComponent(base)).filter { !$0.contains("/") }
        XCTAssertEqual(Set(files), Set(expected))

        let first = try site.text("\(base)/index.html")
        XCTAssertEqual(Self.notes(in: first), ["NOTE7", "NOTE6", "NOTE5"], "newest first by default")
        XCTAssertEqual(Self.notes(in: try site.text("\(base)/all-newest-2.html")), ["NOTE4", "NOTE3", "NOTE2"])
        XCTAssertEqual(Self.notes(in: try site.text("\(base)/all-newest-3.html")), ["NOTE1"])
        XCTAssertEqual(Self.notes(in: try site.text("\(base)/all-oldest.html")), ["NOTE1", "NOTE2", "NOTE3"])
        XCTAssertEqual(Self.notes(in: try site.text("\(base)/all-oldest-3.html")), ["NOTE7"])
        XCTAssertEqual(Self.notes(in: try site.text("\(base)/good-newest.html")), ["NOTE6", "NOTE4", "NOTE3"])
        XCTAssertEqual(Self.notes(in: try site.text("\(base)/good-oldest-2.html")), ["NOTE6"])
        XCTAssertEqual(Self.notes(in: try site.text("\(base)/improvement-oldest.html")), ["NOTE2", "NOTE5"])

        // Statistics cards count the whole gallery, whatever the filter, on the first page of each filter
        // and order; every page says which cards it shows of how many, and its page number.
        for page in ["index.html", "good-newest.html", "improvement-oldest.html"] {
            let html = try site.text("\(base)/\(page)")
            XCTAssertEqual(Self.stats(in: html), ["Total Submissions": "7", "Good Examples": "4", "Needs Improvement": "2"], page)
        }
        for page in ["good-oldest-2.html", "all-oldest-3.html", "all-newest-2.html"] {
            let html = try site.text("\(base)/\(page)")
            XCTAssertEqual(Self.stats(in: html), [:], page)
            XCTAssertFalse(html.contains("stat-card"), page)
        }
        XCTAssertTrue(first.contains("Showing 1–3 of 7 · page 1 of 3 · All Examples · Newest First"))
        XCTAssertTrue(try site.text("\(base)/all-oldest-3.html").contains("Showing 7 of 7 · page 3 of 3 · All Examples · Oldest First"))
        XCTAssertTrue(try site.text("\(base)/all-newest-2.html").contains("Showing 4–6 of 7 · page 2 of 3 · All Examples · Newest First"))
        XCTAssertTrue(try site.text("\(base)/improvement-oldest.html").contains("Showing 1–2 of 2 · Needs Improvement · Oldest First"))
        // The current filter, sort and page are marked for screen readers.
        let good2 = try site.text("\(base)/good-oldest-2.html")
        XCTAssertTrue(good2.contains(#"<a href="good-oldest.html" aria-current="true">Good Examples</a>"#))
        XCTAssertTrue(good2.contains(#"<a href="good-oldest.html" aria-current="true">Oldest First</a>"#))
        XCTAssertTrue(good2.contains(#"<a href="all-oldest.html">All Examples</a>"#))
        XCTAssertTrue(good2.contains(#"<a href="good-newest.html">Newest First</a>"#))
        XCTAssertTrue(good2.contains(#"aria-current="page"><span class="visually-hidden">Page </span>2</a>"#))
        XCTAssertTrue(good2.contains(#"href="good-oldest.html" rel="prev""#))
        XCTAssertTrue(good2.contains("Showing 4 of 4 · page 2 of 2 · Good Examples · Oldest First"))
        // Grid and list are both on every page (a CSS switch), grid checked.
        XCTAssertTrue(first.contains(#"id="layout-grid" value="grid" checked"#))
        XCTAssertTrue(first.contains(#"id="layout-list" value="list">"#))

        // The unknown type gets a neutral badge and a warning naming the document and field.
        XCTAssertTrue(first.contains(#"badge badge-neutral"#) && first.contains("Other (praise)"))
        XCTAssertTrue(report.warnings.contains { $0.documentID == "c7" && $0.field == "exampleType" && $0.message.contains("praise") })
    }

    /// Pages hold `size` cards each but the last, in order, every card once, in either order.
    func testPagesHoldAFixedNumberOfCards() {
        for size in 1...5 {
            for count in 0...40 {
                let ranges = GalleryPages.pageRanges(count, size: size)
                XCTAssertEqual(ranges.flatMap { Array($0) }, Array(0..<count), "\(count) by \(size)")
                XCTAssertEqual(ranges.count, max(1, (count + size - 1) / size), "\(count) by \(size)")
                for range in ranges.dropLast() { XCTAssertEqual(range.count, size, "\(count) by \(size)") }
            }
        }
    }

    /// A new critique: newest first, every page shifts by one card and keeps its size; both orders keep the
    /// same number of pages; every page counts the new total.
    func testANewCritiqueKeepsEveryPageFull() async throws {
        let types = ["example", "improvement", "example", "example", "improvement", "example", "example"]
        var docs = types.enumerated().map { i, t in Self.critique("c\(i + 1)", type: t, seconds: 1_725_390_000 + i * 86_400, notes: "NOTE\(i + 1)") }
        let site = try makeSite(pageSize: 3, critiques: docs)
        defer { site.remove() }
        try await site.build()
        docs.append(Self.critique("c8", type: "improvement", seconds: 1_725_390_000 + 7 * 86_400, notes: "NOTE8"))
        try site.writeCollection("photoCritiques", docs)
        try await site.build()
        func text(_ page: String) throws -> String { try site.text("\(Self.org)/critiques/\(page)") }
        XCTAssertEqual(Self.notes(in: try text("index.html")), ["NOTE8", "NOTE7", "NOTE6"])
        XCTAssertEqual(Self.notes(in: try text("all-newest-2.html")), ["NOTE5", "NOTE4", "NOTE3"])
        XCTAssertEqual(Self.notes(in: try text("all-newest-3.html")), ["NOTE2", "NOTE1"])
        XCTAssertEqual(Self.notes(in: try text("all-oldest-3.html")), ["NOTE7", "NOTE8"])
        XCTAssertTrue(try text("all-oldest-2.html").contains("Showing 4–6 of 8 · page 2 of 3"))
        XCTAssertEqual(Self.stats(in: try text("good-newest.html"))["Total Submissions"], "8")
    }

    /// A card is rendered once and shown on every page that lists it: the same bytes on each; the
    /// photographers' list the same on the first page of each filter and order of the organization's
    /// gallery, and linked from the later pages.
    func testACardIsTheSameOnEveryPageThatListsIt() async throws {
        let types = ["example", "improvement", "example", "example"]
        let docs = types.enumerated().map { i, t in Self.critique("c\(i + 1)", type: t, seconds: 1_725_390_000 + i * 86_400, notes: "NOTE\(i + 1)") }
        let site = try makeSite(pageSize: 2, critiques: docs)
        defer { site.remove() }
        try await site.build()
        let base = "\(Self.org)/critiques"
        func card(_ note: String, in page: String) throws -> String? {
            let html = try site.text("\(base)/\(page)")
            let cards = html.components(separatedBy: #"<li class="critique-card">"#).dropFirst()
            return cards.first { $0.contains(note) }.map { $0.components(separatedBy: "</li>")[0] }
        }
        // c1 (good, oldest) is on the second newest-first page, the first oldest-first page and both "good" orders.
        let shown = try ["all-newest-2.html", "all-oldest.html", "good-newest-2.html", "good-oldest.html"].map { try card("NOTE1", in: $0) }
        XCTAssertNotNil(shown[0])
        XCTAssertEqual(Set(shown.map { $0 ?? "missing" }).count, 1, "the same card bytes on every page: \(shown)")
        XCTAssertTrue(shown[0]!.contains("card-notes") && shown[0]!.contains("critiques/photo/c1.html"), "the card links to its detail page")
        XCTAssertNil(try card("NOTE1", in: "improvement-newest.html"))
        let lists = try ["index.html", "all-oldest.html", "improvement-oldest.html"].map { page -> String in
            let html = try site.text("\(base)/\(page)")
            let start = try XCTUnwrap(html.range(of: #"<section aria-labelledby="photographers-h">"#))
            return html[start.lowerBound...].components(separatedBy: "</section>")[0]
        }
        XCTAssertEqual(Set(lists).count, 1)
        XCTAssertTrue(lists[0].contains("Jane Doe") && lists[0].contains("4 critiques"), lists[0])
        // A later page links to its variant's first page for the list instead of repeating it.
        for (page, first) in [("all-newest-2.html", "index.html"), ("all-oldest-2.html", "all-oldest.html")] {
            let html = try site.text("\(base)/\(page)")
            XCTAssertFalse(html.contains("photographer-list"), page)
            XCTAssertTrue(html.contains(#"<a href="\#(first)#photographers-h">Galleries by photographer</a>"#), page)
        }
    }

    func testPhotographerGalleriesAndTheEmptyState() async throws {
        let docs = [
            Self.critique("c1", seconds: 1_725_390_000),
            Self.critique("c2", target: "ghost", seconds: 1_725_400_000, extra: ["targetPhotographerName": "Gus Ghost"])
        ]
        let site = try makeSite(critiques: docs)
        defer { site.remove() }
        try await site.build()
        let base = "\(Self.org)/critiques/photographer"
        // Every photographer user, and every critique target (even one that is not a user).
        let galleries = Set(try FileManager.default.contentsOfDirectory(atPath: site.output.appendingPathComponent(base).path))
        XCTAssertEqual(galleries, ["u1", "u2", "ghost"])
        let jane = try site.text("\(base)/u1/index.html")
        XCTAssertTrue(jane.contains("<title>Training Photos: Jane Doe"))
        XCTAssertEqual(Self.stats(in: jane)["Total Submissions"], "1")
        let empty = try site.text("\(base)/u2/index.html")
        XCTAssertTrue(empty.contains("No Training Photos Yet"))
        XCTAssertTrue(empty.contains("Your training examples will appear here when managers submit them."))
        XCTAssertEqual(Self.stats(in: empty), ["Total Submissions": "0", "Good Examples": "0", "Needs Improvement": "0"])
        XCTAssertTrue(try site.text("\(base)/ghost/index.html").contains("Gus Ghost"))
        // The organization-wide gallery lists the photographer galleries.
        let all = try site.text("\(Self.org)/critiques/index.html")
        XCTAssertTrue(all.contains(#"href="photographer/u2/index.html">Sam Empty</a>"#))

        // An organization with no critiques at all still gets a gallery, with the empty state.
        let bare = try makeSite(critiques: [])
        defer { bare.remove() }
        try await bare.build()
        XCTAssertTrue(try bare.text("\(Self.org)/critiques/index.html").contains("No Training Photos Yet"))
    }

    func testDraftsAppearNowhereAndAreCounted() async throws {
        let docs = [
            Self.critique("c1", seconds: 1_725_390_000, notes: "PUBLISHEDMARK"),
            Self.critique("DRAFTID", seconds: 1_725_400_000, notes: "DRAFTMARK", status: "draft"),
            Self.critique("ARCHIVEDID", seconds: 1_725_410_000, notes: "ARCHIVEDMARK", status: "archived")
        ]
        let site = try makeSite(critiques: docs)
        defer { site.remove() }
        let report = try await site.build()
        let everything = TestSite.allText(under: site.output)
        XCTAssertTrue(everything.contains("PUBLISHEDMARK"))
        XCTAssertFalse(everything.contains("DRAFTMARK"))
        XCTAssertFalse(everything.contains("ARCHIVEDMARK"))
        XCTAssertFalse(everything.contains("DRAFTID") || everything.contains("ARCHIVEDID"), "unpublished ids must not reach the output")
        XCTAssertEqual(report.unpublishedCritiques, ["draft": 1, "archived": 1])
        XCTAssertTrue(report.summary(outputPath: "Output").contains("not shown: critiques not published (1 archived, 1 draft)"))
    }

    func testDetailPageWithSeveralLocalImages() async throws {
        let paths = ["critiques/c1/1.jpg", "critiques/c1/2.jpg", "critiques/c1/3.jpg"]
        let docs = [
            Self.critique(
                "c1", seconds: 1_725_390_000, notes: "First paragraph.\n\nSecond *paragraph*.",
                images: paths.map(Self.storageURL))
        ]
        let site = try makeSite(critiques: docs)
        defer { site.remove() }
        try site.copyMedia(Self.fixture("photo.jpg"), to: paths[0])
        try site.copyMedia(Self.fixture("portrait.jpg"), to: paths[1])
        let third = site.content.appendingPathComponent("media/\(paths[2])")
        XCTAssertTrue(SampleImage.write(to: third, width: 640, height: 400, seed: 3))
        let report = try await site.build()
        XCTAssertEqual(report.images.sources, 3)
        XCTAssertEqual(report.images.processed, 3)

        let html = try site.text("\(Self.org)/critiques/photo/c1.html")
        XCTAssertTrue(html.contains("<h1>Training Photo for Jane Doe</h1>"))
        XCTAssertTrue(html.contains("Good Example"))
        for n in 1...3 { XCTAssertTrue(html.contains(">\(n) of 3<"), "position \(n)") }
        XCTAssertTrue(html.contains(##"href="#photo-2" data-step="next""##))
        XCTAssertEqual(html.components(separatedBy: #"aria-label="Show photo "#).count - 1, 3, "a strip of three thumbnails")
        // 1_725_390_000 is 19:00 UTC, 2:00 PM in Chicago (CDT).
        XCTAssertTrue(html.contains(">Sep 3, 2024, 2:00 PM</time>"))
        XCTAssertTrue(html.contains("Morgan Lee"))
        XCTAssertTrue(html.contains(">First paragraph.\n\nSecond *paragraph*.</p>"), "the notes as typed, not as Markdown")
        XCTAssertTrue(html.contains(#"<source type="image/webp" srcset="../../media/"#))
        XCTAssertTrue(html.contains(#"loading="lazy""#))

        // Every referenced rendition exists in the tree, and the card shows the first thumbnail with a photo count.
        let orgRoot = site.output.appendingPathComponent(Self.org)
        for src in OrganizationIsolationTests.links(in: html) where src.hasPrefix("../../media/") {
            XCTAssertTrue(FileManager.default.fileExists(atPath: orgRoot.appendingPathComponent(String(src.dropFirst(6))).path), src)
        }
        let gallery = try site.text("\(Self.org)/critiques/index.html")
        XCTAssertTrue(gallery.contains("3 photos"))
        XCTAssertTrue(gallery.contains(#"srcset="../media/"#) && gallery.contains(#"-thumbnail-300x200.webp"#))
    }

    func testManifestSchemaAndRenditionsReadBack() async throws {
        let docs = [
            Self.critique("c1", seconds: 1_725_390_000, images: [Self.storageURL("critiques/c1/1.jpg"), Self.storageURL("critiques/c1/broken.jpg")]),
            Self.critique("c2", seconds: 1_725_400_000, images: ["https://images.example.com/remote/only.jpg"])
        ]
        let site = try makeSite(critiques: docs)
        defer { site.remove() }
        try site.copyMedia(Self.fixture("photo.jpg"), to: "critiques/c1/1.jpg")
        try site.write("media/critiques/c1/broken.jpg", "")  // zero bytes
        let report = try await site.build()

        let url = site.output.appendingPathComponent("\(Self.org)/manifests/thumbnails.json")
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
        XCTAssertEqual(manifest["organizationId"] as? String, Self.org)
        let images = manifest["images"] as! [[String: Any]]
        XCTAssertEqual(images.map { "\($0["critiqueId"]!)#\($0["index"]!)" }, ["c1#0", "c1#1", "c2#0"])
        let keys: Set<String> = ["critiqueId", "index", "source", "local", "sha256", "width", "height", "renditions", "error"]
        for entry in images { XCTAssertEqual(Set(entry.keys), keys) }

        let good = images[0]
        XCTAssertEqual(good["local"] as? String, "critiques/c1/1.jpg")
        XCTAssertEqual((good["sha256"] as? String)?.count, 64)
        XCTAssertEqual(good["width"] as? Int, 480)
        XCTAssertEqual(good["height"] as? Int, 320)
        XCTAssert(good["error"] is NSNull)
        let renditions = good["renditions"] as! [[String: Any]]
        XCTAssertEqual(
            Set(renditions.map { "\($0["role"]!)/\($0["format"]!)" }),
            ["thumbnail/webp", "thumbnail/jpeg", "display/webp", "display/jpeg"])
        for r in renditions {
            let file = site.output.appendingPathComponent("\(Self.org)/\(r["path"] as! String)")
            let probe = try XCTUnwrap(ImageProbe.read(file), "\(file.path) reads back with libvips")
            XCTAssertEqual(probe.width, r["width"] as? Int)
            XCTAssertEqual(probe.height, r["height"] as? Int)
            XCTAssertEqual(probe.format, r["format"] as? String)
            XCTAssertEqual(try Data(contentsOf: file).count, r["bytes"] as? Int)
            if r["role"] as? String == "thumbnail" {
                XCTAssertEqual([probe.width, probe.height], [300, 200])
            } else {
                XCTAssertEqual([probe.width, probe.height], [480, 320], "a small source is not enlarged")
            }
        }

        // The broken file: an error entry, "Image unavailable" on the page, a warning naming critique and field.
        let broken = images[1]
        XCTAssertEqual(broken["local"] as? String, "critiques/c1/broken.jpg")
        XCTAssertNotNil(broken["error"] as? String)
        XCTAssertEqual((broken["renditions"] as? [Any])?.count, 0)
        XCTAssertTrue(
            report.warnings.contains { $0.documentID == "c1" && $0.field == "imageUrls[1]" && $0.message.contains("media/critiques/c1/broken.jpg") })
        let detail = try site.text("\(Self.org)/critiques/photo/c1.html")
        XCTAssertTrue(detail.contains("Image unavailable"))

        // No local file: the document's own URL, and nulls in the manifest.
        let remote = images[2]
        XCTAssert(remote["local"] is NSNull && remote["sha256"] is NSNull && remote["error"] is NSNull)
        XCTAssertEqual(remote["source"] as? String, "https://images.example.com/remote/only.jpg")
        XCTAssertTrue(try site.text("\(Self.org)/critiques/photo/c2.html").contains(#"src="https://images.example.com/remote/only.jpg""#))
        XCTAssertEqual(report.images.failed, 1)
        XCTAssertEqual(report.images.remote, 1)
    }

    func testSecondBuildReusesTheCacheAndAChangedSourceIsRedone() async throws {
        let docs = [
            Self.critique("c1", seconds: 1_725_390_000, images: [Self.storageURL("critiques/c1/1.jpg")]),
            Self.critique("c2", seconds: 1_725_400_000, images: ["critiques/c2/1.jpg"])
        ]
        let site = try makeSite(critiques: docs)
        defer { site.remove() }
        try site.copyMedia(Self.fixture("photo.jpg"), to: "critiques/c1/1.jpg")
        try site.copyMedia(Self.fixture("portrait.jpg"), to: "critiques/c2/1.jpg")
        let first = try await site.build()
        XCTAssertEqual([first.images.processed, first.images.reused], [2, 0])
        let manifestBefore = try site.text("\(Self.org)/manifests/thumbnails.json")

        let second = try await site.build()
        XCTAssertEqual([second.images.processed, second.images.reused], [0, 2], "a second build processes nothing")
        XCTAssertEqual(try site.text("\(Self.org)/manifests/thumbnails.json"), manifestBefore)

        // A changed source gets new renditions; the old ones are gone from the output.
        try site.copyMedia(Self.fixture("portrait.jpg"), to: "critiques/c1/1.jpg")
        let third = try await site.build()
        XCTAssertEqual([third.images.processed, third.images.reused], [0, 2], "same bytes as c2's source: already cached")
        let manifestAfter = try site.text("\(Self.org)/manifests/thumbnails.json")
        XCTAssertNotEqual(manifestAfter, manifestBefore)
        XCTAssertTrue(try site.text("\(Self.org)/critiques/photo/c1.html").contains("-display-320x480.webp"))
        try Data("not the same photo any more".utf8).write(to: site.content.appendingPathComponent("media/critiques/c2/1.jpg"))
        let fourth = try await site.build()
        XCTAssertEqual(fourth.images.processed, 1)
        XCTAssertTrue(try site.text("\(Self.org)/critiques/photo/c2.html").contains("Image unavailable"))
    }

    func testHostileNotesNamesAndURLsAreEscaped() async throws {
        let hostile = "<script>alert('x')</script><img src=x onerror=alert(1)>"
        let docs = [
            Self.critique(
                "c1", seconds: 1_725_390_000,
                notes: "Look [here](javascript:alert(1)) and <b onclick=alert(2)>bold</b> \(hostile)",
                images: ["javascript:alert(3)", "data:text/html,<script>alert(4)</script>"],
                extra: [
                    "submitterName": hostile, "targetPhotographerName": "\"><svg onload=alert(5)>",
                    "targetPhotographerId": "../../etc/passwd", "submitterEmail": "\"><script>x</script>@e.com"
                ])
        ]
        let site = try makeSite(critiques: docs)
        defer { site.remove() }
        try await site.build()
        let orgRoot = site.output.appendingPathComponent(Self.org)
        let tree = TestSite.files(under: orgRoot).filter { $0.hasSuffix(".html") }
            .map { String(decoding: (try? Data(contentsOf: orgRoot.appendingPathComponent($0))) ?? Data(), as: UTF8.self) }
            .joined(separator: "\n")
        XCTAssertFalse(tree.contains("<script>alert"))
        XCTAssertFalse(tree.contains("<img src=x"))
        XCTAssertFalse(tree.contains("onerror=alert(1)>"))
        XCTAssertFalse(tree.contains("<svg onload"))
        XCTAssertNil(
            tree.range(of: #"(href|src|srcset)="\s*javascript:"#, options: .regularExpression), "no javascript: URL reaches any link or image")
        XCTAssertTrue(tree.contains("Look [here](javascript:alert(1))"), "the note is shown as typed")
        XCTAssertFalse(tree.contains("<b onclick"))
        XCTAssertTrue(tree.contains("&lt;script&gt;alert"))
        // The hostile id became a safe folder name inside the tree.
        let folders = try FileManager.default.contentsOfDirectory(
            atPath: site.output.appendingPathComponent("\(Self.org)/critiques/photographer").path)
        XCTAssertTrue(folders.allSatisfy { !$0.contains("/") && !$0.hasPrefix(".") }, "\(folders)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: site.root.appendingPathComponent("etc").path))
        let detail = try site.text("\(Self.org)/critiques/photo/c1.html")
        XCTAssertGreaterThanOrEqual(detail.components(separatedBy: "Image unavailable").count - 1, 2, "unsafe URLs are shown as unavailable")
        // The manifest keeps the document's URLs as data, JSON-encoded.
        let manifest =
            try JSONSerialization.jsonObject(with: Data(contentsOf: orgRoot.appendingPathComponent("manifests/thumbnails.json"))) as! [String: Any]
        let sources = (manifest["images"] as! [[String: Any]]).map { $0["source"] as! String }
        XCTAssertEqual(sources, ["javascript:alert(3)", "data:text/html,<script>alert(4)</script>"])
    }

    func testOlderSingleImageCritiqueUsesItsOwnURLs() async throws {
        var doc = Self.critique("c1", seconds: 1_725_390_000, images: [])
        doc["imageUrls"] = nil
        doc["imageCount"] = nil
        doc["imageUrl"] = "https://cdn.example.com/full/one.jpg"
        doc["thumbnailUrl"] = "https://cdn.example.com/thumb/one.jpg"
        let site = try makeSite(critiques: [doc])
        defer { site.remove() }
        try await site.build()
        let gallery = try site.text("\(Self.org)/critiques/index.html")
        XCTAssertTrue(gallery.contains(#"src="https://cdn.example.com/thumb/one.jpg""#), "the card shows the app's thumbnail")
        XCTAssertFalse(gallery.contains("1 photos"))
        let detail = try site.text("\(Self.org)/critiques/photo/c1.html")
        XCTAssertTrue(detail.contains(#"src="https://cdn.example.com/full/one.jpg""#))
        XCTAssertTrue(detail.contains(">1 of 1<"))
    }

    /// The `managerNotes` previews of a gallery page's cards, in order.
    static func notes(in html: String) -> [String] {
        matches(#"<span class="card-notes">([^<]*)</span>"#, in: html).map { $0[0] }
    }

    static func stats(in html: String) -> [String: String] {
        Dictionary(
            uniqueKeysWithValues: matches(#"<span class="stat-value">([^<]*)</span> <span class="stat-label">([^<]*)</span>"#, in: html)
                .map { ($0[1], $0[0]) })
    }

    static func matches(_ pattern: String, in text: String) -> [[String]] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { m in
            (1..<m.numberOfRanges).map { String(text[Range(m.range(at: $0), in: text)!]) }
        }
    }
}

extension TestSite {
    /// Copies a file to `CONTENT/media/<path>`.
    func copyMedia(_ source: URL, to path: String) throws {
        let url = content.appendingPathComponent("media/\(path)")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.copyItem(at: source, to: url)
    }
}

/// A card's notes preview is read a Unicode scalar at a time; on text without combining marks it must give
/// what collapsing `Character` whitespace gave.
final class CritiquePreviewTests: XCTestCase {
    func testPreviewCollapsesWhitespaceAsBefore() {
        func byCharacters(_ notes: String, limit: Int) -> String? {
            let words = notes.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            guard !words.isEmpty else { return nil }
            return words.count <= limit ? words : String(words.prefix(limit)).trimmedBlanks + "…"
        }
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("ab c\t\n\r\u{A0}\u{2028}\u{3000}é😀🇺🇸.")
        for _ in 0..<10_000 {
            let text = String((0..<Int.random(in: 0...24, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            let limit = Int.random(in: 1...12, using: &generator)
            XCTAssertEqual(CritiqueCard.preview(text, limit: limit), byCharacters(text, limit: limit), "«\(text.debugDescription)» \(limit)")
        }
        XCTAssertNil(CritiqueCard.preview(" \n\t "))
        XCTAssertEqual(CritiqueCard.preview("  Great   light,\n\nwatch the\tbackground  "), "Great light, watch the background")
        XCTAssertEqual(
            CritiqueCard.preview(String(repeating: "🇺🇸", count: 5), limit: 5), String(repeating: "🇺🇸", count: 5),
            "five flags are five characters, though forty bytes")
    }
}
