import Foundation
import GenBuild
import GenModel
@testable import GenPlan
import XCTest
import ZIPFoundation

/// The route sketches on report bodies and the school map on school pages (`GenPlan/Maps`): the projection and
/// scale bar against positions worked out by hand, the markers in visiting order, the words for a screen
/// reader, the degenerate routes, hostile names, the map links (numbers only), and where sketches appear: on a
/// report's own page and a school's page, never on a day, a month or inside an archive.
///
/// The points lie around latitude 60°, where cos(mean latitude) = 0.5, so by hand: Alpha (59.9, 10.0),
/// Central (60.0, 10.2) and Bravo (60.1, 10.4) scale to u = 5.0, 5.1, 5.2 and v = 59.9, 60.0, 60.1; the box,
/// 0.2 × 0.2 degrees, fits the 196 × 112 plot at min(196, 112) / 0.2 = 560 units a degree, centred at
/// (16 + 98, 14 + 56) = (114, 70): Alpha at (58, 126), Central at (114, 70), Bravo at (170, 14).
final class RouteSketchTests: XCTestCase {
    static let alpha = GeoPoint(latitude: 59.9, longitude: 10.0)
    static let central = GeoPoint(latitude: 60.0, longitude: 10.2)
    static let bravo = GeoPoint(latitude: 60.1, longitude: 10.4)

    // MARK: - Arithmetic

    func testProjectionPlacesKnownPointsNorthUp() {
        let projection = SketchProjection([Self.alpha, Self.central, Self.bravo], plot: MapSketch.Frame.plot)
        XCTAssertEqual(projection.cosine, 0.5, accuracy: 1e-12)
        XCTAssertEqual(projection.scale, 560, accuracy: 1e-9)
        for (point, x, y) in [(Self.alpha, 58.0, 126.0), (Self.central, 114.0, 70.0), (Self.bravo, 170.0, 14.0)] {
            let at = projection.project(point)
            XCTAssertEqual(at.x, x, accuracy: 1e-6, "\(point)")
            XCTAssertEqual(at.y, y, accuracy: 1e-6, "\(point)")
        }
        // Distances read right in every direction: Alpha to Bravo is 19.54 mi on the sphere (haversine).
        let a = projection.project(Self.alpha)
        let b = projection.project(Self.bravo)
        let drawn = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot() / projection.pixelsPerMile
        XCTAssertEqual(drawn, 19.5427, accuracy: 0.01)
        XCTAssertEqual(drawn, Haversine.miles(Self.alpha, Self.bravo), accuracy: 0.01)
    }

    func testScaleBarIsTheLongestRoundDistanceThatFits() {
        // 560 units a degree, 69.0941 miles a degree (3958.8 mi × π / 180): 8.1049 units a mile, so 5 mi is 40.52
        // units and 10 mi (81.05) is longer than the 80 allowed.
        let bar = ScaleBar(pixelsPerMile: 560 / 69.09409442795152, longest: 80)
        XCTAssertEqual(bar.miles, 5)
        XCTAssertEqual(bar.length, 40.5244, accuracy: 1e-4)
        XCTAssertEqual(bar.text, "5 mi")
        XCTAssertEqual(SketchProjection.milesPerDegree, 69.09409442795152, accuracy: 1e-9)
        let cases: [(ppm: Double, miles: Double, text: String)] = [
            (100, 0.5, "0.5 mi"), (80, 1, "1 mi"), (80.1, 0.5, "0.5 mi"), (30, 2, "2 mi"), (4, 20, "20 mi"),
            (0.05, 1_000, "1,000 mi"), (1_000, 0.1, "0.1 mi"), (0.0001, 50_000, "50,000 mi")
        ]
        for c in cases {
            let bar = ScaleBar(pixelsPerMile: c.ppm, longest: 80)
            XCTAssertEqual(bar.miles, c.miles, accuracy: 1e-12, "\(c.ppm)")
            XCTAssertEqual(bar.text, c.text, "\(c.ppm)")
        }
    }

