import Foundation
import GenModel
import GenResolve
import GenSupport

extension TemplateField {
    /// The template's fallback text, when it set a non-blank one.
    var fallbackValue: String? {
        guard let f = smartConfig?.fallbackValue, !f.isBlankText else { return nil }
        return f
    }
}

/// A smart field's value and where it came from.
struct SmartResolution: Equatable {
    var value: FieldValue
    var origin: FormField.Origin
}

/// Resolves smart fields other than `calculation` (see `FieldCalculations`): the stored value when there is
/// one (the app computed it when the report was filed), else the value recomputed from the export's data,
/// else the template's fallback. Anything that ends at a fallback text — the template's `fallbackValue` or
/// the built-in default — has origin `.fallback`, so a page never presents a placeholder as data.
struct SmartFieldResolver {
    var report: DailyJobReport
    var org: Organization
    var mileage: ReportMileage?
    var zone: TimeZone
    /// The template's `file` fields, whose attachments `photo_count` counts.
    var fileFieldIDs: [String]

    func resolve(_ field: TemplateField) -> SmartResolution {
        let stored = report.fields[field.id]
        if let stored, !FieldFormatter.isBlank(stored) {
            return SmartResolution(value: storedValue(field, stored), origin: .automatic)
        }
        return recompute(field)
    }

    /// A stored smart value as it reads: as stored, except numbers, dates and times. Dates and times read in
    /// the site's one style ("Oct 2, 2024", "2:30 PM") whatever format the template names or the app stored
    /// ("10/2/2024", "14:37"), so one page never shows two; text that is no date or time stays as typed.
    func storedValue(_ field: TemplateField, _ stored: FirestoreValue) -> FieldValue {
        switch (field.smartKind, stored) {
        case (.mileage?, _) where stored.number != nil:
            return .text(FormFormat.miles(stored.number!))
        case (.dateAuto?, .timestamp(let t)):
            return .text(FormFormat.mediumDate(LocalDate(t, in: zone)))
        case (.dateAuto?, .string(let text)) where FormFormat.parseDate(text, in: zone) != nil:
            return .text(FormFormat.mediumDate(FormFormat.parseDate(text, in: zone)!))
        case (.timeAuto?, .timestamp(let t)):
            return .text(FormFormat.local(t, in: zone).1.twelveHour)
        case (.timeAuto?, .string(let text)) where FormFormat.parseTime(text, in: zone) != nil:
            return .text(FormFormat.parseTime(text, in: zone)!.twelveHour)
        case (.currentLocation?, _):
            return FieldFormatter.location(stored, zone: zone) ?? .text(FieldFormatter.inline(stored, zone: zone))
        default:
            return .text(FieldFormatter.inline(stored, zone: zone))
        }
    }

    private func recompute(_ field: TemplateField) -> SmartResolution {
        func fallback(_ builtIn: String) -> SmartResolution {
            SmartResolution(value: .text(field.fallbackValue ?? builtIn), origin: .fallback)
        }
        func recomputed(_ text: String) -> SmartResolution { SmartResolution(value: .text(text), origin: .recomputed) }

        switch field.smartKind {
        case .userName?:
            // The user's name as the users collection has it now, else the name the report was filed under.
            if let id = report.userId, let name = org.userName(id) { return recomputed(name) }
            if let name = report.photographer?.trimmed, !name.isEmpty {
                return recomputed(name)
            }
            return fallback("Photographer")

        case .schoolName?:
            let names = visitedSchoolNames()
            return names.isEmpty ? fallback("No schools selected") : recomputed(names.joined(separator: ", "))

        case .mileage?:
            if let miles = mileage?.computedMiles { return recomputed(FormFormat.miles(miles)) }
            return fallback("0 miles")

        case .photoCount?:
            let count = fileFieldIDs.reduce(0) { n, id in
                n + (report.fields[id].flatMap(FileLinks.read)?.count ?? 0)
            }
            return recomputed(FormFormat.number(Double(count)))

        case .dateAuto?:
            guard let created = report.createdAt else { return fallback("Unknown") }
            return recomputed(FormFormat.mediumDate(LocalDate(created, in: zone)))

        case .timeAuto?:
            guard let created = report.createdAt else { return fallback("Unknown") }
            return recomputed(FormFormat.local(created, in: zone).1.twelveHour)

        case .currentLocation?, .weatherConditions?, .calculation?, nil:
            // Where the phone was and what the sky looked like are not in the export: nothing to recompute.
            // (Calculations are resolved by FieldCalculations and never reach here.)
            return fallback("Unknown")
        }
    }

    /// The visited schools by display name, in route order: the precomputed route's schools, else the
    /// report's own `schools_visited`. Ids become names; names no school matches stay as written.
    private func visitedSchoolNames() -> [String] {
        let names: [String]
        if let route = mileage?.schools, !route.isEmpty {
            names = route
        } else {
            names = VisitedSchools.find(in: report, org: org).names ?? []
        }
        return names.map { org.school(matching: $0)?.value ?? $0 }
            .filter { !$0.trimmedBlanks.isEmpty }
    }
}
