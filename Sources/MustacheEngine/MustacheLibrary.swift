/// How a content type writes a value into the output: HTML entities, Markdown backslashes…
///
/// Why a protocol and not a closure: a render calls it for every tag, and calling a closure held in a table
/// retains the closure's context, one object every thread writes to; a value is called where it lies.
public protocol MustacheContentType: Sendable {
    func escape(_ text: String, into out: inout [UInt8])
}

/// The `HTML` content type: `MustacheLibrary.escapeHTML`.
public struct MustacheHTML: MustacheContentType {
    public init() {}
    public func escape(_ text: String, into out: inout [UInt8]) { MustacheLibrary.escapeHTML(text, &out) }
}

/// A tag whose name found nothing in the values it was looked up in.
public struct MustacheMiss: Hashable, Sendable, CustomStringConvertible {
    public let template: String
    public let line: Int
    public let column: Int
    /// The name as the tag writes it (`a.b`).
    public let name: String

    public var description: String { "\(template):\(line):\(column): {{\(name)}} names no value" }
}

/// A set of templates compiled once, by name, which include one another by that name. Immutable: any
/// number of threads render from one library at once.
public struct MustacheLibrary: Sendable {
    struct Template: Sendable {
        let name: String
        /// The names its tags look up, each part of a dotted name on its own.
        let lookups: Set<String>
        /// The partials and parents it names, found or not.
        let references: Set<String>
    }

    let templates: [Template]
    /// Every tag naming a partial or parent that is not in the library, by template name and then position.
    /// Such a tag renders nothing (the spec's rule); a site generator may rather refuse it as a typo.
    public let unresolved: [MustacheError]
    /// Each template's text, for the line and column of a tag whose name finds nothing.
    let sources: [[UInt8]]
    let numbers: [String: Int]
    let escapers: [any MustacheContentType]
    let program: MustacheProgram
    /// Per template: neither it nor anything it includes has a block or a parent, so its text depends on the
    /// context stack alone (`MustacheMemo`).
    let memoizable: [Bool]
    /// What a render reads, through pointers (`MustacheImage`).
    let image: MustacheImage
    /// The most bodies (a section's per item, a partial's, a parent's) one render renders before it stops
    /// with an error: what bounds a template that recurses exponentially. The default is ten million, some
    /// 250 times what the largest page of a 10,000-report site takes.
    public let stepLimit: Int

    /// `contentTypes`: the escapers a `{{% CONTENT_TYPE: NAME}}` pragma may choose; a file without one uses
    /// `defaultContentType`'s. Throws the first template (in name order) that does not parse.
    public init(
        templates sources: [String: String], contentTypes: [String: any MustacheContentType] = ["HTML": MustacheHTML()],
        defaultContentType: String = "HTML", stepLimit: Int = 10_000_000
    ) throws(MustacheError) {
        self.stepLimit = stepLimit
        let names = sources.keys.sorted()
        let numbers = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
        let typeNames = contentTypes.keys.sorted()
        let typeNumbers = Dictionary(uniqueKeysWithValues: typeNames.enumerated().map { ($1, $0) })
        guard let defaultEscaper = typeNumbers[defaultContentType] else { preconditionFailure("unknown default content type") }
        var templates: [Template] = []
        var sourceBytes: [[UInt8]] = []
        var compiled: [[MustacheNode]] = []
        var unresolved: [MustacheError] = []
        for name in names {
            let tokenizer = MustacheTokenizer(sources[name]!)
            do {
                var compiler = MustacheCompiler(
                    tokens: try tokenizer.tokens(), templates: numbers, contentTypes: typeNumbers, defaultEscaper: defaultEscaper)
                let nodes = try compiler.compile()
                var lookups: Set<String> = []
                Self.walk(nodes) { node in
                    switch node {
                    case .variable(let name, _), .section(let name, _), .inverted(let name, _): lookups.formUnion(name.parts)
                    default: break
                    }
                }
                templates.append(Template(name: name, lookups: lookups, references: compiler.referenced))
                unresolved += compiler.unresolved.map { MustacheError(template: name, source: tokenizer.source, $0) }
                sourceBytes.append(tokenizer.source)
                compiled.append(nodes)
            } catch {
                throw MustacheError(template: name, source: tokenizer.source, error)
            }
        }
        self.templates = templates
        self.unresolved = unresolved
        self.sources = sourceBytes
        self.program = MustacheProgram(compiled)
        self.memoizable = Self.memoizable(compiled)
        self.numbers = numbers
        self.escapers = typeNames.map { contentTypes[$0]! }
        self.image = MustacheImage(program, memoizable: memoizable, escapers: escapers)
    }

