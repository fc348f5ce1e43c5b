import Foundation
import GenModel

/// Validation of one visible input field, as the app validates before submitting
/// (a required field must not be blank, an email field must hold an address, a number field a number),
/// plus the checks a stored value can fail later:
/// text in a number field, a choice that is no longer among the options.
///
/// Callers validate visible fields only (a field hidden by logic is always valid, as in the form SDK) and
/// never smart fields: those are computed, not typed, so "required" does not apply to them.
enum FieldValidator {
    /// `options`: the field's options as `ReportTemplate.optionKeys` holds them.
    static func problems(
        _ field: TemplateField, value: FirestoreValue?, reading: FieldReading,
        options: Set<String>
    ) -> [ValidationProblem] {
        func problem(_ message: String) -> ValidationProblem {
            ValidationProblem(fieldId: field.id, label: field.label, message: message)
        }
        guard let value, !FieldFormatter.isBlank(value) else {
            return field.required ? [problem("is required")] : []
        }
        let type = field.typeKey
        if type == "number" || type == "currency", let x = value.number, !x.isCountable {
            return [problem("is \(x.uncountableReason); left out of every total")]
        }
        if !reading.isReadable { return [problem(unreadableMessage(type))] }

        // Choices: compared trimmed and case-insensitively, so "fall sports" is the option "Fall Sports".
        guard !options.isEmpty else { return [] }
        let chosen: [String]
        switch type {
        case "select", "radio": chosen = FieldFormatter.choiceText(value).map { [$0] } ?? []
        case "multiselect": chosen = FieldFormatter.choiceItems(value) ?? []
        default: return []
        }
        return chosen.filter { !options.contains(ReportTemplate.optionKey($0)) }
            .map { problem("\"\($0)\" is not one of the options") }
    }

    /// What is wrong with a value that cannot be read as its field's type.
    static func unreadableMessage(_ type: String) -> String {
        switch type {
        case "number", "currency": return "is not a number"
        case "email": return "is not an email address"
        case "date": return "is not a date"
        case "time": return "is not a time"
        case "toggle": return "is not yes or no"
        case "file": return "is not a file"
        case "location": return "is not a location"
        case "phone": return "is not a phone number"
        case "select", "radio": return "is not a single choice"
        case "multiselect": return "is not a list of choices"
        default: return "cannot be read as \(type)"
        }
    }
}
