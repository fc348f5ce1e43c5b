import GenModel
import GenResolve

/// Where report pages live, allocated once per organization so the daily pages, the mileage
/// pages and the statistics all link to the same files.
struct ReportPaths: Sendable {
    static let root = "reports"
    /// The reports index, the section's page.
    static let index = "\(root)/index.html"
    private let segments: PathAllocator
    /// A month's planning reads these paths through its view (`MonthReads`), which records each report's.
    private var reads: MonthReads?

    init(_ org: Organization) {
        segments = SiteFolder.reports.names(for: org.reports.map { $0.id })
    }

    /// These paths, each report's name recorded in `reads` as it is read.
    func recording(into reads: MonthReads) -> ReportPaths {
        var paths = self
        paths.reads = reads
        return paths
    }

    /// `reports/report/<id>.html`, relative to the organization folder.
    func page(_ reportId: DocumentID) -> String { "\(SiteFolder.reports.path)/\(segment(reportId)).html" }
    func markdown(_ reportId: DocumentID) -> String { "\(SiteFolder.reports.path)/\(segment(reportId)).md" }
    func anchor(_ reportId: DocumentID) -> String { "r-\(segment(reportId))" }

    private func segment(_ reportId: DocumentID) -> String {
        reads?.record(.reportPath, reportId.text)
        return segments[reportId]
    }

    /// `reports/daily/YYYY-MM-DD/` (the date is ours, never user text).
    static func dayFolder(_ date: LocalDate) -> String { "\(root)/daily/\(date)" }
}
