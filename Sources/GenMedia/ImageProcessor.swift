import Foundation
import GenModel
import GenSupport

/// What one `ImageProcessor.process` call did.
public struct ImageBatch: Sendable {
    /// By media path; one entry per distinct path that names an existing file.
    public var images: [String: ProcessedImage]
    /// Sources examined in this run (decoded and encoded, or found broken).
    public var processed: Int
    /// Sources answered from the cache.
    public var reused: Int
    /// Media paths with no file (these have no entry in `images`), in input order.
    public var missing: [String]

    public init(images: [String: ProcessedImage] = [:], processed: Int = 0, reused: Int = 0, missing: [String] = []) {
        self.images = images
        self.processed = processed
        self.reused = reused
        self.missing = missing
    }
}

/// Makes the thumbnail and display renditions of local source images (`CONTENT/media/<path>`)
/// through libvips, keeping them in a content-addressed cache so that a rebuild only touches
/// new or changed sources.
public struct ImageProcessor: Sendable {
    public let settings: SiteConfig.Thumbnails
    public let mediaDirectory: URL
    public let cacheDirectory: URL
    private let mediaFolder: String
    /// Images are read only inside the content folder (the media folder's parent), whatever links lead elsewhere.
    private let content: ContentFolder
    let cache: RenditionCache
    /// Cache keys by the 16-hex-digit prefix in rendition file names, for `cachedFile`.
    private let keys = KeyIndex()

    public init(settings: SiteConfig.Thumbnails, mediaDirectory: URL, cacheDirectory: URL) {
        self.settings = settings
        self.mediaDirectory = mediaDirectory
        self.cacheDirectory = cacheDirectory
        mediaFolder = mediaDirectory.path
        content = ContentFolder(mediaDirectory.deletingLastPathComponent())
        cache = RenditionCache(root: cacheDirectory.appendingPathComponent("thumbnails", isDirectory: true))
    }

    /// Processes each distinct media path once, in parallel across cores; sources whose
    /// cache entry exists are not decoded again.
    public func process(_ mediaPaths: [String]) -> ImageBatch {
        var seen = Set<String>()
        let distinct = mediaPaths.filter { seen.insert($0).inserted }
        cache.sweepAbandonedTemporaries()

        // One image per core, each on one thread from start to finish.
        let outcomes = ParallelMap.map(distinct) { attempt($0, describeFailures: false) }

        var batch = ImageBatch()
        for (path, first) in zip(distinct, outcomes) {
            var outcome = first
            // Now that no other thread uses libvips, its error text can only be this image's.
            if case .retryAlone = outcome { outcome = attempt(path, describeFailures: true) }
            switch outcome {
            case .missing:
                batch.missing.append(path)
            case .reused(let image):
                batch.images[path] = image
                batch.reused += 1
            case .processed(let image):
                batch.images[path] = image
                batch.processed += 1
            case .retryAlone:
                batch.images[path] = ProcessedImage(
                    mediaPath: path, sha256: nil, width: nil, height: nil, renditions: [],
                    error: "libvips failed twice without saying why")
                batch.processed += 1
            }
        }
        return batch
    }

    /// Where a rendition's bytes are in the cache (to copy into the output tree).
    public func cachedFile(_ rendition: ImageRendition) -> URL {
        let prefix = String(rendition.fileName.prefix(16))
        let key = keys.key(forPrefix: prefix) ?? findKey(prefix: prefix) ?? prefix
        return cache.directory(forKey: key).appendingPathComponent(rendition.fileName)
    }

    private enum Attempt {
        case missing
        case reused(ProcessedImage)
        case processed(ProcessedImage)
        case retryAlone
    }

    private func attempt(_ path: String, describeFailures: Bool) -> Attempt {
        // Paths normally come from MediaLocator; never read outside the media folder regardless.
        guard MediaLocator.isSafe(path) else { return .missing }
        // The path as text first: most media paths of a large export name no local file, and building a
        // URL for each cost more than looking.
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: mediaFolder + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue
        else { return .missing }
        let url = mediaDirectory.appendingPathComponent(path)
        guard content.contains(url.path) else {
            return .processed(
                ProcessedImage(
                    mediaPath: path, sha256: nil, width: nil, height: nil, renditions: [],
                    error: "media/\(path): \(ContentFolder.outsideMessage)"))
        }

        let bytes: Data
        do {
            bytes = try Data(contentsOf: url)
        } catch {
            return .processed(
                ProcessedImage(
                    mediaPath: path, sha256: nil, width: nil, height: nil, renditions: [],
                    error: "could not read the file: \(error.localizedDescription)"))
        }
        let sourceHash = RenditionCache.sha256Hex(bytes)
        let key = RenditionCache.key(sourceHash: sourceHash, settings: settings)
        keys.record(key)
        if let entry = cache.load(key: key) { return .reused(entry.image(at: path)) }

        var entry = CacheEntry(key: key, sha256: sourceHash, width: nil, height: nil, renditions: [], error: nil)
        var files: [(name: String, bytes: Data)] = []
        switch RenditionMaker(settings: settings).make(bytes, namePrefix: String(key.prefix(16)), describeFailures: describeFailures) {
        case .failedInLibvips:
            return .retryAlone
        case .failed(let message, let width, let height):
            (entry.error, entry.width, entry.height) = (message, width, height)
        case .made(let width, let height, let made):
            (entry.width, entry.height, entry.renditions) = (width, height, made.map(\.0))
            files = made.map { (name: $0.0.fileName, bytes: $0.1) }
        }
        do {
            try cache.store(entry, files: files)
        } catch {
            // Renditions are served from the cache, so without it there are none to offer.
            return .processed(
                ProcessedImage(
                    mediaPath: path, sha256: sourceHash, width: entry.width, height: entry.height,
                    renditions: [], error: "\(ProcessedImage.cacheFailure): \(error.localizedDescription)"))
        }
        return .processed(entry.image(at: path))
    }

    /// The full key behind a file-name prefix, from the cache folder (for renditions this
    /// processor has not seen, e.g. from an earlier run).
    private func findKey(prefix: String) -> String? {
        let shard = cache.root.appendingPathComponent(String(prefix.prefix(2)), isDirectory: true)
        guard
            let key = (try? FileManager.default.contentsOfDirectory(atPath: shard.path))?
                .filter({ $0.hasPrefix(prefix) }).sorted().first
        else { return nil }
        keys.record(key)
        return key
    }
}

/// Cache keys by their first 16 hex digits (the prefix of every rendition's file name).
private final class KeyIndex: @unchecked Sendable {  // `keys` under `lock`
    private var keys: [String: String] = [:]
    private let lock = NSLock()

    func record(_ key: String) {
        lock.withLock { keys[String(key.prefix(16))] = key }
    }

    func key(forPrefix prefix: String) -> String? {
        lock.withLock { keys[prefix] }
    }
}
