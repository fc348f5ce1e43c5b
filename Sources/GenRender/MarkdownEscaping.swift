import Mustache

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

    /// The full pass, a character at a time.
    static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        let characters = Array(text)
        var lineStart = true   // nothing written on this line yet
        var onlyDigits = true  // the line so far is digits only (`1.` would start an ordered list)
        var i = 0
        while i < characters.count {
            let c = characters[i]
            i += 1
            if c.isNewline {  // "\r\n" is one Character; U+2028 and friends count too
                out += "<br>"
                lineStart = true
                onlyDigits = true
                continue
            }
            let isDigit = c.isASCII && c.isNumber
            // A list marker needs a blank (or the end) after it: `-5` and `24.8` are plain text.
            let blankFollows = i >= characters.count || characters[i] == " " || characters[i] == "\t" || characters[i].isNewline
            if lineStart, c == " " || c == "\t" {
                // Leading blanks would be trimmed, or indent text into a code block.
                out += "&#32;"
            } else if always.contains(c)
                        || (lineStart && c == "=")                                        // setext underline
                        || (lineStart && (c == "-" || c == "+") && blankFollows)          // list item
                        || (lineStart && c == "-" && i < characters.count && characters[i] == "-")  // --- rule
                        || (!lineStart && onlyDigits && (c == "." || c == ")") && blankFollows)  // ordered list
                        || (c == ":" && i + 1 < characters.count && characters[i] == "/" && characters[i + 1] == "/")  // scheme://
                        || (c == "." && followsWWW(characters, i - 1)) {                // www. autolink
                out.append("\\")
                out.append(c)
            } else if c == "@" {
                // GFM finds email autolinks after escapes are resolved, so `\@` does not stop them;
                // a zero-width space after the `@` does, and reads the same.
                out += "@\u{200B}"
            } else {
                out.append(c)
            }
            if !isDigit { onlyDigits = false }
            lineStart = false
        }
        return out
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
        guard let first = text.utf8.first else { return true }
        return first != UInt8(ascii: " ") && text.utf8.allSatisfy { inertBytes[Int($0)] }
    }

    /// Whether the three characters before `index` are "www" in any case: the text written before a `.`
    /// ends with them exactly then, as a `w` is always written as it is.
    private static func followsWWW(_ characters: [Character], _ index: Int) -> Bool {
        index >= 3 && characters[(index - 3)..<index].allSatisfy { $0 == "w" || $0 == "W" }
    }
}

/// The `MARKDOWN` content type for Mustache: `{{% CONTENT_TYPE: MARKDOWN}}` at the top of a
/// template (and of each of its partials) makes `{{value}}` Markdown-escaped instead of HTML-escaped.
struct MarkdownContentType: MustacheContentType {
    func escapeText(_ text: String) -> String { MarkdownEscaping.inline(text) }

    /// Registered once, before any template is parsed (the pragma is resolved at parse time).
    static let registered: Void = { MustacheContentTypes.register(MarkdownContentType(), named: "MARKDOWN") }()
}
