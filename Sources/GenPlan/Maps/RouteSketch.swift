import GenCompute
import GenModel
import GenResolve

/// A report's route as a sketch (`MapSketch`): home (`H`) and each school in visiting order (`1`, `2`, … as the
/// route's table lists them), joined by straight lines and back home; and its key, the same stops by name, each
/// school with links to open it in a map outside the site. Only a report's own page shows it: never a monthly
/// archive, which links nothing outside itself. Home has no map link: it is a photographer's house.
enum RouteSketch {
    /// One stop of the key, in visiting order: home first.
    struct Stop: Sendable, Encodable {
        /// The marker's text: `H`, `1`, `2`, …
        var mark: String
        /// `home` or `stop`, as the marker.
        var kind: String
        var name: String
        /// Where the school is on OpenStreetMap and in a maps app; nil for home.
        var links: MapLinks?
    }

    /// A route's points: home, then each stop the route went to, with the name its legs give it.
    struct Points: Sendable {
        var home: GeoPoint
        var stops: [(name: String, point: GeoPoint)]
    }

    /// The points of `mileage`'s computed route as `MileageCalculator.route` made it: `home` (the photographer's
    /// coordinates), then each stop (`RouteStops`), in order, repeats kept. Nil without computed legs, or when the
    /// legs do not run through exactly these stops (then nothing is drawn rather than something that differs
    /// from the table).
    static func points(_ mileage: ReportMileage, home: GeoPoint?, in org: Organization) -> Points? {
        guard let home, mileage.computedMiles != nil, !mileage.legs.isEmpty else { return nil }
        let route = RouteStops(mileage.schools, in: org)
        let ends = route.legs
        guard mileage.legs.count == ends.count,
            zip(mileage.legs, ends).allSatisfy({ leg, end in leg.to == (end.to?.school.value ?? RouteStops.home) })
        else { return nil }
        return Points(home: home, stops: route.stops.map { ($0.school.value, $0.point) })
    }

    /// The sketch and its key; `miles` is the route's computed total as the page shows it.
    static func make(_ points: Points, miles: String) -> (sketch: MapSketch, key: [Stop]) {
        let all = [points.home] + points.stops.map(\.point)
        let projection = SketchProjection(all, plot: MapSketch.Frame.plot)
        let placed = all.map(projection.project)
        let f = MapSketch.number
        // Stops drawn at one point share a marker, whose text lists them all ("1,3"; "H,1" for a school at home).
        var marks: [(key: String, kind: String, texts: [String], at: (x: Double, y: Double))] = []
        for (i, at) in placed.enumerated() {
            let key = f(at.x) + "," + f(at.y)
            let text = i == 0 ? "H" : String(i)
            if let j = marks.firstIndex(where: { $0.key == key }) {
                marks[j].texts.append(text)
            } else {
                marks.append((key, i == 0 ? "home" : "stop", [text], at))
            }
        }
        let line = "M" + placed.map { f($0.x) + "," + f($0.y) }.joined(separator: "L") + "Z"
        let names = ["Home"] + points.stops.enumerated().map { "\($1.name) (\($0 + 1))" } + ["Home"]
        let sketch = MapSketch(
            label: names.joined(separator: " → ") + ", \(miles) mi", projection: projection, line: line,
            marks: marks.map { MapSketch.mark(kind: $0.kind, text: $0.texts.joined(separator: ","), at: $0.at) })
        let key =
            [Stop(mark: "H", kind: "home", name: "Home", links: nil)]
            + points.stops.enumerated().map { i, stop in
                Stop(mark: String(i + 1), kind: "stop", name: stop.name, links: MapLinks(stop.point))
            }
        return (sketch, key)
    }
}
