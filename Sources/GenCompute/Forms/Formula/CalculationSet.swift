import GenSupport

/// Evaluates every calculation field of one report in dependency order, detecting cycles.
///
/// A calculation that references another calculation field uses that field's computed value (formulas
/// win over a stored value with the same id: the form app stores its own result, gen recomputes it).
/// Other references read `values`; an id in neither is an `unknownField` error, so callers pass `.empty`
/// for template fields the report left blank or did not store.
///
/// Cycles are found from the formulas' references (statically, including IF branches not taken): every
/// field on a cycle gets a `cycle` error at the position of its reference that closes the cycle. A field
/// that uses a failed calculation gets that field's error kind, reported at its own reference.
public enum CalculationSet {
    /// Every report of a template has the same formulas: each text is parsed once.
    private static let parsedFormulas = Memo<String, Result<Formula, FormulaError>>(limit: 10_000)

    /// `formulas`: calculation field id → formula source; `values`: the report's other values by field id.
    public static func evaluate(formulas: [String: String], values: [String: FormulaValue]) -> [String: Result<FormulaValue, FormulaError>] {
        calculate(formulas: formulas, values: values).mapValues { $0.map(\.value) }
    }

    /// `evaluate`, keeping each result's display precision (see `CalculatedValue`).
    public static func calculate(formulas: [String: String], values: [String: FormulaValue]) -> [String: Result<CalculatedValue, FormulaError>] {
        var parsed: [String: Formula] = [:]
        var results: [String: Result<CalculatedValue, FormulaError>] = [:]
        for (id, source) in formulas {
            do throws(FormulaError) {
                parsed[id] = try parsedFormulas.value(source) { source in Result { () throws(FormulaError) in try Formula.parse(source) } }.get()
            } catch {
                results[id] = .failure(error)
            }
        }

        // Edges: calculation → the calculations it references, first reference first.
        var edges: [String: [Formula.ReferenceSite]] = [:]
        for (id, formula) in parsed {
            var seen = Set<String>()
            edges[id] = formula.referenceSites.filter { formulas[$0.id] != nil && seen.insert($0.id).inserted }
        }

        for component in stronglyConnectedComponents(ids: parsed.keys.sorted(), edges: edges) {
            let members = Set(component)
            let isCycle = component.count > 1 || edges[component[0], default: []].contains { $0.id == component[0] }
            if isCycle {
                for id in component.sorted() {
                    let closing = edges[id, default: []].first { members.contains($0.id) }!
                    let path = cyclePath(from: id, via: closing.id, within: members, edges: edges)
                    results[id] = .failure(FormulaError(.cycle, "circular reference: " + path.joined(separator: " → "), at: closing.position))
                }
                continue
            }
            // Components arrive dependencies first, so every calculation this one uses is already in `results`.
            // A calculation whose formula did not parse is a component of its own with its error already there.
            let id = component[0]
            guard let formula = parsed[id] else { continue }
            let outcome: Result<CalculatedValue, FormulaError>
            do throws(FormulaError) {
                outcome = .success(
                    try formula.calculate { ref -> FieldResolution in
                        if formulas[ref] != nil {
                            switch results[ref] {
                            case .success(let v)?: return .value(EvaluatedValue(value: v.value, decimals: v.decimals))
                            case .failure(let e)?: return .failed(FormulaError(e.kind, "field \(ref) has an error: \(e.message)", at: e.position))
                            case nil: return .failed(FormulaError(.cycle, "field \(ref) is not computed yet", at: 1))
                            }
                        }
                        return values[ref].map { .value(EvaluatedValue(value: $0)) } ?? .unknown
                    })
            } catch {
                outcome = .failure(error)
            }
            results[id] = outcome
        }
        return results
    }

    /// Tarjan's algorithm without recursion; components come out in reverse topological order
    /// (a component after every component it references).
    private static func stronglyConnectedComponents(ids: [String], edges: [String: [Formula.ReferenceSite]]) -> [[String]] {
        var index: [String: Int] = [:]
        var low: [String: Int] = [:]
        var stack: [String] = []
        var onStack = Set<String>()
        var next = 0
        var components: [[String]] = []

        for root in ids where index[root] == nil {
            var work: [(id: String, edge: Int)] = []
            func open(_ v: String) {
                index[v] = next; low[v] = next; next += 1
                stack.append(v); onStack.insert(v)
                work.append((v, 0))
            }
            open(root)
            while let (v, e) = work.last {
                let out = edges[v, default: []]
                if e < out.count {
                    work[work.count - 1].edge += 1
                    let w = out[e].id
                    if index[w] == nil { open(w) } else if onStack.contains(w) { low[v] = min(low[v]!, index[w]!) }
                    continue
                }
                work.removeLast()
                if let parent = work.last { low[parent.id] = min(low[parent.id]!, low[v]!) }
                if low[v] == index[v] {
                    var component: [String] = []
                    while let w = stack.popLast() {
                        onStack.remove(w)
                        component.append(w)
                        if w == v { break }
                    }
                    components.append(component)
                }
            }
        }
        return components
    }

    /// `a → b → … → a`: from `start` through its reference `first`, back to `start` by a shortest path inside the cycle.
    private static func cyclePath(
        from start: String, via first: String, within members: Set<String>,
        edges: [String: [Formula.ReferenceSite]]
    ) -> [String] {
        if first == start { return [start, start] }
        var previous: [String: String] = [:]
        var visited: Set<String> = [first]
        var queue = [first]
        var head = 0
        search: while head < queue.count {
            let v = queue[head]; head += 1
            for site in edges[v, default: []] where members.contains(site.id) && !visited.contains(site.id) {
                visited.insert(site.id)
                previous[site.id] = v
                if site.id == start { break search }
                queue.append(site.id)
            }
        }
        // Walk back from `start` to `first`: start ← v ← … ← first.
        var back = [start]
        var v = start
        while v != first, let p = previous[v] {
            back.append(p)
            v = p
        }
        return [start] + back.reversed()
    }
}
