import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif
import GenModel
import GenPlan
import GenRender
import XCTest

/// Charts (GenPlan `Chart`) rendered through the real `partials/chart.mustache`, then parsed as XML.
final class ChartTests: XCTestCase {
    /// The page a test wrapper template renders: every chart through the real partial.
    struct ChartsPage: Sendable, Encodable { var charts: [Chart] }

    static let wrapper = "{{#page}}<charts>{{#charts}}{{> partials/chart}}{{/charts}}</charts>{{/page}}"

    /// The built-in templates plus a wrapper template.
    static func render(_ charts: [Chart]) async throws -> String {
        var files = TemplateFiles.builtIn
        files.templates["chart-test"] = TemplateFiles.Template(text: wrapper, file: "chart-test.mustache")
        let renderer = try TemplateRenderer.load(files)
        let context = PageContext(
            siteTitle: "Site", title: "PAGE-TITLE", root: "", organization: nil, nav: [],
            page: ChartsPage(charts: charts))
        return try XCTUnwrap(renderer.render(context, template: "chart-test"))
    }

    /// The rendered charts as an XML tree (the partial's HTML is also well-formed XML).
    static func parse(_ html: String) throws -> XMLElement {
        let document = try XMLDocument(xmlString: html, options: [])
        return try XCTUnwrap(document.rootElement())
    }

    static func renderParsed(_ chart: Chart) async throws -> (html: String, root: XMLElement) {
        let html = try await render([chart])
        return (html, try parse(html))
    }

    // MARK: - Bars

    static let months: [(label: String, value: Double)] = [("Aug 2025", 12), ("Sep 2025", 30), ("Oct 2025", 27), ("Nov 2025", 0), ("Dec 2025", 1_204)]

    func testBarsAreAccessibleWellFormedAndExactlyProportional() async throws {
        let chart = Chart.bars(
            id: "Reports per Month!", title: "Reports per month", unit: "reports", categoryName: "Month",
            categories: Self.months)
        let (html, root) = try await Self.renderParsed(chart)
        XCTAssertEqual(chart.chartId, "reports-per-month")
        XCTAssertEqual(chart.scale.max, 1_500)
        XCTAssertEqual(chart.scale.ticks, [0, 500, 1_000, 1_500])

        let figure = try XCTUnwrap(root.all("figure").first)
        XCTAssertEqual(figure["id"], "reports-per-month")
        XCTAssertEqual(figure.first("figcaption")?.stringValue, "Reports per month")
        let svgs = root.all("svg")
        XCTAssertEqual(svgs.map { $0["class"] }, ["chart-svg chart-wide", "chart-svg chart-compact"])
        for svg in svgs {
            XCTAssertEqual(svg["role"], "img")
            let title = try XCTUnwrap(svg.first("title")), desc = try XCTUnwrap(svg.first("desc"))
            XCTAssertEqual(svg["aria-labelledby"], "\(title["id"]!) \(desc["id"]!)")
            XCTAssertEqual(title.stringValue, "Reports per month")
            XCTAssertEqual(desc.stringValue, "Reports per month (reports). Aug 2025: 12; Sep 2025: 30; Oct 2025: 27; Nov 2025: 0; Dec 2025: 1,204.")

            // Every bar: height = value / scale max × plot height, standing on the axis.
            let plot = try Self.plotGeometry(svg)
            let rects = svg.all("rect")
            XCTAssertEqual(rects.count, Self.months.count)
            for (rect, month) in zip(rects, Self.months) {
                let height = try XCTUnwrap(Double(rect["height"]!)), y = try XCTUnwrap(Double(rect["y"]!))
                XCTAssertEqual(height, month.value / 1_500 * plot.height, accuracy: 0.01)
                XCTAssertEqual(y + height, plot.baseY, accuracy: 0.011)
                XCTAssertEqual(rect["class"], "chart-bar series-1")
                XCTAssertEqual(rect.first("title")?.stringValue, "\(month.label): \(Format.integer(Int(month.value))) reports")
            }
            let heights = rects.map { Double($0["height"]!)! }
            // Ratios between bars equal ratios between values (within 1 %: two-decimal coordinates).
            for (i, j) in [(1, 0), (4, 2), (2, 0), (4, 1)] {
                XCTAssertEqual(heights[i] / heights[j] / (Self.months[i].value / Self.months[j].value), 1, accuracy: 0.01)
            }
            // Tick labels grouped, no decimals for whole steps; the unit over the axis.
            XCTAssertEqual(svg.all("text").filter { $0["class"] == "chart-tick" }.map(\.text), ["0", "500", "1,000", "1,500"])
            XCTAssertEqual(svg.all("text").first { $0["class"] == "chart-unit" }?.text, "reports")
            // Few categories: horizontal, whole labels.
            XCTAssertEqual(svg.all("text").filter { $0["class"] == "chart-label" }.map(Self.shown), Self.months.map(\.label))
        }
        // Deterministic numbers: every coordinate with exactly two decimals.
        for element in root.all("rect") + root.all("line") + root.all("text") {
            for name in ["x", "y", "width", "height", "x1", "x2", "y1", "y2"] {
                if let value = element[name] { XCTAssertNotNil(value.wholeMatch(of: /\d+\.\d\d/), "\(name)=\(value)") }
            }
        }
        XCTAssertFalse(html.contains("PAGE-TITLE"), "no key falls back to the page's")
    }

