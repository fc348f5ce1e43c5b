import GenModel
import GenSupport

/// A document's content as a `ContentDigest`: its collection, id, file and every field (map keys in sorted
/// order, so the order an export happened to list them in does not matter). Typed models are made from the
/// raw document alone, so a typed report or critique changed exactly when its digest did.
extension RawDocument {
    public var digest: ContentDigest {
        var hasher = StableHasher()
        hasher.add(collection)
        hasher.add(id.text)
        hasher.add(file)
        hasher.add(FirestoreValue.map(fields))
        return hasher.finalize()
    }
}

extension StableHasher {
    public mutating func add(_ value: FirestoreValue) {
        switch value {
        case .null: mark(0x30)
        case .bool(let b): mark(0x31); add(b)
        case .int(let i): mark(0x32); add(i)
        case .double(let d): mark(0x33); add(d)
        case .string(let s): mark(0x34); add(s)
        case .array(let items):
            mark(0x35, UInt64(items.count))
            for item in items { add(item) }
        case .map(let map):
            mark(0x36, UInt64(map.count))
            for key in map.keys.sorted() {
                add(key)
                add(map[key]!)
            }
        case .timestamp(let t): mark(0x37); add(t.seconds); add(Int(t.nanoseconds))
        case .geoPoint(let p): mark(0x38); add(p.latitude); add(p.longitude)
        case .reference(let r): mark(0x39); add(r.path)
        case .bytes(let b): mark(0x3A); add(bytes: b)
        }
    }
}
