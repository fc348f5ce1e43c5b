import Crypto
import Foundation
import GenRender
import XCTest
import ZIPFoundation

final class ArchiveTests: XCTestCase {
    /// Text, binary (every byte value, and a `Data` slice with a non-zero start index), an empty file,
    /// nested folders, and a non-ASCII name — given out of order.
    private static func sampleFiles() -> [(path: String, data: Data)] {
        var binary = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 8) })
        binary.append(contentsOf: (0...255).map { UInt8($0) })
        let backing = Data("skip-me|the slice content\n".utf8)
        let slice = backing[backing.index(backing.startIndex, offsetBy: 8)...]
        return [
            (path: "index.html", data: Data("<!doctype html>\n<title>October 2024</title>\n".utf8)),
            (path: "thumbs/a/b/photo.bin", data: binary),
            (path: "assets/style.css", data: Data(String(repeating: "body { margin: 0 }\n", count: 50).utf8)),
            (path: "data/empty.json", data: Data()),
            (path: "données/résumé été.txt", data: Data("ünïcödé\n".utf8)),
            (path: "report.md", data: Data(slice)),
            (path: "slice.txt", data: slice)
        ]
    }

    private static func byteOrder(_ a: String, _ b: String) -> Bool { a.utf8.lexicographicallyPrecedes(b.utf8) }

    private func entries(of zip: Data) throws -> [(path: String, data: Data, entry: Entry)] {
        let archive = try Archive(data: zip, accessMode: .read)
        return try archive.map { entry in
            var data = Data()
            _ = try archive.extract(entry) { data.append($0) }
            return (entry.path, data, entry)
        }
    }

    private static func hex(_ data: Data) -> String {
        SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
    }

    // MARK: (a) read back

    func testReadsBackEveryEntryInByteOrderWithChecksumsLast() throws {
        let files = Self.sampleFiles()
        let archive = try ReproducibleZip.make(files, root: "2024-10")
        let read = try entries(of: archive)

        let sorted = files.sorted { Self.byteOrder($0.path, $1.path) }
        XCTAssertEqual(read.map(\.path), sorted.map { "2024-10/" + $0.path } + ["2024-10/SHA256SUMS"])
        for (file, entry) in zip(sorted, read) {
            XCTAssertEqual(entry.data, file.data, file.path)
        }
        let expectedSums = sorted.map { "\(Self.hex($0.data))  \($0.path)\n" }.joined()
        XCTAssertEqual(String(decoding: read.last!.data, as: UTF8.self), expectedSums)

        for (path, _, entry) in read {
            XCTAssertEqual(entry.type, .file, path)
            XCTAssertTrue(entry.isCompressed, path)
            XCTAssertEqual((entry.fileAttributes[.posixPermissions] as? NSNumber)?.uint16Value, 0o644, path)
            XCTAssertEqual(entry.fileAttributes[.modificationDate] as? Date, ReproducibleZip.entryDate, path)
        }
    }

    /// The container's fixed fields, read from the bytes: every central record says Unix, zip 2.1, UTF-8
    /// names only, deflate, one date, no extra field or comment, and points at a local header that agrees.
    func testEveryFixedFieldOfTheContainer() throws {
        let zip = [UInt8](try ReproducibleZip.make(Self.sampleFiles(), root: "2024-10"))
        func u16(_ at: Int) -> Int { Int(zip[at]) | Int(zip[at + 1]) << 8 }
        func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
        let end = zip.count - 22
        XCTAssertEqual(u32(end), 0x0605_4B50, "the end record closes the zip, with no comment")
        let count = u16(end + 10)
        XCTAssertEqual(count, Self.sampleFiles().count + 1)
        var record = u32(end + 16)
        XCTAssertEqual(record + u32(end + 12), end, "the central directory ends where the end record starts")
        for _ in 0..<count {
            XCTAssertEqual(u32(record), 0x0201_4B50)
            XCTAssertEqual(u16(record + 4), 0x0315, "made by Unix, zip 2.1")
            XCTAssertEqual(u16(record + 6), 20)
            XCTAssertEqual(u16(record + 8), 0x0800, "only the UTF-8 flag")
            XCTAssertEqual(u16(record + 10), 8, "deflate")
            XCTAssertEqual([u16(record + 12), u16(record + 14)], [Int(ReproducibleZip.dosTime), Int(ReproducibleZip.dosDate)])
            XCTAssertEqual([u16(record + 30), u16(record + 32)], [0, 0], "no extra field, no comment")
            XCTAssertEqual(u32(record + 38), 0o100644 << 16)
            let name = u16(record + 28), local = u32(record + 42)
            XCTAssertEqual(u32(local), 0x0403_4B50)
            XCTAssertEqual(Array(zip[(local + 6)..<(local + 26)]), Array(zip[(record + 8)..<(record + 28)]), "the local header agrees")
            XCTAssertEqual(Array(zip[(local + 30)..<(local + 30 + name)]), Array(zip[(record + 46)..<(record + 46 + name)]))
            record += 46 + name
        }
    }

    func testEmptyRootPutsChecksumsAtTheTop() throws {
        let zip = try ReproducibleZip.make(
            [(path: "b/x.txt", data: Data("x".utf8)), (path: "a.txt", data: Data("a".utf8))],
            root: "")
        let read = try entries(of: zip)
        XCTAssertEqual(read.map(\.path), ["a.txt", "b/x.txt", "SHA256SUMS"])
        XCTAssertEqual(
            String(decoding: read[2].data, as: UTF8.self),
            "\(Self.hex(Data("a".utf8)))  a.txt\n\(Self.hex(Data("x".utf8)))  b/x.txt\n")
    }

    func testByteOrderIsNotStringOrder() throws {
        // "Z" (0x5A) < "a" (0x61) < "é" (0xC3 0xA9) in bytes; uppercase sorts first.
        let zip = try ReproducibleZip.make(
            [
                (path: "é.txt", data: Data()), (path: "a.txt", data: Data()),
                (path: "Z.txt", data: Data())
            ], root: "r")
        XCTAssertEqual(try entries(of: zip).map(\.path), ["r/Z.txt", "r/a.txt", "r/é.txt", "r/SHA256SUMS"])
    }

    // MARK: (b) unpack and `sha256sum -c`

    func testUnpackedArchivePassesSha256sumCheckAndTamperingFails() throws {
        let zip = try ReproducibleZip.make(Self.sampleFiles(), root: "2024-10")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gen-archive-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let zipURL = dir.appendingPathComponent("2024-10.zip")
        try zip.write(to: zipURL)
        let out = dir.appendingPathComponent("out")

        let unzip = URL(fileURLWithPath: "/usr/bin/unzip")
        if FileManager.default.isExecutableFile(atPath: unzip.path) {
            // A UTF-8 locale so unzip keeps the UTF-8 (flag bit 11) names as they are.
            let result = try run(unzip, ["-q", zipURL.path, "-d", out.path], in: dir)
            XCTAssertEqual(result.status, 0, "unzip: \(result.output)")
        } else {
            print("ArchiveTests: /usr/bin/unzip not found; unpacking with ZIPFoundation instead")
            try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
            try FileManager.default.unzipItem(at: zipURL, to: out)
        }

        let root = out.appendingPathComponent("2024-10")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out.path), ["2024-10"])
        XCTAssertEqual(
            try Data(contentsOf: root.appendingPathComponent("données/résumé été.txt")),
            Data("ünïcödé\n".utf8))

        let sha256sum = URL(fileURLWithPath: "/usr/bin/sha256sum")
        guard FileManager.default.isExecutableFile(atPath: sha256sum.path) else {
            throw XCTSkip("/usr/bin/sha256sum not found")
        }
        let ok = try run(sha256sum, ["-c", "--strict", "SHA256SUMS"], in: root)
        XCTAssertEqual(ok.status, 0, ok.output)
        XCTAssertEqual(ok.output.split(separator: "\n").count, Self.sampleFiles().count, ok.output)

        try Data("tampered".utf8).write(to: root.appendingPathComponent("assets/style.css"))
        let bad = try run(sha256sum, ["-c", "--strict", "SHA256SUMS"], in: root)
        XCTAssertNotEqual(bad.status, 0, bad.output)
        XCTAssertTrue(bad.output.contains("assets/style.css: FAILED"), bad.output)
    }

    private func run(_ executable: URL, _ arguments: [String], in directory: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = "C.UTF-8"
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    // MARK: (c) reproducible

    func testSameInputGivesSameBytesWhateverTheInputOrder() throws {
        let files = Self.sampleFiles()
        let first = try ReproducibleZip.make(files, root: "2024-10")
        let second = try ReproducibleZip.make(files, root: "2024-10")
        let reversed = try ReproducibleZip.make(files.reversed(), root: "2024-10")
        XCTAssertEqual(first, second)
        XCTAssertEqual(first, reversed)
    }

    func testConcurrentBuildsGiveSameBytes() throws {
        let files = Self.sampleFiles()
        let expected = try ReproducibleZip.make(files, root: "2024-10")
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            results.append(Result { try ReproducibleZip.make(Self.sampleFiles(), root: "2024-10") })
        }
        XCTAssertEqual(results.values.count, 16)
        for result in results.values { XCTAssertEqual(try result.get(), expected) }
    }

    private final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [Result<Data, any Error>] = []
        func append(_ item: Result<Data, any Error>) { lock.withLock { items.append(item) } }
        var values: [Result<Data, any Error>] { lock.withLock { items } }
    }

    // MARK: (d) time zone

    /// ZIPFoundation converts with `gmtime`, so TZ cannot matter; this proves it on this machine by
    /// building under two very different zones, and checks the stored DOS fields directly.
    func testBytesDoNotDependOnTimeZone() throws {
        let files = Self.sampleFiles()
        let saved = getenv("TZ").map { String(cString: $0) }
        func setZone(_ zone: String?) {
            if let zone { setenv("TZ", zone, 1) } else { unsetenv("TZ") }
            tzset()
            NSTimeZone.resetSystemTimeZone()
        }
        defer { setZone(saved) }

        setZone("UTC")
        let utc = try ReproducibleZip.make(files, root: "2024-10")
        setZone("Asia/Tokyo")
        XCTAssertEqual(
            TimeZone.current.secondsFromGMT(for: ReproducibleZip.entryDate), 9 * 3600,
            "TZ change did not take effect, so this test would prove nothing")
        let tokyo = try ReproducibleZip.make(files, root: "2024-10")
        setZone("America/Los_Angeles")
        let losAngeles = try ReproducibleZip.make(files, root: "2024-10")

        XCTAssertEqual(utc, tokyo)
        XCTAssertEqual(utc, losAngeles)
        try assertFixedHeaders(utc, entryCount: files.count + 1)
    }

    /// Walks the raw local file headers and central directory: every entry has DOS date 1980-02-01,
    /// time 00:00:00, no extra fields (no extended timestamps or uid/gid), Unix 0o644 regular file.
    private func assertFixedHeaders(_ zip: Data, entryCount: Int) throws {
        let bytes = [UInt8](zip)
        func u16(_ at: Int) -> UInt16 { UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8 }
        func u32(_ at: Int) -> UInt32 { UInt32(u16(at)) | UInt32(u16(at + 2)) << 16 }
        XCTAssertEqual(ReproducibleZip.dosDate, 0x0041)
        XCTAssertEqual(ReproducibleZip.dosTime, 0)

        var offset = 0, locals = 0
        while offset + 30 <= bytes.count, u32(offset) == 0x0403_4B50 {
            XCTAssertEqual(u16(offset + 6), 0x0800, "flags: UTF-8 names only, no data descriptor")
            XCTAssertEqual(u16(offset + 8), 8, "deflate")
            XCTAssertEqual(u16(offset + 10), ReproducibleZip.dosTime, "local header DOS time")
            XCTAssertEqual(u16(offset + 12), ReproducibleZip.dosDate, "local header DOS date")
            XCTAssertEqual(u16(offset + 28), 0, "local header extra field length")
            offset += 30 + Int(u16(offset + 26)) + Int(u16(offset + 28)) + Int(u32(offset + 18))
            locals += 1
        }
        XCTAssertEqual(locals, entryCount)

        var centrals = 0
        while offset + 46 <= bytes.count, u32(offset) == 0x0201_4B50 {
            XCTAssertEqual(u16(offset + 4), 0x0315, "version made by: Unix, 2.1")
            XCTAssertEqual(u16(offset + 12), ReproducibleZip.dosTime, "central directory DOS time")
            XCTAssertEqual(u16(offset + 14), ReproducibleZip.dosDate, "central directory DOS date")
            XCTAssertEqual(u16(offset + 30), 0, "central directory extra field length")
            XCTAssertEqual(u32(offset + 38), UInt32(0o100644) << 16, "external attributes: regular file 0o644")
            offset += 46 + Int(u16(offset + 28)) + Int(u16(offset + 30)) + Int(u16(offset + 32))
            centrals += 1
        }
        XCTAssertEqual(centrals, entryCount)
        XCTAssertEqual(u32(offset), 0x0605_4B50, "end of central directory follows")
        XCTAssertEqual(offset + 22, bytes.count, "no archive comment or trailing bytes")
    }

    // MARK: (e) bad paths

    func testBadPathsThrow() {
        let one = Data("1".utf8)
        func assertInvalid(_ paths: [String], root: String = "r", line: UInt = #line) {
            XCTAssertThrowsError(
                try ReproducibleZip.make(paths.map { (path: $0, data: one) }, root: root),
                "\(paths) root \(root)", line: line
            ) { error in
                XCTAssertTrue(error is ReproducibleZip.PathError, "\(error)", line: line)
            }
        }
        for path in ["../x", "a/../x", "..", "/abs", "", "a//b", "a/", "./a", "a/./b", "a\\b", "new\nline", "tab\t"] {
            assertInvalid([path])
        }
        for root in ["../r", "/r", "r/", "r/../s", "."] {
            assertInvalid(["a.txt"], root: root)
        }
        assertInvalid(["a.txt", "a.txt"])  // duplicate
        assertInvalid(["A.txt", "a.txt"])  // same file on macOS/Windows
        assertInvalid(["caf\u{E9}.txt", "cafe\u{301}.txt"])  // NFC vs NFD: same file on macOS
        assertInvalid(["a", "a/b.txt"])  // file where a folder must go
        assertInvalid(["a/b.txt", "A"])
        assertInvalid(["SHA256SUMS"])  // reserved
        assertInvalid(["sha256sums"])
        assertInvalid([String(repeating: "x", count: 70_000)])  // longer than a zip name can be

        XCTAssertThrowsError(try ReproducibleZip.make([(path: "a/../x", data: one)], root: "r")) { error in
            XCTAssertEqual(error as? ReproducibleZip.PathError, .invalid(path: "a/../x", reason: "contains \"..\""))
        }
        XCTAssertThrowsError(try ReproducibleZip.make([(path: "x", data: one), (path: "x", data: one)], root: "r")) { error in
            XCTAssertEqual(error as? ReproducibleZip.PathError, .conflict(path: "x", with: "x"))
        }
        // Fine: same name in different folders, a folder name that is a prefix of a file name.
        XCTAssertNoThrow(
            try ReproducibleZip.make(
                [
                    (path: "a/x", data: one), (path: "b/x", data: one),
                    (path: "ab", data: one), (path: "a.b", data: one),
                    (path: "sub/SHA256SUMS", data: one)
                ], root: "r"))
    }
}
