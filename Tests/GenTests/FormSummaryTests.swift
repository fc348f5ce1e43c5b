import Foundation
@testable import GenBuild
@testable import GenCompute
import GenModel
import GenResolve
import XCTest

/// A report's form summary (`FormSummary`): what statistics and the other whole-organization pages read of
/// a form, kept between builds (`FormSummaryStore`) so an incremental build reads most reports back instead
/// of reading them through their templates again.
final class FormSummaryTests: XCTestCase {
    let zone = TimeZone(identifier: "America/Chicago")!
    let other = DocumentSource(file: "f", collection: "c", documentID: "d")

    func field(_ id: String, _ type: String, required: Bool = false, formula: String? = nil) -> TemplateField {
        TemplateField(id: id, type: type, label: id.capitalized, required: required,
                      smartConfig: formula.map { SmartFieldConfig(calculationType: "calculation", fallbackValue: "N/A", formula: $0) })
    }

    lazy var template = ReportTemplate(id: "t1", organizationID: "o", name: "Daily", fields: [
        field("photos", "number", required: true),
        field("double", "calculation", formula: "photos * 2"),
        field("ratio", "calculation", formula: "photos / zero"),
        field("zero", "number"),
        field("weather", "weather_conditions"),
        field("files", "file"),
        field("email", "email"),
    ], source: other)

    func report(_ id: String, _ values: [String: FirestoreValue], digest: UInt64) -> DailyJobReport {
        var fields = values
        fields["templateId"] = .string("t1")
        var report = DailyJobReport(id: id, organizationID: "o", userId: nil, date: LocalDate(year: 2025, month: 7, day: 8),
                                    templateId: "t1", reportType: "template", fields: fields,
                                    source: DocumentSource(file: "export/r.json", collection: "dailyJobReports", documentID: id))
        report.digest = ContentDigest(high: digest, low: digest)
        return report
    }

    func org(_ reports: [DailyJobReport]) -> Organization {
        Organization(id: "o", name: "O", pathSegment: "o", users: [], schools: [], templates: [template], reports: reports, critiques: [])
    }

    lazy var reports = [
        report("r1", ["photos": .int(40), "zero": .int(0), "weather": .string("Sunny, 72°F"),
                      "files": .array([.map(["name": .string("a.jpg"), "url": .string("media/a.jpg")])])], digest: 1),
        report("r2", ["photos": .string("many"), "email": .string("not an address")], digest: 2),
        report("r3", ["photos": .int(5), "zero": .int(1)], digest: 3),
    ]

    /// Every part of a summary reads back as it was written; a summary cut short, or with more after it, does not.
    func testASummaryReadsBackAsWritten() throws {
        let org = org(reports)
        let summaries = org.reports.map { FormSummary(ReportForm.build($0, in: org, mileage: nil, timeZone: zone), template: template) }
        // What the fixture holds: a result and a fallback among the calculations, a file, problems, weather.
        XCTAssertEqual(summaries[0].calculation("double")?.number, 80)
        XCTAssertNotNil(summaries[0].calculation("ratio"))
        XCTAssertNil(summaries[0].calculation("ratio")?.number, "a fallback is no number")
        XCTAssertNil(summaries[0].calculation("photos"), "not a calculation")
        XCTAssertEqual(summaries[0].attachments, [FormSummary.Attachment(fieldId: "files", url: "media/a.jpg")])
        XCTAssertEqual(summaries[0].weather, WeatherReading(condition: "Sunny", fahrenheit: 72))
        XCTAssertFalse(summaries[1].isValid)
        XCTAssertEqual(summaries[1].problems.map(\.fieldId), ["photos", "email"])
        XCTAssertTrue(summaries[2].isValid)
        var legacy = FormSummary(ReportForm(reportId: "x", layout: .missingTemplate("gone"), note: "n",
                                            diagnostics: [Diagnostic(.warning, other, field: "f", "odd")]), template: nil)
        legacy.diagnostics[0].organizationID = "o"
        for summary in summaries + [legacy] {
            var out = ByteWriter()
            summary.encode(to: &out)
            let bytes = out.bytes
            bytes.withUnsafeBytes { raw in
                var reader = ByteReader(raw)
                XCTAssertEqual(FormSummary(from: &reader), summary)
                XCTAssertTrue(reader.isAtEnd)
                for cut in 0..<bytes.count {
                    var short = ByteReader(UnsafeRawBufferPointer(rebasing: raw[0..<cut]))
                    let read = FormSummary(from: &short)
                    XCTAssertTrue(read == nil || !short.isAtEnd || read != summary, "cut at \(cut)")
                }
            }
        }
    }

    /// A second build reads back the summaries of unchanged reports and makes the forms of the others only;
    /// other shared inputs, or a clean build, make every form again.
    func testTheStoreReadsBackUnchangedReportsOnly() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("summaries-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let mileage = MileageSummary.compute(for: org(reports), config: SiteConfig.Mileage()).0
        func run(_ reports: [DailyJobReport], inputs: String = "inputs", readsPrevious: Bool = true) -> ReportFormStep.Result {
            let store = FormSummaryStore(cache: cache, inputs: inputs, readsPrevious: readsPrevious)
            let result = ReportFormStep.run(org(reports), mileage: mileage, timeZone: zone, store: store)
            store.save(result.entries)
            return result
        }
        let first = run(reports)
        XCTAssertEqual(first.forms.keys.sorted(), ["r1", "r2", "r3"])
        let second = run(reports)
        XCTAssertEqual(second.forms.count, 0, "every summary read back")
        XCTAssertEqual(second.summaries, first.summaries)
        // r2 fixed: its document (and digest) changed; only its form is made.
        var changed = reports
        changed[1] = report("r2", ["photos": .int(7)], digest: 22)
        let third = run(changed)
        XCTAssertEqual(third.forms.keys.sorted(), ["r2"])
        XCTAssertTrue(third.summaries[1].isValid)
        XCTAssertEqual(Array(third.summaries[0...0]) + [third.summaries[2]], [first.summaries[0], first.summaries[2]])
        XCTAssertEqual(run(changed).forms.count, 0)
        XCTAssertEqual(run(changed, inputs: "other inputs").forms.count, 3, "other shared inputs: every form made")
        XCTAssertEqual(run(changed, readsPrevious: false).forms.count, 3, "a clean build reads nothing back")
    }
}
