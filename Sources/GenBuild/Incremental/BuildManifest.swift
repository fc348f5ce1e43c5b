import Crypto
import Foundation
import GenPlan
import GenSupport
import GenWrite

/// What the previous build of an output folder wrote, kept in the cache (never in the output): the key of its
/// inputs, its report, every file's fingerprint and size, and each month's recorded reads with its files. The
/// next build renders only files whose fingerprint changed, keeps the others, and keeps a month unplanned
/// while everything it read is unchanged.
///
/// One text file, `<cache>/build/<hash of the output path>.manifest`, written whole or not at all:
///
///     gen-manifest <format>
///     <header as one line of JSON>
///     <fingerprint> <size> <path>        a file outside any month (`Entry`: its fingerprint's digest, hex)
///     = <shared key> <batch name>        a month of reports; the file lines after it are its files
///     …
///     = <batch name>                     the reads section (its length in the header): a month's reads,
///     ~ <digest> <kind> <id>             one line each (`RecordedReads`), the id with `\` and newlines escaped
///
/// The reads come last, so a build with nothing to do (which checks no month) never splits them into lines.
struct BuildManifest {
    /// Bumped when fingerprints or the manifest change meaning: the whole manifest is versioned, never one
    /// month's reads, which name what they read.
    static let format = 9

    struct Entry: Equatable {
        /// The digest of `Renderer.Prepared.fingerprint` (or of a data file's value fingerprint): 16 bytes in
        /// place, where the text took an object of its own, and a rebuild holds two manifests of every file.
        var fingerprint: ContentDigest
        var size: Int

        init(fingerprint: String, size: Int) { self.init(digest: Self.digest(fingerprint), size: size) }

        init(digest: ContentDigest, size: Int) {
            fingerprint = digest
            self.size = size
        }

        static func digest(_ fingerprint: String) -> ContentDigest { ContentDigest.of(text: fingerprint) }
    }

    /// A month of reports (`PlanBatch.recorded`): the build's shared key it was planned with, its files, and
    /// what it read (nil in a manifest read back: `reads(of:)` has them).
    struct Month {
        var key: String
        var files: [String]
        var reads: RecordedReads?
    }

    struct Header: Codable {
        var format: Int
        /// Hash of gen's executable: a different gen renders everything again.
        var gen: String
        /// Hash of every input file (content folder, templates) and the gen hash: equal means nothing to do.
        var inputs: String
        var report: BuildReport
        /// The length in bytes of the reads section, which ends the file.
        var readsLength = 0
    }

    var header: Header
    var files: [String: Entry]
    var months: [String: Month]
    /// A read-back manifest's reads section by month, found when a month is first checked.
    private var storedReads: Lazy<[String: Data]>?

    init(gen: String, inputs: String, report: BuildReport, files: [String: Entry], months: [String: Month]) {
        header = Header(format: Self.format, gen: gen, inputs: inputs, report: report)
        self.files = files
        self.months = months
    }

    /// What the month `name` read, as this manifest holds it; nil when it holds none that reads.
    func reads(of name: String) -> RecordedReads? {
        if let reads = months[name]?.reads { return reads }
        return storedReads?.value[name].flatMap(Self.parseReads)
    }

    /// `<cache>/build/<hash of the output path>.manifest`: one manifest per output folder.
    static func location(cache: URL, output: URL) -> URL {
        let name = FastFormat.hex(SHA256.hash(data: Data(output.standardizedFileURL.path.utf8)).prefix(12))
        return cache.appendingPathComponent("build", isDirectory: true).appendingPathComponent("\(name).manifest")
    }

    /// The manifest file's bytes, and its header when it is of this format.
    static func header(at url: URL) -> (header: Header, data: Data)? {
        guard let data = try? Data(contentsOf: url) else { return nil }
        var lines = data.split(separator: 0x0A, maxSplits: 2, omittingEmptySubsequences: false)[...]
        guard lines.popFirst().map({ String(decoding: $0, as: UTF8.self) }) == "gen-manifest \(format)",
            let line = lines.popFirst(), let header = try? JSONDecoder().decode(Header.self, from: Data(line))
        else { return nil }
        return (header, data)
    }