    func testTableFollowsWithTheSameNumbers() async throws {
        let chart = Chart.bars(
            id: "m", title: "Miles per month", unit: "miles", categoryName: "Month",
            categories: [("Jan", 1_234.5), ("Feb", 80), ("Mar", 12.25)])
        let (_, root) = try await Self.renderParsed(chart)
        let table = try XCTUnwrap(root.first("table"))
        XCTAssertEqual(table.first("caption")?.text, "Miles per month")
        XCTAssertEqual(table.first("thead")?.all("th").map(\.text), ["Month", "Miles"])
        // One row per category, in order; the same decimals in every cell (12.25 needs two).
        XCTAssertEqual(Self.rows(table), [["Jan", "1,234.50"], ["Feb", "80.00"], ["Mar", "12.25"]])
        // The table comes after the drawings, inside the same figure.
        let figure = try XCTUnwrap(root.first("figure"))
        let order = (figure.children ?? []).compactMap { ($0 as? XMLElement)?.name }
        XCTAssertEqual(order, ["figcaption", "svg", "svg", "details"])
        XCTAssertTrue(try XCTUnwrap(root.first("desc")).text.contains("Jan: 1,234.50; Feb: 80.00; Mar: 12.25."))
    }

    func testNiceScales() {
        let cases: [(Double, Bool, Double, Double)] = [  // data max, integral → scale max, step
            (12, true, 15, 5), (30, true, 30, 10), (31, true, 40, 10), (101, true, 150, 50), (1_234, true, 1_500, 500),
            (1, true, 3, 1), (0, true, 3, 1), (4, true, 4, 1), (7, true, 8, 2), (0.7, false, 0.8, 0.2), (1, false, 1, 0.2),
            (0, false, 1, 0.2), (0.034, false, 0.04, 0.01), (99_999, true, 100_000, 20_000)
        ]
        for (dataMax, integral, max, step) in cases {
            let scale = ChartScale(dataMax: dataMax, integral: integral)
            XCTAssertEqual(scale.max, max, accuracy: max * 1e-12, "\(dataMax)")
            XCTAssertEqual(scale.step, step, accuracy: step * 1e-12, "\(dataMax)")
        }
        XCTAssertEqual(ChartScale(dataMax: 0.7, integral: false).decimals, 1)
        XCTAssertEqual(ChartScale(dataMax: 0.034, integral: false).decimals, 2)
        // Properties over many maxima: 4–6 ticks, 1/2/5 × 10ⁿ apart, the top a tick ≥ the data.
        var x = 0.013
        while x < 5e7 {
            for integral in [false, true] where !integral || x >= 1 {
                let scale = ChartScale(dataMax: x, integral: integral)
                XCTAssertTrue((4...6).contains(scale.ticks.count), "\(x): \(scale.ticks)")
                XCTAssertGreaterThanOrEqual(scale.max, x)
                XCTAssertEqual(scale.ticks.last, scale.max)
                let mantissa = scale.step / pow(10, log10(scale.step).rounded(.down))
                XCTAssertTrue([1.0, 2, 5].contains { abs($0 - mantissa) < 1e-9 }, "\(x): step \(scale.step)")
                if integral { XCTAssertGreaterThanOrEqual(scale.step, 1) }
            }
            x *= 1.37
        }
    }

