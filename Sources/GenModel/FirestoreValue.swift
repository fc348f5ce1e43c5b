import Foundation
import GenSupport

/// One Firestore field value, decoded from any of the export encodings
/// (`_seconds`, `__datatype__`, `firestore/timestamp/1.0`, …) into one typed case.
public enum FirestoreValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([FirestoreValue])
    case map([String: FirestoreValue])
    case timestamp(Timestamp)
    case geoPoint(GeoPoint)
    case reference(DocumentReference)
    case bytes([UInt8])
}

extension FirestoreValue {
    public var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// Text, numbers and booleans as text (exports are loose about which one a setting is); nil otherwise.
    public var scalarText: String? {
        switch self {
        case .string(let s): return s
        case .int(let i): return String(i)
        case .double(let d): return String(d)
        case .bool(let b): return b ? "true" : "false"
        default: return nil
        }
    }

    public var bool: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    /// Integers and doubles as a Double; numeric strings are not numbers here.
    public var number: Double? {
        switch self {
        case .int(let i): return Double(i)
        case .double(let d): return d
        default: return nil
        }
    }

    public var int: Int? {
        switch self {
        case .int(let i): return Int(exactly: i)
        case .double(let d): return d.rounded() == d ? Int(exactly: d) : nil
        default: return nil
        }
    }

    public var array: [FirestoreValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    public var map: [String: FirestoreValue]? {
        if case .map(let m) = self { return m }
        return nil
    }

    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// A value a person would call "empty": null, blank text, an empty list or map.
    public var isEmpty: Bool {
        switch self {
        case .null: return true
        case .string(let s): return s.isBlankText
        case .array(let a): return a.isEmpty
        case .map(let m): return m.isEmpty
        default: return false
        }
    }

    /// A short name of the value's kind, for messages ("expected text, found a number").
    public var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .int, .double: return "a number"
        case .string: return "text"
        case .array: return "a list"
        case .map: return "a map"
        case .timestamp: return "a timestamp"
        case .geoPoint: return "a geopoint"
        case .reference: return "a document reference"
        case .bytes: return "bytes"
        }
    }
}