    /// The whole manifest from the bytes `header(at:)` read, when every line reads (the reads section's when
    /// a month is checked).
    init?(_ header: Header, data: Data) {
        guard header.readsLength >= 0, header.readsLength <= data.count else { return nil }
        // A copy: a slice would keep the whole file's bytes for the whole build.
        let readsSection = Data(data.suffix(header.readsLength))
        guard let (files, months) = data.dropLast(header.readsLength).withUnsafeBytes(Self.fileLines) else { return nil }
        self.init(gen: header.gen, inputs: header.inputs, report: header.report, files: files, months: months)
        self.header.readsLength = header.readsLength
        storedReads = Lazy { Self.readsByMonth(readsSection) }
    }

    /// The file and month lines after the first two, each ending in a newline; nil if one does not read. A
    /// loop over the bytes: `Data.split` made an array of slices per line, most of a build with nothing to do.
    private static func fileLines(_ bytes: UnsafeRawBufferPointer) -> (files: [String: Entry], months: [String: Month])? {
        func text(_ from: Int, _ to: Int) -> String { String(decoding: UnsafeRawBufferPointer(rebasing: bytes[from..<to]), as: UTF8.self) }
        func newline(after index: Int) -> Int? { bytes[index...].firstIndex(of: 0x0A) }
        guard let first = newline(after: 0), var index = newline(after: first + 1).map({ $0 + 1 }) else { return nil }
        var files: [String: Entry] = [:]
        var months: [String: Month] = [:]
        var month: String?
        while index < bytes.count {
            guard let end = newline(after: index), let space = bytes[index..<end].firstIndex(of: 0x20),
                let second = bytes[(space + 1)..<end].firstIndex(of: 0x20)
            else { return nil }
            let path = text(second + 1, end)
            if space == index + 1, bytes[index] == UInt8(ascii: "=") {
                month = path
                months[path] = Month(key: text(space + 1, second), files: [])
            } else {
                guard let size = Int(text(space + 1, second)),
                    let digest = digest(hex: UnsafeRawBufferPointer(rebasing: bytes[index..<space]))
                else { return nil }
                files[path] = Entry(digest: digest, size: size)
                if let month { months[month]!.files.append(path) }
            }
            index = end + 1
        }
        return (files, months)
    }

