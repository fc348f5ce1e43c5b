import GenCompute
import GenSupport

/// `data/mileage.csv`: one row per report, a header row first (rows made as the file is written).
enum MileageCSV {
    static let header = [
        "reportId", "date", "photographerId", "photographer", "schools", "legs",
        "computedMiles", "recordedMiles", "miles", "source", "flags"
    ]

    static func table(_ summary: MileageSummary) -> CSVTable {
        CSVTable(of: summary.reports, header: header, count: summary.reports.count) { reports, index in
            let r = reports[index]
            return [
                r.reportId.text, r.date, r.photographerId.text, r.photographer, r.schools.joined(separator: "; "),
                r.legs.map { "\($0.from) → \($0.to) (\(number($0.miles)) mi, \($0.minutes) min)" }.joined(separator: "; "),
                r.computedMiles.map(number) ?? "", r.recordedMiles.map(number) ?? "", number(r.miles), r.source.rawValue,
                r.flags.map(\.rawValue).joined(separator: " ")
            ]
        }
    }

    /// Plain, machine-readable: `24.8`, `0.0`; no grouping commas.
    static func number(_ x: Double) -> String { FastFormat.fixed(x, decimals: 1) }
}
