import Foundation
import GenModel
import GenSupport

/// A small map drawn at build time as inline SVG: no tiles, no script, no request, so it works from disk, on
/// paper and inside an archive. Rendered by `partials/map-sketch`:
///
///     {{#sketch}}{{>partials/map-sketch}}{{/sketch}}
///
/// Points are placed by `SketchProjection` (north up), with a scale bar of a round distance and an N arrow.
/// A report's route (`RouteSketch`) draws home and each school as numbered markers joined by lines; a school's
/// page (`SchoolMap`) draws every school of the organization as a dot and rings its own. Every coordinate is
/// computed here and written with one decimal (the same input gives the same bytes); the template only prints
/// strings, escaped. No key is optional but `dots`, `line` and `here` (null where a sketch has none), so a
/// nested context never falls back to an outer key of the same name.
struct MapSketch: Sendable, Encodable {
    /// A labelled marker: a pill as wide as its text, centred on its point.
    struct Mark: Sendable, Encodable {
        /// `home` or `stop`: its look (CSS class `sk-home` or `sk-stop`).
        var kind: String
        /// `H`, `1`, `2`…; stops at one point share a marker: `1,3`.
        var text: String
        /// The pill's top-left corner and width (its height is the template's: `Frame.markHeight`).
        var x: String
        var y: String
        var width: String
        /// The pill's centre, where its text is written.
        var textX: String
        var textY: String
    }

    /// The point a map is about (a school's page): ringed.
    struct Here: Sendable, Encodable {
        var hereX: String
        var hereY: String
    }

    /// What the sketch shows, in words: its `<title>`, the name a screen reader gives the image (`role="img"`).
    var sketchLabel: String
    var sketchWidth: String
    var sketchHeight: String
    /// Every other point as a dot: one path, `M x,y h0` per point (round caps draw them); nil without any.
    var dots: String?
    /// The route, home → each stop → home (`M … L … Z`); nil on a map without one.
    var line: String?
    var marks: [Mark]
    var here: Here?
    /// The scale bar (a bracket `scaleMiles` long) and its label, at the foot on the left.
    var scalePath: String
    var scaleText: String
    var scaleX: String
    var scaleY: String
    /// The N arrow, at the top on the right: north is up.
    var northPath: String
    var northX: String
    var northY: String

    /// The sketch's size and the part of it the points are fitted into, in SVG units (CSS pixels at full size).
    enum Frame {
        static let width = 240.0
        static let height = 160.0
        /// Room around the points for the markers, below for the scale bar, on the right for the N arrow.
        static let plot = SketchProjection.Plot(x: 16, y: 14, width: 196, height: 112)
        /// The longest scale bar.
        static let longestBar = 80.0
        /// A route or map whose points lie together shows at least this many miles across its plot's height.
        static let leastMiles = 1.0
        static let markHeight = 16.0
    }

    /// The parts every sketch has: frame, scale bar and N arrow, for points placed by `projection`.
    init(
        label: String, projection: SketchProjection, dots: String? = nil, line: String? = nil, marks: [Mark] = [],
        here: Here? = nil
    ) {
        let f = Self.number
        let bar = ScaleBar(pixelsPerMile: projection.pixelsPerMile, longest: Frame.longestBar)
        let left = Frame.plot.x
        let foot = Frame.height - 12
        sketchLabel = label
        sketchWidth = FastFormat.fixed(Frame.width, decimals: 0)
        sketchHeight = FastFormat.fixed(Frame.height, decimals: 0)
        self.dots = dots
        self.line = line
        self.marks = marks
        self.here = here
        scalePath = "M\(f(left)),\(f(foot - 6))v6h\(f(bar.length))v-6"
        scaleText = bar.text
        scaleX = f(left + bar.length + 5)
        scaleY = f(foot + 1)
        let north = Frame.width - 12
        northPath = "M\(f(north)),6l5,13l-5,-3.5l-5,3.5z"
        northX = f(north)
        northY = f(31)
    }

    /// A labelled marker centred on `point`.
    static func mark(kind: String, text: String, at point: (x: Double, y: Double)) -> Mark {
        let f = number
        // One character makes a circle; a digit or comma of the sketch's 11-unit bold text is about 6.5 units wide.
        let width = text.count == 1 ? Frame.markHeight : Double(text.count) * 6.5 + 7
        return Mark(
            kind: kind, text: text, x: f(point.x - width / 2), y: f(point.y - Frame.markHeight / 2), width: f(width),
            textX: f(point.x), textY: f(point.y))
    }

