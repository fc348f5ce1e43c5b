import Foundation
import GenSupport
import MustacheEngine

/// Text a person typed into an app's text box (a critique's notes): shown exactly as typed, never read as
/// Markdown or HTML. Line breaks and blank lines are kept by the page's style (`white-space: pre-wrap`), the
/// template escapes every piece, and `http(s)` addresses become links.
///
/// Why not Markdown: a note that began with a tag-like line vanished, `# of kids with eyes closed: 3` became a
/// heading without its `#`, and `<div>Retake scheduled</div>` disappeared.
struct TypedText: Sendable, Encodable, Hashable {
    struct Piece: Sendable, Encodable, Hashable {
        var text: String
        /// Set when the piece is a web address.
        var href: String?
    }

    /// One line, for Markdown: each escaped on its own, a hard break after each but the last.
    struct Line: Sendable, Encodable, Hashable {
        var text: String
        var more: Bool
    }

    var pieces: [Piece]
    var lines: [Line]

    /// Nil for a note that holds only blanks. Leading and trailing blank lines are dropped; nothing else is.
    init?(_ text: String?) {
        guard let text, !text.isBlankText else { return nil }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
        while let first = lines.first, first.isBlankText { lines.removeFirst() }
        while let last = lines.last, last.isBlankText { lines.removeLast() }
        pieces = Self.pieces(lines.joined(separator: "\n"))
        self.lines = lines.enumerated().map { Line(text: String($1), more: $0 < lines.count - 1) }
    }

    /// The text split around its `http://` and `https://` addresses. An address ends at a blank, a quote or an
    /// angle bracket; punctuation that ends a sentence is left out of it, and so is a closing parenthesis
    /// it did not open.
    static func pieces(_ text: String) -> [Piece] {
        var out: [Piece] = []
        var rest = Substring(text)
        while let start = Self.addressStart(in: rest) {
            var end = rest[start...].firstIndex { $0.isWhitespace || "\"'<>".contains($0) } ?? rest.endIndex
            while end > start {
                let last = rest[rest.index(before: end)]
                let opens = rest[start..<end].filter { $0 == "(" }.count, closes = rest[start..<end].filter { $0 == ")" }.count
                guard ".,;:!?".contains(last) || (last == ")" && closes > opens) else { break }
                end = rest.index(before: end)
            }
            let address = String(rest[start..<end])
            if !rest[..<start].isEmpty { out.append(Piece(text: String(rest[..<start]))) }
            // "https://" alone is no address.
            let isAddress = address.split(separator: "/", omittingEmptySubsequences: true).count >= 2
            out.append(Piece(text: address, href: isAddress ? address : nil))
            rest = rest[end...]
        }
        if !rest.isEmpty { out.append(Piece(text: String(rest))) }
        return out
    }

    private static func addressStart(in text: Substring) -> Substring.Index? {
        var search = text.startIndex
        while let found = text[search...].range(of: "http", options: .caseInsensitive) {
            let after = text[found.upperBound...]
            let schemeEnd = after.hasPrefix("s://") || after.hasPrefix("S://") ? 4 : after.hasPrefix("://") ? 3 : 0
            let startsWord = found.lowerBound == text.startIndex || !text[text.index(before: found.lowerBound)].isLetter
            if schemeEnd > 0, startsWord { return found.lowerBound }
            search = found.upperBound
        }
        return nil
    }
}

extension TypedText: TemplateValue {
    var templateValue: MustacheValue { ["pieces": MustacheValue(pieces), "lines": MustacheValue(lines)] }
}

extension TypedText.Piece: TemplateValue {
    var templateValue: MustacheValue { ["text": .text(text), "href": MustacheValue(href)] }
}

extension TypedText.Line: TemplateValue {
    var templateValue: MustacheValue { ["text": .text(text), "more": .bool(more)] }
}
