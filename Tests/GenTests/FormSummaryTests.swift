import Foundation
@testable import GenBuild
@testable import GenCompute
import GenModel
import GenResolve
import XCTest

/// A report's form summary (`FormSummary`): what statistics and the other whole-organization pages read of
/// a form, kept between builds (`ComputedReportStore`) so an incremental build reads most reports back instead
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

    func report(_ id: DocumentID, _ values: [String: FirestoreValue], digest: UInt64) -> DailyJobReport {
        var fields = values
        fields["templateId"] = .string("t1")
        var report = DailyJobReport(id: id, organizationID: "o", userId: nil, date: LocalDate(year: 2025, month: 7, day: 8),
                                    templateId: "t1", reportType: "template", fields: fields,
                                    source: DocumentSource(file: "export/r.json", collection: "dailyJobReports", documentID: id.text))
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
            assertReadsBackAsWritten(summary, encode: { $0.encode(to: &$1) }, decode: { FormSummary(from: &$0) })
        }
    }
}