    func testTwoSchoolRouteHasHomeThenItsSchoolsInVisitingOrder() {
        let points = RouteSketch.Points(home: Self.central, stops: [("Bravo High", Self.bravo), ("Alpha Elementary", Self.alpha)])
        let (sketch, key) = RouteSketch.make(points, miles: "39.1")
        XCTAssertEqual(sketch.marks.map(\.text), ["H", "1", "2"])
        XCTAssertEqual(sketch.marks.map(\.kind), ["home", "stop", "stop"])
        XCTAssertEqual(sketch.marks.map { "\($0.textX),\($0.textY)" }, ["114.0,70.0", "170.0,14.0", "58.0,126.0"])
        // A circle 16 across, centred on its point.
        XCTAssertEqual(sketch.marks.map { "\($0.x),\($0.y),\($0.width)" }, ["106.0,62.0,16.0", "162.0,6.0,16.0", "50.0,118.0,16.0"])
        XCTAssertEqual(sketch.line, "M114.0,70.0L170.0,14.0L58.0,126.0Z")
        XCTAssertEqual(sketch.sketchLabel, "Home → Bravo High (1) → Alpha Elementary (2) → Home, 39.1 mi")
        XCTAssertEqual(sketch.scalePath, "M16.0,142.0v6h40.5v-6")
        XCTAssertEqual(sketch.scaleText, "5 mi")
        XCTAssertEqual(sketch.scaleX, "61.5")
        XCTAssertEqual(key.map(\.mark), ["H", "1", "2"])
        XCTAssertEqual(key.map(\.name), ["Home", "Bravo High", "Alpha Elementary"])
        XCTAssertNil(key[0].links, "home is nobody's business outside the site")
        XCTAssertEqual(key[1].links?.osm, "https://www.openstreetmap.org/?mlat=60.10000&mlon=10.40000#map=15/60.10000/10.40000")
        XCTAssertEqual(key[1].links?.geo, "geo:60.10000,10.40000")
        XCTAssertEqual(key[2].links?.geo, "geo:59.90000,10.00000")
    }

    func testRouteWithAllStopsAtOnePointIsDrawnAroundIt() {
        // Home and the school at one point: one marker for both, a mile across the plot's height (112 units a
        // mile), so the scale bar is half a mile (56 units).
        let points = RouteSketch.Points(home: Self.central, stops: [("Central School", Self.central)])
        let (sketch, key) = RouteSketch.make(points, miles: "0.0")
        XCTAssertEqual(sketch.marks.map(\.text), ["H,1"])
        XCTAssertEqual(sketch.marks[0].textX, "114.0")
        XCTAssertEqual(sketch.marks[0].textY, "70.0")
        XCTAssertEqual(sketch.marks[0].width, "26.5")
        XCTAssertEqual(sketch.scaleText, "0.5 mi")
        XCTAssertEqual(sketch.scalePath, "M16.0,142.0v6h56.0v-6")
        XCTAssertEqual(key.map(\.mark), ["H", "1"])
        let text = [sketch.line ?? "", sketch.scalePath] + sketch.marks.flatMap { [$0.x, $0.y, $0.width] }
        XCTAssertFalse(text.joined().lowercased().contains("nan") || text.joined().contains("inf"), "\(text)")
        // Two stops at one point, the second visit of a school: its marker lists both.
        let twice = RouteSketch.Points(home: Self.alpha, stops: [("A", Self.bravo), ("B", Self.central), ("A", Self.bravo)])
        XCTAssertEqual(RouteSketch.make(twice, miles: "1.0").sketch.marks.map(\.text), ["H", "1,3", "2"])
    }

