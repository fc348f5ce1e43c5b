import Foundation
import GenCompute
import GenModel

/// `stats/data-quality.html`: what in this organization's export needs fixing — invalid reports with their
/// problems, mileage discrepancies, skipped documents and other warnings, each naming file, document and
/// field. Only problems of documents that name this organization appear here.
enum DataQualityPage {
    struct InvalidRow: Sendable, Encodable {
        var day: String
        var href: String
        var photographer: String
        var problems: [String]
    }

    struct DiscrepancyRow: Sendable, Encodable {
        var day: String
        var href: String
        var photographer: String
        var computed: String
        var recorded: String
    }

    struct DiagnosticRow: Sendable, Encodable {
        var location: String
        var field: String
        var message: String
    }

    struct Body: Sendable, Encodable {
        var cards: [StatCard]
        var invalid: [InvalidRow]
        var hasInvalid: Bool
        var discrepancies: [DiscrepancyRow]
        var hasDiscrepancies: Bool
        var skipped: [DiagnosticRow]
        var hasSkipped: Bool
        var warnings: [DiagnosticRow]
        var hasWarnings: Bool
        var overviewHref: String
    }

    static func make(_ input: OrganizationInput, links: StatisticsPages.Links, stats: OrganizationStatistics) -> Body {
        let org = input.organization
        let up = "../"
        let invalid = zip(org.reports, input.summaries).filter { !$1.isValid }.map { report, form in
            InvalidRow(
                day: Format.day(report.date.description), href: up + links.paths.page(report.id),
                photographer: org.photographerName(of: report), problems: form.problems.map { "\($0.label): \($0.message)" })
        }
        let discrepancies = input.mileage.reports.filter(\.isDiscrepancy).map { r in
            DiscrepancyRow(
                day: Format.day(r.date), href: up + links.paths.page(r.reportId), photographer: r.photographer,
                computed: r.computedMiles.map(Format.miles) ?? "—", recorded: r.recordedMiles.map(Format.miles) ?? "—")
        }
        // Already in a stable order (export files in name order, documents in file order); sorted again by
        // location so the page does not depend on which stage found what.
        let rows = { (kind: Diagnostic.Kind) in
            input.diagnostics.filter { $0.kind == kind }.map { d in
                DiagnosticRow(
                    location: [d.file, [d.collection, d.documentID].compactMap { $0 }.joined(separator: "/")]
                        .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ": "),
                    field: d.field ?? "", message: d.message)
            }.sorted { ($0.location, $0.field, $0.message) < ($1.location, $1.field, $1.message) }
        }
        let skipped = rows(.skipped), warnings = rows(.warning)
        return Body(
            cards: [
                StatCard(value: Format.integer(invalid.count), label: "Invalid reports", style: "plain", isCritique: false),
                StatCard(value: Format.integer(discrepancies.count), label: "Mileage discrepancies", style: "plain", isCritique: false),
                StatCard(value: Format.integer(skipped.count), label: "Skipped documents", style: "plain", isCritique: false),
                StatCard(value: Format.integer(warnings.count), label: "Warnings", style: "plain", isCritique: false)
            ],
            invalid: invalid, hasInvalid: !invalid.isEmpty, discrepancies: discrepancies, hasDiscrepancies: !discrepancies.isEmpty,
            skipped: skipped, hasSkipped: !skipped.isEmpty, warnings: warnings, hasWarnings: !warnings.isEmpty,
            overviewHref: "index.html")
    }
}
