import GenModel
import GenResolve

/// Which stops a day's route visits: the one rule that `MileageCalculator` computes the legs by, that the school
/// pages split a route's miles by (`SchoolVisits.milesShares`) and that a route's sketch places its markers by
/// (`RouteSketch.points`), so that the three cannot tell different routes. A stop is each school the report
/// names, in the order it names them, that is one of the organization's (`Organization.school(matching:)`) and
/// whose coordinates read as a latitude and longitude; a school named twice is visited twice. The route starts at
/// the photographer's home, goes to each stop in turn and comes back home (`legs`); without a stop it has no leg.
public struct RouteStops: Sendable {
    /// What the legs call the photographer's home, where every route starts and ends.
    public static let home = "Home"

    /// A school the route goes to, with its point.
    public struct Stop: Sendable {
        public var school: School
        public var point: GeoPoint
    }

    /// What became of one name the report gives.
    public enum Outcome: Sendable {
        case stop(Stop)
        /// The name matches no school of the organization: left out of the route.
        case unknown(String)
        /// The school has no coordinates, or coordinates that are not a latitude and longitude: left out.
        case withoutCoordinates(School)
    }

    /// One outcome per name, in the report's order (what the calculator's notes and warnings explain).
    public let outcomes: [Outcome]
    /// The stops, in visiting order.
    public let stops: [Stop]

    /// The stops of a route through `names` (the schools a report visited, as it names them).
    public init(_ names: [String], in org: Organization) {
        outcomes = names.map { name in
            guard let school = org.school(matching: name) else { return .unknown(name) }
            guard let point = school.point else { return .withoutCoordinates(school) }
            return .stop(Stop(school: school, point: point))
        }
        stops = outcomes.compactMap { outcome in
            if case .stop(let stop) = outcome { return stop }
            return nil
        }
    }

    /// The ends of each leg, in driving order: home to the first stop, each stop to the next, the last back
    /// home; nil stands for home. No leg without a stop. Inlinable, so other modules get it specialized for their
    /// `Place` (generic, it copied every place through the type's witness table).
    @inlinable public static func legs<Place>(_ stops: [Place]) -> [(from: Place?, to: Place?)] {
        guard !stops.isEmpty else { return [] }
        let places: [Place?] = [nil] + stops.map { Optional($0) } + [nil]
        return zip(places, places.dropFirst()).map { (from: $0, to: $1) }
    }

    /// The legs' ends of this route: `legs(stops)`.
    public var legs: [(from: Stop?, to: Stop?)] { Self.legs(stops) }
}
