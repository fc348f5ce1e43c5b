import GenModel

extension ReportForm {
    /// The photos the photographer says were taken: the field with id `photos_taken`, the number they typed
    /// (as the app's templates and generic layouts name it). Never the files attached to the report, which
    /// `filesAttached` counts: a Picture Day report that photographed 238 students may attach 2 sign-in sheets.
    public var photosTaken: FormField? { first { $0.id == "photos_taken" } }

    /// The files attached to the report: the field of type `photo_count`, the smart field the app fills with
    /// the number of attachments (the sample's template labels it "Photos Attached"). Never photos taken.
    public var filesAttached: FormField? {
        let kind = SmartKind.photoCount.rawValue
        // The length first: most fields are of another type, and lowercasing makes a new string.
        return first { $0.type.utf8.count == kind.utf8.count && $0.type.lowercased() == kind }
    }

    /// The first field `matches` picks: shown fields first, then other values (a field hidden by logic, or
    /// one the template no longer describes, still says what it counted).
    private func first(_ matches: (FormField) -> Bool) -> FormField? {
        fields.first(where: matches) ?? otherValues.first(where: matches)
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
