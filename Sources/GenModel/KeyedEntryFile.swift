import Foundation

/// A cache file of entries by key, kept between builds: a header (what the entries were made by and for),
/// then each entry as its key (128 bits), its length and its bytes. Read mapped; an entry is found by its key
/// and decoded by the caller. Written whole or not at all, to a temporary file renamed over the old one, so a
/// build that stops half way leaves the previous file or none.
///
/// Used for the parsed lines of the export (`ParsedLineCache`) and for what was computed of each report, its
/// mileage and form summary (`ComputedReportStore`). A missing, foreign (another header) or damaged file is an empty one: a cache miss,
/// never an error.
public final class KeyedEntryFile: @unchecked Sendable {
    /// One entry of the next file: the previous file's bytes, kept as they are, or new ones.
    public enum Entry: Sendable {
        case previous(Range<Int>)
        case new([UInt8])
    }

    public let location: URL
    private let header: Data
    /// The previous file (mapped), and where each entry is in it.
    private let previous: Data
    private let index: [ContentDigest: Range<Int>]

    /// `readsPrevious` false: the previous file is not read (a clean build), only written anew.
    public init(location: URL, header: String, readsPrevious: Bool) {
        self.location = location
        self.header = Data(header.utf8)
        let data = readsPrevious ? (try? Data(contentsOf: location, options: .alwaysMapped)) ?? Data() : Data()
        previous = data
        index = Self.index(data, header: self.header)
    }

    /// The entries of a file, after its header; empty when the header is not this one or an entry is cut short.
    private static func index(_ data: Data, header: Data) -> [ContentDigest: Range<Int>] {
        guard data.count > header.count, data.prefix(header.count) == header else { return [:] }
        return data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> [ContentDigest: Range<Int>] in
            let body = UnsafeRawBufferPointer(rebasing: bytes[header.count..<bytes.count])
            // Counted first (a skip from one length to the next), so the table is made at its size: grown from
            // empty, 100,000 entries were copied into a larger table again and again.
            var counter = ByteReader(body)
            var count = 0
            while !counter.isAtEnd, counter.int64() != nil, counter.int64() != nil, let length = counter.count(), counter.raw(length) != nil {
                count += 1
            }
            var reader = ByteReader(body)
            var index: [ContentDigest: Range<Int>] = [:]
            index.reserveCapacity(count)
            while !reader.isAtEnd {
                guard let high = reader.int64(), let low = reader.int64(), let length = reader.count(),
                      let payload = reader.raw(length) else { return [:] }
                let start = bytes.baseAddress!.distance(to: payload.baseAddress!)
                index[ContentDigest(high: UInt64(bitPattern: high), low: UInt64(bitPattern: low))] = start..<start + length
            }
            return index
        }
    }

    /// The previous file's entry under `key`, decoded by `decode` (nil: not there, or not decodable).
    public func entry<T>(_ key: ContentDigest, _ decode: (UnsafeRawBufferPointer) -> T?) -> (value: T, entry: Entry)? {
        guard let range = index[key] else { return nil }
        let decoded = previous.withUnsafeBytes { bytes in decode(UnsafeRawBufferPointer(rebasing: bytes[range])) }
        return decoded.map { ($0, .previous(range)) }
    }

    /// Writes this build's entries (in their order; a key repeated is stored once), whole or not at all.
    /// Best effort: without the file, the next build makes every entry again.
    public func save(_ entries: [(ContentDigest, Entry)]) {
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
