extension String {
    /// The text with control characters written as escapes (`\n`, `\u{1B}`), for one line of a log: a document
    /// id or file name holding a newline, a carriage return or a terminal escape cannot forge a line of its
    /// own or repaint the terminal. Line and paragraph separators and the bidirectional overrides, which can
    /// make a line read differently from its bytes, are escaped too.
    public var escapingControlCharacters: String {
        guard unicodeScalars.contains(where: Self.needsEscape) else { return self }
        var out = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where Self.needsEscape(scalar): out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
