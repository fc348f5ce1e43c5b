import Foundation
import GenCompute
import GenModel
import GenResolve

/// Compute stage, forms: each report of one organization read through its template, on all cores.
enum ReportFormStep {
    static func run(_ org: Organization, mileage: MileageSummary, timeZone: TimeZone) -> [ReportForm] {
        let byReport = Dictionary(mileage.reports.map { ($0.reportId, $0) }, uniquingKeysWith: { a, _ in a })
        let shapes = FormShape.all(in: org)
        return ParallelMap.map(org.reports) { report in
            ReportForm.build(report, in: org, mileage: byReport[report.id], timeZone: timeZone, shapes: shapes)
        }
    }
}
