import Foundation
@testable import GenBuild
@testable import GenPlan
import GenSupport
import XCTest

/// What a month reads, recorded as it is planned (`MonthReads`) and kept in the manifest, is what the next
/// build checks before keeping the month unplanned.
final class RecordedReadsTests: XCTestCase {
    /// The sample's batches that record their reads: its months, and the school pages.
    func recordedBatches() throws -> [PlanBatch] {
        SitePlanner(markdown: { $0 }).batches(try TestSite.sampleInput()).filter { $0.recorded != nil }
    }

    /// The sample's month batches.
    func monthBatches() throws -> [PlanBatch] {
        try recordedBatches().filter { PlanBatch.isMonth($0.name) }
    }

    /// A batch whose recorded reads are current is planned again when any one of them gives another digest, or
    /// a read of a kind this gen does not know is added.
    func assertEveryReadCounts(
        _ reads: RecordedReads, of name: String, _ recorded: PlanBatch.Recorded, line: UInt = #line
    ) {
        for index in reads.reads.indices {
            var changed = reads
            changed.reads[index].digest = ContentDigest(high: 1, low: 2)
            XCTAssertFalse(recorded.isCurrent(changed), "\(name): \(reads.reads[index].kind) changed", line: line)
        }
        var unknown = reads
        unknown.reads.append(.init(kind: "no-such-kind", id: "", digest: reads.reads[0].digest))
        XCTAssertFalse(recorded.isCurrent(unknown), "\(name): a read of a kind this gen does not know", line: line)
    }

    /// A school batch reads the organization and every visit its pages show, whole; kept while both are the same.
    func testTheSchoolPagesReadTheirVisitsWhole() throws {
        let batches = try recordedBatches().filter { $0.name.contains(" schools") }
        XCTAssertEqual(batches.count, 2, "the index and one part of 12 schools")
        for batch in batches {
            let recorded = try XCTUnwrap(batch.recorded)
            let reads = try XCTUnwrap(recorded.plan().reads, batch.name)
            XCTAssertEqual(reads.reads.map(\.kind), ["organization", "school-visits"])
            XCTAssertTrue(recorded.isCurrent(reads), batch.name)
            assertEveryReadCounts(reads, of: batch.name, recorded)
            XCTAssertFalse(recorded.isCurrent(RecordedReads([])), "a manifest that lost the batch's reads")
        }
    }

    func testAMonthsReadsAreCurrentUntilOneChanges() throws {
        let batches = try monthBatches()
        XCTAssertFalse(batches.isEmpty)
        for batch in batches {
            let recorded = try XCTUnwrap(batch.recorded)
            let reads = try XCTUnwrap(recorded.plan().reads, batch.name)
            XCTAssertEqual(reads, recorded.plan().reads, "\(batch.name): planned twice, read the same")
            XCTAssertEqual(reads.reads.map { "\($0.kind) \($0.id)" }, reads.reads.map { "\($0.kind) \($0.id)" }.sorted())
            XCTAssertTrue(recorded.isCurrent(reads), batch.name)
            let kinds = Set(reads.reads.map(\.kind))
            for kind in ["organization", "users", "schools", "templates", "critiques", "month-link", "attention"] {
                XCTAssertTrue(kinds.contains(kind), "\(batch.name) reads \(kind)")
            }
            assertEveryReadCounts(reads, of: batch.name, recorded)
        }
        let reportPaths = try batches.flatMap { try XCTUnwrap($0.recorded?.plan().reads).reads.filter { $0.kind == "report-path" } }
        let site = try TestSite.sampleInput()
        XCTAssertEqual(
            Set(reportPaths.map(\.id)), Set(site.organizations.flatMap { $0.organization.reports.map { $0.id.text } }),
            "every report's path is read by some month")
    }

