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
///     <fingerprint> <size> <path>        a file outside any month
///     = <shared key> <batch name>        a month of reports; the lines after it are its reads and files
///     ~ <digest> <kind> <id>             a read of the month's (`RecordedReads`), the id with `\` and
///                                        newlines escaped
struct BuildManifest {
    /// Bumped when fingerprints or the manifest change meaning: the whole manifest is versioned, never one
    /// month's reads, which name what they read.
    static let format = 8

    struct Entry: Equatable {
        /// `Renderer.Prepared.fingerprint` (SHA-256, hex).
        var fingerprint: String
        var size: Int
    }

    /// A month of reports (`PlanBatch.recorded`): the build's shared key it was planned with, what it read,
    /// and its files.
    struct Month {
        var key: String
        var files: [String]
        /// The reads as the manifest holds them, one line each: read only when the month is checked (a build
        /// with nothing to do checks none).
        private var readLines: [Data] = []
        private var madeReads: RecordedReads?

        init(key: String, reads: RecordedReads, files: [String]) {
            self.key = key
            self.files = files
            madeReads = reads
        }

        init(key: String, readLines: [Data]) {
            self.key = key
            self.files = []
            self.readLines = readLines
        }

        mutating func addRead(_ line: Data) { readLines.append(line) }

        /// What the month read; nil when a line does not read.
        var reads: RecordedReads? {
            if let madeReads { return madeReads }
            var reads: [RecordedReads.Read] = []
            reads.reserveCapacity(readLines.count)
            for line in readLines {
                let fields = line.split(separator: 0x20, maxSplits: 3, omittingEmptySubsequences: false)
                guard fields.count == 4 else { return nil }
                reads.append(
                    RecordedReads.Read(
                        kind: String(decoding: fields[2], as: UTF8.self), id: Self.unescaped(fields[3]),
                        digest: String(decoding: fields[1], as: UTF8.self)))
            }
            return RecordedReads(reads)
        }

        /// The month's read lines, as `reads` reads them.
        var readText: String {
            guard let madeReads else { return readLines.map { String(decoding: $0, as: UTF8.self) + "\n" }.joined() }
            return madeReads.reads.map { "~ \($0.digest) \($0.kind) \(Self.escaped($0.id))\n" }.joined()
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
    }

    struct Header: Codable {
        var format: Int
        /// Hash of gen's executable: a different gen renders everything again.
        var gen: String
        /// Hash of every input file (content folder, templates) and the gen hash: equal means nothing to do.
        var inputs: String
        var report: BuildReport
    }

    var header: Header
    var files: [String: Entry]
    var months: [String: Month]

    init(gen: String, inputs: String, report: BuildReport, files: [String: Entry], months: [String: Month]) {
        header = Header(format: Self.format, gen: gen, inputs: inputs, report: report)
        self.files = files
        self.months = months
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

    /// The whole manifest from the bytes `header(at:)` read, when every line reads.
    init?(_ header: Header, data: Data) {
        var lines = data.split(separator: 0x0A, omittingEmptySubsequences: false).dropFirst(2)
        guard lines.popLast()?.isEmpty == true else { return nil }
        self.init(gen: header.gen, inputs: header.inputs, report: header.report, files: [:], months: [:])
        files.reserveCapacity(lines.count)
        var month: String?
        for line in lines {
            let fields = line.split(separator: 0x20, maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3 else { return nil }
            if fields[0].count == 1, fields[0].first == 0x7E {
                guard let month else { return nil }
                months[month]!.addRead(line)
                continue
            }
            let first = String(decoding: fields[0], as: UTF8.self), third = String(decoding: fields[2], as: UTF8.self)
            if first == "=" {
                month = third
                months[third] = Month(key: String(decoding: fields[1], as: UTF8.self), readLines: [])
            } else {
                guard let size = Int(String(decoding: fields[1], as: UTF8.self)) else { return nil }
                files[third] = Entry(fingerprint: first, size: size)
                if let month { months[month]!.files.append(third) }
            }
        }
    }

    /// Written to a temporary file and renamed: a crash never leaves half a manifest.
    func save(to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        var text = "gen-manifest \(Self.format)\n"
        text += String(decoding: try JSONEncoder().encode(header), as: UTF8.self) + "\n"
        let inMonths = Set(months.values.flatMap(\.files))
        func line(_ path: String) { if let entry = files[path] { text += "\(entry.fingerprint) \(entry.size) \(path)\n" } }
        for path in files.keys.sorted() where !inMonths.contains(path) { line(path) }
        for name in months.keys.sorted() {
            text += "= \(months[name]!.key) \(name)\n"
            text += months[name]!.readText
            for path in months[name]!.files { line(path) }
        }
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        try POSIXFiles.write(Data(text.utf8), to: temporary.path)
        guard rename(temporary.path, url.path) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    static func remove(at url: URL) { try? FileManager.default.removeItem(at: url) }

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
