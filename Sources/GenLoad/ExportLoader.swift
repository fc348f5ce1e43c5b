import Foundation
import GenModel

/// Every document of every export file under `CONTENT/export/`, merged into current state.
public struct LoadedExport: Sendable {
    /// Current documents, ordered by collection then id.
    public var documents: [RawDocument]
    /// Collections gen does not read, and sub-collections: name or pattern → documents seen.
    public var ignoredCollections: [String: Int]
    public var diagnostics: [Diagnostic]
    public var files: [String]
}

/// Stage 1a: finds the export files, reads them in parallel, and merges them.
public enum ExportLoader {
    static let extensions: Set<String> = ["json", "ndjson", "jsonl"]

    /// Reads `contentDirectory/export/` recursively. Throws `InputError` (exit 2) for a file
    /// that cannot be read or fits no export format. With `lineCache`, the lines of newline-delimited files
    /// unchanged since the previous build are read from the cache, not parsed again (`ParsedLineCache`).
    public static func load(contentDirectory: URL, lineCache: LineCacheSettings? = nil) throws(InputError) -> LoadedExport {
        let root = contentDirectory.appendingPathComponent("export")
        let files = try exportFiles(under: root, contentDirectory: contentDirectory)
        // One file at a time: a newline-delimited file (the large ones) is parsed on all cores line by line,
        // and libdispatch runs a parallel loop nested in another on one thread.
        let results = files.map { file -> Result<ExportFileContents, InputError> in
            let url = contentDirectory.appendingPathComponent(file)
            guard let data = FileManager.default.contents(atPath: url.path) else {
                return .failure(InputError(file: file, message: "cannot read file"))
            }
            return Result { () throws(InputError) in try ExportFileReader(relativePath: file, data: data, lineCache: lineCache).read() }
        }
        var contents: [ExportFileContents] = []
        for result in results {
            switch result {
            case .success(let c): contents.append(c)
            case .failure(let e): throw e  // the first bad file in path order
            }
        }
        return merge(contents, files: files)
    }

    /// Relative paths (`export/…`) of export files, sorted so every build reads them in the same order.
    static func exportFiles(under root: URL, contentDirectory: URL) throws(InputError) -> [String] {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDir), isDir.boolValue else {
            return []
        }
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else {
            throw InputError(file: "export", message: "cannot list the export folder")
        }
        let prefix = contentDirectory.standardizedFileURL.path
        var files: [String] = []
        for case let url as URL in walker where extensions.contains(url.pathExtension.lowercased()) {
            var path = url.standardizedFileURL.path
            if path.hasPrefix(prefix) { path = String(path.dropFirst(prefix.count).drop { $0 == "/" }) }
            files.append(path)
        }
        return files.sorted()
    }

    /// Applies changelogs (latest change by timestamp wins, ties by file order; DELETE removes),
    /// then merges all documents. A document found in two files: the later file wins, with a warning.
    static func merge(_ contents: [ExportFileContents], files: [String]) -> LoadedExport {
        var diagnostics = contents.flatMap(\.diagnostics)
        var ignored: [String: Int] = [:]
        for c in contents { ignored.merge(c.ignoredCollections, uniquingKeysWith: +) }
        var changelogIgnored: [String: Set<String>] = [:]
        for c in contents { changelogIgnored.merge(c.ignoredChangelogDocuments) { $0.union($1) } }
        for (name, ids) in changelogIgnored { ignored[name, default: 0] += ids.count }

        struct Key: Hashable { var collection: String; var id: String }
        let expected = contents.reduce(0) { $0 + $1.documents.count + $1.changes.count }
        var current: [Key: RawDocument] = [:]
        current.reserveCapacity(expected)
        var order: [Key] = []
        order.reserveCapacity(expected)
        func put(_ doc: RawDocument) {
            let key = Key(collection: doc.collection, id: doc.id)
            // One lookup, not a lookup and then an insertion: two ids hashed per document.
            if let previous = current.updateValue(doc, forKey: key) {
                if previous.file != doc.file {
                    diagnostics.append(Diagnostic(.warning, doc.source,
                        "also in \(previous.file); the copy in \(doc.file) is used"))
                }
            } else {
                order.append(key)
            }
        }

        // Changelog state: stable sort keeps file order (files are in path order) for equal timestamps.
        let changes = contents.flatMap(\.changes)
        var latest: [Key: ChangelogRow] = [:]
        for change in changes {
            let key = Key(collection: change.collection, id: change.documentID)
            if let seen = latest[key], change.timestamp < seen.timestamp { continue }
            latest[key] = change
        }
        var changelogDocs: [String: [RawDocument]] = [:]  // by the file of the winning change
        for (key, row) in latest {
            guard row.operation != .delete, let fields = row.fields else { continue }
            changelogDocs[row.file, default: []].append(RawDocument(collection: key.collection, id: key.id, fields: fields, file: row.file,
                                                                             digest: row.digest))
        }
        for (index, file) in files.enumerated() {
            contents[index].documents.forEach(put)
            changelogDocs[file]?.sorted { ($0.collection, $0.id) < ($1.collection, $1.id) }.forEach(put)
        }
        // By collection, then id: a collection compared by its rank among the few there are, so most
        // comparisons compare two ids (as tuples of two strings, they cost half a second at 100,000 reports),
        // and two ids by their first bytes where that tells them apart (`TextSortKey`).
        let rank = Ranks.of(order.map(\.collection))
        let ranked = order.map { (rank: rank[$0.collection]!, id: TextSortKey($0.id), key: $0) }
        let documents = ranked.sorted { a, b in
            a.rank != b.rank ? a.rank < b.rank : TextSortKey.precedes(a.key.id, a.id, b.key.id, b.id)
        }.map { current[$0.key]! }
        return LoadedExport(documents: documents, ignoredCollections: ignored, diagnostics: diagnostics, files: files)
    }
}
