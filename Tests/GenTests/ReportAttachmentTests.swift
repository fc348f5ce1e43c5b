import Foundation
import GenBuild
import GenMedia
import GenModel
import XCTest

/// Files attached to daily reports: local images get real thumbnails through the media pipeline,
/// everything else stays a link, a broken local image is a warning naming report and field.
final class ReportAttachmentTests: XCTestCase {
    static let org = "orgA"

    func testLocalImagesAreThumbnailedOtherFilesStayLinks() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.write("site.yml", "timeZone: America/Chicago\n")
        try site.writeCollection("users", [Doc.user("u1", org: Self.org, first: "Jane", last: "Doe")])
        var template = Doc.template(org: Self.org)
        template["fields"] = [["id": "photos", "type": "file", "label": "Setup Photos"]]
        try site.writeCollection("reportTemplates", [template])
        let photos: [Any] = [
            ["url": CritiqueGalleryTests.storageURL("dailyJobReports/r1/IMG_1.jpg"), "name": "IMG_1.jpg"],
            CritiqueGalleryTests.storageURL("dailyJobReports/r1/broken.jpg"),
            CritiqueGalleryTests.storageURL("dailyJobReports/r1/Sign-in%20sheet.pdf"),
            CritiqueGalleryTests.storageURL("dailyJobReports/r1/remote-only.jpg")
        ]
        try site.writeCollection("dailyJobReports", [Doc.report("r1", org: Self.org, user: "u1", extra: ["photos": photos])])
        let media = site.content.appendingPathComponent("media/dailyJobReports/r1")
        try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: CritiqueGalleryTests.fixture("photo.jpg"), to: media.appendingPathComponent("IMG_1.jpg"))
        try Data("not a jpeg".utf8).write(to: media.appendingPathComponent("broken.jpg"))
        try Data("%PDF-1.4 sign-in sheet".utf8).write(to: media.appendingPathComponent("Sign-in sheet.pdf"))

        let report = try await site.build()
        // Only the two local images went to libvips; the PDF is not an image, the remote one has no file.
        XCTAssertEqual(report.images.sources, 2)
        XCTAssertEqual(report.images.failed, 1)
        let warnings = report.warnings.filter { $0.documentID == "r1" && $0.field == "photos" }
        XCTAssertEqual(warnings.count, 1, "\(warnings)")
        XCTAssertEqual(warnings.first?.field, "photos")
        XCTAssertEqual(warnings.first?.collection, "dailyJobReports")
        XCTAssertTrue(warnings.first?.message.hasPrefix("media/dailyJobReports/r1/broken.jpg: ") ?? false)
        XCTAssertTrue(warnings.first?.message.hasSuffix("linked without a thumbnail") ?? false)

        let page = try site.text("\(Self.org)/reports/report/r1.html")
        let thumbs = page.components(separatedBy: #"<a class="file-thumb" href=""#).dropFirst()
        XCTAssertEqual(thumbs.count, 1, "one thumbnail: the local, readable image")
        let display = String(thumbs.first!.prefix { $0 != "\"" })
        XCTAssertTrue(display.hasPrefix("../../media/") && display.hasSuffix(".jpg"), display)
        let thumbnailJPEG = try XCTUnwrap(page.firstMatch(of: /<img src="(\.\.\/\.\.\/media\/[^"]+-thumbnail-300x200\.jpg)"[^>]*alt="IMG_1.jpg"/)?.1)
        let reportFolder = site.output.appendingPathComponent("\(Self.org)/reports/report")
        for relative in [display, String(thumbnailJPEG)] {
            let file = reportFolder.appendingPathComponent(relative).standardizedFileURL
            XCTAssertTrue(FileManager.default.fileExists(atPath: file.path), "\(relative) is written")
        }
        // A real 300×200 thumbnail, read back.
        let image = try XCTUnwrap(ImageProbe.read(reportFolder.appendingPathComponent(String(thumbnailJPEG)).standardizedFileURL))
        XCTAssertEqual(image.width, 300)
        XCTAssertEqual(image.height, 200)
        // Every file is still a link to its stored URL, the PDF and the broken image included.
        for name in ["IMG_1.jpg", "broken.jpg", "Sign-in sheet.pdf", "remote-only.jpg"] {
            XCTAssertTrue(page.contains(">\(name)</a>"), name)
        }
        XCTAssertFalse(page.contains("Image unavailable\">"), "a report attachment is never an unavailable image placeholder")

        // The Markdown shows the thumbnail, linked to the display size, and every link.
        let md = try site.text("\(Self.org)/reports/report/r1.md")
        XCTAssertTrue(md.contains("[![IMG\\_1.jpg](\(thumbnailJPEG))](\(display)) IMG\\_1.jpg"), md)
        XCTAssertTrue(md.contains("Sign-in sheet.pdf"), md)
    }
}
