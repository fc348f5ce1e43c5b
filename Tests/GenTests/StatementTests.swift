import Foundation
import GenLoad
import GenModel
import XCTest
import ZIPFoundation

/// The reimbursement statements (`MileageStatements`): every figure worked out here from the documents alone
/// (haversine legs, recorded miles, the rule, the rate of each day), then looked for in the output.
final class StatementTests: XCTestCase {
    struct UserDoc {
        var org: String
        var first: String
        var last: String
        var home: String?
        var name: String { "\(first) \(last)" }
    }

    static let users: [String: UserDoc] = [
        "u1": UserDoc(org: "orgA", first: "Ann", last: "Lee", home: "37.7306,-88.9331"),
        // No home: the recorded miles are used.
        "u2": UserDoc(org: "orgA", first: "Bo", last: "Diaz", home: nil),
        "ub": UserDoc(org: "orgB", first: "Cy", last: "Ng", home: "37.7306,-88.9331")
    ]

    static let schools: [(id: String, org: String, name: String, coordinates: String)] = [
        ("sA", "orgA", "Adams School", "37.7334,-88.9337"),
        ("sH", "orgA", "Herrin High", "37.8106,-89.0276"),
        ("sC", "orgA", "Carbondale Middle", "37.7273,-89.2168"),
        ("sB", "orgB", "Bravo Elementary", "38.0000,-89.0000")
    ]

    struct ReportDoc {
        var id: String
        var org: String
        var user: String
        var date: String
        var schools: [String]
        var recorded: String?
        var jobType: String
    }

    /// September 2024 crosses the rate change of the 15th: trips before it and after it, for both photographers.
    static let reports: [ReportDoc] = [
        ReportDoc(id: "r1", org: "orgA", user: "u1", date: "2024-08-20", schools: ["Herrin High"], recorded: nil, jobType: "Picture Day"),
        ReportDoc(
            id: "r2", org: "orgA", user: "u1", date: "2024-09-03", schools: ["Adams School", "Herrin High"], recorded: "14 miles",
            jobType: "Picture Day"),
        ReportDoc(id: "r3", org: "orgA", user: "u2", date: "2024-09-10", schools: ["Adams School"], recorded: "20.5 miles", jobType: "Fall Sports"),
        ReportDoc(
            id: "r4", org: "orgA", user: "u1", date: "2024-09-16", schools: ["Carbondale Middle", "Adams School"], recorded: nil,
            jobType: "Fall Sports"),
        ReportDoc(id: "r5", org: "orgA", user: "u2", date: "2024-09-27", schools: ["Herrin High"], recorded: "12.3 miles", jobType: "Picture Day"),
        ReportDoc(id: "r6", org: "orgA", user: "u1", date: "2024-09-30", schools: ["Herrin High"], recorded: "30 miles", jobType: "Picture Day"),
        ReportDoc(id: "rb", org: "orgB", user: "ub", date: "2024-09-20", schools: ["Bravo Elementary"], recorded: nil, jobType: "Picture Day")
    ]

    static let datedRates = """
        title: Statements
        organizations:
          orgA: Alpha Photo
          orgB: Bravo Photo
        mileage:
          ratePerMile: 0.655
          rates:
            - from: 2024-09-15
              ratePerMile: 0.7
        """

    /// The rate of a day, as the configuration above says.
    static func rate(_ day: String, dated: Bool) -> Double { dated && day >= "2024-09-15" ? 0.7 : (dated ? 0.655 : 0.67) }

    func write(_ site: TestSite, config: String) throws {
        try site.writeCollection(
            "users",
            Self.users.sorted { $0.key < $1.key }.map { id, u in Doc.user(id, org: u.org, first: u.first, last: u.last, home: u.home) })
        try site.writeCollection(
            "schools", Self.schools.map { Doc.school($0.id, org: $0.org, name: $0.name, coordinates: $0.coordinates) })
        var templateA = Doc.template("t1", org: "orgA")
        var fields = templateA["fields"] as! [[String: Any]]
        fields.append(["id": "job_type", "type": "select", "label": "Job Type", "options": ["Picture Day", "Fall Sports"]])
        templateA["fields"] = fields
        var templateB = Doc.template("tb", org: "orgB")
        templateB["fields"] = fields
        try site.writeCollection("reportTemplates", [templateA, templateB])
        try site.writeCollection(
            "dailyJobReports",
            Self.reports.map { r in
                var extra: [String: Any] = [
                    "schools_visited": r.schools, "job_type": r.jobType, "templateId": r.org == "orgA" ? "t1" : "tb",
                    "templateName": "Fall Sports Daily Report"
                ]
                if let recorded = r.recorded { extra["mileage"] = recorded }
                return Doc.report(r.id, org: r.org, user: r.user, date: r.date, extra: extra)
            })
        try site.write("site.yml", config)
    }

