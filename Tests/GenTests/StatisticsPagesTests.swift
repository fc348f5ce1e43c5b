import Foundation
import GenBuild
import GenModel
import XCTest

/// The statistics pages, end to end: they show stats.json's numbers, their charts state them, and the
/// data-quality page lists only problems of documents that name its organization.
final class StatisticsPagesTests: XCTestCase {
    func testDataQualityListsOnlyItsOwnOrganizationsProblems() async throws {
        let site = try TestSite()
        defer { site.remove() }
        for org in ["orgA", "orgB"] {
            try site.writeCollection("users", [Doc.user("u-\(org)", org: org, first: "P", last: org)], file: "users-\(org).ndjson")
            try site.writeCollection("reportTemplates", [Doc.template("t1", org: org)], file: "reportTemplates-\(org).ndjson")
        }
        try site.writeCollection(
            "dailyJobReports",
            [
                Doc.report("good-a", org: "orgA", user: "u-orgA"),
                // Skipped: no usable date. It names orgA, so orgA's data-quality page lists it.
                ["id": "nodate-a", "organizationID": "orgA", "userId": "u-orgA", "templateId": "t1"],
                // Skipped the same way, naming orgB.
                ["id": "nodate-b", "organizationID": "orgB", "userId": "u-orgB", "templateId": "t1"],
                // Skipped for having no organization: on no organization's page.
                ["id": "orphan-doc", "userId": "u-orgA", "date": "2024-09-03"],
                Doc.report("good-b", org: "orgB", user: "u-orgB", extra: ["templateId": "missing-template"])
            ])
        let report = try await site.build()
        XCTAssertTrue(report.skipped.contains { $0.documentID == "nodate-a" })
        XCTAssertTrue(report.skipped.contains { $0.documentID == "orphan-doc" })

        let a = try site.text("orgA/stats/data-quality.html")
        let b = try site.text("orgB/stats/data-quality.html")
        XCTAssertTrue(a.contains("dailyJobReports/nodate-a"))
        XCTAssertFalse(a.contains("nodate-b"))
        XCTAssertTrue(b.contains("dailyJobReports/nodate-b"))
        XCTAssertFalse(b.contains("nodate-a"))
        for page in [a, b] { XCTAssertFalse(page.contains("orphan-doc"), "a document naming no organization is on no page") }
        // Warnings are attributed too: orgB's missing template is on orgB's page only.
        XCTAssertTrue(b.contains("template &quot;missing-template&quot; is not in this organization"))
        XCTAssertFalse(a.contains("missing-template"))
        // Each skipped document names its file, document and field, in its details, under the group that
        // says what to do about it.
        XCTAssertTrue(a.contains("<code>export/dailyJobReports.ndjson: dailyJobReports/nodate-a · date: "), a)
        XCTAssertTrue(a.contains(#"<h2 id="q-skipped">Records left out of the site"#), a)
        XCTAssertTrue(b.contains(#"<h2 id="q-template">Reports shown without their template"#), b)
        XCTAssertTrue(b.contains("The report names a template this organization does not have."), b)
    }

    /// A month the export ends in before its last day is not compared with a whole month: the month before it
    /// is, and the partial month is named with its last day. A document saved after the month says it is over.
    func testAPartialMonthIsNotComparedAsIfWhole() async throws {
        for savedLater in [false, true] {
            let site = try TestSite()
            defer { site.remove() }
            try site.writeCollection("users", [Doc.user("u1", org: "o1", first: "Ann", last: "Lee")])
            try site.writeCollection("reportTemplates", [Doc.template(org: "o1")])
            var last = Doc.report("r3", org: "o1", user: "u1", date: "2024-10-14")
            if savedLater { last["updatedAt"] = ["_seconds": 1_730_800_000, "_nanoseconds": 0] }  // Nov 5, 2024
            try site.writeCollection(
                "dailyJobReports",
                [
                    Doc.report("r1", org: "o1", user: "u1", date: "2024-08-20"), Doc.report("r2", org: "o1", user: "u1", date: "2024-09-10"),
                    last
                ])
            try await site.build()
            let page = try site.text("o1/stats/index.html")
            if savedLater {
                XCTAssertTrue(page.contains("October 2024 against September 2024"), page)
                XCTAssertFalse(page.contains("compared once it is over"))
            } else {
                XCTAssertTrue(page.contains("September 2024 against August 2024"), page)
                XCTAssertTrue(
                    page.contains("October 2024 is compared once it is over: the export runs only through Oct 14, 2024, 1 report so far."),
                    page)
            }
        }
    }

    func testPagesShowTheNumbersOfStatsJSON() async throws {
        let (site, _) = try await ReportPagesTests.sample()
        let org = ReportPagesTests.org
        let stats = try JSONSerialization.jsonObject(with: Data(try site.text("\(org)/data/stats.json").utf8)) as! [String: Any]
        let critiques = stats["critiques"] as! [String: Any]
        let overview = try site.text("\(org)/stats/index.html")
        for (key, label) in [("total", "Total Submissions"), ("good", "Good Examples"), ("improvement", "Needs Improvement")] {
            XCTAssertTrue(
                overview.contains(#"<span class="stat-value">\#(critiques[key] as! Int)</span> <span class="stat-label">\#(label)</span>"#),
                "\(label) card")
        }
        // The reports-per-month chart states every month's count, as stats.json has it.
        let months = stats["months"] as! [String: [String: Any]]
        let desc = try XCTUnwrap(overview.firstMatch(of: /<desc id="reports-per-month[^"]*">([^<]*)<\/desc>/)?.1)
        for (month, numbers) in months {
            let total = (numbers["reports"] as! [String: Any])["total"] as! Int
            let title = [
                "01": "Jan", "02": "Feb", "03": "Mar", "04": "Apr", "05": "May", "06": "Jun", "07": "Jul",
                "08": "Aug", "09": "Sep", "10": "Oct", "11": "Nov", "12": "Dec"
            ][String(month.suffix(2))]!
            XCTAssertTrue(desc.contains("\(title) \(month.prefix(4)): \(total)"), "\(month) in \(desc)")
        }
        // Every photographer of stats.json has a page, linked from the overview, with their report count.
        let photographers = (stats["reports"] as! [String: Any])["photographers"] as! [String: [String: Any]]
        let pages = TestSite.files(under: site.output.appendingPathComponent("\(org)/stats/photographer"))
        XCTAssertEqual(pages.count, photographers.count)
        for page in pages {
            XCTAssertTrue(overview.contains(#"href="photographer/\#(page)""#), page)
            let html = try site.text("\(org)/stats/photographer/\(page)")
            let name = try XCTUnwrap(html.firstMatch(of: /<h1>([^<]+)<\/h1>/)?.1)
            let match: [String: Any]? = photographers.values.first { ($0["name"] as! String).replacingOccurrences(of: "'", with: "&#39;") == name }
            let entry = try XCTUnwrap(match)
            XCTAssertTrue(
                html.contains(#"<span class="stat-value">\#(entry["reports"] as! Int)</span> <span class="stat-label">Reports</span>"#), page)
            XCTAssertTrue(html.contains("Training photos gallery") && html.contains("Mileage and routes"), page)
        }
        // Managers: one page each, with the critiques they gave.
        let managers = critiques["managers"] as! [String: [String: Any]]
        XCTAssertEqual(TestSite.files(under: site.output.appendingPathComponent("\(org)/stats/manager")).count, managers.count)
        // The data-quality page lists the sample's two invalid reports.
        let quality = try site.text("\(org)/stats/data-quality.html")
        XCTAssertTrue(quality.contains(#"<span class="stat-value">2</span> <span class="stat-label">Invalid reports</span>"#))
        XCTAssertTrue(quality.contains("rVoxo9BkWBvyQnJIGjXM.html"))
        // A sentence per problem in a manager's words, linked to what it is about, grouped by what to do.
        let groups = quality.components(separatedBy: #"<h2 id="q-"#).dropFirst().map { $0.prefix { $0 != "\"" } }
        XCTAssertEqual(groups, ["validation", "discrepancy", "calculation", "photo", "template"])
        XCTAssertTrue(quality.contains(#"Sean O&#39;Malley</a>: Students Photographed is not a number.</p>"#), quality)
        XCTAssertTrue(quality.contains("“Retake Rate (%)” could not be calculated, so the template&#39;s stand-in is shown."), quality)
        XCTAssertTrue(quality.contains(": Photo 2 could not be read.</p>"), quality)
        XCTAssertFalse(quality.contains("<td><code>"), "no log-like table")
        for href in quality.components(separatedBy: #"<li><p><a href=""#).dropFirst().map({ String($0.prefix { $0 != "\"" }) }) {
            let target = site.output.appendingPathComponent("\(org)/stats/\(href)").standardizedFileURL.path
            XCTAssertTrue(FileManager.default.fileExists(atPath: target), href)
        }
    }
}
