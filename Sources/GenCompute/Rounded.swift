import Foundation

/// Rounds half away from zero to a number of decimals: 24.85 → 24.9, like the app's `%.1f` intent.
@inline(__always) public func rounded(_ x: Double, decimals: Int) -> Double {
    let scale = pow(10, Double(decimals))
    return (x * scale).rounded(.toNearestOrAwayFromZero) / scale
}
