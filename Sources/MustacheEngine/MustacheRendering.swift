/// One render: the context stack, the output bytes, the blocks given by enclosing parents, the indentation
/// of enclosing standalone partials. Private to one thread; the library and the values are only read.
struct MustacheRendering {
    let library: MustacheLibrary
    let memo: MustacheMemo?
    var stack: [MustacheValue]
    var out: [UInt8] = []
    /// The blocks of enclosing parents, outermost first: the outermost that gives a block wins.
    var blocks: [[String: MustacheBlock]] = []
    var indent: [UInt8] = []
    /// A block expanded after blanks on its line: its first line is indented already.
    var skipLineStart = false
    /// The lowest stack position a lookup reached since it was last reset (see `renderShared`).
    var lowest = Int.max
    /// The stack position of the shared value being rendered for the memo: a partial it includes shows the
    /// same value, whose text is kept whole already.
    var sharedFloor = -1

    init(library: MustacheLibrary, root: MustacheValue, memo: MustacheMemo?) {
        self.library = library
        self.memo = memo
        stack = [root]
        stack.reserveCapacity(16)
        out.reserveCapacity(16_384)
    }

    mutating func render(_ nodes: [MustacheNode]) {
        for node in nodes {
            switch node {
            case .text(let bytes):
                skipLineStart = false
                out += bytes
            case .lineStart:
                if skipLineStart {
                    skipLineStart = false
                } else if !indent.isEmpty {
                    out += indent
                }
            case .variable(let name, let escaper):
                guard let value = lookup(name) else { continue }
                skipLineStart = false
                write(value, escaper: escaper)
            case .section(let name, let body):
                guard let value = lookup(name), value.isTruthy else { continue }
                section(value, body)
            case .inverted(let name, let body):
                if let value = lookup(name), value.isTruthy { continue }
                render(body)
            case .partial(let number, let own):
                guard number >= 0 else { continue }
                partial(number, indent: own)
            case .parent(let number, let own, let given):
                guard number >= 0 else { continue }
                blocks.append(given)
                partial(number, indent: own)
                blocks.removeLast()
            case .block(let name, let defaults, let site):
                expand(name, defaults: defaults, site: site)
            }
        }
    }

    private mutating func write(_ value: MustacheValue, escaper: Int) {
        let text: String
        switch value {
        case .text(let s): text = s
        case .int(let i): text = String(i)
        case .double(let d): text = "\(d)"
        case .bool(let b): text = b ? "true" : "false"
        case .null, .list, .object, .shared: return
        }
        if escaper < 0 {
            out += text.utf8
        } else {
            library.escapers[escaper](text, &out)
        }
    }

    private mutating func section(_ value: MustacheValue, _ body: [MustacheNode]) {
        switch value {
        case .bool:
            render(body)
        case .list(let items):
            for item in items {
                stack.append(item)
                render(body)
                stack.removeLast()
            }
        default:
            stack.append(value)
            render(body)
            stack.removeLast()
        }
    }

    private mutating func partial(_ number: Int, indent own: [UInt8]) {
        let template = library.templates[number]
        if own.isEmpty, indent.isEmpty, template.memoizable, let memo, stack.count - 1 != sharedFloor,
            case .shared(let shared)? = stack.last
        {
            renderShared(shared, number, template.nodes, memo)
            return
        }
        let saved = indent
        if !own.isEmpty { indent += own }
        render(template.nodes)
        indent = saved
    }

    /// A shared value on top of the stack, shown by a partial: its text is the memo's when the partial looked
    /// up nothing beneath the value, as it then depends on the value alone.
    private mutating func renderShared(_ shared: MustacheShared, _ number: Int, _ nodes: [MustacheNode], _ memo: MustacheMemo) {
        let key = MustacheMemo.Key(template: number, content: shared.key)
        if let text = memo.text(key) {
            skipLineStart = false
            out += text
            return
        }
        let floor = stack.count - 1
        let outer = (lowest, sharedFloor)
        lowest = Int.max
        sharedFloor = floor
        let start = out.count
        render(nodes)
        if lowest >= floor { memo.keep(key, Array(out[start...])) }
        lowest = min(outer.0, lowest)
        sharedFloor = outer.1
    }

    /// The outermost block given for `name`, indented as its site, else the defaults as written.
    private mutating func expand(_ name: String, defaults: [MustacheNode], site: MustacheBlockSite) {
        for given in blocks {
            guard let block = given[name] else { continue }
            let saved = indent
            indent += site.indent
            skipLineStart = site.firstLineIndented
            render(block.nodes)
            skipLineStart = false
            indent = saved
            return
        }
        render(defaults)
    }

    /// Mustache's lookup: the first part of a name in the innermost value of the stack that has it, the other
    /// parts inside what it found.
    @inline(__always)
    private mutating func lookup(_ name: MustacheName) -> MustacheValue? {
        guard let first = name.parts.first else { return stack.last }
        var i = stack.count - 1
        while i >= 0 {
            if var found = stack[i].child(first) {
                if i < lowest { lowest = i }
                for part in name.parts.dropFirst() {
                    guard let next = found.child(part) else { return nil }
                    found = next
                }
                return found
            }
            i -= 1
        }
        lowest = -1
        return nil
    }
}
