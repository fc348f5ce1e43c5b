import GenModel

extension ReportForm {
    /// How many photos the report says were taken, as its page shows the field: the field with id
    /// `photos_taken` (the count the photographer typed, as the app's templates and generic layouts name it),
    /// else the field of type `photo_count` (the smart field that counts the report's attached files, fewer
    /// than the photos a shoot takes). Shown fields first, then other values (a field hidden by logic, or one
    /// the template no longer describes, still says what was taken).
    public var photosTaken: FormField? {
        for fields in [fields, otherValues] {
            if let field = fields.first(where: { $0.id == "photos_taken" }) { return field }
        }
        for fields in [fields, otherValues] {
            if let field = fields.first(where: { $0.type.lowercased() == SmartKind.photoCount.rawValue }) { return field }
        }
        return nil
    }
}

extension FieldValue {
    /// The number a value shown as text reads as (`1,234` → 1234), as the statistics read typed numbers;
    /// nil for any other value.
    public var number: Double? {
        guard case .text(let text) = self else { return nil }
        return FormFormat.parseNumber(text)
    }
}
