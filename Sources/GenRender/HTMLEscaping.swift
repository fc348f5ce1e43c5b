/// HTML escaping for the templates: `<`, `>`, `&`, `"` and `'` become entities, from a scan of the UTF-8
/// bytes straight into the page's bytes; text that holds none of them is copied as it is.
public enum HTMLEscaping {
    public static func escape(_ text: String) -> String {
        var out: [UInt8] = []
        escape(text, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    @Sendable public static func escape(_ text: String, into out: inout [UInt8]) {
        guard text.utf8.contains(where: needsEscape) else {
            out += text.utf8
            return
        }
        out.reserveCapacity(out.count + text.utf8.count + 16)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "<"): out += "&lt;".utf8
            case UInt8(ascii: ">"): out += "&gt;".utf8
            case UInt8(ascii: "&"): out += "&amp;".utf8
            case UInt8(ascii: "\""): out += "&quot;".utf8
            case UInt8(ascii: "'"): out += "&#39;".utf8
            default: out.append(byte)
            }
        }
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "&")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }
}
