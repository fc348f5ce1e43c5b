import Foundation
import GenBuild
import GenPlan
@testable import GenRender
import GenWrite
import XCTest

/// Data files are written part by part as they are encoded: the parts must join to exactly the bytes of the
/// file made whole, and the file on disk must be those bytes.
final class StreamedDataTests: XCTestCase {
    func testCSVTableInPartsGivesTheSameBytesAsRowsMadeFirst() throws {
        let per = DataEncoders.rowsPerPart
        for count in [0, 1, per - 1, per, per + 1, 3 * per + 5] {
            let rows = (0..<count).map { i in ["r\(i)", i % 3 == 0 ? "=SUM(A1)" : "a,b", i % 2 == 0 ? "two\nlines" : "-\(i).5"] }
            let header = ["id", "formula", "note"]
            let made = DataEncoders.csv([header] + rows)
            var parts: [Data] = []
            try DataEncoders.csv(CSVTable(header: header, count: count) { rows[$0] }) { parts.append($0) }
            XCTAssertEqual(parts.reduce(Data(), +), made, "\(count) rows")
            XCTAssertEqual(parts.count, 1 + (count + per - 1) / per, "the header, then one part per \(per) rows")
        }
    }

    func testJSONInPartsJoinsToTheWholeFile() throws {
        let file = LargeJSONTests.File(rows: LargeJSONTests.rows(2 * DataEncoders.elementsPerPart + 3), totals: ["a": 1])
        var parts: [Data] = []
        try DataEncoders.json(file) { parts.append($0) }
        XCTAssertGreaterThan(parts.count, 3, "elements handed on in parts")
        XCTAssertEqual(parts.reduce(Data(), +), try DataEncoders.json(file))
    }

    func testStreamedDataFileOnDiskAndItsFingerprint() async throws {
        let site = try TestSite()
        defer { site.remove() }
        let tree = try OutputTree(output: site.output)
        defer { tree.discard() }
        let renderer = Renderer(templates: try await TemplateRenderer.load(directory: TestSite.templates))
        let table = CSVTable(header: ["a", "b"], count: 5000) { ["\($0)", "x\"y"] }
        let file = PlannedFile(path: "o1/data/table.csv", content: .csv(table))
        var fingerprint: String?
        let size = try tree.write(to: file.path) { append in fingerprint = try renderer.streamData(file, to: append) }
        let written = try Data(contentsOf: tree.staging.appendingPathComponent(file.path))
        XCTAssertEqual(written, try renderer.render(file))
        XCTAssertEqual(size, written.count)
        XCTAssertEqual(fingerprint, try renderer.prepare(file).fingerprint, "the same fingerprint as a data file made whole")
        XCTAssertThrowsError(try tree.write(to: "../escape.csv") { _ in }, "paths outside the output are refused")
    }
}
