import GenModel
import GenSupport

/// Field statistics of every template, gathered one report at a time.
///
/// Values are read the way the report pages read them, with the same helpers (`FieldFormatter`,
/// `FormFormat`), so a value the page shows as a number is counted as one and a value it flags
/// ("abc" in a number field) is not:
/// - `number`: numbers, and text typed as one (`"1,234.5"`);
/// - `currency`: numbers, and money text (`"$1,234.50"` → 1234.5);
/// - `calculation`: the result the page shows (gen recomputes formulas); for a calculation hidden by logic,
///   which the page does not show, its stored value;
/// - `select`/`radio`: the one choice; `multiselect`: each chosen item, once per report; `toggle`: Yes/No.
/// Stored values count whether or not conditional logic shows the field: the photographer entered them.
struct FieldTally {
    private struct Slot {
        var field: TemplateField
        var kind: Kind
        var filled = 0
        var numbers = NumericTally()
        var spelling = OptionSpelling([])
        var options: [String: Int] = [:]
        /// The canonical choices of stored values met so far: a select field holds one of a few values in
        /// thousands of reports, each read, trimmed and looked up again otherwise. Bounded (`memoLimit`).
        var choices: [FirestoreValue: [String]] = [:]
    }

    private static let memoLimit = 256

    private enum Kind { case numeric, options, other }

    private var names: [DocumentID: String] = [:]
    private var reports: [DocumentID: Int] = [:]
    private var slots: [DocumentID: [Slot]] = [:]

    init(templates: [ReportTemplate]) {
        for template in templates where slots[template.id] == nil {
            names[template.id] = template.name
            reports[template.id] = 0
            var seen = Set<String>()
            slots[template.id] = template.fields
                .filter { !ReportMetadata.isMetadata($0.id) && seen.insert($0.id).inserted }
                .map(Self.slot)
        }
    }

    private static func slot(_ field: TemplateField) -> Slot {
        let type = field.typeKey
        var slot = Slot(field: field, kind: .other)
        if field.smartKind == .calculation || type == "number" || type == "currency" {
            slot.kind = .numeric
        } else if ["select", "radio", "multiselect", "toggle"].contains(type) {
            slot.kind = .options
            slot.spelling = OptionSpelling(type == "toggle" ? ["Yes", "No"] : field.options ?? [])
            for option in slot.spelling.options { slot.options[option] = 0 }
        }
        return slot
    }

    mutating func add(_ report: DailyJobReport, form: FormSummary?, template: ReportTemplate) {
        // Taken out and put back so the array is mutated in place, not copied per report.
        guard var fields = slots.removeValue(forKey: template.id) else { return }
        reports[template.id, default: 0] += 1
        for i in fields.indices {
            let stored = report.fields[fields[i].field.id]
            if !FieldFormatter.isBlank(stored) { fields[i].filled += 1 }
            switch fields[i].kind {
            case .numeric:
                if let x = Self.number(fields[i].field, stored: stored, form: form) { fields[i].numbers.add(x) }
            case .options:
                guard let stored, !FieldFormatter.isBlank(stored) else { continue }
                let canonical: [String]
                if let known = fields[i].choices[stored] {
                    canonical = known
                } else {
                    canonical = Self.choices(fields[i].field, stored).map(fields[i].spelling.canonical)
                    if fields[i].choices.count < Self.memoLimit { fields[i].choices[stored] = canonical }
                }
                for choice in canonical { fields[i].options[choice, default: 0] += 1 }
            case .other:
                break
            }
        }
        slots[template.id] = fields
    }

    private static func number(_ field: TemplateField, stored: FirestoreValue?, form: FormSummary?) -> Double? {
        if field.smartKind == .calculation {
            // The result the form shows (a fallback, "N/A", is no result); for one it does not show, the stored value.
            if let shown = form?.calculation(field.id) { return shown.number }
            return stored.flatMap(FieldFormatter.number)
        }
        guard let stored, !FieldFormatter.isBlank(stored) else { return nil }
        if field.typeKey == "currency" {
            if let x = stored.number { return x.isCountable ? x : nil }
            return stored.string.flatMap(FormFormat.parseMoney)
        }
        return FieldFormatter.number(stored)
    }

    /// The choices a stored value holds, each once, blank ones left out.
    private static func choices(_ field: TemplateField, _ stored: FirestoreValue) -> [String] {
        switch field.typeKey {
        case "toggle":
            return FieldFormatter.yesNo(stored).map { [$0 ? "Yes" : "No"] } ?? []
        case "multiselect":
            var seen = Set<String>()
            return (FieldFormatter.choiceItems(stored) ?? []).filter {
                let key = ReportTemplate.optionKey($0)
                return !key.isEmpty && seen.insert(key).inserted
            }
        default:
            guard let choice = FieldFormatter.choiceText(stored),
                !choice.isBlankText
            else { return [] }
            return [choice]
        }
    }

    var statistics: [DocumentID: TemplateFieldStatistics] {
        var out: [DocumentID: TemplateFieldStatistics] = [:]
        for (id, fields) in slots {
            var stats: [String: FieldStatistics] = [:]
            for slot in fields {
                stats[slot.field.id] = FieldStatistics(
                    label: slot.field.label, type: slot.field.shownType, filled: slot.filled,
                    numeric: slot.kind == .numeric ? slot.numbers.statistics : nil,
                    options: slot.kind == .options ? slot.options : nil)
            }
            out[id] = TemplateFieldStatistics(
                name: names[id]!, reports: reports[id]!,
                fieldOrder: fields.map(\.field.id), fields: stats)
        }
        return out
    }
}

extension FieldTally {
    /// Adds a later run of reports' field values (a tally made for the same templates).
    mutating func merge(_ other: FieldTally) {
        for (id, count) in other.reports { reports[id, default: 0] += count }
        for (id, theirs) in other.slots {
            guard var mine = slots[id], mine.count == theirs.count else { continue }
            for i in mine.indices {
                mine[i].filled += theirs[i].filled
                mine[i].numbers.merge(theirs[i].numbers)
                mine[i].options.merge(theirs[i].options, uniquingKeysWith: +)
            }
            slots[id] = mine
        }
    }

}
