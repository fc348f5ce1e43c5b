import Foundation

/// Distances as the original script measured them: the haversine formula written out term by term,
/// because a different grouping of the same formula can move a mileage across a rounding edge.
enum DemoGeography {
    static let earthRadiusMiles = 3958.8

    typealias Point = (latitude: Double, longitude: Double)

    /// Coordinates as the app stores them, `"lat,lng"`; one user has a space after the comma, which a
    /// tolerant reader trims.
    static func parse(_ text: String) -> Point {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        precondition(parts.count == 2, text)
        let trim = { (s: Substring) in s.trimmingCharacters(in: .whitespaces) }
        return (Double(trim(parts[0]))!, Double(trim(parts[1]))!)
    }

    /// `math.radians`: multiplied by π/180 computed once.
    private static func radians(_ degrees: Double) -> Double { degrees * (Double.pi / 180.0) }

    static func haversineMiles(_ lat1: Double, _ lng1: Double, _ lat2: Double, _ lng2: Double) -> Double {
        let p1 = radians(lat1), p2 = radians(lat2)
        let dphi = radians(lat2 - lat1)
        let dlmb = radians(lng2 - lng1)
        // `** 2` is C's pow() in Python, kept as pow() here.
        let a = pow(sin(dphi / 2), 2) + cos(p1) * cos(p2) * pow(sin(dlmb / 2), 2)
        return 2 * earthRadiusMiles * atan2(sqrt(a), sqrt(1 - a))
    }

    static func haversineMiles(_ a: Point, _ b: Point) -> Double {
        haversineMiles(a.latitude, a.longitude, b.latitude, b.longitude)
    }

    /// Home → each stop in order → home, as the app's `mileage` smart field adds it up.
    static func roundTripMiles(home: Point, stops: [Point]) -> Double {
        var total = 0.0
        var current = home
        for stop in stops {
            total += haversineMiles(current, stop)
            current = stop
        }
        total += haversineMiles(current, home)
        return total
    }

    /// `"%.1f miles"`: how the app stores a mileage.
    static func milesText(_ miles: Double) -> String { PythonNumber.fixed(miles, 1) + " miles" }
}
