import Foundation
@testable import GenBuild
@testable import GenCompute
import GenModel
import GenResolve
import XCTest

/// What a build computes for each report (its mileage and its form summary), kept between builds
/// (`ComputedReportStore`): an incremental build reads an unchanged report's results back instead of routing
/// it and reading it through its template again, and gets the same summary, digest and warnings as a clean one.
final class ComputedReportTests: XCTestCase {
    let zone = TimeZone(identifier: "America/Chicago")!
    let shared = DocumentSource(file: "export/shared.json", collection: "c", documentID: "d")

    lazy var template = ReportTemplate(id: "t1", organizationID: "o", name: "Daily", fields: [
        TemplateField(id: "photos", type: "number", label: "Photos", required: true),
        TemplateField(id: "mileage", type: "number", label: "Mileage"),
    ], source: shared)

    func report(_ id: DocumentID, schools: [String], recorded: Double? = nil, user: DocumentID = "u1", digest: UInt64) -> DailyJobReport {
        var fields: [String: FirestoreValue] = ["templateId": .string("t1"), "photos": .int(12),
                                                "schools_visited": .array(schools.map { .string($0) })]
        if let recorded { fields["mileage"] = .double(recorded) }
        var report = DailyJobReport(id: id, organizationID: "o", userId: user, date: LocalDate(year: 2025, month: 3, day: Int(digest % 28) + 1),
                                    templateId: "t1", reportType: "template", fields: fields,
                                    source: DocumentSource(file: "export/r.ndjson", collection: "dailyJobReports", documentID: id.text))
        report.digest = ContentDigest(high: digest, low: digest)
        return report
    }

    func org(_ reports: [DailyJobReport]) -> Organization {
        Organization(id: "o", name: "O", pathSegment: "o",
                     users: [User(id: "u1", organizationID: "o", firstName: "Ann", lastName: "Lee", isPhotographer: true,
                                  userCoordinates: "37.7306, -88.9331", source: shared),
                             User(id: "u2", organizationID: "o", firstName: "Bo", lastName: "Ray", isPhotographer: true,
                                  userCoordinates: nil, source: shared)],
                     schools: [School(id: "sA", organizationID: "o", value: "Adams School", coordinates: "37.7334,-88.9337", source: shared),
                               School(id: "sB", organizationID: "o", value: "Herrin High", coordinates: "37.8106,-89.0276", source: shared)],
                     templates: [template], reports: reports, critiques: [])
    }

    /// Routes with legs, a recorded discrepancy, an unknown school (a warning), a photographer without a home.
    lazy var reports = [
        report("r1", schools: ["Adams School", "Herrin High"], digest: 1),
        report("r2", schools: ["Herrin High", "Nowhere Elementary"], recorded: 80, digest: 2),
        report("r3", schools: ["Adams School"], user: "u2", digest: 3),
    ]

    var config: SiteConfig {
        var config = SiteConfig()
        config.mileage.ratePerMile = 0.67
        return config
    }

    /// A row reads back as it was written, every property; a row cut short does not read as the same row.
    func testAMileageRowReadsBackAsWritten() throws {
        let (summary, _) = MileageSummary.compute(for: org(reports), config: config.mileage)
        XCTAssertTrue(summary.reports.contains { !$0.legs.isEmpty && $0.recordedMiles != nil && !$0.flags.isEmpty },
                      "the fixture has a route, a recorded value and flags")
        for row in summary.reports {
            assertReadsBackAsWritten(row, encode: { $0.encode(to: &$1) }, decode: { ReportMileage(from: &$0) })
        }
    }

