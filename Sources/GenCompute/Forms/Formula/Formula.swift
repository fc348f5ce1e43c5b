/// A parsed `calculation` formula (`smartConfig.formula`): parse once, evaluate against each report.
///
///     let f = try Formula.parse("ROUND(mileage * 0.67, 2)")
///     f.references                                   // ["mileage"]
///     try f.evaluate { id in values[id] }            // .number(16.62)
public struct Formula: Sendable {
    /// The text the formula was parsed from.
    public let source: String
    let root: FormulaNode
    /// Every field reference in source order, with its position.
    let referenceSites: [ReferenceSite]

    struct ReferenceSite: Sendable, Equatable {
        var id: String
        var position: Int
    }

    /// Parses `source`. Syntax errors, unknown functions and wrong argument counts are reported here.
    public static func parse(_ source: String) throws(FormulaError) -> Formula {
        let root = try FormulaParser.parse(source)
        var sites: [ReferenceSite] = []
        collect(root, into: &sites)
        return Formula(source: source, root: root, referenceSites: sites.sorted { $0.position < $1.position })
    }

    private static func collect(_ node: FormulaNode, into sites: inout [ReferenceSite]) {
        switch node.kind {
        case .number, .text, .bool: break
        case .reference(let id): sites.append(ReferenceSite(id: id, position: node.position))
        case .unary(_, let x): collect(x, into: &sites)
        case .binary(_, let l, let r, _): collect(l, into: &sites); collect(r, into: &sites)
        case .call(_, let args): for a in args { collect(a, into: &sites) }
        }
    }

    /// Field ids the formula references (for dependency/cycle detection), including those in
    /// IF branches that a particular evaluation may not take.
    public var references: Set<String> { Set(referenceSites.map(\.id)) }

    /// Evaluates against a report: `lookup` returns a field's value, or nil for a field id the report
    /// does not have (an `unknownField` error). A field that exists but is blank should be `.empty`.
    public func evaluate(_ lookup: (String) -> FormulaValue?) throws(FormulaError) -> FormulaValue {
        try calculate(lookup).value
    }

    /// `evaluate`, also saying how many decimals the result displays with (more than 2 only when ROUND asked).
    public func calculate(_ lookup: (String) -> FormulaValue?) throws(FormulaError) -> CalculatedValue {
        let v = try FormulaEvaluator.evaluate(root) { id in
            lookup(id).map { .value(EvaluatedValue(value: $0)) } ?? .unknown
        }
        return CalculatedValue(value: v.value, decimals: v.decimals)
    }

    func calculate(resolving resolve: FormulaEvaluator.Resolve) throws(FormulaError) -> CalculatedValue {
        let v = try FormulaEvaluator.evaluate(root, resolve)
        return CalculatedValue(value: v.value, decimals: v.decimals)
    }
}

/// A formula's result and its display precision.
public struct CalculatedValue: Sendable, Equatable {
    public var value: FormulaValue
    /// Most decimals a number shows: 2, or the digits of the `ROUND` that produced it when more
    /// (carried through `+`, `-`, unary signs, IF, SUM/MIN/MAX/ABS, `&`/CONCAT and references to other calculations).
    public var decimals: Int

    public init(value: FormulaValue, decimals: Int = FormulaValue.defaultDecimals) {
        self.value = value
        self.decimals = decimals
    }

    /// The value as it reads on a page: `value.display(decimals: decimals)`.
    public var display: String { value.display(decimals: decimals) }
}
