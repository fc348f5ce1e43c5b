import Foundation
import GenBuild
import GenLoad
import GenMedia
import GenModel
import XCTest

/// gen reads only inside its content folder, and a content folder it cannot use never replaces a site.
final class ContentBoundaryTests: XCTestCase {
    /// A folder outside the content folder with a secret in a page, an export file and an image.
    private func outsideFolder(_ site: TestSite) throws -> URL {
        let outside = site.root.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside.appendingPathComponent("images"), withIntermediateDirectories: true)
        try Data("---\ntitle: Secret\n---\nouter-secret-page\n".utf8).write(to: outside.appendingPathComponent("secret.md"))
        let user = try JSONSerialization.data(withJSONObject: Doc.user("u-outside", org: "o1", first: "Outer", last: "Secret"))
        try user.write(to: outside.appendingPathComponent("users.ndjson"))
        try FileManager.default.copyItem(
            at: TestSite.repositoryContent.appendingPathComponent("media"),
            to: outside.appendingPathComponent("images/media"))
        return outside
    }

    func testLinksLeadingOutsideTheContentFolderAreNotFollowed() async throws {
        let site = try TestSite()
        defer { site.remove() }
        let outside = try outsideFolder(site)
        try site.writeCollection("users", [Doc.user("u1", org: "o1", first: "Ann", last: "Lee")])
        try site.writeCollection("dailyJobReports", [Doc.report("r1", org: "o1", user: "u1")])
        try site.write("pages/inside.md", "---\ntitle: Inside\n---\ninside-page\n")
        let fm = FileManager.default
        try fm.createSymbolicLink(
            atPath: site.content.appendingPathComponent("pages/secret.md").path,
            withDestinationPath: outside.appendingPathComponent("secret.md").path)
        try fm.createSymbolicLink(atPath: site.content.appendingPathComponent("pages/passwd.md").path, withDestinationPath: "/etc/passwd")
        // A link inside the folder to a file inside it is followed.
        try fm.createSymbolicLink(atPath: site.content.appendingPathComponent("pages/alias.md").path, withDestinationPath: "inside.md")
        try fm.createSymbolicLink(
            atPath: site.content.appendingPathComponent("export/outer.ndjson").path,
            withDestinationPath: outside.appendingPathComponent("users.ndjson").path)
        try fm.createSymbolicLink(atPath: site.content.appendingPathComponent("export/everything").path, withDestinationPath: "/")
        try fm.createSymbolicLink(
            atPath: site.content.appendingPathComponent("media").path,
            withDestinationPath: outside.appendingPathComponent("images/media").path)
        let critiqueImage = try XCTUnwrap(
            TestSite.files(under: outside.appendingPathComponent("images/media/critiques"))
                .first { MediaLocator.isImage($0) })
        try site.writeCollection(
            "photoCritiques",
            [
                Doc.critique("c1", org: "o1", target: "u1", notes: "n").merging(["imageUrls": ["critiques/\(critiqueImage)"]]) { _, b in b }
            ])

        let report = try await site.build()
        let text = TestSite.allText(under: site.output)
        XCTAssertFalse(text.contains("outer-secret-page"))
        XCTAssertFalse(text.contains("root:x:0:0"), "/etc/passwd is not published")
        XCTAssertFalse(text.contains("Outer Secret"), "the linked export file is not read")
        XCTAssertTrue(text.contains("inside-page"))
        let messages = report.diagnostics.map(\.description)
        for link in ["pages/secret.md", "pages/passwd.md", "export/outer.ndjson", "export/everything"] {
            XCTAssertTrue(messages.contains { $0.hasPrefix("\(link): ") && $0.contains("outside the content folder") }, "\(link): \(messages)")
        }
        let images = TestSite.files(under: site.output).filter { !$0.hasPrefix("assets/") && MediaLocator.isImage($0) }
        XCTAssertEqual(images, [], "no image read through the media link")
        XCTAssertTrue(messages.contains { $0.contains("outside the content folder") && $0.contains("media/") }, "\(messages)")
    }

    func testAnUnusableContentFolderLeavesThePreviousOutputAsItWas() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.writeCollection("users", [Doc.user("u1", org: "o1", first: "Ann", last: "Lee")])
        try site.writeCollection("dailyJobReports", [Doc.report("r1", org: "o1", user: "u1")])
        try await site.build()
        let before = snapshot(site.output)
        XCTAssertGreaterThan(before.count, 10)

        let missing = site.root.appendingPathComponent("no-such-content")
        let emptyContent = site.root.appendingPathComponent("empty-content")
        try FileManager.default.createDirectory(at: emptyContent, withIntermediateDirectories: true)
        let exportIsAFile = site.root.appendingPathComponent("file-export")
        try FileManager.default.createDirectory(at: exportIsAFile, withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: exportIsAFile.appendingPathComponent("export"))
        for content in [missing, emptyContent, exportIsAFile] {
            do {
                _ = try await BuildPipeline.run(BuildOptions(content: content, templates: TestSite.templates, output: site.output))
                XCTFail("\(content.lastPathComponent): expected the build to fail")
            } catch {
                guard case .input(let e) = error else { return XCTFail("\(error)") }
                XCTAssertTrue(e.description.contains("export") || e.description.contains("content folder"), e.description)
            }
            XCTAssertEqual(snapshot(site.output), before, "\(content.lastPathComponent): the output is byte-identical")
        }
    }

    private func snapshot(_ folder: URL) -> [String: Data] {
        var out: [String: Data] = [:]
        for path in TestSite.files(under: folder) {
            out[path] = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path)
        }
        return out
    }
}
