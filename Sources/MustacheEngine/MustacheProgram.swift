/// The compiled templates of a library laid out flat: one array of plain instructions, one pool of text bytes,
/// one table of names. An instruction holds numbers only, so rendering reads it without touching a reference
/// count: threads rendering from one program share its memory read-only, and no cache line is written by two.
/// (Compiled nodes held arrays and strings, and each visit retained and released them where every thread did.)
struct MustacheProgram: Sendable {
    struct Op: Sendable {
        enum Kind: UInt8, Sendable {
            /// `a`: start in the pool, `b`: length.
            case text
            case lineStart
            /// `a`: name, `b`: escaper (-1: none); `c`: the template it is written in, `d`: its offset there.
            case variable
            /// `a`: name, `b`: the end of the body, which follows; `c`, `d`: as a variable's.
            case section, inverted
            /// `a`: template (-1: none), `b`, `c`: the indentation in the pool; `e`: its tag (`sites`).
            case partial
            /// As a partial, and `d`: its table of blocks.
            case parent
            /// `a`: block name, `b`: the end of the defaults, which follow; `c`, `d`: the site's indentation in the
            /// pool; `e`: 1 when its first line is indented already.
            case block
        }

        var kind: Kind
        var a: Int32 = 0
        var b: Int32 = 0
        var c: Int32 = 0
        var d: Int32 = 0
        var e: Int32 = 0
    }

    /// A name: `count` parts from `start` in `parts`; none is the implicit iterator.
    struct Name: Sendable {
        var start: Int32
        var count: Int32
    }

    var ops: [Op] = []
    var pool: [UInt8] = []
    var parts: [String] = []
    var names: [Name] = []
    var blockNames: [String] = []
    /// A block a parent tag gives: its name's number (`blockNames`) and its range of `ops`.
    struct GivenBlock: Sendable {
        var name: Int32
        var start: Int32
        var end: Int32
    }
    /// Every given block, each parent's together, in name order.
    var givenBlocks: [GivenBlock] = []
    /// Per parent tag, its range of `givenBlocks`: plain numbers, so a render reads them without a count.
    var blockTables: [Range<Int>] = []
    /// Per parent tag while laying out, the ranges of `ops` of the blocks it gives, by name.
    private var tables: [[String: Range<Int>]] = []
    /// Per template, its range of `ops`.
    var templates: [Range<Int>] = []
    /// Where a tag is written: its template and byte offset there.
    struct Site: Sendable {
        var template: Int32
        var offset: Int32
    }
    /// The tags of partials and parents, for a render that stops at one.
    var sites: [Site] = []

    private var nameNumbers: [[String]: Int32] = [:]
    private var blockNameNumbers: [String: Int32] = [:]

    /// Lays out each template's nodes, then the blocks given to parents (which may give blocks in turn).
    init(_ templates: [[MustacheNode]]) {
        for (number, nodes) in templates.enumerated() {
            let start = ops.count
            template = Int32(number)
            emit(nodes)
            self.templates.append(start..<ops.count)
        }
        while let (table, name, nodes, written) = pending.popLast() {
            let start = ops.count
            template = written
            emit(nodes)
            tables[table][name] = start..<ops.count
        }
        for table in tables {
            let first = givenBlocks.count
            for (name, range) in table.sorted(by: { $0.key < $1.key }) {
                givenBlocks.append(GivenBlock(name: blockName(name), start: Int32(range.lowerBound), end: Int32(range.upperBound)))
            }
            blockTables.append(first..<givenBlocks.count)
        }
        tables = []
        nameNumbers = [:]
        blockNameNumbers = [:]
    }

    private var pending: [(table: Int, name: String, nodes: [MustacheNode], template: Int32)] = []
    /// The template whose nodes are being laid out.
    private var template: Int32 = 0

    private mutating func emit(_ nodes: [MustacheNode]) {
        for node in nodes {
            switch node {
            case .text(let bytes):
                ops.append(Op(kind: .text, a: Int32(pool.count), b: Int32(bytes.count)))
                pool += bytes
            case .lineStart:
                ops.append(Op(kind: .lineStart))
            case .variable(let name, let escaper):
                ops.append(Op(kind: .variable, a: number(name), b: Int32(escaper), c: template, d: Int32(name.offset)))
            case .section(let name, let body), .inverted(let name, let body):
                let at = ops.count
                ops.append(Op(kind: .section))
                emit(body)
                let kind: Op.Kind
                if case .section = node { kind = .section } else { kind = .inverted }
                ops[at] = Op(kind: kind, a: number(name), b: Int32(ops.count), c: template, d: Int32(name.offset))
            case .partial(let template, let indent, let offset):
                let (start, count) = pooled(indent)
                ops.append(Op(kind: .partial, a: Int32(template), b: start, c: count, e: site(offset)))
            case .parent(let template, let indent, let blocks, let offset):
                let (start, count) = pooled(indent)
                let table = tables.count
                tables.append([:])
                for (name, block) in blocks.sorted(by: { $0.key < $1.key }) { pending.append((table, name, block.nodes, self.template)) }
                ops.append(Op(kind: .parent, a: Int32(template), b: start, c: count, d: Int32(table), e: site(offset)))
            case .block(let name, let defaults, let site):
                let at = ops.count
                ops.append(Op(kind: .block))
                emit(defaults)
                let (start, count) = pooled(site.indent)
                ops[at] = Op(kind: .block, a: blockName(name), b: Int32(ops.count), c: start, d: count, e: site.firstLineIndented ? 1 : 0)
            }
        }
    }

    private mutating func site(_ offset: Int) -> Int32 {
        sites.append(Site(template: template, offset: Int32(offset)))
        return Int32(sites.count - 1)
    }

    private mutating func pooled(_ bytes: [UInt8]) -> (Int32, Int32) {
        let start = Int32(pool.count)
        pool += bytes
        return (start, Int32(bytes.count))
    }

    private mutating func number(_ name: MustacheName) -> Int32 {
        if let known = nameNumbers[name.parts] { return known }
        let number = Int32(names.count)
        names.append(Name(start: Int32(parts.count), count: Int32(name.parts.count)))
        parts += name.parts
        nameNumbers[name.parts] = number
        return number
    }

    private mutating func blockName(_ name: String) -> Int32 {
        if let known = blockNameNumbers[name] { return known }
        let number = Int32(blockNames.count)
        blockNames.append(name)
        blockNameNumbers[name] = number
        return number
    }
}
