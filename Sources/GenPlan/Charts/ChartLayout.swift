import Foundation
import GenSupport

/// One drawing of a chart at a fixed viewBox size: every coordinate already computed and
/// formatted with two decimals (deterministic bytes). The SVG scales to its container's width.
///
/// Plot area: value axis labels on the left (width from the longest tick label), the unit above
/// them, category labels below — horizontal when the longest fits its slot, otherwise rotated
/// 45° (truncated with "…", the full text in a `<title>`) and, when even rotated ones would touch,
/// only every k-th one shown (the bars keep their `<title>` and the table lists all).
public struct ChartLayout: Sendable, Encodable {
    /// `wide` or `compact`: CSS shows one (class `chart-wide` / `chart-compact`).
    public let layoutName: String
    public let titleId: String
    public let descId: String
    public let viewWidth: String
    public let viewHeight: String
    public let fontSize: String
    /// The unit, above the value axis.
    public let axisTitle: String
    public let axisTitleX: String
    public let axisTitleY: String
    public let gridlines: [ChartGridline]
    /// The value axis's 0 line, drawn over the bars.
    public let baseY: String
    public let plotX1: String
    public let plotX2: String
    public let bars: [ChartBar]
    public let valueLabels: [ChartValueLabel]
    public let xLabels: [ChartAxisLabel]
    public let hasLine: Bool
    /// `x,y x,y …` for `<polyline points>`.
    public let linePoints: String
    /// The area under the line, for `<path d>` ("" without a line).
    public let areaPath: String
    public let markers: [ChartMarker]
    /// Where "No data" is written in an empty chart.
    public let noDataX: String
    public let noDataY: String

    struct Input {
        var kind: Chart.Kind
        var chartId: String
        var unit: String
        var labels: [String]
        /// Per category, one value per series (one for bars and lines); already clamped to ≥ 0.
        var stacks: [[Double]]
        var series: [String]
        var scale: ChartScale
        var decimals: Int
    }

    struct Size {
        var name: String
        var width: Double
        var height: Double
        var fontSize: Double
        var maxBarWidth: Double
        /// Longest rotated category label before it is cut.
        var maxRotatedLabel: Double

        static let wide = Size(name: "wide", width: 640, height: 300, fontSize: 12.5, maxBarWidth: 56, maxRotatedLabel: 120)
        static let compact = Size(name: "compact", width: 360, height: 300, fontSize: 12.5, maxBarWidth: 40, maxRotatedLabel: 100)
        static let all = [wide, compact]
    }

