import Crypto
import Foundation
import GenModel
import GenSupport

/// Renditions stored by content: `<cache>/thumbnails/<first 2 hex of key>/<key>/` holds the files and
/// `entry.json`. The key covers the source bytes and every setting, so an entry never goes stale:
/// a changed source or setting is a different key. Failures are stored too, so a broken image is
/// examined once, not on every build.
struct RenditionCache: Sendable {
    /// `<cache>/thumbnails`
    let root: URL

    /// Bump when the renditions change for the same source and settings (other libvips
    /// options, file naming, entry layout).
    static let formatVersion = "gen-renditions-v1"

    static func sha256Hex(_ data: Data) -> String {
        FastFormat.hex(SHA256.hash(data: data))
    }

    /// SHA-256 over the source hash, every setting, the format version and the libvips version
    /// (another libvips may encode other bytes, and a content-addressed name must always mean the
    /// same bytes).
    static func key(sourceHash: String, settings s: SiteConfig.Thumbnails) -> String {
        let description = """
            \(formatVersion)
            libvips \(Vips.version)
            source \(sourceHash)
            thumbnail \(s.thumbnailWidth)x\(s.thumbnailHeight) crop centre
            display \(s.displayWidth)x\(s.displayHeight) fit down
            quality \(s.quality)
            maxMegapixels \(s.maxMegapixels)

            """
        return sha256Hex(Data(description.utf8))
    }

    func directory(forKey key: String) -> URL {
        root.appendingPathComponent(String(key.prefix(2)), isDirectory: true).appendingPathComponent(key, isDirectory: true)
    }

    /// The stored entry, when complete: `entry.json` decodes and every file has its recorded size.
    func load(key: String) -> CacheEntry? {
        let directory = directory(forKey: key)
        guard let data = try? Data(contentsOf: directory.appendingPathComponent("entry.json")),
            let entry = try? JSONDecoder().decode(CacheEntry.self, from: data), entry.key == key
        else { return nil }
        for rendition in entry.renditions {
            let path = directory.appendingPathComponent(rendition.fileName).path
            guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber,
                size.intValue == rendition.bytes
            else { return nil }
        }
        return entry
    }

    /// Writes the entry into a private temporary folder, then renames it into place in one step,
    /// so readers (and a crash) never see half an entry. When another build stored the same key
    /// first, its entry is kept: same key, same content.
    func store(_ entry: CacheEntry, files: [(name: String, bytes: Data)]) throws {
        let fm = FileManager.default
        let final = directory(forKey: entry.key)
        let temporary = root.appendingPathComponent(".tmp-\(entry.key.prefix(16))-\(UUID().uuidString)", isDirectory: true)
        try fm.createDirectory(at: temporary, withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: temporary) }  // gone after a successful rename
        for file in files {
            try file.bytes.write(to: temporary.appendingPathComponent(file.name))
        }
        try Self.encoder.encode(entry).write(to: temporary.appendingPathComponent("entry.json"))
        try fm.createDirectory(at: final.deletingLastPathComponent(), withIntermediateDirectories: true)

        if fm.fileExists(atPath: final.path) && load(key: entry.key) == nil {
            // Present but incomplete (it failed `load`): move it aside atomically, then delete it.
            let broken = root.appendingPathComponent(".tmp-broken-\(UUID().uuidString)")
            if rename(final.path, broken.path) == 0 { try? fm.removeItem(at: broken) }
        }
        if rename(temporary.path, final.path) != 0 {
            let code = errno
            guard code == EEXIST || code == ENOTEMPTY else {
                throw CocoaError(
                    .fileWriteUnknown,
                    userInfo: [
                        NSFilePathErrorKey: final.path,
                        NSLocalizedDescriptionKey: String(cString: strerror(code))
                    ])
            }
        }
    }

    /// Removes temporary folders left by builds that crashed (older than an hour, so a
    /// concurrent build's folder in progress is never touched).
    func sweepAbandonedTemporaries() {
        let fm = FileManager.default
        guard let names = try? fm.contentsOfDirectory(atPath: root.path) else { return }
        let cutoff = Date().addingTimeInterval(-3600)
        for name in names where name.hasPrefix(".tmp-") {
            let url = root.appendingPathComponent(name)
            if let modified = (try? fm.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date, modified < cutoff {
                try? fm.removeItem(at: url)
            }
        }
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return encoder
    }()
}

/// `entry.json`: a `ProcessedImage` without its media path (the same bytes can sit at several
/// paths), plus the key it was stored under.
struct CacheEntry: Codable, Sendable {
    var key: String
    var sha256: String
    var width: Int?
    var height: Int?
    var renditions: [ImageRendition]
    var error: String?

    func image(at mediaPath: String) -> ProcessedImage {
        ProcessedImage(mediaPath: mediaPath, sha256: sha256, width: width, height: height, renditions: renditions, error: error)
    }
}
