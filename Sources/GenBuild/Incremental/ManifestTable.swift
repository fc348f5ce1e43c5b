import Foundation
import GenModel

/// A SHA-256 as four words: 32 bytes inline in a table entry instead of 64 hex characters on the heap (the
/// table has an entry per output file, 230,000 at 100,000 reports, held through an incremental build).
struct Digest256: Hashable {
    private let words: (UInt64, UInt64, UInt64, UInt64)

    /// Exactly 64 hex digits (either case); nil otherwise.
    init?(hex: String) {
        var hex = hex
        guard let parsed = hex.withUTF8({ Digest256(hexBytes: $0) }) else { return nil }
        self = parsed
    }

    init?(hexBytes bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count == 64, let w0 = Self.word(bytes, 0), let w1 = Self.word(bytes, 16), let w2 = Self.word(bytes, 32),
              let w3 = Self.word(bytes, 48) else { return nil }
        words = (w0, w1, w2, w3)
    }

    /// The 16 hex digits from `start` as a number.
    private static func word(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int) -> UInt64? {
        var word: UInt64 = 0
        for byte in bytes[start..<start + 16] {
            let nibble: UInt8
            switch byte {
            case 0x30...0x39: nibble = byte - 0x30
            case 0x61...0x66: nibble = byte - 0x61 + 10
            case 0x41...0x46: nibble = byte - 0x41 + 10
            default: return nil
            }
            word = word << 4 | UInt64(nibble)
        }
        return word
    }

    /// Lowercase hex, as `init(hex:)` reads it.
    var hex: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64)
        appendHex(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The 64 lowercase hex digits appended to `bytes`.
    func appendHex(to bytes: inout [UInt8]) {
        for word in [words.0, words.1, words.2, words.3] {
            for shift in stride(from: 60, through: 0, by: -4) {
                let nibble = UInt8(truncatingIfNeeded: word >> UInt64(shift)) & 0xF
                bytes.append(nibble < 10 ? 0x30 + nibble : 0x61 - 10 + nibble)  // 0-9, a-f
            }
        }
    }

    static func == (a: Digest256, b: Digest256) -> Bool {
        a.words.0 == b.words.0 && a.words.1 == b.words.1 && a.words.2 == b.words.2 && a.words.3 == b.words.3
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(words.2)
        hasher.combine(words.3)
    }
}

/// The manifest's table (`<name>.files.json` until format 5, `<name>.files` since) as lines of text, read
/// a byte at a time: Foundation's JSON decoder took 0.3 s of CPU for the 23,720 files of a 10,000-report
/// site, ten times that at 100,000 reports, on every incremental build.
///
/// ```
/// gen-table 6
/// inputs <the header's inputs key>
/// <fingerprint: 64 hex digits> <size> <path>          (one line per file, by a hash of its path)
/// batch <key> <pages> <file count> <name>             (one per keyed batch, by name)
/// <path>                                              (its files, one per line)
/// ```
///
/// Output paths hold no control characters (`OutputTree.isSafe`), and batch names are made from
/// organization folders (sanitized the same way), so a line break always ends a field. Any line that does
/// not read exactly so makes the whole table unusable: the next build is simply a full one.
enum ManifestTable {
    static let magic = "gen-table \(BuildManifest.format)"

    static func encode(inputs: String, files: [String: BuildManifest.Entry], batches: [String: BuildManifest.Batch]) -> Data {
        var data = Data()
        encode(inputs: inputs, files: files, batches: batches) { data.append(contentsOf: $0) }
        return data
    }

