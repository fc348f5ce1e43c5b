import GenModel
import GenResolve
import GenSupport

/// Report counts: all time (top level) or one month (`MonthStatistics`).
public struct ReportStatistics: Sendable, Codable, Equatable {
    public var total: Int
    /// Reports with at least one validation problem (`ReportForm.isValid == false`).
    public var invalid: Int
    /// Photographer key → counts. The key is the one `mileage.json` uses: the report's `userId`, else its
    /// stored photographer name, so the two files join on it.
    public var photographers: [DocumentID: PhotographerReports]
    /// Template id → counts; `__legacy__` for reports without a template. A `templateId` that names no
    /// template of the organization keeps its id, with kind `missing-template`.
    public var templates: [String: TemplateReports]
    /// Job type → reports: the report's `job_type` value, else its `shootType`, else its template's
    /// `shootType`.
    public var jobTypes: [String: Int]
    /// Reports with none of those.
    public var withoutJobType: Int

    public init(
        total: Int = 0, invalid: Int = 0, photographers: [DocumentID: PhotographerReports] = [:],
        templates: [String: TemplateReports] = [:], jobTypes: [String: Int] = [:], withoutJobType: Int = 0
    ) {
        self.total = total
        self.invalid = invalid
        self.photographers = photographers
        self.templates = templates
        self.jobTypes = jobTypes
        self.withoutJobType = withoutJobType
    }

    /// The key a report is counted under: the same expression as MileageCalculator's `photographerId`,
    /// so reports, mileage and the statistics pages join on it.
    public static func photographerKey(of report: DailyJobReport) -> DocumentID {
        report.userId ?? DocumentID(report.photographer ?? "")
    }

    /// The job type `report` is counted under (`jobTypes`), for a page that shows one report at a time.
    /// `layout`: how its form was read (`ReportForm.layout`); only a report read through its template has
    /// that template's options and `shootType` to go by. Reads the raw `job_type` and `shootType` fields,
    /// which planning keeps (`SitePlanner.reportFieldsRead`).
    public static func jobType(of report: DailyJobReport, layout: ReportForm.Layout, in org: Organization) -> String? {
        let template = layout == .template ? report.templateId.flatMap { org.templatesByID[$0] } : nil
        // One report: its text is looked for among the options, with no table of them made for one lookup.
        return ReportFacts.jobTypeText(of: report, template: template).map {
            OptionSpelling.canonical($0, among: JobTypeSpellings.options(of: template))
        }
    }

    mutating func add(_ facts: ReportFacts) {
        let invalid = facts.isInvalid ? 1 : 0
        total += 1
        self.invalid += invalid
        // The first report's name wins (reports come ordered by date), so the name is stable.
        photographers[facts.photographerKey, default: PhotographerReports(name: facts.photographerName)].add(invalid: invalid)
        templates[facts.templateKey, default: TemplateReports(name: facts.templateName, kind: facts.templateKind)]
            .add(invalid: invalid)
        if let jobType = facts.jobType { jobTypes[jobType, default: 0] += 1 } else { withoutJobType += 1 }
    }
}

public struct PhotographerReports: Sendable, Codable, Equatable {
    /// `Organization.photographerName(of:)`: the user's name, else the name the report stored.
    public var name: String
    public var reports: Int
    public var invalid: Int

    public init(name: String, reports: Int = 0, invalid: Int = 0) {
        self.name = name
        self.reports = reports
        self.invalid = invalid
    }

    mutating func add(invalid: Int) {
        reports += 1
        self.invalid += invalid
    }
}

public struct TemplateReports: Sendable, Codable, Equatable {
    /// The template's name; for a missing template the name the report stored (else its id); for
    /// legacy reports "Legacy (no template)".
    public var name: String
    /// `template`, `missing-template` or `legacy`: how the reports were read (`ReportForm.Layout`).
    public var kind: String
    public var reports: Int
    public var invalid: Int

    public init(name: String, kind: String, reports: Int = 0, invalid: Int = 0) {
        self.name = name
        self.kind = kind
        self.reports = reports
        self.invalid = invalid
    }

    mutating func add(invalid: Int) {
        reports += 1
        self.invalid += invalid
    }
}

/// What the report counts need to know about one report, worked out once.
struct ReportFacts {
    var photographerKey: DocumentID
    var photographerName: String
    var templateKey: String
    var templateName: String
    var templateKind: String
    /// The template the report was read through (nil for legacy and missing templates).
    var template: ReportTemplate?
    var jobType: String?
    var isInvalid: Bool

