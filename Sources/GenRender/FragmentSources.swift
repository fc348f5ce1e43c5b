import Foundation

/// Where each fragment's text sits in a rendered page, so that a later build can read a fragment's text
/// back from the page instead of rendering it again.
///
/// Why: a month's page shows every report body of the month (HTML and Markdown), so one changed report
/// makes an incremental build render every body of its month again, hundreds of them, to put the page
/// together. The previous build's page already holds each unchanged body, byte for byte: a fragment's text
/// is fixed by its fingerprint (its template with everything it includes, and its whole context).
public struct FragmentIndex: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var fingerprint: String
        public var offset: Int
        public var length: Int
    }

    public var entries: [Entry]

    /// The fragments a page's render put in (in order, as `FragmentLog.recording` saw them), found in the
    /// page's bytes. Each is looked for after the one before, else from the start; one not found (a text
    /// escaped into the page rather than put in as it is) is simply not indexed.
    public static func locate(_ fragments: [(fingerprint: String, text: String)], in page: Data) -> FragmentIndex {
        var entries: [Entry] = []
        var seen = Set<String>()
        page.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var from = 0
            for (fingerprint, text) in fragments where !text.isEmpty && seen.insert(fingerprint).inserted {
                var text = text
                let found: Int? = text.withUTF8 { needle in
                    // The first byte by memchr, the rest by memcmp (Glibc's memmem is not visible to Swift).
                    func search(_ start: Int) -> Int? {
                        var position = start
                        let first = Int32(needle[0])
                        while raw.count - position >= needle.count {
                            guard let hit = memchr(base + position, first, raw.count - position - needle.count + 1) else { return nil }
                            let offset = base.distance(to: UnsafeRawPointer(hit))
                            if memcmp(hit, needle.baseAddress!, needle.count) == 0 { return offset }
                            position = offset + 1
                        }
                        return nil
                    }
                    return search(from) ?? search(0)
                }
                guard let offset = found else { continue }
                let length = text.utf8.count
                entries.append(Entry(fingerprint: fingerprint, offset: offset, length: length))
                from = offset + length
            }
        }
        return FragmentIndex(entries: entries)
    }

    /// One line per fragment: `<fingerprint> <offset> <length>`.
    public var encoded: Data {
        Data(entries.map { "\($0.fingerprint) \($0.offset) \($0.length)\n" }.joined().utf8)
    }

    /// Nil unless every line reads exactly so. Read a byte at a time: a rebuild that plans a gallery again
    /// reads an index per gallery page (7,000 at 100,000 reports, two dozen lines each) before rendering any.
    public init?(encoded data: Data) {
        let parsed: [Entry]? = data.withUnsafeBytes { raw -> [Entry]? in
            let bytes = raw.bindMemory(to: UInt8.self)
            var entries: [Entry] = []
            var i = 0
            /// Decimal digits up to `end`, at least one, no more than 18 (no overflow).
            func number(until end: UInt8) -> Int? {
                var value = 0
                let start = i
                while i < bytes.count, bytes[i] != end {
                    let digit = bytes[i] &- UInt8(ascii: "0")
                    guard digit < 10, i - start < 18 else { return nil }
                    value = value * 10 + Int(digit)
                    i += 1
                }
                guard i > start, i < bytes.count else { return nil }
                i += 1  // the separator
                return value
            }
            while i < bytes.count {
                guard bytes.count - i > 65, bytes[i + 64] == UInt8(ascii: " "),
                      bytes[i..<i + 64].allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) || (0x41...0x46).contains($0) })
                else { return nil }
                let fingerprint = String(decoding: bytes[i..<i + 64], as: UTF8.self)
                i += 65
                guard let offset = number(until: UInt8(ascii: " ")), let length = number(until: UInt8(ascii: "\n")), length > 0
                else { return nil }
                entries.append(Entry(fingerprint: fingerprint, offset: offset, length: length))
            }
            return entries
        }
        guard let parsed else { return nil }
        entries = parsed
    }

    public init(entries: [Entry]) { self.entries = entries }
}

/// The fragments of the previous build's pages that this build may read back instead of rendering: by
/// fingerprint, the file and the place in it. Filled as batches are planned (`add`), read as fragments
/// are rendered (`text(for:)`), from any thread.
public final class PreviousFragments: @unchecked Sendable {
    private struct Source {
        var file: String
        var offset: Int
        var length: Int
    }

    private let lock = NSLock()
    private var sources: [String: Source] = [:]
    private let descriptors = OpenPages()
    /// Which fingerprints each batch added: only the last few batches' are kept (a fragment is shown only
    /// by pages of its own month's batch).
    private var added: [[String]] = []
    private static let batchesKept = 2

