import GenCompute
import GenModel
@testable import GenPlan
@testable import GenRender
import MustacheEngine
import XCTest

/// The views that give the templates their values directly give the same values their `Encodable`
/// conformance gives: a property added to one and forgotten in the other fails here.
final class TemplateValueTests: XCTestCase {
    /// The encoder's values for `view` (its own direct values bypassed: encoded as a plain `Encodable`).
    func encoded(_ view: some Encodable) throws -> MustacheValue {
        // Fragments too: their contents are encoded, not taken from their views (`Describe` ignores keys).
        try PageValues(fragment: { MustacheShared(key: MustacheKey(high: 0, low: 0), value: try self.encoded($0.context)) })
            .value(Plain(view: view))
    }

    /// Hides a view's type from the encoder's shortcuts.
    struct Plain<V: Encodable>: Encodable {
        let view: V
        func encode(to encoder: any Encoder) throws { try view.encode(to: encoder) }
    }

    func assertSame(_ view: some TemplateValue & Encodable, file: StaticString = #filePath, line: UInt = #line) throws {
        try assertSame(view.templateValue, view, file: file, line: line)
    }

    /// `value` is what `view` encodes to; else says where they first differ.
    func assertSame(
        _ value: MustacheValue, _ view: some Encodable, _ message: String = "", file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let direct = Describe(value).text, walked = Describe(try encoded(view)).text
        guard direct != walked else { return }
        let same = zip(direct, walked).prefix { $0 == $1 }.count
        func around(_ text: String) -> String { String(text.dropFirst(max(0, same - 80)).prefix(200)) }
        XCTFail("\(message) differs at \(same): direct …\(around(direct))… encoded …\(around(walked))…", file: file, line: line)
    }

    func field(_ value: FieldValue, origin: FormField.Origin = .entered) -> FormField {
        FormField(id: "f", label: "Label", type: "text", value: value, origin: origin)
    }

    func testFieldRowsInEveryShape() throws {
        let values: [FieldValue] = [
            .empty, .text("a <b>"), .paragraphs("one\r\ntwo"), .email("a@b.c"), .phone("+1 (555) 010"), .list(["x", "y"]), .list([]),
            .yesNo(true), .pairs([.init(label: "k", value: "v")]),
            .files([.init(name: "a.jpg", url: "https://x/a.jpg", details: "1 MB"), .init(name: "b", url: "file:///b", details: nil)])
        ]
        for value in values {
            try assertSame(FieldRow(field(value)))
            try assertSame(FieldRow(field(value, origin: .automatic), problem: "is wrong"))
        }
    }

    func testBodiesRoutesAndHeaders() throws {
        let rows = [FieldRow(field(.text("x"))).block, FieldRow(field(.yesNo(false))).block]
        let route = MileagePages.Route(
            legs: [.init(from: "Home", to: "School", miles: "3.0", minutes: "7")], hasLegs: true, totalMinutes: nil, computed: "3.0",
            recorded: "4.0", miles: "3.0", source: "computed", notes: ["n"], hasNotes: true, discrepancy: "more than 10% and more than 1 mile")
        let body = ReportBody(
            facts: [.init(label: "Date", value: "Oct 3"), .init(label: "Schools", value: "A", inHead: true)], notes: ["note"],
            fields: RepeatedRows(rows), hasFields: true, others: RepeatedRows([]), hasOthers: false, valid: false,
            problems: ["p"], problemCount: "1 problem", hasOrigins: true)
        try assertSame(route)
        // A route drawn, with its key and map links; a map with dots and a ringed point.
        let home = GeoPoint(latitude: 37, longitude: -89)
        let (sketch, stops) = RouteSketch.make(
            RouteSketch.Points(home: home, stops: [("A & B", GeoPoint(latitude: 37.1, longitude: -89))]), miles: "13.8")
        var drawn = route
        drawn.sketch = sketch
        drawn.hasSketch = true
        drawn.stops = stops
        try assertSame(drawn)
        let projection = SketchProjection([home], plot: MapSketch.Frame.plot)
        try assertSame(MapSketch(label: "m", projection: projection, dots: "M1.0,2.0h0", here: .init(hereX: "1.0", hereY: "2.0")))
        XCTAssertEqual(Describe(body.templateValue).text, Describe(try encoded(body)).text)
        try assertSame(
            SiteHeader(
                siteTitle: "S", root: "../", organization: .init(name: "O", id: "o"), nav: [.init(title: "T", href: "h", current: true)], hasNav: true
            ))
        try assertSame(SiteHeader(siteTitle: "S", root: "", organization: nil, nav: [], hasNav: false))
    }

