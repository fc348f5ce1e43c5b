import Crypto
import Foundation
import GenModel

/// Where the parsed lines of newline-delimited exports are kept between builds, and for which gen.
public struct LineCacheSettings: Sendable {
    /// The folder of the cache files (one per export file).
    public var folder: URL
    /// The gen that wrote an entry (its executable's hash): another gen may parse a line differently.
    public var version: String
    /// False for `gen build --clean`: every line is parsed, and the cache is written anew.
    public var readsPrevious: Bool

    public init(folder: URL, version: String, readsPrevious: Bool = true) {
        self.folder = folder
        self.version = version
        self.readsPrevious = readsPrevious
    }
}

/// The previous build's parsed lines of one newline-delimited export file, by the SHA-256 of each line's bytes.
///
/// Why: CI builds an export after an export, and between two of them few lines change. Parsing JSON (with the
/// values turned into `FirestoreValue`s) was most of reading an export; a line whose bytes are unchanged is read
/// back from its entry instead (`ParsedLineCoding`), in a fraction of the time. The entry is the line's own
/// result, so it is the same wherever the line moved in the file, and a changed line simply has no entry.
final class ParsedLineCache: @unchecked Sendable {
    /// A line's key: the first 128 bits of the SHA-256 of its bytes.
    static func key(_ line: UnsafeRawBufferPointer) -> ContentDigest { ContentDigest(sha256: SHA256.hash(data: line)) }

    /// A line's entry for the next build: the previous build's bytes, or this build's.
    typealias Entry = KeyedEntryFile.Entry

    private static let magic = "gen parsed lines 2"

    private let file: KeyedEntryFile

    /// The cache of `file` (relative to the content folder). A missing, foreign or damaged cache file is an empty cache.
    init(_ settings: LineCacheSettings, file: String) {
        // Named by a hash of the path, never by the path itself.
        let location = settings.folder.appendingPathComponent(ContentDigest(sha256: SHA256.hash(data: Data(file.utf8))).hex + ".lines")
        self.file = KeyedEntryFile(location: location, header: "\(Self.magic)\n\(settings.version)\n\(file)\n",
                                   readsPrevious: settings.readsPrevious)
    }

    /// What the line with `key` parsed to in the previous build, with this build's file and line number.
    func contents(for key: ContentDigest, file: String, line: Int) -> (contents: ExportFileContents, entry: Entry)? {
        self.file.entry(key) { ParsedLineCoding.decode($0, file: file, line: line) }.map { ($0.value, $0.entry) }
    }

    /// Writes this build's entries (in line order; a line repeated is stored once), whole or not at all.
    /// Best effort: without the file, the next build parses every line.
    func save(_ entries: [(ContentDigest, Entry)]) { file.save(entries) }
}