    /// The summary's digest made from its rows' digests is the one worked out from the summary itself, and it
    /// changes with any row and with what the summary holds beside its rows (the rate).
    func testTheMileageDigestFollowsEveryRow() throws {
        let (summary, _) = MileageSummary.compute(for: org(reports), config: config.mileage)
        let rows = summary.reports.map { ContentDigest.of($0)! }
        XCTAssertEqual(summary.digest(rowDigests: rows), summary.digest())
        XCTAssertNotNil(summary.digest())
        var moved = summary
        moved.reports[1].legs[0].minutes += 1
        XCTAssertNotEqual(moved.digest(), summary.digest())
        var rate = summary
        rate.ratePerMile = 0.7
        XCTAssertNotEqual(rate.digest(rowDigests: rows), summary.digest())
        XCTAssertNil(summary.digest(rowDigests: Array(rows.dropLast())), "a row without its digest: no digest")
    }

    /// A second build reads back every unchanged report's results and computes the others only; what it hands
    /// on (summary, digest, warnings, form summaries) equals what computing everything gives. Other shared
    /// inputs, or a clean build, compute every report again.
    func testTheStoreReadsBackUnchangedReportsOnly() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("computed-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        func run(_ reports: [DailyJobReport], inputs: String = "inputs", readsPrevious: Bool = true) -> ReportStep.Result {
            let store = ComputedReportStore(cache: cache, inputs: inputs, readsPrevious: readsPrevious)
            let result = ReportStep.run(org(reports), config: config, store: store)
            store.save(result.entries)
            return result
        }
        func assertSame(_ result: ReportStep.Result, _ reports: [DailyJobReport], _ message: String) {
            let fresh = ReportStep.run(org(reports), config: config)
            let (computed, warnings) = MileageSummary.compute(for: org(reports), config: config.mileage)
            XCTAssertEqual(result.mileage, computed, message)
            XCTAssertEqual(result.mileage, fresh.mileage, message)
            XCTAssertEqual(result.mileageDigest, computed.digest(), message)
            XCTAssertEqual(result.mileageDiagnostics, warnings, message)
            XCTAssertEqual(result.summaries, fresh.summaries, message)
        }
        let first = run(reports)
        XCTAssertEqual(first.forms.keys.sorted(), ["r1", "r2", "r3"])
        XCTAssertEqual(first.readBack, 0)
        XCTAssertFalse(first.mileageDiagnostics.isEmpty, "the unknown school and the missing home warn")
        assertSame(first, reports, "first")
        let second = run(reports)
        XCTAssertEqual(second.readBack, 3, "every report read back")
        XCTAssertEqual(second.forms.count, 0)
        assertSame(second, reports, "read back")

        // r2 now visits a known school only: routed again, its warning gone; the others read back.
        var changed = reports
        changed[1] = report("r2", schools: ["Herrin High"], recorded: 80, digest: 22)
        let third = run(changed)
        XCTAssertEqual(third.forms.keys.sorted(), ["r2"])
        XCTAssertEqual(third.readBack, 2)
        assertSame(third, changed, "one changed")
        XCTAssertNotEqual(third.mileageDigest, second.mileageDigest)
        XCTAssertEqual(run(changed).readBack, 3)
        XCTAssertEqual(run(changed, inputs: "other inputs").readBack, 0, "other shared inputs: every report computed")
        XCTAssertEqual(run(changed, readsPrevious: false).readBack, 0, "a clean build reads nothing back")
    }

    /// A damaged entry is a miss: the report is computed again, never read wrong.
    func testADamagedEntryIsComputedAgain() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("computed-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let store = ComputedReportStore(cache: cache, inputs: "inputs", readsPrevious: true)
        let first = ReportStep.run(org(reports), config: config, store: store)
        // Every entry cut by its last byte.
        store.save(first.entries.map { key, entry in
            guard case .new(let bytes) = entry else { return (key, entry) }
            return (key, .new(Array(bytes.dropLast())))
        })
        let again = ReportStep.run(org(reports), config: config,
                                   store: ComputedReportStore(cache: cache, inputs: "inputs", readsPrevious: true))
        XCTAssertEqual(again.readBack, 0)
        XCTAssertEqual(again.mileage, first.mileage)
    }
}
