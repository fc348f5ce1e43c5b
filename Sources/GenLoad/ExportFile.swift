import Foundation
import GenModel
import GenSupport

/// What one export file holds, whatever its format.
struct ExportFileContents: Sendable {
    var documents: [RawDocument] = []
    /// BigQuery changelog rows; reduced to current state across all files later.
    var changes: [ChangelogRow] = []
    /// Collections gen does not use, and sub-collections: name → documents seen.
    var ignoredCollections: [String: Int] = [:]
    /// Changelog rows of collections gen does not use: name → distinct document ids
    /// (a document changed four times is still one document).
    var ignoredChangelogDocuments: [String: Set<String>] = [:]
    var diagnostics: [Diagnostic] = []
    /// Where the keys of the documents read from objects keyed by id start (their opening quotes).
    var documentKeyOffsets: [Int] = []

    /// Adds what a later part of the same file holds (the next line of a newline-delimited file).
    mutating func append(_ other: ExportFileContents) {
        documents += other.documents
        changes += other.changes
        if !other.ignoredCollections.isEmpty { ignoredCollections.merge(other.ignoredCollections, uniquingKeysWith: +) }
        if !other.ignoredChangelogDocuments.isEmpty {
            ignoredChangelogDocuments.merge(other.ignoredChangelogDocuments) { $0.union($1) }
        }
        diagnostics += other.diagnostics
    }

}

/// One row of a Stream-Firestore-to-BigQuery changelog.
struct ChangelogRow: Sendable {
    enum Operation: String, Sendable { case create = "CREATE", update = "UPDATE", delete = "DELETE", `import` = "IMPORT" }
    var collection: String
    var documentID: DocumentID
    var timestamp: Timestamp
    var operation: Operation
    var fields: [String: FirestoreValue]?
    var file: String
    var line: Int
}

/// Reads one file and decides its format by its shape (docs/export-formats.md):
/// changelog rows, a collections wrapper (`{"users": {...}}` or `__collections__`),
/// or a per-collection file named after its collection.
struct ExportFileReader {
    let relativePath: String
    let data: Data
    /// The longest known collection name the file's base name starts with
    /// (`photoCritiques-2024.json` → photoCritiques). Worked out once: every line of a file asks.
    private let collectionFromFileName: KnownCollection?

    init(relativePath: String, data: Data) {
        self.relativePath = relativePath
        self.data = JSONText.utf8(data)
        let name = (relativePath as NSString).lastPathComponent
        let baseName = String(name.prefix { $0 != "." })
        collectionFromFileName = KnownCollection.allCases
            .filter { baseName.hasPrefix($0.rawValue) }
            .max { $0.rawValue.count < $1.rawValue.count }
    }

    private var isLineDelimited: Bool {
        relativePath.hasSuffix(".ndjson") || relativePath.hasSuffix(".jsonl")
    }

    func read() throws(InputError) -> ExportFileContents {
        if isLineDelimited { return try readLines() }
        let json: Any
        do {
            json = try JSONText.parse(data, file: relativePath)
        } catch {
            // BigQuery exports newline-delimited JSON with a .json name: accept it when the first line is an object.
            if looksLineDelimited { return try readLines() }
            throw error
        }
        var out = ExportFileContents()
        try readWhole(json, into: &out)
        // Keys of a collection keyed by id that are spelled alike but differ in bytes are two documents, both read.
        let readApart = Set(out.documentKeyOffsets)
        out.diagnostics.insert(
            contentsOf: JSONDuplicateKeys.scan(data).filter { !($0.spelledAlike && readApart.contains($0.offset)) }
                .map { JSONDuplicateKeys.diagnostic($0, data, file: relativePath) },
            at: 0)
        return out
    }

    private var looksLineDelimited: Bool {
        guard let newline = data.firstIndex(of: 0x0A) else { return false }
        let first = data[data.startIndex..<newline]
        return (try? JSONSerialization.jsonObject(with: first)) is [String: Any]
    }

    // MARK: - Newline-delimited files