    static func make(_ input: Input, size: Size) -> ChartLayout {
        let fs = size.fontSize
        let f = ChartNumber.attribute
        let scale = input.scale
        // "0", "0.2", "0.4": the step's decimals, but a plain 0.
        let tickTexts = scale.ticks.map { $0 == 0 ? "0" : ChartNumber.text($0, decimals: scale.decimals) }
        var left = Swift.max((tickTexts.map { textWidth($0, fontSize: fs) }.max() ?? 0) + 10, 24)
        let right = 10.0
        let top = fs * 2 + 12
        let n = input.labels.count
        let prefix = "\(input.chartId)-\(size.name)"

        guard n > 0 else {
            let height = 88.0
            return ChartLayout(
                layoutName: size.name, titleId: prefix + "-title", descId: prefix + "-desc",
                viewWidth: f(size.width), viewHeight: f(height), fontSize: f(fs),
                axisTitle: "", axisTitleX: f(0), axisTitleY: f(0), gridlines: [],
                baseY: f(0), plotX1: f(0), plotX2: f(0), bars: [], valueLabels: [],
                xLabels: [], hasLine: false, linePoints: "", areaPath: "", markers: [],
                noDataX: f(size.width / 2), noDataY: f(height / 2))
        }

        // Category labels: horizontal on up to two lines (wrapped at spaces) when they fit, or when a
        // slot holds ~10 characters (then cut); else rotated 45°, cut to maxRotatedLabel, and thinned
        // to every k-th when the slots are narrow.
        let gap = 10.0
        var slot = (size.width - left - right) / Double(n)
        let roomy = slot - gap >= textWidth("Abcdefghij", fontSize: fs)
        let wrapped = input.labels.map { wrap($0, toWidth: slot - gap, fontSize: fs) }
        let rotated = !roomy && zip(wrapped, input.labels).contains { $0.joined(separator: " ") != $1 }
        var shown: [[String]]
        var every = 1
        if rotated {
            shown = input.labels.map { [truncate($0, toWidth: size.maxRotatedLabel, fontSize: fs)] }
            // Rotated 45°, neighbours are slot·sin 45° apart: they need 1.8 × that ≈ 1.3 line heights.
            every = Int((fs * 1.8 / slot).rounded(.up))
            // The first label runs down-left from its bar: keep it inside the picture.
            let reach = textWidth(shown[0][0], fontSize: fs) * 0.7071 + fs * 0.4
            if reach > left + slot / 2 {
                left = reach - slot / 2 + 2
                slot = (size.width - left - right) / Double(n)
                every = Int((fs * 1.8 / slot).rounded(.up))
            }
        } else {
            shown = wrapped
        }
        let longestShown =
            shown.enumerated().filter { $0.offset % every == 0 }
            .map { textWidth($0.element[0], fontSize: fs) }.max() ?? 0
        let lineCount = Double(shown.map(\.count).max() ?? 1)
        let bottom = rotated ? longestShown * 0.7071 + fs * 1.2 + 6 : fs * (1 + 1.15 * (lineCount - 1)) + 14
        let base = size.height - bottom
        let plotHeight = base - top
        let plotRight = size.width - right
        func y(_ value: Double) -> Double { base - value / scale.max * plotHeight }
        func center(_ i: Int) -> Double { left + (Double(i) + 0.5) * slot }

        let gridlines = zip(scale.ticks, tickTexts).map { tick, text in
            ChartGridline(
                gridY: f(y(tick)), gridX1: f(left), gridX2: f(plotRight), tickText: text,
                tickX: f(left - 6), gridClass: tick == 0 ? "chart-axis" : "chart-gridline")
        }

        let format = { (x: Double) in ChartNumber.text(x, decimals: input.decimals) }
        let unitSuffix = input.unit.isEmpty ? "" : " \(input.unit)"
        var bars: [ChartBar] = []
        var valueLabels: [ChartValueLabel] = []
        var markers: [ChartMarker] = []
        var linePoints = ""
        var areaPath = ""
        switch input.kind {
        case .bars, .stacked:
            let barWidth = Swift.min(slot * 0.64, size.maxBarWidth)
            let totals = input.stacks.map { $0.reduce(0, +) }
            // Totals above the bars when every one fits its slot with room to spare (bold: a tenth wider).
            let showValues = every == 1 && totals.allSatisfy { textWidth(format($0), fontSize: fs) * 1.1 <= slot - 6 }
            for (i, stack) in input.stacks.enumerated() {
                let x = center(i) - barWidth / 2
                var below = 0.0
                for (s, value) in stack.enumerated() {
                    // Zero segments of a stack are left out (they would draw their separator line).
                    if input.kind == .stacked && value == 0 { continue }
                    let top = y(below + value), bottomY = y(below)
                    let title =
                        input.kind == .stacked
                        ? "\(input.labels[i]), \(input.series[s]): \(format(value))\(unitSuffix)"
                        : "\(input.labels[i]): \(format(value))\(unitSuffix)"
                    bars.append(
                        ChartBar(
                            barX: f(x), barY: f(top), barWidth: f(barWidth), barHeight: f(bottomY - top),
                            seriesClass: Chart.seriesClass(input.series.isEmpty ? [""] : input.series, input.series.isEmpty ? 0 : s),
                            barTitle: title))
                    below += value
                }
                if showValues {
                    valueLabels.append(ChartValueLabel(valueX: f(center(i)), valueY: f(y(totals[i]) - 5), valueText: format(totals[i])))
                }
            }
        case .line:
            let points = input.stacks.enumerated().map { (x: center($0.offset), y: y($0.element[0]), value: $0.element[0]) }
            linePoints = points.map { "\(f($0.x)),\(f($0.y))" }.joined(separator: " ")
            areaPath =
                "M\(f(points[0].x)),\(f(base)) " + points.map { "L\(f($0.x)),\(f($0.y))" }.joined(separator: " ")
                + " L\(f(points[points.count - 1].x)),\(f(base)) Z"
            let radius = Swift.min(4, Swift.max(2, slot / 4))
            markers = points.enumerated().map { i, point in
                ChartMarker(
                    markerX: f(point.x), markerY: f(point.y), markerRadius: f(radius),
                    markerTitle: "\(input.labels[i]): \(format(point.value))\(unitSuffix)")
            }
        }

        var xLabels: [ChartAxisLabel] = []
        for (i, lines) in shown.enumerated() where i % every == 0 {
            let text = lines.joined(separator: " ")
            let parts = lines.enumerated().map { ChartLabelLine(lineText: $1, lineDy: $0 == 0 ? "0" : "1.15em") }
            xLabels.append(
                ChartAxisLabel(
                    labelX: f(rotated ? center(i) + fs * 0.35 : center(i)),
                    labelY: f(rotated ? base + fs * 0.9 : base + fs + 6),
                    labelText: text, lines: parts, fullText: input.labels[i],
                    isTruncated: text != input.labels[i], rotated: rotated))
        }

        return ChartLayout(
            layoutName: size.name, titleId: prefix + "-title", descId: prefix + "-desc",
            viewWidth: f(size.width), viewHeight: f(size.height), fontSize: f(fs),
            axisTitle: input.unit, axisTitleX: f(0), axisTitleY: f(fs + 2),
            gridlines: gridlines, baseY: f(base), plotX1: f(left), plotX2: f(plotRight), bars: bars, valueLabels: valueLabels, xLabels: xLabels,
            hasLine: input.kind == .line, linePoints: linePoints, areaPath: areaPath, markers: markers,
            noDataX: f(size.width / 2), noDataY: f(size.height / 2))
    }

