import Foundation
import GenBuild
import GenModel
import XCTest

/// Values far outside what field work produces (a date in the year 9999, milliseconds stored as seconds, a
/// count of 1.7e308) are data problems: a warning naming the document and field, and the build goes on.
final class DataRangeTests: XCTestCase {
    func testImplausibleDatesAreWarnedAboutAndTreatedAsMissing() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.writeCollection("users", [Doc.user("u1", org: "o1", first: "Ann", last: "Lee")])
        try site.writeCollection(
            "dailyJobReports",
            [
                Doc.report("r-old", org: "o1", user: "u1", date: "1970-01-05"),
                Doc.report("r-far", org: "o1", user: "u1", date: "9999-12-31"),  // has createdAt: that day is used
                Doc.report("r-none", org: "o1", user: "u1", date: "3000-01-01").merging(["createdAt": NSNull()]) { _, b in b }
            ])
        try site.writeCollection(
            "photoCritiques",
            [
                Doc.critique("c-ms", org: "o1", target: "u1", notes: "n")
                    .merging(["createdAt": ["_seconds": 1_705_354_200_000, "_nanoseconds": 0]]) { _, b in b }
            ])
        let report = try await site.build()
        let messages = report.diagnostics.map(\.description)
        XCTAssertTrue(
            messages.contains {
                $0.contains("dailyJobReports/r-far, field \"date\"") && $0.contains("outside 1970–2200")
                    && $0.contains("creation day is used")
            }, "\(messages)")
        XCTAssertTrue(messages.contains { $0.contains("dailyJobReports/r-none, field \"date\"") && $0.contains("skipped") }, "\(messages)")
        XCTAssertTrue(
            messages.contains {
                $0.contains("photoCritiques/c-ms, field \"createdAt\"")
                    && $0.contains("looks like milliseconds")
            }, "\(messages)")
        let months = try FileManager.default.contentsOfDirectory(atPath: site.output.appendingPathComponent("o1/reports/monthly").path)
        XCTAssertEqual(months.sorted(), ["1970-01", "2024-09"], "only months with reports get pages")
        // The statistics page lists the months that have data, not the 656 between them.
        let stats = try site.text("o1/stats/index.html")
        XCTAssertLessThan(stats.utf8.count, 200_000)
        XCTAssertFalse(stats.contains("Jun 1990"))
    }

    func testNumbersTooLargeToCountAreLeftOutOfTotals() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.writeCollection("users", [Doc.user("u1", org: "o1", first: "Ann", last: "Lee")])
        try site.writeCollection(
            "reportTemplates",
            [
                [
                    "id": "t1", "organizationID": "o1", "name": "Counts", "version": 1,
                    "fields": [
                        ["id": "count", "type": "number", "label": "Count"],
                        [
                            "id": "calc", "type": "calculation", "label": "Ten times",
                            "smartConfig": ["calculationType": "calculation", "formula": "count * 10"]
                        ]
                    ]
                ]
            ])
        try site.writeCollection(
            "dailyJobReports",
            [
                Doc.report("r1", org: "o1", user: "u1", extra: ["count": 1.7e308]),
                Doc.report("r2", org: "o1", user: "u1", extra: ["count": 1.7e308]),
                Doc.report("r3", org: "o1", user: "u1", extra: ["count": 5])
            ])
        let report = try await site.build()
        let messages = report.diagnostics.map(\.description)
        XCTAssertTrue(
            messages.contains { $0.contains("dailyJobReports/r1, field \"calc\"") && $0.contains("not a finite number") },
            "\(messages)")
        let stats = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try site.text("o1/data/stats.json").utf8)) as? [String: Any])
        let fields = try XCTUnwrap(((stats["fields"] as? [String: Any])?["t1"] as? [String: Any])?["fields"] as? [String: Any])
        let count = try XCTUnwrap((fields["count"] as? [String: Any])?["numeric"] as? [String: Any])
        XCTAssertEqual(count["sum"] as? Double, 5, "only the countable value is summed")
        let page = try site.text("o1/reports/report/r1.html")
        XCTAssertTrue(page.contains("too large to count"), "the field says why it is left out")
    }
}

extension DataRangeTests {
    /// A timestamp field of a report holding an extreme value is shown, never trapped on.
    func testExtremeTimestampsInFieldsDoNotTrap() {
        let zone = TimeZone(identifier: "America/Chicago")!
        for seconds in [Int64.max, Int64.min, 253_402_300_800, -62_135_596_801] {
            let local = LocalDateTime(Timestamp(seconds: seconds, nanoseconds: 999_999_999), in: zone)
            XCTAssertTrue((1...9999).contains(local.date.year), "\(seconds): \(local)")
        }
    }
}

extension DataRangeTests {
    /// A recorded mileage beyond counting (three legacy reports of 9e307 miles summed to infinity, and
    /// mileage.json could not be written) is left out with a warning naming the report and the field; every
    /// total gen writes stays finite.
    func testRecordedMileageTooLargeToCountIsLeftOutOfEveryTotal() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.writeCollection("users", [Doc.user("u1", org: "o1", first: "Ann", last: "Lee")])
        try site.writeCollection("schools", [Doc.school("s1", org: "o1", name: "Adams School")])
        try site.writeCollection("reportTemplates", [Doc.template(org: "o1")])
        let visit: [String: Any] = ["schools_visited": ["Adams School"], "photos_taken": 9e307]
        try site.writeCollection(
            "dailyJobReports",
            [
                Doc.report("r1", org: "o1", user: "u1", extra: visit.merging(["mileage": 9e307]) { _, b in b }),
                Doc.report("r2", org: "o1", user: "u1", extra: visit.merging(["mileage": 9e307]) { _, b in b }),
                Doc.report("r3", org: "o1", user: "u1", date: "2024-09-04", extra: visit.merging(["mileage": "9e307 miles"]) { _, b in b }),
                Doc.report("r4", org: "o1", user: "u1", date: "2024-09-05", extra: visit.merging(["mileage": "12 miles"]) { _, b in b })
            ])
        let report = try await site.build()
        let messages = report.diagnostics.map(\.description)
        for id in ["r1", "r2"] {
            XCTAssertTrue(
                messages.contains { $0.contains("dailyJobReports/\(id), field \"mileage\"") && $0.contains("too large to count") },
                "\(id): \(messages)")
        }
        XCTAssertTrue(messages.contains { $0.contains("dailyJobReports/r3, field \"mileage\"") && $0.contains("treated as absent") })
        for file in ["o1/data/mileage.json", "o1/data/stats.json"] {
            let text = try site.text(file)
            XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(text.utf8)), file)
            XCTAssertFalse(text.contains("9e+307") || text.contains("e+30"), "\(file) holds no value beyond counting")
        }
        let mileage = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try site.text("o1/data/mileage.json").utf8)) as? [String: Any])
        XCTAssertFalse("\(mileage)".contains("inf"), "every total finite")
        let spreadsheets = TestSite.files(under: site.output).filter { $0.hasPrefix("o1/data/reports/") && $0.hasSuffix(".csv") }
        XCTAssertFalse(spreadsheets.isEmpty)
        for page in ["o1/mileage/index.html", "o1/schools/s1.html", "o1/stats/index.html", "o1/data/mileage.csv"] + spreadsheets {
            let text = try site.text(page)
            XCTAssertNil(text.range(of: #"\binf\b|\bnan\b|∞"#, options: [.regularExpression, .caseInsensitive]), page)
        }
    }
}
