import Foundation
import GenModel

/// JSON and CSV in the one form gen writes them: stable bytes for the same data.
public enum DataEncoders {
    /// Pretty JSON with sorted keys and unescaped slashes, ending in a newline.
    public static func json(_ value: any Encodable) throws -> Data {
        var data: Data
        if let large = value as? any JSONWithLargeArray { data = try inParts(large) } else { data = try encoder().encode(value) }
        data.append(0x0A)
        return data
    }

    private static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// Elements per part: large enough that a part is worth a task, small enough to spread over the cores.
    static let elementsPerPart = 512

    /// The value encoded with its array empty, and the array's elements encoded in parts, each indented to
    /// the array's depth and spliced in: byte for byte what the encoder writes for the whole value (pretty
    /// printing indents by two spaces per level, puts an empty array as `[`, an empty line and `]`, and
    /// escapes newlines inside strings, so re-indenting line by line cannot touch a value).
    static func inParts<Value: JSONWithLargeArray>(_ value: Value) throws -> Data {
        let elements = value[keyPath: Value.largeArray]
        let shell = try encoder().encode(value.withoutLargeArray)
        let opening = Data("\n  \"\(Value.largeArrayKey)\" : [".utf8)
        let empty = opening + Data("\n\n  ]".utf8)
        guard !elements.isEmpty, let range = shell.firstRange(of: empty) else { return try encoder().encode(value) }
        let starts = Array(stride(from: 0, to: elements.count, by: elementsPerPart))
        var parts = ParallelMap.map(starts) { start in
            Result { () throws -> Data in
                let encoder = encoder()
                var part = Data()
                for element in elements[start..<min(elements.count, start + elementsPerPart)] {
                    part.append(contentsOf: start == 0 && part.isEmpty ? [0x0A] : [0x2C, 0x0A])  // "\n" or ",\n"
                    appendIndented(try encoder.encode(element), by: 4, to: &part)
                }
                return part
            }
        }
        var out = Data(shell[..<range.lowerBound])
        out.append(opening)
        for index in parts.indices {
            out.append(try parts[index].get())
            parts[index] = .success(Data())  // let go of each part once copied: the file is not held twice
        }
        out.append(contentsOf: Array("\n  ]".utf8))
        out.append(shell[range.upperBound...])
        return out
    }

    /// Copies `json`, putting `spaces` spaces before every line that is not empty.
    private static func appendIndented(_ json: Data, by spaces: Int, to out: inout Data) {
        let indent = [UInt8](repeating: 0x20, count: spaces)
        var lineStart = true
        for byte in json {
            if lineStart && byte != 0x0A { out.append(contentsOf: indent) }
            out.append(byte)
            lineStart = byte == 0x0A
        }
    }

    /// RFC 4180: fields with a comma, quote, CR or LF are quoted, quotes doubled, CRLF line ends.
    /// Fields starting with `=`, `+`, `-`, `@` are prefixed with `'` so a spreadsheet never runs them
    /// as formulas (CSV injection) — unless they are plain numbers.
    public static func csv(_ rows: [[String]]) -> Data {
        var out = Data()
        for row in rows {
            out.append(contentsOf: Array(row.map(csvField).joined(separator: ",").utf8))
            out.append(contentsOf: [0x0D, 0x0A])
        }
        return out
    }

    static func csvField(_ raw: String) -> String {
        var field = raw
        if let first = field.first, "=+-@\t\r".contains(first), Double(field) == nil {
            field = "'" + field
        }
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
