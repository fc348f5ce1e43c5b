import Foundation
import XCTest

/// The search index: classic scripts of JSON, one per month, that hold every report's words and link to its page.
final class SearchIndexTests: XCTestCase {
    func testMonthFilesHoldEveryReportsWordsAndLinks() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.writeCollection("users", [Doc.user("u1", org: "o1", first: "Renée", last: "Lee")])
        try site.writeCollection("schools", [Doc.school("s1", org: "o1", name: "Adams School")])
        try site.writeCollection("reportTemplates", [Doc.template("t1", org: "o1")])
        try site.writeCollection(
            "dailyJobReports",
            [
                Doc.report(
                    "r1", org: "o1", user: "u1", date: "2024-09-03",
                    extra: ["schools_visited": ["Adams School"], "notes": "Gym </script><b>dark</b>"]),
                Doc.report("r2", org: "o1", user: "u1", date: "2024-10-08", extra: ["notes": "October words"])
            ])
        try await site.build()

        let september = try site.text("o1/search/2024-09.js")
        XCTAssertTrue(september.hasPrefix("genSearch.month({"))
        let json = try XCTUnwrap(september.dropFirst("genSearch.month(".count).dropLast(3).data(using: .utf8))
        let month = try XCTUnwrap(JSONSerialization.jsonObject(with: json) as? [String: Any])
        XCTAssertEqual(month["month"] as? String, "2024-09")
        let entries = try XCTUnwrap(month["entries"] as? [[String: Any]])
        XCTAssertEqual(entries.map { $0["k"] as? String }, ["day", "report"])
        let report = entries[1]
        XCTAssertEqual(report["h"] as? String, "reports/report/r1.html")
        XCTAssertTrue(FileManager.default.fileExists(atPath: site.output.appendingPathComponent("o1/reports/report/r1.html").path))
        XCTAssertEqual(report["s"] as? [String], ["Adams School"])
        XCTAssertEqual(report["p"] as? [String], ["u1"])
        let words = try XCTUnwrap(report["x"] as? String)
        XCTAssertTrue(words.contains("r1") && words.contains("Gym </script><b>dark</b>"), words)
        XCTAssertFalse(september.contains("</script>"), "slashes are escaped in the file")
        XCTAssertFalse(september.contains("October words"), "each month holds its own reports")
        XCTAssertTrue(try site.text("o1/search/2024-10.js").contains("October words"))

        // A report id's month, in the file of its first character ("r" is 72 in hex).
        XCTAssertEqual(try site.text("o1/search/ids-72.js"), #"genSearch.ids({"r1":"2024-09","r2":"2024-10"});"# + "\n")

        let index = try site.text("o1/search/index.js")
        XCTAssertTrue(index.hasPrefix("genSearch.index({"))
        XCTAssertTrue(index.contains(#""months":["2024-10","2024-09"]"#), "newest first")
        XCTAssertTrue(index.contains(#""idFiles":["72"]"#), "the id files there are, so no other is asked for")
        XCTAssertTrue(index.contains(#""name":"Renée Lee""#))
        let page = try site.text("o1/search.html")
        XCTAssertTrue(page.contains(#"<script src="assets/search.js"></script>"#))
        XCTAssertTrue(page.contains("<noscript>"))
        XCTAssertTrue(try site.text("o1/index.html").contains(#"<form class="search-box" action="search.html""#))
        XCTAssertTrue(try site.text("o1/reports/index.html").contains(#"<form class="search-box" action="../search.html""#))
    }
}