    public init() {}

    /// One indexed page of the previous build: its index, its file (the previous output's copy) and its size
    /// as recorded.
    public struct Page: Sendable {
        public var index: FragmentIndex
        public var file: String
        public var size: Int

        public init(index: FragmentIndex, file: String, size: Int) {
            self.index = index
            self.file = file
            self.size = size
        }
    }

    /// The fragments the indexed pages of the batch being planned now place in their previous files (each
    /// file checked by the caller to be `size` bytes, as recorded). An index that does not fit its file is not
    /// used.
    public func add(batch pages: [Page]) {
        let usable = pages.filter { page in page.index.entries.allSatisfy { $0.offset + $0.length <= page.size } }
        lock.withLock {
            var fingerprints: [String] = []
            for page in usable {
                for entry in page.index.entries where sources[entry.fingerprint] == nil {
                    sources[entry.fingerprint] = Source(file: page.file, offset: entry.offset, length: entry.length)
                    fingerprints.append(entry.fingerprint)
                }
            }
            added.append(fingerprints)
            while added.count > Self.batchesKept {
                for fingerprint in added.removeFirst() { sources[fingerprint] = nil }
            }
        }
    }

    /// The text of the fragment with this fingerprint, read from the previous build's page; nil when no
    /// page holds it (or it cannot be read: the fragment is then rendered).
    public func text(for fingerprint: String) -> String? {
        guard let source = lock.withLock({ sources[fingerprint] }) else { return nil }
        var bytes = [UInt8](repeating: 0, count: source.length)
        let read = descriptors.read(source.file) { descriptor in
            bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, source.length, off_t(source.offset)) }
        }
        guard read == source.length else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }
}

/// The previous pages most recently read from, open: a page shows two dozen cards or thousands of report
/// bodies, mostly from one or two previous pages, and opening and closing the page for each fragment was
/// most of the cost of reading them back (83,000 opens for the gallery at 100,000 reports).
final class OpenPages: @unchecked Sendable {
    private let lock = NSLock()
    private var open: [(file: String, descriptor: Int32)] = []
    /// Descriptors kept open, at most.
    static let limit = 16

    /// `body`'s answer with the file open (under the lock: `pread` is quick, and no descriptor is closed
    /// while another thread reads through it); -1 when the file cannot be opened.
    func read(_ file: String, _ body: (Int32) -> Int) -> Int {
        lock.withLock {
            let descriptor: Int32
            if let index = open.firstIndex(where: { $0.file == file }) {
                descriptor = open[index].descriptor
                if index != open.count - 1 { open.append(open.remove(at: index)) }
            } else {
                descriptor = Glibc.open(file, O_RDONLY | O_CLOEXEC)
                guard descriptor >= 0 else { return -1 }
                if open.count >= Self.limit { close(open.removeFirst().descriptor) }
                open.append((file, descriptor))
            }
            return body(descriptor)
        }
    }

    deinit {
        for (_, descriptor) in open { close(descriptor) }
    }
}

/// The fragments put into the page being rendered on this thread, in the order the page shows them.
/// Only a page's own fragments are logged, not fragments inside them (their texts are inside their
/// parent's, and the parent is what a page puts together).
final class FragmentLog {
    private(set) var fragments: [(fingerprint: String, text: String)] = []
    private var depth = 0

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    static var current: FragmentLog? {
        pthread_getspecific(key).map { Unmanaged<FragmentLog>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Around a fragment's render: `body` makes its text (rendering fragments inside it, not logged).
    func fragment(_ fingerprint: String, _ body: () -> String) -> String {
        depth += 1
        let text = body()
        depth -= 1
        if depth == 0 { fragments.append((fingerprint, text)) }
        return text
    }

    /// Runs `render` with a log on this thread, and returns what it made with the fragments it put in.
    static func recording<T>(_ render: () throws -> T) rethrows -> (T, [(fingerprint: String, text: String)]) {
        let log = Unmanaged.passRetained(FragmentLog())
        pthread_setspecific(key, log.toOpaque())
        defer {
            pthread_setspecific(key, nil)
            log.release()
        }
        let value = try render()
        return (value, log.takeUnretainedValue().fragments)
    }
}

extension Renderer {
    /// Renders a prepared page and locates the fragments it put in.
    public func renderIndexed(_ prepared: Prepared) throws -> (data: Data, index: FragmentIndex) {
        let (data, fragments) = try FragmentLog.recording { try prepared.render() }
        return (data, FragmentIndex.locate(fragments, in: data))
    }
}
