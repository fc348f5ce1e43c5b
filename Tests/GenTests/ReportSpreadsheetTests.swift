import Crypto
import Foundation
import GenBuild
import GenModel
@testable import GenPlan
import XCTest
import ZIPFoundation

/// `data/reports/<template>.csv`, its column list and `other.csv`: every value of every report, as the
/// report's page shows it, one row per report; and the month's rows inside the month's archive.
final class ReportSpreadsheetTests: XCTestCase {
    static let org = "orgA"

    /// A template (version 2) with a multiselect, two smart fields, an email field that fails validation
    /// and a textarea; a report filed with version 1 holding a field version 2 dropped; a legacy report and
    /// a missing-template report in the next month.
    func makeSite() throws -> TestSite {
        let site = try TestSite()
        try site.write("site.yml", "timeZone: America/Chicago\n")
        try site.writeCollection("users", [Doc.user("u1", org: Self.org, first: "Ana", last: "Ruiz")])
        try site.writeCollection("schools", [Doc.school("s1", org: Self.org, name: "Marion High School")])
        var template = Doc.template(org: Self.org)
        template["version"] = 2
        template["fields"] = [
            ["id": "schools_visited", "type": "multiselect", "label": "Schools Visited", "options": ["Marion High School"]],
            [
                "id": "mileage", "type": "mileage", "label": "Round Trip Mileage",
                "smartConfig": ["calculationType": "mileage", "fallbackValue": "0 miles"]
            ],
            [
                "id": "photographer_name", "type": "user_name", "label": "Photographer",
                "smartConfig": ["calculationType": "user_name", "fallbackValue": "Photographer"]
            ],
            ["id": "contact_email", "type": "email", "label": "School Contact Email"],
            ["id": "notes", "type": "textarea", "label": "Notes"]
        ]
        try site.writeCollection("reportTemplates", [template])
        var legacy = Doc.report(
            "r3", org: Self.org, user: "u1", date: "2024-10-02",
            extra: ["reportType": "legacy", "notes": "Old form", "weather": "Sunny"])
        legacy.removeValue(forKey: "templateId")
        try site.writeCollection(
            "dailyJobReports",
            [
                Doc.report(
                    "r1", org: Self.org, user: "u1",
                    extra: [
                        "templateVersion": 2, "schools_visited": ["Marion High School"], "mileage": "12.5 miles",
                        "photographer_name": "Ana R.", "contact_email": "coach@school.org", "notes": "=SUM(A1)", "status": "submitted"
                    ]),
                Doc.report(
                    "r2", org: Self.org, user: "u1", date: "2024-09-04",
                    extra: [
                        "templateVersion": 1, "contact_email": "not-an-email", "notes": "Line one\nline \"two\", with a comma",
                        "lens": "85mm"
                    ]),
                legacy,
                Doc.report(
                    "r4", org: Self.org, user: "u1", date: "2024-10-03",
                    extra: [
                        "templateId": "gone", "templateName": "Banner Day", "backdrop": "Blue", "notes": "@team"
                    ])
            ])
        return site
    }

