/// A template's text as tags and text, split into lines, with Mustache's standalone rule applied: a line
/// holding nothing but whitespace and one tag that writes nothing (a section, a comment, a partial…) is not
/// written, its whitespace and line break dropped. A line holding a parent's tags, with nothing else but
/// block tags, is standalone too (the inheritance module's rule). Every line that is written starts with a
/// `lineStart`, where a standalone partial's indentation goes.
struct MustacheTokenizer {
    enum Kind: Equatable {
        case text, lineStart
        case variable, unescaped, section, inverted, close, partial, parent, block, comment, delimiters, pragma
    }

    struct Token {
        var kind: Kind
        /// Text: the bytes; a tag: its content, trimmed (a name, a partial's name, a pragma).
        var content: [UInt8]
        /// Where the tag starts, as a byte offset into the template.
        var offset: Int
        /// A standalone tag: the whitespace its line started with.
        var indent: [UInt8] = []
        var standalone = false
        /// A block tag not standalone but first on its line: the whitespace before it.
        var siteIndent: [UInt8]? = nil
        /// What a closing tag closes (its opener's kind), set while lines are read.
        var closes: Kind? = nil
    }

    let source: [UInt8]

    init(_ text: String) { source = Array(text.utf8) }

    /// The tokens with the standalone rule applied.
    func tokens() throws(MustacheError.Reason) -> [Token] {
        try lines(try scan())
    }

