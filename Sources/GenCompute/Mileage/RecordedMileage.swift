import Foundation
import GenModel
import GenResolve
import GenSupport

/// The mileage a report stored: the value of its template's `mileage`-type field, or of a field
/// named `mileage`. Text such as `"24.8 miles"`, `"24.8"`, `"0 miles"`, or a number.
struct RecordedMileage {
    var miles: Double?
    var diagnostics: [Diagnostic] = []

    static func find(in report: DailyJobReport, org: Organization) -> RecordedMileage {
        let template = report.templateId.flatMap { org.templatesByID[$0] }
        let fieldIDs = (template?.fields.filter { $0.type == "mileage" }.map(\.id) ?? []) + ["mileage"]
        guard let field = fieldIDs.first(where: { report.fields[$0].map { !$0.isNull } ?? false }),
            let value = report.fields[field]
        else { return RecordedMileage() }
        // Left out like any number gen adds up that is beyond counting (`Double.isCountable`): three legacy
        // reports of 9e307 miles made the mileage totals infinite and mileage.json impossible to write.
        if let n = value.number {
            guard n.isCountable else {
                return RecordedMileage(
                    miles: nil,
                    diagnostics: [
                        Diagnostic(
                            .badRecordedMileage, report.source, field: field, "recorded mileage \(n) is \(n.uncountableReason); treated as absent")
                    ])
            }
            return RecordedMileage(miles: n)
        }
        if let s = value.string {
            if let miles = parse(s) { return RecordedMileage(miles: miles) }
            return RecordedMileage(
                miles: nil,
                diagnostics: [
                    Diagnostic(.badRecordedMileage, report.source, field: field, "recorded mileage \"\(s)\" is not a distance; treated as absent")
                ])
        }
        return RecordedMileage(
            miles: nil,
            diagnostics: [
                Diagnostic(.badRecordedMileage, report.source, field: field, "recorded mileage is \(value.kindName); treated as absent")
            ])
    }

    /// `"24.8 miles"`, `"24.8 mi"`, `"1,204.5"`, `"0 miles"` → miles; anything else → nil.
    /// `1,234.5` or `1234.5`; compiled once (compiling it for every report was a tenth of computing mileage).
    static let number = try! NSRegularExpression(pattern: #"^\d{1,3}(,\d{3})*(\.\d+)?$|^\d+(\.\d+)?$"#)

    static func parse(_ text: String) -> Double? {
        var s = text.trimmed.lowercased()
        for unit in ["miles", "mile", "mi."] where s.hasSuffix(unit) {
            s = String(s.dropLast(unit.count)); break
        }
        if s.hasSuffix("mi") { s = String(s.dropLast(2)) }
        s = s.trimmedBlanks
        guard !s.isEmpty, Self.number.matchesWhole(s),
            let miles = Double(s.replacingOccurrences(of: ",", with: "")), miles.isCountable
        else { return nil }
        return miles
    }
}
