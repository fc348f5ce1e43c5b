import Foundation
@testable import GenLoad
import GenModel
import XCTest

/// The parsed-line cache: a line read back from the cache is exactly what parsing it gives, wherever the line
/// moved; a changed, damaged, foreign or ignored cache only costs parsing.
final class ParsedLineCacheTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("gen-lines-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: folder) }

    private func settings(_ version: String = "v1", readsPrevious: Bool = true) -> LineCacheSettings {
        LineCacheSettings(folder: folder.appendingPathComponent("cache"), version: version, readsPrevious: readsPrevious)
    }

    private func read(_ lines: [String], file: String = "export/dailyJobReports.ndjson",
                      cache: LineCacheSettings?) throws -> ExportFileContents {
        let contents = try ExportFileReader(relativePath: file, data: Data((lines.joined(separator: "\n") + "\n").utf8), lineCache: cache).read()
        contents.cacheSaved?.value  // saved on another thread; the loader waits for it once the export is merged
        return contents
    }

    private func assertSame(_ a: ExportFileContents, _ b: ExportFileContents, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.documents, b.documents, file: file, line: line)
        // A digest the cache supplies is the one the document's content gives.
        XCTAssertEqual(a.documents.map(\.digest), b.documents.map(\.contentDigest), file: file, line: line)
        for row in a.changes + b.changes {
            guard let known = row.digest else { continue }
            XCTAssertEqual(known, RawDocument(collection: row.collection, id: row.documentID, fields: row.fields ?? [:], file: row.file).contentDigest,
                           file: file, line: line)
        }
        XCTAssertEqual(a.changes.map(Change.init), b.changes.map(Change.init), file: file, line: line)
        XCTAssertEqual(a.diagnostics, b.diagnostics, file: file, line: line)
        XCTAssertEqual(a.ignoredCollections, b.ignoredCollections, file: file, line: line)
        XCTAssertEqual(a.ignoredChangelogDocuments, b.ignoredChangelogDocuments, file: file, line: line)
    }

    /// A changelog row as comparable values (the row type itself is not `Equatable`).
    private struct Change: Equatable {
        var collection, id, file, operation: String
        var timestamp: Timestamp
        var fields: [String: FirestoreValue]?
        var line: Int
        init(_ row: ChangelogRow) {
            (collection, id, file, operation) = (row.collection, row.documentID.text, row.file, row.operation.rawValue)
            (timestamp, fields, line) = (row.timestamp, row.fields, row.line)
        }
    }

    /// Every kind of value, nested, survives the binary form unchanged.
    func testEveryValueKindRoundTrips() throws {
        let fields: [String: FirestoreValue] = [
            "null": .null, "yes": .bool(true), "no": .bool(false), "int": .int(-9_007_199_254_740_993),
            "double": .double(-0.1), "nan": .double(.infinity), "text": .string("Ünïcode \"quoted\"\n°F 📷"), "empty": .string(""),
            "list": .array([.int(1), .array([]), .map([:]), .string("x")]),
            "map": .map(["inner": .map(["deep": .timestamp(Timestamp(seconds: -5, nanoseconds: 999_999_999))])]),
            "when": .timestamp(Timestamp(seconds: 1_730_000_000, nanoseconds: 120)),
            "where": .geoPoint(GeoPoint(latitude: 38.321991, longitude: -88.8674)),
            "ref": .reference(DocumentReference(path: "users/abc")), "bytes": .bytes([0, 255, 10, 13]),
        ]
        let contents = ExportFileContents(
            documents: [RawDocument(collection: "dailyJobReports", id: "r/1", fields: fields, file: "export/a.ndjson",
                                    digest: ContentDigest(high: .max, low: 7))],
            changes: [ChangelogRow(collection: "photoCritiques", documentID: "c1", timestamp: Timestamp(seconds: 7, nanoseconds: 8),
                                   operation: .update, fields: fields, file: "export/a.ndjson", line: 3),
                      ChangelogRow(collection: "photoCritiques", documentID: "c2", timestamp: Timestamp(seconds: 9),
                                   operation: .delete, fields: nil, file: "export/a.ndjson", line: 3)])
        let bytes = ParsedLineCoding.encode(contents)
        let decoded = try XCTUnwrap(bytes.withUnsafeBytes { ParsedLineCoding.decode($0, file: "export/a.ndjson", line: 3) })
        XCTAssertEqual(decoded.documents, contents.documents)
        XCTAssertEqual(decoded.documents.map(\.knownDigest), [ContentDigest(high: .max, low: 7)])
        XCTAssertEqual(decoded.changes.map(Change.init), contents.changes.map(Change.init))
        // Cut short anywhere, or with a byte too many, it is no entry at all (not a wrong one).
        for cut in [0, 1, bytes.count / 2, bytes.count - 1] {
            XCTAssertNil(bytes.prefix(cut).withUnsafeBytes { ParsedLineCoding.decode($0, file: "f", line: 1) }, "cut at \(cut)")
        }
        XCTAssertNil((bytes + [0]).withUnsafeBytes { ParsedLineCoding.decode($0, file: "f", line: 1) })
    }

    private let reports = (1...6).map { i in
        #"{"id":"r\#(i)","organizationId":"org","userId":"u\#(i % 2)","date":{"_seconds":\#(1_730_000_000 + i * 86_400),"_nanoseconds":0},"#
            + #""notes":"day \#(i) — ok","photoCount":\#(i * 10),"tags":["a","b"],"geo":{"latitude":1.5,"longitude":-2.25}}"#
    }

    /// A second read with the cache gives what parsing gives, after lines changed, moved, were added and removed.
    func testCachedReadEqualsParsing() throws {
        let first = try read(reports, cache: settings())
        assertSame(first, try read(reports, cache: nil))
        var edited = reports
        edited[2] = edited[2].replacingOccurrences(of: "day 3", with: "day three")
        edited.swapAt(0, 4)
        edited.remove(at: 1)
        edited.append(#"{"id":"r9","organizationId":"org","date":"2024-11-02"}"#)
        edited.insert("", at: 2)  // a blank line shifts the numbers of the lines after it
        assertSame(try read(edited, cache: settings()), try read(edited, cache: nil))
        // And once more, now that every line has its entry; every document comes with its digest.
        let cached = try read(edited, cache: settings())
        assertSame(cached, try read(edited, cache: nil))
        XCTAssertTrue(cached.documents.allSatisfy { $0.knownDigest != nil })
    }

    /// Changelog rows read back from the cache carry the line they are on now.
    func testChangelogRowsTakeTheirNewLineNumbers() throws {
        let file = "export/photoCritiques_raw_changelog.ndjson"
        let rows = (1...3).map { i in
            #"{"timestamp":"2024-08-2\#(i) 14:03:12.000611 UTC","document_name":"projects/p/databases/(default)/documents/photoCritiques/c\#(i)","#
                + #""operation":"CREATE","document_id":"c\#(i)","data":"{\"organizationId\":\"org\",\"status\":\"published\"}"}"#
        }
        _ = try read(rows, file: file, cache: settings())
        let moved = [rows[2], "", rows[0], rows[1]]
        let cached = try read(moved, file: file, cache: settings())
        XCTAssertEqual(cached.changes.map(\.documentID), ["c3", "c1", "c2"])
        XCTAssertEqual(cached.changes.map(\.line), [1, 3, 4])
        XCTAssertTrue(cached.changes.allSatisfy { $0.digest != nil })
        assertSame(cached, try read(moved, file: file, cache: nil))
    }

    /// Lines with a problem are parsed every time: their messages and line numbers are this build's.
    func testLinesWithProblemsAreNotCached() throws {
        let lines = [reports[0], #"{"organizationId":"org","notes":"no id"}"#, reports[1]]
        _ = try read(lines, cache: settings())
        let moved = [reports[1], reports[0], "", #"{"organizationId":"org","notes":"no id"}"#]
        let cached = try read(moved, cache: settings())
        XCTAssertEqual(cached.diagnostics.map(\.message), ["line 4 has no document id"])
        assertSame(cached, try read(moved, cache: nil))
        // A malformed line is still reported, with its own line number.
        let broken = [reports[0], #"{"id": "r2", "notes": }"#]
        XCTAssertThrowsError(try read(broken, cache: settings())) { error in
            XCTAssertEqual((error as? InputError)?.line, 2)
        }
    }

    /// The cache file is really read (an entry changed on disk shows), only by the gen that wrote it, and not by
    /// `--clean`; a damaged file is no cache.
    func testEntriesAreReadOnlyByTheirGenAndNotWhenClean() throws {
        _ = try read(reports, cache: settings("v1"))
        let files = try FileManager.default.contentsOfDirectory(at: folder.appendingPathComponent("cache"), includingPropertiesForKeys: nil)
        XCTAssertEqual(files.count, 1)
        // Tamper with the stored notes of r1 (same length, so the entry stays well-formed).
        var bytes = try Data(contentsOf: files[0])
        let needle = Data("day 1".utf8)
        let range = try XCTUnwrap(bytes.range(of: needle))
        bytes.replaceSubrange(range, with: Data("DAY 1".utf8))
        try bytes.write(to: files[0])
        func notes(_ cache: LineCacheSettings) throws -> String? {
            try read(reports, cache: cache).documents.first { $0.id == "r1" }?.fields["notes"]?.string
        }
        XCTAssertEqual(try notes(settings("v1", readsPrevious: false)), "day 1 — ok")  // --clean: parsed, and written anew
        try bytes.write(to: files[0])
        XCTAssertEqual(try notes(settings("v1")), "DAY 1 — ok")  // proves the entry is what was read
        try bytes.write(to: files[0])
        XCTAssertEqual(try notes(settings("v2")), "day 1 — ok")  // another gen's cache is not read
        // Cut short: the file is no cache at all (not even its whole entries, the tampered one among them).
        try bytes.prefix(bytes.count - 3).write(to: files[0])
        XCTAssertEqual(try notes(settings("v1")), "day 1 — ok")
    }
    /// The export loader waits for the parsed lines being saved, also when a later file fails the load: the
    /// good file's cache is whole, and no half-written file is left behind.
    func testALoadFailingOnALaterFileLeavesTheEarlierFilesCacheWhole() throws {
        let content = folder.appendingPathComponent("content")
        let export = content.appendingPathComponent("export")
        try FileManager.default.createDirectory(at: export, withIntermediateDirectories: true)
        try Data((reports.joined(separator: "\n") + "\n").utf8).write(to: export.appendingPathComponent("dailyJobReports.ndjson"))
        try Data("{ not json".utf8).write(to: export.appendingPathComponent("zz.json"))
        XCTAssertThrowsError(try ExportLoader.load(contentDirectory: content, lineCache: settings())) { error in
            XCTAssertEqual((error as? InputError)?.file, "export/zz.json")
        }
        let cached = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("cache").path)
        XCTAssertEqual(cached.count, 1, "\(cached)")
        XCTAssertFalse(cached.contains { $0.hasSuffix(".tmp") })
        // And it reads back: the same documents as parsing them.
        let again = try read(reports, cache: settings())
        assertSame(again, try read(reports, cache: nil))
    }
}
