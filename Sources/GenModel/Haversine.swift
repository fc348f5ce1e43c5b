import Foundation

/// Great-circle distance, as the app computes mileage (each leg of home → schools → home).
public enum Haversine {
    /// Earth's mean radius in miles, the value the app uses.
    public static let earthRadiusMiles = 3958.8

    public static func miles(_ a: GeoPoint, _ b: GeoPoint) -> Double {
        let rad = Double.pi / 180
        let dLat = (b.latitude - a.latitude) * rad
        let dLng = (b.longitude - a.longitude) * rad
        let h =
            sin(dLat / 2) * sin(dLat / 2)
            + cos(a.latitude * rad) * cos(b.latitude * rad) * sin(dLng / 2) * sin(dLng / 2)
        return 2 * earthRadiusMiles * atan2(sqrt(h), sqrt(1 - h))
    }
}
