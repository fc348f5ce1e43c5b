import Foundation
@testable import GenBuild
@testable import GenCompute
import GenModel
import GenResolve
import XCTest

/// The statistics as months' tallies (`ReportTally`): each month added up on its own, the all-time figures the
/// months merged, and an incremental build reading back the tallies of months whose reports did not change
/// (`MonthTallyStore`). Uses `StatisticsTests`' hand-counted organization.
extension StatisticsTests {
    /// The fixture's reports with digests, as loaded reports have them (a report made in code has none, and its
    /// month is never read back); summaries aligned with them.
    func loaded() -> (Organization, MileageSummary, [FormSummary]) {
        var org = self.org
        for i in org.reports.indices { org.reports[i].digest = ContentDigest(high: UInt64(i + 1), low: 7) }
        let (_, mileage, forms) = compute()
        let summaries = zip(org.reports, forms).map { FormSummary($1, of: $0, in: org) }
        return (org, mileage, summaries)
    }

    /// A month's tally reads back as it was written; one cut short does not. A month of 600 reports too, whose
    /// counts are larger than the bytes left after them.
    func testAMonthsTallyReadsBackAsWritten() throws {
        let (org, _, summaries) = loaded()
        var big = org
        big.reports = (0..<600).map { (i: Int) -> DailyJobReport in
            let fields: [String: FirestoreValue] = ["job_type": .string(i % 3 == 0 ? "Fall Sports" : "Other"),
                                                    "photos_taken": .int(Int64(i)), "weather": .string("Sunny, 70°F")]
            let user = i % 2 == 0 ? "u1" : "u2"
            return report(DocumentID("b\(i)"), 1 + i % 28, month: 9, user: DocumentID(user), template: "t1", fields)
        }
        let bigForms = big.reports.map { FormSummary(ReportForm.build($0, in: big, mileage: nil, timeZone: zone), of: $0, in: big) }
        let cases = [(org, Array(0..<3), summaries), (org, Array(3..<7), summaries), (big, Array(big.reports.indices), bigForms)]
        for (organization, indices, forms) in cases {
            let tally = ReportTally.make(indices, of: organization, forms: forms)
            var out = ByteWriter()
            tally.encode(to: &out)
            let bytes = out.bytes
            bytes.withUnsafeBytes { raw in
                var reader = ByteReader(raw)
                let read = ReportTally(from: &reader, templates: organization.templates)
                XCTAssertTrue(reader.isAtEnd)
                XCTAssertEqual(read?.reports, tally.reports)
                XCTAssertEqual(read?.weather.statistics, tally.weather.statistics)
                XCTAssertEqual(read?.fields.statistics, tally.fields.statistics)
                for cut in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 200)) {
                    var short = ByteReader(UnsafeRawBufferPointer(rebasing: raw[0..<cut]))
                    XCTAssertNil(ReportTally(from: &short, templates: organization.templates), "cut at \(cut)")
                }
            }
            XCTAssertEqual(tally.reports.total, indices.count)
        }
        // Read back with other templates (another field list), a tally is no tally.
        var other = ByteWriter()
        ReportTally.make([0, 1, 2], of: org, forms: summaries).encode(to: &other)
        other.bytes.withUnsafeBytes { raw in
            var reader = ByteReader(raw)
            XCTAssertNil(ReportTally(from: &reader, templates: Array(org.templates.dropLast())))
        }
    }

    /// Statistics made from months' tallies read back equal those made from every report; a second build reads
    /// back every month, and a changed report makes its own month only.
    func testUnchangedMonthsTalliesAreReadBack() throws {
        let (org, mileage, summaries) = loaded()
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("tallies-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let made = Counter()
        func run(_ org: Organization, inputs: String = "inputs") -> OrganizationStatistics {
            let store = MonthTallyStore(cache: cache, inputs: inputs, readsPrevious: true)
            let tallies = store.tallies(of: org)
            let stats = OrganizationStatistics.compute(for: org, mileage: mileage, summaries: summaries, timeZone: zone) { month, indices, make in
                tallies(month, indices) { made.add(month); return make() }
            }
            store.save()
            return stats
        }
        let fresh = OrganizationStatistics.compute(for: org, mileage: mileage, summaries: summaries, timeZone: zone)
        XCTAssertEqual(fresh.reports.total, 7)
        XCTAssertEqual(run(org), fresh)
        XCTAssertEqual(made.take(), ["2024-09", "2024-10"])
        XCTAssertEqual(run(org), fresh, "every month read back")
        XCTAssertEqual(made.take(), [])

        var changed = org
        changed.reports[4].digest = ContentDigest(high: 99, low: 7)  // r5, in October
        XCTAssertEqual(run(changed), fresh, "the same values: only the digest changed")
        XCTAssertEqual(made.take(), ["2024-10"])
        XCTAssertEqual(run(changed, inputs: "other"), fresh)
        XCTAssertEqual(made.take(), ["2024-09", "2024-10"], "other shared inputs: every month made")
    }

    /// The all-time figures are the months' tallies merged: equal to the month slices added up.
    func testAllTimeFiguresAreTheMonthsMerged() throws {
        let (stats, _, _) = compute()
        let months = stats.monthKeys.map { stats.month($0) }
        XCTAssertEqual(stats.reports.total, months.reduce(0) { $0 + $1.reports.total })
        XCTAssertEqual(stats.reports.invalid, months.reduce(0) { $0 + $1.reports.invalid })
        XCTAssertEqual(stats.weather.readings, months.reduce(0) { $0 + $1.weather.readings })
        for (key, row) in stats.reports.photographers {
            XCTAssertEqual(row.reports, months.reduce(0) { $0 + ($1.reports.photographers[key]?.reports ?? 0) }, key)
        }
    }
}

/// Months made, from several threads.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var months: [String] = []
    func add(_ month: String) { lock.withLock { months.append(month) } }
    func take() -> [String] { lock.withLock { defer { months = [] }; return months.sorted() } }
}
