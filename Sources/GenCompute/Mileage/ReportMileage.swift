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
///
/// A value type whose properties live in one shared box, copied on write, as `DailyJobReport`'s do: the
/// summary's rows are copied into the lists and dictionaries pages and statistics are planned from (by
/// report, photographer, month), and each copy of twelve properties was twelve reference counts.
public struct ReportMileage: Sendable, Hashable, Codable {
    /// The properties, compared, hashed and coded as a whole (synthesized: the JSON is theirs, key for key).
    struct Values: Sendable, Hashable, Codable {
        var reportId: String
        var date: String
        var photographerId: String
        var photographer: String
        var schools: [String]
        var legs: [MileageLeg]
        var computedMiles: Double?
        var recordedMiles: Double?
        var miles: Double
        var source: MileageSource
        var flags: [MileageFlag]
    }

    /// Changed only while no other row shares it (`values`' `_modify`), so sharing it across threads is safe.
    private final class Box: @unchecked Sendable {
        var values: Values
        init(_ values: Values) { self.values = values }
    }

    private var box: Box

    private var values: Values {
        get { box.values }
        _modify {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.values) }
            yield &box.values
        }
    }

    public var reportId: String { get { box.values.reportId } set { values.reportId = newValue } }
    /// Local day, `YYYY-MM-DD`.
    public var date: String { get { box.values.date } set { values.date = newValue } }
    public var photographerId: String { get { box.values.photographerId } set { values.photographerId = newValue } }
    public var photographer: String { get { box.values.photographer } set { values.photographer = newValue } }
    /// Visited schools as named in the report, in route order (unmatched ones included).
    public var schools: [String] { get { box.values.schools } set { values.schools = newValue } }
    public var legs: [MileageLeg] { get { box.values.legs } set { values.legs = newValue } }
    public var computedMiles: Double? { get { box.values.computedMiles } set { values.computedMiles = newValue } }
    public var recordedMiles: Double? { get { box.values.recordedMiles } set { values.recordedMiles = newValue } }
    /// computed when not null, else recorded, else 0.
    public var miles: Double { get { box.values.miles } set { values.miles = newValue } }
    public var source: MileageSource { get { box.values.source } set { values.source = newValue } }
    public var flags: [MileageFlag] { get { box.values.flags } set { values.flags = newValue } }

    init(reportId: String, date: String, photographerId: String, photographer: String, schools: [String], legs: [MileageLeg],
         computedMiles: Double?, recordedMiles: Double?, miles: Double, source: MileageSource, flags: [MileageFlag]) {
        box = Box(Values(reportId: reportId, date: date, photographerId: photographerId, photographer: photographer,
                         schools: schools, legs: legs, computedMiles: computedMiles, recordedMiles: recordedMiles,
                         miles: miles, source: source, flags: flags))
    }

    public init(from decoder: any Decoder) throws { box = Box(try Values(from: decoder)) }
    public func encode(to encoder: any Encoder) throws { try box.values.encode(to: encoder) }
    public static func == (a: ReportMileage, b: ReportMileage) -> Bool { a.box === b.box || a.box.values == b.box.values }
    public func hash(into hasher: inout Hasher) { box.values.hash(into: &hasher) }

    public var month: String { String(date.prefix(7)) }
    public var isDiscrepancy: Bool { flags.contains(.discrepancy) }
}
