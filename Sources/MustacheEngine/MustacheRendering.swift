/// One render: the context stack, the output bytes, the blocks given by enclosing parents, the indentation
/// of enclosing standalone partials. Private to one thread; the program and the values are only read, the
/// program through the library's image (reading an instruction touches no reference count).
struct MustacheRendering {
    typealias Op = MustacheProgram.Op

    let memo: Unmanaged<MustacheMemo>?
    /// The library's program and tables (`MustacheImage`), plain pointers.
    let program: MustacheImage.Pointers
    var stack: [MustacheValue]
    var out: [UInt8] = []
    /// The block tables of enclosing parents, outermost first: the outermost that gives a block wins.
    var blocks: [Int] = []
    var indent: [UInt8] = []
    /// A block expanded after blanks on its line: its first line is indented already.
    var skipLineStart = false
    /// The lowest stack position a lookup reached since it was last reset (see `renderShared`).
    var lowest = Int.max
    /// The stack position of the shared value being rendered for the memo: a partial it includes shows the
    /// same value, whose text is kept whole already.
    var sharedFloor = -1
    /// The tags (their instructions) whose names found nothing: a name no value has is most likely misspelt.
    var misses: [Int32] = []
    /// The sections, partials and parents being rendered, one inside the other.
    var depth = 0
    /// The bodies rendered so far: each section's (once per item of a list), partial's and parent's.
    var steps = 0
    /// Where the render stopped at one of its limits; nothing more is rendered once it has.
    var stopped: Stop?
    var halted: Bool { stopped != nil }

    /// What keeps a template that includes itself from rendering without end: a partial that includes itself
    /// unconditionally would exhaust the thread's stack (each level nested is a call), and one that includes
    /// itself in a section over a list that its lookups find again at every level would take exponential
    /// time. No page of gen's comes near either: the built-in templates nest a few dozen levels at most, and
    /// the largest page renders a few bodies per day of reports (`MustacheLibrary.stepLimit`).
    enum Limits {
        static let depth = 200
    }
    /// The most bodies one render may render: the library's `stepLimit`.
    let stepLimit: Int

    /// A limit reached at a tag: its template and offset there.
    struct Stop: Error {
        var template: Int32
        var offset: Int32
        var message: String
    }

    static func render(
        _ library: MustacheLibrary, template: Int, _ value: MustacheValue, memo: MustacheMemo?, misses: inout [Int32]
    ) -> Result<[UInt8], Stop> {
        // The memo is held by the caller for the render: unretained here, so the render writes no count of its.
        withExtendedLifetime(memo) {
            let program = library.image.pointers
            var rendering = MustacheRendering(
                memo: memo.map { Unmanaged.passUnretained($0) }, program: program, stack: [value], stepLimit: library.stepLimit)
            rendering.stack.reserveCapacity(16)
            rendering.out.reserveCapacity(16_384)
            rendering.render(program.templates[template].lowerBound, program.templates[template].upperBound)
            misses += rendering.misses
            if let stop = rendering.stopped { return .failure(stop) }
            return .success(rendering.out)
        }
    }

