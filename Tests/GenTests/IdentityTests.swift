import Foundation
import GenModel
@testable import GenResolve
import XCTest

/// Ids are bytes: two ids that differ in any byte are two documents, two organizations, two files, even where
/// Unicode calls them the same text (canonical equivalence) or a file system ignores case.
final class IdentityTests: XCTestCase {
    static let kelvin = "\u{212A}"  // KELVIN SIGN: canonically equivalent to "K"
    static let nfc = "caf\u{E9}"
    static let nfd = "cafe\u{301}"

    func testDocumentIDComparesBytes() {
        XCTAssertEqual("K" as String, Self.kelvin, "the premise: Swift's String calls them equal")
        XCTAssertNotEqual(DocumentID("K"), DocumentID(Self.kelvin))
        XCTAssertNotEqual(DocumentID(Self.nfc), DocumentID(Self.nfd))
        XCTAssertEqual(Set([DocumentID(Self.nfc), DocumentID(Self.nfd), DocumentID(Self.nfc)]).count, 2)
        XCTAssertEqual([DocumentID(Self.nfc): 1, DocumentID(Self.nfd): 2].count, 2)
        XCTAssertTrue(DocumentID("a") < DocumentID("b"))
        XCTAssertFalse(DocumentID(Self.nfc) < DocumentID(Self.nfc))
    }

    /// Equality and order are those of the UTF-8 bytes, for any two texts.
    func testDocumentIDOrderIsByteOrder() {
        let pieces = ["", "a", "A", "b", "ab", "é", "e\u{301}", Self.kelvin, "K", "\u{0}", "ÿ", "日本", "\u{10FFFF}"]
        var random = SystemRandomNumberGenerator()
        func text() -> String { (0..<Int.random(in: 0...3, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined() }
        for _ in 0..<2000 {
            let x = text()
            let y = Bool.random(using: &random) ? x : text()
            XCTAssertEqual(DocumentID(x) == DocumentID(y), Array(x.utf8) == Array(y.utf8), "\(x) \(y)")
            XCTAssertEqual(DocumentID(x) < DocumentID(y), x.utf8.lexicographicallyPrecedes(y.utf8), "\(x) \(y)")
        }
    }

    func testEquivalentSpellingsGetDistinctPathSegments() {
        let ids = ["K-org", "\(Self.kelvin)-org", Self.nfc, Self.nfd, "Org", "org", "ORG"]
        let segments = PathAllocator(texts: ids)
        let names = ids.map { segments[text: $0] }
        XCTAssertEqual(Set(names.map { $0.lowercased() }).count, ids.count, "\(names)")
        XCTAssertTrue(names.allSatisfy(PathSegment.isSafe), "\(names)")
    }

    func testReservedNamesAreComparedWithTheFileExtension() {
        let segments = PathAllocator(texts: ["index", "INDEX", "other"], reserved: ["index.html"], fileExtension: ".html")
        XCTAssertNotEqual(segments[text: "index"].lowercased(), "index")
        XCTAssertNotEqual(segments[text: "INDEX"].lowercased(), "index")
        XCTAssertNotEqual(segments[text: "index"].lowercased(), segments[text: "INDEX"].lowercased())
        XCTAssertEqual(segments[text: "other"], "other")
    }

    /// Two organizations whose ids Unicode calls equal: two trees, each with only its own reports.
    func testOrganizationsSpelledAlikeStayApart() async throws {
        let site = try TestSite()
        defer { site.remove() }
        let plain = "K-org", lookalike = "\(Self.kelvin)-org"
        try site.writeCollection(
            "users",
            [
                Doc.user("u1", org: plain, first: "Plain", last: "Person"),
                Doc.user("u2", org: lookalike, first: "Look", last: "Alike")
            ])
        try site.writeCollection(
            "dailyJobReports",
            [
                Doc.report("r1", org: plain, user: "u1", extra: ["notes": "marker-plain-org"]),
                Doc.report("r2", org: lookalike, user: "u2", extra: ["notes": "marker-lookalike-org"])
            ])
        let report = try await site.build()
        XCTAssertEqual(report.organizations.count, 2)
        let folders = try FileManager.default.contentsOfDirectory(atPath: site.output.path)
            .filter { !["assets", "index.html", ".gitkeep", ".gen-output"].contains($0) }
        XCTAssertEqual(folders.count, 2, "\(folders)")
        var seen: [String: String] = [:]
        for folder in folders {
            let text = TestSite.allText(under: site.output.appendingPathComponent(folder))
            let plainHere = text.contains("marker-plain-org"), lookalikeHere = text.contains("marker-lookalike-org")
            XCTAssertNotEqual(plainHere, lookalikeHere, "\(folder) holds exactly one organization's marker")
            seen[plainHere ? "plain" : "lookalike"] = folder
        }
        XCTAssertEqual(seen.count, 2)
    }

    /// Two reports whose ids are the NFC and NFD spellings of one word: both are published.
    func testDocumentsSpelledAlikeAreBothKept() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.writeCollection("users", [Doc.user("u1", org: "o1", first: "Ann", last: "Lee")])
        try site.writeCollection(
            "dailyJobReports",
            [
                Doc.report(Self.nfc, org: "o1", user: "u1", extra: ["notes": "marker-nfc"]),
                Doc.report(Self.nfd, org: "o1", user: "u1", extra: ["notes": "marker-nfd"])
            ])
        let export = try site.load()
        XCTAssertEqual(export.documents.filter { $0.collection == "dailyJobReports" }.count, 2)
        XCTAssertFalse(export.diagnostics.contains { $0.message.contains("also in") }, "\(export.diagnostics)")
        try await site.build()
        let pages = TestSite.files(under: site.output.appendingPathComponent("o1/reports/report")).filter { $0.hasSuffix(".html") }
        XCTAssertEqual(pages.count, 2, "\(pages)")
        let text = TestSite.allText(under: site.output.appendingPathComponent("o1/reports/report"))
        XCTAssertTrue(text.contains("marker-nfc") && text.contains("marker-nfd"))
    }

    /// A photographer whose id is a name gen uses itself in `mileage/` does not replace the overview.
    func testPhotographerNamedIndexKeepsTheMileageOverview() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.writeCollection(
            "users",
            [
                Doc.user("index", org: "o1", first: "Ida", last: "Index"),
                Doc.user("INDEX", org: "o1", first: "Upper", last: "Case")
            ])
        try site.writeCollection("schools", [Doc.school("s1", org: "o1", name: "Marion High")])
        try site.writeCollection(
            "dailyJobReports",
            [
                Doc.report("r1", org: "o1", user: "index", extra: ["schools_visited": ["Marion High"]]),
                Doc.report("r2", org: "o1", user: "INDEX", extra: ["schools_visited": ["Marion High"]])
            ])
        try await site.build()
        let overview = try site.text("o1/mileage/index.html")
        XCTAssertTrue(overview.contains("Ida Index") && overview.contains("Upper Case"), "the overview lists both")
        let pages = TestSite.files(under: site.output.appendingPathComponent("o1/mileage")).filter { $0.hasSuffix(".html") }
        XCTAssertEqual(Set(pages.map { $0.lowercased() }).count, 3, "overview and two photographer pages: \(pages)")
    }
}
