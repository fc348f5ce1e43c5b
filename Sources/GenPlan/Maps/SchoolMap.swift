import GenModel

/// Every school of an organization that has usable coordinates, as dots on one sketch (`MapSketch`), made once:
/// each school's page shows it with its own school ringed. The dots are the same on every page.
struct SchoolMap: Sendable {
    private let projection: SketchProjection
    private let dots: String
    /// Each school's point, by id (only schools whose coordinates read as a `GeoPoint`).
    private let points: [DocumentID: GeoPoint]

    /// Nil when no school has usable coordinates.
    init?(_ schools: [School]) {
        let located = schools.compactMap { school in school.point.map { (school.id, $0) } }
        guard !located.isEmpty else { return nil }
        points = Dictionary(located, uniquingKeysWith: { a, _ in a })
        projection = SketchProjection(located.map(\.1), plot: MapSketch.Frame.plot)
        // One dot per place: schools drawn at one point (a campus) share it.
        let f = MapSketch.number
        var seen = Set<String>()
        var dots = ""
        for (_, point) in located {
            let at = projection.project(point)
            let dot = "M\(f(at.x)),\(f(at.y))h0"
            if seen.insert(dot).inserted { dots += dot }
        }
        self.dots = dots
        count = points.count
    }

    /// How many schools are on the map.
    let count: Int

    /// The map with `school` ringed; nil for a school without usable coordinates (not on the map).
    func sketch(for school: School) -> MapSketch? {
        guard let point = points[school.id] else { return nil }
        let at = projection.project(point)
        let others = count == 1 ? "the organization’s only school with coordinates" : "the organization’s \(count) schools with coordinates"
        return MapSketch(
            label: "Map of \(others), \(school.value) ringed; north is up", projection: projection, dots: dots,
            here: MapSketch.Here(hereX: MapSketch.number(at.x), hereY: MapSketch.number(at.y)))
    }
}
