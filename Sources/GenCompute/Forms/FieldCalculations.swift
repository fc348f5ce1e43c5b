import Foundation
import GenModel

/// The `calculation` fields of one report, evaluated together (they may reference each other) with
/// `CalculationSet`.
///
/// Formulas read every template field's stored value (`.empty` when the report has none, so a blank field
/// is a blank value rather than an unknown-field error) and every other key of the report. gen recomputes
/// rather than trusting the stored result: when the formula works its result is shown, even if the app
/// stored a different number (an older formula, or a value computed before an edit) — the point of a
/// calculation field is the formula. When the formula fails, a stored result is the best thing there is and
/// is shown; otherwise the template's fallback (or "Unknown"). Either way the failure is a warning naming the
/// report, the field, the column in the formula and the formula itself.
struct FieldCalculations {
    var results: [String: Result<CalculatedValue, FormulaError>]
    var formulas: [String: String]

    init(fields: [TemplateField], report: DailyJobReport) {
        var formulas: [String: String] = [:]
        for field in fields where field.smartKind == .calculation {
            if let f = field.smartConfig?.formula, !f.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                formulas[field.id] = f
            }
        }
        var values = report.fields.mapValues(FormulaValue.init)
        for field in fields where formulas[field.id] == nil {
            values[field.id] = report.fields[field.id].map(FormulaValue.init) ?? .empty
        }
        self.formulas = formulas
        self.results = formulas.isEmpty ? [:] : CalculationSet.calculate(formulas: formulas, values: values)
    }

    /// A calculation field's value, and the warning when its formula could not be used.
    func resolve(_ field: TemplateField, report: DailyJobReport, zone: TimeZone) -> (SmartResolution, Diagnostic?) {
        let stored = report.fields[field.id].flatMap { FieldFormatter.isBlank($0) ? nil : $0 }
        let storedValue = stored.map { FieldValue.text(FieldFormatter.inline($0, zone: zone)) }
        let fallback = FieldValue.text(field.fallbackValue ?? "Unknown")

        guard let source = formulas[field.id], let result = results[field.id] else {
            if let storedValue { return (SmartResolution(value: storedValue, origin: .automatic), nil) }
            return (SmartResolution(value: fallback, origin: .fallback),
                    Diagnostic(.warning, report.source, field: field.id, "calculation has no formula; fallback shown"))
        }
        switch result {
        case .success(let calculated):
            let display = calculated.display
            let value: FieldValue = display.isEmpty ? .empty : .text(display)
            return (SmartResolution(value: value, origin: stored == nil ? .recomputed : .automatic), nil)
        case .failure(let error):
            let shown = storedValue == nil ? "fallback shown" : "stored value shown"
            let warning = Diagnostic(.warning, report.source, field: field.id,
                                     "formula column \(error.position): \(error.message) (formula: \(source)); \(shown)")
            if let storedValue { return (SmartResolution(value: storedValue, origin: .automatic), warning) }
            return (SmartResolution(value: fallback, origin: .fallback), warning)
        }
    }
}
