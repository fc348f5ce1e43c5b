import Foundation
import GenCompute
import GenModel
import GenResolve

/// What the previous build computed for each report, by report: its mileage (`ReportMileage`, with the warnings
/// routing it gave and the row's digest) and its form summary (`FormSummary`). A report whose document and
/// shared inputs are unchanged is neither routed nor read through its template again: its results are read back.
///
/// Both are made from the report and from what every report shares: the organization's templates, users and
/// schools, and the configuration, read by this gen. The file's header holds the digest of those (`inputs`: the
/// build's shared inputs but the templates folder, with the shared documents), so another gen, configuration or
/// shared document makes every entry a miss; an entry's key is the report's organization and document digest.
final class ComputedReportStore: Sendable {
    private static let magic = "gen computed reports 1"
    private let file: KeyedEntryFile

    /// One report's results, as the store keeps them.
    struct Entry: Equatable {
        var mileage: ReportMileage
        /// The warnings routing the report gave (an unknown school, a missing home…).
        var mileageDiagnostics: [Diagnostic]
        /// `ContentDigest.of(mileage)`: what the mileage pages are keyed by (`MileageSummary.digest(rowDigests:)`).
        var mileageDigest: ContentDigest?
        var summary: FormSummary

        func encode(to out: inout ByteWriter) {
            mileage.encode(to: &out)
            out.diagnostics(mileageDiagnostics)
            out.digest(mileageDigest)
            summary.encode(to: &out)
        }

        /// Nil unless the bytes are a whole entry as `encode` writes it (a damaged entry is a cache miss).
        init?(from reader: inout ByteReader) {
            guard let mileage = ReportMileage(from: &reader), let diagnostics = reader.diagnostics(),
                  let digest = reader.digest(), let summary = FormSummary(from: &reader) else { return nil }
            self.init(mileage: mileage, mileageDiagnostics: diagnostics, mileageDigest: digest, summary: summary)
        }

        init(mileage: ReportMileage, mileageDiagnostics: [Diagnostic], mileageDigest: ContentDigest?, summary: FormSummary) {
            self.mileage = mileage
            self.mileageDiagnostics = mileageDiagnostics
            self.mileageDigest = mileageDigest
            self.summary = summary
        }
    }

    /// `inputs`: the shared inputs' digest; `readsPrevious` false (a clean build): nothing is read back.
    init(cache: URL, inputs: String, readsPrevious: Bool) {
        file = KeyedEntryFile(location: cache.appendingPathComponent("reports").appendingPathComponent("computed"),
                              header: "\(Self.magic)\n\(inputs)\n", readsPrevious: readsPrevious)
    }

    /// A report's key; nil for a report without a digest (made in code, not loaded), which is always computed.
    static func key(_ report: DailyJobReport, in org: Organization) -> ContentDigest? {
        guard report.digest != .none else { return nil }
        var hasher = StableHasher()
        hasher.add(org.id)
        hasher.add(report.digest)
        return hasher.finalize()
    }

    /// The previous build's entry under `key`.
    func entry(_ key: ContentDigest) -> (entry: Entry, stored: KeyedEntryFile.Entry)? {
        file.entry(key) { bytes -> Entry? in
            var reader = ByteReader(bytes)
            guard let entry = Entry(from: &reader), reader.isAtEnd else { return nil }
            return entry
        }.map { ($0.value, $0.entry) }
    }

    /// Writes this build's entries for the next build (best effort).
    func save(_ entries: [(ContentDigest, KeyedEntryFile.Entry)]) { file.save(entries) }
}
