import GenModel

/// A value inside a `calculation` formula: what a field reference reads and what a formula produces.
public indirect enum FormulaValue: Sendable, Equatable {
    case number(Double)
    case text(String)
    case bool(Bool)
    case list([FormulaValue])
    /// A blank field: null, missing from the report, or a map/bytes value with nothing to show.
    case empty
}

extension FormulaValue {
    /// From a stored Firestore value, without guessing: numbers → `.number`, text stays `.text`
    /// (numeric text is turned into a number only where arithmetic needs one), booleans → `.bool`,
    /// arrays → `.list`, null → `.empty`. Timestamps become ISO 8601 text, geopoints `"lat,lng"` text,
    /// document references their document id. A map becomes its `value`/`label`/`name`/`title`/`fileName`/`url`
    /// entry when it has a scalar one (a school or file item), otherwise the list of its values in key
    /// order; an empty map and bytes are `.empty`.
    public init(_ value: FirestoreValue) {
        switch value {
        case .null: self = .empty
        case .bool(let b): self = .bool(b)
        case .int(let i): self = .number(Double(i))
        case .double(let d): self = .number(d)
        case .string(let s): self = .text(s)
        case .array(let items): self = .list(items.map(FormulaValue.init))
        case .timestamp(let t): self = .text(t.iso8601)
        case .geoPoint(let p): self = .text("\(p.latitude),\(p.longitude)")
        case .reference(let r): self = .text(r.documentID)
        case .bytes: self = .empty
        case .map(let m):
            if m.isEmpty { self = .empty; return }
            for key in ["value", "label", "name", "title", "fileName", "url"] {
                if let v = m[key], v.scalarText != nil { self = FormulaValue(v); return }
            }
            self = .list(m.keys.sorted().map { FormulaValue(m[$0]!) })
        }
    }

    /// How a result reads on a page: numbers grouped with commas and without trailing zeros, at most
    /// 2 decimals (half away from zero: 2.675 → "2.68"); TRUE/FALSE as Yes/No; lists joined with ", ";
    /// empty as "". Locale-independent.
    public var display: String { display(decimals: FormulaValue.defaultDecimals) }

    /// `display` with at most `decimals` decimals for numbers (a `ROUND(x, 3)` result uses 3).
    public func display(decimals: Int) -> String {
        switch self {
        case .number(let d): return FormulaNumberFormat.display(d, maxDecimals: decimals)
        case .text(let s): return s
        case .bool(let b): return b ? "Yes" : "No"
        case .list(let items): return items.map { $0.display(decimals: decimals) }.joined(separator: ", ")
        case .empty: return ""
        }
    }

    /// Numbers show at most this many decimals unless ROUND asked for more.
    public static let defaultDecimals = 2

    /// Blank: `.empty`, text that is only whitespace, or an empty list.
    var isBlank: Bool {
        switch self {
        case .empty: return true
        case .text(let s): return s.allSatisfy(\.isWhitespace)
        case .list(let l): return l.isEmpty
        default: return false
        }
    }

    /// A short description for error messages: `text "abc"`, `TRUE`, `a list`, `a number`.
    var kindDescription: String {
        switch self {
        case .number: return "a number"
        case .text(let s):
            let shown = s.count > 30 ? String(s.prefix(30)) + "…" : s
            return "text \"\(shown)\""
        case .bool(let b): return b ? "TRUE" : "FALSE"
        case .list: return "a list"
        case .empty: return "an empty value"
        }
    }
}

/// Decimal digits of a Double, for locale-free rounding and formatting.
/// The value is `0.d₁d₂d₃… × 10^pointPosition`, negated when `negative`.
struct DecimalDigits {
    var digits: [UInt8]  // no leading zeros; empty means zero
    var pointPosition: Int
    var negative: Bool

