import GenModel
import GenResolve

/// What a template makes of every report filed through it, worked out once per template rather than once
/// per report: which fields the form shows, which are files, which are formulas. At 100,000 reports this
/// was a third of reading the forms.
public struct FormShape: Sendable {
    /// The template's form fields in template order: metadata ids dropped (see `ReportMetadata`), a
    /// repeated id the first field's.
    let fields: [TemplateField]
    /// The `file` fields, whose attachments `photo_count` counts.
    let fileFieldIDs: [String]
    /// Every id the template declares, metadata and repeats included: the rest of a report is "Other values".
    let templateIDs: Set<String>
    /// Calculation fields' non-blank formulas by field id.
    let formulas: [String: String]

    public init(_ template: ReportTemplate) {
        var seen = Set<String>()
        fields = template.fields.filter { !ReportMetadata.isMetadata($0.id) && seen.insert($0.id).inserted }
        fileFieldIDs = fields.filter { $0.typeKey == "file" }.map(\.id)
        templateIDs = Set(template.fields.map(\.id))
        formulas = FieldCalculations.formulas(of: fields)
    }

    /// The shape of each of the organization's templates, by template id.
    public static func all(in org: Organization) -> [DocumentID: FormShape] {
        org.templatesByID.mapValues(FormShape.init)
    }
}
