import Foundation
import GenModel

/// A template field's conditional logic, as the form SDK behind the app's templates reads it (docs/export-formats.md):
///
///     "logic": {"action": "show" | "hide", "eval": "and" | "or",
///               "conditions": [{"field": "other_id", "condition": "=", "value": "Yes"}]}
///
/// Conditions read the *stored* values of the report (what the app had in the form when it saved);
/// smart fields and calculations are stored by the app too. A field referenced by a condition that the
/// report does not have reads as empty.
struct FieldLogic: Equatable {
    enum Action: String { case show, hide }
    enum Eval: String { case and, or }

    enum Operator: String, CaseIterable {
        case equals = "=", notEquals = "!=", contains = "?=", greater = ">", less = "<"
        case isEmpty = "null=", isNotEmpty = "*="
    }

    struct Condition: Equatable {
        var field: String
        var op: Operator
        var value: FirestoreValue?
    }

    var action: Action
    var eval: Eval
    var conditions: [Condition]

    /// What the logic block says about a field.
    enum Outcome: Equatable {
        case visible
        case hidden
        /// The block cannot be read: the field stays visible, and the reason goes into a warning.
        case malformed(String)
    }

    /// Applies a field's logic to a report's values. No block (absent, null or `{}`) means visible.
    static func outcome(of logic: FirestoreValue?, values: [String: FirestoreValue]) -> Outcome {
        switch parse(logic) {
        case .none: return .visible
        case .failure(let reason): return .malformed(reason)
        case .success(let logic): return logic.isVisible(values) ? .visible : .hidden
        }
    }

    enum Parsed { case none, failure(String), success(FieldLogic) }

    static func parse(_ logic: FirestoreValue?) -> Parsed {
        guard let logic, !logic.isNull else { return .none }
        guard case .map(let m) = logic else { return .failure("logic is \(logic.kindName), not a map") }
        if m.isEmpty { return .none }
        guard let actionText = m["action"]?.string else { return .failure("no action (show or hide)") }
        guard let action = Action(rawValue: actionText.logicTrimmed.lowercased()) else {
            return .failure("unknown action \"\(actionText)\"")
        }
        // A block without "eval" has one way to be read: all conditions must hold, the SDK's default.
        var eval = Eval.and
        if let e = m["eval"], !e.isNull {
            guard let text = e.string, let parsed = Eval(rawValue: text.logicTrimmed.lowercased()) else {
                return .failure("unknown eval \(e.string.map { "\"\($0)\"" } ?? e.kindName) (and or or)")
            }
            eval = parsed
        }
        guard case .array(let items)? = m["conditions"], !items.isEmpty else { return .failure("no conditions") }
        var conditions: [Condition] = []
        for (i, item) in items.enumerated() {
            guard case .map(let c) = item else { return .failure("condition \(i + 1) is \(item.kindName), not a map") }
            guard let field = (c["field"] ?? c["fieldId"] ?? c["fieldID"])?.string, !field.logicTrimmed.isEmpty else {
                return .failure("condition \(i + 1) names no field")
            }
            guard let opText = c["condition"]?.string else { return .failure("condition \(i + 1) has no operator") }
            guard let op = Operator(rawValue: opText.logicTrimmed) else {
                return .failure("condition \(i + 1) has unknown operator \"\(opText)\"")
            }
            conditions.append(Condition(field: field.logicTrimmed, op: op, value: unwrap(c["value"])))
        }
        return .success(FieldLogic(action: action, eval: eval, conditions: conditions))
    }

    /// The SDK stores compared values wrapped (`{"text": "Yes"}`, `{"number": 3}`); plain values work too.
    private static func unwrap(_ value: FirestoreValue?) -> FirestoreValue? {
        if case .map(let m)? = value, m.count == 1, let key = m.keys.first,
            ["text", "number", "value", "bool", "boolean"].contains(key)
        {
            return m[key]
        }
        return value
    }

    func isVisible(_ values: [String: FirestoreValue]) -> Bool {
        let results = conditions.lazy.map { FieldLogic.holds($0, values[$0.field]) }
        let matched = eval == .and ? results.allSatisfy { $0 } : results.contains(true)
        return action == .show ? matched : !matched
    }

    // MARK: Operators

    static func holds(_ c: Condition, _ value: FirestoreValue?) -> Bool {
        switch c.op {
        case .isEmpty: return FieldFormatter.isBlank(value)
        case .isNotEmpty: return !FieldFormatter.isBlank(value)
        case .equals: return equals(value, c.value)
        case .notEquals: return !equals(value, c.value)
        case .contains: return contains(value, c.value)
        case .greater, .less:
            // Numbers only: a list, text that is not a number, or nothing never compares.
            guard let v = value.flatMap(number), let x = c.value.flatMap(number) else { return false }
            return c.op == .greater ? v > x : v < x
        }
    }

    /// `=`: numerically when both sides are numbers (or numeric text), else text compared trimmed and
    /// case-insensitively; booleans match true/false/yes/no. A list equals when any item does. Empty
    /// equals empty (a blank compared value matches a blank field).
    static func equals(_ value: FirestoreValue?, _ expected: FirestoreValue?) -> Bool {
        if case .array(let items)? = value, !FieldFormatter.isBlank(value) {
            return items.contains { equals($0, expected) }
        }
        let blankValue = FieldFormatter.isBlank(value), blankExpected = FieldFormatter.isBlank(expected)
        if blankValue || blankExpected { return blankValue && blankExpected }
        let v = value!, e = expected!
        if let a = number(v), let b = number(e) { return a == b }
        if v.bool != nil || e.bool != nil, let a = FieldFormatter.yesNo(v), let b = FieldFormatter.yesNo(e) {
            return a == b
        }
        return text(v) == text(e)
    }

    /// `?=`: the field's text contains the compared text, case-insensitively. For a list, any item
    /// contains it (so a multiselect "contains" one of its choices, or part of one). Never true for an
    /// empty field or an empty compared text.
    static func contains(_ value: FirestoreValue?, _ expected: FirestoreValue?) -> Bool {
        guard let value, let expected, !FieldFormatter.isBlank(value), !FieldFormatter.isBlank(expected) else { return false }
        if case .array(let items) = value { return items.contains { contains($0, expected) } }
        return text(value).contains(text(expected))
    }

    private static let utc = TimeZone(secondsFromGMT: 0)!

    private static func number(_ v: FirestoreValue) -> Double? {
        if let x = v.number { return x }
        if let s = v.string { return FormFormat.parseNumber(s) }
        return nil
    }

    private static func text(_ v: FirestoreValue) -> String {
        let raw: String
        switch v {
        case .timestamp(let t): raw = t.iso8601
        case .map: raw = FieldFormatter.choiceText(v) ?? FieldFormatter.inline(v, zone: utc)
        default: raw = v.scalarText ?? FieldFormatter.inline(v, zone: utc)
        }
        return raw.logicTrimmed.lowercased()
    }
}

extension String {
    fileprivate var logicTrimmed: String { trimmed }
}