    func testMapLinksComeOnlyFromValidNumbers() {
        XCTAssertNil(MapLinks(GeoPoint(latitude: 91, longitude: 0)))
        XCTAssertNil(MapLinks(GeoPoint(latitude: .nan, longitude: 0)))
        XCTAssertEqual(MapLinks(GeoPoint(latitude: -0.000001, longitude: -179.5))?.geo, "geo:0.00000,-179.50000")
        XCTAssertNil(GeoPoint(coordinates: "37.1,-89.0\" onmouseover=\"alert(1)"))
        XCTAssertEqual(GeoPoint(coordinates: " 37.1 , -89 ").flatMap(MapLinks.init)?.geo, "geo:37.10000,-89.00000")
    }

    // MARK: - Pages

    static let org = "o1"

    /// Central is home; Bravo, Alpha, a school without coordinates, one whose coordinates are not numbers, and one
    /// whose name is markup (at Central's point, so the mean latitude stays 60°).
    func makeSite() throws -> TestSite {
        let site = try TestSite()
        try site.write("site.yml", "title: Field Reports\ntimeZone: UTC\n")
        try site.writeCollection(
            "users",
            [
                Doc.user("u1", org: Self.org, first: "Ann", last: "Lee", home: "60.0,10.2"),
                Doc.user("u2", org: Self.org, first: "Ben", last: "Roe", home: nil)
            ])
        try site.writeCollection(
            "schools",
            [
                Doc.school("s-alpha", org: Self.org, name: "Alpha Elementary", coordinates: "59.9,10.0"),
                Doc.school("s-bravo", org: Self.org, name: "Bravo High", coordinates: "60.1,10.4"),
                Doc.school("s-central", org: Self.org, name: "Central Middle", coordinates: "  60.0 ,10.2 "),
                Doc.school("s-none", org: Self.org, name: "Nowhere School", coordinates: nil),
                Doc.school("s-bad", org: Self.org, name: "Bad Coordinates", coordinates: "60.0,10.2\"><script>alert(1)</script>"),
                Doc.school("s-evil", org: Self.org, name: "<script>alert(\"x\")</script> & Sons", coordinates: "60.0,10.2")
            ])
        try site.writeCollection("reportTemplates", [Doc.template(org: Self.org)])
        try site.writeCollection(
            "dailyJobReports",
            [
                Doc.report("r-two", org: Self.org, user: "u1", date: "2024-09-03", extra: ["schools_visited": ["Bravo High", "s-alpha"]]),
                Doc.report("r-nocoords", org: Self.org, user: "u1", date: "2024-09-04", extra: ["schools_visited": ["Nowhere School"]]),
                Doc.report("r-nohome", org: Self.org, user: "u2", date: "2024-09-05", extra: ["schools_visited": ["Bravo High"]]),
                Doc.report("r-evil", org: Self.org, user: "u1", date: "2024-09-06", extra: ["schools_visited": ["s-evil"]]),
                Doc.report("r-here", org: Self.org, user: "u1", date: "2024-09-07", extra: ["schools_visited": ["Central Middle"]])
            ])
        return site
    }

    /// The SVG of the first sketch on a page.
    func sketch(_ page: String) -> String? {
        guard let start = page.range(of: "<svg class=\"sketch\""), let end = page.range(of: "</svg>", range: start.upperBound..<page.endIndex)
        else { return nil }
        return String(page[start.lowerBound..<end.upperBound])
    }