    /// From the shortest round-tripping representation (`1.005` is `1.005`, not `1.00499999…`).
    init?(_ x: Double) {
        guard x.isFinite else { return nil }
        negative = x < 0
        let text = "\(abs(x))"  // "1.005", "1e-05", "1.2345e+20", "100.0"
        var mantissa = Substring(text)
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = text[..<e]
            exponent = Int(text[text.index(after: e)...]) ?? 0
        }
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        let intPart = parts.first ?? ""
        let fracPart = parts.count > 1 ? parts[1] : ""
        var ds: [UInt8] = (intPart + fracPart).compactMap { $0.asciiValue.map { $0 - 48 } }
        var point = intPart.count + exponent
        while let first = ds.first, first == 0 { ds.removeFirst(); point -= 1 }
        while let last = ds.last, last == 0 { ds.removeLast() }
        digits = ds
        pointPosition = ds.isEmpty ? 0 : point
    }

    var isZero: Bool { digits.isEmpty }

    /// Rounded to `decimals` places (negative: tens, hundreds…), half away from zero.
    func rounded(decimals: Int) -> DecimalDigits {
        var out = self
        let keep = pointPosition + decimals
        guard keep < digits.count else { return out }
        if keep < 0 { out.digits = []; out.pointPosition = 0; return out }
        let roundUp = digits[keep] >= 5
        var kept = Array(digits[..<keep])
        if roundUp {
            var i = kept.count - 1
            while i >= 0 {
                if kept[i] == 9 { kept[i] = 0; i -= 1 } else { kept[i] += 1; break }
            }
            if i < 0 { kept.insert(1, at: 0); out.pointPosition += 1 }
        }
        while let last = kept.last, last == 0 { kept.removeLast() }
        out.digits = kept
        if kept.isEmpty { out.pointPosition = 0 }
        return out
    }

    /// Integer and fraction digits as text: ("1234", "5") for 1234.5; ("0", "05") for 0.05.
    var parts: (integer: String, fraction: String) {
        func chars(_ ds: ArraySlice<UInt8>) -> String { String(ds.map { Character(Unicode.Scalar($0 + 48)) }) }
        if digits.isEmpty { return ("0", "") }
        if pointPosition <= 0 {
            return ("0", String(repeating: "0", count: -pointPosition) + chars(digits[...]))
        }
        if digits.count <= pointPosition {
            return (chars(digits[...]) + String(repeating: "0", count: pointPosition - digits.count), "")
        }
        return (chars(digits[..<pointPosition]), chars(digits[pointPosition...]))
    }

    var double: Double {
        if isZero { return 0 }
        let (i, f) = parts
        let value = Double(f.isEmpty ? i : i + "." + f) ?? 0
        return negative ? -value : value
    }
}

enum FormulaNumberFormat {
    /// `1234.5` → `"1,234.5"`; at most `maxDecimals` decimals, no trailing zeros, no `-0`.
    static func display(_ x: Double, maxDecimals: Int) -> String {
        // Whole numbers (photo counts, most typed numbers) without the digit-by-digit reading: below 2^53
        // every whole Double is an exact Int, and no rounding to decimals >= 0 changes it.
        if maxDecimals >= 0, x == x.rounded(.towardZero), abs(x) < 9_007_199_254_740_992 {
            return grouped(Int(x))
        }
        return displayByDigits(x, maxDecimals: maxDecimals)
    }

    /// `-1234567` → `"-1,234,567"`.
    static func grouped(_ n: Int) -> String {
        let digits = Array(String(n.magnitude).utf8)
        var out: [UInt8] = n < 0 ? [UInt8(ascii: "-")] : []
        out.reserveCapacity(digits.count + digits.count / 3 + 1)
        for (i, digit) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(UInt8(ascii: ",")) }
            out.append(digit)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `display` for any number, from its shortest round-tripping decimal digits.
    static func displayByDigits(_ x: Double, maxDecimals: Int) -> String {
        if x.isNaN { return "NaN" }
        if x.isInfinite { return x < 0 ? "-∞" : "∞" }
        guard let d = DecimalDigits(x)?.rounded(decimals: max(0, maxDecimals)) else { return "NaN" }
        if d.isZero { return "0" }
        let (integer, fraction) = d.parts
        var grouped = ""
        for (i, c) in integer.enumerated() {
            if i > 0, (integer.count - i) % 3 == 0 { grouped.append(",") }
            grouped.append(c)
        }
        return (d.negative ? "-" : "") + grouped + (fraction.isEmpty ? "" : "." + fraction)
    }

    /// Text that is entirely a number after trimming whitespace: `12`, `-3.5`, `.5`, `1e3`.
    /// No grouping commas, currency signs, units, `inf`/`nan` or hex.
    static func parse(_ text: String) -> Double? {
        let t = text.formulaTrimmed
        let chars = Array(t.unicodeScalars)
        var i = 0
        if i < chars.count, chars[i] == "+" || chars[i] == "-" { i += 1 }
        var mantissaDigits = 0
        while i < chars.count, ("0"..."9").contains(chars[i]) { i += 1; mantissaDigits += 1 }
        if i < chars.count, chars[i] == "." {
            i += 1
            while i < chars.count, ("0"..."9").contains(chars[i]) { i += 1; mantissaDigits += 1 }
        }
        guard mantissaDigits > 0 else { return nil }
        if i < chars.count, chars[i] == "e" || chars[i] == "E" {
            i += 1
            if i < chars.count, chars[i] == "+" || chars[i] == "-" { i += 1 }
            var expDigits = 0
            while i < chars.count, ("0"..."9").contains(chars[i]) { i += 1; expDigits += 1 }
            guard expDigits > 0 else { return nil }
        }
        guard i == chars.count else { return nil }
        return Double(t)
    }
}

extension String {
    var formulaTrimmed: String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s.removeFirst() }
        while let l = s.last, l.isWhitespace { s.removeLast() }
        return String(s)
    }
}
