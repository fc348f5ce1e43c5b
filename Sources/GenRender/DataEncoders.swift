import Foundation

/// JSON and CSV in the one form gen writes them: stable bytes for the same data.
public enum DataEncoders {
    /// Pretty JSON with sorted keys and unescaped slashes, ending in a newline.
    public static func json(_ value: any Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(value)
        data.append(0x0A)
        return data
    }

    /// RFC 4180: fields with a comma, quote, CR or LF are quoted, quotes doubled, CRLF line ends.
    /// Fields starting with `=`, `+`, `-`, `@` are prefixed with `'` so a spreadsheet never runs them
    /// as formulas (CSV injection) — unless they are plain numbers.
    public static func csv(_ rows: [[String]]) -> Data {
        var out = ""
        for row in rows {
            out += row.map(csvField).joined(separator: ",")
            out += "\r\n"
        }
        return Data(out.utf8)
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
