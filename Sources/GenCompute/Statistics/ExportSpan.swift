import Foundation
import GenModel
import GenResolve

/// How far an organization's export reaches in time, read from the documents alone (never the clock), so the
/// same export always says the same: the statistics compare a month only once it is over, and the "Needs
/// attention" page works out what is due "as of" this day.
public enum ExportSpan {
    /// The last day the export holds anything for: the newest report day, or the newest time a report or a
    /// critique was saved (one saved on Sep 2 says August is over, even when its last report is of Aug 18).
    public static func lastDay(_ org: Organization, zone: TimeZone) -> LocalDate? {
        // The newest time is on the newest day: one time turned into a day, not every one.
        let newest = (org.reports.lazy.flatMap { [$0.createdAt, $0.updatedAt] } + org.critiques.lazy.flatMap { [$0.createdAt, $0.updatedAt] })
            .compactMap { $0 }.max()
        let saved = newest.map { LocalDate($0, in: zone) }
        guard let reported = org.reports.map(\.date).max() else { return saved }
        return saved.map { max($0, reported) } ?? reported
    }
}
