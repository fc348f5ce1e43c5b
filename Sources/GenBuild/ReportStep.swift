import Foundation
import GenCompute
import GenModel
import GenResolve
import GenSupport

/// Compute stage, per report: each report of one organization routed (its mileage) and read through its
/// template (its form), on all cores.
enum ReportStep {
    struct Result {
        var mileage: MileageSummary
        /// The warnings routing gave, in the order of the organization's reports.
        var mileageDiagnostics: [Diagnostic]
        /// Every report's summary, in the order of the organization's reports.
        var summaries: [FormSummary]
        /// Every report's form, by report id (the first report of an id).
        var forms: [DocumentID: ReportForm]
        /// What each report's page says about its route, where there is anything to say, by report id.
        var routeNotes: [DocumentID: [String]]
    }

    static func run(_ org: Organization, config: SiteConfig) -> Result {
        let calculator = MileageCalculator(config.mileage)
        let shapes = FormShape.all(in: org)
        let outcomes = ParallelMap.map(org.reports) { report in
            let (mileage, diagnostics, notes) = calculator.route(report, in: org)
            // A form shows its own report's mileage (the round-trip smart field).
            let form = ReportForm.build(report, in: org, mileage: mileage, timeZone: config.timeZone, shapes: shapes)
            return (mileage: mileage, diagnostics: diagnostics, notes: notes, form: form, summary: FormSummary(form, of: report, in: org))
        }
        var forms: [DocumentID: ReportForm] = [:]
        forms.reserveCapacity(outcomes.count)
        var routeNotes: [DocumentID: [String]] = [:]
        for (report, outcome) in zip(org.reports, outcomes) where forms[report.id] == nil {
            forms[report.id] = outcome.form
            if !outcome.notes.isEmpty { routeNotes[report.id] = outcome.notes }
        }
        return Result(
            mileage: MileageSummary.assemble(org, rows: outcomes.map(\.mileage), config: config.mileage),
            mileageDiagnostics: outcomes.flatMap(\.diagnostics), summaries: outcomes.map(\.summary), forms: forms,
            routeNotes: routeNotes)
    }
}
