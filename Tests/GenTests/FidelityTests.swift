import Foundation
import GenBuild
import GenModel
import XCTest

/// Figures checked against values computed here, independently of gen: a mean rounded once, critique totals
/// that count every kind, and every documented key of `mileage.json` present.
final class FidelityTests: XCTestCase {
    static let org = "orgF"

    /// One October: two reports with temperatures, critiques of three kinds, one report without mileage.
    func site() async throws -> TestSite {
        let site = try TestSite()
        var template = Doc.template("t1", org: Self.org)
        var fields = template["fields"] as! [[String: Any]]
        fields.append([
            "id": "weather", "type": "weather_conditions", "label": "Weather",
            "smartConfig": ["calculationType": "weather_conditions", "fallbackValue": "Weather unavailable"]
        ])
        template["fields"] = fields
        try site.writeCollection("users", [Doc.user("u1", org: Self.org, first: "Ann", last: "Lee")])
        try site.writeCollection("reportTemplates", [template])
        try site.writeCollection(
            "dailyJobReports",
            [
                Doc.report("r1", org: Self.org, user: "u1", date: "2024-10-02", extra: ["weather": "Sunny, 63°F", "mileage": "12 miles"]),
                Doc.report("r2", org: Self.org, user: "u1", date: "2024-10-09", extra: ["weather": "Sunny, 63.9°F"])
            ])
        var good = Doc.critique("c1", org: Self.org, target: "u1", notes: "good")
        good["createdAt"] = ["_seconds": 1_728_000_000, "_nanoseconds": 0]
        var improvement = good, praise = good
        improvement["id"] = "c2"
        improvement["exampleType"] = "improvement"
        praise["id"] = "c3"
        praise["exampleType"] = "praise"
        try site.writeCollection("photoCritiques", [good, improvement, praise])
        try await site.build()
        return site
    }

    func testAMeanIsRoundedOnceFromTheUnroundedValue() async throws {
        let site = try await site()
        defer { site.remove() }
        let mean = (63.0 + 63.9) / 2  // 63.45
        let stored = (mean * 100).rounded(.toNearestOrAwayFromZero) / 100
        let shown = String(format: "%.1f", (mean * 10).rounded(.toNearestOrAwayFromZero) / 10)
        XCTAssertEqual(shown, "63.5")
        let stats = try JSONSerialization.jsonObject(with: Data(site.text("\(Self.org)/data/stats.json").utf8)) as! [String: Any]
        let months = stats["months"] as! [String: Any]
        let weather = (months["2024-10"] as! [String: Any])["weather"] as! [String: Any]
        XCTAssertEqual((weather["meanFahrenheit"] as! NSNumber).doubleValue, stored, accuracy: 1e-9)
        let month = try site.text("\(Self.org)/reports/monthly/2024-10/index.html")
        XCTAssertTrue(month.contains("\(shown) °F"), "the monthly page shows the mean rounded once")
        XCTAssertFalse(month.contains("63.4 °F"))
        let markdown = try site.text("\(Self.org)/reports/monthly/2024-10/report.md")
        XCTAssertTrue(markdown.contains("mean \(shown) °F"), markdown)
    }

    func testEveryCritiqueChartTotalCountsEveryKind() async throws {
        let site = try await site()
        defer { site.remove() }
        let stats = try JSONSerialization.jsonObject(with: Data(site.text("\(Self.org)/data/stats.json").utf8)) as! [String: Any]
        let total = ((stats["critiques"] as! [String: Any])["total"] as! NSNumber).intValue
        XCTAssertEqual(total, 3, "one good, one needs improvement, one of another type")
        let pages = ["stats/index.html", "stats/photographer/u1.html", "reports/monthly/2024-10/index.html"]
        for page in pages {
            let html = try site.text("\(Self.org)/\(page)")
            XCTAssertTrue(html.contains("Other type"), "\(page) draws the other kind")
            // The data table's row: Good 1, Needs Improvement 1, Other 1, Total 3.
            let row = try XCTUnwrap(
                html.range(of: #"(<td class="num">1</td>){3}<td class="num">3</td>"#, options: .regularExpression),
                "\(page) has a row totalling \(total)")
            XCTAssertFalse(row.isEmpty)
        }
    }

    func testEveryMileageRowHasEveryKey() async throws {
        let site = try await site()
        defer { site.remove() }
        let json = try JSONSerialization.jsonObject(with: Data(site.text("\(Self.org)/data/mileage.json").utf8)) as! [String: Any]
        XCTAssertEqual(Set(json.keys), ["organizationId", "unit", "ratePerMile", "rates", "reports", "photographers", "months"])
        XCTAssertTrue(json["ratePerMile"] is NSNull)
        XCTAssertEqual((json["rates"] as? [Any])?.count, 0, "no rates: an empty list")
        let keys: Set = [
            "reportId", "date", "photographerId", "photographer", "schools", "legs", "computedMiles",
            "recordedMiles", "miles", "source", "flags"
        ]
        let rows = json["reports"] as! [[String: Any]]
        XCTAssertEqual(rows.count, 2)
        for row in rows { XCTAssertEqual(Set(row.keys), keys, "\(row["reportId"] ?? "?")") }
        XCTAssertTrue(rows.contains { $0["recordedMiles"] is NSNull }, "r2 records no mileage: null, not left out")
        for month in json["months"] as! [[String: Any]] {
            XCTAssertEqual(Set(month.keys), ["month", "miles", "reports", "reimbursement"])
        }
    }

    func testWeatherUnderATemplateWithoutAWeatherFieldIsAReading() async throws {
        let site = try TestSite()
        defer { site.remove() }
        var withField = Doc.template("t2", org: Self.org, name: "With weather")
        withField["fields"] = [
            [
                "id": "sky", "type": "weather_conditions", "label": "Weather",
                "smartConfig": ["calculationType": "weather_conditions", "fallbackValue": "Weather unavailable"]
            ]
        ]
        try site.writeCollection("users", [Doc.user("u1", org: Self.org, first: "Ann", last: "Lee")])
        try site.writeCollection("reportTemplates", [Doc.template("t1", org: Self.org), withField])
        try site.writeCollection(
            "dailyJobReports",
            [
                // t1 declares no weather field: the value under `weather` is the reading.
                Doc.report("r1", org: Self.org, user: "u1", date: "2024-10-02", extra: ["weather": "Sunny, 72°F"]),
                // t2 declares one: only that field counts, so a blank `sky` is no reading, whatever `weather` holds.
                Doc.report("r2", org: Self.org, user: "u1", date: "2024-10-03", extra: ["templateId": "t2", "sky": "", "weather": "Rain, 50°F"]),
                Doc.report("r3", org: Self.org, user: "u1", date: "2024-10-04", extra: ["templateId": "t2", "sky": "Cloudy, 60°F"])
            ])
        try await site.build()
        let stats = try JSONSerialization.jsonObject(with: Data(site.text("\(Self.org)/data/stats.json").utf8)) as! [String: Any]
        let weather = stats["weather"] as! [String: Any]
        XCTAssertEqual((weather["readings"] as! NSNumber).intValue, 2)
        XCTAssertEqual(weather["conditions"] as? [String: Int], ["Sunny": 1, "Cloudy": 1])
        XCTAssertEqual((weather["meanFahrenheit"] as! NSNumber).doubleValue, (72 + 60) / 2, accuracy: 1e-9)
    }
}
