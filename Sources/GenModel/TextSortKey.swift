/// What makes comparing a string to another quick when sorting many: its first eight bytes as one number, when
/// the whole string is ASCII. Two such strings whose first eight bytes differ compare as those numbers do; any
/// other pair is compared as `String` compares (`<`), so the order is exactly `String`'s.
///
/// Why: sorting 120,000 document ids as `String`s was a third of merging a 100,000-report export, on one core,
/// in every build. Firestore ids are twenty random ASCII letters and digits: their first eight bytes nearly
/// always tell them apart.
///
/// Only ASCII strings take the quick way: `String` compares canonically equivalent texts as equal (a letter
/// followed by a combining accent equals the accented letter), which bytes do not.
public struct TextSortKey: Sendable {
    @usableFromInline let prefix: UInt64
    @usableFromInline let ascii: Bool

    public init(_ text: String) {
        var text = text
        (prefix, ascii) = text.withUTF8 { bytes in
            var prefix: UInt64 = 0
            for index in 0..<8 { prefix = prefix << 8 | UInt64(index < bytes.count ? bytes[index] : 0) }
            return (prefix, bytes.allSatisfy { $0 < 0x80 })
        }
    }

    /// Whether `a` (with its key) sorts before `b` (with its key): `a < b`.
    @inlinable
    public static func precedes(_ a: String, _ aKey: TextSortKey, _ b: String, _ bKey: TextSortKey) -> Bool {
        if aKey.ascii, bKey.ascii, aKey.prefix != bKey.prefix { return aKey.prefix < bKey.prefix }
        return a < b
    }
}
