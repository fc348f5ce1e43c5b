/// A value with the number of decimals it should display with: 2, or more when a ROUND asked for more.
struct EvaluatedValue: Sendable, Equatable {
    var value: FormulaValue
    var decimals: Int = FormulaValue.defaultDecimals
}

/// What a field reference finds.
enum FieldResolution {
    case value(EvaluatedValue)
    /// The field is a calculation that failed; its kind and message are reported at the reference.
    case failed(FormulaError)
    case unknown
}

/// Evaluates a parsed formula. Pure: everything it reads comes through `resolve`.
enum FormulaEvaluator {
    typealias Resolve = (String) -> FieldResolution

    static func evaluate(_ node: FormulaNode, _ resolve: Resolve) throws(FormulaError) -> EvaluatedValue {
        switch node.kind {
        case .number(let d): return EvaluatedValue(value: .number(d))
        case .text(let s): return EvaluatedValue(value: .text(s))
        case .bool(let b): return EvaluatedValue(value: .bool(b))
        case .reference(let id):
            switch resolve(id) {
            case .value(let v): return v
            case .failed(let e): throw FormulaError(e.kind, e.message, at: node.position)
            case .unknown: throw FormulaError(.unknownField, "unknown field \(id)", at: node.position)
            }
        case .unary(let op, let operand):
            let v = try evaluate(operand, resolve)
            let n = try number(v.value, at: operand.position)
            return EvaluatedValue(value: .number(op == .minus ? -n : n), decimals: v.decimals)
        case .binary(let op, let l, let r, let opPosition):
            return try binary(op, l, r, opPosition, resolve)
        case .call(let function, let args):
            return try call(function, args, at: node.position, resolve)
        }
    }

    // MARK: Operators

    private static func binary(
        _ op: FormulaOperator, _ l: FormulaNode, _ r: FormulaNode, _ opPosition: Int,
        _ resolve: Resolve
    ) throws(FormulaError) -> EvaluatedValue {
        let lv = try evaluate(l, resolve)
        if op == .plus || op == .minus || op == .times || op == .divide {
            let a = try number(lv.value, at: l.position)
            let rv = try evaluate(r, resolve)
            let b = try number(rv.value, at: r.position)
            switch op {
            case .plus: return EvaluatedValue(value: .number(a + b), decimals: max(lv.decimals, rv.decimals))
            case .minus: return EvaluatedValue(value: .number(a - b), decimals: max(lv.decimals, rv.decimals))
            case .times: return EvaluatedValue(value: .number(a * b))
            default:
                guard b != 0 else { throw FormulaError(.divisionByZero, "division by zero", at: opPosition) }
                return EvaluatedValue(value: .number(a / b))
            }
        }
        let rv = try evaluate(r, resolve)
        switch op {
        case .plus, .minus, .times, .divide:
            preconditionFailure("handled above")
        case .concat:
            return EvaluatedValue(value: .text(text(lv) + text(rv)))
        case .equal:
            return EvaluatedValue(value: .bool(equals(lv.value, rv.value)))
        case .notEqual:
            return EvaluatedValue(value: .bool(!equals(lv.value, rv.value)))
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard let o = order(lv.value, rv.value) else {
                let blameRight = blame(lv.value, rv.value)
                let culprit = blameRight ? rv.value : lv.value
                let other = blameRight ? lv.value : rv.value
                throw FormulaError(
                    .typeMismatch, "cannot compare \(culprit.kindDescription) with \(other.kindDescription) using '\(op.symbol)'",
                    at: blameRight ? r.position : l.position)
            }
            let result: Bool
            switch op {
            case .less: result = o < 0
            case .lessOrEqual: result = o <= 0
            case .greater: result = o > 0
            default: result = o >= 0
            }
            return EvaluatedValue(value: .bool(result))
        }
    }

    // MARK: Coercion

    /// Arithmetic operands: numbers, numeric text ("12", " 3.5 "), and blanks (empty, whitespace text) as 0.
    static func number(_ v: FormulaValue, at position: Int) throws(FormulaError) -> Double {
        switch v {
        case .number(let d): return d
        case .empty: return 0
        case .text(let s):
            if s.allSatisfy(\.isWhitespace) { return 0 }
            if let d = FormulaNumberFormat.parse(s) { return d }
        case .bool, .list: break
        }
        throw FormulaError(.typeMismatch, "expected a number, found \(v.kindDescription)", at: position)
    }

