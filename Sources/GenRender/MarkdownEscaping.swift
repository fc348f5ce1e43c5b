import MustacheEngine

/// The `MARKDOWN` content type of the templates: `{{% CONTENT_TYPE: MARKDOWN}}` at the top of a template
/// makes its `{{value}}` tags Markdown-escaped instead of HTML-escaped.
public struct MarkdownContentType: MustacheContentType {
    public init() {}
    public func escape(_ text: String, into out: inout [UInt8]) {
        if MarkdownEscaping.isInert(text) { out += text.utf8 } else { MarkdownEscaping.escape(text, into: &out) }
    }
}

/// Escaping of user text for GitHub-flavoured Markdown, so that rendering a generated `.md`
/// file with any GFM renderer — even one that allows raw HTML — turns no user text into markup,
/// links or table breaks. Every character that can start Markdown syntax inline is
/// backslash-escaped; line breaks become `<br>` so text stays inside its table cell or list item.
public enum MarkdownEscaping {
    /// Characters escaped wherever they appear: emphasis, code, links, images, raw HTML,
    /// entities, table pipes, strikethrough, headings.
    static let always: Set<Character> = ["\\", "`", "*", "_", "[", "]", "<", ">", "|", "~", "&", "#", "!"]

    public static func inline(_ text: String) -> String {
        // Most values (names, numbers, dates) hold nothing any rule would touch: returned as they are.
        isInert(text) ? text : escaped(text)
    }

    /// The full pass, a Unicode scalar at a time. Why scalars, not `Character`s: grapheme breaking was most of
    /// the cost of escaping, and a Markdown parser reads scalars too. A `*` or `<` that
    /// a combining mark follows is one `Character` that equals neither, but cmark-gfm still sees the `*`: by
    /// scalars it is escaped.
    static func escaped(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 8)
        escape(text, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `escaped`, written where the page's bytes are being written.
    static func escape(_ text: String, into out: inout [UInt8]) {
        let scalars = Array(text.unicodeScalars)
        var lineStart = true  // nothing written on this line yet
        var onlyDigits = true  // the line so far is digits only (`1.` would start an ordered list)
        var i = 0
        func at(_ index: Int) -> Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }
        while i < scalars.count {
            let c = scalars[i]
            i += 1
            if isNewline(c) {  // "\r\n" is one line break; U+2028 and friends count too
                if c == "\r", at(i) == "\n" { i += 1 }
                out += "<br>".utf8
                lineStart = true
                onlyDigits = true
                continue
            }
            // A list marker needs a blank (or the end) after it: `-5` and `24.8` are plain text.
            let blankFollows = at(i).map { $0 == " " || $0 == "\t" || isNewline($0) } ?? true
            if lineStart, c == " " || c == "\t" {
                // Leading blanks would be trimmed, or indent text into a code block.
                out += (c == " " ? "&#32;" : "&#9;").utf8
            } else if c.isASCII
                && (alwaysBytes[Int(c.value)]
                    || (lineStart && c == "=")  // setext underline
                    || (lineStart && (c == "-" || c == "+") && blankFollows)  // list item
                    || (lineStart && c == "-" && at(i) == "-")  // --- rule
                    || (!lineStart && onlyDigits && (c == "." || c == ")") && blankFollows)  // ordered list
                    || (c == ":" && at(i) == "/" && at(i + 1) == "/")  // scheme://
                    || (c == "." && followsWWW(scalars, i - 1)))
            {  // www. autolink
                out.append(UInt8(ascii: "\\"))
                out.append(UInt8(c.value))
            } else {
                UTF8.encode(c) { out.append($0) }
            }
            if !(c >= "0" && c <= "9") { onlyDigits = false }
            lineStart = false
        }
    }

    /// `always`, by ASCII value.
    private static let alwaysBytes: [Bool] = (0..<128).map { always.contains(Character(Unicode.Scalar(UInt8($0)))) }

    /// What `Character.isNewline` calls a line break, by scalar (a "\r\n" pair is taken as one by the caller).
    private static func isNewline(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// ASCII letters and digits, blanks after the first character, and punctuation no rule above looks at.
    /// Digits are inert without `.` or `)`; a blank only at the start of a line, and a line starts only at
    /// the start (line breaks are not inert). Anything else, non-ASCII included, takes the full pass.
    private static let inertBytes: [Bool] = (0..<256).map { byte in
        switch UInt8(byte) {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return " ,'\"(;?%$/{}^".utf8.contains(UInt8(byte))
        }
    }

    static func isInert(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard let first = bytes.first else { return true }
            return first != UInt8(ascii: " ") && bytes.allSatisfy { inertBytes[Int($0)] }
        }
    }

    /// Whether the three characters before `index` are "www" in any case: the text written before a `.`
    /// ends with them exactly then, as a `w` is always written as it is.
    private static func followsWWW(_ scalars: [Unicode.Scalar], _ index: Int) -> Bool {
        index >= 3 && scalars[(index - 3)..<index].allSatisfy { $0 == "w" || $0 == "W" }
    }
}
