import GenBuild
import GenModel
import XCTest

final class OrganizationIsolationTests: XCTestCase {
    func testEachTreeHoldsOnlyItsOwnOrganization() async throws {
        let site = try TestSite()
        defer { site.remove() }
        for (org, marker) in [("orgA", "ALPHAMARK"), ("orgB", "BRAVOMARK")] {
            try site.writeCollection(
                "users", [Doc.user("u-\(org)", org: org, first: "\(marker)first", last: "\(marker)last")],
                file: "users-\(org).ndjson")
            try site.writeCollection("schools", [Doc.school("s-\(org)", org: org, name: "\(marker) School")], file: "schools-\(org).ndjson")
            try site.writeCollection(
                "reportTemplates", [Doc.template("t1-\(org)", org: org, name: "\(marker) Template")],
                file: "reportTemplates-\(org).ndjson")
            try site.writeCollection(
                "dailyJobReports",
                [
                    Doc.report(
                        "r-\(org)", org: org, user: "u-\(org)",
                        extra: [
                            "schools_visited": ["\(marker) School"], "notes": "\(marker) notes", "templateId": "t1-\(org)"
                        ])
                ], file: "dailyJobReports-\(org).ndjson")
            try site.writeCollection(
                "photoCritiques", [Doc.critique("c-\(org)", org: org, target: "u-\(org)", notes: "\(marker) critique")],
                file: "photoCritiques-\(org).ndjson")
        }
        // An orphan: no organization at all. It must appear nowhere.
        try site.writeCollection(
            "dailyJobReports", [["id": "orphan", "userId": "u-orgA", "date": "2024-09-03", "notes": "ORPHANMARK"]],
            file: "dailyJobReports-orphan.ndjson")
        // A report of orgA that names orgB's user and school by id: resolved only inside orgA, so orgB's
        // names (which hold the marker) must not be pulled in.
        try site.writeCollection(
            "dailyJobReports",
            [
                Doc.report("cross", org: "orgA", user: "u-orgB", extra: ["schools_visited": ["s-orgB"]]),
                Doc.report("cross2", org: "orgA", user: "u-orgA", extra: ["schools_visited": ["s-orgB"]])
            ],
            file: "dailyJobReports-cross.ndjson")

        let report = try await site.build()
        XCTAssertEqual(report.organizations, ["orgA", "orgB"])
        let treeA = TestSite.allText(under: site.output.appendingPathComponent("orgA"))
        let treeB = TestSite.allText(under: site.output.appendingPathComponent("orgB"))
        XCTAssertTrue(treeA.contains("ALPHAMARK"))
        XCTAssertTrue(treeB.contains("BRAVOMARK"))
        XCTAssertFalse(treeA.contains("BRAVOMARK"), "orgB data leaked into orgA")
        XCTAssertFalse(treeB.contains("ALPHAMARK"), "orgA data leaked into orgB")
        XCTAssertFalse(TestSite.allText(under: site.output).contains("ORPHANMARK"))
        XCTAssertTrue(report.skipped.contains { $0.documentID == "orphan" && $0.field == "organizationID" })
        // The cross-organization references did not resolve.
        XCTAssertTrue(report.warnings.contains { $0.documentID == "cross" && $0.field == "userId" })
        XCTAssertTrue(report.warnings.contains { $0.documentID == "cross2" && $0.field == "schools_visited" })
        // No page links out of its tree.
        for org in ["orgA", "orgB"] {
            for file in TestSite.files(under: site.output.appendingPathComponent(org)) where file.hasSuffix(".html") {
                let html = try site.text("\(org)/\(file)")
                let depth = file.split(separator: "/").count - 1
                for href in Self.links(in: html) where !href.hasPrefix("http") && !href.hasPrefix("#") {
                    let ups = href.components(separatedBy: "../").count - 1
                    XCTAssertLessThanOrEqual(ups, depth, "\(org)/\(file) links out of its tree: \(href)")
                }
            }
        }
    }

    static func links(in html: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: #"(?:href|src)="([^"]*)""#)
        return regex.matches(in: html, range: NSRange(html.startIndex..., in: html)).compactMap {
            Range($0.range(at: 1), in: html).map { String(html[$0]) }
        }
    }
}