    /// `&`, CONCAT, LEN, UPPER, LOWER: anything as text, numbers as they display.
    static func text(_ v: EvaluatedValue) -> String {
        if case .text(let s) = v.value { return s }
        return v.value.display(decimals: v.decimals)
    }

    /// IF, AND, OR, NOT: TRUE/FALSE; numbers (0 is false); blanks are false; text "true"/"yes"/"false"/"no"
    /// (any case) and numeric text. Other text and lists are a type mismatch.
    static func truth(_ v: FormulaValue, at position: Int) throws(FormulaError) -> Bool {
        switch v {
        case .bool(let b): return b
        case .number(let d): return d != 0 && !d.isNaN
        case .empty: return false
        case .text(let s):
            let t = s.formulaTrimmed.lowercased()
            switch t {
            case "": return false
            case "true", "yes": return true
            case "false", "no": return false
            default: if let d = FormulaNumberFormat.parse(t) { return d != 0 }
            }
        case .list: break
        }
        throw FormulaError(.typeMismatch, "expected TRUE or FALSE, found \(v.kindDescription)", at: position)
    }

    /// `=`: numbers numerically, text case-insensitively, text against a number numerically when the text
    /// is numeric (else not equal), lists item by item. A blank equals 0, "", FALSE and an empty list.
    static func equals(_ a: FormulaValue, _ b: FormulaValue) -> Bool {
        if case .list(let x) = a, case .list(let y) = b {
            return x.count == y.count && zip(x, y).allSatisfy { equals($0, $1) }
        }
        return order(a, b) == 0
    }

    /// -1, 0, 1; nil when the two cannot be ordered (then `=` is false and `<` is a type mismatch).
    static func order(_ a: FormulaValue, _ b: FormulaValue) -> Int? {
        func cmp<T: Comparable>(_ x: T, _ y: T) -> Int { x < y ? -1 : (x == y ? 0 : 1) }
        func boolText(_ s: String) -> Bool? {
            switch s.formulaTrimmed.lowercased() {
            case "true": return true
            case "false": return false
            default: return nil
            }
        }
        switch (a, b) {
        case (.empty, .empty): return 0
        case (.empty, .list(let l)): return l.isEmpty ? 0 : nil
        case (.list(let l), .empty): return l.isEmpty ? 0 : nil
        case (.list, _), (_, .list): return nil
        case (.empty, .number(let y)): return cmp(0, y)
        case (.number(let x), .empty): return cmp(x, 0)
        case (.empty, .text(let y)): return cmp("", y.lowercased())
        case (.text(let x), .empty): return cmp(x.lowercased(), "")
        case (.empty, .bool(let y)): return cmp(0, y ? 1 : 0)
        case (.bool(let x), .empty): return cmp(x ? 1 : 0, 0)
        case (.number(let x), .number(let y)): return cmp(x, y)
        case (.number(let x), .text(let y)):
            if y.allSatisfy(\.isWhitespace) { return cmp(x, 0) }
            return FormulaNumberFormat.parse(y).map { cmp(x, $0) }
        case (.text(let x), .number(let y)):
            if x.allSatisfy(\.isWhitespace) { return cmp(0, y) }
            return FormulaNumberFormat.parse(x).map { cmp($0, y) }
        case (.text(let x), .text(let y)):
            if let p = FormulaNumberFormat.parse(x), let q = FormulaNumberFormat.parse(y) { return cmp(p, q) }
            return cmp(x.lowercased(), y.lowercased())
        case (.bool(let x), .bool(let y)): return cmp(x ? 1 : 0, y ? 1 : 0)
        case (.bool(let x), .text(let y)): return boolText(y).map { cmp(x ? 1 : 0, $0 ? 1 : 0) }
        case (.text(let x), .bool(let y)): return boolText(x).map { cmp($0 ? 1 : 0, y ? 1 : 0) }
        case (.bool, .number), (.number, .bool): return nil
        }
    }