    func testReportPagesAndTheirContext() throws {
        let row = FieldRow(field(.text("x"))).block
        let body = Fragment(view: {
            ReportBody(
                facts: [.init(label: "Date", value: "Oct 3")], notes: [], fields: RepeatedRows([row]),
                hasFields: true, others: RepeatedRows([]), hasOthers: false, valid: true, problems: [], problemCount: "Valid")
        })
        let route = Fragment(view: {
            MileagePages.Route(
                legs: [], hasLegs: false, totalMinutes: "7", computed: "3.0", recorded: "", miles: "3.0", source: "computed", notes: [],
                hasNotes: false, discrepancy: nil)
        })
        let linked = ReportView(
            anchor: "r1", headingMarks: "##", heading: "Ann · Day", pageHref: "../r1.html", dayHref: nil, photographer: "Ann",
            photographerHref: "p/ann.html", validity: .invalid, problemCount: "1 problem",
            schools: [.init(name: "A", href: "a.html", more: true), .init(name: "B", href: nil, more: false)], hasSchools: true,
            body: body, route: route)
        let plain = ReportView(
            anchor: "r2", headingMarks: "###", heading: "Bo · Day", pageHref: nil, dayHref: "../index.html", photographer: "Bo",
            photographerHref: nil, validity: .valid, problemCount: "Valid", schools: [], hasSchools: false, body: body, route: nil)
        try assertSame(linked)
        try assertSame(plain)
        let toc = [ReportPages.TocEntry(href: "#r1", label: "Ann · Day", status: "1 problem", validity: .invalid)]
        let day = ReportPages.DayBody(
            dayTitle: "Friday, Oct 3", summary: "2 reports", toc: toc, reports: [linked, plain],
            previous: PageLink(href: "../a/index.html", label: "Oct 2"), next: nil, indexHref: "../../index.html")
        try assertSame(day)
        let page = ReportPages.ReportBody(report: plain, markdownHref: "r2.md", previous: nil, next: PageLink(href: "n.html", label: "N"))
        try assertSame(page)
        // The layout's context, with and without an organization and a navigation bar.
        for organization in [OrganizationLink(name: "O", id: "o"), nil] {
            let nav = [NavLink(title: "T", href: "h", current: true)]
            let dayContext = PageContext(siteTitle: "S", title: "T", root: "../", organization: organization, nav: nav, direct: day)
            XCTAssertEqual(Describe(dayContext.templateValue).text, Describe(try encoded(dayContext)).text)
            let reportContext = PageContext(siteTitle: "S", title: "T", root: "", organization: organization, nav: [], direct: page)
            XCTAssertEqual(Describe(reportContext.templateValue).text, Describe(try encoded(reportContext)).text)
        }
    }
}

/// A value written out in full, shared values by their content, to compare two values.
private struct Describe {
    var text = ""

    init(_ value: MustacheValue) { add(value) }

    mutating func add(_ value: MustacheValue) {
        switch value {
        case .null: text += "null"
        case .bool(let b): text += "\(b)"
        case .int(let i): text += "i\(i)"
        case .double(let d): text += "d\(d)"
        case .text(let s): text += s.debugDescription
        case .list(let items):
            text += "["
            for item in items {
                add(item)
                text += ","
            }
            text += "]"
        case .object(let object):
            text += "{"
            for (key, value) in object.entries {
                text += key + ":"
                add(value)
                text += ","
            }
            text += "}"
        case .shared(let shared):
            text += "shared("
            add(shared.value)
            text += ")"
        }
    }
}
