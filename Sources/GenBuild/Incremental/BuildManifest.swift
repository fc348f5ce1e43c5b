import Crypto
import Foundation
import GenSupport
import GenWrite

/// What the previous build of an output folder wrote, kept in the cache (never in the output): the key of its
/// inputs, its report, every file's fingerprint and size, and each month's key with its files. The next build
/// renders only files whose fingerprint changed, keeps the others, and keeps an unchanged month unplanned.
///
/// One text file, `<cache>/build/<hash of the output path>.manifest`, written whole or not at all:
///
///     gen-manifest <format>
///     <header as one line of JSON>
///     <fingerprint> <size> <path>        a file outside any month
///     = <key> <batch name>               a month of reports; the file lines after it are its files
struct BuildManifest {
    /// Bumped when fingerprints or the manifest change meaning.
    static let format = 7

    struct Entry: Equatable {
        /// `Renderer.Prepared.fingerprint` (SHA-256, hex).
        var fingerprint: String
        var size: Int
    }

    /// A month of reports (`PlanBatch.key`): its key, with the build's shared key, and its files.
    struct Month {
        var key: String
        var files: [String]
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
            let first = String(decoding: fields[0], as: UTF8.self), third = String(decoding: fields[2], as: UTF8.self)
            if first == "=" {
                month = third
                months[third] = Month(key: String(decoding: fields[1], as: UTF8.self), files: [])
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
