import Foundation
import GenModel
import GenSupport

/// The problems a team has accepted for now (`gen check --write-baseline FILE`), so that `gen check --baseline
/// FILE` fails only on new ones (docs/cli.md#a-baseline).
///
/// A problem is recorded by what it is about, not where it is written: its code, collection, document id and
/// field. Line numbers and message text are left out, so reformatting an export, or a clearer message in a later
/// gen, changes nothing; a problem about no document (a repeated key, a content page) is recorded by its file
/// instead. The same problem twice is recorded with a count of 2, and a third copy is new.
public struct Baseline: Sendable, Equatable {
    /// What a problem is recorded by. Texts are compared as bytes (`DocumentID`), as ids are everywhere in gen.
    public struct Key: Sendable, Hashable, Comparable {
        /// The code as written (`GEN204`); one this gen does not know simply matches nothing.
        public var code: String
        public var collection: DocumentID?
        public var documentID: DocumentID?
        public var field: DocumentID?
        /// The file, for a problem about no document only (relative to the content folder).
        public var file: DocumentID?

        public init(code: String, collection: String?, documentID: String?, field: String?, file: String?) {
            self.code = code
            self.collection = collection.map { DocumentID($0) }
            self.documentID = documentID.map { DocumentID($0) }
            self.field = field.map { DocumentID($0) }
            self.file = documentID == nil ? file.map { DocumentID($0) } : nil
        }

        public init(_ d: Diagnostic) {
            self.init(code: d.code.rawValue, collection: d.collection, documentID: d.documentID, field: d.field, file: d.file)
        }

        /// Code, collection, document, field, file; a missing part first.
        public static func < (a: Key, b: Key) -> Bool {
            func order(_ x: DocumentID?, _ y: DocumentID?) -> Bool? {
                if x == y { return nil }
                guard let x else { return true }
                guard let y else { return false }
                return x < y
            }
            if a.code != b.code { return a.code.utf8.lexicographicallyPrecedes(b.code.utf8) }
            return order(a.collection, b.collection) ?? order(a.documentID, b.documentID) ?? order(a.field, b.field)
                ?? order(a.file, b.file) ?? false
        }
    }

    /// How many problems of each key are recorded.
    public var counts: [Key: Int]

    public init(counts: [Key: Int] = [:]) { self.counts = counts.filter { $0.value > 0 } }

    /// The baseline that records these problems.
    public init(_ diagnostics: [Diagnostic]) {
        var counts: [Key: Int] = [:]
        for d in diagnostics { counts[Key(d), default: 0] += 1 }
        self.init(counts: counts)
    }

    /// Problems recorded, duplicates counted.
    public var total: Int { counts.values.reduce(0, +) }

    /// The file's format; a file of another version is refused (exit 2), never half read.
    public static let version = 1

    // MARK: - Matching

    /// `problems` (in a stable order: the first copies of a key are the recorded ones) split into those this
    /// baseline does not record, how many it records, and how many it records that were not found (fixed since).
    public func compare(_ problems: [Diagnostic]) -> (new: [Diagnostic], baselined: Int, gone: Int) {
        var left = counts
        var new: [Diagnostic] = []
        var baselined = 0
        for d in problems {
            let key = Key(d)
            if let n = left[key], n > 0 {
                left[key] = n - 1
                baselined += 1
            } else {
                new.append(d)
            }
        }
        return (new, baselined, left.values.reduce(0, +))
    }

    // MARK: - The file

    /// The file's text: an object with the version and the recorded problems sorted by key, one a line, each
    /// with every member (null where the problem has none), so that a change to it reads as lines added and
    /// removed. `name` is there for people; reading ignores it.
    ///
    /// ```
    /// {
    ///   "version": 1,
    ///   "problems": [
    ///     {"code": "GEN201", "name": "no-organization", "collection": "dailyJobReports", "documentId": "r1", "field": "organizationID", "file": null, "count": 1}
    ///   ]
    /// }
    /// ```
    public var text: String {
        let entries = counts.keys.sorted().map { key -> String in
            let members: [(String, String)] = [
                ("code", CheckFormat.jsonValue(key.code)),
                ("name", CheckFormat.jsonValue(Diagnostic.Code(rawValue: key.code)?.name)),
                ("collection", CheckFormat.jsonValue(key.collection?.text)),
                ("documentId", CheckFormat.jsonValue(key.documentID?.text)),
                ("field", CheckFormat.jsonValue(key.field?.text)),
                ("file", CheckFormat.jsonValue(key.file?.text)),
                ("count", String(counts[key]!))
            ]
            return "    {" + members.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
        }
        let list = entries.isEmpty ? "[]" : "[\n" + entries.joined(separator: ",\n") + "\n  ]"
        return "{\n  \"version\": \(Self.version),\n  \"problems\": \(list)\n}\n"
    }

    /// Writes the file in one step (a reader never sees half of it).
    public func write(to url: URL) throws(BaselineError) {
        do { try Data(text.utf8).write(to: url, options: .atomic) } catch {
            throw BaselineError(message: "cannot write the baseline: \(error.localizedDescription)")
        }
    }

    /// Reads a baseline file.
    public init(contentsOf url: URL) throws(BaselineError) {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw BaselineError(message: "cannot read the baseline (gen check --write-baseline writes one)")
        }
        try self.init(parsing: data)
    }

    /// Reads a baseline's text: `version` 1 and `problems`, each with a `code` and a `count` of at least 1, and
    /// `collection`, `documentId`, `field` and `file` text or null (missing counts as null).
    public init(parsing data: Data) throws(BaselineError) {
        guard let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw BaselineError(message: "not a baseline: expected a JSON object with \"version\" and \"problems\"")
        }
        guard let version = root["version"] as? Int, version == Self.version else {
            throw BaselineError(message: "not a baseline of version \(Self.version) (\"version\": \(Self.version))")
        }
        guard let problems = root["problems"] as? [Any] else {
            throw BaselineError(message: "\"problems\": expected a list")
        }
        var counts: [Key: Int] = [:]
        for (i, item) in problems.enumerated() {
            let place = "\"problems\" entry \(i + 1)"
            guard let entry = item as? [String: Any] else { throw BaselineError(message: "\(place): expected an object") }
            guard let code = entry["code"] as? String else { throw BaselineError(message: "\(place): \"code\": expected text") }
            func text(_ name: String) throws(BaselineError) -> String? {
                switch entry[name] {
                case nil, is NSNull: return nil
                case let s as String: return s
                default: throw BaselineError(message: "\(place): \"\(name)\": expected text or null")
                }
            }
            // JSONSerialization gives booleans as numbers too (objCType "c"): a count is a whole number.
            guard let number = entry["count"] as? NSNumber, String(cString: number.objCType) != "c",
                let count = Int(exactly: number.doubleValue), count >= 1
            else {
                throw BaselineError(message: "\(place): \"count\": expected a whole number of at least 1")
            }
            let key = Key(
                code: code, collection: try text("collection"), documentID: try text("documentId"), field: try text("field"),
                file: try text("file"))
            counts[key, default: 0] += count
        }
        self.init(counts: counts)
    }
}

/// A baseline gen cannot read or write: exit 2, as any unusable input.
public struct BaselineError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