    private static let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), newline = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")

    static func isBlank(_ byte: UInt8) -> Bool { byte == space || byte == tab }

    /// Text and tags in order; text split after each line break, so a text token holds at most one, at its end.
    private func scan() throws(MustacheError.Reason) -> [Token] {
        var tokens: [Token] = []
        var open: [UInt8] = Array("{{".utf8)
        var close: [UInt8] = Array("}}".utf8)
        var i = 0
        let n = source.count
        func addText(_ from: Int, _ to: Int) {
            var start = from
            var j = from
            while j < to {
                if source[j] == Self.newline {
                    tokens.append(Token(kind: .text, content: Array(source[start...j]), offset: start))
                    start = j + 1
                }
                j += 1
            }
            if start < to { tokens.append(Token(kind: .text, content: Array(source[start..<to]), offset: start)) }
        }
        while i < n {
            guard let tagStart = find(open, from: i) else {
                addText(i, n)
                break
            }
            addText(i, tagStart)
            var k = tagStart + open.count
            let marker: UInt8? = k < n ? source[k] : nil
            var kind = Kind.variable
            var closer = close
            switch marker {
            case UInt8(ascii: "#"): kind = .section
            case UInt8(ascii: "^"): kind = .inverted
            case UInt8(ascii: "/"): kind = .close
            case UInt8(ascii: ">"): kind = .partial
            case UInt8(ascii: "<"): kind = .parent
            case UInt8(ascii: "$"): kind = .block
            case UInt8(ascii: "!"): kind = .comment
            case UInt8(ascii: "%"): kind = .pragma
            case UInt8(ascii: "&"): kind = .unescaped
            case UInt8(ascii: "{"):
                kind = .unescaped
                closer = [UInt8(ascii: "}")] + close
            case UInt8(ascii: "="):
                kind = .delimiters
                closer = [UInt8(ascii: "=")] + close
            default: break
            }
            if kind != .variable { k += 1 }
            guard let end = find(closer, from: k) else { throw .at(tagStart, "unclosed tag: no closing \(String(decoding: close, as: UTF8.self))") }
            let content = trimmed(source[k..<end])
            i = end + closer.count
            if kind == .delimiters {
                let parts = content.split(whereSeparator: { Self.isBlank($0) || $0 == Self.newline })
                guard parts.count == 2, !parts.contains(where: { $0.contains(UInt8(ascii: "=")) }) else {
                    throw .at(tagStart, "a delimiter tag takes two delimiters without `=` or spaces: {{=<% %>=}}")
                }
                open = Array(parts[0])
                close = Array(parts[1])
            } else if kind != .comment && kind != .pragma {
                guard !content.isEmpty else { throw .at(tagStart, "empty tag") }
                if content.contains(where: { Self.isBlank($0) || $0 == Self.newline }) {
                    throw .at(tagStart, "a name holds no spaces: \(String(decoding: content, as: UTF8.self))")
                }
            }
            tokens.append(Token(kind: kind, content: content, offset: tagStart))
        }
        return tokens
    }

    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, source.count >= needle.count else { return nil }
        var i = start
        let last = source.count - needle.count
        while i <= last {
            if source[i] == first {
                var j = 1
                while j < needle.count && source[i + j] == needle[j] { j += 1 }
                if j == needle.count { return i }
            }
            i += 1
        }
        return nil
    }

    private func trimmed(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var slice = bytes
        while let f = slice.first, Self.isBlank(f) || f == Self.newline || f == Self.carriageReturn { slice = slice.dropFirst() }
        while let l = slice.last, Self.isBlank(l) || l == Self.newline || l == Self.carriageReturn { slice = slice.dropLast() }
        return Array(slice)
    }

    /// Whether a text token is blanks only, but for a line break at its end.
    private static func isWhitespace(_ token: Token) -> Bool {
        var bytes = token.content[...]
        if bytes.last == newline {
            bytes = bytes.dropLast()
            if bytes.last == carriageReturn { bytes = bytes.dropLast() }
        }
        return bytes.allSatisfy(isBlank)
    }

    /// The standalone rule, line by line.
    private func lines(_ tokens: [Token]) throws(MustacheError.Reason) -> [Token] {
        var result: [Token] = []
        result.reserveCapacity(tokens.count + tokens.count / 2)
        var open: [Kind] = []
        var line: [Token] = []
        func flush() {
            guard !line.isEmpty else { return }
            let tags = line.indices.filter { line[$0].kind != .text }
            let blank = line.allSatisfy { $0.kind != .text || Self.isWhitespace($0) }
            if blank, !tags.isEmpty, Self.isStandalone(tags.map { line[$0] }) {
                let indent = line.first!.kind == .text ? Array(line.first!.content.prefix(while: Self.isBlank)) : []
                for (n, index) in tags.enumerated() {
                    var tag = line[index]
                    tag.standalone = true
                    if n == 0 { tag.indent = indent }
                    result.append(tag)
                }
            } else {
                result.append(Token(kind: .lineStart, content: [], offset: line[0].offset))
                var onlyBlanks = true
                var before: [UInt8] = []
                for var token in line {
                    if token.kind == .block, onlyBlanks { token.siteIndent = before }
                    if token.kind == .text, token.content.allSatisfy(Self.isBlank) {
                        before += token.content
                    } else {
                        onlyBlanks = false
                    }
                    result.append(token)
                }
            }
            line.removeAll(keepingCapacity: true)
        }
        for var token in tokens {
            switch token.kind {
            case .section, .inverted, .parent, .block: open.append(token.kind)
            case .close: token.closes = open.popLast()
            default: break
            }
            line.append(token)
            if token.kind == .text, token.content.last == Self.newline { flush() }
        }
        flush()
        return result
    }

    /// A line's tags, the line otherwise blank: one tag that writes nothing, or a parent's tags with blocks.
    private static func isStandalone(_ tags: [Token]) -> Bool {
        func writesNothing(_ tag: Token) -> Bool {
            switch tag.kind {
            case .section, .inverted, .close, .partial, .parent, .block, .comment, .delimiters, .pragma: return true
            default: return false
            }
        }
        func isParent(_ tag: Token) -> Bool { tag.kind == .parent || (tag.kind == .close && tag.closes == .parent) }
        func isInheritance(_ tag: Token) -> Bool { isParent(tag) || tag.kind == .block || (tag.kind == .close && tag.closes == .block) }
        if tags.count == 1 { return writesNothing(tags[0]) }
        return tags.allSatisfy(isInheritance) && tags.contains(where: isParent)
    }
}

/// Why a template does not parse, and where.
public struct MustacheError: Error, Sendable, CustomStringConvertible {
    /// The template's name.
    public let template: String
    public let line: Int
    public let column: Int
    public let message: String

    public var description: String { "\(template):\(line):\(column): \(message)" }

    /// A message at a byte offset, before the template's name and text are known.
    struct Reason: Error {
        let offset: Int
        let message: String

        static func at(_ offset: Int, _ message: String) -> Reason { Reason(offset: offset, message: message) }
    }

    init(template: String, source: [UInt8], _ reason: Reason) {
        var line = 1
        var lineStart = 0
        for i in 0..<min(reason.offset, source.count) where source[i] == UInt8(ascii: "\n") {
            line += 1
            lineStart = i + 1
        }
        self.template = template
        self.line = line
        // In characters, counted from 1.
        self.column = String(decoding: source[lineStart..<min(reason.offset, source.count)], as: UTF8.self).count + 1
        self.message = reason.message
    }
}
