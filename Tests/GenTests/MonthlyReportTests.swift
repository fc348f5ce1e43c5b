import Crypto
import Foundation
import GenBuild
import GenLoad
import GenModel
import XCTest
import ZIPFoundation

/// Monthly reports (`reports/monthly/YYYY-MM/index.html`, `report.md`) and monthly archives
/// (`archive/YYYY-MM.zip`) end to end: on the bundled sample (built once, shared, plus one more build for
/// reproducibility) and on a small site with a critiques-only month.
final class MonthlyReportTests: XCTestCase {
    static let org: DocumentID = "L7mQ2xVb9KpT4wRz8NcE"
    nonisolated(unsafe) static var built: TestSite?

    /// The bundled sample, built once for every test of this class. Its thumbnail cache is the default,
    /// `.gen-cache` beside the output, so inside this TestSite's own temp folder.
    func sample() async throws -> TestSite {
        if let built = Self.built { return built }
        let site = try TestSite()
        _ = try await BuildPipeline.run(BuildOptions(content: TestSite.repositoryContent, templates: TestSite.templates, output: site.output))
        Self.built = site
        return site
    }

    override class func tearDown() { built?.remove() }

    // MARK: - Paths and data of the built sample

    static let monthly = "\(org)/reports/monthly"
    static let daily = "\(org)/reports/daily"
    static let archives = "\(org)/archive"

