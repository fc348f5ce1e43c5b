import Foundation
import GenBuild
@testable import GenRender
import XCTest

/// Daily reports end to end on the bundled sample: index, daily pages, report pages, Markdown.
final class ReportPagesTests: XCTestCase {
    static let org = "L7mQ2xVb9KpT4wRz8NcE"
    nonisolated(unsafe) static var built: (site: TestSite, report: BuildReport)?

    func sample() async throws -> (TestSite, BuildReport) { try await Self.sample() }

    /// The bundled sample, built once for every test class that reads it.
    static func sample() async throws -> (TestSite, BuildReport) {
        if let built = Self.built { return built }
        let site = try TestSite()
        let report = try await BuildPipeline.run(
            BuildOptions(
                content: TestSite.repositoryContent, templates: TestSite.templates,
                output: site.output))
        XCTAssertEqual(report.warnings.filter { $0.message.contains("names no value") }.map(\.description), [])
        Self.built = (site, report)
        return (site, report)
    }

    /// Other test classes share the sample too: the next one to ask builds it again.
    override class func tearDown() {
        built?.site.remove()
        built = nil
    }

    func testIndexDailyPagesAndReportPages() async throws {
        let (site, report) = try await sample()
        let base = "\(Self.org)/reports"
        let index = try site.text("\(base)/index.html")
        XCTAssertTrue(index.contains("133 reports on "))
        XCTAssertTrue(index.contains("2 with validation problems"))
        // The months' summaries count the same two reports with problems.
        let perMonth = index.components(separatedBy: " with problems").dropLast().compactMap { Int($0.split(separator: " ").last ?? "") }
        XCTAssertEqual(perMonth.reduce(0, +), 2, "\(perMonth)")
        XCTAssertGreaterThan(perMonth.count, 1)
        XCTAssertTrue(index.contains(#"<a href="daily/2024-10-14/index.html">Monday, Oct 14, 2024</a>"#))
        XCTAssertEqual(report.invalidReports, 2)

        // Every day with reports has both files, and the Markdown holds every report of the day.
        let days = try FileManager.default.contentsOfDirectory(atPath: site.output.appendingPathComponent("\(base)/daily").path)
        XCTAssertGreaterThan(days.count, 30)
        var reportsInMarkdown = 0
        for day in days {
            XCTAssertTrue(FileManager.default.fileExists(atPath: site.output.appendingPathComponent("\(base)/daily/\(day)/index.html").path))
            let md = try site.text("\(base)/daily/\(day)/report.md")
            reportsInMarkdown += md.components(separatedBy: "\n## ").count - 1
        }
        XCTAssertEqual(reportsInMarkdown, 133)

        // The invalid report: its problems on the daily page and its own page, ordered by photographer.
        let day = try site.text("\(base)/daily/2024-10-14/index.html")
        XCTAssertTrue(day.contains("Session: &quot;Senior Portraits&quot; is not one of the options"))
        XCTAssertTrue(day.contains("Contact Email: is not an email address") || day.contains("Email: is not an email address"))
        let names = ["Jenna Whitlock", "Marcus Bell", "Sean O&#39;Malley", "Tyler Brandt"].compactMap { day.range(of: $0)?.lowerBound }
        XCTAssertEqual(names, names.sorted(), "reports ordered by photographer")
        let page = try site.text("\(base)/report/rVoxo9BkWBvyQnJIGjXM.html")
        XCTAssertTrue(page.contains("is not a number"))
        XCTAssertTrue(page.contains(#"href="rVoxo9BkWBvyQnJIGjXM.md""#))
        // Its status is marked invalid wherever it is listed, a valid report's valid.
        XCTAssertTrue(page.contains(#"<span class="status status-invalid">"#))
        XCTAssertEqual(day.components(separatedBy: "status status-invalid").count - 1, 2, "its table-of-contents entry and its block")
        XCTAssertTrue(try site.text("\(base)/report/kzwDBElg3CIaZyi4VVcT.html").contains(#"<span class="status status-valid">Valid</span>"#))
        // Smart values recomputed, a calculation shown, a formula error falls back.
        let recomputed = try site.text("\(base)/report/Rwh7SIgHYSv0PYCc7N7P.html")
        XCTAssertTrue(recomputed.contains("Recomputed"))
        let valid = try site.text("\(base)/report/kzwDBElg3CIaZyi4VVcT.html")
        XCTAssertTrue(valid.contains("4.1"))
        // Its two local photos have thumbnails; its PDF (and other reports' photos, not in Content/media) are links.
        XCTAssertEqual(valid.components(separatedBy: #"<a class="file-thumb""#).count - 1, 2)
        XCTAssertTrue(valid.contains(">Sign-in sheet.pdf</a>"))
        XCTAssertTrue(try site.text("\(base)/report/GMfGkZT1Z2CvjkAbpU3V.html").contains("Fallback"))
        XCTAssertTrue(
            report.warnings.contains { $0.documentID == "GMfGkZT1Z2CvjkAbpU3V" && $0.field == "retake_rate" && $0.message.contains("column") })
        // Legacy and missing-template reports are rendered generically, with the reason.
        XCTAssertTrue(try site.text("\(base)/report/nEP6Ee1BF5WJXaIAnYFK.html").contains("legacy"))
        XCTAssertTrue(try site.text("\(base)/report/8vQazd2eSXi0DpXE1eZf.html").contains("media_day_template"))
        // A field of an older template version is kept under "Other values".
        let older = try site.text("\(base)/report/LRDpmdKvy30OyNjtMci6.html")
        XCTAssertTrue(older.contains("Other values") && older.contains("Equipment notes"))
        // The mileage page links each trip to its report page.
        let mileage = try FileManager.default.contentsOfDirectory(atPath: site.output.appendingPathComponent("\(Self.org)/mileage").path)
            .filter { $0 != "index.html" }
        let trips = try site.text("\(Self.org)/mileage/\(mileage[0])")
        XCTAssertTrue(trips.contains(#"<a href="../reports/report/"#))
    }

    /// A report page says each fact once: the app-filled fields that repeat the head are not shown again, a
    /// badge only where gen worked a value out or used a stand-in, the photographer linked to their page.
    func testReportPageSaysEachFactOnce() async throws {
        let (site, _) = try await sample()
        let base = "\(Self.org)/reports/report"
        let page = try site.text("\(base)/kzwDBElg3CIaZyi4VVcT.html")
        for label in ["Photographer", "Report Date", "School Name(s)", "Schools Visited"] {
            XCTAssertFalse(page.contains("<th scope=\"row\">\(label)"), "\(label) repeats the head")
        }
        let fields = page.components(separatedBy: #"<table class="fields">"#)[1].components(separatedBy: "</table>")[0]
        for fact in ["Oct 3, 2024", "Renée Castillo", "Herrin Junior High - Herrin"] {
            XCTAssertFalse(fields.contains(fact), "\(fact) is in the head")
        }
        XCTAssertEqual(page.components(separatedBy: "<dt>Date</dt>").count - 1, 1)
        XCTAssertFalse(page.contains("Automatic"), "the app's own values carry no badge")
        XCTAssertFalse(page.contains("Shoot type"))
        XCTAssertTrue(page.contains("<dt>Job type</dt><dd>Picture Day</dd>"))
        // The photographer links to their statistics page, which exists.
        let who = try XCTUnwrap(page.range(of: #"Photographer</span> <a href="([^"]+)">Renée Castillo</a>"#, options: .regularExpression))
        let href = String(page[who]).components(separatedBy: "href=\"")[1].components(separatedBy: "\"")[0]
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: site.output.appendingPathComponent("\(base)/\(href)").standardizedFileURL.path), href)
        // A recomputed value keeps its badge, and the legend says what it means.
        let recomputed = try site.text("\(base)/Rwh7SIgHYSv0PYCc7N7P.html")
        XCTAssertTrue(recomputed.contains(#"<span class="origin origin-recomputed">Recomputed</span>"#))
        XCTAssertTrue(recomputed.contains("worked out again by gen from the report"))
        // The Markdown keeps every fact in its list (its head is a heading).
        let markdown = try site.text("\(base)/kzwDBElg3CIaZyi4VVcT.md")
        XCTAssertTrue(markdown.contains("Renée Castillo") && markdown.contains("Herrin Junior High - Herrin"))
    }

    /// An app-filled value that differs from the head is shown: only a repeat is left out.
    func testAFieldThatDiffersFromTheHeadIsShown() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.writeCollection("users", [Doc.user("u1", org: "o1", first: "Ann", last: "Lee")])
        try site.writeCollection("schools", [Doc.school("s1", org: "o1", name: "Adams School")])
        var template = Doc.template(org: "o1")
        template["fields"] =
            (template["fields"] as! [[String: Any]]) + [
                ["id": "who", "type": "user_name", "label": "Photographer", "smartConfig": ["calculationType": "user_name"]],
                ["id": "where", "type": "school_name", "label": "School Name(s)", "smartConfig": ["calculationType": "school_name"]]
            ]
        try site.writeCollection("reportTemplates", [template])
        try site.writeCollection(
            "dailyJobReports",
            [
                Doc.report("same", org: "o1", user: "u1", extra: ["schools_visited": ["Adams School"], "who": "Ann Lee", "where": "Adams School"]),
                Doc.report(
                    "differs", org: "o1", user: "u1", extra: ["schools_visited": ["Adams School"], "who": "Bo Pike", "where": "Adams Schol"])
            ])
        try await site.build()
        let same = try site.text("o1/reports/report/same.html")
        XCTAssertFalse(same.contains("<th scope=\"row\">Photographer"), same)
        XCTAssertFalse(same.contains("<th scope=\"row\">School Name(s)"), same)
        XCTAssertFalse(same.contains("<th scope=\"row\">Schools Visited"), same)
        let differs = try site.text("o1/reports/report/differs.html")
        XCTAssertTrue(differs.contains("<th scope=\"row\">Photographer</th><td>Bo Pike"), differs)
        XCTAssertTrue(differs.contains("<th scope=\"row\">School Name(s)</th><td>Adams Schol"), differs)
    }

    /// Previous and next links go through every report once, in the order of the days' pages.
    func testReportPagesLinkTheReportsBeforeAndAfter() async throws {
        let (site, _) = try await sample()
        let base = "\(Self.org)/reports/report"
        func link(_ page: String, _ rel: String) -> String? {
            guard let range = page.range(of: "rel=\"\(rel)\" href=\"") else { return nil }
            return String(page[range.upperBound...].prefix { $0 != "\"" })
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: site.output.appendingPathComponent(base).path)
            .filter { $0.hasSuffix(".html") }
        let first = try XCTUnwrap(try files.first { link(try site.text("\(base)/\($0)"), "prev") == nil })
        var seen = [first]
        var current = first
        while let next = link(try site.text("\(base)/\(current)"), "next") {
            XCTAssertEqual(link(try site.text("\(base)/\(next)"), "prev"), current, "\(next) leads back")
            seen.append(next)
            current = next
            if seen.count > files.count { break }
        }
        XCTAssertEqual(seen.count, files.count)
        XCTAssertEqual(Set(seen).count, files.count)
        // In the order of the days: the dates the links name never go back.
        let dates = try seen.map { file -> String in
            let page = try site.text("\(base)/\(file)")
            return String(page.components(separatedBy: "<dt>Date</dt><dd>")[1].prefix { $0 != "<" })
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "MMM d, yyyy"
        let days = dates.map { formatter.date(from: $0)! }
        XCTAssertEqual(days, days.sorted())
    }

    func testEveryStoredTextValueAppearsOnItsReportPage() async throws {
        let (site, _) = try await sample()
        let lines = try String(contentsOf: TestSite.repositoryContent.appendingPathComponent("export/dailyJobReports.ndjson"), encoding: .utf8)
            .split(separator: "\n")
        let metadata: Set<String> = [
            "id", "organizationID", "organizationId", "userId", "templateId", "templateName", "templateVersion",
            "reportType", "smartFieldsUsed", "createdAt", "updatedAt", "date", "photographer"
        ]
        var checked = 0
        for line in lines {
            let doc = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            let id = doc["id"] as! String
            let html = try site.text("\(Self.org)/reports/report/\(id).html")
            // As a reader sees it: the head shows the schools of the route as links, one after another.
            let visible = html.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
            for (key, value) in doc where !metadata.contains(key) {
                for text in Self.strings(in: value) {
                    // Dates and times are shown in the site's one style; everything else as stored.
                    if text.range(of: #"^\d{4}-\d{2}-\d{2}|^\d{1,2}:\d{2}$|^\d{1,2}/\d{1,2}/\d{4}$"#, options: .regularExpression) != nil { continue }
                    if Double(text) != nil { continue }
                    XCTAssertTrue(
                        html.contains(Self.html(text)) || visible.contains(Self.html(text)), "\(id).\(key): \"\(text)\" is not on its page")
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 500)
    }

    func testMarkdownTurnsNoUserTextIntoMarkup() async throws {
        let (site, _) = try await sample()
        let cmark = MarkdownRenderer()
        let md = try site.text("\(Self.org)/reports/report/hypapgSvE4F9IxjyCpmQ.md")
        let html = cmark.unsafeHTMLForTesting(md)
        XCTAssertFalse(html.contains("<b>"), "raw HTML from a note")
        XCTAssertFalse(html.contains("href=\"javascript:"), "a link from a note")
        XCTAssertTrue(html.contains("[link](javascript:alert(1))"), "the note's text survives as text")
        XCTAssertFalse(html.contains("<em>old</em>"))
        XCTAssertTrue(html.contains("&lt;b&gt;"))
        // The fields table keeps two cells per row.
        let rows = html.components(separatedBy: "<tr>").dropFirst()
        for row in rows { XCTAssertLessThanOrEqual(row.components(separatedBy: "<td").count - 1, 4, row) }
        // An email address may become a link to exactly that address; nothing else becomes a link.
        let links = html.components(separatedBy: "<a ").dropFirst()
        for link in links {
            let parts = link.split(separator: "\"")
            XCTAssertTrue(parts.count > 1 && parts[1].hasPrefix("mailto:") && link.contains(">\(parts[1].dropFirst("mailto:".count))</a>"), link)
        }
    }

    static func strings(in value: Any) -> [String] {
        switch value {
        case let s as String:
            return s.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? [] : [s.trimmingCharacters(in: .whitespacesAndNewlines)]
        case let a as [Any]: return a.flatMap(strings)
        case let m as [String: Any]: return m.values.flatMap(strings)
        default: return []
        }
    }

    /// As swift-mustache escapes text; line breaks become `<br>` in textareas, so compare line by line.
    static func html(_ text: String) -> String {
        let first = text.components(separatedBy: .newlines).first ?? text
        return first.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;")
    }
}
