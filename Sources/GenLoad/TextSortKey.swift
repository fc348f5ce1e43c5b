import GenModel

/// What makes comparing an id to another quick when sorting many: its first eight bytes as one number. Two ids
/// whose first eight bytes differ compare as those numbers do; any other pair is compared byte by byte, so the
/// order is exactly `DocumentID`'s.
///
/// Why: Firestore ids are twenty random ASCII letters and digits, and their first eight bytes nearly always tell
/// them apart; sorting 120,000 ids a byte at a time was a third of merging a 100,000-report export.
public struct TextSortKey: Sendable {
    @usableFromInline let prefix: UInt64

    public init(_ id: DocumentID) {
        var text = id.text
        prefix = text.withUTF8 { bytes in
            var prefix: UInt64 = 0
            for index in 0..<8 { prefix = prefix << 8 | UInt64(index < bytes.count ? bytes[index] : 0) }
            return prefix
        }
    }

    /// Whether `a` (with its key) sorts before `b` (with its key): `a < b`. A shorter id's missing bytes count
    /// as zero, below every byte, as in byte order.
    @inlinable
    public static func precedes(_ a: DocumentID, _ aKey: TextSortKey, _ b: DocumentID, _ bKey: TextSortKey) -> Bool {
        aKey.prefix != bKey.prefix ? aKey.prefix < bKey.prefix : a < b
    }
}
