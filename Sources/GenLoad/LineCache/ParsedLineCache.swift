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
    enum Entry: Sendable {
        case previous(Range<Int>)
        case new([UInt8])
    }

    private static let magic = "gen parsed lines 2"

    let location: URL
    private let header: Data
    /// The previous cache file (mapped), and where each line's entry is in it.
    private let previous: Data
    private let index: [ContentDigest: Range<Int>]

    /// The cache of `file` (relative to the content folder). A missing, foreign or damaged cache file is an empty cache.
    init(_ settings: LineCacheSettings, file: String) {
        // Named by a hash of the path, never by the path itself.
        location = settings.folder.appendingPathComponent(ContentDigest(sha256: SHA256.hash(data: Data(file.utf8))).hex + ".lines")
        header = Data("\(Self.magic)\n\(settings.version)\n\(file)\n".utf8)
        let data = settings.readsPrevious ? (try? Data(contentsOf: location, options: .alwaysMapped)) ?? Data() : Data()
        previous = data
        index = Self.index(data, header: header)
    }

    /// The entries of a cache file, after its header; empty when the header is not this one or an entry is cut short.
    private static func index(_ data: Data, header: Data) -> [ContentDigest: Range<Int>] {
        guard data.count > header.count, data.prefix(header.count) == header else { return [:] }
        return data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> [ContentDigest: Range<Int>] in
            var reader = ByteReader(UnsafeRawBufferPointer(rebasing: bytes[header.count..<bytes.count]))
            var index: [ContentDigest: Range<Int>] = [:]
            while !reader.isAtEnd {
                guard let high = reader.int64(), let low = reader.int64(), let length = reader.count(),
                      let payload = reader.raw(length) else { return [:] }
                let start = bytes.baseAddress!.distance(to: payload.baseAddress!)
                index[ContentDigest(high: UInt64(bitPattern: high), low: UInt64(bitPattern: low))] = start..<start + length
            }
            return index
        }
    }

    /// What the line with `key` parsed to in the previous build, with this build's file and line number.
    func contents(for key: ContentDigest, file: String, line: Int) -> (contents: ExportFileContents, entry: Entry)? {
        guard let range = index[key] else { return nil }
        let decoded = previous.withUnsafeBytes { bytes in
            ParsedLineCoding.decode(UnsafeRawBufferPointer(rebasing: bytes[range]), file: file, line: line)
        }
        return decoded.map { ($0, .previous(range)) }
    }

    /// Writes this build's entries (in line order; a line repeated is stored once), whole or not at all.
    /// Best effort: without the file, the next build parses every line.
    func save(_ entries: [(ContentDigest, Entry)]) {
        let folder = location.deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(".\(location.lastPathComponent).\(getpid()).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil),
              let handle = try? FileHandle(forWritingTo: temporary) else { return }
        var written = true
        var buffer = ByteWriter()
        func flush(force: Bool) {
            guard force || buffer.bytes.count >= 1 << 20 else { return }
            do { try handle.write(contentsOf: buffer.bytes) } catch { written = false }
            buffer = ByteWriter()
        }
        do { try handle.write(contentsOf: header) } catch { written = false }
        var seen = Set<ContentDigest>()
        seen.reserveCapacity(entries.count)
        previous.withUnsafeBytes { old in
            for (key, entry) in entries where seen.insert(key).inserted {
                buffer.int64(Int64(bitPattern: key.high))
                buffer.int64(Int64(bitPattern: key.low))
                switch entry {
                case .previous(let range):
                    buffer.varint(range.count)
                    buffer.append(UnsafeRawBufferPointer(rebasing: old[range]))
                case .new(let bytes):
                    buffer.varint(bytes.count)
                    buffer.append(bytes)
                }
                flush(force: false)
            }
        }
        flush(force: true)
        do { try handle.close() } catch { written = false }
        if written, rename(temporary.path, location.path) == 0 { return }
        unlink(temporary.path)
    }
}
