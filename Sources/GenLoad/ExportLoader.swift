import Foundation
import GenModel
import GenSupport

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
    /// that cannot be read or fits no export format.
    public static func load(contentDirectory: URL) throws(InputError) -> LoadedExport {
        let root = contentDirectory.appendingPathComponent("export")
        let (files, skipped) = try exportFiles(under: root, contentDirectory: contentDirectory)
        // One file at a time: a newline-delimited file (the large ones) is parsed on all cores line by line,
        // and libdispatch runs a parallel loop nested in another on one thread.
        let results = files.map { file -> Result<ExportFileContents, InputError> in
            let url = contentDirectory.appendingPathComponent(file)
            guard let data = FileManager.default.contents(atPath: url.path) else {
                return .failure(InputError(file: file, message: "cannot read file"))
            }
            return Result { () throws(InputError) in try ExportFileReader(relativePath: file, data: data).read() }
        }
        var contents: [ExportFileContents] = []
        for result in results {
            switch result {
            case .success(let c): contents.append(c)
            case .failure(let e):
                throw e  // the first bad file in path order
            }
        }
        var merged = merge(contents, files: files)
        merged.diagnostics = skipped + merged.diagnostics
        return merged
    }

    /// Relative paths (`export/…`) of export files, sorted so every build reads them in the same order, and a
    /// warning for each symbolic link that leads outside the content folder (not followed).
    ///
    /// A content folder without an `export/` folder is unusable input, not an empty site: one failed download
    /// step in CI would otherwise publish an empty site over the live one.
    static func exportFiles(under root: URL, contentDirectory: URL) throws(InputError) -> (files: [String], skipped: [Diagnostic]) {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: contentDirectory.path, isDirectory: &isDir), isDir.boolValue else {
            throw InputError(file: contentDirectory.path, message: "the content folder does not exist or is not a folder")
        }
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDir), isDir.boolValue else {
            throw InputError(file: "export", message: "the content folder has no export/ folder; nothing to build from")
        }
        let content = ContentFolder(contentDirectory)
        guard content.contains(root.path) else {
            throw InputError(file: "export", message: ContentFolder.outsideMessage)
        }
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isSymbolicLinkKey]) else {
            throw InputError(file: "export", message: "cannot list the export folder")
        }
        let prefix = contentDirectory.standardizedFileURL.path
        func relative(_ url: URL) -> String {
            let path = url.standardizedFileURL.path
            return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count).drop { $0 == "/" }) : path
        }
        var files: [String] = []
        var skipped: [Diagnostic] = []
        for case let url as URL in walker {
            if (try? url.resourceValues(forKeys: [.isSymbolicLinkKey]))?.isSymbolicLink == true, !content.contains(url.path) {
                walker.skipDescendants()
                skipped.append(Diagnostic(.outsideContentFolder, file: relative(url), message: ContentFolder.outsideMessage))
                continue
            }
            if extensions.contains(url.pathExtension.lowercased()) { files.append(relative(url)) }
        }
        return (files.sorted(), skipped.sorted { $0.file ?? "" < $1.file ?? "" })
    }

    /// Applies changelogs (latest change by timestamp wins, ties by file order; DELETE removes),
    /// then merges all documents. A document found in two files: the later file wins, with a warning. A
    /// changelog whose latest change is a DELETE counts as a copy in its file's place: it removes copies of
    /// earlier files, and a later file's copy is used; both with a warning.
    static func merge(_ given: consuming [ExportFileContents], files: [String]) -> LoadedExport {
        // Owned, so that taking the documents out of it copies none.
        var contents = given
        var diagnostics = contents.flatMap(\.diagnostics)
        var ignored: [String: Int] = [:]
        for c in contents { ignored.merge(c.ignoredCollections, uniquingKeysWith: +) }
        var changelogIgnored: [String: Set<String>] = [:]
        for c in contents { changelogIgnored.merge(c.ignoredChangelogDocuments) { $0.union($1) } }
        for (name, ids) in changelogIgnored { ignored[name, default: 0] += ids.count }

        struct Key: Hashable { var collection: String; var id: DocumentID }
        // Changelog state: stable sort keeps file order (files are in path order) for equal timestamps.
        let changes = contents.flatMap(\.changes)
        var latest: [Key: ChangelogRow] = [:]
        for change in changes {
            let key = Key(collection: change.collection, id: change.documentID)
            if let seen = latest[key], change.timestamp < seen.timestamp { continue }
            latest[key] = change
        }
        var changelogDocs: [String: [RawDocument]] = [:]  // by the file of the winning change
        var deletions: [String: [RawDocument]] = [:]  // a DELETE, as an empty copy in its file's place
        for (key, row) in latest {
            if row.operation == .delete {
                deletions[row.file, default: []].append(RawDocument(collection: key.collection, id: key.id, fields: [:], file: row.file))
                continue
            }
            guard let fields = row.fields else { continue }
            changelogDocs[row.file, default: []].append(RawDocument(collection: key.collection, id: key.id, fields: fields, file: row.file))
        }
        // Every document in the order the files give them (each file's documents, then those its changelog
        // leaves), a later copy of a document replacing an earlier one.
        var sequence: [RawDocument] = []
        var deletedAt = Set<Int>()  // positions in `sequence` that are a deletion, not a copy
        for (index, file) in files.enumerated() {
            let documents = contents[index].documents
            contents[index].documents = []
            // The first file's documents taken as they are (the reports, at 100,000 reports), not copied.
            if sequence.isEmpty { sequence = documents } else { sequence += documents }
            if let changed = changelogDocs.removeValue(forKey: file) {
                sequence += changed.sorted { ($0.collection, $0.id) < ($1.collection, $1.id) }
            }
            if let deleted = deletions.removeValue(forKey: file) {
                let start = sequence.count
                sequence += deleted.sorted { ($0.collection, $0.id) < ($1.collection, $1.id) }
                deletedAt.formUnion(start..<sequence.count)
            }
        }
        // Sorted by collection, then id, copies of a document staying in that order (the sort is stable): a
        // collection compared by its rank among the few there are, so most comparisons compare two ids, and two
        // ids by their first bytes where that tells them apart (`TextSortKey`). Why not a table by collection
        // and id: filling it and reading it back copied every document twice, on one core while the
        // others waited.
        let rank = Ranks.of(sequence.map(\.collection))
        let keys = sequence.map { (rank: rank[$0.collection]!, id: TextSortKey($0.id)) }
        let order = sequence.indices.sorted { a, b in
            keys[a].rank != keys[b].rank
                ? keys[a].rank < keys[b].rank
                : TextSortKey.precedes(sequence[a].id, keys[a].id, sequence[b].id, keys[b].id)
        }
        // Of each run of copies, the last one put is the document; each copy from another file than the one
        // it replaces is a warning, in the order the copies were put.
        var documents: [RawDocument] = []
        documents.reserveCapacity(order.count)
        var replacements: [(position: Int, warning: Diagnostic)] = []
        var first = 0
        while first < order.count {
            var end = first + 1
            while end < order.count, keys[order[end]].rank == keys[order[first]].rank,
                sequence[order[end]].id == sequence[order[first]].id
            {
                let previous = sequence[order[end - 1]], doc = sequence[order[end]]
                if previous.file != doc.file {
                    replacements.append(
                        (
                            order[end],
                            replacement(
                                previous, wasDeleted: deletedAt.contains(order[end - 1]),
                                by: doc, isDeletion: deletedAt.contains(order[end]))
                        ))
                }
                end += 1
            }
            if !deletedAt.contains(order[end - 1]) { documents.append(sequence[order[end - 1]]) }
            first = end
        }
        diagnostics += replacements.sorted { $0.position < $1.position }.map(\.warning)
        return LoadedExport(documents: documents, ignoredCollections: ignored, diagnostics: diagnostics, files: files)
    }

    /// The warning for a copy (or a changelog's deletion) of a document that replaces an earlier one.
    private static func replacement(_ previous: RawDocument, wasDeleted: Bool, by doc: RawDocument, isDeletion: Bool) -> Diagnostic {
        // A document has one latest change across all changelogs, so two deletions never meet.
        if isDeletion {
            return Diagnostic(
                .deletedInAnotherFile, previous.source, "deleted in \(doc.file), its latest change there; the copy in \(previous.file) is not used")
        }
        if wasDeleted {
            return Diagnostic(
                .deletedInAnotherFile, doc.source, "deleted in \(previous.file), but also in \(doc.file), a later file: that copy is used")
        }
        return Diagnostic(.documentInTwoFiles, doc.source, "also in \(previous.file); the copy in \(doc.file) is used")
    }
}
