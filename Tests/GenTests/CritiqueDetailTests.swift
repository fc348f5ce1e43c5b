import Foundation
import XCTest

/// The critique detail page: the first photo loads with the page, and the people it names link to their pages.
final class CritiqueDetailTests: XCTestCase {
    func testNamesLinkToTheirPagesAndTheFirstPhotoLoadsAtOnce() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.writeCollection(
            "users",
            [
                Doc.user("u1", org: "o1", first: "Ann", last: "Lee"),
                Doc.user("m1", org: "o1", first: "Dana", last: "Kessler")
            ])
        try site.writeCollection("reportTemplates", [Doc.template("t1", org: "o1")])
        try site.writeCollection("dailyJobReports", [Doc.report("r1", org: "o1", user: "u1", extra: ["mileage": "12 miles"])])
        var critique = Doc.critique("c1", org: "o1", target: "u1", notes: "Nice light")
        critique["submitterId"] = "m1"
        critique["imageUrls"] = ["https://example.com/a.jpg", "https://example.com/b.jpg"]
        try site.writeCollection("photoCritiques", [critique])
        try await site.build()

        let html = try site.text("o1/critiques/photo/c1.html")
        let links = html.matches(of: #/<a href="\.\./\.\./([^"]+)">(Statistics|Training photos|Mileage)<span/#).map {
            (String($0.output.1), String($0.output.2))
        }
        XCTAssertEqual(links.map(\.1), ["Statistics", "Training photos", "Mileage"])
        for (path, label) in links {
            XCTAssertTrue(FileManager.default.fileExists(atPath: site.output.appendingPathComponent("o1/" + path).path), "\(label): \(path)")
        }
        let manager = try XCTUnwrap(html.firstMatch(of: #/<dt>Submitted by</dt><dd><a href="\.\./\.\./([^"]+)">/#)?.output.1)
        XCTAssertTrue(try site.text("o1/" + String(manager)).contains("Dana Kessler"), "the manager's statistics page")
        let images = html.matches(of: #/<img class="remote" src="[^"]+" alt="Photo (\d) of 2: [^"]*"([^>]*)>/#)
        XCTAssertEqual(images.map { String($0.output.1) }, ["1", "2"])
        XCTAssertTrue(images[0].output.2.contains(#"loading="eager""#), "the first photo loads with the page")
        XCTAssertTrue(images[1].output.2.contains(#"loading="lazy""#))
    }
}