    /// The five characters HTML needs escaped, as entities, from one scan of the UTF-8 bytes; the runs between
    /// them (most texts are one run) are copied whole.
    public static func escapeHTML(_ text: String, _ out: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            var run = 0
            for i in bytes.indices {
                let entity: StaticString
                switch bytes[i] {
                case UInt8(ascii: "<"): entity = "&lt;"
                case UInt8(ascii: ">"): entity = "&gt;"
                case UInt8(ascii: "&"): entity = "&amp;"
                case UInt8(ascii: "\""): entity = "&quot;"
                case UInt8(ascii: "'"): entity = "&#39;"
                default: continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<i]))
                out.append(contentsOf: UnsafeBufferPointer(start: entity.utf8Start, count: entity.utf8CodeUnitCount))
                run = i + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...]))
        }
    }

    public func has(_ name: String) -> Bool { numbers[name] != nil }

    /// The names of the templates `name` includes as partials or parents, whether the library has them or not
    /// (not transitively).
    public func references(_ name: String) -> Set<String> {
        numbers[name].map { templates[$0].references } ?? []
    }

    /// `names` with every template they include as partials or parents, however deep, whether the library has
    /// them or not.
    public func closure(of names: some Sequence<String>) -> Set<String> {
        var reached = Set(names)
        var queue = Array(reached)
        while let name = queue.popLast() {
            for child in references(name) where reached.insert(child).inserted { queue.append(child) }
        }
        return reached
    }

    /// Every name the tags of template `name` look up, each part of a dotted name on its own (not transitively).
    public func lookups(_ name: String) -> Set<String> {
        numbers[name].map { templates[$0].lookups } ?? []
    }

    /// Renders template `name` against `value`; nil when the library has no such template. `memo` keeps the
    /// text of shared values under partials for the next page. Throws where the render passed one of its
    /// limits (`MustacheRendering.Limits`: a template that includes itself without end), at that tag.
    public func render(_ name: String, _ value: MustacheValue, memo: MustacheMemo? = nil) throws(MustacheError) -> [UInt8]? {
        var misses: [MustacheMiss] = []
        return try render(name, value, memo: memo, misses: &misses)
    }

    /// Renders as `render(_:_:memo:)`, and adds to `misses` each tag whose name found nothing in the values
    /// it was looked up in (once per tag per render): a name the view does not have, most likely misspelt.
    public func render(
        _ name: String, _ value: MustacheValue, memo: MustacheMemo? = nil, misses: inout [MustacheMiss]
    ) throws(MustacheError) -> [UInt8]? {
        guard let number = numbers[name] else { return nil }
        var ops: [Int32] = []
        let result = MustacheRendering.render(self, template: number, value, memo: memo, misses: &ops)
        if !ops.isEmpty {
            var seen = Set<Int32>()
            for op in ops where seen.insert(op).inserted { misses.append(miss(Int(op))) }
        }
        switch result {
        case .success(let out): return out
        case .failure(let stop):
            let template = Int(stop.template)
            throw MustacheError(template: templates[template].name, source: sources[template], .at(Int(stop.offset), stop.message))
        }
    }

    /// The tag of instruction `op`: its template, line and column, and its name as written.
    private func miss(_ op: Int) -> MustacheMiss {
        let instruction = program.ops[op]
        let template = Int(instruction.c)
        let name = program.names[Int(instruction.a)]
        let parts = program.parts[Int(name.start)..<Int(name.start + name.count)]
        let position = MustacheError(template: templates[template].name, source: sources[template], .at(Int(instruction.d), ""))
        return MustacheMiss(template: position.template, line: position.line, column: position.column, name: parts.joined(separator: "."))
    }

    /// Calls `visit` on every node, nested ones included.
    static func walk(_ nodes: [MustacheNode], _ visit: (MustacheNode) -> Void) {
        for node in nodes {
            visit(node)
            switch node {
            case .section(_, let body), .inverted(_, let body): walk(body, visit)
            case .block(_, let defaults, _): walk(defaults, visit)
            case .parent(_, _, let blocks, _): for block in blocks.values { walk(block.nodes, visit) }
            default: break
            }
        }
    }

    /// A template is memoizable when nothing it reaches, through partials, holds a block or a parent.
    private static func memoizable(_ compiled: [[MustacheNode]]) -> [Bool] {
        var direct: [Bool] = []
        var edges: [[Int]] = []
        for nodes in compiled {
            var plain = true
            var partials: [Int] = []
            walk(nodes) { node in
                switch node {
                case .block, .parent: plain = false
                case .partial(let n, _, _): if n >= 0 { partials.append(n) }
                default: break
                }
            }
            direct.append(plain)
            edges.append(partials)
        }
        return compiled.indices.map { start in
            var seen: Set<Int> = [start]
            var queue = [start]
            while let next = queue.popLast() {
                if !direct[next] { return false }
                for n in edges[next] where seen.insert(n).inserted { queue.append(n) }
            }
            return true
        }
    }
}
