import GenCompute
import GenSupport

/// `data/mileage.csv`: one row per report, a header row of labels first (rows made as the file is written),
/// numbers plain with their units in the header, so a spreadsheet totals them; `data/mileage.columns.csv`
/// names each column's key, as `mileage.json` calls it.
enum MileageCSV {
    /// Label and key of each column; the money column only when a rate is configured.
    static func columns(_ summary: MileageSummary) -> [(label: String, key: String)] {
        [
            ("Report", "reportId"), ("Date", "date"), ("Photographer id", "photographerId"), ("Photographer", "photographer"),
            ("Schools", "schools"), ("Route", "legs"), ("Computed miles", "computedMiles"),
            ("Recorded miles", "recordedMiles"), ("Miles used", "miles"), ("Miles from", "source"), ("Flags", "flags")
        ] + (summary.rates.isEmpty ? [] : [("Reimbursement ($)", "reimbursement")])
    }

    /// Made from the whole summary, its rates with its rows: a rate changed in `site.yml` changes the money
    /// column of reports whose miles did not change.
    static func table(_ summary: MileageSummary) -> CSVTable {
        CSVTable(of: summary, header: columns(summary).map(\.label), count: summary.reports.count) { summary, index in
            let r = summary.reports[index]
            let row = [
                r.reportId.text, r.date, r.photographerId.text, r.photographer, r.schools.joined(separator: "; "),
                r.legs.map { "\($0.from) → \($0.to) (\(number($0.miles)) mi, \($0.minutes) min)" }.joined(separator: "; "),
                r.computedMiles.map(number) ?? "", r.recordedMiles.map(number) ?? "", number(r.miles), r.source.rawValue,
                r.flags.map(\.rawValue).joined(separator: " ")
            ]
            return row + (summary.rates.amount(miles: r.miles, on: r.date).map { [FastFormat.fixed($0.dollars, decimals: 2)] } ?? [])
        }
    }

    /// `data/mileage.columns.csv`: `column` (from 1), `label`, `key`.
    static func columnTable(_ summary: MileageSummary) -> CSVTable {
        CSVTable(rows: [["column", "label", "key"]] + columns(summary).enumerated().map { [String($0 + 1), $1.label, $1.key] })
    }

    /// Plain, machine-readable: `24.8`, `0.0`; no grouping commas.
    static func number(_ x: Double) -> String { FastFormat.fixed(x, decimals: 1) }
}
