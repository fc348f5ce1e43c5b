/// Number formatting for hot paths, without `String(format:)` (which goes through Foundation's
/// CFString formatter and showed up at the top of profiles: every page formats dozens of numbers,
/// dates and hashes). Locale-free, so output never depends on the machine.
public enum FastFormat {
    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Lowercase hex of bytes (hash digests).
    public static func hex(_ bytes: some Sequence<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(64)
        for b in bytes {
            out.append(hexDigits[Int(b >> 4)])
            out.append(hexDigits[Int(b & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `7` → `"07"` for width 2; negative numbers keep their sign in front.
    public static func padded(_ n: Int, width: Int) -> String {
        let digits = String(n.magnitude)
        let pad = String(repeating: "0", count: max(0, width - digits.count))
        return (n < 0 ? "-" : "") + pad + digits
    }

    /// `x` with exactly `decimals` digits after the point (0…9), rounding half to even on the scaled
    /// value like printf's `%.Nf`: `fixed(2.5, 0)` → `"2"`, `fixed(1234.5, 2)` → `"1234.50"`.
    /// Non-finite values print as `"0"` with the decimals (no page shows NaN).
    public static func fixed(_ x: Double, decimals: Int) -> String {
        guard x.isFinite else { return decimals > 0 ? "0." + String(repeating: "0", count: decimals) : "0" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(x) * scale).rounded(.toNearestOrEven)
        guard scaled < 9.0e18 else { return String(x) }
        let units = UInt64(scaled)
        let p = UInt64(scale)
        let whole = String(units / p)
        let sign = x < 0 && units > 0 ? "-" : ""
        guard decimals > 0 else { return sign + whole }
        let fraction = String(units % p)
        return sign + whole + "." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }
}