    // MARK: Figures worked out from the documents

    static func point(_ text: String) -> (Double, Double) {
        let parts = text.split(separator: ",").map { Double($0)! }
        return (parts[0], parts[1])
    }

    static func haversine(_ a: (Double, Double), _ b: (Double, Double)) -> Double {
        let rad = Double.pi / 180
        let dLat = (b.0 - a.0) * rad, dLng = (b.1 - a.1) * rad
        let h = pow(sin(dLat / 2), 2) + cos(a.0 * rad) * cos(b.0 * rad) * pow(sin(dLng / 2), 2)
        return 2 * 3958.8 * asin(min(1, sqrt(h)))
    }

    static func round(_ x: Double, _ decimals: Int) -> Double {
        let scale = pow(10, Double(decimals))
        return (x * scale).rounded() / scale
    }

    /// (computed, recorded, used, rule) of a report: the route home → schools → home when the photographer has a
    /// home, else the recorded miles.
    static func miles(_ r: ReportDoc) -> (computed: Double?, recorded: Double?, used: Double, rule: String) {
        let recorded = r.recorded.map { Double($0.split(separator: " ")[0])! }
        if let home = users[r.user]!.home.map(point) {
            let stops = r.schools.map { name in point(schools.first { $0.name == name && $0.org == r.org }!.coordinates) }
            var here = home, total = 0.0
            for stop in stops + [home] {
                total += haversine(here, stop)
                here = stop
            }
            let computed = round(total, 1)
            return (computed, recorded, computed, "computed")
        }
        return (nil, recorded, recorded ?? 0, "as recorded")
    }

    /// Per rate: (rate, trips, miles, amount), oldest rate first; the amount is the sum of each trip's miles
    /// × the rate rounded to the cent, the payroll rule.
    static func totals(_ reports: [ReportDoc], dated: Bool) -> [(rate: Double, trips: Int, miles: Double, amount: Double)] {
        var byRate: [Double: (trips: Int, miles: Double, amount: Double)] = [:]
        for r in reports.sorted(by: { $0.date < $1.date }) {
            let rate = rate(r.date, dated: dated)
            byRate[rate, default: (0, 0, 0)].trips += 1
            byRate[rate, default: (0, 0, 0)].miles += miles(r).used
            byRate[rate, default: (0, 0, 0)].amount += round(miles(r).used * rate, 2)
        }
        return byRate.keys.sorted().map { rate in
            (rate, byRate[rate]!.trips, round(byRate[rate]!.miles, 1), round(byRate[rate]!.amount, 2))
        }
    }

    /// `2024-09-03` → `Sep 3, 2024`, as the pages write a day.
    static func day(_ iso: String) -> String {
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let parts = iso.split(separator: "-").map { Int($0)! }
        return "\(months[parts[1] - 1]) \(parts[2]), \(parts[0])"
    }

    static func money(_ x: Double) -> String { "$" + String(format: "%.2f", x) }

    static func monthReports(_ user: String, _ month: String) -> [ReportDoc] {
        reports.filter { $0.user == user && $0.date.hasPrefix(month) }
    }

    static func text(_ url: URL) throws -> String { String(decoding: try Data(contentsOf: url), as: UTF8.self) }

    static func hrefs(_ html: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: #"(?:href|src)="([^"]*)""#)
        return regex.matches(in: html, range: NSRange(html.startIndex..., in: html)).map {
            String(html[Range($0.range(at: 1), in: html)!])
        }
    }

    /// The text of an HTML fragment without its tags, entities of the sample decoded.
    static func plain(_ html: String) -> String {
        html.replacingOccurrences(of: "<[^>]+>", with: "", options: .regularExpression)
            .replacingOccurrences(of: "&#8594;", with: "→").replacingOccurrences(of: "&rarr;", with: "→")
    }

    // MARK: Tests

