import Foundation
import GenCompute
import GenModel
import GenResolve

/// The statistics pages of one organization, all drawn from `OrganizationStatistics` (the numbers of
/// `data/stats.json`), so a page never disagrees with the data file:
/// `stats/index.html` (overview), `stats/photographer/<name>.html`, `stats/manager/<name>.html` and
/// `stats/data-quality.html`.
enum StatisticsPages {
    static let root = "stats"
    static let overviewPath = "\(root)/index.html"
    static let qualityPath = "\(root)/data-quality.html"

    /// What the statistics pages link to elsewhere in the organization's tree (paths relative to it).
    struct Links: Sendable {
        var paths: ReportPaths
        var galleries: CritiqueGalleries
        var mileagePages: [DocumentID: String]
        var monthly: @Sendable (String) -> String
    }

    /// A path under `stats/` (relative to the organization) as linked from the overview, which is in `stats/`.
    static func fromOverview(_ path: String) -> String {
        path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : "../" + path
    }

    /// Every calendar month from the first to the last month with data, so trends show empty months as 0
    /// instead of closing the gap; only the months with data when the empty ones would far outnumber them
    /// (one report in 1970 and one in 2200 would otherwise make a chart of 2,772 months: what a page holds
    /// grows with the documents, never with the span between their dates).
    static func calendarMonths(_ keys: [String]) -> [String] {
        guard let first = keys.first.flatMap(monthNumber), let last = keys.last.flatMap(monthNumber), first <= last,
            last - first < max(36, 3 * keys.count)
        else { return keys }
        return (first...last).map { String(format: "%04d-%02d", $0 / 12, $0 % 12 + 1) }
    }

    /// `YYYY-MM` → months since year 0, for stepping through the calendar.
    static func monthNumber(_ key: String) -> Int? {
        let parts = key.split(separator: "-")
        guard parts.count == 2, let y = Int(parts[0]), let m = Int(parts[1]), (1...12).contains(m) else { return nil }
        return y * 12 + m - 1
    }

    /// `Sep 2024` for chart labels (short, so a year of months fits on a phone).
    static func shortMonth(_ key: String) -> String {
        let title = Format.monthTitle(key)
        let parts = title.split(separator: " ")
        return parts.count == 2 ? "\(parts[0].prefix(3)) \(parts[1])" : title
    }
}

/// A statistic on a card: a value and what it counts.
struct StatCard: Sendable, Encodable {
    var value: String
    var label: String
    /// `good`, `improvement` or `plain`: the critique cards' icon style.
    var style: String
    var isCritique: Bool
}
