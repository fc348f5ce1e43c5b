/// Which top-level keys of a report are header metadata rather than form values.
///
/// The page header is built from `DailyJobReport`'s typed properties (id, photographer, day, template
/// name and version, creation and update times), so exactly the keys those properties are read from
/// are metadata, plus the document's own bookkeeping (`id`, both spellings of the organization key,
/// `smartFieldsUsed`). They never become fields, in any layout, even when a template declares a field
/// with one of these ids: the header already shows the value, and showing it twice would be noise.
///
/// Deliberately *not* metadata: `status`, `notes`, `photoCount` and anything else that merely looks like
/// bookkeeping. The header does not show them, so calling them metadata would drop them from the page;
/// as unknown keys they land in `otherValues`, where nothing is lost.
enum ReportMetadata {
    static let keys: Set<String> = [
        "id", "organizationID", "organizationId", "userId", "templateId", "templateName", "templateVersion",
        "reportType", "smartFieldsUsed", "createdAt", "updatedAt", "date", "photographer"
    ]

    static func isMetadata(_ key: String) -> Bool { keys.contains(key) }
}

extension ReportForm {
    /// The report keys shown in the page header and never as fields (see `ReportMetadata`).
    public static var metadataKeys: Set<String> { ReportMetadata.keys }
}