    func testStatementsShowEveryTripAndTotalsPerRateAcrossARateChange() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try write(site, config: Self.datedRates)
        try await site.build()
        let folder = site.output.appendingPathComponent("orgA/reports/monthly/2024-09/statements")

        // mileage.json: the month's reimbursement is the sum of its trips' amounts, each at the rate of its day.
        let json =
            try JSONSerialization.jsonObject(with: Data(contentsOf: site.output.appendingPathComponent("orgA/data/mileage.json")))
            as! [String: Any]
        XCTAssertEqual(json["ratePerMile"] as? Double, 0.7)
        let rates = json["rates"] as! [[String: Any]]
        XCTAssertEqual(rates.count, 2)
        XCTAssertTrue(rates[0]["from"] is NSNull)
        XCTAssertEqual(rates[1]["from"] as? String, "2024-09-15")
        let september = Self.reports.filter { $0.org == "orgA" && $0.date.hasPrefix("2024-09") }
        let monthRow = (json["months"] as! [[String: Any]]).first { $0["month"] as? String == "2024-09" }!
        let expectedMonth = Self.totals(september, dated: true)
        XCTAssertEqual(monthRow["reimbursement"] as? Double, Self.round(expectedMonth.reduce(0) { $0 + $1.amount }, 2))
        XCTAssertEqual(expectedMonth.count, 2, "the month crosses the rate change")

        // mileage.csv: each trip at the rate of its day.
        let csv = try Self.text(site.output.appendingPathComponent("orgA/data/mileage.csv"))
        for r in Self.reports where r.org == "orgA" {
            let amount = String(format: "%.2f", Self.round(Self.miles(r).used * Self.rate(r.date, dated: true), 2))
            let line = csv.split(whereSeparator: \.isNewline).first { $0.hasPrefix(r.id + ",") }!
            XCTAssertTrue(line.hasSuffix("," + amount), "\(line) should end with \(amount)")
        }

