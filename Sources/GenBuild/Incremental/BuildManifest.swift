import Crypto
import Foundation
import GenWrite
import GenModel

/// What the previous build of an output folder wrote, kept in the cache (never in the output): the key of
/// its inputs, its report, and every file's fingerprint and size. The next build renders only files
/// whose fingerprint changed, keeps the others, and drops what is no longer planned.
///
/// Two files: the header (`<name>.json`: keys and report), read first to know whether anything changed,
/// and the table (`<name>.files`: every file and keyed batch, megabytes at 100,000 reports, as lines of
/// text: `ManifestTable`), read on another thread while the export is loaded.
struct BuildManifest {
    /// Bumped when fingerprints or the manifest change meaning.
    static let format = 6

    struct Entry {
        /// `Renderer.Prepared.fingerprint`, as 32 bytes.
        var fingerprint: Digest256
        var size: Int
        /// Whether the base (the output before this one, which the next build recycles as its staging folder)
        /// holds this same file: same fingerprint and size (`markBase`). Not stored.
        var inBase = false
        /// Whether the staging folder holds this file as the output does (`StagingReplica`). Not stored.
        var inStaging = false

        init(fingerprint: Digest256, size: Int) {
            self.fingerprint = fingerprint
            self.size = size
        }

        /// Nil when `fingerprint` is not a SHA-256 in hex (every fingerprint gen makes is).
        init?(fingerprint hex: String, size: Int) {
            guard let digest = Digest256(hex: hex) else { return nil }
            self.init(fingerprint: digest, size: size)
        }

        /// Whether the file was made from what `hex` fingerprints.
        func matches(_ hex: String) -> Bool { Digest256(hex: hex) == fingerprint }
    }

    /// A batch planned with a key (`PlanBatch.key`): its key, with the build's shared key, and its files.
    struct Batch {
        var key: String
        var files: [String]
        var pages: Int
    }

    struct Header: Codable {
        var format: Int
        /// Hash of gen's executable: a different gen renders everything again.
        var gen: String
        /// Hash of every input file (content folder, templates) and the gen hash: equal means nothing to do.
        var inputs: String
        var report: BuildReport
        /// How this build's output differs from the base tree it leaves, when few files do.
        var base: BaseRelation?
    }

    /// The base tree this build leaves (the output it replaced, or a replica of its own), named by `inputs`,
    /// holds every file of this manifest as recorded but the `changed` ones. The next build then marks what the
    /// base holds from this list alone (`markBase`), without reading the base's table: 227,000 lines at
    /// 100,000 reports, parsed and looked up one by one.
    struct BaseRelation: Codable {
        var inputs: String
        var changed: [String]
    }

    var header: Header
    var files: [String: Entry]
    var batches: [String: Batch]

    init(gen: String, inputs: String, report: BuildReport, files: [String: Entry], batches: [String: Batch], base: BaseRelation? = nil) {
        header = Header(format: Self.format, gen: gen, inputs: inputs, report: report, base: base)
        self.files = files
        self.batches = batches
    }

    /// `<cache>/build/<hash of the output path>.json`: one manifest per output folder.
    static func location(cache: URL, output: URL) -> URL {
        let name = FastFormat.hex(SHA256.hash(data: Data(output.standardizedFileURL.path.utf8)).prefix(12))
        return cache.appendingPathComponent("build", isDirectory: true).appendingPathComponent("\(name).json")
    }

    private static func tableLocation(_ url: URL) -> URL {
        url.deletingPathExtension().appendingPathExtension("files")
    }

    /// The header, when it is of this format.
    static func header(at url: URL) -> Header? {
        guard let data = try? Data(contentsOf: url), let header = try? JSONDecoder().decode(Header.self, from: data),
              header.format == format else { return nil }
        return header
    }

    /// The whole manifest whose header is `header`, or nil when its table is missing or not that build's.
    static func load(_ header: Header, from url: URL) -> BuildManifest? {
        // The header's `inputs` are checked in the table too: a table left from another build (a crash between
        // the two writes) is not used.
        guard let data = try? Data(contentsOf: tableLocation(url)),
              let table = ManifestTable.decode(data, inputs: header.inputs) else { return nil }
        return BuildManifest(gen: header.gen, inputs: header.inputs, report: header.report, files: table.files,
                             batches: table.batches, base: header.base)
    }

