import GenModel

extension ReportForm {
    /// How many photos the report says were taken, as its page shows the field: the field of type
    /// `photo_count` (the smart field that counts attachments), else the field with id `photos_taken` (what
    /// the app's templates, and generic layouts, name a typed count). Shown fields first, then other values
    /// (a field hidden by logic, or one the template no longer describes, still says what was taken).
    public var photosTaken: FormField? {
        for fields in [fields, otherValues] {
            if let field = fields.first(where: { $0.type.lowercased() == SmartKind.photoCount.rawValue }) { return field }
        }
        for fields in [fields, otherValues] {
            if let field = fields.first(where: { $0.id == "photos_taken" }) { return field }
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