    private func readLines() throws(InputError) -> ExportFileContents {
        var out = ExportFileContents()
        // Lines are parsed on all cores (JSON parsing is most of reading a large export), then taken in
        // order, so the first bad line is the one reported, as when reading line by line.
        var lines: [(number: Int, range: Range<Data.Index>)] = []
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            guard let base = bytes.baseAddress else { return }
            var lineNumber = 0
            var start = 0
            while start < bytes.count {
                lineNumber += 1
                var end = bytes.count
                if let newline = memchr(base + start, 0x0A, bytes.count - start) {
                    end = base.distance(to: UnsafeRawPointer(newline))
                }
                let blank = bytes[start..<end].allSatisfy { (byte: UInt8) -> Bool in byte == 0x20 || byte == 0x09 || byte == 0x0D }
                if !blank {
                    lines.append((lineNumber, data.startIndex + start..<data.startIndex + end))
                }
                start = end + 1
            }
        }
        // Each line is parsed and turned into documents or changelog rows by the worker that parsed it, so
        // Foundation's object tree of a line is freed at once, not held with every other line's until all
        // are parsed (at 100,000 reports that was the build's memory peak).
        let parsed = ParallelMap.map(lines) { line in
            Result { () throws(InputError) in try readLine(data[line.range], number: line.number) }
        }
        for result in parsed { out.append(try result.get()) }  // in line order: the first bad line is reported
        return out
    }

    private func readLine(_ text: Data, number: Int) throws(InputError) -> ExportFileContents {
        let json = try JSONText.parse(Data(text), file: relativePath, lineOffset: number - 1)
        guard let object = json as? [String: Any] else {
            throw InputError(
                file: relativePath, line: number, column: 1,
                message: "expected one JSON object per line, found \(describe(json))")
        }
        var out = ExportFileContents()
        out.diagnostics = JSONDuplicateKeys.diagnostics(Data(text), file: relativePath, lineOffset: number - 1)
        if isChangelogRow(object) {
            appendChange(object, line: number, into: &out)
        } else {
            try appendDocument(object, id: nil, line: number, into: &out)
        }
        return out
    }

    // MARK: - Whole-file JSON

    private func readWhole(_ json: Any, into out: inout ExportFileContents) throws(InputError) {
        if let rows = json as? [Any], let first = rows.first as? [String: Any], isChangelogRow(first) {
            for (i, row) in rows.enumerated() {
                guard let object = row as? [String: Any], isChangelogRow(object) else {
                    throw InputError(file: relativePath, message: "changelog row \(i + 1) is not a changelog row")
                }
                appendChange(object, line: i + 1, inFile: false, into: &out)
            }
            return
        }
        if let object = json as? [String: Any], isChangelogRow(object) {  // a one-row changelog saved as .json
            appendChange(object, line: 1, into: &out)
            return
        }
        if let object = json as? [String: Any] {
            if object["__collections__"] is [String: Any] {  // node-firestore-import-export
                guard object.count == 1 else {
                    // An export of one document path: its id is not in the file, so it cannot be placed.
                    throw InputError(
                        file: relativePath,
                        message: "looks like a node-firestore-import-export export of a single "
                            + "document (fields beside \"__collections__\"); its document id is unknown — export the collection instead")
                }
                let wrapper = members(of: 0..<data.count).first { $0.key == "__collections__" }!
                readCollections(members(of: wrapper.value), into: &out)
                return
            }
            if isCollectionsWrapper(object) {  // firestore-export-import
                readCollections(members(of: 0..<data.count), into: &out)
                return
            }
        }
        guard let collection = collectionFromFileName else {
            throw InputError(
                file: relativePath,
                message: "not a recognised export: expected a collections wrapper "
                    + "(keys such as \"users\", \"dailyJobReports\" or \"__collections__\"), changelog rows, "
                    + "or a file named after a collection (users, schools, reportTemplates, dailyJobReports, photoCritiques)")
        }
        if json is [String: Any] {
            readCollection(collection.rawValue, members(of: 0..<data.count), into: &out)
        } else if let array = json as? [Any] {
            readCollection(collection.rawValue, array, into: &out)
        } else {
            throw InputError(file: relativePath, message: "expected an object keyed by document id or an array of documents, found \(describe(json))")
        }
    }

    private func isCollectionsWrapper(_ object: [String: Any]) -> Bool {
        let known = object.keys.filter { KnownCollection(rawValue: $0) != nil }
        return !known.isEmpty && known.allSatisfy { object[$0] is [String: Any] || object[$0] is [Any] }
    }

    /// The members of the object at `range` (bytes of the file), each key's last value only.
    private func members(of range: Range<Int>) -> [JSONMember] {
        JSONMembers.lastOfEachKey(JSONMembers.of(data, object: range) ?? [])
    }

    /// A JSON value of the file read on its own (the whole file parsed before, so it parses).
    private func parse(_ range: Range<Int>) -> Any {
        (try? JSONSerialization.jsonObject(
            with: data[data.startIndex + range.lowerBound..<data.startIndex + range.upperBound], options: [.fragmentsAllowed]))
            ?? NSNull()
    }

    private func readCollections(_ collections: [JSONMember], into out: inout ExportFileContents) {
        for collection in collections.sorted(by: { $0.keyBytes.lexicographicallyPrecedes($1.keyBytes) }) {
            if let documents = JSONMembers.of(data, object: collection.value) {
                readCollection(collection.key, JSONMembers.lastOfEachKey(documents), into: &out)
            } else if let array = parse(collection.value) as? [Any] {
                readCollection(collection.key, array, into: &out)
            }
        }
    }

    /// A collection as an object keyed by id, its members as written: ids are compared as bytes, so two ids
    /// that read the same but are spelled differently are two documents. Sub-collections and unknown
    /// collections are counted, not read.
    private func readCollection(_ name: String, _ docs: [JSONMember], into out: inout ExportFileContents) {
        guard KnownCollection(rawValue: name) != nil else {
            out.ignoredCollections[name, default: 0] += docs.count
            return
        }
        for doc in docs.sorted(by: { $0.keyBytes.lexicographicallyPrecedes($1.keyBytes) }) {
            out.documentKeyOffsets.append(doc.keyOffset)
            let value = parse(doc.value)
            guard let fields = value as? [String: Any] else {
                out.diagnostics.append(
                    Diagnostic(
                        .documentNotObject, file: relativePath, collection: name, documentID: doc.key,
                        message: "document is \(describe(value)), not an object"))
                continue
            }
            appendFields(fields, collection: name, id: DocumentID(doc.key), into: &out)
        }
    }

    /// A collection as an array of documents carrying their own `id`.
    private func readCollection(_ name: String, _ docs: [Any], into out: inout ExportFileContents) {
        guard KnownCollection(rawValue: name) != nil else {
            out.ignoredCollections[name, default: 0] += docs.count
            return
        }
        for (i, doc) in docs.enumerated() {
            guard let fields = doc as? [String: Any] else {
                out.diagnostics.append(
                    Diagnostic(
                        .documentNotObject, file: relativePath, collection: name,
                        message: "element \(i + 1) is \(describe(doc)), not an object"))
                continue
            }
            try? appendDocument(fields, id: nil, collection: name, line: nil, index: i, into: &out)
        }
    }

    /// Adds a per-collection document that must carry its id in `id` (or `__id`, `documentId`).
    private func appendDocument(
        _ object: [String: Any], id: String?, collection: String? = nil, line: Int?,
        index: Int? = nil, into out: inout ExportFileContents
    ) throws(InputError) {
        guard let name = collection ?? collectionFromFileName?.rawValue else {
            throw InputError(
                file: relativePath, line: line, column: 1,
                message: "not a recognised export: a document "
                    + "line in a file not named after a collection (users, schools, reportTemplates, dailyJobReports, photoCritiques)")
        }
        let idKey = ["id", "__id", "documentId", "_id"].first { object[$0] is String }
        guard let idKey, let docID = object[idKey] as? String, !docID.isEmpty else {
            let place = line.map { "line \($0)" } ?? index.map { "element \($0 + 1)" } ?? "document"
            out.diagnostics.append(
                Diagnostic(
                    .documentWithoutID, file: relativePath, line: line, collection: name, field: "id",
                    message: "\(place) has no document id"))
            return
        }
        var fields = object
        fields.removeValue(forKey: idKey)
        appendFields(fields, collection: name, id: DocumentID(docID), into: &out)
    }

    private func appendFields(_ object: [String: Any], collection: String, id: DocumentID, into out: inout ExportFileContents) {
        var fields = object
        // Sub-collections ride along inside documents in both npm formats; gen does not read them.
        for key in ["__collections__", "subCollection"] {
            guard let subs = fields.removeValue(forKey: key) as? [String: Any] else { continue }
            for (name, docs) in subs {
                let count = (docs as? [String: Any])?.count ?? (docs as? [Any])?.count ?? 0
                let pattern = name.contains("/") ? subCollectionPattern(name) : "\(collection)/*/\(name)"
                out.ignoredCollections[pattern, default: 0] += count
            }
        }
        out.documents.append(
            RawDocument(
                collection: collection, id: id,
                fields: fields.mapValues(ValueDecoding.decode), file: relativePath))
    }

    /// `users/abc/orders` → `users/*/orders`: one summary line per sub-collection, not per parent.
    private func subCollectionPattern(_ path: String) -> String {
        path.split(separator: "/").enumerated().map { $0.offset % 2 == 1 ? "*" : String($0.element) }.joined(separator: "/")
    }

    // MARK: - Changelog rows

    private func isChangelogRow(_ object: [String: Any]) -> Bool {
        object["document_name"] is String && object["operation"] is String
    }

    /// `line` is the row's line in a newline-delimited file, its number in a JSON array of rows (`inFile` false).
    private func appendChange(_ row: [String: Any], line: Int, inFile: Bool = true, into out: inout ExportFileContents) {
        let fileLine = inFile ? line : nil
        let name = row["document_name"] as! String
        // projects/<p>/databases/(default)/documents/<collection>/<docId>[/<sub>/<docId>…]
        guard let range = name.range(of: "/documents/") else {
            out.diagnostics.append(
                Diagnostic(
                    .badDocumentName, file: relativePath, line: fileLine, field: "document_name",
                    message: "line \(line): document_name \"\(name)\" has no /documents/ path"))
            return
        }
        let parts = name[range.upperBound...].split(separator: "/").map(String.init)
        guard parts.count >= 2, parts.count % 2 == 0 else {
            out.diagnostics.append(
                Diagnostic(
                    .badDocumentName, file: relativePath, line: fileLine, field: "document_name",
                    message: "line \(line): document_name \"\(name)\" is not a document path"))
            return
        }
        let collection = parts[0]
        let id = DocumentID((row["document_id"] as? String).flatMap { $0.isEmpty ? nil : $0 } ?? parts[parts.count - 1])
        guard parts.count == 2, KnownCollection(rawValue: collection) != nil else {
            let pattern = parts.count == 2 ? collection : subCollectionPattern(parts.dropLast().joined(separator: "/"))
            out.ignoredChangelogDocuments[pattern, default: []].insert(parts.joined(separator: "/"))
            return
        }
        let source = DocumentSource(file: relativePath, collection: collection, documentID: id.text)
        guard let opText = row["operation"] as? String, let op = ChangelogRow.Operation(rawValue: opText.uppercased()) else {
            out.diagnostics.append(
                Diagnostic(
                    .unknownOperation, source, field: "operation", line: fileLine, "line \(line): unknown operation \"\(row["operation"] ?? "")\""))
            return
        }
        let stamp: Timestamp?
        switch row["timestamp"].map(ValueDecoding.decode) {
        case .string(let s)?: stamp = Timestamp(parsing: s)
        case .timestamp(let t)?: stamp = t
        case .int(let micros)?:
            stamp = Timestamp(seconds: floorDiv(micros, 1_000_000), nanoseconds: Int32((micros - floorDiv(micros, 1_000_000) * 1_000_000) * 1000))
        default: stamp = nil
        }
        guard let stamp else {
            out.diagnostics.append(
                Diagnostic(.changeWithoutTimestamp, source, field: "timestamp", line: fileLine, "line \(line): change has no readable timestamp"))
            return
        }
        var fields: [String: FirestoreValue]?
        if op != .delete {
            // `data` is the document as a JSON string (sometimes already an object).
            var object = row["data"] as? [String: Any]
            if object == nil, let text = row["data"] as? String {
                object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
            }
            guard let object else {
                out.diagnostics.append(
                    Diagnostic(
                        .changeWithoutData, source, field: "data", line: fileLine, "line \(line): \(op.rawValue) change has no readable document data"
                    ))
                return
            }
            var doc = ExportFileContents()
            appendFields(object, collection: collection, id: id, into: &doc)
            out.ignoredCollections.merge(doc.ignoredCollections, uniquingKeysWith: +)
            fields = doc.documents.first?.fields
        }
        out.changes.append(
            ChangelogRow(
                collection: collection, documentID: id, timestamp: stamp, operation: op,
                fields: fields, file: relativePath, line: line))
    }

    private func describe(_ json: Any) -> String {
        switch json {
        case is [Any]: return "an array"
        case is [String: Any]: return "an object"
        case is String: return "a string"
        case is NSNull: return "null"
        default: return "a number"
        }
    }
}
