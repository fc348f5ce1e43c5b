import Foundation
import GenBuild
import XCTest
import ZIPFoundation

/// The "Needs attention" page end to end on a small site whose dates are known: each group holds exactly the
/// reports its rule picks, newest first, every link resolves, the home page counts them, and nothing of
/// another organization appears.
final class AttentionPageTests: XCTestCase {
    /// Picture Day fields: the reason shown only with retakes, the date hidden without a makeup day.
    static func template(_ org: String) -> [String: Any] {
        [
            "id": "pd-\(org)", "organizationID": org, "name": "Picture Day Report", "version": 1,
            "fields": [
                ["id": "schools_visited", "type": "multiselect", "label": "Schools Visited"],
                ["id": "contact", "type": "text", "label": "Front Office Contact", "required": true],
                ["id": "retakes", "type": "number", "label": "Retakes"],
                [
                    "id": "retake_reason", "type": "textarea", "label": "Why the Retakes",
                    "logic": ["action": "show", "eval": "and", "conditions": [["field": "retakes", "condition": ">", "value": 0]]]
                ],
                ["id": "makeup_needed", "type": "toggle", "label": "Makeup Day Needed"],
                [
                    "id": "makeup_date", "type": "date", "label": "Makeup Date",
                    "logic": ["action": "hide", "eval": "or", "conditions": [["field": "makeup_needed", "condition": "=", "value": false]]]
                ],
                [
                    "id": "mileage", "type": "mileage", "label": "Round Trip Mileage",
                    "smartConfig": ["calculationType": "mileage", "fallbackValue": "0 miles", "autoUpdate": true]
                ]
            ]
        ]
    }

    /// A report of `org` on `date` at `school`, saved `filedAfter` days later at 3 pm in Chicago.
    static func report(
        _ id: String, org: String = "orgA", _ date: String, at school: String, filedAfter: Int = 0, _ values: [String: Any] = [:]
    ) -> [String: Any] {
        var fields: [String: Any] = [
            "id": id, "organizationID": org, "userId": "u-\(org)", "date": date, "photographer": "P", "templateId": "pd-\(org)",
            "schools_visited": [school], "contact": "Office"
        ]
        fields.merge(values) { _, new in new }
        let parts = date.split(separator: "-").map { Int($0)! }
        var day = DateComponents()
        (day.year, day.month, day.day, day.hour) = (parts[0], parts[1], parts[2] + filedAfter, 20)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let seconds = Int(calendar.date(from: day)!.timeIntervalSince1970)
        fields["createdAt"] = ["_seconds": seconds, "_nanoseconds": 0]
        return fields
    }

    /// October 2024, as of Oct 31 (the newest report). Adams: a makeup day asked for Oct 20, held by the report
    /// there on Oct 21. Baker: asked for Oct 15, nothing there since (open). Carver: asked for Nov 7 (coming
    /// up). Dunbar: asked in September for Sep 27, never visited (open since September).
    static var reports: [[String: Any]] {
        [
            report("r-sep", "2024-09-20", at: "Dunbar School", ["makeup_needed": true, "makeup_date": "2024-09-27"]),
            report("r-held", "2024-10-03", at: "Adams School", ["makeup_needed": true, "makeup_date": "2024-10-20"]),
            report("r-open", "2024-10-05", at: "Baker School", ["makeup_needed": true, "makeup_date": "2024-10-15"]),
            report("r-future", "2024-10-10", at: "Carver School", ["makeup_needed": true, "makeup_date": "2024-11-07"]),
            report("r-retakes", "2024-10-12", at: "Adams School", ["retakes": 17, "retake_reason": "Blinks <b>(9)</b> & glare"]),
            report("r-no-retakes", "2024-10-13", at: "Adams School", ["retakes": 0, "retake_reason": "hidden"]),
            report("r-invalid", "2024-10-14", at: "Adams School", ["contact": ""]),
            // The route is 0.4 miles.
            report("r-discrepancy", "2024-10-16", at: "Adams School", ["mileage": "9.0 miles"]),
            report("r-late", "2024-10-18", at: "Adams School", filedAfter: 3),
            report("r-limit", "2024-10-22", at: "Adams School", filedAfter: 2),
            report("r-later", "2024-10-21", at: "Adams School"),
            report("r-last", "2024-10-31", at: "Carver School"),
            report(
                "rb-1", org: "orgB", "2024-10-30", at: "Bravo School",
                ["retakes": 99, "retake_reason": "ORG-B-ONLY", "makeup_needed": true, "makeup_date": "2024-10-01"])
        ]
    }

