/// Tokens → nodes: sections nested, names split, partials resolved to template numbers, escapers chosen
/// by the `{{% CONTENT_TYPE: NAME}}` pragma in force (from the tag to the end of the file; a file starts
/// with the library's default). What gen does not support is refused here, with its position.
struct MustacheCompiler {
    /// Template numbers by name.
    let templates: [String: Int]
    /// Escaper numbers by content type name.
    let contentTypes: [String: Int]
    var escaper: Int
    /// The names of the partials and parents the template includes, those the library lacks too.
    private(set) var referenced: Set<String> = []
    /// The partials and parents it names that the library lacks, at their tags. They render nothing, as the
    /// spec requires; a caller that wants them refused reads them here (`MustacheLibrary.unresolved`).
    private(set) var unresolved: [MustacheError.Reason] = []
    private let tokens: [MustacheTokenizer.Token]
    private var index = 0
    /// The sections, parents and blocks open at `index`: compiling and rendering recurse once per level, so
    /// a template may nest at most `maxNesting` (no template needs a tenth of it).
    private var depth = 0
    static let maxNesting = 100

    init(tokens: [MustacheTokenizer.Token], templates: [String: Int], contentTypes: [String: Int], defaultEscaper: Int) {
        self.tokens = tokens
        self.templates = templates
        self.contentTypes = contentTypes
        self.escaper = defaultEscaper
    }

    mutating func compile() throws(MustacheError.Reason) -> [MustacheNode] {
        try parse(closing: nil)
    }