    /// A coordinate as the SVG has it: one decimal (a tenth of a pixel at full size), never `-0.0`.
    static func number(_ x: Double) -> String { FastFormat.fixed(x, decimals: 1) }
}

/// Where a sketch puts a point: an equirectangular projection, x east and y south, with longitudes scaled by
/// the cosine of the points' mean latitude so that a mile east is drawn as long as a mile north near them
/// (latitudes are `SketchProjection.milesPerDegree` apart everywhere). The points' bounding box is scaled to
/// fit the plot, whichever side is tighter, and centred in it; points that lie together (one point, or all on
/// one meridian or parallel) show `leastMiles` across the plot's shorter side.
struct SketchProjection: Sendable {
    struct Plot: Sendable {
        var x: Double
        var y: Double
        var width: Double
        var height: Double
    }

    /// Miles per degree of latitude (and of scaled longitude), on the sphere the mileage uses.
    static let milesPerDegree = Haversine.earthRadiusMiles * Double.pi / 180

    /// cos(mean latitude): scales longitudes.
    let cosine: Double
    /// SVG units per degree.
    let scale: Double
    /// The bounding box's centre (scaled longitude, latitude) and where it goes.
    let centerU: Double
    let centerV: Double
    let centerX: Double
    let centerY: Double

    /// `points` must not be empty.
    init(_ points: [GeoPoint], plot: Plot, leastMiles: Double = MapSketch.Frame.leastMiles) {
        precondition(!points.isEmpty, "a sketch needs a point")
        let mean = points.reduce(0) { $0 + $1.latitude } / Double(points.count)
        let cosine = cos(mean * Double.pi / 180)
        self.cosine = cosine
        let us = points.map { $0.longitude * cosine }
        let vs = points.map(\.latitude)
        let (west, east, south, north) = (us.min()!, us.max()!, vs.min()!, vs.max()!)
        centerU = (west + east) / 2
        centerV = (south + north) / 2
        centerX = plot.x + plot.width / 2
        centerY = plot.y + plot.height / 2
        let fitted = min(east > west ? plot.width / (east - west) : .infinity, north > south ? plot.height / (north - south) : .infinity)
        scale = min(fitted, min(plot.width, plot.height) / (leastMiles / Self.milesPerDegree))
    }

    func project(_ p: GeoPoint) -> (x: Double, y: Double) {
        (centerX + (p.longitude * cosine - centerU) * scale, centerY - (p.latitude - centerV) * scale)
    }

    var pixelsPerMile: Double { scale / Self.milesPerDegree }
}

/// A scale bar: the longest round distance (1, 2 or 5 × a power of ten miles, from 0.1 to 50,000) that is drawn
/// no longer than `longest`; the shortest, 0.1 mi, when even that is longer.
struct ScaleBar: Sendable, Equatable {
    var miles: Double
    /// In SVG units.
    var length: Double
    /// `0.5 mi`, `2 mi`, `1,000 mi`.
    var text: String

    static let distances: [Double] = (-1...4).flatMap { exponent in
        [1.0, 2.0, 5.0].map { exponent < 0 ? $0 / 10 : $0 * pow(10, Double(exponent)) }
    }

    init(pixelsPerMile: Double, longest: Double) {
        let fitting = Self.distances.last { $0 * pixelsPerMile <= longest } ?? Self.distances[0]
        miles = fitting
        length = fitting * pixelsPerMile
        text = (fitting < 1 ? FastFormat.fixed(fitting, decimals: 1) : Format.integer(Int(fitting))) + " mi"
    }
}

/// Where a place is on a map outside the site: OpenStreetMap in a browser, and a `geo:` URI that a phone opens in
/// its maps app. Made only from a valid `GeoPoint` (numbers within range), written with five decimals (about a
/// metre): no text of the data reaches the addresses.
struct MapLinks: Sendable, Encodable {
    var osm: String
    var geo: String

    init?(_ point: GeoPoint) {
        guard point.isValid else { return nil }
        let lat = FastFormat.fixed(point.latitude, decimals: 5)
        let lng = FastFormat.fixed(point.longitude, decimals: 5)
        osm = "https://www.openstreetmap.org/?mlat=\(lat)&mlon=\(lng)#map=15/\(lat)/\(lng)"
        geo = "geo:\(lat),\(lng)"
    }
}
