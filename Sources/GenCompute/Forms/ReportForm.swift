import Foundation
import GenModel
import GenResolve

/// One daily job report read through its form template: what its page shows, field by field,
/// with logic applied, smart fields resolved, calculations evaluated and validation done.
/// Pure data: the plan stage turns it into HTML and Markdown.
public struct ReportForm: Sendable {
    /// How the report's fields were interpreted.
    public enum Layout: Sendable, Equatable {
        /// Through its template (`templateId` found in the same organization).
        case template
        /// `templateId` names no template of the organization: every value shown generically.
        case missingTemplate(String)
        /// `reportType: "legacy"` or no `templateId`: every value shown generically.
        case legacy
    }

    public var reportId: DocumentID
    public var layout: Layout
    /// Why the report is rendered generically (nil for `.template`), in words for the page.
    public var note: String?
    /// The template's name and version as used (template layout only).
    public var templateName: String?
    public var templateVersion: Int?
    /// The report was filed with another version of its template than the one exported.
    public var versionMismatch: Bool
    /// Visible fields in template order (hidden-by-logic fields left out). For generic layouts,
    /// every non-metadata value in key order, with humanized labels.
    public var fields: [FormField]
    /// Values the template does not describe, and values of fields hidden by logic: humanized
    /// keys, never lost.
    public var otherValues: [FormField]
    /// Empty when the report is valid.
    public var problems: [ValidationProblem]
    /// Formula errors and other per-report warnings, naming report, field and position.
    public var diagnostics: [Diagnostic]
    /// The parsed weather of a `weather_conditions` smart field, for statistics.
    public var weather: WeatherReading?
    /// Retakes and a makeup day, for the "Needs attention" page (`FollowUpFacts`).
    public var followUp = FollowUpFacts()

    public var isValid: Bool { problems.isEmpty }

    /// Every attached file of the report (shown fields and other values), with the id of the field holding it:
    /// what the media stage thumbnails.
    public var attachments: [(fieldId: String, file: FileLink)] {
        (fields + otherValues).flatMap { field -> [(fieldId: String, file: FileLink)] in
            guard case .files(let links) = field.value else { return [] }
            return links.map { (field.id, $0) }
        }
    }

    public init(
        reportId: DocumentID, layout: Layout, note: String? = nil, templateName: String? = nil,
        templateVersion: Int? = nil, versionMismatch: Bool = false, fields: [FormField] = [],
        otherValues: [FormField] = [], problems: [ValidationProblem] = [], diagnostics: [Diagnostic] = [],
        weather: WeatherReading? = nil
    ) {
        self.reportId = reportId
        self.layout = layout
        self.note = note
        self.templateName = templateName
        self.templateVersion = templateVersion
        self.versionMismatch = versionMismatch
        self.fields = fields
        self.otherValues = otherValues
        self.problems = problems
        self.diagnostics = diagnostics
        self.weather = weather
    }
}

/// One field as a person reads it.
public struct FormField: Sendable, Equatable {
    public var id: String
    public var label: String
    /// The template field type (`text`, `textarea`, …, `smart`/calculationType), or `"value"` for generic values.
    public var type: String
    public var value: FieldValue
    public var origin: Origin

    public enum Origin: String, Sendable, Equatable {
        /// Typed in by the photographer.
        case entered
        /// A smart field's stored value ("automatic").
        case automatic
        /// A smart field whose stored value was missing, recomputed from the data.
        case recomputed
        /// A smart field or calculation that could not be computed: its `fallbackValue` (or "Unknown").
        case fallback
    }

    public init(id: String, label: String, type: String, value: FieldValue, origin: Origin) {
        self.id = id
        self.label = label
        self.type = type
        self.value = value
        self.origin = origin
    }
}

/// A field's value, already formatted, in the shape it is read in. Text is raw user text:
/// escaping is the renderer's job (HTML or Markdown).
public enum FieldValue: Sendable, Equatable {
    /// Nothing entered.
    case empty
    /// One line of text (also formatted numbers, dates, times, currency, select/radio choices).
    case text(String)
    /// Multi-line text (textarea): paragraphs and line breaks kept.
    case paragraphs(String)
    case email(String)
    case phone(String)
    /// A multiselect (or any list value).
    case list([String])
    case yesNo(Bool)
    case files([FileLink])
    /// A structured value shown as label/value pairs (maps in generic layouts, locations with parts).
    case pairs([Pair])

    public struct Pair: Sendable, Equatable {
        public var label: String
        public var value: String
        public init(label: String, value: String) { self.label = label; self.value = value }
    }
}

/// An attached file: its name and the URL as stored.
public struct FileLink: Sendable, Equatable {
    public var name: String
    public var url: String
    /// Whatever else the app stored about the file (type, size…), e.g. "Content type: image/jpeg · Size: 245,812".
    public var details: String?
    public init(name: String, url: String, details: String? = nil) { self.name = name; self.url = url; self.details = details }
}

/// A validation problem, naming the field by its label.
public struct ValidationProblem: Sendable, Equatable {
    public var fieldId: String
    public var label: String
    /// e.g. "is required", "is not an email address", "\"Maybe\" is not one of the options"
    public var message: String
    public init(fieldId: String, label: String, message: String) {
        self.fieldId = fieldId
        self.label = label
        self.message = message
    }
}

/// "Sunny, 72°F" → condition "Sunny", 72 °F.
public struct WeatherReading: Sendable, Equatable, Codable {
    public var condition: String?
    public var fahrenheit: Double?
    public init(condition: String?, fahrenheit: Double?) {
        self.condition = condition
        self.fahrenheit = fahrenheit
    }
}