    init(_ report: DailyJobReport, form: FormSummary?, in org: Organization, spellings: inout JobTypeSpellings) {
        photographerKey = ReportStatistics.photographerKey(of: report)
        photographerName = org.photographerName(of: report)
        isInvalid = form.map { !$0.isValid } ?? false

        switch form?.layout ?? Self.layout(of: report, in: org) {
        case .template:
            let id = report.templateId?.text ?? ""
            template = org.templatesByID[DocumentID(id)]
            templateKey = id
            templateName = template?.name ?? report.templateName ?? id
            templateKind = "template"
        case .missingTemplate(let id):
            template = nil
            templateKey = id
            templateName = report.templateName ?? id
            templateKind = "missing-template"
        case .legacy:
            template = nil
            templateKey = OrganizationStatistics.Key.legacy
            templateName = "Legacy (no template)"
            templateKind = "legacy"
        }
        jobType = Self.jobType(of: report, template: template, spellings: &spellings)
    }

    /// `ReportForm.build`'s rule, for a report that has no form (only when `forms` is shorter than the reports).
    static func layout(of report: DailyJobReport, in org: Organization) -> ReportForm.Layout {
        let id = report.templateId?.text ?? ""
        if report.reportType?.trimmedBlanks.lowercased() == "legacy" || id.isEmpty { return .legacy }
        return org.templatesByID[DocumentID(id)] == nil ? .missingTemplate(id) : .template
    }

    /// The report's `job_type` choice (spelled as the template's option when it is one, so "fall sports" and
    /// "Fall Sports" count together), else the `shootType` the report stored, else its template's. The sample
    /// exports hold `job_type` on Fall Sports reports only; Picture Day reports fall back to their template's
    /// `shootType` ("picture_day", counted as "Picture Day": `ShootType.label`), and legacy reports have neither.
    static func jobType(of report: DailyJobReport, template: ReportTemplate?, spellings: inout JobTypeSpellings) -> String? {
        jobTypeText(of: report, template: template).map { spellings.spelling(of: template).canonical($0) }
    }

    /// The text a report's job type is read from, before it is spelled as the template's option.
    static func jobTypeText(of report: DailyJobReport, template: ReportTemplate?) -> String? {
        if let value = report.fields["job_type"], !FieldFormatter.isBlank(value),
            let choice = FieldFormatter.choiceText(value), !choice.isEmpty
        {
            return choice
        }
        for shootType in [report.fields["shootType"]?.scalarText, template?.shootType] {
            // A code ("picture_day") counts with the choice that reads the same ("Picture Day").
            if let s = shootType?.trimmed, !s.isEmpty { return ShootType.label(s) }
        }
        return nil
    }
}

/// Each template's spelling of its `job_type` options, made once per template: made per report, it was a
/// dictionary of the options built and thrown away 10,000 times at 10,000 reports.
struct JobTypeSpellings {
    private var byTemplate: [DocumentID: OptionSpelling] = [:]
    private var withoutTemplate = OptionSpelling([])

    mutating func spelling(of template: ReportTemplate?) -> OptionSpelling {
        guard let template else { return withoutTemplate }
        if let known = byTemplate[template.id] { return known }
        let made = OptionSpelling(Self.options(of: template))
        byTemplate[template.id] = made
        return made
    }

    /// The options of a template's `job_type` field, as the template lists them.
    static func options(of template: ReportTemplate?) -> [String] {
        template?.fields.first { $0.id == "job_type" }?.options ?? []
    }
}

extension ReportStatistics {
    /// Adds a later run of reports' counts. A photographer's or template's name stays the one met first,
    /// as when the reports are added one by one.
    mutating func merge(_ other: ReportStatistics) {
        total += other.total
        invalid += other.invalid
        for (key, theirs) in other.photographers {
            photographers[key, default: PhotographerReports(name: theirs.name)].merge(theirs.reports, invalid: theirs.invalid)
        }
        for (key, theirs) in other.templates {
            templates[key, default: TemplateReports(name: theirs.name, kind: theirs.kind)].merge(theirs.reports, invalid: theirs.invalid)
        }
        jobTypes.merge(other.jobTypes, uniquingKeysWith: +)
        withoutJobType += other.withoutJobType
    }

}

extension PhotographerReports {
    mutating func merge(_ reports: Int, invalid: Int) {
        self.reports += reports
        self.invalid += invalid
    }
}

extension TemplateReports {
    mutating func merge(_ reports: Int, invalid: Int) {
        self.reports += reports
        self.invalid += invalid
    }
}
