/// Trimming without Foundation: on Linux `trimmingCharacters(in:)` converts every string to an `NSString`
/// and back, and reading forms trims every value (it showed up in profiles at several percent of a build).
/// The sets are exactly Foundation's `CharacterSet.whitespaces` and `.whitespacesAndNewlines` (see `Trim`).
extension StringProtocol {
    /// Like `trimmingCharacters(in: .whitespacesAndNewlines)`.
    public var trimmed: String { trimming(Trim.isWhitespaceOrNewline) }

    /// Like `trimmingCharacters(in: .whitespaces)`: spaces and tabs, not line breaks.
    public var trimmedBlanks: String { trimming(Trim.isBlank) }

    private func trimming(_ trims: (Unicode.Scalar) -> Bool) -> String {
        let string = String(self)
        let scalars = string.unicodeScalars
        guard let first = scalars.firstIndex(where: { !trims($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !trims($0) })!
        return String(scalars[first...last])
    }
}

/// The sets as swift-corelibs-foundation defines them (CoreFoundation's whitespace and newline sets),
/// which is what the code trimmed with before; U+200B counts as a blank there.
enum Trim {
    /// `CharacterSet.whitespaces`.
    static func isBlank(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x20, 0x09, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }

    /// `CharacterSet.whitespacesAndNewlines`: blanks, U+000A–U+000D, U+0085, U+2028 and U+2029.
    static func isWhitespaceOrNewline(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return true
        default: return isBlank(s)
        }
    }
}