    /// Which operand an ordering type mismatch is reported at: the list, else the boolean, else the
    /// non-numeric text compared with a number; the right one when in doubt.
    private static func blame(_ a: FormulaValue, _ b: FormulaValue) -> Bool {
        func rank(_ v: FormulaValue) -> Int {
            switch v {
            case .list: return 3
            case .bool: return 2
            case .text: return 1
            default: return 0
            }
        }
        return rank(b) >= rank(a)
    }

    // MARK: Functions

    private static func call(
        _ f: FormulaFunction, _ args: [FormulaNode], at position: Int,
        _ resolve: Resolve
    ) throws(FormulaError) -> EvaluatedValue {
        switch f {
        case .if:
            let condition = try evaluate(args[0], resolve)
            if try truth(condition.value, at: args[0].position) { return try evaluate(args[1], resolve) }
            return args.count > 2 ? try evaluate(args[2], resolve) : EvaluatedValue(value: .empty)
        case .and, .or:
            // Left to right, stopping at the first argument that decides the result.
            for arg in args {
                let v = try truth(try evaluate(arg, resolve).value, at: arg.position)
                if f == .and, !v { return EvaluatedValue(value: .bool(false)) }
                if f == .or, v { return EvaluatedValue(value: .bool(true)) }
            }
            return EvaluatedValue(value: .bool(f == .and))
        default:
            break
        }

        var values: [EvaluatedValue] = []
        for arg in args { values.append(try evaluate(arg, resolve)) }

        switch f {
        case .sum, .avg, .min, .max:
            var numbers: [Double] = []
            var decimals = FormulaValue.defaultDecimals
            for (arg, v) in zip(args, values) {
                decimals = max(decimals, v.decimals)
                for item in flatten(v.value) where !item.isBlank {
                    numbers.append(try number(item, at: arg.position))
                }
            }
            switch f {
            case .sum: return EvaluatedValue(value: .number(numbers.reduce(0, +)), decimals: decimals)
            case .avg:
                guard !numbers.isEmpty else { return EvaluatedValue(value: .empty) }
                return EvaluatedValue(value: .number(numbers.reduce(0, +) / Double(numbers.count)))
            case .min: return numbers.min().map { EvaluatedValue(value: .number($0), decimals: decimals) } ?? EvaluatedValue(value: .empty)
            default: return numbers.max().map { EvaluatedValue(value: .number($0), decimals: decimals) } ?? EvaluatedValue(value: .empty)
            }
        case .round:
            let x = try number(values[0].value, at: args[0].position)
            var digits = 0
            if values.count > 1 {
                let d = try number(values[1].value, at: args[1].position)
                guard d.isFinite else {
                    throw FormulaError(.typeMismatch, "ROUND digits must be a finite number", at: args[1].position)
                }
                digits = Int(Swift.max(-400, Swift.min(400, d.rounded(.towardZero))))
            }
            guard x.isFinite, let decimal = DecimalDigits(x) else { return EvaluatedValue(value: .number(x)) }
            return EvaluatedValue(
                value: .number(decimal.rounded(decimals: digits).double),
                decimals: Swift.max(FormulaValue.defaultDecimals, Swift.min(digits, 15)))
        case .abs:
            let x = try number(values[0].value, at: args[0].position)
            return EvaluatedValue(value: .number(Swift.abs(x)), decimals: values[0].decimals)
        case .not:
            return EvaluatedValue(value: .bool(!(try truth(values[0].value, at: args[0].position))))
        case .len:
            return EvaluatedValue(value: .number(Double(text(values[0]).count)))
        case .upper:
            return EvaluatedValue(value: .text(text(values[0]).uppercased()))
        case .lower:
            return EvaluatedValue(value: .text(text(values[0]).lowercased()))
        case .count:
            var n = 0
            for v in values {
                if case .list(let items) = v.value { n += items.filter { !$0.isBlank }.count } else if !v.value.isBlank { n += 1 }
            }
            return EvaluatedValue(value: .number(Double(n)))
        case .empty:
            return EvaluatedValue(value: .bool(values[0].value.isBlank))
        case .concat:
            return EvaluatedValue(value: .text(values.map(text).joined()))
        case .if, .and, .or:
            preconditionFailure("handled above")
        }
    }

    private static func flatten(_ v: FormulaValue) -> [FormulaValue] {
        guard case .list(let items) = v else { return [v] }
        return items.flatMap(flatten)
    }
}
