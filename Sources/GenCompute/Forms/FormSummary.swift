import GenModel
import GenResolve

/// What the stages that read every report take from its form, without the form's fields: its layout and
/// template name, its problems and warnings, its weather, the numbers its calculations show, and the files it
/// links. Statistics, the data-quality and photographers' pages, the media stage and the build's summary read
/// these for every report; only the pages that show a report (its month's) need the whole `ReportForm`.
///
/// Why: an incremental build keeps each report's summary between builds (`ComputedReportStore`, with its mileage), by the report's
/// digest and everything else a form is made from, and reads it back instead of reading the report through
/// its template again: at 10,000 reports building every form was a tenth of a one-change rebuild's CPU, and the
/// forms of every report held for the whole build a good part of its memory at 100,000.
public struct FormSummary: Sendable, Equatable {
    /// A calculation the form shows, with the number its shown result reads as (nil for a fallback, or a
    /// result that is no number), as the statistics count it.
    public struct Calculation: Sendable, Equatable {
        public var fieldId: String
        public var number: Double?
    }

    /// A file a field links (what the media stage thumbnails, when it is a local image).
    public struct Attachment: Sendable, Equatable {
        public var fieldId: String
        public var url: String
    }

    public var layout: ReportForm.Layout
    public var templateName: String?
    public var problems: [ValidationProblem]
    public var diagnostics: [Diagnostic]
    public var weather: WeatherReading?
    public var calculations: [Calculation]
    public var attachments: [Attachment]

    public var isValid: Bool { problems.isEmpty }

    /// The summary of `report`'s form, read through its template in `org` (as `ReportForm.build` finds it).
    public init(_ form: ReportForm, of report: DailyJobReport, in org: Organization) {
        self.init(form, template: report.templateId.flatMap { org.templatesByID[$0] })
    }

    /// `template`: the template the form was read through (nil for legacy and missing templates), whose
    /// calculation fields are the ones summed.
    public init(_ form: ReportForm, template: ReportTemplate?) {
        layout = form.layout
        templateName = form.templateName
        problems = form.problems
        diagnostics = form.diagnostics
        weather = form.weather
        let read = form.layout == .template ? template : nil
        let calculationIDs = Set(read?.fields.lazy.filter { $0.smartKind == .calculation }.map(\.id) ?? [])
        calculations = calculationIDs.isEmpty ? [] : form.fields.filter { calculationIDs.contains($0.id) }.map { shown in
            guard shown.origin != .fallback, case .text(let text) = shown.value else { return Calculation(fieldId: shown.id, number: nil) }
            return Calculation(fieldId: shown.id, number: FormFormat.parseNumber(text))
        }
        attachments = form.attachments.map { Attachment(fieldId: $0.fieldId, url: $0.file.url) }
    }

    /// The calculation the form shows under this field id (the first, as the form lists them); nil when it
    /// does not show one (hidden by logic, or not a calculation).
    public func calculation(_ fieldId: String) -> Calculation? { calculations.first { $0.fieldId == fieldId } }
}

extension FormSummary {
    public func encode(to out: inout ByteWriter) {
        switch layout {
        case .template: out.byte(0)
        case .missingTemplate(let id): out.byte(1); out.string(id)
        case .legacy: out.byte(2)
        }
        out.optional(templateName)
        out.varint(problems.count)
        for problem in problems {
            out.string(problem.fieldId)
            out.string(problem.label)
            out.string(problem.message)
        }
        out.diagnostics(diagnostics)
        if let weather {
            out.byte(1)
            out.optional(weather.condition)
            out.optional(weather.fahrenheit)
        } else {
            out.byte(0)
        }
        out.varint(calculations.count)
        for calculation in calculations {
            out.string(calculation.fieldId)
            out.optional(calculation.number)
        }
        out.varint(attachments.count)
        for attachment in attachments {
            out.string(attachment.fieldId)
            out.string(attachment.url)
        }
    }

    /// Nil unless the bytes are a whole summary as `encode` writes it (a damaged entry is a cache miss).
    public init?(from reader: inout ByteReader) {
        switch reader.byte() {
        case 0: layout = .template
        case 1:
            guard let id = reader.string() else { return nil }
            layout = .missingTemplate(id)
        case 2: layout = .legacy
        default: return nil
        }
        guard let templateName = reader.optionalString(), let problemCount = reader.count() else { return nil }
        self.templateName = templateName
        problems = []
        for _ in 0..<problemCount {
            guard let fieldId = reader.string(), let label = reader.string(), let message = reader.string() else { return nil }
            problems.append(ValidationProblem(fieldId: fieldId, label: label, message: message))
        }
        guard let diagnostics = reader.diagnostics() else { return nil }
        self.diagnostics = diagnostics
        switch reader.byte() {
        case 0: weather = nil
        case 1:
            guard let condition = reader.optionalString(), let fahrenheit = reader.optionalDouble() else { return nil }
            weather = WeatherReading(condition: condition, fahrenheit: fahrenheit)
        default: return nil
        }
        guard let calculationCount = reader.count() else { return nil }
        calculations = []
        for _ in 0..<calculationCount {
            guard let fieldId = reader.string(), let number = reader.optionalDouble() else { return nil }
            calculations.append(Calculation(fieldId: fieldId, number: number))
        }
        guard let attachmentCount = reader.count() else { return nil }
        attachments = []
        for _ in 0..<attachmentCount {
            guard let fieldId = reader.string(), let url = reader.string() else { return nil }
            attachments.append(Attachment(fieldId: fieldId, url: url))
        }
    }
}
