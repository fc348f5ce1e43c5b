import Foundation
import GenModel

/// What one line of a newline-delimited export parses to, in a compact binary form the next build reads back
/// instead of parsing the line's JSON again (`ParsedLineCache`).
///
/// Only a line that parsed cleanly to documents or changelog rows is stored: a line with a diagnostic or an
/// ignored collection is parsed again each time, so what it reports keeps its wording and its line number.
/// What the reader restores from its own state rather than from the bytes: the file (every entry is the
/// file's own) and a changelog row's line number (a line that moved keeps its entry). Each document is stored
/// with its digest, so the next build need not hash it again either.
enum ParsedLineCoding {
    /// Whether `contents` can be stored (see the type's comment).
    static func isStorable(_ contents: ExportFileContents) -> Bool {
        contents.diagnostics.isEmpty && contents.ignoredCollections.isEmpty && contents.ignoredChangelogDocuments.isEmpty
    }

    static func encode(_ contents: ExportFileContents) -> [UInt8] {
        var out = ByteWriter()
        out.varint(contents.documents.count)
        for doc in contents.documents {
            out.string(doc.collection)
            out.string(doc.id.text)
            out.map(doc.fields)
            out.digest(doc.knownDigest)
        }
        out.varint(contents.changes.count)
        for change in contents.changes {
            out.string(change.collection)
            out.string(change.documentID.text)
            out.int64(change.timestamp.seconds)
            out.int64(Int64(change.timestamp.nanoseconds))
            out.string(change.operation.rawValue)
            if let fields = change.fields {
                out.byte(1)
                out.map(fields)
                out.digest(change.digest)
            } else {
                out.byte(0)
            }
        }
        return out.bytes
    }

    /// nil when the bytes are not a whole, well-formed entry (a damaged cache is a cache miss, never an error).
    static func decode(_ bytes: UnsafeRawBufferPointer, file: String, line: Int) -> ExportFileContents? {
        var reader = ByteReader(bytes)
        var out = ExportFileContents()
        guard let documents = reader.count() else { return nil }
        out.documents.reserveCapacity(documents)
        for _ in 0..<documents {
            guard let collection = reader.string(), let id = reader.string(), let fields = reader.map(),
                  let digest = reader.digest() else { return nil }
            out.documents.append(RawDocument(collection: collection, id: DocumentID(id), fields: fields, file: file, digest: digest))
        }
        guard let changes = reader.count() else { return nil }
        for _ in 0..<changes {
            guard let collection = reader.string(), let id = reader.string(),
                  let seconds = reader.int64(), let nanoseconds = reader.int64().flatMap(Int32.init(exactly:)),
                  let operation = reader.string().flatMap(ChangelogRow.Operation.init(rawValue:)),
                  let hasFields = reader.byte(), hasFields <= 1
            else { return nil }
            var fields: [String: FirestoreValue]?
            var digest: ContentDigest?
            if hasFields == 1 {
                guard let map = reader.map(), let known = reader.digest() else { return nil }
                (fields, digest) = (map, known)
            }
            out.changes.append(ChangelogRow(collection: collection, documentID: DocumentID(id),
                                            timestamp: Timestamp(seconds: seconds, nanoseconds: nanoseconds),
                                            operation: operation, fields: fields, file: file, line: line, digest: digest))
        }
        return reader.isAtEnd ? out : nil
    }
}

/// Tags of `FirestoreValue` cases in the binary form.
private enum ValueTag: UInt8 {
    case null = 0, `false`, `true`, int, double, string, array, map, timestamp, geoPoint, reference, bytes
}

extension ByteWriter {
    mutating func map(_ fields: [String: FirestoreValue]) {
        varint(fields.count)
        for (key, value) in fields {
            string(key)
            self.value(value)
        }
    }

    mutating func value(_ value: FirestoreValue) {
        switch value {
        case .null: byte(ValueTag.null.rawValue)
        case .bool(let b): byte((b ? ValueTag.true : .false).rawValue)
        case .int(let i): byte(ValueTag.int.rawValue); int64(i)
        case .double(let d): byte(ValueTag.double.rawValue); int64(Int64(bitPattern: d.bitPattern))
        case .string(let s): byte(ValueTag.string.rawValue); string(s)
        case .array(let items):
            byte(ValueTag.array.rawValue)
            varint(items.count)
            for item in items { self.value(item) }
        case .map(let fields): byte(ValueTag.map.rawValue); map(fields)
        case .timestamp(let t): byte(ValueTag.timestamp.rawValue); int64(t.seconds); int64(Int64(t.nanoseconds))
        case .geoPoint(let p):
            byte(ValueTag.geoPoint.rawValue)
            int64(Int64(bitPattern: p.latitude.bitPattern))
            int64(Int64(bitPattern: p.longitude.bitPattern))
        case .reference(let r): byte(ValueTag.reference.rawValue); string(r.path)
        case .bytes(let b):
            byte(ValueTag.bytes.rawValue)
            varint(b.count)
            append(b)
        }
    }
}

extension ByteReader {
    mutating func map() -> [String: FirestoreValue]? {
        guard let count = count() else { return nil }
        var fields: [String: FirestoreValue] = [:]
        fields.reserveCapacity(count)
        for _ in 0..<count {
            guard let key = string(), let value = value() else { return nil }
            fields[key] = value
        }
        return fields
    }

    mutating func value() -> FirestoreValue? {
        guard let tagByte = byte(), let tag = ValueTag(rawValue: tagByte) else { return nil }
        switch tag {
        case .null: return .null
        case .false: return .bool(false)
        case .true: return .bool(true)
        case .int: return int64().map(FirestoreValue.int)
        case .double: return int64().map { .double(Double(bitPattern: UInt64(bitPattern: $0))) }
        case .string: return string().map(FirestoreValue.string)
        case .array:
            guard let count = count() else { return nil }
            var items: [FirestoreValue] = []
            items.reserveCapacity(count)
            for _ in 0..<count {
                guard let item = value() else { return nil }
                items.append(item)
            }
            return .array(items)
        case .map: return map().map(FirestoreValue.map)
        case .timestamp:
            guard let seconds = int64(), let nanoseconds = int64().flatMap(Int32.init(exactly:)) else { return nil }
            return .timestamp(Timestamp(seconds: seconds, nanoseconds: nanoseconds))
        case .geoPoint:
            guard let lat = int64(), let lng = int64() else { return nil }
            return .geoPoint(GeoPoint(latitude: Double(bitPattern: UInt64(bitPattern: lat)),
                                      longitude: Double(bitPattern: UInt64(bitPattern: lng))))
        case .reference: return string().map { .reference(DocumentReference(path: $0)) }
        case .bytes:
            guard let length = count(), let data = raw(length) else { return nil }
            return .bytes(Array(data))
        }
    }
}
