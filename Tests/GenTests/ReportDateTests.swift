import Foundation
@testable import GenLoad
import GenModel
import XCTest

fileprivate let chicago = TimeZone(identifier: "America/Chicago")!
fileprivate let utc = TimeZone(identifier: "UTC")!

fileprivate func day(_ text: String) -> LocalDate { LocalDate(iso: text)! }

/// Decodes one `dailyJobReports` document of org1 with the given extra fields.
fileprivate func decodeReport(_ fields: [String: FirestoreValue], in zone: TimeZone, id: DocumentID = "r1") -> TypedExport {
    var all = fields
    all["organizationID"] = .string("org1")
    let doc = RawDocument(collection: "dailyJobReports", id: id, fields: all, file: "export/dailyJobReports.json")
    let loaded = LoadedExport(documents: [doc], ignoredCollections: [:], diagnostics: [], files: [doc.file])
    return DocumentDecoder.decode(loaded, timeZone: zone)
}

/// The report's local day, failing the test when the report was skipped.
fileprivate func reportDay(
    _ date: FirestoreValue, in zone: TimeZone,
    file: StaticString = #filePath, line: UInt = #line
) -> LocalDate? {
    let typed = decodeReport(["date": date], in: zone)
    XCTAssertEqual(typed.diagnostics, [], file: file, line: line)
    XCTAssertEqual(typed.reports.count, 1, "report skipped: \(typed.diagnostics)", file: file, line: line)
    return typed.reports.first?.date
}

fileprivate func iso(_ text: String) -> FirestoreValue { .string(text) }

final class ReportDateTests: XCTestCase {
    func testPlainDateStaysThatDayInAnyZone() {
        let zones = [
            "UTC", "America/Chicago", "America/Los_Angeles", "Pacific/Pago_Pago", "Pacific/Kiritimati",
            "Pacific/Auckland", "Asia/Kolkata"
        ].map { TimeZone(identifier: $0)! }
        for zone in zones {
            XCTAssertEqual(reportDay(iso("2024-01-15"), in: zone), day("2024-01-15"), zone.identifier)
            XCTAssertEqual(reportDay(iso("2024-03-10"), in: zone), day("2024-03-10"), zone.identifier)
            XCTAssertEqual(reportDay(iso(" 2024-11-03 "), in: zone), day("2024-11-03"), zone.identifier)
        }
    }

    func testISOTimestampIsConvertedToTheConfiguredZone() {
        XCTAssertEqual(reportDay(iso("2024-02-01T03:30:00Z"), in: chicago), day("2024-01-31"))
        XCTAssertEqual(reportDay(iso("2024-02-01T03:30:00Z"), in: utc), day("2024-02-01"))
        XCTAssertEqual(reportDay(iso("2024-02-01T03:30:00Z"), in: TimeZone(identifier: "Asia/Tokyo")!), day("2024-02-01"))
        XCTAssertEqual(reportDay(iso("2024-01-31T21:30:00-06:00"), in: utc), day("2024-02-01"))
        XCTAssertEqual(reportDay(iso("2024-01-15 14:30:00.123456 UTC"), in: chicago), day("2024-01-15"))
        XCTAssertEqual(reportDay(iso("2024-01-15T05:59:59.999Z"), in: chicago), day("2024-01-14"))
        XCTAssertEqual(reportDay(iso("2024-01-15T06:00:00Z"), in: chicago), day("2024-01-15"))
    }

    func testTimestampValueIsConvertedToo() {
        // 1_706_758_200 is 2024-02-01T03:30:00Z.
        let stamp = FirestoreValue.timestamp(Timestamp(seconds: 1_706_758_200))
        XCTAssertEqual(reportDay(stamp, in: chicago), day("2024-01-31"))
        XCTAssertEqual(reportDay(stamp, in: utc), day("2024-02-01"))
    }

