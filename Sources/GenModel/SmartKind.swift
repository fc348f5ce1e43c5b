/// The smart field kinds the app's templates use (docs/export-formats.md, "Smart fields").
public enum SmartKind: String, CaseIterable, Sendable {
    case mileage
    case dateAuto = "date_auto"
    case timeAuto = "time_auto"
    case userName = "user_name"
    case schoolName = "school_name"
    case photoCount = "photo_count"
    case currentLocation = "current_location"
    case weatherConditions = "weather_conditions"
    case calculation
}

extension TemplateField {
    /// What a field's type and smart configuration make of it, worked out when either is set: every report
    /// asks for every field's kind, and working it out lowercases and compares strings.
    struct Reading: Sendable, Hashable {
        var typeKey: String
        var smartKind: SmartKind?
        var isSmart: Bool
        var shownType: String

        /// Templates encode smart fields two ways: the field type is the smart name itself
        /// (`"type": "mileage"`, what the app writes and its template schema describes, with a matching
        /// `smartConfig.calculationType`), or `"type": "smart"` with the kind in `smartConfig.calculationType`.
        /// The type wins when it is a smart name. A plain input type (`text`, `number`, …) with a stray
        /// smartConfig stays an input field: the photographer typed its value.
        init(type: String, smartConfig: SmartFieldConfig?) {
            typeKey = type.lowercased()
            // `type: "smart"`: a smart field even when its calculationType is one gen does not know (shown as
            // stored, or its fallback).
            let isSmartType = typeKey == "smart"
            if let kind = SmartKind(rawValue: typeKey) {
                smartKind = kind
            } else if isSmartType {
                smartKind = smartConfig.flatMap { SmartKind(rawValue: $0.calculationType.lowercased()) }
            }
            isSmart = smartKind != nil || isSmartType
            // The smart kind for `type: "smart"` fields, so renderers switch on one name whichever encoding
            // the template used; the template's type otherwise.
            shownType = isSmartType ? smartKind?.rawValue ?? type : type
        }
    }

    /// The type lowercased, as types are compared.
    public var typeKey: String { reading.typeKey }
    /// The smart kind, nil for an input field (see `Reading`).
    public var smartKind: SmartKind? { reading.smartKind }
    /// A smart field: a known kind, or `type: "smart"` with a kind gen does not know.
    public var isSmart: Bool { reading.isSmart }
    /// The type a form field carries: the smart kind for `type: "smart"` fields, the template's type otherwise.
    public var shownType: String { reading.shownType }
}
