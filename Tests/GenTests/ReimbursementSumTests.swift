import Foundation
import GenBuild
import GenSample
import XCTest

/// One rounding rule for money (`Cents`): each trip's amount is rounded to the cent, and every total gen shows
/// is the sum of rounded trips. Worked out here on a generated sample from the trips' miles alone, in decimal
/// arithmetic, then compared with every total a build writes: `mileage.json`, `mileage.csv`, `stats.json`, the
/// mileage page, the monthly pages and the reimbursement statements.
final class ReimbursementSumTests: XCTestCase {
    /// Two rates, the second from the middle of a month, so a month and a statement have trips at each; 0.655 a
    /// mile pays half cents (1.0 mi → $0.655), which the rule rounds up.
    static let rates = """
        mileage:
          ratePerMile: 0.655
          rates:
            - from: 2025-01-15
              ratePerMile: 0.7

        """

    static func rate(on day: String) -> String { day >= "2025-01-15" ? "0.7" : "0.655" }

    /// A trip's amount in cents: miles × rate to the cent, half a cent up, in decimal arithmetic.
    static func cents(miles: Double, day: String) -> Int {
        var product = Decimal(string: "\(miles)")! * Decimal(string: rate(on: day))! * 100
        var rounded = Decimal()
        NSDecimalRound(&rounded, &product, 0, .plain)
        return NSDecimalNumber(decimal: rounded).intValue
    }

    /// `$1,234.56` → 123456.
    static func cents(_ money: Substring) -> Int {
        Int(money.filter { $0.isNumber })!
    }

    func testEveryTotalIsTheSumOfItsRoundedTrips() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gen-cents-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let content = root.appendingPathComponent("Content"), output = root.appendingPathComponent("Output")
        _ = try SampleGenerator.write(SampleOptions(reports: 1200, critiques: 0, photographers: 12), to: content)
        let siteFile = content.appendingPathComponent("site.yml")
        var site = try String(contentsOf: siteFile, encoding: .utf8)
        site = site.replacingOccurrences(of: "mileage:\n  ratePerMile: 0.67\n", with: Self.rates)
        XCTAssertTrue(site.contains("0.655"), "the sample's site.yml sets its rate as expected")
        try site.write(to: siteFile, atomically: true, encoding: .utf8)
        _ = try await BuildPipeline.run(BuildOptions(content: content, templates: TestSite.templates, output: output))
        let org = output.appendingPathComponent("org-sample-1")
        func text(_ path: String) throws -> String { try String(contentsOf: org.appendingPathComponent(path), encoding: .utf8) }

