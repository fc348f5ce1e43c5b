/// A node of a parsed formula. `position` is where the node's source starts (1-based character offset);
/// binary nodes also keep their operator's position, calls their name's.
struct FormulaNode: Sendable {
    indirect enum Kind: Sendable {
        case number(Double)
        case text(String)
        case bool(Bool)
        case reference(String)
        case unary(FormulaOperator, FormulaNode)
        case binary(FormulaOperator, FormulaNode, FormulaNode, operatorPosition: Int)
        case call(FormulaFunction, [FormulaNode])
    }

    var kind: Kind
    var position: Int
    /// Height of the tree under this node, to refuse formulas nested deep enough to exhaust the stack.
    var depth: Int
}

/// Recursive descent, one function per precedence level (lowest first):
///
///     formula    := comparison END
///     comparison := concat [ ("=" | "==" | "!=" | "<>" | "<" | "<=" | ">" | ">=") concat ]   (not chainable)
///     concat     := additive { "&" additive }
///     additive   := term { ("+" | "-") term }
///     term       := unary { ("*" | "/") unary }
///     unary      := ("-" | "+") unary | primary
///     primary    := NUMBER | TEXT | TRUE | FALSE | IDENT "(" [ comparison { "," comparison } ] ")"
///                 | IDENT | "{" field id "}" | "(" comparison ")"
///
/// Unknown functions and wrong argument counts are found here, not at evaluation.
struct FormulaParser {
    /// Deepest tree accepted (a literal is 1 deep; a chain of 255 `+` is 256 deep): evaluation recurses once per level.
    static let maximumDepth = 256
    /// Most parentheses, calls and unary signs open at once.
    static let maximumNesting = 64

    private var tokens: [FormulaToken]
    private var index = 0
    /// Open parentheses, calls and unary operators around the current point: bounds the recursion.
    private var nesting = 0

    private init(tokens: [FormulaToken]) { self.tokens = tokens }

    static func parse(_ source: String) throws(FormulaError) -> FormulaNode {
        var parser = FormulaParser(tokens: try FormulaLexer.tokenize(source))
        if case .end = parser.current.kind {
            throw FormulaError(.syntax, "empty formula", at: 1)
        }
        let node = try parser.comparison()
        if case .end = parser.current.kind { return node }
        let t = parser.current
        if case .rightParen = t.kind {
            throw FormulaError(.syntax, "unexpected ')' without a matching '('", at: t.position)
        }
        throw FormulaError(.syntax, "unexpected \(t.shown) after a complete expression", at: t.position)
    }

    private var current: FormulaToken { tokens[index] }

    private mutating func advance() -> FormulaToken {
        let t = tokens[index]
        if index < tokens.count - 1 { index += 1 }
        return t
    }

    private func currentOperator(_ accept: (FormulaOperator) -> Bool) -> FormulaOperator? {
        if case .op(let o) = current.kind, accept(o) { return o }
        return nil
    }

    private func checked(_ node: FormulaNode, at position: Int? = nil) throws(FormulaError) -> FormulaNode {
        guard node.depth <= FormulaParser.maximumDepth else {
            throw FormulaError(.syntax, "formula is nested too deeply", at: position ?? node.position)
        }
        return node
    }

    private func binary(_ op: FormulaOperator, _ l: FormulaNode, _ r: FormulaNode, at opPosition: Int) throws(FormulaError) -> FormulaNode {
        try checked(
            FormulaNode(
                kind: .binary(op, l, r, operatorPosition: opPosition),
                position: l.position, depth: max(l.depth, r.depth) + 1), at: opPosition)
    }

    private mutating func enter() throws(FormulaError) {
        nesting += 1
        if nesting > FormulaParser.maximumNesting {
            throw FormulaError(.syntax, "formula is nested too deeply", at: current.position)
        }
    }

    private mutating func comparison() throws(FormulaError) -> FormulaNode {
        try enter()
        defer { nesting -= 1 }
        let left = try concat()
        guard let op = currentOperator(\.isComparison) else { return left }
        let opPosition = advance().position
        let right = try concat()
        if let again = currentOperator(\.isComparison) {
            throw FormulaError(
                .syntax, "comparisons cannot be chained ('\(again.symbol)' after '\(op.symbol)'); use AND(…)",
                at: current.position)
        }
        return try binary(op, left, right, at: opPosition)
    }

    private mutating func concat() throws(FormulaError) -> FormulaNode {
        var node = try additive()
        while let op = currentOperator({ $0 == .concat }) {
            let p = advance().position
            node = try binary(op, node, try additive(), at: p)
        }
        return node
    }

