import Foundation
import GenModel
import GenSupport

/// The `calculation` fields of one report, evaluated together (they may reference each other) with
/// `CalculationSet`.
///
/// Formulas read every template field's stored value (`.empty` when the report has none, so a blank field
/// is a blank value rather than an unknown-field error) and every other key of the report. gen recomputes
/// rather than trusting the stored result: when the formula works its result is shown, even if the app
/// stored a different number (an older formula, or a value computed before an edit) — the point of a
/// calculation field is the formula. When the formula fails the template's `fallbackValue` (or "Unknown")
/// is shown, and the failure is a warning naming the report, the field, the column in the formula and the
/// formula itself. A stored result that is not what the page shows is never dropped: it is set aside for
/// "Other values" (nothing a report holds is lost).
struct FieldCalculations {
    var results: [String: Result<CalculatedValue, FormulaError>]
    var formulas: [String: String]

    /// Calculation fields' non-blank formulas by field id.
    static func formulas(of fields: [TemplateField]) -> [String: String] {
        var formulas: [String: String] = [:]
        for field in fields where field.smartKind == .calculation {
            if let f = field.smartConfig?.formula, !f.isBlankText {
                formulas[field.id] = f
            }
        }
        return formulas
    }

    /// `formulas`: `formulas(of: fields)`, made once per template.
    init(fields: [TemplateField], formulas: [String: String], report: DailyJobReport) {
        self.formulas = formulas
        // Most templates calculate nothing: the report's values are converted only when a formula reads them.
        guard !formulas.isEmpty else {
            results = [:]
            return
        }
        var values = report.fields.mapValues(FormulaValue.init)
        for field in fields where formulas[field.id] == nil {
            values[field.id] = report.fields[field.id].map(FormulaValue.init) ?? .empty
        }
        self.results = CalculationSet.calculate(formulas: formulas, values: values)
    }

    /// A calculation field's value, the warning when its formula could not be used, and the stored result
    /// when the page shows something else.
    struct Outcome {
        var resolution: SmartResolution
        var warning: Diagnostic?
        var storedAside: FieldValue?
    }

    func resolve(_ field: TemplateField, report: DailyJobReport, template: ReportTemplate, zone: TimeZone) -> Outcome {
        let stored = report.fields[field.id].flatMap { FieldFormatter.isBlank($0) ? nil : $0 }
        let storedValue = stored.map { FieldValue.text(FieldFormatter.inline($0, zone: zone)) }
        let fallback = FieldValue.text(field.fallbackValue ?? "Unknown")

        guard let source = formulas[field.id], let result = results[field.id] else {
            // No formula: the stored result is all there is.
            if let storedValue { return Outcome(resolution: SmartResolution(value: storedValue, origin: .automatic)) }
            return Outcome(
                resolution: SmartResolution(value: fallback, origin: .fallback),
                warning: Diagnostic(.calculationWithoutFormula, report.source, field: field.id, "calculation has no formula; fallback shown"))
        }
        switch result.flatMap(Self.countable) {
        case .success(let calculated):
            let money = Self.isMoney(field, formula: source, template: template)
            let display: String
            if money, case .number(let x) = calculated.value { display = FormFormat.money(x) } else { display = calculated.display }
            let value: FieldValue = display.isEmpty ? .empty : .text(display)
            guard let storedValue else { return Outcome(resolution: SmartResolution(value: value, origin: .recomputed)) }
            // The stored result is the same when it reads the same, or (money) is the same amount.
            let sameAmount = money && stored?.number.map(FormFormat.money) == display
            if storedValue == value || sameAmount { return Outcome(resolution: SmartResolution(value: value, origin: .automatic)) }
            return Outcome(resolution: SmartResolution(value: value, origin: .recomputed), storedAside: storedValue)
        case .failure(let error):
            let shown = storedValue == nil ? "fallback shown" : "fallback shown, stored value under Other values"
            let warning = Diagnostic(
                .formulaError, report.source, field: field.id,
                "formula column \(error.position): \(error.message) (formula: \(source); template \"\(template.name)\", "
                    + "\(template.id)); \(shown)")
            return Outcome(
                resolution: SmartResolution(value: fallback, origin: .fallback), warning: warning,
                storedAside: storedValue)
        }
    }

    /// Whether a calculation gives an amount of money: its label says so ("Estimated Job Cost ($)") or its
    /// formula reads one of the template's currency fields. Its number then reads as money, as a currency
    /// field's does ("$224.75", not "224.75").
    static func isMoney(_ field: TemplateField, formula: String, template: ReportTemplate) -> Bool {
        if field.label.contains("($)") || field.label.contains("(USD)") { return true }
        let names = Set(formula.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).map(String.init))
        return template.fields.contains { $0.type.lowercased() == "currency" && names.contains($0.id) }
    }

    /// A number beyond `Double.countableLimit` (or infinite) fails as a calculation: it is left out of every
    /// total, with the warning a failed formula gets.
    static func countable(_ calculated: CalculatedValue) -> Result<CalculatedValue, FormulaError> {
        if case .number(let x) = calculated.value, !x.isCountable {
            return .failure(FormulaError(.notCountable, "the result is \(x.uncountableReason)", at: 1))
        }
        return .success(calculated)
    }
}
