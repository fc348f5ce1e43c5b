/// Text as a CSS string literal, quotes included, safe inside a `<style>` element: quotes and backslashes
/// escaped, and every character that could end the element or the string (`<`, `>`, `&`, control
/// characters, line separators) written as a hex escape, so user text in a printed page's running header
/// can never become markup or style.
enum CSSString {
    static func literal(_ text: String) -> String {
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

    /// `\3c ` for `<`: a hex escape ends at the space.
    private static func escaped(_ scalar: Unicode.Scalar) -> String { "\\" + String(scalar.value, radix: 16) + " " }
}