    func testDecimalTicksOnlyWhenNeeded() async throws {
        let chart = Chart.line(id: "rate", title: "Share retaken", unit: "", points: [("A", 0.25), ("B", 0.7)])
        let (_, root) = try await Self.renderParsed(chart)
        let svg = try XCTUnwrap(root.first("svg"))
        XCTAssertEqual(svg.all("text").filter { $0["class"] == "chart-tick" }.map(\.text), ["0", "0.2", "0.4", "0.6", "0.8"])
        XCTAssertEqual(try XCTUnwrap(root.first("desc")).text, "Share retaken. A: 0.25; B: 0.70.")
        XCTAssertEqual(root.first("thead")?.all("th").map(\.text), ["Category", "Value"])
    }

    // MARK: - Stacked bars

    func testStackedSegmentsSumToTheStack() async throws {
        let data: [(label: String, values: [Double])] = [
            ("Maria Gonzalez", [14, 3]), ("James Okafor", [9, 7]), ("Priya Raman", [0, 5]),
            ("Tom Becker", [21, 0]), ("Aiko Tanaka", [6, 2])
        ]
        let chart = Chart.stackedBars(
            id: "critiques", title: "Critiques per photographer", unit: "critiques", categoryName: "Photographer",
            series: ["Good", "Needs improvement"], categories: data)
        XCTAssertEqual(chart.scale.max, 25)
        let (_, root) = try await Self.renderParsed(chart)
        // Legend: one swatch per series, coloured by series class.
        XCTAssertEqual(root.first("ul")?.all("li").map(\.text), ["Good", "Needs improvement"])
        XCTAssertEqual(root.first("ul")?.all("span").map { $0["class"] }, ["chart-swatch series-1", "chart-swatch series-2"])
        for svg in root.all("svg") {
            let plot = try Self.plotGeometry(svg)
            let rects = svg.all("rect")
            XCTAssertEqual(rects.count, 8, "zero segments are left out")
            // Group segments by bar (same x): bottom to top, each proportional, together the total.
            var stacks: [String: [XMLElement]] = [:]
            for rect in rects { stacks[rect["x"]!, default: []].append(rect) }
            XCTAssertEqual(stacks.count, data.count)
            for (rectsOfBar, category) in zip(rects.chunkedByX(), data) {
                let nonZero = category.values.enumerated().filter { $0.element > 0 }
                XCTAssertEqual(rectsOfBar.map { $0["class"] }, nonZero.map { "chart-bar series-\($0.offset + 1)" })
                for (rect, value) in zip(rectsOfBar, nonZero.map(\.element)) {
                    XCTAssertEqual(Double(rect["height"]!)!, value / 25 * plot.height, accuracy: 0.01)
                }
                let sum = rectsOfBar.map { Double($0["height"]!)! }.reduce(0, +)
                XCTAssertEqual(sum, category.values.reduce(0, +) / 25 * plot.height, accuracy: 0.02)
                // Stacked without gaps: each segment starts where the one below ends.
                var bottom = plot.baseY
                for rect in rectsOfBar {
                    XCTAssertEqual(Double(rect["y"]!)! + Double(rect["height"]!)!, bottom, accuracy: 0.011)
                    bottom = Double(rect["y"]!)!
                }
            }
            XCTAssertEqual(rects.first?.first("title")?.text, "Maria Gonzalez, Good: 14 critiques")
        }
        XCTAssertEqual(
            Self.rows(try XCTUnwrap(root.first("table"))),
            data.map { row in
                [row.label] + (row.values + [row.values.reduce(0, +)]).map { Format.integer(Int($0)) }
            })
        XCTAssertEqual(root.first("thead")?.all("th").map(\.text), ["Photographer", "Good", "Needs improvement", "Total"])
        let desc = try XCTUnwrap(root.first("desc")).text
        XCTAssertTrue(
            desc.hasPrefix(
                "Critiques per photographer (critiques), by Good and Needs improvement. Maria Gonzalez: Good 14, Needs improvement 3, total 17; "),
            desc)
        for row in data { for v in row.values + [row.values.reduce(0, +)] { XCTAssertTrue(desc.contains(Format.integer(Int(v)))) } }
    }

