import Foundation

extension NSRegularExpression {
    /// Whether the pattern matches `text` (anchor the pattern with `^…$` to match all of it).
    func matchesWhole(_ text: String) -> Bool {
        firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
}
