import GenModel

/// One leg of a route: home → school, school → school, or school → home.
public struct MileageLeg: Sendable, Hashable, Codable {
    public var from: String
    public var to: String
    /// Great-circle miles, rounded to 1 decimal.
    public var miles: Double
    /// Estimated driving minutes at the configured average speed, whole minutes.
    public var minutes: Int
}

/// Where a report's `miles` came from.
public enum MileageSource: String, Sendable, Codable {
    case computed, recorded, none
}

/// Flags a report's mileage can carry; stable strings, they appear in `mileage.json`.
public enum MileageFlag: String, Sendable, Codable, CaseIterable {
    /// Recorded and computed differ by more than 10% and more than 1 mile.
    case discrepancy
    /// The photographer's home coordinates are missing or invalid.
    case noHome = "no-home"
    /// The report names no visited schools at all (neither source present).
    case noSchools = "no-schools"
    /// A visited school matched no school of the organization.
    case unknownSchool = "unknown-school"
    /// A matched school has no usable coordinates.
    case schoolWithoutCoordinates = "school-without-coordinates"
}

/// The precomputed mileage of one report: its route, computed and recorded miles.
public struct ReportMileage: Sendable, Hashable, Codable {
    public var reportId: String
    /// Local day, `YYYY-MM-DD`.
    public var date: String
    public var photographerId: String
    public var photographer: String
    /// Visited schools as named in the report, in route order (unmatched ones included).
    public var schools: [String]
    public var legs: [MileageLeg]
    public var computedMiles: Double?
    public var recordedMiles: Double?
    /// computed when not null, else recorded, else 0.
    public var miles: Double
    public var source: MileageSource
    public var flags: [MileageFlag]

    public var month: String { String(date.prefix(7)) }
    public var isDiscrepancy: Bool { flags.contains(.discrepancy) }
}