    static func write(_ site: TestSite, lateAfterDays: Int? = nil) throws {
        try site.write(
            "site.yml", "timeZone: America/Chicago\n" + (lateAfterDays.map { "attention:\n  lateAfterDays: \($0)\n" } ?? ""))
        try site.writeCollection(
            "users", ["orgA", "orgB"].map { Doc.user("u-\($0)", org: $0, first: $0 == "orgA" ? "Ann" : "Bea", last: "Lee") })
        var schools: [[String: Any]] = []
        for (i, name) in ["Adams", "Baker", "Carver", "Dunbar"].enumerated() {
            schools.append(Doc.school("s-\(name.lowercased())", org: "orgA", name: "\(name) School", coordinates: "37.73\(34 + i),-88.9337"))
        }
        schools.append(Doc.school("s-bravo", org: "orgB", name: "Bravo School"))
        try site.writeCollection("schools", schools)
        try site.writeCollection("reportTemplates", [template("orgA"), template("orgB")])
        try site.writeCollection("dailyJobReports", reports)
    }

    /// The report files each group of a page links to (or names, where it cannot link), in order.
    static func groups(_ html: String) -> [String: [String]] {
        var out: [String: [String]] = [:]
        let sections = html.components(separatedBy: "<section class=\"attention-group\" id=\"").dropFirst()
        for section in sections {
            let id = String(section.prefix { $0 != "\"" })
            let items = section.components(separatedBy: "</section>")[0].components(separatedBy: "<li>").dropFirst()
            out[id] = items.map { item in
                if let match = item.firstMatch(of: /href="([^"]*(?:report\/|#r-)([^"#]+?)(?:\.html)?)"/) { return String(match.2) }
                return "unlinked: " + (item.firstMatch(of: /Report of [^<]*/).map { String($0.output) } ?? "")
            }
        }
        return out
    }

    /// Every relative link of `page` (inside `root`) names a file there, and every fragment an id in it.
    static func assertLinksResolve(_ page: String, in root: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        let html = try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
        let folder = root.appendingPathComponent(page).deletingLastPathComponent()
        for match in html.matches(of: /(?:href|src)="([^"]+)"/) {
            let link = String(match.1).replacingOccurrences(of: "&amp;", with: "&")
            if link.hasPrefix("http") || link.hasPrefix("mailto:") { continue }
            let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            let target = parts[0].isEmpty ? root.appendingPathComponent(page) : folder.appendingPathComponent(String(parts[0]))
            let path = target.standardizedFileURL.path
            XCTAssertTrue(path.hasPrefix(root.standardizedFileURL.path + "/"), "\(page): \(link) leaves \(root.path)", file: file, line: line)
            XCTAssertTrue(FileManager.default.fileExists(atPath: path), "\(page): \(link) names no file", file: file, line: line)
            if parts.count == 2, let text = try? String(contentsOfFile: path, encoding: .utf8) {
                XCTAssertTrue(text.contains("id=\"\(parts[1])\""), "\(page): \(link) names no id there", file: file, line: line)
            }
        }
    }

    func testEachGroupHoldsWhatItsRulePicksNewestFirst() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try Self.write(site)
        try await site.build()
        let page = try site.text("orgA/attention/index.html")
        XCTAssertEqual(
            Self.groups(page),
            [
                "makeups-upcoming": ["r-future"], "makeups-open": ["r-open", "r-sep"], "retakes": ["r-retakes"],
                "validation": ["r-invalid"], "mileage": ["r-discrepancy"], "late": ["r-late"]
            ])
        XCTAssertTrue(page.contains("As of Oct 31, 2024"), "the day it stands on, the export's newest")
        XCTAssertTrue(page.contains("Makeup day Thu, Nov 7, 2024</strong> <span class=\"attention-when\">· in 7 days"))
        XCTAssertTrue(page.contains("Makeup day Tue, Oct 15, 2024</strong> <span class=\"attention-when\">· 16 days ago"))
        XCTAssertTrue(page.contains("No report at Baker School on or since that day."))
        XCTAssertTrue(page.contains("<strong>17 retakes</strong>"))
        XCTAssertTrue(page.contains("Blinks &lt;b&gt;(9)&lt;/b&gt; &amp; glare"), "the reason as typed, escaped")
        XCTAssertTrue(page.contains("Front Office Contact is required."))
        XCTAssertTrue(page.contains("Filed 3 days after its day"))
        XCTAssertTrue(page.contains("Filed more than 2 days after the day they report"))
        XCTAssertTrue(page.contains("more than 10% and more than 1 mile"))
        XCTAssertTrue(page.contains("<a href=\"../schools/s-baker.html\">Baker School</a>"), "the school linked")
        XCTAssertTrue(page.contains("aria-current=\"page\">Needs attention</a>"), "its entry in the navigation bar")
        try Self.assertLinksResolve("orgA/attention/index.html", in: site.output)

        // Nothing of the other organization, and its own page only its own.
        XCTAssertFalse(TestSite.allText(under: site.output.appendingPathComponent("orgA")).contains("ORG-B-ONLY"))
        let bravo = try site.text("orgB/attention/index.html")
        XCTAssertEqual(
            Self.groups(bravo),
            ["makeups-upcoming": [], "makeups-open": ["rb-1"], "retakes": ["rb-1"], "validation": [], "mileage": [], "late": []])
        XCTAssertTrue(bravo.contains("As of Oct 30, 2024"), "its own export's last day")
    }

    /// The groups the needs-attention page shares with the data-quality page read the same on both: title, what to
    /// do, and the discrepancy's words (`FollowUpWords`).
    func testTheDataQualityPageWordsTheSharedGroupsTheSame() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try Self.write(site)
        try await site.build()
        let attention = try site.text("orgA/attention/index.html")
        let quality = try site.text("orgA/stats/data-quality.html")
        let shared = [
            "Reports that fail validation", "Ask the photographer to correct the values in the app; the report is published as filed.",
            "Mileage to check before paying it",
            "The recorded miles differ from the route by more than 10% and more than 1 mile: compare them before reimbursing."
        ]
        for text in shared {
            XCTAssertTrue(attention.contains(text), "attention: \(text)")
            XCTAssertTrue(quality.contains(text), "data quality: \(text)")
        }
        let discrepancy = try XCTUnwrap(attention.firstMatch(of: /Recorded [0-9.,—]+ miles; the route computes [0-9.,—]+/)).output
        XCTAssertTrue(quality.contains(discrepancy + "."), String(discrepancy))
    }

    func testTheHomePageCountsEachGroup() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try Self.write(site)
        try await site.build()
        func cards(_ home: String) -> [String] {
            home.matches(of: /<a class="card stat( is-none)?" href="attention\/index.html#([a-z-]+)"><span class="stat-value">(\d+)<\/span>/)
                .map { "\($0.2)=\($0.3)\($0.1 == nil ? "" : " none")" }
        }
        let home = try site.text("orgA/index.html")
        XCTAssertEqual(cards(home), ["makeups-upcoming=1", "makeups-open=2", "retakes=1", "validation=1", "mileage=1", "late=1"])
        XCTAssertTrue(home.contains("Needs attention <span class=\"muted\">· as of Oct 31, 2024</span>"))
        try Self.assertLinksResolve("orgA/index.html", in: site.output)
        XCTAssertEqual(
            cards(try site.text("orgB/index.html")),
            ["makeups-upcoming=0 none", "makeups-open=1", "retakes=1", "validation=0 none", "mileage=0 none", "late=0 none"])
    }

    /// The limit of a late report is `attention.lateAfterDays`: at 1, the report filed 2 days after is late too.
    func testTheLateLimitIsConfigurable() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try Self.write(site, lateAfterDays: 1)
        try await site.build()
        let page = try site.text("orgA/attention/index.html")
        XCTAssertEqual(Self.groups(page)["late"], ["r-limit", "r-late"])
        XCTAssertTrue(page.contains("Filed more than 1 day after the day they report"))
    }

    /// Each month's archive holds the list as it stood at the month's end, linked from its page, with no link
    /// leaving the archive.
    func testTheArchiveHoldsTheListAsItStoodAtTheMonthsEnd() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try Self.write(site)
        try await site.build()
        let unpacked = site.root.appendingPathComponent("unpacked")
        for (org, month) in [("orgA", "2024-09"), ("orgA", "2024-10"), ("orgB", "2024-10")] {
            let zip = try Archive(url: site.output.appendingPathComponent("\(org)/archive/\(month).zip"), accessMode: .read)
            for entry in zip {
                let url = unpacked.appendingPathComponent("\(org)/\(entry.path)")
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                var data = Data()
                _ = try zip.extract(entry) { data.append($0) }
                try data.write(to: url)
            }
            try Self.assertLinksResolve("\(month)/attention.html", in: unpacked.appendingPathComponent(org))
            let index = try String(contentsOf: unpacked.appendingPathComponent("\(org)/\(month)/index.html"), encoding: .utf8)
            XCTAssertTrue(index.contains("<a href=\"attention.html\">What needed attention at the month’s end</a>"), "\(org) \(month)")
            let sums = try String(contentsOf: unpacked.appendingPathComponent("\(org)/\(month)/SHA256SUMS"), encoding: .utf8)
            XCTAssertTrue(sums.contains("  attention.html\n"))
        }
        func page(_ org: String, _ month: String) throws -> String {
            try String(contentsOf: unpacked.appendingPathComponent("\(org)/\(month)/attention.html"), encoding: .utf8)
        }
        // September's end: Dunbar's makeup day had passed; nothing else was due.
        let september = try page("orgA", "2024-09")
        XCTAssertEqual(
            Self.groups(september),
            ["makeups-upcoming": [], "makeups-open": ["r-sep"], "retakes": [], "validation": [], "mileage": [], "late": []])
        XCTAssertTrue(september.contains("As it stood at the end of September 2024 (Sep 30, 2024)"))
        XCTAssertTrue(september.contains("Makeup day Fri, Sep 27, 2024</strong> <span class=\"attention-when\">· 3 days ago"))
        // October's: as the site's page, September's makeup day named, not linked; schools not linked.
        let october = try page("orgA", "2024-10")
        XCTAssertEqual(
            Self.groups(october),
            [
                "makeups-upcoming": ["r-future"],
                "makeups-open": ["r-open", "unlinked: Report of Fri, Sep 20, 2024 · Ann Lee (in the September 2024 archive) · Dunbar School"],
                "retakes": ["r-retakes"], "validation": ["r-invalid"], "mileage": ["r-discrepancy"], "late": ["r-late"]
            ])
        XCTAssertTrue(october.contains("href=\"index.html#r-r-future\""))
        XCTAssertFalse(october.contains("schools/"), "schools named, not linked")
        XCTAssertFalse(october.contains("class=\"nav\""), "no navigation bar")
        // An export that ends before the month does: as of its last day.
        XCTAssertTrue(try page("orgB", "2024-10").contains("As it stood at the end of October 2024 (Oct 30, 2024)"))
        // The site's monthly page links to its archive, not to the archive's list.
        XCTAssertFalse(try site.text("orgA/reports/monthly/2024-10/index.html").contains("attention.html"))
    }

    /// The same export gives the same bytes: nothing of the clock or the machine reaches the list.
    func testBuildingTwiceGivesTheSameBytes() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try Self.write(site)
        let second = site.root.appendingPathComponent("Second")
        try await site.build()
        try await site.build(output: second)
        XCTAssertEqual(TestSite.files(under: site.output), TestSite.files(under: second))
        for file in TestSite.files(under: site.output) {
            XCTAssertEqual(
                try Data(contentsOf: site.output.appendingPathComponent(file)), try Data(contentsOf: second.appendingPathComponent(file)), file)
        }
    }
}
