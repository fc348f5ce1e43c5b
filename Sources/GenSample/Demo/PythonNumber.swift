import Foundation

/// Python's ways of turning numbers into text and rounding them, where they differ from Swift's.
enum PythonNumber {
    /// A float's shortest round-trip decimal digits (no leading zeros; "0" for zero) and the position of
    /// the decimal point: the value is 0.DIGITS × 10^point. Swift's `description` finds the same shortest
    /// digits as Python's `repr`; only the layout differs, so the digits are read back out of it.
    private static func shortestDigits(_ x: Double) -> (negative: Bool, digits: [UInt8], point: Int) {
        precondition(x.isFinite, "the demo sample has no infinite or NaN floats")
        let text = Array(x.magnitude.description.utf8)
        let e = text.firstIndex(of: UInt8(ascii: "e"))
        let mantissa = text[..<(e ?? text.endIndex)]
        let exponent = e.map { Int(String(decoding: text[($0 + 1)...], as: UTF8.self))! } ?? 0
        let dot = mantissa.firstIndex(of: UInt8(ascii: ".")) ?? mantissa.endIndex
        var digits = Array(mantissa.filter { $0 != UInt8(ascii: ".") })
        var point = dot - mantissa.startIndex + exponent
        while digits.count > 1, digits.first == UInt8(ascii: "0") {
            digits.removeFirst()
            point -= 1
        }
        while digits.count > 1, digits.last == UInt8(ascii: "0") { digits.removeLast() }
        if digits == [UInt8(ascii: "0")] { point = 1 }
        return (x.sign == .minus, digits, point)
    }

    /// `repr(x)`: positional between 1e-4 and 1e16, with ".0" on whole numbers; otherwise `d.ddde±XX`.
    static func repr(_ x: Double) -> String {
        let (negative, digits, point) = shortestDigits(x)
        let text = String(decoding: digits, as: UTF8.self)
        var out = negative ? "-" : ""
        if point > -4 && point <= 16 {
            if point <= 0 {
                out += "0." + String(repeating: "0", count: -point) + text
            } else if point >= digits.count {
                out += text + String(repeating: "0", count: point - digits.count) + ".0"
            } else {
                out += String(text.prefix(point)) + "." + String(text.dropFirst(point))
            }
        } else {
            let exponent = point - 1
            out += String(text.prefix(1)) + (digits.count > 1 ? "." + String(text.dropFirst()) : "")
            let magnitude = String(abs(exponent))
            out += "e" + (exponent < 0 ? "-" : "+") + (magnitude.count < 2 ? "0" : "") + magnitude
        }
        return out
    }

    /// `"%.Nf" % x`: Python and C's printf both round the exact binary value correctly.
    static func fixed(_ x: Double, _ decimals: Int) -> String {
        String(format: "%.\(decimals)f", x)
    }

    /// `round(x)` on a float: the nearest integer, ties to even.
    static func round(_ x: Double) -> Int { Int(x.rounded(.toNearestOrEven)) }

    /// `round(x, n)` on a float: the correctly rounded decimal, read back as a float.
    static func round(_ x: Double, _ decimals: Int) -> Double { Double(fixed(x, decimals))! }

    /// `float(Decimal(repr(x)).quantize(Decimal(10) ** -decimals, rounding=ROUND_HALF_UP))`: half away from
    /// zero on the digits `repr` shows, as a spreadsheet's ROUND does, not on the binary value.
    static func halfUp(_ x: Double, _ decimals: Int) -> Double {
        let (negative, digits, point) = shortestDigits(x)
        // The digits before the cut, as an integer count of 10^-decimals units.
        let kept = point + decimals
        guard kept >= 0 else { return negative ? -0.0 : 0.0 }
        var units: [UInt8] = digits.prefix(kept).map { $0 - UInt8(ascii: "0") }
        while units.count < kept { units.append(0) }
        let roundsUp = kept < digits.count && digits[kept] >= UInt8(ascii: "5")
        if roundsUp {
            var i = units.count - 1
            while i >= 0 && units[i] == 9 {
                units[i] = 0
                i -= 1
            }
            if i >= 0 { units[i] += 1 } else { units.insert(1, at: 0) }
        }
        let text = units.isEmpty ? "0" : String(decoding: units.map { $0 + UInt8(ascii: "0") }, as: UTF8.self)
        let value = Double(text + "e-\(decimals)")!
        return negative ? -value : value
    }

    /// `urllib.parse.quote(text, safe="")`: every byte but letters, digits and `_.-~` as `%XX`.
    static func quote(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count < 2 ? "0" : "") + hex
            }
        }
        return out
    }
}
