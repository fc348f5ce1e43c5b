import Foundation
import GenBuild
import XCTest

/// A value that fails validation is marked at its own row (not only in the box at the top), with what fails;
/// an email address that fails is not a link.
final class FieldProblemTests: XCTestCase {
    func testAFailingValueIsMarkedWhereItStands() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.write("site.yml", "title: Field Reports\ntimeZone: America/Chicago\n")
        try site.writeCollection("users", [Doc.user("u1", org: "o1", first: "Ann", last: "Lee")])
        var template = Doc.template(org: "o1")
        template["fields"] =
            (template["fields"] as! [[String: Any]]) + [
                ["id": "contact", "type": "email", "label": "Contact"],
                ["id": "students", "type": "number", "label": "Students", "required": true]
            ]
        try site.writeCollection("reportTemplates", [template])
        try site.writeCollection("dailyJobReports", [Doc.report("r1", org: "o1", user: "u1", extra: ["contact": "ann@@example.com"])])
        try await site.build()
        let page = try site.text("o1/reports/report/r1.html")
        let row = try XCTUnwrap(page.components(separatedBy: "<tr").first { $0.contains(">Contact<") })
        XCTAssertTrue(row.hasPrefix(#" class="invalid""#), row)
        XCTAssertTrue(row.contains(#"<p class="field-problem">Contact is not an email address</p>"#), row)
        XCTAssertFalse(row.contains("mailto:"), "an address that fails is not a link")
        let students = try XCTUnwrap(page.components(separatedBy: "<tr").first { $0.contains(">Students<") })
        XCTAssertTrue(students.contains(#"<p class="field-problem">Students is required</p>"#), students)
        XCTAssertTrue(page.contains("Validation problems"), "the box at the top stays")
        XCTAssertTrue(try site.text("o1/reports/report/r1.md").contains("**problem:** is not an email address"))
    }

    /// A table with an Automatic, Recomputed or Fallback badge says what they mean, once, under it.
    func testOriginBadgesAreExplainedWhereTheyAppear() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.write("site.yml", "title: Field Reports\ntimeZone: America/Chicago\n")
        try site.writeCollection("users", [Doc.user("u1", org: "o1", first: "Ann", last: "Lee")])
        var plain = Doc.template("t2", org: "o1", name: "Plain")
        plain["fields"] = [["id": "notes", "type": "textarea", "label": "Notes"]]
        try site.writeCollection("reportTemplates", [Doc.template(org: "o1"), plain])
        try site.writeCollection(
            "dailyJobReports",
            [
                Doc.report("r1", org: "o1", user: "u1"),
                Doc.report("r2", org: "o1", user: "u1", extra: ["templateId": "t2", "notes": "Hi"])
            ])
        try await site.build()
        let smart = try site.text("o1/reports/report/r1.html")
        XCTAssertTrue(smart.contains(#"class="origin-legend"#), "the mileage field shows a badge")
        XCTAssertTrue(try site.text("o1/reports/report/r1.md").contains("_Fallback_: the template"))
        XCTAssertFalse(try site.text("o1/reports/report/r2.html").contains("origin-legend"), "no badge, no legend")
    }
}
