import Crypto
import Foundation
import GenPlan

/// What a planned file's bytes depend on, as a SHA-256: equal fingerprints mean equal bytes, so an
/// incremental build keeps the previous file instead of rendering it again.
///
/// A page's fingerprint covers its template with every partial and parent it uses (a changed template
/// invalidates exactly the pages that use it) and its whole context (the data and the configuration it
/// shows). Data files are fingerprinted by their encoded bytes, assets by their bytes, cached renditions by
/// their content-addressed name. Everything else a file could depend on — gen itself — is in the build
/// key the manifest is stored under.
extension Renderer {
    public func fingerprint(_ file: PlannedFile) throws(Failure) -> String {
        var hasher = SHA256()
        try feed(file, into: &hasher)
        return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }

    private func feed(_ file: PlannedFile, into hasher: inout SHA256) throws(Failure) {
        func add(_ text: String) { hasher.update(data: Data((text + "\u{0}").utf8)) }
        switch file.content {
        case .page(let template, let context):
            add("page:\(template):\(templates.closureHash(template) ?? "missing")")
            do { hasher.update(data: try Fingerprint.encoder().encode(context)) } catch { throw .encoding(path: file.path, error) }
        case .json, .csv:
            add("data")
            hasher.update(data: try render(file))
        case .asset(let name):
            add("asset:\(name)")
            guard let data = FileManager.default.contents(atPath: assetsDirectory.appendingPathComponent(name).path) else {
                throw .missingAsset(name)
            }
            hasher.update(data: data)
        case .copy(let url):
            // Cached renditions are named by a hash of their source and settings.
            add("copy:\(url.lastPathComponent)")
        case .archive(let root, let entries):
            add("archive:\(root)")
            for entry in entries {
                add(entry.path)
                try feed(entry, into: &hasher)
            }
        }
    }
}

enum Fingerprint {
    /// Sorted keys, so equal contexts always give equal bytes. One per call: cheap, and never shared
    /// between render threads.
    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}