    /// Each file written to a temporary file and renamed, the table first, so a crash never leaves half
    /// a manifest (and a header without its table is simply not used).
    func save(to url: URL) throws {
        let fm = FileManager.default
        try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        func write(to url: URL, _ parts: (_ emit: ([UInt8]) throws -> Void) throws -> Void) throws {
            let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
            try POSIXFiles.write(to: temporary.path, parts)
            if fm.fileExists(atPath: url.path) { try fm.removeItem(at: url) }
            try fm.moveItem(at: temporary, to: url)
        }
        try write(to: Self.tableLocation(url)) { emit in
            try ManifestTable.encode(inputs: header.inputs, files: files, batches: batches, emit: emit)
        }
        // The table of format 5 and before, under its old name.
        try? fm.removeItem(at: url.deletingPathExtension().appendingPathExtension("files.json"))
        let encodedHeader = try JSONEncoder().encode(header)
        try write(to: url) { emit in try emit(Array(encodedHeader)) }
    }

    /// Removes both files.
    static func remove(at url: URL) {
        try? FileManager.default.removeItem(at: url)
        try? FileManager.default.removeItem(at: tableLocation(url))
    }

    // MARK: The base: the output before the current one, kept to be recycled

    /// `<name>.base.json` (and `.base.files`): the manifest of the output the current one replaced.
    static func baseLocation(_ url: URL) -> URL {
        url.deletingPathExtension().appendingPathExtension("base.json")
    }

    /// `<name>.tree-<inputs>`: where a replaced output waits to be recycled by the next build, named by the
    /// inputs its manifest records, so a tree and a manifest left by different builds (a crash between moving
    /// one and renaming the other) never pass for each other.
    static func baseTree(_ url: URL, inputs: String) -> URL {
        url.deletingLastPathComponent().appendingPathComponent("\(treePrefix(url))\(inputs.prefix(32))", isDirectory: true)
    }

    private static func treePrefix(_ url: URL) -> String { url.deletingPathExtension().lastPathComponent + ".tree-" }

    /// Marks the files this manifest shares with the base (`Entry.inBase`) and returns the base's tree, when
    /// the base manifest and its tree are there and were made by this gen. The base's table is read line by
    /// line and let go: two tables of 227,000 files each held through the build were 80 MB at 100,000 reports.
    mutating func markBase(_ url: URL, gen: String) -> URL? {
        let location = Self.baseLocation(url)
        guard let header = Self.header(at: location), header.gen == gen else { return nil }
        let tree = Self.baseTree(url, inputs: header.inputs)
        guard POSIXFiles.isFolder(tree.path) else { return nil }
        if let relation = self.header.base, relation.inputs == header.inputs {
            for index in files.indices { files.values[index].inBase = true }
            for path in relation.changed { files[path]?.inBase = false }
            return tree
        }
        guard let data = try? Data(contentsOf: Self.tableLocation(location)) else { return nil }
        // Marked where found, one lookup per file (the table's files are this manifest's but for what the
        // last build changed); undone if the table turns out not to read.
        var marked: [Dictionary<String, Entry>.Index] = []
        marked.reserveCapacity(files.count)
        let read = ManifestTable.eachFile(data, inputs: header.inputs) { path, entry in
            guard let index = files.index(forKey: path) else { return }
            let own = files.values[index]
            if own.fingerprint == entry.fingerprint, own.size == entry.size {
                files.values[index].inBase = true
                marked.append(index)
            }
        }
        guard read else {
            for index in marked { files.values[index].inBase = false }
            return nil
        }
        return tree
    }

    /// The current manifest becomes the base one (its output is about to be replaced and kept as the base
    /// tree): the header goes first, so a crash midway leaves no header over another build's table.
    static func demoteToBase(_ url: URL) {
        let base = baseLocation(url)
        try? FileManager.default.removeItem(at: base)
        rename(tableLocation(url).path, tableLocation(base).path)
        rename(url.path, base.path)
    }

    /// The manifest just saved at `url` becomes the base one as well (its output has been linked into the
    /// base tree: `StagingReplica.linkBase`). Hard links, else copies; the table first, so a header is never
    /// there without its table. False (and no base manifest) when either cannot be made.
    static func shareAsBase(_ url: URL) -> Bool {
        let base = baseLocation(url)
        remove(at: base)
        func share(_ from: URL, _ to: URL) -> Bool {
            link(from.path, to.path) == 0 || (try? FileManager.default.copyItem(at: from, to: to)) != nil
        }
        guard share(tableLocation(url), tableLocation(base)), share(url, base) else {
            remove(at: base)
            return false
        }
        return true
    }

    /// Deletes every base tree of this output folder: left by a build whose successor did not recycle it
    /// (a clean build, another gen, a crash).
    static func removeBaseTrees(_ url: URL) {
        let folder = url.deletingLastPathComponent()
        let prefix = treePrefix(url)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where name.hasPrefix(prefix) {
            POSIXFiles.removeTree(folder.appendingPathComponent(name).path)
        }
    }

    /// Whether the output folder still holds every file as this manifest recorded it (by size: a file
    /// edited by hand to the same size is not noticed) and nothing else.
    func matches(_ output: POSIXFiles.Scan) -> Bool {
        var found = output.files
        found[".gitkeep"] = nil
        found[OutputFolder.markName] = nil
        return found.count == files.count && found.allSatisfy { path, size in files[path]?.size == size }
    }
}

