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
            ["other.columns.csv", "other.csv", "t1.columns.csv", "t1.csv"])

        // One header row of labels; the smart fields' "how filled" after each; the field version 2 dropped,
        // then the other value; a formula neutralised; quotes doubled and line breaks kept inside quotes.
        let header: String =
            "Report,Date,Photographer,Template,Template version,Validation problems,Computed miles,Recorded miles,"
            + "Local media,Schools Visited,Round Trip Mileage,Round Trip Mileage (how filled),Photographer,Photographer (how filled),"
            + "School Contact Email,Notes,Lens,Status"
        let first: String =
            "r1,2024-09-03,Ana Ruiz,Fall Sports Daily Report,2,,0.4,12.5,,Marion High School,12.5 miles,automatic,"
            + "Ana R.,automatic,coach@school.org,'=SUM(A1),,submitted"
        let second: String =
            "r2,2024-09-04,Ana Ruiz,Fall Sports Daily Report,1,School Contact Email: is not an email address,,,,,"
            + "0 miles,fallback,Ana Ruiz,recomputed,not-an-email,\"Line one\nline \"\"two\"\", with a comma\",85mm,"
        XCTAssertEqual(try site.text("\(folder)/t1.csv"), Self.csv([header, first, second]))

        XCTAssertEqual(
            try site.text("\(folder)/t1.columns.csv"),
            Self.csv([
                "column,label,fieldId,kind",
                "1,Report,reportId,fixed", "2,Date,date,fixed", "3,Photographer,photographer,fixed", "4,Template,templateName,fixed",
                "5,Template version,templateVersion,fixed", "6,Validation problems,problems,fixed", "7,Computed miles,computedMiles,fixed",
                "8,Recorded miles,recordedMiles,fixed", "9,Local media,localMedia,fixed",
                "10,Schools Visited,schools_visited,field", "11,Round Trip Mileage,mileage,field",
                "12,Round Trip Mileage (how filled),mileage,how-filled", "13,Photographer,photographer_name,field",
                "14,Photographer (how filled),photographer_name,how-filled", "15,School Contact Email,contact_email,field",
                "16,Notes,notes,field", "17,Lens,lens,older-version", "18,Status,status,other"
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
            try site.text("\(folder)/other.columns.csv").hasSuffix("12,Backdrop,backdrop,key\r\n13,Notes,notes,key\r\n14,Weather,weather,key\r\n"))

        // Linked from the home page's data section, between mileage and the content pages.
        let home = try site.text("\(Self.org)/index.html")
        XCTAssertTrue(home.contains(#"<a href="data/reports/t1.csv" type="text/csv">Fall Sports Daily Report</a>: every field of 2 reports"#), home)
        XCTAssertTrue(
            home.contains(#"<a href="data/reports/other.csv" type="text/csv">Legacy and missing-template reports</a>: every field of 2 reports"#))
        XCTAssertTrue(home.contains(#"<a href="data/reports/t1.columns.csv" type="text/csv">columns</a>"#))
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
            ["2024-09/data/reports/t1.columns.csv", "2024-09/data/reports/t1.csv"])
        XCTAssertEqual(september["2024-09/data/reports/t1.csv"], try Data(contentsOf: folder.appendingPathComponent("t1.csv")))
        XCTAssertEqual(september["2024-09/data/reports/t1.columns.csv"], try Data(contentsOf: folder.appendingPathComponent("t1.columns.csv")))
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
        let slice = String(decoding: try XCTUnwrap(september["2024-09/data/reports/t1.csv"]), as: UTF8.self)
        XCTAssertFalse(slice.contains("Crew"))
        let whole = try site.text("\(Self.org)/data/reports/t1.csv")
        let sliceHeader = slice.components(separatedBy: "\r\n")[0]
        XCTAssertTrue(sliceHeader.hasSuffix(",Lens,Status"), sliceHeader)
        XCTAssertTrue(whole.hasPrefix(sliceHeader.dropLast("Status".count) + "Crew,Status\r\n"), whole)
        XCTAssertTrue(
            whole.hasSuffix("\r\nr5,2024-10-05,Ana Ruiz,Fall Sports Daily Report,2,,,,,,0 miles,fallback,Ana Ruiz,recomputed,,,,Two,\r\n"), whole)
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
        let rows = try site.text("\(Self.org)/data/reports/t1.csv").components(separatedBy: "\r\n")
        let cells = rows[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(rows[0].split(separator: ",").last, "Setup Photos")
        XCTAssertEqual(cells.last, "IMG_1.jpg | \(url)")
        let local = cells[8]
        XCTAssertTrue(local.hasPrefix("media/") && local.contains("-display-") && local.hasSuffix(".jpg"), local)
        XCTAssertTrue(FileManager.default.fileExists(atPath: site.output.appendingPathComponent("\(Self.org)/\(local)").path), local)
        let archive = try Self.entries(site.output.appendingPathComponent("\(Self.org)/archive/2024-09.zip"))
        XCTAssertNotNil(archive["2024-09/\(local)"], "the path holds inside the month's archive too")
    }

    /// File names come from template ids, made path-safe; `other` and the column lists' names are taken, so a
    /// template whose file would be one of them gives way.
    func testFileNamesNeverClash() {
        let ids: [DocumentID] = ["x", "x.columns", "other", "OTHER.columns", "Fall Sports"]
        let names = ReportSpreadsheets.allocate(ids)
        XCTAssertEqual(names["x"], "x")
        XCTAssertEqual(names["x.columns"], "x.columns-2")
        XCTAssertEqual(names["other"], "other-2")
        XCTAssertEqual(names["OTHER.columns"], "OTHER.columns-2")
        XCTAssertTrue(names["Fall Sports"]!.hasPrefix("Fall-Sports-"), names["Fall Sports"]!)
        let files = names.values.flatMap { ["\($0).csv", "\($0).columns.csv"] } + ["other.csv", "other.columns.csv"]
        XCTAssertEqual(Set(files.map { $0.lowercased() }).count, files.count)
    }

    /// Lines as the CSV writer ends them.
    static func csv(_ lines: [String]) -> String { lines.map { $0 + "\r\n" }.joined() }

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
