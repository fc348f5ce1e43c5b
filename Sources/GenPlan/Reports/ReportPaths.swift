import GenModel
import GenResolve

/// Where report pages live, allocated once per organization so the daily pages, the mileage
/// pages and the statistics all link to the same files.
struct ReportPaths: Sendable {
    static let root = "reports"
    /// The reports index, the section's page.
    static let index = "\(root)/index.html"
    private let segments: PathAllocator

    init(_ org: Organization) {
        segments = SiteFolder.reports.names(for: org.reports.map(\.id))
    }

    /// `reports/report/<id>.html`, relative to the organization folder.
    func page(_ reportId: DocumentID) -> String { "\(SiteFolder.reports.path)/\(segments[reportId]).html" }
    func markdown(_ reportId: DocumentID) -> String { "\(SiteFolder.reports.path)/\(segments[reportId]).md" }
    func anchor(_ reportId: DocumentID) -> String { "r-\(segments[reportId])" }

    /// `reports/daily/YYYY-MM-DD/` (the date is ours, never user text).
    static func dayFolder(_ date: LocalDate) -> String { "\(root)/daily/\(date)" }
}
