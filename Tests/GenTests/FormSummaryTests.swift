import Foundation
@testable import GenBuild
@testable import GenCompute
import GenModel
import GenResolve
@testable import GenSupport
import XCTest

/// A report's form summary (`FormSummary`): what statistics and the other whole-organization pages read of
/// a form, kept between builds (`ComputedReportStore`) so an incremental build reads most reports back instead
/// of reading them through their templates again.
final class FormSummaryTests: XCTestCase {
    let zone = TimeZone(identifier: "America/Chicago")!
    let other = DocumentSource(file: "f", collection: "c", documentID: "d")

    func field(_ id: String, _ type: String, required: Bool = false, formula: String? = nil) -> TemplateField {
        TemplateField(
            id: id, type: type, label: id.capitalized, required: required,
            smartConfig: formula.map { SmartFieldConfig(calculationType: "calculation", fallbackValue: "N/A", formula: $0) })
    }

    lazy var template = ReportTemplate(
        id: "t1", organizationID: "o", name: "Daily",
        fields: [
            field("photos", "number", required: true),
            field("double", "calculation", formula: "photos * 2"),
            field("ratio", "calculation", formula: "photos / zero"),
            field("zero", "number"),
            field("weather", "weather_conditions"),
            field("files", "file"),
            field("email", "email")
        ], source: other)

    func report(_ id: DocumentID, _ values: [String: FirestoreValue], digest: UInt64) -> DailyJobReport {
        var fields = values
        fields["templateId"] = .string("t1")
        var report = DailyJobReport(
            id: id, organizationID: "o", userId: nil, date: LocalDate(year: 2025, month: 7, day: 8),
            templateId: "t1", reportType: "template", fields: fields,
            source: DocumentSource(file: "export/r.json", collection: "dailyJobReports", documentID: id.text))
        report.digest = ContentDigest(high: digest, low: digest)
        return report
    }

    func org(_ reports: [DailyJobReport]) -> Organization {
        Organization(id: "o", name: "O", pathSegment: "o", users: [], schools: [], templates: [template], reports: reports, critiques: [])
    }

    lazy var reports = [
        report(
            "r1",
            [
                "photos": .int(40), "zero": .int(0), "weather": .string("Sunny, 72°F"),
                "files": .array([.map(["name": .string("a.jpg"), "url": .string("media/a.jpg")])])
            ], digest: 1),
        report("r2", ["photos": .string("many"), "email": .string("not an address")], digest: 2),
        report("r3", ["photos": .int(5), "zero": .int(1)], digest: 3)
    ]

}
