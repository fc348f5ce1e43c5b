import Foundation
import GenModel

/// Turns parsed JSON into typed Firestore values, recognising every encoding the export
/// tools use for timestamps, geopoints, references and bytes (see docs/export-formats.md).
enum ValueDecoding {
    static func decode(_ json: Any) -> FirestoreValue {
        // Swift types before Foundation classes: testing a Swift dictionary or array against a class
        // (`is NSNull`, `as NSNumber`) bridges it to Foundation first, which was a tenth of loading.
        switch json {
        case let s as String:
            return .string(s)
        case let o as [String: Any]:
            return special(o) ?? .map(o.mapValues(decode))
        case let a as [Any]:
            return .array(a.map(decode))
        case let n as NSNumber:
            return number(n)
        default:
            return .null  // NSNull
        }
    }

    /// JSONSerialization gives booleans as NSNumber too; their objCType is "c".
    private static func number(_ n: NSNumber) -> FirestoreValue {
        let type = String(cString: n.objCType)
        if type == "c" { return .bool(n.boolValue) }
        if type == "d" || type == "f" {
            let d = n.doubleValue
            if d.rounded() == d, abs(d) < 9.0e15 { return .int(Int64(d)) }
            return .double(d)
        }
        return .int(n.int64Value)
    }

    /// A map that is really a typed value in one of the known encodings, or nil.
    private static func special(_ o: [String: Any]) -> FirestoreValue? {
        if let tag = o["__datatype__"] as? String {  // node-firestore-import-export
            let value = o["value"]
            switch tag {
            case "timestamp":
                if let v = value as? [String: Any], let t = timestamp(v) { return .timestamp(t) }
                if let s = value as? String, let t = Timestamp(parsing: s) { return .timestamp(t) }
            case "geopoint":
                if let v = value as? [String: Any], let g = geoPoint(v) { return .geoPoint(g) }
            case "documentReference":
                if let s = value as? String { return .reference(DocumentReference(path: s)) }
            default:
                break
            }
            return value.map(decode)
        }
        if let tag = o["type"] as? String {  // web SDK 4.8+ and Node Buffers
            switch tag {
            case "firestore/timestamp/1.0":
                if let t = timestamp(o, extraKeys: ["type"]) { return .timestamp(t) }
            case "firestore/geoPoint/1.0":
                if let g = geoPoint(o, extraKeys: ["type"]) { return .geoPoint(g) }
            case "firestore/documentReference/1.0":
                if let p = o["referencePath"] as? String { return .reference(DocumentReference(path: p)) }
            case "Buffer":
                if o.count == 2, let data = o["data"] as? [NSNumber] { return .bytes(data.map { $0.uint8Value }) }
            default:
                break
            }
        }
        if let t = timestamp(o) { return .timestamp(t) }
        if let g = geoPoint(o) { return .geoPoint(g) }
        return nil
    }

    /// `{_seconds,_nanoseconds}` or `{seconds,nanoseconds}`, and nothing else in the map
    /// (so an ordinary map that happens to have a `seconds` key stays a map).
    private static func timestamp(_ o: [String: Any], extraKeys: Set<String> = []) -> Timestamp? {
        for (s, n) in [("_seconds", "_nanoseconds"), ("seconds", "nanoseconds")] {
            guard Set(o.keys).subtracting(extraKeys) == [s, n],
                let secs = o[s] as? NSNumber, let nanos = o[n] as? NSNumber
            else { continue }
            return Timestamp(seconds: secs.int64Value, nanoseconds: nanos.int32Value)
        }
        return nil
    }

    private static func geoPoint(_ o: [String: Any], extraKeys: Set<String> = []) -> GeoPoint? {
        for (a, b) in [("_latitude", "_longitude"), ("latitude", "longitude")] {
            guard Set(o.keys).subtracting(extraKeys) == [a, b],
                let lat = o[a] as? NSNumber, let lng = o[b] as? NSNumber
            else { continue }
            return GeoPoint(latitude: lat.doubleValue, longitude: lng.doubleValue)
        }
        return nil
    }
}