/// Hashes of what a build reads.
enum BuildInputs {
    /// SHA-256 of the running executable (gen, or the test runner that links it). Remembered in `cache` by
    /// the file's identity (device, inode, size, modification time): hashing 30 MB was a tenth of a no-op
    /// build. A rebuilt or replaced executable is another inode or another time, and is hashed again.
    static func genHash(cache: URL? = nil) -> String {
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var info = stat()
        let identity = stat(exe.path, &info) == 0
            ? "\(info.st_dev) \(info.st_ino) \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)" : nil
        let remembered = cache?.appendingPathComponent("build/gen-hash")
        if let identity, let remembered, let text = try? String(contentsOf: remembered, encoding: .utf8) {
            let parts = text.split(separator: "\n", omittingEmptySubsequences: false)
            if parts.count >= 2, parts[0] == identity, parts[1].count == 64 { return String(parts[1]) }
        }
        guard let data = try? Data(contentsOf: exe, options: .alwaysMapped) else { return "unknown-\(UUID().uuidString)" }
        let hash = hex(SHA256.hash(data: data))
        if let identity, let remembered {
            // Best effort, written whole or not at all: without it, the next build hashes the executable again.
            try? FileManager.default.createDirectory(at: remembered.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? Data("\(identity)\n\(hash)\n".utf8).write(to: remembered, options: .atomic)
        }
        return hash
    }

    /// What a build reads, as three keys. `all`: SHA-256 over every file under the content and template
    /// folders (path and bytes, in path order), the output path and the gen hash — equal means nothing to
    /// do. `shared`: the same without the export folder — with the shared documents' digest, what every
    /// batch of pages may depend on (`PlanBatch.key` adds what one batch reads of the export). `data`: the
    /// same as `shared` without the templates, which a keyed fragment's fingerprint names one by one
    /// (`FragmentKey`).
    static func keys(content: URL, templates: URL, output: URL, gen: String) -> (all: String, shared: String, data: String) {
        var all = SHA256(), shared = SHA256(), data = SHA256()
        let header = Data("gen \(gen)\u{0}output \(output.standardizedFileURL.path)\u{0}".utf8)
        all.update(data: header)
        shared.update(data: header)
        data.update(data: header)
        var found: [(label: String, path: String, bytes: Data)] = []
        for (label, folder) in [("content", content), ("templates", templates)] {
            let base = folder.standardizedFileURL
            let inside = ContentFolder(base)
            let paths = ((FileManager.default.enumerator(atPath: base.path)?.allObjects as? [String]) ?? []).sorted()
            for path in paths {
                let url = base.appendingPathComponent(path)
                // Regular files inside the folder only: what a link leads to outside is never read (a device or
                // a pipe would never end).
                guard inside.contains(url.path),
                      (try? FileManager.default.attributesOfItem(atPath: url.path)[.type] as? FileAttributeType) == .typeRegular,
                      let bytes = try? Data(contentsOf: url, options: .alwaysMapped) else { continue }
                found.append((label, path, bytes))
            }
        }
        let files = found
        // Each file's bytes hashed in parts of 8 MiB on all cores, the file then standing for the hash of its
        // parts' hashes: this runs before anything else in every build, and on one core it took 0.1 s at
        // 100,000 reports (143 MB of export).
        let partSize = 8 << 20
        let parts = files.indices.flatMap { file in
            stride(from: 0, to: max(1, files[file].bytes.count), by: partSize).map { (file: file, start: $0) }
        }
        let partDigests = ParallelMap.map(parts) { part -> [UInt8] in
            let bytes = files[part.file].bytes
            let end = min(bytes.count, part.start + partSize)
            return Array(SHA256.hash(data: bytes[bytes.startIndex + part.start ..< bytes.startIndex + end]))
        }
        var fileDigests = Array(repeating: SHA256(), count: files.count)
        for (part, digest) in zip(parts, partDigests) { fileDigests[part.file].update(data: digest) }
        for (index, file) in files.enumerated() {
            let name = Data("\(file.label)/\(file.path)\u{0}\(file.bytes.count)\u{0}".utf8)
            let digest = Data(fileDigests[index].finalize())
            all.update(data: name)
            all.update(data: digest)
            if file.label == "content", file.path.hasPrefix("export/") { continue }
            shared.update(data: name)
            shared.update(data: digest)
            if file.label == "content" {
                data.update(data: name)
                data.update(data: digest)
            }
        }
        return (hex(all.finalize()), hex(shared.finalize()), hex(data.finalize()))
    }

    static func hex(_ digest: some Sequence<UInt8>) -> String { FastFormat.hex(digest) }
}