    private mutating func additive() throws(FormulaError) -> FormulaNode {
        var node = try term()
        while let op = currentOperator({ $0 == .plus || $0 == .minus }) {
            let p = advance().position
            node = try binary(op, node, try term(), at: p)
        }
        return node
    }

    private mutating func term() throws(FormulaError) -> FormulaNode {
        var node = try unary()
        while let op = currentOperator({ $0 == .times || $0 == .divide }) {
            let p = advance().position
            node = try binary(op, node, try unary(), at: p)
        }
        return node
    }

    private mutating func unary() throws(FormulaError) -> FormulaNode {
        if let op = currentOperator({ $0 == .minus || $0 == .plus }) {
            let p = advance().position
            try enter()
            defer { nesting -= 1 }
            let operand = try unary()
            return try checked(FormulaNode(kind: .unary(op, operand), position: p, depth: operand.depth + 1))
        }
        return try primary()
    }

    private mutating func primary() throws(FormulaError) -> FormulaNode {
        let t = advance()
        switch t.kind {
        case .number(let d):
            return FormulaNode(kind: .number(d), position: t.position, depth: 1)
        case .text(let s):
            return FormulaNode(kind: .text(s), position: t.position, depth: 1)
        case .braced(let id):
            return FormulaNode(kind: .reference(id), position: t.position, depth: 1)
        case .identifier(let name):
            if case .leftParen = current.kind { return try call(name, at: t.position) }
            switch name.lowercased() {
            case "true": return FormulaNode(kind: .bool(true), position: t.position, depth: 1)
            case "false": return FormulaNode(kind: .bool(false), position: t.position, depth: 1)
            default: return FormulaNode(kind: .reference(name), position: t.position, depth: 1)
            }
        case .leftParen:
            let inner = try comparison()
            switch current.kind {
            case .rightParen:
                _ = advance()
                return try checked(FormulaNode(kind: inner.kind, position: t.position, depth: inner.depth + 1))
            case .end:
                throw FormulaError(.syntax, "unclosed parenthesis", at: t.position)
            default:
                throw FormulaError(.syntax, "expected ')' but found \(current.shown)", at: current.position)
            }
        case .end:
            throw FormulaError(.syntax, "unexpected end of formula; expected a value", at: t.position)
        case .op, .rightParen, .comma:
            throw FormulaError(.syntax, "unexpected \(t.shown); expected a value", at: t.position)
        }
    }

    private mutating func call(_ name: String, at position: Int) throws(FormulaError) -> FormulaNode {
        guard let function = FormulaFunction(name: name) else {
            throw FormulaError(.unknownFunction, "unknown function \(name)", at: position)
        }
        let open = advance()  // "("
        var args: [FormulaNode] = []
        if case .rightParen = current.kind {
            _ = advance()
        } else {
            var closed = false
            while !closed {
                if case .end = current.kind { throw FormulaError(.syntax, "unclosed parenthesis", at: open.position) }
                args.append(try comparison())
                switch current.kind {
                case .comma: _ = advance()
                case .rightParen: _ = advance(); closed = true
                case .end: throw FormulaError(.syntax, "unclosed parenthesis", at: open.position)
                default: throw FormulaError(.syntax, "expected ',' or ')' but found \(current.shown)", at: current.position)
                }
            }
        }
        let arity = function.arity
        guard arity.contains(args.count) else {
            let expected: String
            if arity.upperBound == Int.max {
                expected = "at least \(arity.lowerBound) argument\(arity.lowerBound == 1 ? "" : "s")"
            } else if arity.lowerBound == arity.upperBound {
                expected = "\(arity.lowerBound) argument\(arity.lowerBound == 1 ? "" : "s")"
            } else {
                expected = "\(arity.lowerBound) or \(arity.upperBound) arguments"
            }
            throw FormulaError(.argumentCount, "\(function.name) takes \(expected), got \(args.count)", at: position)
        }
        let depth = (args.map(\.depth).max() ?? 0) + 1
        return try checked(FormulaNode(kind: .call(function, args), position: position, depth: depth))
    }
}

/// The built-in functions; names are case-insensitive.
enum FormulaFunction: String, Sendable, CaseIterable {
    case sum, avg, min, max, round, abs, `if`, and, or, not, len, upper, lower, count, empty, concat

    init?(name: String) { self.init(rawValue: name.lowercased()) }

    var name: String { rawValue.uppercased() }

    var arity: ClosedRange<Int> {
        switch self {
        case .sum, .avg, .min, .max, .and, .or, .count, .concat: return 1...Int.max
        case .round: return 1...2
        case .if: return 2...3
        case .abs, .not, .len, .upper, .lower, .empty: return 1...1
        }
    }
}