    /// The table handed to `emit` a part at a time, each ending a line and about `partSize` bytes (at most
    /// twice that and a line: file lines are made a fixed number to a part, about 160 bytes each). Why in parts: the table is
    /// 40 MB at 100,000 reports, and made whole (then copied into a `Data` to be written) it was the peak of a
    /// rebuild's memory, 70 MB over the build's model, which is still resident when the manifest is saved.
    static func encode(inputs: String, files: [String: BuildManifest.Entry], batches: [String: BuildManifest.Batch],
                       partSize: Int = 1 << 20, emit: ([UInt8]) throws -> Void) rethrows {
        // Written as bytes: a line per file, 227,000 at 100,000 reports, each interpolated into a `String` was
        // a fifth of the swap at the end of a build.
        var out: [UInt8] = []
        out.reserveCapacity(partSize + 4_096)
        func put(_ text: String) { out.append(contentsOf: text.utf8) }
        func endLine() throws {
            out.append(0x0A)
            if out.count >= partSize {
                try emit(out)
                out.removeAll(keepingCapacity: true)
            }
        }
        put("\(magic)\ninputs \(inputs)")
        try endLine()
        // In a stable order that is cheap to make: by a 64-bit FNV-1a hash of the path (ties by path). Sorting
        // 227,000 paths as strings took 0.18 s at 100,000 reports, at the end of every rebuild; this, 0.08 s.
        // Positions in the dictionary, not (path, entry) pairs: 227,000 pairs are 16 MB more at the peak.
        var sorting = ParallelMap.map(Array(files.indices)) { (hash: FNV1a.hash(files.keys[$0]), position: $0) }
        sorting.sort { $0.hash != $1.hash ? $0.hash < $1.hash : files.keys[$0.position] < files.keys[$1.position] }
        let order = sorting
        if !out.isEmpty {
            try emit(out)
            out.removeAll(keepingCapacity: true)
        }
        // The lines made on all cores, a few parts at a time and handed on in order: the table was the
        // longest step of a rebuild's swap on one core (0.2 s at 100,000 reports), and parts made all at
        // once would hold the whole table (40 MB) in memory.
        let linesPerPart = max(1, partSize / 160)
        let parts = stride(from: 0, to: order.count, by: linesPerPart).map { $0..<min(order.count, $0 + linesPerPart) }
        let inFlight = 2 * ProcessInfo.processInfo.activeProcessorCount
        for first in stride(from: 0, to: parts.count, by: inFlight) {
            let made = ParallelMap.map(Array(parts[first..<min(parts.count, first + inFlight)])) { range in
                var bytes: [UInt8] = []
                bytes.reserveCapacity(range.count * 180)
                for (_, position) in order[range] {
                    let (path, entry) = files[position]
                    entry.fingerprint.appendHex(to: &bytes)
                    bytes.append(0x20)
                    bytes.append(contentsOf: String(entry.size).utf8)
                    bytes.append(0x20)
                    bytes.append(contentsOf: path.utf8)
                    bytes.append(0x0A)
                }
                return bytes
            }
            for bytes in made { try emit(bytes) }
        }
        for name in batches.keys.sorted() {
            let batch = batches[name]!
            put("batch \(batch.key) \(batch.pages) \(batch.files.count) \(name)")
            try endLine()
            for path in batch.files {
                put(path)
                try endLine()
            }
        }
        if !out.isEmpty { try emit(out) }
    }

