import Mustache

/// HTML escaping for the templates, as swift-mustache's own: `<`, `>`, `&`, `"` and `'` become entities.
/// Why our own: the library's escaper walks the text a `Character` at a time (grapheme breaking, a
/// dictionary lookup per character) and builds a new string even when nothing needs escaping, which
/// showed in every profile of a build. This one scans the UTF-8 bytes and returns the text itself when it holds
/// none of the five. (It also escapes a `<` that a combining mark follows, which the library's leaves.)
public enum HTMLEscaping {
    public static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: needsEscape) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 16)
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
        return String(decoding: out, as: UTF8.self)
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "&")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }
}

/// Replaces the library's `HTML` content type for templates that name it: `{{% CONTENT_TYPE: HTML}}` at
/// the top of `layout.mustache` and of every HTML partial (a partial starts again with the library's
/// default, and a child of `layout` renders its blocks in the layout's). The bytes are the same either way.
struct HTMLContentType: MustacheContentType {
    func escapeText(_ text: String) -> String { HTMLEscaping.escape(text) }

    /// Registered once, before any template is parsed (the pragma is resolved at parse time).
    static let registered: Void = { MustacheContentTypes.register(HTMLContentType(), named: "HTML") }()
}