        for (user, file) in [("u1", "u1"), ("u2", "u2")] {
            let trips = Self.monthReports(user, "2024-09")
            let html = try Self.text(folder.appendingPathComponent("\(file).html"))
            let page = Self.plain(html)
            XCTAssertTrue(page.contains(Self.users[user]!.name), user)
            XCTAssertTrue(page.contains("Sep 1, 2024 – Sep 30, 2024"))
            XCTAssertTrue(page.contains("Alpha Photo (Statements)"), "the preparer")
            // Every trip: date, schools in order, purpose, miles computed / recorded / used, the rule, rate, amount.
            let rows = html.components(separatedBy: "<tr><th scope=\"row\">").dropFirst().map {
                Self.plain("<th>" + $0.components(separatedBy: "</tr>")[0])
            }
            for r in trips {
                let (computed, recorded, used, rule) = Self.miles(r)
                let day = Self.day(r.date)
                let row = rows.first { $0.hasPrefix(day) }
                XCTAssertNotNil(row, "\(r.id) on \(day)")
                let expected =
                    day + r.schools.joined(separator: " → ") + r.jobType + " — Fall Sports Daily Report"
                    + (computed.map { String(format: "%.1f", $0) } ?? "—") + (recorded.map { String(format: "%.1f", $0) } ?? "—")
                    + String(format: "%.1f", used) + rule
                XCTAssertTrue(row?.hasPrefix(expected) == true, "\(row ?? "-") should start with \(expected)")
                let rate = Self.rate(r.date, dated: true)
                XCTAssertTrue(row?.contains(rate == 0.7 ? "$0.70" : "$0.655") == true, row ?? "-")
                XCTAssertTrue(row?.hasSuffix(Self.money(Self.round(used * rate, 2))) == true, row ?? "-")
            }
            // Totals per rate, then the grand total.
            let totals = Self.totals(trips, dated: true)
            let grand = Self.round(totals.reduce(0) { $0 + $1.amount }, 2)
            for t in totals {
                let label = t.rate == 0.7 ? "$0.70 per mile from Sep 15, 2024" : "$0.655 per mile"
                let expected = label + "\(t.trips)" + String(format: "%.1f", t.miles) + Self.money(t.amount)
                XCTAssertTrue(rows.contains(expected), "\(expected) in \(rows)")
            }
            XCTAssertTrue(
                rows.contains(
                    "Total\(trips.count)" + String(format: "%.1f", Self.round(trips.reduce(0) { $0 + Self.miles($1).used }, 1)) + Self.money(grand)),
                "\(rows)")
            XCTAssertTrue(page.contains("Amount due to \(Self.users[user]!.name) for September 2024: \(Self.money(grand))"))
            // mileage.json agrees with the statement.
            let photographer = (json["photographers"] as! [[String: Any]]).first { $0["photographerId"] as? String == user }!
            let month = (photographer["months"] as! [[String: Any]]).first { $0["month"] as? String == "2024-09" }!
            XCTAssertEqual(month["reimbursement"] as? Double, grand)
            // Signature and date lines for the photographer and the approver, together at the end.
            let signatures = try XCTUnwrap(html.range(of: "<div class=\"signatures\">"))
            let tail = String(html[signatures.lowerBound...])
            XCTAssertTrue(tail.contains("Photographer: \(Self.users[user]!.name)"))
            XCTAssertTrue(tail.contains("Approved by"))
            XCTAssertEqual(tail.components(separatedBy: "<span>Date</span>").count - 1, 2)
            XCTAssertFalse(tail.contains("<tr>"), "no trip after the signatures")
            // The Markdown twin has the same rows.
            let markdown = try Self.text(folder.appendingPathComponent("\(file).md"))
            XCTAssertTrue(markdown.contains("**Amount due to \(Self.users[user]!.name) for September 2024: \(Self.money(grand))**"))
            // The trips' head and rows, the totals' head, a row per rate and the total.
            XCTAssertEqual(markdown.components(separatedBy: "\n| ").count - 1, 1 + trips.count + 1 + totals.count + 1)
        }
    }

    func testIndexListsEveryPhotographerOfTheMonthAndItsLinksResolve() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try write(site, config: Self.datedRates)
        try await site.build()
        let org = site.output.appendingPathComponent("orgA")
        let folder = org.appendingPathComponent("reports/monthly/2024-09/statements")
        let index = try Self.text(folder.appendingPathComponent("index.html"))
        for user in ["u1", "u2"] {
            let trips = Self.monthReports(user, "2024-09")
            let miles = String(format: "%.1f", Self.round(trips.reduce(0) { $0 + Self.miles($1).used }, 1))
            let amount = Self.money(Self.round(Self.totals(trips, dated: true).reduce(0) { $0 + $1.amount }, 2))
            XCTAssertTrue(
                index.contains(
                    "<a href=\"\(user).html\">\(Self.users[user]!.name)</a></th><td class=\"num\">\(trips.count)</td><td class=\"num\">\(miles)</td><td class=\"num\">\(amount)</td>"
                ), index)
        }
        XCTAssertFalse(index.contains("Cy Ng"), "another organization's photographer")
        // August: Ann alone.
        let august = try Self.text(org.appendingPathComponent("reports/monthly/2024-08/statements/index.html"))
        XCTAssertTrue(august.contains("Ann Lee") && !august.contains("Bo Diaz"))
        // Every link of the statements, the monthly page and the mileage pages resolves.
        let pages = [
            folder.appendingPathComponent("index.html"), folder.appendingPathComponent("u1.html"),
            org.appendingPathComponent("reports/monthly/2024-09/index.html"), org.appendingPathComponent("mileage/index.html"),
            org.appendingPathComponent("mileage/u1.html")
        ]
        for page in pages {
            for href in Self.hrefs(try Self.text(page)) where !href.hasPrefix("#") {
                let path = String(href.split(separator: "#", omittingEmptySubsequences: false)[0])
                let target = page.deletingLastPathComponent().appendingPathComponent(path).standardizedFileURL
                XCTAssertTrue(FileManager.default.fileExists(atPath: target.path), "\(page.lastPathComponent): \(href)")
            }
        }
        let mileage = try Self.text(org.appendingPathComponent("mileage/index.html"))
        XCTAssertTrue(mileage.contains("href=\"../reports/monthly/2024-09/statements/index.html\""))
        XCTAssertTrue(try Self.text(org.appendingPathComponent("mileage/u1.html")).contains("../reports/monthly/2024-09/statements/u1.html"))
        XCTAssertTrue(try Self.text(org.appendingPathComponent("reports/monthly/2024-09/index.html")).contains("href=\"statements/index.html\""))
        // Organization isolation: orgB's statements hold only its own photographer.
        let bravo = try Self.text(site.output.appendingPathComponent("orgB/reports/monthly/2024-09/statements/index.html"))
        XCTAssertTrue(bravo.contains("Cy Ng"))
        for name in ["Ann Lee", "Bo Diaz", "Alpha Photo"] { XCTAssertFalse(bravo.contains(name), name) }
        let bravoFiles = TestSite.files(under: site.output.appendingPathComponent("orgB"))
        XCTAssertFalse(bravoFiles.contains { $0.contains("u1") || $0.contains("u2") }, "\(bravoFiles)")
    }

    func testArchiveHoldsTheStatementsWithNoLinkLeavingIt() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try write(site, config: Self.datedRates)
        try await site.build()
        let zip = try Data(contentsOf: site.output.appendingPathComponent("orgA/archive/2024-09.zip"))
        let archive = try Archive(data: zip, accessMode: .read)
        var files: [String: Data] = [:]
        for entry in archive {
            var data = Data()
            _ = try archive.extract(entry) { data.append($0) }
            files[entry.path] = data
        }
        for name in ["index.html", "u1.html", "u1.md", "u2.html", "u2.md"] {
            XCTAssertNotNil(files["2024-09/statements/\(name)"], name)
        }
        // Byte for byte the site's statement but for the navigation: the same rows.
        let archived = String(decoding: files["2024-09/statements/u1.html"]!, as: UTF8.self)
        let grand = Self.money(Self.round(Self.totals(Self.monthReports("u1", "2024-09"), dated: true).reduce(0) { $0 + $1.amount }, 2))
        XCTAssertTrue(archived.contains(grand))
        for (path, data) in files where path.hasSuffix(".html") {
            for href in Self.hrefs(String(decoding: data, as: UTF8.self)) where !href.hasPrefix("#") {
                XCTAssertFalse(href.contains("://"), "\(path): \(href)")
                let resolved = URL(fileURLWithPath: "/" + path).deletingLastPathComponent()
                    .appendingPathComponent(String(href.split(separator: "#", omittingEmptySubsequences: false)[0])).standardizedFileURL.path
                XCTAssertNotNil(files[String(resolved.dropFirst())], "\(path): \(href) → \(resolved)")
            }
        }
        XCTAssertTrue(String(decoding: files["2024-09/index.html"]!, as: UTF8.self).contains("href=\"statements/index.html\""))
    }

    func testStatementsAreDeterministic() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try write(site, config: Self.datedRates)
        let second = site.root.appendingPathComponent("Second")
        try await site.build()
        try await site.build(output: second)
        for path in ["orgA/reports/monthly/2024-09/statements", "orgA/archive"] {
            let a = TestSite.allText(under: site.output.appendingPathComponent(path))
            XCTAssertFalse(a.isEmpty)
            XCTAssertEqual(a, TestSite.allText(under: second.appendingPathComponent(path)), path)
        }
    }

    func testASingleRateIsARateFromTheBeginningOfTime() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try write(site, config: "title: Statements\nmileage:\n  ratePerMile: 0.67\n")
        try await site.build()
        let html = try Self.text(site.output.appendingPathComponent("orgA/reports/monthly/2024-09/statements/u1.html"))
        let trips = Self.monthReports("u1", "2024-09")
        let totals = Self.totals(trips, dated: false)
        XCTAssertEqual(totals.count, 1)
        XCTAssertTrue(
            Self.plain(html).contains("$0.67 per mile\(totals[0].trips)" + String(format: "%.1f", totals[0].miles) + Self.money(totals[0].amount)))
        let json =
            try JSONSerialization.jsonObject(with: Data(contentsOf: site.output.appendingPathComponent("orgA/data/mileage.json")))
            as! [String: Any]
        XCTAssertEqual(json["ratePerMile"] as? Double, 0.67)
        let rates = json["rates"] as! [[String: Any]]
        XCTAssertEqual(rates.count, 1)
        XCTAssertTrue(rates[0]["from"] is NSNull)
        let monthly = try Self.text(site.output.appendingPathComponent("orgA/reports/monthly/2024-09/index.html"))
        XCTAssertTrue(monthly.contains("reimbursed at $0.67 per mile</span>"))
    }

    func testNoRateStillListsTheTrips() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try write(site, config: "title: Statements\n")
        try await site.build()
        let html = try Self.text(site.output.appendingPathComponent("orgA/reports/monthly/2024-09/statements/u2.html"))
        XCTAssertTrue(html.contains("No reimbursement rate is configured."))
        XCTAssertFalse(html.contains("$"))
    }
}