    /// The table's files and batches, when it reads whole and is the table of the build whose inputs key
    /// is `inputs`.
    static func decode(_ data: Data, inputs: String) -> (files: [String: BuildManifest.Entry], batches: [String: BuildManifest.Batch])? {
        data.withUnsafeBytes { raw -> (files: [String: BuildManifest.Entry], batches: [String: BuildManifest.Batch])? in
            var lines = Lines(raw.bindMemory(to: UInt8.self))
            guard let first = lines.next(), String(decoding: first, as: UTF8.self) == magic,
                  let second = lines.next(), String(decoding: second, as: UTF8.self) == "inputs \(inputs)" else { return nil }
            var files: [String: BuildManifest.Entry] = [:]
            // Made at its size (the file lines, counted up to the first batch line): grown from empty, the table of
            // 227,000 files was copied into a larger one again and again, 0.12 s of CPU at 100,000 reports.
            files.reserveCapacity(Self.fileLineCount(lines))
            var batches: [String: BuildManifest.Batch] = [:]
            while let line = lines.next() {
                if line.starts(with: Self.batchPrefix) {
                    // batch <key> <pages> <count> <name>
                    var fields = line[(line.startIndex + Self.batchPrefix.count)...].split(separator: 0x20, maxSplits: 3,
                                                                                            omittingEmptySubsequences: false)
                    guard fields.count == 4, let pages = number(fields[1]), let count = number(fields[2]) else { return nil }
                    let key = String(decoding: fields[0], as: UTF8.self)
                    let name = String(decoding: fields.removeLast(), as: UTF8.self)
                    var paths: [String] = []
                    paths.reserveCapacity(count)
                    for _ in 0..<count {
                        guard let pathLine = lines.next() else { return nil }
                        let path = String(decoding: pathLine, as: UTF8.self)
                        // The file table's own string, not a second copy of every path.
                        if let index = files.index(forKey: path) { paths.append(files.keys[index]) } else { paths.append(path) }
                    }
                    batches[name] = BuildManifest.Batch(key: key, files: paths, pages: pages)
                } else {
                    guard let (path, entry) = fileLine(line) else { return nil }
                    files[path] = entry
                }
            }
            return (files, batches)
        }
    }

    /// Calls `body` with every file of the table whose inputs key is `inputs`, without keeping them; false
    /// when the table is not that or does not read whole (some files may have been given by then).
    static func eachFile(_ data: Data, inputs: String, _ body: (String, BuildManifest.Entry) -> Void) -> Bool {
        data.withUnsafeBytes { raw -> Bool in
            var lines = Lines(raw.bindMemory(to: UInt8.self))
            guard let first = lines.next(), String(decoding: first, as: UTF8.self) == magic,
                  let second = lines.next(), String(decoding: second, as: UTF8.self) == "inputs \(inputs)" else { return false }
            // The file lines come first, then the batches.
            while let line = lines.next(), !line.starts(with: Self.batchPrefix) {
                guard let (path, entry) = fileLine(line) else { return false }
                body(path, entry)
            }
            return true
        }
    }

    /// How many lines from `lines`' position on come before the first batch line (or the end).
    private static func fileLineCount(_ lines: Lines) -> Int {
        var lines = lines
        var count = 0
        while let line = lines.next(), !line.starts(with: batchPrefix) { count += 1 }
        return count
    }

    /// `<fingerprint> <size> <path>`
    private static func fileLine(_ line: Slice<UnsafeBufferPointer<UInt8>>) -> (String, BuildManifest.Entry)? {
        guard line.count > 66, line[line.startIndex + 64] == 0x20,
              let fingerprint = Digest256(hexBytes: UnsafeBufferPointer(rebasing: line.prefix(64))),
              let space = line[(line.startIndex + 65)...].firstIndex(of: 0x20),
              let size = number(line[(line.startIndex + 65)..<space]) else { return nil }
        let path = String(decoding: line[(space + 1)...], as: UTF8.self)
        guard !path.isEmpty else { return nil }
        return (path, BuildManifest.Entry(fingerprint: fingerprint, size: size))
    }

    private static let batchPrefix = Array("batch ".utf8)

    /// A decimal number of at most 18 digits (no sign).
    private static func number(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        guard !digits.isEmpty, digits.count <= 18 else { return nil }
        var value = 0
        for byte in digits {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }

    /// The lines of a buffer, without their line breaks; a last line without one is still a line.
    private struct Lines {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        mutating func next() -> Slice<UnsafeBufferPointer<UInt8>>? {
            guard position < bytes.count else { return nil }
            let start = position
            while position < bytes.count, bytes[position] != 0x0A { position += 1 }
            let line = bytes[start..<position]
            position += 1
            return line
        }
    }
}
