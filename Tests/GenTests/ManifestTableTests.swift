import Foundation
@testable import GenBuild
import GenWrite
import GenModel
import XCTest

/// The manifest's file table as lines: read back exactly as written, and any damage makes it unusable
/// (the next build is then a full one), never a table that says something else.
final class ManifestTableTests: XCTestCase {
    private let inputs = String(repeating: "ab", count: 32)

    private func fingerprint(_ seed: Int) -> String {
        (0..<4).map { String(format: "%016llx", UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ UInt64($0)) }.joined()
    }

    private let paths = ["index.html", "org a/reports/monthly/2024-10/index.html", "org a/reports/report/é r1.md",
                         "org a/data/mileage.json", "org a/archive/2024-10.zip"]

    private func sample() -> (files: [String: BuildManifest.Entry], batches: [String: BuildManifest.Batch]) {
        var files: [String: BuildManifest.Entry] = [:]
        for (index, path) in paths.enumerated() {
            files[path] = BuildManifest.Entry(fingerprint: fingerprint(index), size: index * 1000)!
        }
        let batches = ["org a 2024-10": BuildManifest.Batch(key: "k1", files: Array(paths[1...2]) + [paths[4]], pages: 2),
                       "org a mileage data": BuildManifest.Batch(key: "k2", files: [paths[3]], pages: 0),
                       "org a empty": BuildManifest.Batch(key: "k3", files: [], pages: 0)]
        return (files, batches)
    }

    func testATableReadsBackAsItWasWritten() throws {
        let (files, batches) = sample()
        let data = ManifestTable.encode(inputs: inputs, files: files, batches: batches)
        let read = try XCTUnwrap(ManifestTable.decode(data, inputs: inputs))
        XCTAssertEqual(read.files.count, files.count)
        for (index, path) in paths.enumerated() {
            XCTAssertEqual(read.files[path]?.fingerprint, files[path]!.fingerprint, path)
            XCTAssertEqual(read.files[path]?.fingerprint.hex, fingerprint(index), path)
            XCTAssertEqual(read.files[path]?.size, index * 1000, path)
        }
        XCTAssertEqual(Set(read.batches.keys), Set(batches.keys))
        for (name, batch) in batches {
            XCTAssertEqual(read.batches[name]?.key, batch.key, name)
            XCTAssertEqual(read.batches[name]?.files, batch.files, name)
            XCTAssertEqual(read.batches[name]?.pages, batch.pages, name)
        }
        // The same table, the same bytes.
        XCTAssertEqual(ManifestTable.encode(inputs: inputs, files: read.files, batches: read.batches), data)
    }

    /// The file lines come in an order of their own, not the dictionary's (which differs from process to
    /// process, and with the order files were added): the same files give the same bytes.
    func testTheSameFilesGiveTheSameBytesWhateverTheOrderTheyWereAddedIn() throws {
        let many = (0..<500).map { "org a/reports/report/r\($0).html" }
        var forward: [String: BuildManifest.Entry] = [:]
        for (index, path) in many.enumerated() { forward[path] = BuildManifest.Entry(fingerprint: fingerprint(index), size: index)! }
        var backward: [String: BuildManifest.Entry] = [:]
        backward.reserveCapacity(5_000)  // another bucket count: another iteration order
        for (index, path) in many.enumerated().reversed() { backward[path] = BuildManifest.Entry(fingerprint: fingerprint(index), size: index)! }
        XCTAssertNotEqual(Array(forward.keys), Array(backward.keys), "the two dictionaries should iterate differently")
        let data = ManifestTable.encode(inputs: inputs, files: forward, batches: [:])
        XCTAssertEqual(ManifestTable.encode(inputs: inputs, files: backward, batches: [:]), data)
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").dropFirst(2)
        XCTAssertEqual(lines.count, many.count)
        XCTAssertEqual(Set(lines.map { String($0.split(separator: " ", maxSplits: 2)[2]) }), Set(many))
    }

    /// The base's table is read file by file (`eachFile`): the same files as `decode` gives, none of the
    /// batch lines, and a table of other inputs or a damaged line is refused.
    func testEachFileGivesTheTablesFilesAndRefusesWhatDecodeRefuses() throws {
        let (files, batches) = sample()
        let data = ManifestTable.encode(inputs: inputs, files: files, batches: batches)
        var seen: [String: BuildManifest.Entry] = [:]
        XCTAssertTrue(ManifestTable.eachFile(data, inputs: inputs) { seen[$0] = $1 })
        XCTAssertEqual(Set(seen.keys), Set(files.keys))
        for (path, entry) in files {
            XCTAssertEqual(seen[path]?.fingerprint, entry.fingerprint, path)
            XCTAssertEqual(seen[path]?.size, entry.size, path)
        }
        XCTAssertFalse(ManifestTable.eachFile(data, inputs: String(repeating: "cd", count: 32)) { _, _ in })
        var damaged = String(decoding: data, as: UTF8.self)
        damaged = damaged.replacingOccurrences(of: " 1000 ", with: " 1x00 ")
        XCTAssertFalse(ManifestTable.eachFile(Data(damaged.utf8), inputs: inputs) { _, _ in })
        XCTAssertNil(ManifestTable.decode(Data(damaged.utf8), inputs: inputs))
    }

