import Foundation
import GenCompute
import GenModel
import GenResolve

/// Compute stage, forms: each report of one organization read through its template, on all cores; with the
/// previous build's summaries (`FormSummaryStore`), only the reports whose summary is not there.
enum ReportFormStep {
    struct Result {
        /// Every report's summary, in the order of the organization's reports.
        var summaries: [FormSummary]
        /// The forms made, by report id (every report's when nothing was read back).
        var forms: [String: ReportForm]
        /// Each report's entry for the next build's store.
        var entries: [(ContentDigest, KeyedEntryFile.Entry)]
        /// How many summaries were read back from the store.
        var readBack: Int
    }

    static func run(_ org: Organization, mileage: MileageSummary, timeZone: TimeZone, store: FormSummaryStore? = nil) -> Result {
        let byReport = Dictionary(mileage.reports.map { ($0.reportId, $0) }, uniquingKeysWith: { a, _ in a })
        let shapes = FormShape.all(in: org)
        let made = ParallelMap.map(org.reports) { report -> (FormSummary, ReportForm?, (ContentDigest, KeyedEntryFile.Entry)?) in
            let key = store == nil ? nil : FormSummaryStore.key(report, in: org)
            if let key, let (summary, entry) = store?.summary(key) { return (summary, nil, (key, entry)) }
            let form = ReportForm.build(report, in: org, mileage: byReport[report.id], timeZone: timeZone, shapes: shapes)
            let summary = FormSummary(form, of: report, in: org)
            guard let key else { return (summary, form, nil) }
            var bytes = ByteWriter()
            summary.encode(to: &bytes)
            return (summary, form, (key, .new(bytes.bytes)))
        }
        var forms: [String: ReportForm] = [:]
        for (report, (_, form, _)) in zip(org.reports, made) {
            if let form, forms[report.id] == nil { forms[report.id] = form }
        }
        return Result(summaries: made.map(\.0), forms: forms, entries: made.compactMap(\.2),
                      readBack: made.filter { $0.1 == nil }.count)
    }
}