    // MARK: - Line

    func testLineHasAPointAndATitledMarkerPerCategory() async throws {
        let points: [(label: String, value: Double)] = [("Jan", 410.5), ("Feb", 388), ("Mar", 512.25), ("Apr", 0)]
        let chart = Chart.line(id: "miles", title: "Miles per month", unit: "miles", categoryName: "Month", points: points)
        let (_, root) = try await Self.renderParsed(chart)
        XCTAssertEqual(chart.scale.max, 600)
        for svg in root.all("svg") {
            let plot = try Self.plotGeometry(svg)
            let polyline = try XCTUnwrap(svg.first("polyline"))
            let coordinates = polyline["points"]!.split(separator: " ").map { $0.split(separator: ",").map { Double($0)! } }
            XCTAssertEqual(coordinates.count, points.count)
            let markers = svg.all("circle")
            XCTAssertEqual(
                markers.map { $0.first("title")!.text }, ["Jan: 410.50 miles", "Feb: 388.00 miles", "Mar: 512.25 miles", "Apr: 0.00 miles"])
            for ((point, marker), xy) in zip(zip(points, markers), coordinates) {
                XCTAssertEqual(plot.baseY - xy[1], point.value / 600 * plot.height, accuracy: 0.01)
                XCTAssertEqual(marker["cx"], String(format: "%.2f", xy[0]))
                XCTAssertEqual(marker["cy"], String(format: "%.2f", xy[1]))
            }
            XCTAssertTrue(coordinates.map { $0[0] }.isSorted, "left to right")
            XCTAssertNotNil(svg.first("path")?["d"])
            XCTAssertTrue(svg.all("rect").isEmpty)
        }
        XCTAssertEqual(Self.rows(try XCTUnwrap(root.first("table"))), [["Jan", "410.50"], ["Feb", "388.00"], ["Mar", "512.25"], ["Apr", "0.00"]])
    }

    // MARK: - Hostile and degenerate input

