import Foundation
import GenCompute
import GenModel
import GenResolve

/// The reports' form summaries (`FormSummary`) of the previous build, by report: a report whose document and
/// shared inputs are unchanged is not read through its template again; its summary is read back.
///
/// A form is made from its report and from what every report shares: the organization's templates, users and
/// schools (its mileage), and the configuration, read by this gen. The file's header holds the digest of those
/// (`inputs`: the build's shared inputs but the templates folder, with the shared documents), so another gen,
/// configuration or shared document makes every entry a miss; an entry's key is the report's organization and
/// document digest.
final class FormSummaryStore: Sendable {
    private static let magic = "gen form summaries 1"
    private let file: KeyedEntryFile

    /// `inputs`: the shared inputs' digest; `readsPrevious` false (a clean build): nothing is read back.
    init(cache: URL, inputs: String, readsPrevious: Bool) {
        file = KeyedEntryFile(location: cache.appendingPathComponent("forms").appendingPathComponent("summaries"),
                              header: "\(Self.magic)\n\(inputs)\n", readsPrevious: readsPrevious)
    }

    /// A report's key; nil for a report without a digest (made in code, not loaded), whose form is always made.
    static func key(_ report: DailyJobReport, in org: Organization) -> ContentDigest? {
        guard report.digest != .none else { return nil }
        var hasher = StableHasher()
        hasher.add(org.id)
        hasher.add(report.digest)
        return hasher.finalize()
    }

    /// The previous build's summary under `key`.
    func summary(_ key: ContentDigest) -> (summary: FormSummary, entry: KeyedEntryFile.Entry)? {
        file.entry(key) { bytes -> FormSummary? in
            var reader = ByteReader(bytes)
            guard let summary = FormSummary(from: &reader), reader.isAtEnd else { return nil }
            return summary
        }.map { ($0.value, $0.entry) }
    }

    /// Writes this build's summaries for the next build (best effort).
    func save(_ entries: [(ContentDigest, KeyedEntryFile.Entry)]) { file.save(entries) }
}
