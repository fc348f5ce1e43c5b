/// How a smart field computes its value (`smartConfig`).
public struct SmartFieldConfig: Sendable, Hashable {
    public var calculationType: String
    public var fallbackValue: String?
    public var autoUpdate: Bool
    public var format: String?
    public var formula: String?

    public init(
        calculationType: String, fallbackValue: String? = nil, autoUpdate: Bool = false,
        format: String? = nil, formula: String? = nil
    ) {
        self.calculationType = calculationType
        self.fallbackValue = fallbackValue
        self.autoUpdate = autoUpdate
        self.format = format
        self.formula = formula
    }
}

/// One field of a report template; a report stores its value under the field's `id`.
public struct TemplateField: Sendable, Hashable {
    public var id: String
    public var type: String { didSet { reading = Reading(type: type, smartConfig: smartConfig) } }
    public var label: String
    public var required: Bool
    public var options: [String]?
    public var placeholder: String?
    public var defaultValue: String?
    public var smartConfig: SmartFieldConfig? { didSet { reading = Reading(type: type, smartConfig: smartConfig) } }
    public var readOnly: Bool?
    /// The optional conditional-logic block, kept as data for the form-logic stage.
    public var logic: FirestoreValue?
    /// Kind and type as the form stage reads them (see `SmartKind.swift`).
    private(set) var reading: Reading

    public init(
        id: String, type: String, label: String, required: Bool = false, options: [String]? = nil,
        placeholder: String? = nil, defaultValue: String? = nil, smartConfig: SmartFieldConfig? = nil,
        readOnly: Bool? = nil, logic: FirestoreValue? = nil
    ) {
        self.reading = Reading(type: type, smartConfig: smartConfig)
        self.id = id
        self.type = type
        self.label = label
        self.required = required
        self.options = options
        self.placeholder = placeholder
        self.defaultValue = defaultValue
        self.smartConfig = smartConfig
        self.readOnly = readOnly
        self.logic = logic
    }
}
