import Foundation
import GenBuild
import XCTest

/// A route that leaves a school out, or cannot be made, says so in words on the report's page, its Markdown and
/// the photographer's mileage page: which school and why, never a code such as `school-without-coordinates`.
final class RouteNotesTests: XCTestCase {
    func testALeftOutSchoolIsNamedWithTheReasonOnEveryPageShowingTheRoute() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.write("site.yml", "title: Field Reports\ntimeZone: America/Chicago\n")
        try site.writeCollection("users", [Doc.user("u1", org: "o1", first: "Ann", last: "Lee")])
        try site.writeCollection(
            "schools",
            [
                Doc.school("s1", org: "o1", name: "Central High"),
                Doc.school("s2", org: "o1", name: "Westside Elementary", coordinates: nil)
            ])
        try site.writeCollection(
            "dailyJobReports",
            [
                Doc.report("r1", org: "o1", user: "u1", extra: ["schools_visited": ["Central High", "Westside Elementary", "Lakeview Academy"]]),
                Doc.report("r2", org: "o1", user: "u1", date: "2024-09-04", extra: [:])
            ])
        try await site.build()
        let page = try site.text("o1/reports/report/r1.html")
        XCTAssertTrue(page.contains("Westside Elementary has no map coordinates on file, so it is left out of the route."), page)
        XCTAssertTrue(page.contains("“Lakeview Academy” is not one of this organization’s schools, so it is left out of the route."))
        let empty = try site.text("o1/reports/report/r2.html")
        XCTAssertTrue(empty.contains("The report lists no schools visited, so no route was computed."), empty)
        XCTAssertTrue(try site.text("o1/reports/report/r1.md").contains("- Westside Elementary has no map coordinates on file"))
        let mileage = try TestSite.files(under: site.output.appendingPathComponent("o1/mileage")).filter { $0 != "index.html" }
            .map { try site.text("o1/mileage/\($0)") }.joined()
        XCTAssertTrue(mileage.contains("Westside Elementary has no map coordinates on file"))
        XCTAssertTrue(mileage.contains(">The report of "), "the route links its report by day, not by id")
        for code in ["school-without-coordinates", "unknown-school", "no-schools"] {
            XCTAssertFalse(page.contains(code) || mileage.contains(code), code)
        }
        XCTAssertFalse(mileage.contains(">r1<"), "no report id as a link's text")
        XCTAssertTrue(try site.text("o1/mileage/index.html").contains("estimated at 31 mph"), "the speed in the page's unit")
    }

    /// A trip line names each of the organization's schools by its name (also where the report gives its id)
    /// and a school the organization does not have as the `unknown-school` flag says it, the name escaped
    /// like all user text: never a raw id that reads as a school's name.
    func testATripLineSaysAnUnknownSchoolIsUnknown() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.write("site.yml", "title: Field Reports\ntimeZone: America/Chicago\nmileage:\n  ratePerMile: 0.67\n")
        try site.writeCollection("users", [Doc.user("u1", org: "o1", first: "Ann", last: "Lee")])
        try site.writeCollection("schools", [Doc.school("s1", org: "o1", name: "Central High")])
        try site.writeCollection(
            "dailyJobReports",
            [Doc.report("r1", org: "o1", user: "u1", extra: ["schools_visited": ["s1", "sA1", "<b>Ghost</b> & Co"]])])
        try await site.build()
        let line = "Central High → unknown school (sA1) → unknown school (&lt;b&gt;Ghost&lt;/b&gt; &amp; Co)"
        let page = try site.text("o1/mileage/u1.html")
        XCTAssertTrue(page.contains("<p class=\"trip-schools\">\(line)</p>"), page)
        XCTAssertFalse(page.contains("→ sA1") || page.contains("s1 →") || page.contains("<b>Ghost"), "no raw id or unescaped name")
        let statement = try site.text("o1/reports/monthly/2024-09/statements/u1.html")
        XCTAssertTrue(statement.contains("<td>\(line)</td>"), statement)
        let markdown = try site.text("o1/reports/monthly/2024-09/statements/u1.md")
        XCTAssertTrue(markdown.contains("| Central High → unknown school (sA1) → unknown school ("), markdown)
        // mileage.json keeps the schools as the report names them: it is the record, not a page.
        XCTAssertTrue(try site.text("o1/data/mileage.json").contains("\"sA1\""))
        // The report's head says so too: the school it knows linked, the others named as unknown, escaped.
        let report = try site.text("o1/reports/report/r1.html")
        XCTAssertTrue(report.contains("Central High</a>, unknown school (sA1), unknown school (&lt;b&gt;Ghost&lt;/b&gt; &amp; Co)</p>"), report)
        XCTAssertFalse(report.contains(", sA1") || report.contains("<b>Ghost"), "no raw id or unescaped name")
    }
}