    func testHostileLabelsAreEscaped() async throws {
        let hostile = #"<script>alert("x")</script>"#, quotes = #"Tom "Two-Shot" & O'Brien"#
        let chart = Chart.stackedBars(
            id: #""><script>x</script>"#, title: "Critiques <b>&</b>", unit: #"a"b"#,
            categoryName: "<i>Who</i>",
            series: ["<em>Good</em>", "Needs & more"], categories: [(hostile, [1, 2]), (quotes, [3, 0])])
        let (html, root) = try await Self.renderParsed(chart)
        XCTAssertFalse(html.contains("<script"), "no raw tag")
        XCTAssertFalse(html.contains("<b>") || html.contains("<em>") || html.contains("<i>"))
        XCTAssertTrue(html.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"))
        XCTAssertEqual(chart.chartId, "script-x-script")
        // Parsed back, the text is exactly what was given.
        XCTAssertEqual(root.first("figcaption")?.text, "Critiques <b>&</b>")
        XCTAssertEqual(root.first("title")?.text, "Critiques <b>&</b>")
        XCTAssertEqual(root.first("ul")?.all("li").map(\.text), ["<em>Good</em>", "Needs & more"])
        XCTAssertEqual(Self.rows(try XCTUnwrap(root.first("table"))).map(\.first), [hostile, quotes])
        XCTAssertEqual(root.first("thead")?.first("th")?.text, "<i>Who</i>")
        let svg = try XCTUnwrap(root.first("svg"))
        XCTAssertEqual(svg.all("rect").first?.first("title")?.text, "\(hostile), <em>Good</em>: 1 a\"b")
        XCTAssertTrue(svg.first("desc")!.text.contains(quotes))
        let labelTexts = svg.all("text").filter { $0["class"] == "chart-label" }
        XCTAssertEqual(labelTexts.count, 2)
        for (label, full) in zip(labelTexts, [hostile, quotes]) {
            // Cut or whole, a label starts like its category and a cut one keeps the full text.
            if let title = label.first("title") { XCTAssertEqual(title.text, full) } else { XCTAssertEqual(Self.shown(label), full) }
        }
    }

    func testEmptyChartSaysNoData() async throws {
        for chart in [
            Chart.bars(id: "e", title: "Reports per month", unit: "reports", categories: []),
            Chart.stackedBars(id: "e", title: "Reports per month", unit: "reports", series: ["A", "B"], categories: []),
            Chart.line(id: "e", title: "Reports per month", unit: "reports", points: [])
        ] {
            let (html, root) = try await Self.renderParsed(chart)
            XCTAssertTrue(chart.isEmpty)
            XCTAssertEqual(root.all("svg").count, 2)
            for svg in root.all("svg") {
                XCTAssertEqual(svg["role"], "img")
                XCTAssertEqual(svg.first("desc")?.text, "Reports per month (reports): no data.")
                XCTAssertEqual(svg.all("text").map(\.text), ["No data"])
                XCTAssertTrue(svg.all("rect").isEmpty && svg.all("polyline").isEmpty)
            }
            XCTAssertNil(root.first("table"))
            XCTAssertNil(root.first("ul"), "no legend")
            XCTAssertFalse(html.contains("nan") || html.contains("inf"))
        }
    }

    func testSingleZeroValueAndNegativeValues() async throws {
        let zero = Chart.bars(id: "z", title: "Reports", unit: "reports", categories: [("Aug 2025", 0)])
        XCTAssertEqual(zero.scale.max, 3, "an axis even when everything is 0")
        let (html, root) = try await Self.renderParsed(zero)
        XCTAssertFalse(html.lowercased().contains("nan") || html.contains("inf"))
        for svg in root.all("svg") {
            XCTAssertEqual(svg.all("rect").map { $0["height"] }, ["0.00"])
            XCTAssertEqual(svg.all("text").filter { $0["class"] == "chart-tick" }.map(\.text), ["0", "1", "2", "3"])
        }
        XCTAssertEqual(Self.rows(try XCTUnwrap(root.first("table"))), [["Aug 2025", "0"]])
        XCTAssertEqual(root.first("desc")?.text, "Reports (reports). Aug 2025: 0.")

        // Negative and non-finite values are not expected: drawn and listed as 0.
        let odd = Chart.bars(id: "n", title: "T", unit: "", categories: [("a", -5), ("b", .nan), ("c", .infinity), ("d", 2)])
        XCTAssertEqual(odd.table.rows.map(\.cells), [["0"], ["0"], ["0"], ["2"]])
        XCTAssertEqual(odd.layouts[0].bars.map(\.barHeight).prefix(3), ["0.00", "0.00", "0.00"])
    }

    func testManyCategoriesRotateAndThinLabelsWithoutOverlap() async throws {
        let months = (0..<36).map { i in
            (
                label: "\(["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][i % 12]) \(2023 + i / 12)",
                value: Double((i * 37) % 50 + 3)
            )
        }
        let chart = Chart.bars(id: "long", title: "Reports per month", unit: "reports", categoryName: "Month", categories: months)
        let (_, root) = try await Self.renderParsed(chart)
        XCTAssertEqual(Self.rows(try XCTUnwrap(root.first("table"))).count, 36, "the table lists every category")
        for svg in root.all("svg") {
            XCTAssertEqual(svg.all("rect").count, 36, "every bar drawn")
            XCTAssertEqual(Set(svg.all("rect").map { $0.first("title")!.text }), Set(months.map { "\($0.label): \(Int($0.value)) reports" }))
            let viewBox = svg["viewBox"]!.split(separator: " ").map { Double($0)! }
            let fontSize = Double(svg["font-size"]!)!
            let labels = svg.all("text").filter { $0["class"] == "chart-label" }
            XCTAssertTrue(labels.allSatisfy { $0["transform"]?.hasPrefix("rotate(-45 ") == true }, "rotated")
            XCTAssertLessThan(labels.count, 36, "thinned")
            XCTAssertGreaterThan(labels.count, 5)
            let xs = labels.map { Double($0["x"]!)! }
            for (a, b) in zip(xs, xs.dropFirst()) {
                XCTAssertGreaterThanOrEqual((b - a) * 0.7071, fontSize * 1.25, "rotated neighbours over a line apart")
            }
            // Nothing drawn outside the picture.
            for element in svg.all("rect") + labels {
                XCTAssertGreaterThanOrEqual(Double(element["x"]!)!, 0)
                XCTAssertLessThanOrEqual(Double(element["x"]!)!, viewBox[2])
            }
            // Bars are no wider than their slot: they never touch.
            let rects = svg.all("rect").map { (x: Double($0["x"]!)!, width: Double($0["width"]!)!) }
            for (a, b) in zip(rects, rects.dropFirst()) { XCTAssertLessThan(a.x + a.width, b.x) }
        }
    }

    func testLongLabelsAreCutWithTheFullTextKept() async throws {
        let names = [
            "Alexandra Montgomery-Worthington", "Bo", "Christopher Vanderberg III", "Dee", "Evangeline Fairweather-Smith",
            "Fay", "Giovanni Castellanos", "Hal"
        ]
        let chart = Chart.bars(id: "n", title: "Critiques", unit: "critiques", categories: names.map { ($0, 3) })
        let (_, root) = try await Self.renderParsed(chart)
        for svg in root.all("svg") {
            let labels = svg.all("text").filter { $0["class"] == "chart-label" }
            XCTAssertEqual(labels.count, names.count)
            for (label, name) in zip(labels, names) {
                let shown = Self.shown(label)
                if let title = label.first("title") {
                    XCTAssertEqual(title.text, name)
                    // Each line is a piece of the name, in order; at least one is cut.
                    let lines = label.all("tspan").map(\.text)
                    XCTAssertTrue(lines.contains { $0.hasSuffix("…") }, shown)
                    var rest = Substring(name)
                    for line in lines {
                        let piece = line.hasSuffix("…") ? String(line.dropLast()) : line
                        let range = try XCTUnwrap(rest.range(of: piece), "\(shown) in \(name)")
                        rest = rest[range.upperBound...]
                    }
                } else {
                    XCTAssertEqual(shown, name)
                }
            }
            XCTAssertNotNil(labels.first?.first("title"), "the longest names are cut")
        }
        XCTAssertEqual(Self.rows(try XCTUnwrap(root.first("table"))).map(\.first), names)
    }

    func testIdsAreUniqueAcrossChartsAndLayouts() async throws {
        let charts = [
            Chart.bars(id: "a", title: "A", unit: "", categories: [("x", 1)]),
            Chart.line(id: "B b", title: "B", unit: "", points: [("x", 1), ("y", 2)])
        ]
        let root = try Self.parse(try await Self.render(charts))
        var ids: [String] = []
        func collect(_ element: XMLElement) {
            if let id = element["id"] { ids.append(id) }
            for child in element.children ?? [] { if let child = child as? XMLElement { collect(child) } }
        }
        collect(root)
        XCTAssertEqual(ids.count, Set(ids).count, "\(ids)")
        XCTAssertTrue(ids.allSatisfy { $0.wholeMatch(of: /[a-z0-9-]+/) != nil }, "\(ids)")
        XCTAssertEqual(charts.map(\.chartId), ["a", "b-b"])
    }

    func testNamesWrapOntoTwoLinesWhenThereIsRoom() async throws {
        let names = ["Maria Gonzalez", "James Okafor", "Priya Raman", "Tom Becker", "Aiko Tanaka", "Christopher Vanderberg"]
        let chart = Chart.bars(id: "p", title: "Critiques", unit: "critiques", categories: names.map { ($0, 4) })
        let (_, root) = try await Self.renderParsed(chart)
        let wide = try XCTUnwrap(root.all("svg").first)
        let labels = wide.all("text").filter { $0["class"] == "chart-label" }
        XCTAssertEqual(labels.map(Self.shown), names, "every name whole")
        XCTAssertTrue(labels.allSatisfy { $0["transform"] == nil && $0["text-anchor"] == "middle" }, "horizontal")
        let christopher = try XCTUnwrap(labels.last).all("tspan")
        XCTAssertEqual(christopher.map(\.text), ["Christopher", "Vanderberg"])
        XCTAssertEqual(christopher.map { $0["dy"] }, ["0", "1.15em"])
        XCTAssertEqual(christopher.map { $0["x"] }, [labels.last?["x"], labels.last?["x"]])
        XCTAssertNil(labels.last?.first("title"), "nothing cut")
    }

    // MARK: - Helpers

    /// The zero line's y and the plot height (zero line to the top tick's gridline).
    static func plotGeometry(_ svg: XMLElement) throws -> (baseY: Double, height: Double) {
        let lines = svg.all("line")
        let base = try XCTUnwrap(lines.last { $0["class"] == "chart-axis" }.flatMap { Double($0["y1"]!) })
        let top = try XCTUnwrap(lines.compactMap { Double($0["y1"]!) }.min())
        return (base, base - top)
    }

    /// A category label as shown: its lines (`<tspan>`s) joined by a space, without the `<title>`.
    static func shown(_ label: XMLElement) -> String { label.all("tspan").map(\.text).joined(separator: " ") }

    /// Body rows of a table as text: the row header, then the cells.
    static func rows(_ table: XMLElement) -> [[String]] {
        (table.first("tbody")?.all("tr") ?? []).map { $0.all("th").map(\.text) + $0.all("td").map(\.text) }
    }
}

private extension XMLElement {
    /// An attribute's value (looked up by name: `attribute(forName:)` misses them inside the SVG namespace on Linux).
    subscript(_ attribute: String) -> String? {
        (attributes ?? []).first { $0.name == attribute || $0.localName == attribute }?.stringValue
    }

    var text: String { stringValue ?? "" }

    /// Descendants named `name` (any namespace), in document order.
    func all(_ name: String) -> [XMLElement] {
        var found: [XMLElement] = []
        for child in children ?? [] {
            guard let element = child as? XMLElement else { continue }
            if element.localName == name || element.name == name { found.append(element) }
            found += element.all(name)
        }
        return found
    }

    func first(_ name: String) -> XMLElement? { all(name).first }
}

private extension Array where Element == XMLElement {
    /// Rects grouped by their x (one stacked bar each), in order.
    func chunkedByX() -> [[XMLElement]] {
        var groups: [[XMLElement]] = []
        for rect in self {
            if let last = groups.last?.last, last["x"] == rect["x"] {
                groups[groups.count - 1].append(rect)
            } else {
                groups.append([rect])
            }
        }
        return groups
    }
}

private extension Array where Element == Double {
    var isSorted: Bool { zip(self, dropFirst()).allSatisfy { $0 <= $1 } }
}