    func testSecondsEncodedDateFromAnExportFileIsConverted() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gen-report-date-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let export = root.appendingPathComponent("export")
        try FileManager.default.createDirectory(at: export, withIntermediateDirectories: true)
        try Data(
            #"""
            {"r1": {"organizationID": "org1", "date": {"_seconds": 1706758200, "_nanoseconds": 0}},
             "r2": {"organizationID": "org1", "date": {"__datatype__": "timestamp", "value": {"_seconds": 1706758200, "_nanoseconds": 0}}}}
            """#.utf8
        ).write(to: export.appendingPathComponent("dailyJobReports.json"))
        let loaded = try ExportLoader.load(contentDirectory: root)

        let inChicago = DocumentDecoder.decode(loaded, timeZone: chicago)
        XCTAssertEqual(inChicago.reports.map(\.id), ["r1", "r2"])
        XCTAssertEqual(inChicago.reports.map(\.date), [day("2024-01-31"), day("2024-01-31")])
        XCTAssertEqual(inChicago.diagnostics, [])
        let inUTC = DocumentDecoder.decode(loaded, timeZone: utc)
        XCTAssertEqual(inUTC.reports.map(\.date), [day("2024-02-01"), day("2024-02-01")])
    }

    func testSpringForward() {
        // 2024-03-10: at 02:00 CST (08:00Z) Chicago jumps to 03:00 CDT.
        XCTAssertEqual(reportDay(iso("2024-03-10T07:30:00Z"), in: chicago), day("2024-03-10"))  // 01:30 CST
        XCTAssertEqual(reportDay(iso("2024-03-10T05:59:00Z"), in: chicago), day("2024-03-09"))  // 23:59 CST
        XCTAssertEqual(reportDay(iso("2024-03-10T06:00:00Z"), in: chicago), day("2024-03-10"))  // 00:00 CST
        XCTAssertEqual(reportDay(iso("2024-03-10T08:30:00Z"), in: chicago), day("2024-03-10"))  // 03:30 CDT
        // After the change the offset is -5: 04:59Z on the 11th is still the 10th, 05:30Z is the 11th.
        XCTAssertEqual(reportDay(iso("2024-03-11T04:59:00Z"), in: chicago), day("2024-03-10"))  // 23:59 CDT
        XCTAssertEqual(reportDay(iso("2024-03-11T05:30:00Z"), in: chicago), day("2024-03-11"))  // 00:30 CDT (23:30 if CST)
        XCTAssertEqual(reportDay(.timestamp(Timestamp(seconds: 1_710_055_800)), in: chicago), day("2024-03-10"))
        XCTAssertEqual(reportDay(.timestamp(Timestamp(seconds: 1_710_050_340)), in: chicago), day("2024-03-09"))
    }

    func testFallBack() {
        // 2024-11-03: at 02:00 CDT (07:00Z) Chicago falls back to 01:00 CST.
        XCTAssertEqual(reportDay(iso("2024-11-03T05:30:00Z"), in: chicago), day("2024-11-03"))  // 00:30 CDT
        XCTAssertEqual(reportDay(iso("2024-11-03T04:59:00Z"), in: chicago), day("2024-11-02"))  // 23:59 CDT
        XCTAssertEqual(reportDay(iso("2024-11-03T06:30:00Z"), in: chicago), day("2024-11-03"))  // 01:30 CDT
        XCTAssertEqual(reportDay(iso("2024-11-03T07:30:00Z"), in: chicago), day("2024-11-03"))  // 01:30 CST
        // After the change the offset is -6: 05:30Z on the 4th is still the 3rd.
        XCTAssertEqual(reportDay(iso("2024-11-04T05:30:00Z"), in: chicago), day("2024-11-03"))  // 23:30 CST (00:30 if CDT)
        XCTAssertEqual(reportDay(iso("2024-11-04T06:00:00Z"), in: chicago), day("2024-11-04"))  // 00:00 CST
        XCTAssertEqual(reportDay(.timestamp(Timestamp(seconds: 1_730_611_800)), in: chicago), day("2024-11-03"))
        XCTAssertEqual(reportDay(.timestamp(Timestamp(seconds: 1_730_609_940)), in: chicago), day("2024-11-02"))
    }

    func testMissingDateFallsBackToCreatedAtWithWarning() throws {
        // createdAt 2024-02-01T03:30:00Z: the creation day is the 31st in Chicago.
        let typed = decodeReport(["createdAt": .timestamp(Timestamp(seconds: 1_706_758_200))], in: chicago)
        XCTAssertEqual(typed.reports.map(\.date), [day("2024-01-31")])
        XCTAssertEqual(typed.reports.first?.createdAt, Timestamp(seconds: 1_706_758_200))
        XCTAssertEqual(typed.diagnostics.count, 1)
        let warning = try XCTUnwrap(typed.diagnostics.first)
        XCTAssertEqual(warning.kind, .warning)
        XCTAssertEqual(warning.field, "date")
        XCTAssertEqual(warning.collection, "dailyJobReports")
        XCTAssertEqual(warning.documentID, "r1")
        XCTAssertEqual(warning.file, "export/dailyJobReports.json")

        // createdAt as ISO text works the same way; a null date counts as missing.
        let fromText = decodeReport(["date": .null, "createdAt": .string("2024-02-01T03:30:00Z")], in: chicago)
        XCTAssertEqual(fromText.reports.map(\.date), [day("2024-01-31")])
        XCTAssertEqual(fromText.diagnostics.map(\.field), ["date"])
        XCTAssertEqual(fromText.diagnostics.map(\.kind), [.warning])
    }

    func testUnreadableDateFallsBackToCreatedAtWithWarning() {
        let created = FirestoreValue.timestamp(Timestamp(seconds: 1_705_329_000))  // 2024-01-15T14:30:00Z
        for bad: FirestoreValue in [.string("soon"), .string("01/15/2024"), .int(20240115), .bool(true)] {
            let typed = decodeReport(["date": bad, "createdAt": created], in: chicago)
            XCTAssertEqual(typed.reports.map(\.date), [day("2024-01-15")], "\(bad)")
            XCTAssertEqual(typed.diagnostics.map(\.kind), [.warning], "\(bad)")
            XCTAssertEqual(typed.diagnostics.map(\.field), ["date"], "\(bad)")
        }
    }

    func testNoDateAndNoCreatedAtIsSkipped() throws {
        for fields: [String: FirestoreValue] in [[:], ["date": .string("someday")], ["date": .int(3)], ["date": .string("")]] {
            let typed = decodeReport(fields, in: chicago)
            XCTAssertEqual(typed.reports, [], "\(fields)")
            XCTAssertEqual(typed.documentsRead, ["dailyJobReports": 1])
            XCTAssertEqual(typed.diagnostics.count, 1, "\(fields): \(typed.diagnostics)")
            let skipped = try XCTUnwrap(typed.diagnostics.first)
            XCTAssertEqual(skipped.kind, .skipped)
            XCTAssertEqual(skipped.field, "date")
            XCTAssertEqual(skipped.collection, "dailyJobReports")
            XCTAssertEqual(skipped.documentID, "r1")
        }
    }

    func testImpossibleCalendarDateIsNotADate() {
        let typed = decodeReport(["date": .string("2024-02-30")], in: utc)
        XCTAssertEqual(typed.reports, [])
        XCTAssertEqual(typed.diagnostics.map(\.field), ["date"])
        XCTAssertEqual(typed.diagnostics.map(\.kind), [.skipped])
    }

    func testMonthKeyOfConvertedDay() {
        XCTAssertEqual(reportDay(iso("2024-02-01T03:30:00Z"), in: chicago)?.monthKey, "2024-01")
        XCTAssertEqual(reportDay(iso("2024-02-01T03:30:00Z"), in: utc)?.monthKey, "2024-02")
    }
}
