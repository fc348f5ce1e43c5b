/// Text as a CSS string literal, quotes included, safe inside a `<style>` element: quotes and backslashes
/// escaped, and every character that could end the element or the string (`<`, `>`, `&`, control
/// characters, line separators) written as a hex escape, so user text in a printed page's running header
/// can never become markup or style.
enum CSSString {
    static func literal(_ text: String) -> String {
        // Every page's running header is one: most hold no byte that needs a look, and are copied whole.
        if !text.utf8.contains(where: mayNeedEscape) { return "\"" + text + "\"" }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "<", ">", "&", "\u{2028}", "\u{2029}": out += escaped(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { out += escaped(scalar) } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }

    /// A byte of a character `literal` escapes: ASCII ones, and 0xE2, which starts U+2028 and U+2029.
    private static func mayNeedEscape(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x22, 0x5C, 0x3C, 0x3E, 0x26, 0x7F, 0xE2, ..<0x20: return true
        default: return false
        }
    }

    /// `\3c ` for `<`: a hex escape ends at the space.
    private static func escaped(_ scalar: Unicode.Scalar) -> String { "\\" + String(scalar.value, radix: 16) + " " }
}