    func testReportPagesDrawTheRouteWithItsKeyAndLinks() async throws {
        let site = try makeSite()
        defer { site.remove() }
        try await site.build()
        let page = try site.text("\(Self.org)/reports/report/r-two.html")
        let svg = try XCTUnwrap(sketch(page), page)
        XCTAssertTrue(svg.contains("role=\"img\""))
        XCTAssertTrue(svg.contains("<title>Home → Bravo High (1) → Alpha Elementary (2) → Home, 39.1 mi</title>"), svg)
        // Three markers, in visiting order, where the projection puts home, Bravo and Alpha.
        let marks = svg.components(separatedBy: "<rect ").dropFirst().map { String($0.prefix { $0 != "/" }) }
        XCTAssertEqual(marks.count, 3, svg)
        XCTAssertTrue(marks[0].contains("class=\"sk-home\" x=\"106.0\" y=\"62.0\""), marks[0])
        XCTAssertTrue(marks[1].contains("class=\"sk-stop\" x=\"162.0\" y=\"6.0\""), marks[1])
        XCTAssertTrue(marks[2].contains("class=\"sk-stop\" x=\"50.0\" y=\"118.0\""), marks[2])
        let labels = svg.components(separatedBy: "<text ").dropFirst().map { String($0.split(separator: ">")[1].prefix { $0 != "<" }) }
        XCTAssertEqual(labels, ["H", "1", "2", "5 mi", "N"])
        XCTAssertTrue(svg.contains("d=\"M114.0,70.0L170.0,14.0L58.0,126.0Z\""), svg)
        XCTAssertFalse(svg.contains("http"), "nothing fetched")
        // The key: home and the schools in the table's order; each school's map links, made of its numbers.
        let key = try XCTUnwrap(page.range(of: "<ol class=\"route-stops\">").map { String(page[$0.lowerBound...].prefix { $0 != "\n" }) })
        let order = try ["Home", "Bravo High", "Alpha Elementary"].map { try XCTUnwrap(key.range(of: $0), $0).lowerBound }
        XCTAssertEqual(order, order.sorted(), key)
        XCTAssertTrue(
            key.contains(
                "<a href=\"https://www.openstreetmap.org/?mlat=60.10000&amp;mlon=10.40000#map=15/60.10000/10.40000\" rel=\"noopener\">Map (opens OpenStreetMap)</a>"
            ), key)
        XCTAssertTrue(key.contains("<a href=\"geo:59.90000,10.00000\">"), key)
        XCTAssertFalse(key.contains("60.0,10.2") || key.contains("60.00000"), "no link to home")
        // Its day's page and its month's page show the route's table alone: no sketch, no key, no map links.
        for other in ["reports/daily/2024-09-03/index.html", "reports/monthly/2024-09/index.html"] {
            let text = try site.text("\(Self.org)/\(other)")
            XCTAssertTrue(text.contains("<table class=\"legs\">"), other)
            XCTAssertNil(sketch(text), other)
            XCTAssertFalse(text.contains("route-stops") || text.contains("openstreetmap") || text.contains("geo:"), other)
        }
        // A school seen in the route table's order: the To column names Bravo before Alpha.
        let table = try XCTUnwrap(page.range(of: "<table class=\"legs\">").map { String(page[$0.lowerBound...]) })
        XCTAssertLessThan(try XCTUnwrap(table.range(of: "Bravo High")).lowerBound, try XCTUnwrap(table.range(of: "Alpha Elementary")).lowerBound)
    }

    func testRoutesWithoutComputedLegsHaveNoSketch() async throws {
        let site = try makeSite()
        defer { site.remove() }
        try await site.build()
        for report in ["r-nocoords", "r-nohome"] {
            let page = try site.text("\(Self.org)/reports/report/\(report).html")
            XCTAssertTrue(page.contains("<section class=\"route\">"), report)
            XCTAssertNil(sketch(page), report)
            XCTAssertFalse(page.contains("route-stops") || page.contains("openstreetmap"), report)
        }
        // Home at the school: one marker for both, and a scale bar.
        let here = try XCTUnwrap(sketch(try site.text("\(Self.org)/reports/report/r-here.html")))
        XCTAssertTrue(here.contains(">H,1</text>"), here)
        XCTAssertTrue(here.contains(">0.5 mi</text>"), here)
    }

