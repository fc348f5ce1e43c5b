import Foundation
import GenModel
import GenResolve
import GenSupport

extension ReportForm {
    /// Reads one report through its template. `mileage` is the report's precomputed mileage (computed miles,
    /// visited schools), nil when none. Pure and deterministic.
    ///
    /// - `reportType: "legacy"` or no `templateId` → `.legacy`; a `templateId` the organization does not
    ///   have → `.missingTemplate`. Both show every non-metadata value generically, in key order.
    ///   (A missing template is already a resolver warning, so it is not warned about again here.)
    /// - Otherwise the template's fields in template order, with conditional logic applied, smart fields and
    ///   calculations resolved and visible input fields validated; everything the template does not
    ///   describe goes to `otherValues`.
    ///
    /// `shapes`: `FormShape.all(in: org)`, made once for all of the organization's reports (made here when nil).
    public static func build(
        _ report: DailyJobReport, in org: Organization, mileage: ReportMileage?,
        timeZone: TimeZone, shapes: [DocumentID: FormShape]? = nil
    ) -> ReportForm {
        var form = read(report, in: org, mileage: mileage, timeZone: timeZone, shapes: shapes)
        // Read from the raw fields while the report still has them, but for the fields its template's logic hides.
        let ids = [FollowUpFacts.retakesField, FollowUpFacts.makeupNeededField]
        if ids.contains(where: { report.fields[$0] != nil }) {
            let declared = form.layout == .template ? report.templateId.flatMap { org.templatesByID[$0] }?.fields.map(\.id) ?? [] : []
            let hidden = Set(declared).subtracting(form.fields.map(\.id))
            form.followUp = FollowUpFacts(report, hidden: hidden, zone: timeZone)
        }
        return form
    }

    private static func read(
        _ report: DailyJobReport, in org: Organization, mileage: ReportMileage?,
        timeZone: TimeZone, shapes: [DocumentID: FormShape]?
    ) -> ReportForm {
        let templateId = report.templateId
        if report.reportType?.trimmedBlanks.lowercased() == "legacy"
            || templateId == nil || templateId!.isEmpty
        {
            return GenericReading.form(
                report, layout: .legacy,
                note: "This report uses the older legacy format; its values are shown as stored.",
                zone: timeZone)
        }
        guard let template = org.templatesByID[templateId!] else {
            return GenericReading.form(
                report, layout: .missingTemplate(templateId!.text),
                note: "Template \"\(templateId!)\" is not in this export; the report's values are shown as stored.",
                zone: timeZone)
        }
        let shape = shapes?[template.id] ?? FormShape(template)
        return TemplateReading(report: report, template: template, shape: shape, org: org, mileage: mileage, zone: timeZone).form()
    }
}

/// A report read through its template.
struct TemplateReading {
    var report: DailyJobReport
    var template: ReportTemplate
    var shape: FormShape
    var org: Organization
    var mileage: ReportMileage?
    var zone: TimeZone

