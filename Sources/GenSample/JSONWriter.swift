/// A small JSON writer that appends UTF-8 bytes in exactly the order it is told.
///
/// Why not JSONSerialization/JSONEncoder: key order must be fixed (Swift dictionaries iterate
/// in a per-process random order), and the report loop runs a million times, so it must not
/// build dictionaries or intermediate Strings. Non-ASCII text is written as UTF-8, not
/// `\u` escapes, as the Node tools that make real exports do.
///
/// `pretty` indents by two spaces with `": "` after keys, like `JSON.stringify(x, null, 2)`;
/// used for the small backup file. NDJSON lines are compact.
struct JSONWriter {
    var bytes: [UInt8] = []
    let pretty: Bool
    /// One entry per open object or array: whether it has an element yet (comma needed).
    private var hasItems: [Bool] = []
    /// Set between a key and its value, so the value writes no comma or indentation.
    private var afterKey = false

    init(pretty: Bool = false, capacity: Int = 0) {
        self.pretty = pretty
        bytes.reserveCapacity(capacity)
        hasItems.reserveCapacity(8)
    }

    // MARK: Structure

    @inline(__always) private mutating func beforeValue() {
        if afterKey { afterKey = false; return }
        guard !hasItems.isEmpty else { return }
        if hasItems[hasItems.count - 1] { bytes.append(UInt8(ascii: ",")) } else { hasItems[hasItems.count - 1] = true }
        if pretty { newline() }
    }

    private mutating func newline() {
        bytes.append(UInt8(ascii: "\n"))
        for _ in 0..<(hasItems.count * 2) { bytes.append(UInt8(ascii: " ")) }
    }

    private mutating func close(_ bracket: UInt8) {
        let had = hasItems.removeLast()
        if pretty && had { newline() }
        bytes.append(bracket)
    }

    mutating func beginObject() { beforeValue(); bytes.append(UInt8(ascii: "{")); hasItems.append(false) }
    mutating func endObject() { close(UInt8(ascii: "}")) }
    mutating func beginArray() { beforeValue(); bytes.append(UInt8(ascii: "[")); hasItems.append(false) }
    mutating func endArray() { close(UInt8(ascii: "]")) }

    /// A key known at compile time; it must need no escaping.
    @inline(__always) mutating func key(_ k: StaticString) {
        beforeValue()
        bytes.append(UInt8(ascii: "\""))
        k.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        if pretty { bytes.append(UInt8(ascii: " ")) }
        afterKey = true
    }

    /// A key chosen at run time (document ids in the backup).
    mutating func key(_ k: String) {
        beforeValue()
        appendQuoted(k)
        bytes.append(UInt8(ascii: ":"))
        if pretty { bytes.append(UInt8(ascii: " ")) }
        afterKey = true
    }

    // MARK: Values

    @inline(__always) mutating func string(_ s: String) { beforeValue(); appendQuoted(s) }

    /// Text given as UTF-8 bytes, e.g. a whole document written by another writer
    /// (the changelog's `data` column is a document serialized into a string).
    mutating func string(utf8 text: [UInt8]) {
        beforeValue()
        text.withUnsafeBufferPointer { appendQuoted($0) }
    }

    /// A string whose characters are appended by `body` straight into the buffer; the caller
    /// guarantees they need no escaping (generated ids).
    @inline(__always) mutating func string(unescaped body: (inout [UInt8]) -> Void) {
        beforeValue()
        bytes.append(UInt8(ascii: "\""))
        body(&bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// A string written in pieces, so notes and joined names need no concatenated String:
    /// `beginString()`, any number of `stringPart(_:)`, `endString()`.
    mutating func beginString() { beforeValue(); bytes.append(UInt8(ascii: "\"")) }
    @inline(__always) mutating func stringPart(_ s: String) {
        var s = s
        s.withUTF8 { appendEscaped($0) }
    }
    mutating func stringPart(utf8 text: [UInt8]) { text.withUnsafeBufferPointer { appendEscaped($0) } }
    mutating func stringPart(int v: Int) { Self.appendInt(v, to: &bytes) }
    mutating func endString() { bytes.append(UInt8(ascii: "\"")) }

    @inline(__always) mutating func int(_ v: Int) { beforeValue(); appendInt(v) }
    mutating func bool(_ v: Bool) {
        beforeValue()
        if v { append("true") } else { append("false") }
    }
    mutating func null() { beforeValue(); append("null") }

    /// The admin SDK's `JSON.stringify` form of a Firestore Timestamp.
    mutating func timestamp(seconds: Int) {
        beginObject()
        key("_seconds"); int(seconds)
        key("_nanoseconds"); int(0)
        endObject()
    }

    mutating func stringArray(_ items: [String]) {
        beginArray()
        for s in items { string(s) }
        endArray()
    }

    // MARK: Bytes

    @inline(__always) mutating func append(_ s: StaticString) { s.withUTF8Buffer { bytes.append(contentsOf: $0) } }

    mutating func appendInt(_ v: Int) { Self.appendInt(v, to: &bytes) }

    static func appendInt(_ v: Int, to bytes: inout [UInt8]) {
        if v < 0 { bytes.append(UInt8(ascii: "-")) }
        var n = v.magnitude
        if n == 0 { bytes.append(UInt8(ascii: "0")); return }
        let start = bytes.count
        while n > 0 {
            bytes.append(UInt8(truncatingIfNeeded: 0x30 &+ n % 10))
            n /= 10
        }
        bytes[start...].reverse()
    }

    @inline(__always) private mutating func appendQuoted(_ s: String) {
        var s = s
        s.withUTF8 { appendQuoted($0) }
    }

    private static let hex = Array("0123456789abcdef".utf8)

    private mutating func appendQuoted(_ text: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        appendEscaped(text)
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func appendEscaped(_ text: UnsafeBufferPointer<UInt8>) {
        // Fast path: most text needs no escaping and is copied in one go.
        var clean = true
        for b in text where b < 0x20 || b == 0x22 || b == 0x5C { clean = false; break }
        if clean {
            bytes.append(contentsOf: text)
        } else {
            for b in text {
                switch b {
                case 0x22: bytes.append(0x5C); bytes.append(0x22)
                case 0x5C: bytes.append(0x5C); bytes.append(0x5C)
                case 0x0A: bytes.append(0x5C); bytes.append(UInt8(ascii: "n"))
                case 0x0D: bytes.append(0x5C); bytes.append(UInt8(ascii: "r"))
                case 0x09: bytes.append(0x5C); bytes.append(UInt8(ascii: "t"))
                case 0..<0x20:
                    append("\\u00")
                    bytes.append(Self.hex[Int(b >> 4)])
                    bytes.append(Self.hex[Int(b & 0xF)])
                default: bytes.append(b)
                }
            }
        }
    }
}
