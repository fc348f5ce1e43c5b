import Crypto
import Foundation
import GenSupport

/// Hashes of what a build reads.
enum BuildInputs {
    /// The digest of the running executable (gen, or the test runner that links it), as `digests(of:)` makes
    /// it. Remembered in `cache` by the file's identity (device, inode, size, modification time): hashing 30 MB
    /// was a tenth of a no-op build. A rebuilt or replaced executable is another inode or another time, and is
    /// hashed again.
    static func genHash(cache: URL? = nil) -> String {
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var info = stat()
        let identity =
            stat(exe.path, &info) == 0
            ? "\(info.st_dev) \(info.st_ino) \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)" : nil
        let remembered = cache?.appendingPathComponent("build/gen-hash")
        if let identity, let remembered, let text = try? String(contentsOf: remembered, encoding: .utf8) {
            let parts = text.split(separator: "\n", omittingEmptySubsequences: false)
            if parts.count >= 2, parts[0] == identity, parts[1].count == 64 { return String(parts[1]) }
        }
        guard let data = try? Data(contentsOf: exe, options: .alwaysMapped) else { return "unknown-\(UUID().uuidString)" }
        let hash = hex(digests(of: [data])[0])
        if let identity, let remembered {
            // Best effort, written whole or not at all: without it, the next build hashes the executable again.
            try? FileManager.default.createDirectory(at: remembered.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? Data("\(identity)\n\(hash)\n".utf8).write(to: remembered, options: .atomic)
        }
        return hash
    }

    /// What a build reads, as two keys. `all`: SHA-256 over every file under the content folder and the
    /// template overlay folder, if any (path and bytes, in path order), the output path and the gen hash —
    /// equal means nothing to do; the built-in templates are part of gen, so of its hash. `shared`: the same
    /// without the export folder: what every month of reports may depend on beyond what it records that it
    /// reads of the export (`MonthReads`).
    static func keys(content: URL, templates: URL?, output: URL, gen: String) -> (all: String, shared: String) {
        var all = SHA256(), shared = SHA256()
        let header = Data("gen \(gen)\u{0}output \(output.standardizedFileURL.path)\u{0}".utf8)
        all.update(data: header)
        shared.update(data: header)
        var found: [(label: String, path: String, bytes: Data)] = []
        for (label, folder) in [("content", content)] + (templates.map { [("templates", $0)] } ?? []) {
            let base = folder.standardizedFileURL
            let inside = ContentFolder(base)
            let paths = ((FileManager.default.enumerator(atPath: base.path)?.allObjects as? [String]) ?? []).sorted()
            for path in paths {
                let url = base.appendingPathComponent(path)
                // Regular files inside the folder only: what a link leads to outside is never read (a device or
                // a pipe would never end).
                guard inside.contains(url.path),
                    (try? FileManager.default.attributesOfItem(atPath: url.path)[.type] as? FileAttributeType) == .typeRegular,
                    let bytes = try? Data(contentsOf: url, options: .alwaysMapped)
                else { continue }
                found.append((label, path, bytes))
            }
        }
        let files = found
        let fileDigests = digests(of: files.map(\.bytes))
        for (index, file) in files.enumerated() {
            let name = Data("\(file.label)/\(file.path)\u{0}\(file.bytes.count)\u{0}".utf8)
            let digest = Data(fileDigests[index])
            all.update(data: name)
            all.update(data: digest)
            if file.label == "content", file.path.hasPrefix("export/") { continue }
            shared.update(data: name)
            shared.update(data: digest)
        }
        return (hex(all.finalize()), hex(shared.finalize()))
    }

    /// Each blob's digest: the SHA-256 of its parts' SHA-256s, the parts (8 MiB each) hashed on all cores.
    /// This runs before anything else in every build, and a large export, or gen itself in a cold build, is
    /// too much for one core.
    static func digests(of blobs: [Data]) -> [[UInt8]] {
        let partSize = 8 << 20
        let parts = blobs.indices.flatMap { blob in
            stride(from: 0, to: max(1, blobs[blob].count), by: partSize).map { (blob: blob, start: $0) }
        }
        let partDigests = ParallelMap.map(parts) { part -> [UInt8] in
            let bytes = blobs[part.blob]
            let end = min(bytes.count, part.start + partSize)
            return Array(SHA256.hash(data: bytes[bytes.startIndex + part.start..<bytes.startIndex + end]))
        }
        var hashers = Array(repeating: SHA256(), count: blobs.count)
        for (part, digest) in zip(parts, partDigests) { hashers[part.blob].update(data: digest) }
        return hashers.map { Array($0.finalize()) }
    }

    static func hex(_ digest: some Sequence<UInt8>) -> String { FastFormat.hex(digest) }
}