    /// Saved a part at a time (the table of a large site is tens of megabytes): the parts make the same bytes
    /// as the whole, each ends a line and holds about the part size (at most twice it and a line); and a
    /// manifest saved to disk that way reads back. The sample has enough files for several parts made on all
    /// cores at once (`ManifestTable.encode`).
    func testATableWrittenInPartsIsTheSameTable() throws {
        let (files, batches) = sample()
        let whole = ManifestTable.encode(inputs: inputs, files: files, batches: batches)
        var parts: [[UInt8]] = []
        ManifestTable.encode(inputs: inputs, files: files, batches: batches, partSize: 100) { parts.append($0) }
        XCTAssertGreaterThan(parts.count, 3)
        XCTAssertEqual(Data(parts.joined()), whole)
        for part in parts { XCTAssertEqual(part.last, 0x0A) }
        let longestLine = whole.split(separator: 0x0A).map(\.count).max() ?? 0
        // The file lines, made a part at a time on several cores, are handed on in the table's order.
        let lines: [String] = parts.joined().split(separator: 0x0A).map { String(decoding: $0, as: UTF8.self) }
        let fileLines = lines.filter { line in line.count > 65 && line.dropFirst(64).first == " " }
        let hashes: [UInt64] = fileLines.map { line in FNV1a.hash(String(line.split(separator: " ", maxSplits: 2)[2])) }
        XCTAssertEqual(hashes.count, files.count)
        XCTAssertEqual(hashes, hashes.sorted())
        for part in parts { XCTAssertLessThanOrEqual(part.count, 2 * 100 + longestLine + 1) }

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("table-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("table").path
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try POSIXFiles.write(to: path) { write in for part in parts { try write(part) } }
        XCTAssertEqual(FileManager.default.contents(atPath: path), whole)
        XCTAssertThrowsError(try POSIXFiles.write(to: folder.appendingPathComponent("missing/table").path) { _ in })
    }

    func testAFingerprintIsMatchedByItsHexInEitherCaseAndNothingElse() throws {
        let hex = fingerprint(7)
        let entry = try XCTUnwrap(BuildManifest.Entry(fingerprint: hex, size: 1))
        XCTAssertEqual(entry.fingerprint.hex, hex)
        XCTAssertTrue(entry.matches(hex))
        XCTAssertTrue(entry.matches(hex.uppercased()))
        XCTAssertFalse(entry.matches(fingerprint(8)))
        XCTAssertFalse(entry.matches(String(hex.dropLast())))
        XCTAssertFalse(entry.matches(String(hex.dropLast()) + "g"))
        XCTAssertNil(BuildManifest.Entry(fingerprint: "", size: 1))
        XCTAssertNil(BuildManifest.Entry(fingerprint: hex + "0", size: 1))
    }

    func testADamagedTableIsNotUsed() throws {
        let (files, batches) = sample()
        let text = String(decoding: ManifestTable.encode(inputs: inputs, files: files, batches: batches), as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertNil(ManifestTable.decode(Data(text.utf8), inputs: String(repeating: "cd", count: 32)), "another build's table")
        let damaged: [(String, (inout [String]) -> Void)] = [
            ("an older format", { $0[0] = "gen-table 5" }),
            ("a fingerprint one digit short", { $0[2].remove(at: $0[2].startIndex) }),
            ("a fingerprint with a letter that is not hex", { $0[2] = "z" + $0[2].dropFirst() }),
            ("a size that is not a number", { $0[2] = $0[2].replacingOccurrences(of: " 0 ", with: " x ") }),
            ("a file line without a path", { $0[2] = String($0[2].prefix(66)) }),
            ("a batch listing more files than follow", { lines in
                let index = lines.lastIndex { $0.hasPrefix("batch ") }!
                lines[index] = lines[index].replacingOccurrences(of: " 0 1 ", with: " 0 9 ")
            }),
            ("a batch line cut short", { lines in
                let index = lines.firstIndex { $0.hasPrefix("batch ") }!
                lines[index] = "batch k1 2"
            }),
        ]
        for (what, damage) in damaged {
            var copy = lines
            damage(&copy)
            XCTAssertNil(ManifestTable.decode(Data(copy.joined(separator: "\n").utf8), inputs: inputs), what)
        }
        lines.removeLast(2)  // the table cut off in a batch's file list
        XCTAssertNil(ManifestTable.decode(Data(lines.joined(separator: "\n").utf8), inputs: inputs), "cut off")
    }
}

/// The executable's hash, remembered in the cache by the file's identity: the same hash as computed, and
/// computed again when what is remembered is another file's.
final class GenHashTests: XCTestCase {
    func testTheRememberedHashIsTheComputedOneAndIsNotTrustedForAnotherFile() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("gen-hash-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let computed = BuildInputs.genHash()
        XCTAssertEqual(computed.count, 64)
        XCTAssertEqual(BuildInputs.genHash(cache: cache), computed)
        let remembered = cache.appendingPathComponent("build/gen-hash")
        let lines = try String(contentsOf: remembered, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(lines.count, 2)
        XCTAssertEqual(String(lines[1]), computed)
        XCTAssertEqual(BuildInputs.genHash(cache: cache), computed, "read back")
        // Another file's identity with a wrong hash: not used.
        try Data("1 2 3 4.5\n\(String(repeating: "0", count: 64))\n".utf8).write(to: remembered)
        XCTAssertEqual(BuildInputs.genHash(cache: cache), computed)
        // This file's identity with a forged hash is believed: the identity is the point (a changed file has another).
        try Data("\(lines[0])\n\(String(repeating: "a", count: 64))\n".utf8).write(to: remembered)
        XCTAssertEqual(BuildInputs.genHash(cache: cache), String(repeating: "a", count: 64))
    }
}
