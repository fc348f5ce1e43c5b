import Foundation
import GenCompute

/// A chart drawn at build time as inline SVG (no JavaScript): bars, stacked bars or a line, over
/// categories along the x axis and a linear value axis from 0. Rendered by `partials/chart`:
///
///     {{#chart}}{{> partials/chart}}{{/chart}}
///
/// The partial draws a `<figure>` with the title, a legend (stacked bars), the SVG — `role="img"`, a
/// `<title>` and a `<desc>` that states every number — and the same numbers as a table.
///
/// The SVG is drawn twice, at two sizes (`layouts`): a wide one and a compact one with its own
/// label layout; CSS shows the one that suits the chart's width (a container query), so text stays
/// readable on a phone instead of shrinking with the picture. Only the shown one is in the
/// accessibility tree (the other is `display: none`), and their element ids differ.
///
/// Values are expected to be ≥ 0 (counts, miles): negative and non-finite values are drawn and
/// listed as 0. Every geometric number is computed here; the template only prints strings.
/// All properties are stored (Mustache cannot see computed ones) and no key is optional, so a
/// nested context never falls back to an outer key of the same name.
public struct Chart: Sendable, Encodable {
    /// `bars`, `stacked` or `line` (a CSS class `chart-<kind>`).
    public let chartKind: String
    /// The caller's id, reduced to `[a-z0-9-]`; element ids of the chart start with it, so it must be unique per page.
    public let chartId: String
    public let chartTitle: String
    /// The numbers in words, for `<desc>`: "Reports per month (reports). Aug 2025: 12; Sep 2025: 30."
    public let summary: String
    /// No categories at all: the SVG says "No data" and there is no table.
    public let isEmpty: Bool
    public let hasLegend: Bool
    public let legend: [ChartLegendItem]
    public let scale: ChartScale
    /// Wide first, then compact.
    public let layouts: [ChartLayout]
    public let table: ChartTable

    /// One bar per category, e.g. reports per month.
    /// - Parameters:
    ///   - id: unique on the page (sanitized to `[a-z0-9-]`).
    ///   - unit: what the values count ("reports", "miles"); shown over the value axis, in the
    ///     description and (capitalized) as the table's value column.
    ///   - categoryName: the table's first column header ("Month", "Photographer").
    public static func bars(
        id: String, title: String, unit: String, categoryName: String = "Category",
        categories: [(label: String, value: Double)]
    ) -> Chart {
        single(.bars, id: id, title: title, unit: unit, categoryName: categoryName, data: categories)
    }

    /// One bar per category split into segments, one per series (bottom to top in `series` order),
    /// e.g. good and needs-improvement critiques per photographer. Has a legend; the table adds a total.
    /// A category with fewer values than `series` counts the missing ones as 0. Six series have
    /// their own colours (`series-1` … `series-6` in style.css).
    public static func stackedBars(
        id: String, title: String, unit: String, categoryName: String = "Category",
        series: [String], categories: [(label: String, values: [Double])]
    ) -> Chart {
        let stacks = categories.map { category in
            series.indices.map { $0 < category.values.count ? clamp(category.values[$0]) : 0 }
        }
        let totals = stacks.map { $0.reduce(0, +) }
        let decimals = ChartNumber.decimals(for: stacks.flatMap { $0 } + totals)
        let format = { (x: Double) in ChartNumber.text(x, decimals: decimals) }
        let labels = categories.map(\.label)
        let items = zip(labels, stacks).map { label, stack in
            "\(label): " + zip(series, stack).map { "\($0) \(format($1))" }.joined(separator: ", ")
                + ", total \(format(stack.reduce(0, +)))"
        }
        let summary = describe(
            title: title, unit: unit, by: series.isEmpty || labels.isEmpty ? "" : ", by \(list(series))",
            isEmpty: labels.isEmpty, items: items)
        let table = ChartTable(
            tableCaption: title, labelHeader: categoryName, valueHeaders: series + ["Total"],
            rows: zip(labels, stacks).map { label, stack in
                ChartTableRow(rowLabel: label, cells: (stack + [stack.reduce(0, +)]).map(format))
            })
        return make(
            kind: .stacked, id: id, title: title, unit: unit, labels: labels, stacks: stacks,
            series: series, decimals: decimals, summary: summary, table: table)
    }

    /// Critiques by kind per category, every critique chart's one shape: Good Example, Needs Improvement and,
    /// when any category has one, "Other type", so each bar's total is the total the cards and `stats.json` give.
    static func critiqueBars(
        id: String, title: String, categoryName: String,
        categories: [(label: String, counts: CritiqueCounts)]
    ) -> Chart {
        let withOther = categories.contains { $0.counts.other > 0 }
        let series = ["Good Example", "Needs Improvement"] + (withOther ? ["Other type"] : [])
        let bars = categories.map { category -> (label: String, values: [Double]) in
            let c = category.counts
            let values: [Double] = [Double(c.good), Double(c.improvement)]
            return (category.label, withOther ? values + [Double(c.other)] : values)
        }
        return stackedBars(id: id, title: title, unit: "critiques", categoryName: categoryName, series: series, categories: bars)
    }