    func testTheManifestKeepsEveryReadAsItWas() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reads-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let ids = ["", "plain", "with space", "two\nlines", "back\\slash\\n", "crlf\r\nend", "ünï cödé", "= not a month"]
        let reads = RecordedReads(
            ids.enumerated().map {
                RecordedReads.Read(kind: "report-path", id: $1, digest: ContentDigest(high: UInt64($0) << 60 | 0xABC, low: ~UInt64($0)))
            })
        let months = [
            "org 2024-09": BuildManifest.Month(key: "shared", files: ["org/a.html"], reads: reads),
            "org 2024-10": BuildManifest.Month(key: "shared", files: ["org/b.html"], reads: RecordedReads([]))
        ]
        let files = [
            "org/a.html": BuildManifest.Entry(fingerprint: "f1", size: 1), "org/b.html": BuildManifest.Entry(fingerprint: "f2", size: 2),
            "org/c.html": BuildManifest.Entry(fingerprint: "f3", size: 3)
        ]
        let url = folder.appendingPathComponent("build/x.manifest")
        try BuildManifest(gen: "g", inputs: "i", report: BuildReport(), files: files, months: months).save(to: url)
        let stored = try XCTUnwrap(BuildManifest.header(at: url))
        let manifest = try XCTUnwrap(BuildManifest(stored.header, data: stored.data))
        XCTAssertEqual(manifest.files, files)
        XCTAssertEqual(manifest.months["org 2024-09"]?.files, ["org/a.html"])
        XCTAssertEqual(manifest.months["org 2024-09"]?.key, "shared")
        XCTAssertEqual(manifest.reads(of: "org 2024-09"), reads)
        XCTAssertEqual(manifest.reads(of: "org 2024-10"), RecordedReads([]))
        XCTAssertNil(manifest.reads(of: "org 2024-11"))

        // A read line that does not read (a digest cut short): its month is planned, the others are kept.
        var text = try String(contentsOf: url, encoding: .utf8)
        let line = try XCTUnwrap(text.range(of: "~ 0"))
        text.replaceSubrange(line.upperBound..<text.index(line.upperBound, offsetBy: 1), with: " ")
        try Data(text.utf8).write(to: url)
        let damaged = try XCTUnwrap(BuildManifest.header(at: url))
        let read = try XCTUnwrap(BuildManifest(damaged.header, data: damaged.data))
        XCTAssertNil(read.reads(of: "org 2024-09"))
        XCTAssertEqual(read.reads(of: "org 2024-10"), RecordedReads([]))
    }

    /// File lines read back as written, paths with spaces and `=` included; a manifest with a line that does
    /// not read is no manifest (everything is rendered again), never a manifest with files missing.
    func testAFileLineThatDoesNotReadDiscardsTheManifest() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = [
            "org/a b.html": BuildManifest.Entry(fingerprint: "f1", size: 10), "= x": BuildManifest.Entry(fingerprint: "f2", size: 0),
            "org/ü.md": BuildManifest.Entry(fingerprint: "f3", size: 3), "org/m/one.html": BuildManifest.Entry(fingerprint: "f4", size: 4)
        ]
        let months = ["org 2024-09": BuildManifest.Month(key: "k", files: ["org/m/one.html"], reads: RecordedReads([]))]
        let url = folder.appendingPathComponent("build/x.manifest")
        try BuildManifest(gen: "g", inputs: "i", report: BuildReport(), files: files, months: months).save(to: url)
        let stored = try XCTUnwrap(BuildManifest.header(at: url))
        let manifest = try XCTUnwrap(BuildManifest(stored.header, data: stored.data))
        XCTAssertEqual(manifest.files, files)
        XCTAssertEqual(manifest.months["org 2024-09"]?.files, ["org/m/one.html"])
        XCTAssertEqual(manifest.months["org 2024-09"]?.key, "k")

        let text = try String(contentsOf: url, encoding: .utf8)
        // A file line holds its fingerprint's digest in hex.
        let f3 = BuildManifest.Entry.digest("f3").hex
        XCTAssertTrue(text.contains("\n\(f3) 3 org/ü.md\n"))
        let damages: [(String, (String) -> String)] = [
            ("a size that is not a number", { $0.replacingOccurrences(of: " 10 org/a b.html", with: " ten org/a b.html") }),
            ("a line of two fields", { $0.replacingOccurrences(of: "\(f3) 3 org/ü.md", with: "\(f3) 3") }),
            ("an empty line", { $0.replacingOccurrences(of: "\(f3) 3 org/ü.md\n", with: "\(f3) 3 org/ü.md\n\n") }),
            ("a fingerprint cut short", { $0.replacingOccurrences(of: "\(f3) 3 org/ü.md", with: "\(f3.dropLast()) 3 org/ü.md") }),
            ("a fingerprint not in hex", { $0.replacingOccurrences(of: "\(f3) 3 org/ü.md", with: "\(f3.dropLast())g 3 org/ü.md") }),
            (
                "the last file line without its newline",
                { text in
                    let bytes = Array(text.utf8), reads = bytes.count - stored.header.readsLength
                    return String(decoding: bytes[..<(reads - 1)] + bytes[reads...], as: UTF8.self)
                }
            )
        ]
        for (what, damage) in damages {
            let changed = damage(text)
            XCTAssertNotEqual(changed, text, what)
            XCTAssertNil(BuildManifest(stored.header, data: Data(changed.utf8)), what)
        }
    }
}
