/// A stored key as a label a person reads: `schools_visited` → "Schools visited",
/// `photoCount` → "Photo count", `photoURL` → "Photo URL".
///
/// Used for every value the template does not label (generic layouts, unknown keys). Words split on
/// `_`, `-`, `.`, spaces and camelCase humps; words that were all capitals (acronyms such as URL, ID,
/// GPS) keep their capitals, all others are lower-cased, and only the first word is capitalized:
/// sentence case, like the labels templates use.
enum HumanizedKey {
    static func label(_ key: String) -> String {
        let words = split(key)
        guard !words.isEmpty else { return key }
        var out: [String] = []
        for (i, word) in words.enumerated() {
            let isAcronym = word.count > 1 && word.allSatisfy { !$0.isLowercase } && word.contains { $0.isUppercase }
            var w = isAcronym ? word : word.lowercased()
            if i == 0, let first = w.first { w = first.uppercased() + w.dropFirst() }
            out.append(w)
        }
        return out.joined(separator: " ")
    }

    /// `photoURLCount` → ["photo", "URL", "Count"]; `schools_visited` → ["schools", "visited"].
    private static func split(_ key: String) -> [String] {
        var words: [String] = []
        var current: [Character] = []
        let chars = Array(key)
        func flush() {
            if !current.isEmpty { words.append(String(current)); current = [] }
        }
        for (i, c) in chars.enumerated() {
            if c == "_" || c == "-" || c == "." || c.isWhitespace { flush(); continue }
            if c.isUppercase, let previous = current.last {
                let next = i + 1 < chars.count ? chars[i + 1] : nil
                // A hump (`photoCount`), or the last capital of an acronym followed by a word (`URLValue`).
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && next?.isLowercase == true) {
                    flush()
                }
            }
            current.append(c)
        }
        flush()
        return words
    }
}

extension ReportForm {
    /// The label a stored key is shown with when no template labels it: `schools_visited` → "Schools visited".
    public static func humanizedLabel(forKey key: String) -> String { HumanizedKey.label(key) }
}