    func testHostileNamesAndCoordinatesAreEscapedOrLeftOut() async throws {
        let site = try makeSite()
        defer { site.remove() }
        try await site.build()
        let page = try site.text("\(Self.org)/reports/report/r-evil.html")
        let svg = try XCTUnwrap(sketch(page))
        XCTAssertTrue(
            svg.contains("<title>Home → &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Sons (1) → Home, 0.0 mi</title>"), svg)
        XCTAssertFalse(page.contains("<script>alert"), "no markup of the data reaches a page")
        // Coordinates that are not two numbers in range: no links, and the text shown escaped.
        let bad = try site.text("\(Self.org)/schools/s-bad.html")
        XCTAssertFalse(bad.contains("<script>alert"))
        XCTAssertFalse(bad.contains("openstreetmap") || bad.contains("geo:"), "links only from numbers")
        XCTAssertNil(sketch(bad), "a school without usable coordinates is not on the map")
        XCTAssertNil(sketch(try site.text("\(Self.org)/schools/s-none.html")))
        for file in TestSite.files(under: site.output) where file.hasSuffix(".html") {
            XCTAssertFalse(try site.text(file).contains("<script>alert"), file)
        }
    }

    func testSchoolPageRingsItsOwnSchoolAmongTheOthers() async throws {
        let site = try makeSite()
        defer { site.remove() }
        try await site.build()
        // Alpha, Bravo, Central and the hostile school (at Central's point) have coordinates; the box is the one
        // worked out above.
        let expected = ["s-alpha": "cx=\"58.0\" cy=\"126.0\"", "s-bravo": "cx=\"170.0\" cy=\"14.0\"", "s-central": "cx=\"114.0\" cy=\"70.0\""]
        for (school, ring) in expected {
            let page = try site.text("\(Self.org)/schools/\(school).html")
            let svg = try XCTUnwrap(sketch(page), school)
            XCTAssertTrue(svg.contains("<circle class=\"sk-here\" \(ring) r=\"6\"/>"), "\(school): \(svg)")
            XCTAssertEqual(svg.components(separatedBy: "<circle").count - 1, 1, school)
            // Every school by name (the hostile one sorts first), one dot per place: Central and the hostile
            // school share theirs.
            XCTAssertTrue(svg.contains("<path class=\"sk-dots\" d=\"M114.0,70.0h0M58.0,126.0h0M170.0,14.0h0\"/>"), svg)
            XCTAssertTrue(svg.contains("schools with coordinates"), svg)
        }
        let central = try site.text("\(Self.org)/schools/s-central.html")
        XCTAssertTrue(central.contains("<title>Map of the organization’s 4 schools with coordinates, Central Middle ringed"), central)
        // The coordinates as stored, and the links made of the numbers they read as.
        XCTAssertTrue(central.contains("<dd>60.0 ,10.2<br><span class=\"map-links\">"), central)
        XCTAssertTrue(central.contains("href=\"https://www.openstreetmap.org/?mlat=60.00000&amp;mlon=10.20000#map=15/60.00000/10.20000\""))
        XCTAssertTrue(central.contains("href=\"geo:60.00000,10.20000\""))
    }

    func testArchiveShowsTheRouteWithoutSketchOrLinks() async throws {
        let site = try makeSite()
        defer { site.remove() }
        try await site.build()
        let zip = try Archive(url: site.output.appendingPathComponent("\(Self.org)/archive/2024-09.zip"), accessMode: .read)
        var index = Data()
        _ = try zip.extract(try XCTUnwrap(zip["2024-09/index.html"])) { index.append($0) }
        let page = String(decoding: index, as: UTF8.self)
        XCTAssertTrue(page.contains("<table class=\"legs\">"), "the route's table")
        XCTAssertNil(sketch(page))
        XCTAssertFalse(page.contains("route-stops"))
        for entry in zip where entry.path.hasSuffix(".html") || entry.path.hasSuffix(".md") {
            var data = Data()
            _ = try zip.extract(entry) { data.append($0) }
            let text = String(decoding: data, as: UTF8.self)
            XCTAssertFalse(text.contains("openstreetmap") || text.contains("geo:"), entry.path)
        }
    }
}
