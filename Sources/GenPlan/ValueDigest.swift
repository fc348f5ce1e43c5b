import GenSupport
import MustacheEngine

/// Feeds a value to a hasher in an unambiguous form: every value tagged with its kind, objects and lists
/// with their lengths, a shared value by its key.
public enum ValueDigest {
    /// `shows`: the names a page's templates look up. A shared value under another name is not shown, so
    /// the page does not depend on it (the site header of every context, which Markdown pages leave out).
    public static func feed(_ value: MustacheValue, into hasher: inout StableHasher, shows: Set<String>? = nil) {
        switch value {
        case .null: hasher.mark(0x6E)
        case .bool(let b): hasher.add(b)
        case .int(let i): hasher.add(i)
        case .double(let d): hasher.add(d)
        case .text(let s): hasher.add(s)
        case .list(let items):
            hasher.mark(0x5B, UInt64(items.count))
            for item in items { feed(item, into: &hasher, shows: shows) }
        case .object(let object):
            hasher.mark(0x7B, UInt64(object.count))
            for (key, value) in object.entries {
                hasher.add(key, tag: 0x6B)
                if case .shared = value, let shows, !shows.contains(key) {
                    hasher.mark(0x78)  // x: not shown
                } else {
                    feed(value, into: &hasher, shows: shows)
                }
            }
        case .shared(let shared):
            hasher.mark(0x72, shared.key.high)
            hasher.mark(0x72, shared.key.low)
        }
    }

    /// The key of shared content: its digest, after a prefix that keeps kinds of shared values apart.
    public static func key(_ content: MustacheValue, prefix: String) -> MustacheKey {
        var hasher = StableHasher()
        hasher.add(prefix)
        feed(content, into: &hasher)
        let digest = hasher.finalize()
        return MustacheKey(high: digest.high, low: digest.low)
    }
}
