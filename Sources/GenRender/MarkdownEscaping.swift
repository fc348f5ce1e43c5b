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
                        || (c == "." && out.lowercased().hasSuffix("www")) {            // www. autolink
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
}

/// The `MARKDOWN` content type for Mustache: `{{% CONTENT_TYPE: MARKDOWN}}` at the top of a
/// template (and of each of its partials) makes `{{value}}` Markdown-escaped instead of HTML-escaped.
struct MarkdownContentType: MustacheContentType {
    func escapeText(_ text: String) -> String { MarkdownEscaping.inline(text) }

    /// Registered once, before any template is parsed (the pragma is resolved at parse time).
    static let registered: Void = { MustacheContentTypes.register(MarkdownContentType(), named: "MARKDOWN") }()
}
