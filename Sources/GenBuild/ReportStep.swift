import Foundation
import GenCompute
import GenModel
import GenResolve

/// Compute stage, per report: each report of one organization routed (its mileage) and read through its
/// template (its form), on all cores. With the previous build's results (`ComputedReportStore`), only the
/// reports that changed; the others' results are read back.
enum ReportStep {
    struct Result {
        var mileage: MileageSummary
        /// What the mileage pages are keyed by (`MileageSummary.digest(rowDigests:)`).
        var mileageDigest: ContentDigest?
        /// The warnings routing gave, in the order of the organization's reports.
        var mileageDiagnostics: [Diagnostic]
        /// Every report's summary, in the order of the organization's reports.
        var summaries: [FormSummary]
        /// The forms made, by report id (every report's when nothing was read back).
        var forms: [DocumentID: ReportForm]
        /// Each report's entry for the next build's store.
        var entries: [(ContentDigest, KeyedEntryFile.Entry)]
        /// How many reports' results were read back from the store.
        var readBack: Int
    }

    private struct Outcome {
        var entry: ComputedReportStore.Entry
        var form: ReportForm?
        var stored: (ContentDigest, KeyedEntryFile.Entry)?
    }

    static func run(_ org: Organization, config: SiteConfig, store: ComputedReportStore? = nil) -> Result {
        let calculator = MileageCalculator(averageSpeedKmh: config.mileage.averageSpeedKmh)
        let shapes = FormShape.all(in: org)
        let outcomes = ParallelMap.map(org.reports) { report -> Outcome in
            let key = store == nil ? nil : ComputedReportStore.key(report, in: org)
            if let key, let (entry, stored) = store?.entry(key) { return Outcome(entry: entry, form: nil, stored: (key, stored)) }
            let (mileage, diagnostics) = calculator.compute(report, in: org)
            // A form shows its own report's mileage (the round-trip smart field).
            let form = ReportForm.build(report, in: org, mileage: mileage, timeZone: config.timeZone, shapes: shapes)
            let entry = ComputedReportStore.Entry(mileage: mileage, mileageDiagnostics: diagnostics, mileageDigest: ContentDigest.of(mileage),
                                                  summary: FormSummary(form, of: report, in: org))
            guard let key else { return Outcome(entry: entry, form: form, stored: nil) }
            var bytes = ByteWriter()
            entry.encode(to: &bytes)
            return Outcome(entry: entry, form: form, stored: (key, .new(bytes.bytes)))
        }
        var forms: [DocumentID: ReportForm] = [:]
        for (report, outcome) in zip(org.reports, outcomes) {
            if let form = outcome.form, forms[report.id] == nil { forms[report.id] = form }
        }
        let mileage = MileageSummary.assemble(org, rows: outcomes.map(\.entry.mileage), config: config.mileage)
        let rowDigests = outcomes.compactMap(\.entry.mileageDigest)
        return Result(mileage: mileage, mileageDigest: rowDigests.count == outcomes.count ? mileage.digest(rowDigests: rowDigests) : nil,
                      mileageDiagnostics: outcomes.flatMap(\.entry.mileageDiagnostics),
                      summaries: outcomes.map(\.entry.summary), forms: forms, entries: outcomes.compactMap(\.stored),
                      // Counted, not filtered: a filtered array copied every outcome (0.09 s at 100,000 reports).
                      readBack: outcomes.count(where: { $0.form == nil }))
    }
}