    private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// Nodes up to the tag closing `opener` (nil: to the end).
    private mutating func parse(closing opener: MustacheTokenizer.Token?) throws(MustacheError.Reason) -> [MustacheNode] {
        var nodes: [MustacheNode] = []
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            switch token.kind {
            case .text:
                if case .text(let before)? = nodes.last {
                    nodes[nodes.count - 1] = .text(before + token.content)
                } else {
                    nodes.append(.text(token.content))
                }
            case .lineStart:
                nodes.append(.lineStart)
            case .variable, .unescaped:
                nodes.append(.variable(try name(token), escaper: token.kind == .variable ? escaper : -1))
            case .section, .inverted:
                let name = try name(token)
                let body = try nested(token)
                nodes.append(token.kind == .section ? .section(name, body) : .inverted(name, body))
            case .close:
                guard let opener else { throw .at(token.offset, "{{/\(Self.text(token.content))}} closes nothing") }
                guard opener.content == token.content else {
                    throw .at(token.offset, "{{/\(Self.text(token.content))}} where {{/\(Self.text(opener.content))}} was expected")
                }
                return nodes
            case .partial:
                nodes.append(.partial(try template(token), indent: token.standalone ? token.indent : [], offset: token.offset))
            case .parent:
                let target = try template(token)
                let body = try nested(token)
                nodes.append(
                    .parent(target, indent: token.standalone ? token.indent : [], blocks: Self.blocks(in: body), offset: token.offset))
            case .block:
                let name = try name(token)
                guard name.parts.count == 1 else { throw .at(token.offset, "a block's name has no dots") }
                let defaults = try nested(token)
                nodes.append(.block(name.parts[0], defaults: defaults, site: Self.site(token, defaults)))
            case .comment, .delimiters:
                break
            case .pragma:
                try pragma(token)
            }
        }
        if let opener {
            throw .at(opener.offset, "{{\(Self.marker(opener.kind))\(Self.text(opener.content))}} is never closed")
        }
        return nodes
    }

    /// The body of a section, parent or block.
    private mutating func nested(_ opener: MustacheTokenizer.Token) throws(MustacheError.Reason) -> [MustacheNode] {
        guard depth < Self.maxNesting else {
            throw .at(opener.offset, "sections, parents and blocks nested more than \(Self.maxNesting) deep")
        }
        depth += 1
        defer { depth -= 1 }
        return try parse(closing: opener)
    }

    private static func marker(_ kind: MustacheTokenizer.Kind) -> String {
        switch kind {
        case .inverted: return "^"
        case .parent: return "<"
        case .partial: return ">"
        case .block: return "$"
        default: return "#"
        }
    }

    private func name(_ token: MustacheTokenizer.Token) throws(MustacheError.Reason) -> MustacheName {
        let text = Self.text(token.content)
        if text.contains("(") || text.contains(")") {
            throw .at(token.offset, "transforms such as {{lowercased(x)}} are not supported: \(text)")
        }
        let name = MustacheName(text, offset: token.offset)
        if text != ".", name.parts.contains(where: \.isEmpty) { throw .at(token.offset, "a dotted name has an empty part: \(text)") }
        return name
    }

    private mutating func template(_ token: MustacheTokenizer.Token) throws(MustacheError.Reason) -> Int {
        let name = Self.text(token.content)
        if name.hasPrefix("*") { throw .at(token.offset, "dynamic partials ({{>*name}}) are not supported") }
        referenced.insert(name)
        guard let number = templates[name] else {
            unresolved.append(.at(token.offset, "{{\(Self.marker(token.kind))\(name)}} names no template"))
            return -1
        }
        return number
    }

    /// `{{% CONTENT_TYPE: HTML}}`: the escaper of every escaped tag after it in this file.
    private mutating func pragma(_ token: MustacheTokenizer.Token) throws(MustacheError.Reason) {
        let text = Self.text(token.content)
        let parts = text.split(separator: ":", maxSplits: 1).map { part in
            String(
                decoding: Array(part.utf8).drop(while: MustacheTokenizer.isBlank).reversed().drop(while: MustacheTokenizer.isBlank).reversed(),
                as: UTF8.self)
        }
        guard parts.count == 2, parts[0] == "CONTENT_TYPE" else { throw .at(token.offset, "unknown pragma: \(text)") }
        guard let chosen = contentTypes[parts[1]] else {
            throw .at(token.offset, "unknown content type \(parts[1]); known: \(contentTypes.keys.sorted().joined(separator: ", "))")
        }
        escaper = chosen
    }

    /// The blocks of a parent's body; anything else in it (text, comments) means nothing. Each block's
    /// indentation where it was written is removed (it takes the indentation of the site it replaces).
    private static func blocks(in body: [MustacheNode]) -> [String: MustacheBlock] {
        var blocks: [String: MustacheBlock] = [:]
        for node in body {
            guard case .block(let name, let nodes, _) = node else { continue }
            let own = firstLineIndent(nodes) ?? []
            blocks[name] = MustacheBlock(nodes: own.isEmpty ? nodes : dedent(nodes, by: own))
        }
        return blocks
    }

    /// The blanks the first line of `nodes` starts with, when they start a line.
    private static func firstLineIndent(_ nodes: [MustacheNode]) -> [UInt8]? {
        guard nodes.count >= 2, case .lineStart = nodes[0] else { return nil }
        guard case .text(let text) = nodes[1] else { return [] }
        return Array(text.prefix(while: MustacheTokenizer.isBlank))
    }

    /// `nodes` with up to `indent.count` leading blanks removed from every line, and from the indentation
    /// of every block site and standalone partial in them.
    private static func dedent(_ nodes: [MustacheNode], by indent: [UInt8]) -> [MustacheNode] {
        func strip(_ bytes: [UInt8]) -> [UInt8] {
            var n = 0
            while n < indent.count, n < bytes.count, bytes[n] == indent[n] { n += 1 }
            return Array(bytes.dropFirst(n))
        }
        var result: [MustacheNode] = []
        var atLineStart = false
        for node in nodes {
            var node = node
            switch node {
            case .text(let text) where atLineStart: node = .text(strip(text))
            case .section(let name, let body): node = .section(name, dedent(body, by: indent))
            case .inverted(let name, let body): node = .inverted(name, dedent(body, by: indent))
            case .partial(let target, let own, let offset): node = .partial(target, indent: strip(own), offset: offset)
            case .block(let name, let defaults, var site):
                site.indent = strip(site.indent)
                node = .block(name, defaults: dedent(defaults, by: indent), site: site)
            default: break
            }
            if case .lineStart = node { atLineStart = true } else { atLineStart = false }
            result.append(node)
        }
        return result
    }

    /// A block tag's site: standalone, its replacement is indented as its default content's first line is
    /// (else as the tag); after blanks on a line, by those blanks, which are written already.
    private static func site(_ token: MustacheTokenizer.Token, _ defaults: [MustacheNode]) -> MustacheBlockSite {
        if token.standalone {
            return MustacheBlockSite(indent: firstLineIndent(defaults) ?? token.indent, firstLineIndented: false)
        }
        return MustacheBlockSite(indent: token.siteIndent ?? [], firstLineIndented: true)
    }
}
