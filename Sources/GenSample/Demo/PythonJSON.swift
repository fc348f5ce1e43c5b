import Foundation

/// A JSON value as Python's `json` module writes it: objects keep their keys in insertion order, as
/// Python's dicts do, and integers stay apart from floats (`0` is not `0.0`).
///
/// The demo sample's files are the order in which the original script filled its dicts, so the port
/// builds the same dicts, literal for literal, and serializes them with `dumps`.
enum PyJSON: Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case float(Double)
    case string(String)
    case array([PyJSON])
    case object(PyObject)
}

/// A Python dict with string keys: assigning to an existing key keeps its place, a new key goes last.
struct PyObject: Equatable {
    private(set) var entries: [(key: String, value: PyJSON)] = []

    init() {}

    init(_ pairs: [(String, PyJSON)]) {
        for (key, value) in pairs { self[key] = value }
    }

    /// Setting nil deletes the key, as `del d[key]` does.
    subscript(key: String) -> PyJSON? {
        get { entries.first { $0.key == key }?.value }
        set {
            let index = entries.firstIndex { $0.key == key }
            switch (index, newValue) {
            case (let i?, let value?): entries[i].value = value
            case (let i?, nil): entries.remove(at: i)
            case (nil, let value?): entries.append((key, value))
            case (nil, nil): break
            }
        }
    }

    /// `d.update(other)`.
    mutating func update(_ other: PyObject) {
        for (key, value) in other.entries { self[key] = value }
    }

    static func == (a: PyObject, b: PyObject) -> Bool {
        a.entries.count == b.entries.count && zip(a.entries, b.entries).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}

extension PyJSON: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    init(nilLiteral: ()) { self = .null }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(integerLiteral value: Int) { self = .int(value) }
    init(floatLiteral value: Double) { self = .float(value) }
    init(stringLiteral value: String) { self = .string(value) }
    init(arrayLiteral elements: PyJSON...) { self = .array(elements) }
    init(dictionaryLiteral elements: (String, PyJSON)...) { self = .object(PyObject(elements)) }

    /// A list of strings, the most common array in the sample.
    static func strings(_ items: [String]) -> PyJSON { .array(items.map { .string($0) }) }

    /// The dict inside, for the few places that change a document after building it.
    var object: PyObject {
        get {
            guard case .object(let o) = self else { preconditionFailure("not a dict: \(self)") }
            return o
        }
        set { self = .object(newValue) }
    }
}

/// `json.dumps(value, ensure_ascii=False, ...)`, byte for byte.
enum PythonJSON {
    /// `separators=(",", ":")`: one line, no spaces (the NDJSON exports).
    static func compact(_ value: PyJSON) -> String {
        var out = ""
        write(value, indent: nil, depth: 0, to: &out)
        return out
    }

    /// `indent=2`: one item per line, `", "` never appears and keys are followed by `": "`.
    static func indented(_ value: PyJSON, indent: Int = 2) -> String {
        var out = ""
        write(value, indent: indent, depth: 0, to: &out)
        return out
    }

    private static func write(_ value: PyJSON, indent: Int?, depth: Int, to out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .float(let x): out += PythonNumber.repr(x)
        case .string(let s): quote(s, to: &out)
        case .array(let items):
            guard !items.isEmpty else {
                out += "[]"
                return
            }
            out += "["
            for (i, item) in items.enumerated() {
                separate(first: i == 0, indent: indent, depth: depth + 1, to: &out)
                write(item, indent: indent, depth: depth + 1, to: &out)
            }
            close("]", indent: indent, depth: depth, to: &out)
        case .object(let object):
            guard !object.entries.isEmpty else {
                out += "{}"
                return
            }
            out += "{"
            for (i, entry) in object.entries.enumerated() {
                separate(first: i == 0, indent: indent, depth: depth + 1, to: &out)
                quote(entry.key, to: &out)
                out += indent == nil ? ":" : ": "
                write(entry.value, indent: indent, depth: depth + 1, to: &out)
            }
            close("}", indent: indent, depth: depth, to: &out)
        }
    }

    private static func separate(first: Bool, indent: Int?, depth: Int, to out: inout String) {
        if !first { out += "," }
        if let indent { out += "\n" + String(repeating: " ", count: indent * depth) }
    }

    private static func close(_ bracket: String, indent: Int?, depth: Int, to out: inout String) {
        if let indent { out += "\n" + String(repeating: " ", count: indent * depth) }
        out += bracket
    }

    /// `py_encode_basestring`: quotes, backslashes and control characters escaped; everything else,
    /// non-ASCII included, written as it is (`ensure_ascii=False`).
    private static func quote(_ s: String, to out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