    /// Renders the instructions from `start` up to `end`. Returns early once the render has stopped: each
    /// nested body is checked as it returns, not each instruction.
    mutating func render(_ start: Int, _ end: Int) {
        var i = start
        while i < end {
            let op = program.ops[i]
            i += 1
            switch op.kind {
            case .text:
                skipLineStart = false
                out.append(contentsOf: pooled(op.a, op.b))
            case .lineStart:
                if skipLineStart {
                    skipLineStart = false
                } else if !indent.isEmpty {
                    out += indent
                }
            case .variable:
                guard let value = lookup(op.a, at: i - 1) else { continue }
                skipLineStart = false
                write(value, escaper: Int(op.b))
            case .section:
                if let value = lookup(op.a, at: i - 1), value.isTruthy {
                    guard enter() else { return stop(op.c, op.d) }
                    section(value, i, Int(op.b))
                    depth -= 1
                    if halted { return }
                }
                i = Int(op.b)
            case .inverted:
                if let value = lookup(op.a, at: i - 1), value.isTruthy {
                } else {
                    guard enter() else { return stop(op.c, op.d) }
                    render(i, Int(op.b))
                    depth -= 1
                    if halted { return }
                }
                i = Int(op.b)
            case .partial:
                guard op.a >= 0 else { continue }
                guard enter() else { return stop(site: op) }
                partial(Int(op.a), indent: op)
                depth -= 1
                if halted { return }
            case .parent:
                guard op.a >= 0 else { continue }
                guard enter() else { return stop(site: op) }
                blocks.append(Int(op.d))
                partial(Int(op.a), indent: op)
                blocks.removeLast()
                depth -= 1
                if halted { return }
            case .block:
                expand(op, defaults: i)
                if halted { return }
                i = Int(op.b)
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
            program.escapers[escaper].escape(text, into: &out)
        }
    }

    private mutating func section(_ value: MustacheValue, _ start: Int, _ end: Int) {
        switch value {
        case .bool:
            render(start, end)
        case .list(let items):
            for (n, item) in items.enumerated() {
                // The section's first body was counted as it was entered.
                if n > 0 {
                    steps += 1
                    if steps > stepLimit { return stop(program.ops[start - 1].c, program.ops[start - 1].d) }
                }
                stack.append(item)
                render(start, end)
                stack.removeLast()
                if halted { return }
            }
        default:
            stack.append(value)
            render(start, end)
            stack.removeLast()
        }
    }

    /// One level deeper and one step more (a body rendered), unless that passes a limit: then false, and the
    /// caller stops the render at its tag.
    @inline(__always)
    private mutating func enter() -> Bool {
        steps += 1
        guard depth < Limits.depth, steps <= stepLimit else { return false }
        depth += 1
        return true
    }

    /// Stops the render at the partial or parent `op` (its tag in `sites`).
    private mutating func stop(site op: Op) {
        let site = program.sites[Int(op.e)]
        stop(site.template, site.offset)
    }

    /// Stops the render at the tag at `offset` in `template`, for the limit it passed.
    private mutating func stop(_ template: Int32, _ offset: Int32) {
        let message =
            steps > stepLimit
            ? "more than \(stepLimit) sections and partials rendered for one page: "
                + "a partial that includes itself in a section whose list it finds again at every level?"
            : "sections, partials and parents nested more than \(Limits.depth) deep here: a partial that includes itself without end?"
        stopped = Stop(template: template, offset: offset, message: message)
    }

    /// `count` bytes of the pool from `start`: a text, or an indentation.
    private func pooled(_ start: Int32, _ count: Int32) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: program.pool[Int(start)..<Int(start + count)])
    }

    private mutating func partial(_ number: Int, indent op: Op) {
        let range = program.templates[number]
        if op.c == 0, indent.isEmpty, program.memoizable[number], let memo, stack.count - 1 != sharedFloor,
            case .shared(let shared)? = stack.last
        {
            renderShared(shared, number, range, memo)
            return
        }
        let saved = indent.count
        if op.c > 0 { indent.append(contentsOf: pooled(op.b, op.c)) }
        render(range.lowerBound, range.upperBound)
        indent.removeLast(indent.count - saved)
    }

    /// A shared value on top of the stack, shown by a partial: its text is the memo's when the partial looked
    /// up nothing beneath the value, as it then depends on the value alone.
    private mutating func renderShared(_ shared: MustacheShared, _ number: Int, _ range: Range<Int>, _ memo: Unmanaged<MustacheMemo>) {
        let key = MustacheMemo.Key(template: number, content: shared.key)
        if memo._withUnsafeGuaranteedRef({ $0.append(key, to: &out) }) {
            skipLineStart = false
            return
        }
        let floor = stack.count - 1
        let outer = (lowest, sharedFloor)
        lowest = Int.max
        sharedFloor = floor
        let start = out.count
        render(range.lowerBound, range.upperBound)
        if lowest >= floor, !halted {
            let text = Array(out[start...])
            memo._withUnsafeGuaranteedRef { $0.keep(key, text) }
        }
        lowest = min(outer.0, lowest)
        sharedFloor = outer.1
    }

    /// The outermost block given for the block's name, indented as its site, else the defaults as written.
    private mutating func expand(_ op: Op, defaults: Int) {
        for table in blocks {
            guard let given = program.givenBlocks[program.blockTables[table]].first(where: { $0.name == op.a }) else { continue }
            let saved = indent.count
            indent.append(contentsOf: pooled(op.c, op.d))
            skipLineStart = op.e == 1
            render(Int(given.start), Int(given.end))
            skipLineStart = false
            indent.removeLast(indent.count - saved)
            return
        }
        render(defaults, Int(op.b))
    }

    /// Mustache's lookup: the first part of a name in the innermost value of the stack that has it, the other
    /// parts inside what it found. A name that finds nothing is noted as a miss of the tag at `op`; a value
    /// found but `null` is not a miss (a view's absent optional).
    @inline(__always)
    private mutating func lookup(_ number: Int32, at op: Int) -> MustacheValue? {
        let name = program.names[Int(number)]
        guard name.count > 0 else { return stack.last }
        let first = Int(name.start)
        var i = stack.count - 1
        while i >= 0 {
            if var found = stack[i].child(program.parts[first]) {
                if i < lowest { lowest = i }
                var part = first + 1
                while part < first + Int(name.count) {
                    // Inside a value that is not an object (null, text…) a part is not looked for: not a miss.
                    guard let next = found.child(program.parts[part]) else {
                        if found.isObject { misses.append(Int32(op)) }
                        return nil
                    }
                    found = next
                    part += 1
                }
                return found
            }
            i -= 1
        }
        lowest = -1
        misses.append(Int32(op))
        return nil
    }
}