    func testSpreadsheetsHoldEveryValueAsThePageShowsIt() async throws {
        let site = try makeSite()
        defer { site.remove() }
        try await site.build()
        let folder = "\(Self.org)/data/reports"
        XCTAssertEqual(
            TestSite.files(under: site.output.appendingPathComponent(folder)),
            ["fall-sports-daily-report.columns.csv", "fall-sports-daily-report.csv", "other.columns.csv", "other.csv"])

        // One header row of unique labels, units in them (the mileage field's cells plain numbers); the smart
        // fields' "how filled" after each; the field version 2 dropped, then the other value; a formula
        // neutralised; quotes doubled and line breaks kept inside quotes.
        let header: String =
            "Report,Date,Photographer,Template,Template version,Validation problems,Computed miles,Recorded miles,"
            + "Local media,Schools Visited,Round Trip Mileage (miles),Round Trip Mileage (how filled),"
            + "Photographer [photographer_name],Photographer (how filled),School Contact Email,Notes,Lens,Status"
        let first: String =
            "r1,2024-09-03,Ana Ruiz,Fall Sports Daily Report,2,,0.4,12.5,,Marion High School,12.5,automatic,"
            + "Ana R.,automatic,coach@school.org,'=SUM(A1),,submitted"
        let second: String =
            "r2,2024-09-04,Ana Ruiz,Fall Sports Daily Report,1,School Contact Email: is not an email address,,,,,"
            + "0,fallback,Ana Ruiz,recomputed,not-an-email,\"Line one\nline \"\"two\"\", with a comma\",85mm,"
        XCTAssertEqual(try site.text("\(folder)/fall-sports-daily-report.csv"), Self.csv([header, first, second]))

        XCTAssertEqual(
            try site.text("\(folder)/fall-sports-daily-report.columns.csv"),
            Self.csv([
                "column,label,fieldId,kind,format",
                "1,Report,reportId,fixed,text", "2,Date,date,fixed,date", "3,Photographer,photographer,fixed,text",
                "4,Template,templateName,fixed,text", "5,Template version,templateVersion,fixed,number",
                "6,Validation problems,problems,fixed,text", "7,Computed miles,computedMiles,fixed,number",
                "8,Recorded miles,recordedMiles,fixed,number", "9,Local media,localMedia,fixed,text",
                "10,Schools Visited,schools_visited,field,text", "11,Round Trip Mileage (miles),mileage,field,miles",
                "12,Round Trip Mileage (how filled),mileage,how-filled,text",
                "13,Photographer [photographer_name],photographer_name,field,text",
                "14,Photographer (how filled),photographer_name,how-filled,text", "15,School Contact Email,contact_email,field,text",
                "16,Notes,notes,field,text", "17,Lens,lens,older-version,text", "18,Status,status,other,text"
            ]))

        // Legacy and missing-template reports: their keys as columns, in key order.
        let otherHeader: String =
            "Report,Date,Photographer,Template,Template version,Read as,Template id,Validation problems,"
            + "Computed miles,Recorded miles,Local media,Backdrop,Notes,Weather"
        XCTAssertEqual(
            try site.text("\(folder)/other.csv"),
            Self.csv([
                otherHeader, "r3,2024-10-02,Ana Ruiz,,,legacy,,,,,,,Old form,Sunny",
                "r4,2024-10-03,Ana Ruiz,Banner Day,,missing-template,gone,,,,,Blue,'@team,"
            ]))
        XCTAssertTrue(
            try site.text("\(folder)/other.columns.csv").hasSuffix(
                "12,Backdrop,backdrop,key,text\r\n13,Notes,notes,key,text\r\n14,Weather,weather,key,text\r\n"))

        // Linked from the home page's data section, between mileage and the content pages.
        let home = try site.text("\(Self.org)/index.html")
        XCTAssertTrue(
            home.contains(
                #"<a href="data/reports/fall-sports-daily-report.csv" type="text/csv">Fall Sports Daily Report</a>: every field of 2 reports"#), home)
        XCTAssertTrue(
            home.contains(#"<a href="data/reports/other.csv" type="text/csv">Legacy and missing-template reports</a>: every field of 2 reports"#))
        XCTAssertTrue(home.contains(#"<a href="data/reports/fall-sports-daily-report.columns.csv" type="text/csv">columns</a>"#))
        let mileage = try XCTUnwrap(home.range(of: #"id="mileage-h""#))
        let data = try XCTUnwrap(home.range(of: #"id="data-h""#))
        XCTAssertLessThan(mileage.lowerBound, data.lowerBound)
        XCTAssertTrue(home.contains(#"href="data/stats.json""#) && home.contains(#"href="data/mileage.csv""#))
    }

    func testArchiveHoldsTheMonthsRowsCoveredBySHA256SUMS() async throws {
        let site = try makeSite()
        defer { site.remove() }
        try await site.build()
        let september = try Self.entries(site.output.appendingPathComponent("\(Self.org)/archive/2024-09.zip"))
        let october = try Self.entries(site.output.appendingPathComponent("\(Self.org)/archive/2024-10.zip"))
        let folder = site.output.appendingPathComponent("\(Self.org)/data/reports")
        // Each month has only its own reports' spreadsheets: here the same bytes as the site's.
        XCTAssertEqual(
            september.keys.filter { $0.contains("/data/reports/") }.sorted(),
            ["2024-09/data/reports/fall-sports-daily-report.columns.csv", "2024-09/data/reports/fall-sports-daily-report.csv"])
        XCTAssertEqual(
            september["2024-09/data/reports/fall-sports-daily-report.csv"],
            try Data(contentsOf: folder.appendingPathComponent("fall-sports-daily-report.csv")))
        XCTAssertEqual(
            september["2024-09/data/reports/fall-sports-daily-report.columns.csv"],
            try Data(contentsOf: folder.appendingPathComponent("fall-sports-daily-report.columns.csv")))
        XCTAssertEqual(
            october.keys.filter { $0.contains("/data/reports/") }.sorted(),
            ["2024-10/data/reports/other.columns.csv", "2024-10/data/reports/other.csv"])
        XCTAssertEqual(october["2024-10/data/reports/other.csv"], try Data(contentsOf: folder.appendingPathComponent("other.csv")))

        for (month, entries) in [("2024-09", september), ("2024-10", october)] {
            let sums = String(decoding: try XCTUnwrap(entries["\(month)/SHA256SUMS"]), as: UTF8.self)
            for (path, data) in entries where path.contains("/data/reports/") {
                let line = "\(SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined())  \(path.dropFirst(month.count + 1))\n"
                XCTAssertTrue(sums.contains(line), "\(month): SHA256SUMS lacks \(line)")
            }
        }
    }

    /// A month's slice is made from that month's reports alone: a report of another month that adds a
    /// column changes the site's file, never this month's slice (whose archive an incremental build keeps).
    func testMonthsSliceHasOnlyItsOwnReportsColumns() async throws {
        let site = try makeSite()
        defer { site.remove() }
        try site.writeCollection(
            "dailyJobReports",
            [
                Doc.report("r5", org: Self.org, user: "u1", date: "2024-10-05", extra: ["templateVersion": 2, "crew": "Two"])
            ], file: "dailyJobReports-more.ndjson")
        try await site.build()
        let september = try Self.entries(site.output.appendingPathComponent("\(Self.org)/archive/2024-09.zip"))
        let slice = String(decoding: try XCTUnwrap(september["2024-09/data/reports/fall-sports-daily-report.csv"]), as: UTF8.self)
        XCTAssertFalse(slice.contains("Crew"))
        let whole = try site.text("\(Self.org)/data/reports/fall-sports-daily-report.csv")
        let sliceHeader = slice.components(separatedBy: "\r\n")[0]
        XCTAssertTrue(sliceHeader.hasSuffix(",Lens,Status"), sliceHeader)
        XCTAssertTrue(whole.hasPrefix(sliceHeader.dropLast("Status".count) + "Crew,Status\r\n"), whole)
        XCTAssertTrue(
            whole.hasSuffix("\r\nr5,2024-10-05,Ana Ruiz,Fall Sports Daily Report,2,,,,,,0,fallback,Ana Ruiz,recomputed,,,,Two,\r\n"), whole)
    }

    /// Attached files: `name | URL` in their field, and the local copy's display size under "Local media".
    func testFilesAndLocalMedia() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.writeCollection("users", [Doc.user("u1", org: Self.org, first: "Ana", last: "Ruiz")])
        var template = Doc.template(org: Self.org)
        template["fields"] = [["id": "photos", "type": "file", "label": "Setup Photos"]]
        try site.writeCollection("reportTemplates", [template])
        let url = CritiqueGalleryTests.storageURL("dailyJobReports/r1/IMG_1.jpg")
        try site.writeCollection(
            "dailyJobReports",
            [
                Doc.report("r1", org: Self.org, user: "u1", extra: ["photos": [["url": url, "name": "IMG_1.jpg"]]])
            ])
        let media = site.content.appendingPathComponent("media/dailyJobReports/r1")
        try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: CritiqueGalleryTests.fixture("photo.jpg"), to: media.appendingPathComponent("IMG_1.jpg"))
        try await site.build()
        let rows = try site.text("\(Self.org)/data/reports/fall-sports-daily-report.csv").components(separatedBy: "\r\n")
        let cells = rows[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(rows[0].split(separator: ",").last, "Setup Photos")
        XCTAssertEqual(cells.last, "IMG_1.jpg | \(url)")
        let local = cells[8]
        XCTAssertTrue(local.hasPrefix("media/") && local.contains("-display-") && local.hasSuffix(".jpg"), local)
        XCTAssertTrue(FileManager.default.fileExists(atPath: site.output.appendingPathComponent("\(Self.org)/\(local)").path), local)
        let archive = try Self.entries(site.output.appendingPathComponent("\(Self.org)/archive/2024-09.zip"))
        XCTAssertNotNil(archive["2024-09/\(local)"], "the path holds inside the month's archive too")
    }

    /// File names come from template names, in ASCII; two templates of one name, `other` and the column lists'
    /// names are told apart, so a template whose file would be one of them gives way.
    func testFileNamesNeverClash() {
        let templates: [(id: DocumentID, name: String)] = [
            ("a", "x"), ("b", "x.columns"), ("c", "Other"), ("d", "OTHER.columns"), ("e", "Fall Sports Daily Report"),
            ("f", "Fall Sports Daily Report"), ("g", "Fête d’école — Été"), ("h", "日報")
        ]
        let names = ReportSpreadsheets.allocate(templates)
        XCTAssertEqual(names["a"], "x")
        XCTAssertEqual(names["b"], "x-columns")
        XCTAssertEqual(names["c"], "other-2")
        XCTAssertEqual(names["d"], "other-columns")
        XCTAssertEqual(names["e"], "fall-sports-daily-report")
        XCTAssertEqual(names["f"], "fall-sports-daily-report-2")
        XCTAssertEqual(names["g"], "fete-d-ecole-ete")
        XCTAssertEqual(names["h"], "h", "a name with no ASCII letters: the id")
        let files = names.values.flatMap { ["\($0).csv", "\($0).columns.csv"] } + ["other.csv", "other.columns.csv"]
        XCTAssertEqual(Set(files.map { $0.lowercased() }).count, files.count)
        XCTAssertTrue(names.values.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } })
    }

    /// A column of one kind of number is written as plain numbers, its unit in the header; a date as the pages
    /// write it becomes an ISO date; a column with anything else keeps every cell as the page shows it.
    func testColumnsOfNumbersAreWrittenAsNumbers() {
        XCTAssertEqual(SpreadsheetColumn.kind(of: "1,234.5"), .number)
        XCTAssertEqual(SpreadsheetColumn.kind(of: "-$1,234.50"), .money)
        XCTAssertEqual(SpreadsheetColumn.kind(of: "35.0 miles"), .miles)
        XCTAssertEqual(SpreadsheetColumn.kind(of: "45%"), .percent)
        XCTAssertEqual(SpreadsheetColumn.kind(of: "Oct 3, 2024"), .date)
        for text in ["12,34", "1,2345", "1.", ".5", "$-3", "618-555-0100", "Unknown", "35 miles away", "Oct 32, 2024"] {
            XCTAssertNil(SpreadsheetColumn.kind(of: text), text)
        }
        XCTAssertEqual(SpreadsheetColumn.money.cell("-$1,234.50"), "-1234.50")
        XCTAssertEqual(SpreadsheetColumn.miles.cell("35.0 miles"), "35.0")
        XCTAssertEqual(SpreadsheetColumn.number.cell("1,234"), "1234")
        XCTAssertEqual(SpreadsheetColumn.date.cell("Oct 3, 2024"), "2024-10-03")
        XCTAssertEqual(SpreadsheetColumn.merge(.miles, .miles), .miles)
        XCTAssertEqual(SpreadsheetColumn.merge(.miles, .text), .text, "one \"Unknown\" keeps the column as text")
        XCTAssertEqual(SpreadsheetColumn.merge(nil, .money), .money)
    }

    /// `mileage.csv`: a byte-order mark, labels people read, numbers plain, the money in a column of its own
    /// when a rate is set, and the keys `mileage.json` uses in `mileage.columns.csv`.
    func testMileageSpreadsheetOpensWithLabelsAndMoney() async throws {
        let site = try makeSite()
        defer { site.remove() }
        try site.write("site.yml", "mileage:\n  ratePerMile: 0.67\n")
        try await site.build()
        let data = try Data(contentsOf: site.output.appendingPathComponent("\(Self.org)/data/mileage.csv"))
        XCTAssertEqual(Array(data.prefix(3)), [0xEF, 0xBB, 0xBF])
        let lines = String(decoding: data.dropFirst(3), as: UTF8.self).components(separatedBy: "\r\n")
        XCTAssertEqual(
            lines[0],
            "Report,Date,Photographer id,Photographer,Schools,Route,Computed miles,Recorded miles,Miles used,Miles from,Flags,Reimbursement ($)")
        let header = lines[0].components(separatedBy: ",")
        XCTAssertEqual(Set(header).count, header.count)
        let r1 = try XCTUnwrap(lines.first { $0.hasPrefix("r1,") }).components(separatedBy: ",")
        let miles = try XCTUnwrap(Double(r1[8]))
        XCTAssertEqual(r1.last, String(format: "%.2f", (miles * 0.67 * 100).rounded() / 100))
        XCTAssertTrue(
            try site.text("\(Self.org)/data/mileage.columns.csv").hasSuffix(
                "9,Miles used,miles\r\n10,Miles from,source\r\n11,Flags,flags\r\n12,Reimbursement ($),reimbursement\r\n"))
    }

    /// Lines as the CSV writer ends them.
    static func csv(_ lines: [String]) -> String { "\u{FEFF}" + lines.map { $0 + "\r\n" }.joined() }

    static func entries(_ zip: URL) throws -> [String: Data] {
        let archive = try Archive(url: zip, accessMode: .read)
        var out: [String: Data] = [:]
        for entry in archive {
            var data = Data()
            _ = try archive.extract(entry) { data.append($0) }
            out[entry.path] = data
        }
        return out
    }
}
