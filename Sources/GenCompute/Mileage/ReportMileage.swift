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
    /// Recorded and computed differ by more than the tolerance (`MileageTolerance`: 10% and 1 mile by default).
    case discrepancy
    /// The photographer's home coordinates are missing or invalid.
    case noHome = "no-home"
    /// The report names no visited schools at all (neither source present).
    case noSchools = "no-schools"
    /// A visited school matched no school of the organization.
    case unknownSchool = "unknown-school"
    /// A matched school has no usable coordinates.
    case schoolWithoutCoordinates = "school-without-coordinates"

    /// The flag as the pages say it, in the words of its name: `unknown-school` → "unknown school".
    public var words: String { rawValue.replacingOccurrences(of: "-", with: " ") }
}

/// The precomputed mileage of one report: its route, computed and recorded miles. Its properties are kept
/// `CopiedOnWrite`, as a report's are: the rows are copied into the lists and dictionaries pages and statistics
/// are planned from (by report, photographer, month).
@dynamicMemberLookup
public struct ReportMileage: Sendable, Hashable, Codable {
    /// The properties, compared, hashed and coded as a whole (synthesized: the JSON is theirs, key for key).
    public struct Values: Sendable, Hashable, Codable {
        public var reportId: DocumentID
        /// Local day, `YYYY-MM-DD`.
        public var date: String
        public var photographerId: DocumentID
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

        /// Every key in every row, null where there is no value: the synthesized coder would leave it out.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(reportId, forKey: .reportId)
            try c.encode(date, forKey: .date)
            try c.encode(photographerId, forKey: .photographerId)
            try c.encode(photographer, forKey: .photographer)
            try c.encode(schools, forKey: .schools)
            try c.encode(legs, forKey: .legs)
            try c.encode(computedMiles, forKey: .computedMiles)
            try c.encode(recordedMiles, forKey: .recordedMiles)
            try c.encode(miles, forKey: .miles)
            try c.encode(source, forKey: .source)
            try c.encode(flags, forKey: .flags)
        }
    }

    @usableFromInline var storage: CopiedOnWrite<Values>

    /// Each property of `Values`, read in place from the shared box and written through a copy when shared.
    @inlinable public subscript<T>(dynamicMember path: WritableKeyPath<Values, T>) -> T {
        _read { yield storage.values[keyPath: path] }
        _modify { yield &storage.values[keyPath: path] }
    }

    init(
        reportId: DocumentID, date: String, photographerId: DocumentID, photographer: String, schools: [String], legs: [MileageLeg],
        computedMiles: Double?, recordedMiles: Double?, miles: Double, source: MileageSource, flags: [MileageFlag]
    ) {
        storage = CopiedOnWrite(
            Values(
                reportId: reportId, date: date, photographerId: photographerId, photographer: photographer, schools: schools, legs: legs,
                computedMiles: computedMiles, recordedMiles: recordedMiles, miles: miles, source: source, flags: flags))
    }

    /// Coded as its properties are, key for key (the rows of `mileage.json`).
    public init(from decoder: any Decoder) throws { storage = CopiedOnWrite(try Values(from: decoder)) }
    public func encode(to encoder: any Encoder) throws { try storage.values.encode(to: encoder) }

    public var month: String { String(self.date.prefix(7)) }
    public var isDiscrepancy: Bool { self.flags.contains(.discrepancy) }
}