        // The trips, and what each is paid, from mileage.json's miles alone.
        let mileage = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text("data/mileage.json").utf8)) as? [String: Any])
        let trips = try XCTUnwrap(mileage["reports"] as? [[String: Any]])
        XCTAssertEqual(trips.count, 1200)
        var byReport: [String: Int] = [:]
        var byPhotographer: [String: Int] = [:], byMonth: [String: Int] = [:], byPhotographerMonth: [String: Int] = [:]
        var byRate: [String: Int] = [:]  // photographer, month, rate
        var names: [String: String] = [:]
        for trip in trips {
            let id = trip["reportId"] as! String, day = trip["date"] as! String, who = trip["photographerId"] as! String
            let cents = Self.cents(miles: trip["miles"] as! Double, day: day)
            let month = String(day.prefix(7))
            byReport[id] = cents
            byPhotographer[who, default: 0] += cents
            byMonth[month, default: 0] += cents
            byPhotographerMonth[who + " " + month, default: 0] += cents
            byRate[who + " " + month + " " + Self.rate(on: day), default: 0] += cents
            names[who] = trip["photographer"] as? String
        }
        let total = byMonth.values.reduce(0, +)
        func json(_ dollars: Any?) -> Int? { (dollars as? Double).map { Int(($0 * 100).rounded()) } }

        // mileage.csv: each row's amount is the trip's.
        let csv = try text("data/mileage.csv").split(separator: "\r\n").dropFirst()
        XCTAssertEqual(csv.count, trips.count)
        for row in csv {
            let id = String(row.prefix { $0 != "," })
            XCTAssertEqual(Int(row.split(separator: ",").last!.filter { $0.isNumber }), byReport[id], "mileage.csv, \(id)")
        }

        // mileage.json: every month, every photographer's months.
        for m in try XCTUnwrap(mileage["months"] as? [[String: Any]]) {
            XCTAssertEqual(json(m["reimbursement"]), byMonth[m["month"] as! String], "mileage.json month \(m["month"]!)")
        }
        for p in try XCTUnwrap(mileage["photographers"] as? [[String: Any]]) {
            let who = p["photographerId"] as! String
            for m in p["months"] as! [[String: Any]] {
                XCTAssertEqual(json(m["reimbursement"]), byPhotographerMonth[who + " " + (m["month"] as! String)], "mileage.json \(who)")
            }
        }

        // stats.json: all time, each photographer, each month.
        let stats = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text("data/stats.json").utf8)) as? [String: Any])
        let all = try XCTUnwrap(stats["mileage"] as? [String: Any])
        XCTAssertEqual(json(all["reimbursement"]), total, "stats.json")
        for (who, p) in all["photographers"] as! [String: [String: Any]] {
            XCTAssertEqual(json(p["reimbursement"]), byPhotographer[who], "stats.json \(who)")
        }
        for (month, m) in stats["months"] as! [String: [String: Any]] {
            let slice = m["mileage"] as! [String: Any]
            XCTAssertEqual(json(slice["reimbursement"]), byMonth[month] ?? 0, "stats.json \(month)")
            for (who, p) in slice["photographers"] as! [String: [String: Any]] {
                XCTAssertEqual(json(p["reimbursement"]), byPhotographerMonth[who + " " + month], "stats.json \(month) \(who)")
            }
        }

        // The mileage page: each photographer's total and each month's.
        let page = try text("mileage/index.html")
        for (who, name) in names {
            let row = try XCTUnwrap(page.range(of: ">\(name)</a></th>"), name)
            let money = page[row.upperBound...].prefix { $0 != "\n" }.split(separator: "$")[1].prefix { $0 != "<" }
            XCTAssertEqual(Self.cents(money), byPhotographer[who], "mileage/index.html, \(name)")
        }

        // Each month: its page's total and rows, its statements' index, each statement's rates and total.
        for month in byMonth.keys.sorted() {
            let report = try text("reports/monthly/\(month)/report.md")
            XCTAssertTrue(report.contains("- **Reimbursement:** \(Self.money(byMonth[month]!))"), "\(month) report.md")
            let statements = try text("reports/monthly/\(month)/statements/index.html")
            XCTAssertTrue(
                statements.contains("<th scope=\"row\">Total</th>") && statements.contains(Self.money(byMonth[month]!) + "</td>"),
                "\(month) statements index")
            for (who, name) in names {
                guard let cents = byPhotographerMonth[who + " " + month] else { continue }
                XCTAssertTrue(report.contains("| \(name) |") && report.contains(" | \(Self.money(cents)) |"), "\(month) report.md, \(name)")
                let statement = try text("reports/monthly/\(month)/statements/\(who).md")
                XCTAssertTrue(
                    statement.contains("**Amount due to \(name) for \(Self.monthTitle(month)): \(Self.money(cents))**"),
                    "\(month) statement of \(name)")
                for rate in ["0.655", "0.7"] {
                    guard let amount = byRate[who + " " + month + " " + rate] else { continue }
                    let label = rate == "0.7" ? "$0.70 per mile" : "$0.655 per mile"
                    let line = statement.split(separator: "\n").first { $0.hasPrefix("| \(label)") }
                    XCTAssertEqual(line.map { Self.cents($0.split(separator: "$").last!) }, amount, "\(month) \(name) at \(rate)")
                }
            }
        }
    }

    /// `$1,234.56`, as the pages write money.
    static func money(_ cents: Int) -> String {
        let dollars = cents / 100
        let grouped = String(dollars).reversed().enumerated().map { $0 > 0 && $0 % 3 == 0 ? ",\($1)" : "\($1)" }
        return "$" + String(grouped.joined().reversed()) + "." + String(format: "%02d", cents % 100)
    }

    /// `2024-09` → `September 2024`.
    static func monthTitle(_ month: String) -> String {
        let names = [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"
        ]
        return names[Int(month.suffix(2))! - 1] + " " + month.prefix(4)
    }
}
