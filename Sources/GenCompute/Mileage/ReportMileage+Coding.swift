import GenModel

/// A report's mileage in the binary form an incremental build keeps it in between builds
/// (`ComputedReportStore`), next to the report's form summary: a report that did not change is not routed again.
extension ReportMileage {
    public func encode(to out: inout ByteWriter) {
        out.string(reportId.text)
        out.string(date)
        out.string(photographerId.text)
        out.string(photographer)
        out.varint(schools.count)
        for school in schools { out.string(school) }
        out.varint(legs.count)
        for leg in legs {
            out.string(leg.from)
            out.string(leg.to)
            out.double(leg.miles)
            out.int64(Int64(leg.minutes))
        }
        out.optional(computedMiles)
        out.optional(recordedMiles)
        out.double(miles)
        out.string(source.rawValue)
        out.varint(flags.count)
        for flag in flags { out.string(flag.rawValue) }
    }

    /// Nil unless the bytes are a whole row as `encode` writes it (a damaged entry is a cache miss).
    public init?(from reader: inout ByteReader) {
        guard let reportId = reader.string(), let date = reader.string(), let photographerId = reader.string(),
              let photographer = reader.string(), let schoolCount = reader.count() else { return nil }
        var schools: [String] = []
        schools.reserveCapacity(schoolCount)
        for _ in 0..<schoolCount {
            guard let school = reader.string() else { return nil }
            schools.append(school)
        }
        guard let legCount = reader.count() else { return nil }
        var legs: [MileageLeg] = []
        legs.reserveCapacity(legCount)
        for _ in 0..<legCount {
            guard let from = reader.string(), let to = reader.string(), let miles = reader.double(), let minutes = reader.int64()
            else { return nil }
            legs.append(MileageLeg(from: from, to: to, miles: miles, minutes: Int(minutes)))
        }
        guard let computedMiles = reader.optionalDouble(), let recordedMiles = reader.optionalDouble(), let miles = reader.double(),
              let source = reader.string().flatMap(MileageSource.init(rawValue:)), let flagCount = reader.count() else { return nil }
        var flags: [MileageFlag] = []
        for _ in 0..<flagCount {
            guard let flag = reader.string().flatMap(MileageFlag.init(rawValue:)) else { return nil }
            flags.append(flag)
        }
        self.init(reportId: DocumentID(reportId), date: date, photographerId: DocumentID(photographerId), photographer: photographer, schools: schools,
                  legs: legs, computedMiles: computedMiles, recordedMiles: recordedMiles, miles: miles, source: source, flags: flags)
    }
}
