import Foundation
import GenCompute
import GenModel
import GenResolve

/// Each month's tally of the statistics (`ReportTally`) from the previous build, by organization and month: a
/// month whose reports are unchanged is not added up again, its tally is read back.
///
/// A tally is made from the month's reports, their form summaries and what every report shares (templates,
/// users, configuration): the file's header holds the shared inputs' digest, as `ComputedReportStore`'s does,
/// and an entry's key is the organization, the month and each of its reports' digests, in order.
final class MonthTallyStore: @unchecked Sendable {
    private static let magic = "gen month tallies 1"
    private let file: KeyedEntryFile
    private let lock = NSLock()
    private var entries: [(ContentDigest, KeyedEntryFile.Entry)] = []

    /// `inputs`: the shared inputs' digest; `readsPrevious` false (a clean build): nothing is read back.
    init(cache: URL, inputs: String, readsPrevious: Bool) {
        file = KeyedEntryFile(location: cache.appendingPathComponent("reports").appendingPathComponent("month-tallies"),
                              header: "\(Self.magic)\n\(inputs)\n", readsPrevious: readsPrevious)
    }

    /// The tallies of `org`'s months, read back where the previous build made them from the same reports,
    /// made otherwise; either way noted for the next build.
    func tallies(of org: Organization) -> OrganizationStatistics.MonthTallies {
        { [self] month, indices, make in
            guard let key = Self.key(org, month: month, reports: indices) else { return make() }
            if let (tally, stored) = file.entry(key, { bytes -> ReportTally? in
                var reader = ByteReader(bytes)
                guard let tally = ReportTally(from: &reader, templates: org.templates), reader.isAtEnd else { return nil }
                return tally
            }) {
                note(key, stored)
                return tally
            }
            let tally = make()
            var bytes = ByteWriter()
            tally.encode(to: &bytes)
            note(key, .new(bytes.bytes))
            return tally
        }
    }

    /// Nil when a report has no digest (made in code, not loaded): its month is always added up.
    static func key(_ org: Organization, month: String, reports indices: [Int]) -> ContentDigest? {
        var hasher = StableHasher()
        hasher.add(org.id)
        hasher.add(month)
        hasher.add(indices.count)
        for index in indices {
            let digest = org.reports[index].digest
            guard digest != .none else { return nil }
            hasher.add(digest)
        }
        return hasher.finalize()
    }

    private func note(_ key: ContentDigest, _ entry: KeyedEntryFile.Entry) {
        lock.withLock { entries.append((key, entry)) }
    }

    /// Writes the tallies noted for the next build (best effort), in key order: the months are tallied on
    /// several threads, in no fixed order.
    func save() {
        let noted = lock.withLock { entries }
        file.save(noted.sorted { ($0.0.high, $0.0.low) < ($1.0.high, $1.0.low) })
    }
}