    /// A line through one point per category (in order), e.g. miles per month; each point is marked.
    public static func line(
        id: String, title: String, unit: String, categoryName: String = "Category",
        points: [(label: String, value: Double)]
    ) -> Chart {
        single(.line, id: id, title: title, unit: unit, categoryName: categoryName, data: points)
    }

    // MARK: - Building

    enum Kind: String { case bars, stacked, line }

    /// Bars and lines: one value per category.
    private static func single(
        _ kind: Kind, id: String, title: String, unit: String, categoryName: String,
        data: [(label: String, value: Double)]
    ) -> Chart {
        let values = data.map { clamp($0.value) }
        let decimals = ChartNumber.decimals(for: values)
        let text = values.map { ChartNumber.text($0, decimals: decimals) }
        let labels = data.map(\.label)
        let summary = describe(
            title: title, unit: unit, isEmpty: labels.isEmpty,
            items: zip(labels, text).map { "\($0): \($1)" })
        let table = ChartTable(
            tableCaption: title, labelHeader: categoryName, valueHeaders: [header(unit)],
            rows: zip(labels, text).map { ChartTableRow(rowLabel: $0, cells: [$1]) })
        return make(
            kind: kind, id: id, title: title, unit: unit, labels: labels, stacks: values.map { [$0] },
            series: [], decimals: decimals, summary: summary, table: table)
    }

    /// A series' colour class: a critique kind in the colour its badge has on every page ("Good Example" green,
    /// "Needs Improvement" amber), any other series by its place (`series-1`, …).
    static func seriesClass(_ series: [String], _ index: Int) -> String {
        for kind in [ExampleKind.good, .improvement] where kind.badge.label == series[index] { return "series-\(kind.badge.style)" }
        return "series-\(index + 1)"
    }

    private static func make(
        kind: Kind, id: String, title: String, unit: String, labels: [String], stacks: [[Double]],
        series: [String], decimals: Int, summary: String, table: ChartTable
    ) -> Chart {
        let chartId = sanitizedId(id)
        let totals = stacks.map { $0.reduce(0, +) }
        let values = stacks.flatMap { $0 }
        let integral = values.allSatisfy { $0.rounded() == $0 }
        let scale = ChartScale(dataMax: totals.max() ?? 0, integral: integral)
        let input = ChartLayout.Input(
            kind: kind, chartId: chartId, unit: unit, labels: labels, stacks: stacks,
            series: series, scale: scale, decimals: decimals)
        return Chart(
            chartKind: kind.rawValue, chartId: chartId, chartTitle: title, summary: summary,
            isEmpty: labels.isEmpty, hasLegend: kind == .stacked && !series.isEmpty && !labels.isEmpty,
            legend: series.enumerated().map { ChartLegendItem(seriesName: $1, seriesClass: seriesClass(series, $0)) },
            scale: scale, layouts: ChartLayout.Size.all.map { ChartLayout.make(input, size: $0) },
            table: table)
    }

    /// Negative values are not expected (counts, distances): drawn and listed as 0, like NaN and ∞.
    static func clamp(_ x: Double) -> Double { x.isFinite && x > 0 ? x : 0 }

    /// Lowercase ASCII letters, digits and single hyphens; "chart" when nothing is left.
    static func sanitizedId(_ id: String) -> String {
        var out = ""
        for scalar in id.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                out.unicodeScalars.append(scalar)
            } else if !out.isEmpty, out.last != "-" {
                out.append("-")
            }
        }
        while out.last == "-" { out.removeLast() }
        return out.isEmpty ? "chart" : out
    }

    private static func describe(title: String, unit: String, by: String = "", isEmpty: Bool, items: [String]) -> String {
        let lead = (unit.isEmpty ? title : "\(title) (\(unit))") + by
        return isEmpty ? "\(lead): no data." : "\(lead). " + items.joined(separator: "; ") + "."
    }

    private static func list(_ names: [String]) -> String {
        names.count <= 2 ? names.joined(separator: " and ") : names.dropLast().joined(separator: ", ") + " and " + names.last!
    }

    private static func header(_ unit: String) -> String {
        unit.isEmpty ? "Value" : unit.prefix(1).uppercased() + unit.dropFirst()
    }
}

public struct ChartLegendItem: Sendable, Encodable {
    public let seriesName: String
    /// `series-1`, `series-2`, …: the colour.
    public let seriesClass: String
}

/// The chart's numbers as a table: one row per category.
public struct ChartTable: Sendable, Encodable {
    public let tableCaption: String
    public let labelHeader: String
    /// The unit (bars, line) or the series names and "Total" (stacked bars).
    public let valueHeaders: [String]
    public let rows: [ChartTableRow]
}

public struct ChartTableRow: Sendable, Encodable {
    public let rowLabel: String
    /// Formatted like the chart: grouped, the same decimals in every cell.
    public let cells: [String]
}