    static func folders(_ url: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    static func json(_ url: URL) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any], url.path)
    }

    /// Daily folders (`YYYY-MM-DD`) grouped by month.
    static func days(_ site: TestSite) -> [String: [String]] {
        Dictionary(grouping: folders(site.output.appendingPathComponent(daily)), by: { String($0.prefix(7)) }).mapValues { $0.sorted() }
    }

    /// `1,767.6`, `$1,184.29`, `**63**` → a number.
    static func number(_ text: String) -> Double? {
        Double(
            text.replacingOccurrences(of: "*", with: "").replacingOccurrences(of: "$", with: "")
                .replacingOccurrences(of: ",", with: "").trimmingCharacters(in: .whitespaces))
    }

    static func double(_ value: Any?) -> Double? { (value as? NSNumber)?.doubleValue }

    static func htmlUnescape(_ s: String) -> String {
        s.replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    static func matches(_ pattern: String, in text: String) -> [[String]] {
        let regex = try! NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators])
        let ns = text as NSString
        return regex.matches(in: text, range: NSRange(location: 0, length: ns.length)).map { match in
            (0..<match.numberOfRanges).map { i in
                match.range(at: i).location == NSNotFound ? "" : ns.substring(with: match.range(at: i))
            }
        }
    }

    /// The Markdown lines from the line `start` (exclusive) to the first line with prefix `end` after it.
    static func section(_ lines: [String], from start: String, to end: String) -> [String] {
        guard let i = lines.firstIndex(of: start) else { return [] }
        let rest = lines[(i + 1)...]
        return Array(rest.prefix { !$0.hasPrefix(end) })
    }

    /// Cells of a Markdown table row (`| a | b |`), `\|` kept inside a cell, backslash escapes removed.
    static func cells(_ row: String) -> [String] {
        row.replacingOccurrences(of: "\\|", with: "\u{1}").split(separator: "|", omittingEmptySubsequences: false)
            .dropFirst().dropLast()
            .map { $0.replacingOccurrences(of: "\u{1}", with: "|").replacingOccurrences(of: "\\", with: "").trimmingCharacters(in: .whitespaces) }
    }

    /// A summary fact of the monthly page: `<dt>Miles</dt><dd>1,606.1</dd>`.
    static func htmlFact(_ label: String, in html: String) -> String? {
        matches("<dt>\(label)</dt><dd>([^<]*)</dd>", in: html).first?[1]
    }

    /// A summary fact of the monthly Markdown: `- **Miles:** 1,606.1`.
    static func mdFact(_ label: String, in md: String) -> String? {
        md.split(separator: "\n").first { $0.hasPrefix("- **\(label):** ") }.map { String($0.dropFirst("- **\(label):** ".count)) }
    }

    // MARK: - 1. Which months, and every report of the month

    /// The expected months are computed without the monthly planner: the months of the daily folders
    /// (`reports/daily/YYYY-MM-DD`, one per day with reports — the daily pages are tested on their own in
    /// ReportPagesTests) plus the months, in the site.yml time zone, of the export's published dated
    /// critiques (read straight from `Content/export` through the loader, month taken with Foundation's
    /// calendar). `stats.json`'s `months` keys must be the same set.
    func testEveryMonthWithReportsOrPublishedCritiquesHasAPageHoldingEveryReport() async throws {
        let site = try await sample()
        let out = site.output
        let days = Self.days(site)
        XCTAssertGreaterThan(days.values.reduce(0) { $0 + $1.count }, 30)

        let yaml = try String(contentsOf: TestSite.repositoryContent.appendingPathComponent("site.yml"), encoding: .utf8)
        let zoneName = try XCTUnwrap(Self.matches(#"(?m)^timeZone:\s*"?([^"\n]+)"?"#, in: yaml).first?[1])
        let zone = try XCTUnwrap(TimeZone(identifier: zoneName))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let typed = DocumentDecoder.decode(try ExportLoader.load(contentDirectory: TestSite.repositoryContent), timeZone: zone)
        let critiqueMonths = Set(
            typed.critiques.filter { $0.organizationID == Self.org && $0.status == "published" }
                .compactMap(\.createdAt).map { stamp -> String in
                    let c = calendar.dateComponents([.year, .month], from: stamp.date)
                    return String(format: "%04d-%02d", c.year!, c.month!)
                })
        XCTAssertFalse(critiqueMonths.isEmpty)
        XCTAssertGreaterThan(typed.critiques.filter { $0.status != "published" }.count, 0, "the sample has drafts")
        let expected = Set(days.keys).union(critiqueMonths)
        XCTAssertFalse(critiqueMonths.isSubset(of: Set(days.keys)), "the sample has a month with critiques only")

        let pages = Set(Self.folders(out.appendingPathComponent(Self.monthly)))
        XCTAssertEqual(pages, expected)
        let stats = try Self.json(out.appendingPathComponent("\(Self.org)/data/stats.json"))
        let statMonths = try XCTUnwrap(stats["months"] as? [String: [String: Any]])
        XCTAssertEqual(Set(statMonths.keys), expected)
        let mileage = try Self.json(out.appendingPathComponent("\(Self.org)/data/mileage.json"))
        let mileageReports = try XCTUnwrap(mileage["reports"] as? [[String: Any]])

        for month in expected.sorted() {
            let md = try site.text("\(Self.monthly)/\(month)/report.md")
            let lines = md.components(separatedBy: "\n")
            let reportHeadings = lines.filter { $0.hasPrefix("### ") }
            let total = try XCTUnwrap((statMonths[month]?["reports"] as? [String: Any])?["total"] as? Int, month)
            XCTAssertEqual(reportHeadings.count, total, "\(month): one ### heading per report")
            XCTAssertTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent("\(Self.monthly)/\(month)/index.html").path))

            // The report ids in the month's Markdown are exactly mileage.json's reports of the month.
            let ids = lines.filter { $0.hasPrefix("- **Report:** ") }.map { String($0.dropFirst("- **Report:** ".count)) }
            let expectedIds = mileageReports.filter { ($0["date"] as? String)?.hasPrefix(month) == true }.compactMap { $0["reportId"] as? String }
            XCTAssertEqual(ids.sorted(), expectedIds.sorted(), "\(month): every report of the month, once")
            XCTAssertEqual(ids.count, total, month)

            guard let monthDays = days[month] else {
                XCTAssertEqual(total, 0, month)
                XCTAssertTrue(md.contains("No daily job reports were filed this month."), month)
                continue
            }
            // Per day: the day's heading, and under it exactly the reports of that day's own report.md.
            var positions: [Int] = []
            for day in monthDays {
                let dayLines = try site.text("\(Self.daily)/\(day)/report.md").components(separatedBy: "\n")
                let title = try XCTUnwrap(dayLines.first.flatMap { $0.hasPrefix("# ") ? String($0.dropFirst(2)) : nil }, day)
                guard let at = lines.firstIndex(of: "## \(title)") else {
                    XCTFail("\(month): no day heading ## \(title)")
                    continue
                }
                positions.append(at)
                let body = lines[(at + 1)...].prefix { !$0.hasPrefix("## ") }
                let inMonth = body.filter { $0.hasPrefix("### ") }.map { String($0.dropFirst(4)) }
                let inDay = dayLines.filter { $0.hasPrefix("## ") }.map { String($0.dropFirst(3)) }
                XCTAssertFalse(inDay.isEmpty, day)
                XCTAssertEqual(inMonth.sorted(), inDay.sorted(), "\(day): the day's reports under its heading")
                let dayIds = dayLines.filter { $0.hasPrefix("- **Report:** ") }
                XCTAssertEqual(body.filter { $0.hasPrefix("- **Report:** ") }.sorted(), dayIds.sorted(), day)
            }
            XCTAssertEqual(positions, positions.sorted(), "\(month): days in date order")
        }
    }

    // MARK: - 2. Numbers agree with mileage.json and stats.json

    func testSummaryAndMileageTableAgreeWithMileageAndStatsJSON() async throws {
        let site = try await sample()
        let out = site.output
        let stats = try Self.json(out.appendingPathComponent("\(Self.org)/data/stats.json"))
        let statMonths = try XCTUnwrap(stats["months"] as? [String: [String: Any]])
        let mileage = try Self.json(out.appendingPathComponent("\(Self.org)/data/mileage.json"))
        let monthRows = try XCTUnwrap(mileage["months"] as? [[String: Any]])
        let photographers = try XCTUnwrap(mileage["photographers"] as? [[String: Any]])

        // The sample's site.yml sets a rate: mileage.json carries it and every month shows the reimbursement.
        let yaml = try String(contentsOf: TestSite.repositoryContent.appendingPathComponent("site.yml"), encoding: .utf8)
        let rate = try XCTUnwrap(Self.matches(#"(?m)^\s+ratePerMile:\s*([0-9.]+)"#, in: yaml).first.flatMap { Double($0[1]) })
        XCTAssertEqual(Self.double(mileage["ratePerMile"]), rate)

        let months = Self.folders(out.appendingPathComponent(Self.monthly))
        XCTAssertFalse(months.isEmpty)
        var monthsWithMiles = 0
        for month in months {
            let html = try site.text("\(Self.monthly)/\(month)/index.html")
            let md = try site.text("\(Self.monthly)/\(month)/report.md")
            let row = monthRows.first { $0["month"] as? String == month }
            let statMonth = try XCTUnwrap(statMonths[month], month)
            let statMileage = try XCTUnwrap(statMonth["mileage"] as? [String: Any], month)
            let statReports = try XCTUnwrap(statMonth["reports"] as? [String: Any], month)
            // A month without reports has no row in mileage.json: 0 miles, 0 reports.
            let miles = Self.double(row?["miles"]) ?? 0
            let reports = (row?["reports"] as? Int) ?? 0
            let money = Self.double(row?["reimbursement"]) ?? 0

            XCTAssertEqual(Self.double(statMileage["miles"]), miles, "\(month): stats.json miles = mileage.json")
            XCTAssertEqual(statMileage["reports"] as? Int, reports, month)
            XCTAssertEqual(statReports["total"] as? Int, reports, "\(month): every report has a mileage row")

            let facts: [(String, (String) -> String?)] = [("HTML", { Self.htmlFact($0, in: html) }), ("MD", { Self.mdFact($0, in: md) })]
            for (where_, fact) in facts {
                XCTAssertEqual(fact("Miles").flatMap(Self.number), miles, "\(month) \(where_) miles")
                XCTAssertEqual(fact("Reports").flatMap(Self.number), Double(reports), "\(month) \(where_) reports")
                XCTAssertEqual(fact("Reimbursement").flatMap(Self.number), money, "\(month) \(where_) reimbursement")
            }

            // Per photographer: mileage.json's photographers with a row for the month, in its order.
            let expected = photographers.compactMap { p -> (name: String, reports: Int, miles: Double, money: Double?)? in
                guard let r = (p["months"] as? [[String: Any]])?.first(where: { $0["month"] as? String == month }) else { return nil }
                return (p["name"] as? String ?? "", r["reports"] as? Int ?? -1, Self.double(r["miles"]) ?? -1, Self.double(r["reimbursement"]))
            }
            let table = Self.section(md.components(separatedBy: "\n"), from: "## Mileage", to: "## ")
            XCTAssertTrue(table.contains("Reimbursed at $\(String(format: "%.2f", rate)) per mile."), month)
            let rows = table.filter { $0.hasPrefix("|") }
            guard !expected.isEmpty else {
                XCTAssertEqual(rows, [], month)
                XCTAssertTrue(table.contains("No mileage this month."), month)
                continue
            }
            monthsWithMiles += 1
            XCTAssertEqual(rows.first.map(Self.cells), ["Photographer", "Reports", "Miles", "Reimbursement"], "\(month): reimbursement column")
            let body = rows.dropFirst(2).map(Self.cells)
            let people = body.filter { $0.first != "**Total**" }
            XCTAssertEqual(people.map { $0[0] }, expected.map(\.name), month)
            for (cells, p) in zip(people, expected) {
                XCTAssertEqual(cells.count, 4, month)
                XCTAssertEqual(Self.number(cells[1]), Double(p.reports), "\(month) \(p.name) reports")
                XCTAssertEqual(Self.number(cells[2]), p.miles, "\(month) \(p.name) miles")
                XCTAssertEqual(cells.count > 3 ? Self.number(cells[3]) : nil, p.money, "\(month) \(p.name) reimbursement")
            }
            let total = try XCTUnwrap(body.first { $0.first == "**Total**" }, month)
            XCTAssertEqual(total.dropFirst().map { Self.number($0) }, [Double(reports), miles, money], "\(month) total row")

            // The HTML table says the same.
            let section = try XCTUnwrap(Self.matches(#"<section aria-labelledby="mileage-h">(.*?)</section>"#, in: html).first?[1], month)
            XCTAssertTrue(section.contains(#"<th scope="col" class="num">Reimbursement</th>"#), month)
            let tbody = try XCTUnwrap(Self.matches("<tbody>(.*?)</tbody>", in: section).first?[1], month)
            let htmlRows = Self.matches(
                #"<tr><th scope="row">([^<]*)</th><td class="num">([^<]*)</td><td class="num">([^<]*)</td><td class="num">([^<]*)</td></tr>"#,
                in: tbody)
            XCTAssertEqual(htmlRows.map { Self.htmlUnescape($0[1]) }, expected.map(\.name), month)
            for (cells, p) in zip(htmlRows, expected) {
                XCTAssertEqual(
                    [Self.number(cells[2]), Self.number(cells[3]), Self.number(cells[4])], [Double(p.reports), p.miles, p.money], "\(month) \(p.name)"
                )
            }
        }
        XCTAssertGreaterThanOrEqual(monthsWithMiles, 2)
    }

    // MARK: - 3. Critiques only, drafts only, nothing

    func testMonthWithCritiquesOnlyGetsAPageDraftsAndEmptyMonthsDoNot() async throws {
        let site = try TestSite()
        defer { site.remove() }
        let org = "o1"
        try site.write("site.yml", "timeZone: America/Chicago\norganizations:\n  o1: \"Test Photo Co\"\n")
        try site.writeCollection("users", [Doc.user("u1", org: org, first: "Jane", last: "Doe")])
        try site.writeCollection("reportTemplates", [Doc.template(org: org)])
        try site.writeCollection("dailyJobReports", [Doc.report("r1", org: org, user: "u1", date: "2024-09-03")])
        func critique(_ id: String, seconds: Int, status: String) -> [String: Any] {
            var c = Doc.critique(id, org: org, target: "u1", notes: "NOTE-\(id)", status: status)
            c["createdAt"] = ["_seconds": seconds, "_nanoseconds": 0]
            return c
        }
        try site.writeCollection(
            "photoCritiques",
            [
                critique("c-nov", seconds: 1_731_693_600, status: "published"),  // 2024-11-15 12:00 CST
                critique("c-dec", seconds: 1_733_853_600, status: "draft")
            ])  // 2024-12-10 12:00 CST
        try await site.build()

        let monthly = site.output.appendingPathComponent("\(org)/reports/monthly")
        XCTAssertEqual(Self.folders(monthly), ["2024-09", "2024-11"])
        XCTAssertEqual(Self.folders(site.output.appendingPathComponent("\(org)/archive")), ["2024-09.zip", "2024-11.zip"])
        for nothing in ["2024-10", "2024-12"] {
            XCTAssertFalse(FileManager.default.fileExists(atPath: monthly.appendingPathComponent(nothing).path), nothing)
            XCTAssertFalse(FileManager.default.fileExists(atPath: site.output.appendingPathComponent("\(org)/archive/\(nothing).zip").path), nothing)
        }

        let html = try site.text("\(org)/reports/monthly/2024-11/index.html")
        let md = try site.text("\(org)/reports/monthly/2024-11/report.md")
        XCTAssertTrue(html.contains("No daily job reports were filed this month"))
        XCTAssertTrue(md.contains("No daily job reports were filed this month."))
        // The reports index says which monthly report has no daily reports.
        let index = try site.text("\(org)/reports/index.html")
        XCTAssertTrue(index.contains(#"November 2024</a> <span class="muted">(critiques only, no daily reports)</span>"#), index)
        XCTAssertFalse(index.contains(#"September 2024</a> <span class="muted">(critiques only"#))
        XCTAssertTrue(html.contains("<dt>Critiques given</dt><dd>1 (1 good, 0 needs improvement)</dd>"))
        XCTAssertTrue(md.contains("| Nov 15, 2024 |"))
        XCTAssertFalse(html.contains(#"<section class="month-day""#))
        XCTAssertFalse(md.contains("\n### "))
        // Previous / next skip the empty October.
        XCTAssertTrue(html.contains(#"<a rel="prev" href="../2024-09/index.html">"#))
        XCTAssertFalse(html.contains(#"rel="next""#))
        let september = try site.text("\(org)/reports/monthly/2024-09/index.html")
        XCTAssertTrue(september.contains(#"<a rel="next" href="../2024-11/index.html">"#))
        XCTAssertEqual(september.components(separatedBy: #"<section class="month-day""#).count - 1, 1)
        XCTAssertFalse(september.contains("No daily job reports were filed this month"))

        let stats = try Self.json(site.output.appendingPathComponent("\(org)/data/stats.json"))
        XCTAssertEqual(Set((stats["months"] as? [String: Any] ?? [:]).keys), ["2024-09", "2024-11"])

        // The critiques-only month's archive says the same.
        let unpacked = try Self.unpack(site.output.appendingPathComponent("\(org)/archive/2024-11.zip"))
        defer { try? FileManager.default.removeItem(at: unpacked) }
        let archived = String(decoding: try Data(contentsOf: unpacked.appendingPathComponent("2024-11/index.html")), as: UTF8.self)
        XCTAssertTrue(archived.contains("No daily job reports were filed this month"))
        let archivedStats = try Self.json(unpacked.appendingPathComponent("2024-11/data/stats.json"))
        XCTAssertEqual(archivedStats["month"] as? String, "2024-11")
        XCTAssertEqual((archivedStats["reports"] as? [String: Any])?["total"] as? Int, 0)
        XCTAssertEqual((archivedStats["critiques"] as? [String: Any])?["total"] as? Int, 1)
        let archivedMileage = try Self.json(unpacked.appendingPathComponent("2024-11/data/mileage.json"))
        XCTAssertEqual((archivedMileage["reports"] as? [Any])?.count, 0)
        XCTAssertEqual((archivedMileage["months"] as? [Any])?.count, 0)

        // No rate in this site.yml: no reimbursement anywhere on the month with a report.
        let septemberMD = try site.text("\(org)/reports/monthly/2024-09/report.md")
        XCTAssertTrue(septemberMD.contains("| Photographer | Reports | Miles |\n"), "mileage table without a reimbursement column")
        XCTAssertFalse(septemberMD.contains("Reimburse"))
        XCTAssertFalse(september.contains("Reimburse"))
    }

    // MARK: - 4. The archive

    func testArchivesAreSelfContainedAndChecksummed() async throws {
        let site = try await sample()
        let out = site.output
        let zips = Self.folders(out.appendingPathComponent(Self.archives))
        let months = Self.folders(out.appendingPathComponent(Self.monthly))
        XCTAssertEqual(zips, months.map { "\($0).zip" }, "one archive per monthly page")
        let siteStats = try Self.json(out.appendingPathComponent("\(Self.org)/data/stats.json"))
        let siteMonths = try XCTUnwrap(siteStats["months"] as? [String: Any])
        let siteMileage = try Self.json(out.appendingPathComponent("\(Self.org)/data/mileage.json"))
        let siteCSS = try Data(contentsOf: out.appendingPathComponent("\(Self.org)/assets/style.css"))
        let days = Self.days(site)
        var sawMedia = false

        for month in months {
            let unpacked = try Self.unpack(out.appendingPathComponent("\(Self.archives)/\(month).zip"))
            defer { try? FileManager.default.removeItem(at: unpacked) }
            XCTAssertEqual(Self.folders(unpacked), [month], "\(month): one top folder")
            let folder = unpacked.appendingPathComponent(month)
            let files = TestSite.files(under: folder)
            for required in [
                "index.html", "report.md", "assets/style.css", "data/mileage.json", "data/stats.json", "SHA256SUMS",
                "search.html", "assets/search.js", "search/index.js", "search/\(month).js", "attention.html"
            ] {
                XCTAssertTrue(files.contains(required), "\(month): \(required)")
            }
            XCTAssertTrue(
                files.allSatisfy {
                    $0 == "SHA256SUMS" || ["index.html", "report.md", "search.html", "attention.html"].contains($0) || $0.hasPrefix("assets/")
                        || $0.hasPrefix("media/") || $0.hasPrefix("data/") || $0.hasPrefix("search/") || $0.hasPrefix("statements/")
                }, "\(month): \(files)")
            // The month's search finds its reports at their anchors in the archived page.
            let shard = String(decoding: try Data(contentsOf: folder.appendingPathComponent("search/\(month).js")), as: UTF8.self)
            XCTAssertTrue(shard.hasPrefix("genSearch.month({") && shard.hasSuffix("});\n"), month)
            for day in days[month] ?? [] { XCTAssertTrue(shard.contains(#""h":"index.html#d-\#(day)""#), "\(month): \(day)") }
            XCTAssertFalse(shard.contains("reports\\/report\\/"), "\(month): no link out of the archive")
            if files.contains(where: { $0.hasPrefix("media/") }) { sawMedia = true }
            XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("assets/style.css")), siteCSS, month)

            // SHA256SUMS: every other file exactly once, and the sums hold.
            let sums = String(decoding: try Data(contentsOf: folder.appendingPathComponent("SHA256SUMS")), as: UTF8.self)
            let listed = sums.split(separator: "\n").map { line -> String in
                XCTAssertTrue(line.range(of: #"^[0-9a-f]{64}  \S"#, options: .regularExpression) != nil, "\(month): \(line)")
                return String(line.dropFirst(66))
            }
            XCTAssertEqual(listed.sorted(), files.filter { $0 != "SHA256SUMS" }, "\(month): SHA256SUMS lists every other file")
            XCTAssertEqual(Set(listed).count, listed.count, "\(month): no file listed twice")
            for line in sums.split(separator: "\n") {
                let path = String(line.dropFirst(66))
                let data = try Data(contentsOf: folder.appendingPathComponent(path))
                XCTAssertEqual(String(line.prefix(64)), SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined(), "\(month): \(path)")
            }
            if FileManager.default.isExecutableFile(atPath: "/usr/bin/sha256sum") {
                let check = Self.run("/usr/bin/sha256sum", ["-c", "--strict", "SHA256SUMS"], in: folder)
                XCTAssertEqual(check.status, 0, "\(month): sha256sum -c\n\(check.output)")
            }

            // Links: every local reference resolves inside the folder; nothing climbs out; no navigation.
            let html = String(decoding: try Data(contentsOf: folder.appendingPathComponent("index.html")), as: UTF8.self)
            Self.assertLocalReferencesResolve(html, page: "index.html", in: folder, label: month)
            let attention = String(decoding: try Data(contentsOf: folder.appendingPathComponent("attention.html")), as: UTF8.self)
            Self.assertLocalReferencesResolve(attention, page: "attention.html", in: folder, label: "\(month) attention")
            let md = String(decoding: try Data(contentsOf: folder.appendingPathComponent("report.md")), as: UTF8.self)
            for target in Self.matches(#"\]\(([^)\s]+)\)"#, in: md).map({ $0[1] }) where !Self.isExternal(target) {
                XCTAssertFalse(target.contains("../"), "\(month) report.md: \(target)")
                Self.assertResolves(target, from: folder, in: folder, label: "\(month) report.md")
            }
            XCTAssertFalse(html.contains(#"<nav aria-label="Sections">"#), "\(month): the archived page has no navigation bar")
            XCTAssertFalse(html.contains(#"class="day-nav""#), "\(month): no previous/next months")
            XCTAssertFalse(html.contains(#"class="breadcrumb""#), month)
            XCTAssertFalse(html.contains(".zip"), "\(month): no link to the archive itself")
            if let python = Self.python3() {
                let check = Self.run(python, [Self.linkChecker.path, folder.path], in: folder)
                XCTAssertEqual(check.status, 0, "\(month): check_links.py\n\(check.output)")
            }
            // One section per day, as on the site page.
            let ids = Self.matches(#"<section class="month-day" id="([^"]*)""#, in: html).map { $0[1] }
            XCTAssertEqual(ids, (days[month] ?? []).map { "d-\($0)" }, month)

            // data/mileage.json: the site's mileage.json cut to the month, computed here independently.
            let archivedMileage = try Self.json(folder.appendingPathComponent("data/mileage.json"))
            var slice = siteMileage
            slice["reports"] = (siteMileage["reports"] as? [[String: Any]] ?? []).filter { ($0["date"] as? String)?.hasPrefix(month) == true }
            slice["months"] = (siteMileage["months"] as? [[String: Any]] ?? []).filter { $0["month"] as? String == month }
            slice["photographers"] = (siteMileage["photographers"] as? [[String: Any]] ?? []).compactMap { p -> [String: Any]? in
                guard let row = (p["months"] as? [[String: Any]])?.first(where: { $0["month"] as? String == month }) else { return nil }
                var p = p
                p["months"] = [row]
                p["totalMiles"] = row["miles"]
                return p
            }
            XCTAssertTrue(
                NSDictionary(dictionary: archivedMileage).isEqual(to: slice),
                "\(month): data/mileage.json\n\(Self.pretty(archivedMileage))\n≠\n\(Self.pretty(slice))")
            let archivedReports = (archivedMileage["reports"] as? [[String: Any]] ?? []).compactMap { $0["reportId"] as? String }
            let expectedReports = (slice["reports"] as? [[String: Any]] ?? []).compactMap { $0["reportId"] as? String }
            XCTAssertEqual(archivedReports, expectedReports, month)

            // data/stats.json: the month's slice of the site's stats.json.
            let archivedStats = try Self.json(folder.appendingPathComponent("data/stats.json"))
            XCTAssertEqual(archivedStats["month"] as? String, month)
            let expectedStats = try XCTUnwrap(siteMonths[month] as? [String: Any], month)
            XCTAssertTrue(
                NSDictionary(dictionary: archivedStats).isEqual(to: expectedStats),
                "\(month): data/stats.json\n\(Self.pretty(archivedStats))\n≠\n\(Self.pretty(expectedStats))")
        }
        XCTAssertTrue(sawMedia, "some archive carries report thumbnails")
    }

    // MARK: - 5. Reproducible

    func testSecondBuildGivesTheSameArchiveAndMonthlyBytes() async throws {
        let first = try await sample()
        let second = try TestSite()
        defer { second.remove() }
        let cache = second.root.appendingPathComponent("other-cache")
        let output = second.root.appendingPathComponent("elsewhere/Output")
        _ = try await BuildPipeline.run(
            BuildOptions(content: TestSite.repositoryContent, templates: TestSite.templates, output: output, cache: cache))
        XCTAssertFalse(TestSite.files(under: cache).isEmpty, "the second build filled its own cache")

        for folder in [Self.archives, Self.monthly] {
            let a = first.output.appendingPathComponent("\(folder)")
            let b = output.appendingPathComponent("\(folder)")
            let files = TestSite.files(under: a)
            XCTAssertFalse(files.isEmpty, folder)
            XCTAssertEqual(files, TestSite.files(under: b), folder)
            for file in files {
                let x = try Data(contentsOf: a.appendingPathComponent(file))
                let y = try? Data(contentsOf: b.appendingPathComponent(file))
                XCTAssertTrue(x == y, "\(folder)/\(file) differs between builds")
            }
        }
    }

    // MARK: - 6. Print

    func testMonthlyPageHasOneSectionPerDayAndPrintsWithRunningHeads() async throws {
        let site = try await sample()
        let days = Self.days(site)
        for month in Self.folders(site.output.appendingPathComponent(Self.monthly)) {
            let html = try site.text("\(Self.monthly)/\(month)/index.html")
            XCTAssertEqual(html.components(separatedBy: #"<section class="month-day""#).count - 1, days[month]?.count ?? 0, month)
            let ids = Self.matches(#"<section class="month-day" id="([^"]*)""#, in: html).map { $0[1] }
            XCTAssertEqual(ids, (days[month] ?? []).map { "d-\($0)" }, month)
            // Each day's table-of-contents entry points at its section.
            for id in ids { XCTAssertTrue(html.contains("<a href=\"#\(id)\">"), "\(month): \(id)") }
        }

        // Printed: the organization and the month at the top of every sheet, "Page N of M" at the foot, reports
        // following one another (a report's body row may break, between its own rows), a report that goes on
        // to the next sheet continued under its repeated head, and links to other formats left off paper.
        // browser-test prints the page and measures every sheet.
        let october = try site.text("\(Self.monthly)/2024-10/index.html")
        XCTAssertTrue(
            october.contains(#"<style>@page { @top-left { content: "Lumen School Photography · Monthly report: October 2024"; } }</style>"#))
        let css = try site.text("\(Self.org)/assets/style.css")
        XCTAssertTrue(css.contains(#"content: "Page " counter(page) " of " counter(pages);"#))
        let printRules = Self.rules(css).filter { $0.context.contains { $0.hasPrefix("@media print") } }
        func printRule(_ selector: String, _ declaration: String) -> Bool {
            printRules.contains { rule in
                rule.selector.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespacesAndNewlines) == selector }
                    && rule.declarations.replacingOccurrences(of: " ", with: "").contains(declaration)
            }
        }
        XCTAssertFalse(printRule(".report", "break-inside:avoid"), "a report does not wait for a fresh sheet")
        XCTAssertTrue(printRule(".report-sheet > tbody > tr", "break-inside:auto"), "a report's body may go on to the next sheet")
        XCTAssertTrue(printRule(".report tr", "break-inside:avoid"), "never inside one of its rows")
        XCTAssertTrue(printRule(".screen-only", "display:none"), "links to other formats are not printed")
        XCTAssertTrue(october.contains(#"<span class="screen-only"> · <a href="report.md" type="text/markdown">Markdown</a>"#))
        XCTAssertTrue(printRule(".report-sheet > thead", "display:table-header-group"), "its head repeats on every sheet")
        XCTAssertTrue(october.components(separatedBy: #"<table class="report-sheet" role="presentation">"#).count - 1 == 69)
    }

    // MARK: - Helpers

    /// Style rules with their enclosing at-rules (a small brace-depth scan, comments removed).
    static func rules(_ css: String) -> [(context: [String], selector: String, declarations: String)] {
        let text = css.replacingOccurrences(of: #"(?s)/\*.*?\*/"#, with: "", options: .regularExpression)
        var stack: [String] = []
        var buffer = ""
        var out: [(context: [String], selector: String, declarations: String)] = []
        for ch in text {
            switch ch {
            case "{":
                stack.append(buffer.trimmingCharacters(in: .whitespacesAndNewlines))
                buffer = ""
            case "}":
                if let selector = stack.popLast(), !selector.hasPrefix("@") {
                    out.append((stack, selector, buffer))
                }
                buffer = ""
            default:
                buffer.append(ch)
            }
        }
        return out
    }

    static func isExternal(_ ref: String) -> Bool {
        ref.range(of: "^[a-zA-Z][a-zA-Z0-9+.-]*:", options: .regularExpression) != nil || ref.hasPrefix("#")
    }

    /// Every href/src/srcset of `html` that is local resolves to a file inside `root`.
    static func assertLocalReferencesResolve(
        _ html: String, page: String, in root: URL, label: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        var refs: [String] = []
        for m in matches(#"\s(href|src|srcset)="([^"]*)""#, in: html) {
            let value = htmlUnescape(m[2])
            if m[1] == "srcset" {
                refs += value.split(separator: ",").compactMap { $0.split(separator: " ").first.map(String.init) }
            } else {
                refs.append(value)
            }
        }
        XCTAssertFalse(refs.isEmpty, label, file: file, line: line)
        let base = root.appendingPathComponent(page).deletingLastPathComponent()
        for ref in refs {
            XCTAssertFalse(ref.hasPrefix("file:"), "\(label): \(ref)", file: file, line: line)
            guard !isExternal(ref) else { continue }
            XCTAssertFalse(ref.contains("../"), "\(label): \(ref) climbs out", file: file, line: line)
            XCTAssertFalse(ref.hasPrefix("/"), "\(label): \(ref) is absolute", file: file, line: line)
            assertResolves(ref, from: base, in: root, label: label, file: file, line: line)
        }
    }

    static func assertResolves(
        _ ref: String, from base: URL, in root: URL, label: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let path = String(
            ref.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
                .split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0])
        let decoded = path.removingPercentEncoding ?? path
        let target = base.appendingPathComponent(decoded).standardizedFileURL.path
        XCTAssertTrue(target.hasPrefix(root.standardizedFileURL.path + "/"), "\(label): \(ref) leaves the folder", file: file, line: line)
        var isDir: ObjCBool = false
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: target, isDirectory: &isDir) && !isDir.boolValue,
            "\(label): \(ref) is no file in the archive", file: file, line: line)
    }

    static func pretty(_ object: [String: Any]) -> String {
        (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]))
            .map { String(decoding: $0, as: UTF8.self) } ?? "\(object)"
    }

    static var linkChecker: URL {
        TestSite.templates.deletingLastPathComponent().appendingPathComponent("scripts/check_links.py")
    }

    /// An absolute path to python3, if there is one (the checker is standard library only).
    static func python3() -> String? {
        let found = run("/usr/bin/env", ["sh", "-c", "command -v python3"], in: FileManager.default.temporaryDirectory)
        let path = found.output.trimmingCharacters(in: .whitespacesAndNewlines)
        return found.status == 0 && !path.isEmpty ? path : nil
    }

    /// Unpacks a zip into a new temp folder: with `/usr/bin/unzip` when present, else ZIPFoundation.
    static func unpack(_ zip: URL) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gen-monthly-zip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/unzip") {
            let result = run("/usr/bin/unzip", ["-q", zip.path, "-d", dir.path], in: dir)
            XCTAssertEqual(result.status, 0, "unzip \(zip.lastPathComponent)\n\(result.output)")
        } else {
            try FileManager.default.unzipItem(at: zip, to: dir)
        }
        return dir
    }

    static func run(_ executable: String, _ arguments: [String], in directory: URL) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch { return (-1, "\(error)") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
