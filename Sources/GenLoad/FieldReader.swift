import GenModel
import GenSupport

/// Reads typed fields out of a raw document, recording a warning for each value of the wrong kind.
/// A missing field is simply nil; the caller decides whether the document can do without it.
struct FieldReader {
    let document: RawDocument
    var diagnostics: [Diagnostic] = []

    init(_ document: RawDocument) { self.document = document }

    subscript(key: String) -> FirestoreValue? {
        guard let v = document.fields[key], !v.isNull else { return nil }
        return v
    }

    mutating func warn(_ code: Diagnostic.Code, _ field: String?, _ message: String) {
        diagnostics.append(Diagnostic(code, document.source, field: field, message))
    }

    /// Text; numbers and booleans are accepted and written as text (exports are loose about this).
    mutating func string(_ key: String) -> String? {
        guard let v = self[key] else { return nil }
        if let text = v.scalarText { return text }
        if case .reference(let r) = v { return r.documentID }
        warn(.wrongValueType, key, "expected text, found \(v.kindName); ignored")
        return nil
    }

    /// Text that must not be blank to count as present.
    mutating func nonBlank(_ key: String) -> String? {
        guard let s = string(key)?.trimmed, !s.isEmpty else { return nil }
        return s
    }

    mutating func bool(_ key: String) -> Bool? {
        guard let v = self[key] else { return nil }
        if let b = v.bool { return b }
        if case .string(let s) = v, ["true", "false"].contains(s.lowercased()) { return s.lowercased() == "true" }
        warn(.wrongValueType, key, "expected true or false, found \(v.kindName); ignored")
        return nil
    }

    mutating func int(_ key: String) -> Int? {
        guard let v = self[key] else { return nil }
        if let i = v.int { return i }
        if case .string(let s) = v, let i = Int(s.trimmedBlanks) { return i }
        warn(.wrongValueType, key, "expected a whole number, found \(v.kindName); ignored")
        return nil
    }

    /// A Timestamp in any encoding, or an ISO 8601 / BigQuery timestamp string; nil, with a warning, outside
    /// `Timestamp.plausibleYears`.
    mutating func timestamp(_ key: String) -> Timestamp? {
        guard let v = self[key] else { return nil }
        switch v {
        case .timestamp(let t):
            if t.isPlausible { return t }
            warn(.badTimestamp, key, "the timestamp \(t.seconds) s \(t.implausibleReason); ignored")
        case .string(let s):
            if let t = Timestamp(parsing: s) {
                if t.isPlausible { return t }
                warn(.badTimestamp, key, "\"\(s)\" \(t.implausibleReason); ignored")
                return nil
            }
            warn(.badTimestamp, key, "\"\(s)\" is not a timestamp; ignored")
        default:
            warn(.wrongValueType, key, "expected a timestamp, found \(v.kindName); ignored")
        }
        return nil
    }

    /// A list of strings; a single string counts as a one-element list.
    mutating func strings(_ key: String) -> [String]? {
        guard let v = self[key] else { return nil }
        switch v {
        case .string(let s): return [s]
        case .array(let items):
            var out: [String] = []
            for (i, item) in items.enumerated() {
                if let s = item.string {
                    out.append(s)
                } else if !item.isNull {
                    warn(.wrongValueType, key, "element \(i + 1) is \(item.kindName), not text; ignored")
                }
            }
            return out
        default:
            warn(.wrongValueType, key, "expected a list of text, found \(v.kindName); ignored")
            return nil
        }
    }

    /// `"lat,lng"` coordinates as stored; a GeoPoint is written in the same text form.
    mutating func coordinates(_ key: String) -> String? {
        guard let v = self[key] else { return nil }
        if case .geoPoint(let g) = v { return "\(g.latitude),\(g.longitude)" }
        return string(key)
    }

    /// The organization: `organizationID` (reports, templates, users, schools) or `organizationId` (critiques).
    mutating func organization(preferred: String) -> DocumentID? {
        let other = preferred == "organizationID" ? "organizationId" : "organizationID"
        return id(preferred) ?? id(other)
    }

    /// A reference to another document: trimmed, nil when blank.
    mutating func id(_ key: String) -> DocumentID? { nonBlank(key).map { DocumentID($0) } }
}
