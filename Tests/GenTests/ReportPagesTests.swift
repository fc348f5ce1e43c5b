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
            for (key, value) in doc where !metadata.contains(key) {
                for text in Self.strings(in: value) {
                    // Dates and times are shown in the site's one style; everything else as stored.
                    if text.range(of: #"^\d{4}-\d{2}-\d{2}|^\d{1,2}:\d{2}$|^\d{1,2}/\d{1,2}/\d{4}$"#, options: .regularExpression) != nil { continue }
                    if Double(text) != nil { continue }
                    XCTAssertTrue(html.contains(Self.html(text)), "\(id).\(key): \"\(text)\" is not on its page")
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