    /// Estimated advance of `text` in a system sans-serif, in user units (a little generous, so
    /// labels that "fit" really do).
    static func textWidth(_ text: String, fontSize: Double) -> Double {
        var em = 0.0
        for c in text.unicodeScalars {
            switch c {
            case " ": em += 0.28
            case "i", "l", ".", ",", ":", ";", "'", "|", "!", "I", "j": em += 0.3
            case "f", "r", "t", "(", ")", "-", "/": em += 0.38
            case "0"..."9": em += 0.58
            case "m", "w", "M", "W", "@", "…": em += 0.88
            case "A"..."Z": em += 0.68
            default: em += c.value >= 0x2E80 ? 1.0 : 0.56
            }
        }
        return em * fontSize
    }

    /// `text` on one line, or two (split at the last space that lets the first fit, else after the
    /// first word), each cut to `width` with "…" if still too long.
    static func wrap(_ text: String, toWidth width: Double, fontSize: Double) -> [String] {
        guard textWidth(text, fontSize: fontSize) > width else { return [text] }
        let words = text.split(separator: " ", omittingEmptySubsequences: true)
        var firstCount = 0
        while firstCount < words.count,
            textWidth(words[...firstCount].joined(separator: " "), fontSize: fontSize) <= width
        { firstCount += 1 }
        guard words.count > 1 else { return [truncate(text, toWidth: width, fontSize: fontSize)] }
        let split = Swift.max(firstCount, 1)  // a first word too long for a line is cut on its own line
        return [words[..<split].joined(separator: " "), words[split...].joined(separator: " ")]
            .map { truncate($0, toWidth: width, fontSize: fontSize) }
    }

    /// `text`, or as much of it as fits `width` followed by "…".
    static func truncate(_ text: String, toWidth width: Double, fontSize: Double) -> String {
        guard textWidth(text, fontSize: fontSize) > width else { return text }
        var kept = Substring(text)
        while !kept.isEmpty, textWidth(kept.trimmedBlanks + "…", fontSize: fontSize) > width {
            kept = kept.dropLast()
        }
        return kept.trimmedBlanks + "…"
    }
}

/// A horizontal line at a tick of the value axis, with the tick's label (`chart-axis` at 0).
public struct ChartGridline: Sendable, Encodable {
    public let gridY: String
    public let gridX1: String
    public let gridX2: String
    public let tickText: String
    public let tickX: String
    public let gridClass: String
}

/// A bar, or one segment of a stacked bar; `barTitle` names the category, series and value.
public struct ChartBar: Sendable, Encodable {
    public let barX: String
    public let barY: String
    public let barWidth: String
    /// Exactly `value / scale.max × plot height`.
    public let barHeight: String
    public let seriesClass: String
    public let barTitle: String
}

/// A bar's (or stack's) total written above it, when it fits the slot.
public struct ChartValueLabel: Sendable, Encodable {
    public let valueX: String
    public let valueY: String
    public let valueText: String
}

/// A category label under the plot.
public struct ChartAxisLabel: Sendable, Encodable {
    public let labelX: String
    public let labelY: String
    /// As shown (lines joined by a space), possibly cut ("Alexandra Montg…"); `fullText` is the
    /// whole label, in a `<title>` when cut.
    public let labelText: String
    /// One `<tspan>` each: one line, or two for a horizontal label wrapped at a space.
    public let lines: [ChartLabelLine]
    public let fullText: String
    public let isTruncated: Bool
    /// Rotated −45° about (labelX, labelY), anchored at its end.
    public let rotated: Bool
}

public struct ChartLabelLine: Sendable, Encodable {
    public let lineText: String
    /// `0` for the first line, `1.15em` below the previous for the next.
    public let lineDy: String
}

/// A point of a line chart.
public struct ChartMarker: Sendable, Encodable {
    public let markerX: String
    public let markerY: String
    public let markerRadius: String
    public let markerTitle: String
}
