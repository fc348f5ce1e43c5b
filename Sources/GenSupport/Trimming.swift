/// Trimming without Foundation: on Linux `trimmingCharacters(in:)` converts every string to an `NSString`
/// and back, and reading forms trims every value (it showed up in profiles at several percent of a build).
/// The sets are exactly Foundation's `CharacterSet.whitespaces` and `.whitespacesAndNewlines` (see `Trim`).
extension StringProtocol {
    /// Like `trimmingCharacters(in: .whitespacesAndNewlines)`.
    public var trimmed: String { trimming(Trim.isWhitespaceOrNewline) }

    /// Like `trimmingCharacters(in: .whitespaces)`: spaces and tabs, not line breaks.
    public var trimmedBlanks: String { trimming(Trim.isBlank) }

    /// Like `trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: extra)))`.
    public func trimmed(alsoTrimming extra: Set<Unicode.Scalar>) -> String {
        trimming { Trim.isWhitespaceOrNewline($0) || extra.contains($0) }
    }

    /// Runs of white space (Unicode White_Space) replaced by one space.
    public var collapsingWhitespace: String {
        var out = String.UnicodeScalarView()
        var inRun = false
        for scalar in unicodeScalars {
            if Trim.isRegexSpace(scalar) {
                if !inRun { out.append(" ") }
                inRun = true
            } else {
                out.append(scalar)
                inRun = false
            }
        }
        return String(out)
    }

    /// Whether the text is nothing but white space and newlines (or empty), without making a trimmed copy.
    public var isBlankText: Bool { unicodeScalars.allSatisfy(Trim.isWhitespaceOrNewline) }

    private func trimming(_ trims: (Unicode.Scalar) -> Bool) -> String {
        let string = String(self)
        let scalars = string.unicodeScalars
        guard let first = scalars.firstIndex(where: { !trims($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !trims($0) })!
        // Most values have nothing to trim: the same text, not a copy of it.
        if first == scalars.startIndex, scalars.index(after: last) == scalars.endIndex { return string }
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

    /// Unicode White_Space: what `\s` matches in `NSRegularExpression` for every white space character
    /// (checked against it in the tests; ICU also matches some control characters, which we keep).
    static func isRegexSpace(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x09...0x0D, 0x20: return true
        case 0..<0x80: return false
        default: return s.properties.isWhitespace
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