    func form() -> ReportForm {
        var form = ReportForm(
            reportId: report.id, layout: .template, templateName: template.name,
            templateVersion: template.version,
            // A report that does not say which version it was filed with is not a mismatch.
            versionMismatch: report.templateVersion.map { $0 != template.version } ?? false)

        // Metadata ids are the header's (see ReportMetadata); a repeated id is the first field's.
        let fields = shape.fields
        let smart = SmartFieldResolver(
            report: report, org: org, mileage: mileage, zone: zone,
            fileFieldIDs: shape.fileFieldIDs)
        let calculations = FieldCalculations(fields: fields, formulas: shape.formulas, report: report)
        var hiddenValues: [FormField] = []
        var storedResults: [FormField] = []

        for field in fields {
            let stored = report.fields[field.id]
            switch FieldLogic.outcome(of: field.logic, values: report.fields) {
            case .hidden:
                // Hidden fields are not on the form and always valid; what they hold is still the report's,
                // shown as stored. A hidden calculation's formula error is not warned about: nothing shown uses it
                // (a visible calculation that references it reports the error itself).
                if !FieldFormatter.isBlank(stored) {
                    hiddenValues.append(
                        FormField(
                            id: field.id, label: field.label + " (hidden by logic)",
                            type: field.shownType, value: storedValue(field, stored!, smart),
                            origin: field.isSmart ? .automatic : .entered))
                }
                continue
            case .malformed(let reason):
                form.diagnostics.append(
                    Diagnostic(
                        .malformedLogic, report.source, field: field.id,
                        "conditional logic ignored (\(reason)); field shown"))
            case .visible:
                break
            }

            if field.smartKind == .calculation {
                let outcome = calculations.resolve(field, report: report, template: template, zone: zone)
                form.fields.append(formField(field, outcome.resolution.value, outcome.resolution.origin))
                if let warning = outcome.warning { form.diagnostics.append(warning) }
                if let stored = outcome.storedAside {
                    storedResults.append(
                        FormField(
                            id: field.id, label: field.label + " (stored result)",
                            type: field.shownType, value: stored, origin: .automatic))
                }
            } else if field.isSmart {
                let resolution = smart.resolve(field)
                form.fields.append(formField(field, resolution.value, resolution.origin))
            } else {
                let reading = FieldFormatter.read(stored, type: field.type, zone: zone)
                form.fields.append(formField(field, reading.value, .entered))
                form.problems += FieldValidator.problems(
                    field, value: stored, reading: reading,
                    options: template.optionKeys[field.id] ?? [])
            }
        }

        // Nothing is lost: keys the template does not describe (fields of other template versions, values
        // the app added) follow the hidden fields' values and the stored results the page does not show,
        // in key order.
        let extra = report.fields.keys
            .filter { !ReportMetadata.isMetadata($0) && !shape.templateIDs.contains($0) }
            .sorted()  // after the filter: most reports have no such key, and sorting every key was 8 % of a form
            .map { GenericReading.field($0, report.fields[$0], zone: zone) }
        form.otherValues = hiddenValues + storedResults + extra
        form.weather = weather(fields)
        return form
    }

    private func formField(_ field: TemplateField, _ value: FieldValue, _ origin: FormField.Origin) -> FormField {
        FormField(id: field.id, label: field.label, type: field.shownType, value: value, origin: origin)
    }

    /// A hidden field's stored value, read as its type would read it on the form.
    private func storedValue(_ field: TemplateField, _ stored: FirestoreValue, _ smart: SmartFieldResolver) -> FieldValue {
        if field.smartKind == .calculation { return .text(FieldFormatter.inline(stored, zone: zone)) }
        if field.isSmart { return smart.storedValue(field, stored) }
        return FieldFormatter.read(stored, type: field.type, zone: zone).value
    }

    /// The reading of the first `weather_conditions` field with a stored value, visible or not: statistics
    /// count what the app observed. A fallback is not an observation ("Weather unavailable" is not a sky),
    /// so a report without a stored value has no reading. A template that declares no weather field reads
    /// the report as a legacy one does (`weather_conditions`, else `weather`): one rule for every report.
    private func weather(_ fields: [TemplateField]) -> WeatherReading? {
        let declared = fields.filter { $0.smartKind == .weatherConditions }
        guard !declared.isEmpty else { return GenericReading.weather(report) }
        for field in declared {
            guard let stored = report.fields[field.id], !FieldFormatter.isBlank(stored) else { continue }
            return WeatherReading.parsedOnce(FieldFormatter.inline(stored, zone: zone))
        }
        return nil
    }
}

/// A report shown without a template (legacy, or its template is not in the export): every non-metadata
/// value in key order, labelled by its humanized key, formatted by what the value is.
enum GenericReading {
    /// Keys a generic report's weather may be stored under, most specific first.
    static let weatherKeys = ["weather_conditions", "weather"]

    static func form(_ report: DailyJobReport, layout: ReportForm.Layout, note: String, zone: TimeZone) -> ReportForm {
        let fields = report.fields.keys.sorted().filter { !ReportMetadata.isMetadata($0) }
            .map { field($0, report.fields[$0], zone: zone) }
        return ReportForm(reportId: report.id, layout: layout, note: note, fields: fields, weather: weather(report))
    }

    /// The weather stored under the first of `weatherKeys` that holds text.
    static func weather(_ report: DailyJobReport) -> WeatherReading? {
        weatherKeys.lazy.compactMap { report.fields[$0]?.string }.first.flatMap(WeatherReading.init(parsing:))
    }

    static func field(_ key: String, _ value: FirestoreValue?, zone: TimeZone) -> FormField {
        FormField(
            id: key, label: HumanizedKey.label(key), type: "value",
            value: FieldFormatter.generic(value, zone: zone), origin: .entered)
    }
}
