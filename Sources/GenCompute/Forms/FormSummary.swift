import GenModel
import GenResolve

/// What the stages that read every report take from its form, without the form's fields: its layout and
/// template name, its problems and warnings, its weather, the numbers its calculations show, and the files it
/// links. Statistics, the data-quality and photographers' pages, the media stage and the build's summary read
/// these for every report; only the pages that show a report (its month's) need the whole `ReportForm`.
///
/// Why: the forms of every report held for the whole build were a good part of its memory at 100,000 reports;
/// the summaries are small.
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
    /// Retakes and a makeup day (`ReportForm.followUp`).
    public var followUp: FollowUpFacts

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
        calculations =
            calculationIDs.isEmpty
            ? []
            : form.fields.filter { calculationIDs.contains($0.id) }.map { shown in
                guard shown.origin != .fallback, case .text(let text) = shown.value else { return Calculation(fieldId: shown.id, number: nil) }
                return Calculation(fieldId: shown.id, number: FormFormat.parseNumber(text) ?? FormFormat.parseMoney(text))
            }
        attachments = form.attachments.map { Attachment(fieldId: $0.fieldId, url: $0.file.url) }
        followUp = form.followUp
    }

    /// The calculation the form shows under this field id (the first, as the form lists them); nil when it
    /// does not show one (hidden by logic, or not a calculation).
    public func calculation(_ fieldId: String) -> Calculation? { calculations.first { $0.fieldId == fieldId } }
}

extension FormSummary {

}