    /// Written to a temporary file and renamed: a crash never leaves half a manifest. A month without its
    /// reads is left out (it is planned next time). Written a part at a time: made whole, the text and its
    /// bytes were three copies of the manifest (30 MB at 100,000 reports) at the end of the build, when
    /// memory peaks.
    func save(to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let months = self.months.filter { $0.value.reads != nil }
        let names = months.keys.sorted()
        var reads = ""
        for name in names {
            reads += "= \(name)\n"
            for read in months[name]!.reads!.reads { reads += "~ \(read.digest.hex) \(read.kind) \(Self.escaped(read.id))\n" }
        }
        var header = self.header
        header.readsLength = reads.utf8.count
        let inMonths = Set(months.values.flatMap(\.files))
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        try POSIXFiles.write(to: temporary.path) { write in
            var part = "gen-manifest \(Self.format)\n" + String(decoding: try JSONEncoder().encode(header), as: UTF8.self) + "\n"
            func flush(atLeast size: Int) throws {
                guard part.utf8.count >= size else { return }
                try write(Data(part.utf8))
                part = ""
            }
            func line(_ path: String) throws {
                guard let entry = files[path] else { return }
                part += "\(entry.fingerprint.hex) \(entry.size) \(path)\n"
                try flush(atLeast: 1 << 20)
            }
            for path in files.keys.sorted() where !inMonths.contains(path) { try line(path) }
            for name in names {
                part += "= \(months[name]!.key) \(name)\n"
                for path in months[name]!.files { try line(path) }
            }
            try flush(atLeast: 0)
            try write(Data(reads.utf8))
        }
        guard rename(temporary.path, url.path) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    static func remove(at url: URL) { try? FileManager.default.removeItem(at: url) }

    /// Where each month's reads are in the reads section: found in one pass over its bytes, each month's lines
    /// then read by the worker that checks the month (`reads(of:)`).
    private static func readsByMonth(_ section: Data) -> [String: Data] {
        var starts: [(name: String, from: Int, to: Int)] = []
        section.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var index = 0
            while index < bytes.count {
                var end = index
                while end < bytes.count, bytes[end] != 0x0A { end += 1 }
                if end - index >= 2, bytes[index] == 0x3D, bytes[index + 1] == 0x20 {
                    let name = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[(index + 2)..<end]), as: UTF8.self)
                    let next = min(end + 1, bytes.count)
                    starts.append((name, next, next))
                } else if !starts.isEmpty {
                    starts[starts.count - 1].to = min(end + 1, bytes.count)
                }
                index = end + 1
            }
        }
        let base = section.startIndex
        var table: [String: Data] = [:]
        for month in starts { table[month.name] = section[(base + month.from)..<(base + max(month.from, month.to))] }
        return table
    }

    /// One month's read lines; nil when one does not read (the month is then planned).
    private static func parseReads(_ lines: Data) -> RecordedReads? {
        var reads: [RecordedReads.Read] = []
        for line in lines.split(separator: 0x0A, omittingEmptySubsequences: true) {
            let fields = line.split(separator: 0x20, maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count == 4, fields[0].elementsEqual([0x7E]), let digest = digest(hex: fields[1]) else { return nil }
            reads.append(
                RecordedReads.Read(kind: String(decoding: fields[2], as: UTF8.self), id: unescaped(fields[3]), digest: digest))
        }
        return RecordedReads(reads)
    }

    /// `ContentDigest.hex` read back: for every file line of a manifest, so with no array made per line.
    private static func digest(hex: some Collection<UInt8>) -> ContentDigest? {
        guard hex.count == 32 else { return nil }
        var high: UInt64 = 0, low: UInt64 = 0
        for (i, byte) in hex.enumerated() {
            let value: UInt8
            switch byte {
            case 0x30...0x39: value = byte - 0x30
            case 0x61...0x66: value = byte - 0x61 + 10
            default: return nil
            }
            if i < 16 { high = high << 4 | UInt64(value) } else { low = low << 4 | UInt64(value) }
        }
        return ContentDigest(high: high, low: low)
    }

    /// Ids are any text: a backslash and a newline are escaped, so every read stays one line.
    static func escaped(_ id: String) -> String {
        guard id.utf8.contains(where: { $0 == 0x5C || $0 == 0x0A }) else { return id }
        var out: [UInt8] = []
        for byte in id.utf8 {
            switch byte {
            case 0x5C: out += [0x5C, 0x5C]
            case 0x0A: out += [0x5C, 0x6E]
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func unescaped(_ bytes: Data) -> String {
        guard bytes.contains(0x5C) else { return String(decoding: bytes, as: UTF8.self) }
        var out: [UInt8] = [], escaping = false
        for byte in bytes {
            if escaping {
                out.append(byte == 0x6E ? 0x0A : byte)
                escaping = false
            } else if byte == 0x5C {
                escaping = true
            } else {
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether the output folder still holds every file as this manifest recorded it (by size; an edit of the
    /// same size is caught by `OutputStamp`) and nothing else.
    func matches(_ output: POSIXFiles.Scan) -> Bool {
        var found = output.files
        found[".gitkeep"] = nil
        found[OutputFolder.markName] = nil
        return found.count == files.count && found.allSatisfy { path, size in files[path]?.size == size }
    }
}

extension BuildManifest {
    /// What gens before format 7 kept beside the manifest (a second table, and whole trees of hard links to
    /// the output): removed, so an upgraded cache shares no file with an output.
    static func removeOlderFormats(beside url: URL) {
        let folder = url.deletingLastPathComponent()
        let stem = url.deletingPathExtension().lastPathComponent
        let old = ["json", "files", "files.json", "base.json", "base.files"].map { "\(stem).\($0)" }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        where old.contains(name) || name.hasPrefix("\(stem).tree-") {
            POSIXFiles.removeTree(folder.appendingPathComponent(name).path)
        }
    }
}
