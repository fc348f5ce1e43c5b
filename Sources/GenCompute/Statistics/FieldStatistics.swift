import GenModel
import GenSupport

/// One template's field statistics over the reports read through it (all time).
public struct TemplateFieldStatistics: Sendable, Codable, Equatable {
    public var name: String
    /// Reports read through this template: the denominator of every `filled`.
    public var reports: Int
    /// Field ids in template order (the dictionary below is written in key order), metadata ids and
    /// repeated ids left out as on the report pages.
    public var fieldOrder: [String]
    /// Field id → statistics.
    public var fields: [String: FieldStatistics]

    public init(name: String, reports: Int, fieldOrder: [String], fields: [String: FieldStatistics]) {
        self.name = name
        self.reports = reports
        self.fieldOrder = fieldOrder
        self.fields = fields
    }
}

public struct FieldStatistics: Sendable, Codable, Equatable {
    public var label: String
    /// The template's type (for `type: "smart"` fields, the smart kind, as `FormField.type`).
    public var type: String
    /// Reports of the template whose stored value is not blank (whether or not logic shows the field).
    public var filled: Int
    /// For `number`, `currency` and `calculation` fields (null otherwise): the values that read as numbers.
    public var numeric: NumericStatistics?
    /// For `select`, `radio`, `multiselect` and `toggle` fields (null otherwise): value → reports choosing
    /// it. Every option is listed, with 0 when never chosen; toggles count `Yes` and `No`.
    public var options: [String: Int]?

    public init(label: String, type: String, filled: Int, numeric: NumericStatistics?, options: [String: Int]?) {
        self.label = label
        self.type = type
        self.filled = filled
        self.numeric = numeric
        self.options = options
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(label, forKey: .label)
        try c.encode(type, forKey: .type)
        try c.encode(filled, forKey: .filled)
        try c.encode(numeric, forKey: .numeric)
        try c.encode(options, forKey: .options)
    }
}

/// Count, sum, mean and range of numbers. Sum and mean are rounded to 2 decimals (half away from zero) so
/// binary noise (0.1 + 0.2) never shows; the mean is taken from the unrounded sum. Min and max are values
/// as read. Mean, min and max are null when `count` is 0.
public struct NumericStatistics: Sendable, Codable, Equatable {
    public var count: Int
    public var sum: Double
    public var mean: Double?
    public var min: Double?
    public var max: Double?

    public init(count: Int, sum: Double, mean: Double?, min: Double?, max: Double?) {
        self.count = count
        self.sum = sum
        self.mean = mean
        self.min = min
        self.max = max
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(count, forKey: .count)
        try c.encode(sum, forKey: .sum)
        try c.encode(mean, forKey: .mean)
        try c.encode(min, forKey: .min)
        try c.encode(max, forKey: .max)
    }
}

/// Adds numbers up, rounding only once at the end.
struct NumericTally {
    private var count = 0
    private var sum = 0.0
    private var min: Double?
    private var max: Double?

    init() {}

    mutating func add(_ x: Double) {
        guard x.isFinite else { return }
        count += 1
        sum += x
        min = Swift.min(min ?? x, x)
        max = Swift.max(max ?? x, x)
    }

    /// The mean before any rounding.
    var exactMean: Double? { count == 0 ? nil : sum / Double(count) }

    var statistics: NumericStatistics {
        NumericStatistics(
            count: count, sum: rounded(sum, decimals: 2),
            mean: count == 0 ? nil : rounded(sum / Double(count), decimals: 2), min: min, max: max)
    }
}

/// Choices compared as validation compares them (trimmed, case-insensitive) and counted under the
/// template's own spelling, so "fall sports" is the option "Fall Sports". Values that are no option are
/// counted as written (trimmed): they are data too.
struct OptionSpelling {
    private var byKey: [String: String] = [:]
    /// The options, trimmed, blanks and repeats left out, in template order.
    private(set) var options: [String] = []

    init(_ options: [String]) {
        for option in options {
            let trimmed = option.trimmed
            guard !trimmed.isEmpty, byKey[trimmed.lowercased()] == nil else { continue }
            byKey[trimmed.lowercased()] = trimmed
            self.options.append(trimmed)
        }
    }

    func canonical(_ value: String) -> String {
        let trimmed = value.trimmed
        return byKey[trimmed.lowercased()] ?? trimmed
    }

    /// `OptionSpelling(options).canonical(value)`, without the table: for one value, a scan is cheaper. The
    /// first option that matches wins, as in the table.
    static func canonical(_ value: String, among options: [String]) -> String {
        let trimmed = value.trimmed
        let key = trimmed.lowercased()
        for option in options {
            let spelled = option.trimmed
            if !spelled.isEmpty, spelled.lowercased() == key { return spelled }
        }
        return trimmed
    }
}

extension NumericTally {
    /// Adds a later run's numbers: counts and sums added (the sum of the runs' sums), the range widened.
    mutating func merge(_ other: NumericTally) {
        count += other.count
        sum += other.sum
        if let low = other.min { min = Swift.min(min ?? low, low) }
        if let high = other.max { max = Swift.max(max ?? high, high) }
    }

}
