import GenModel
import GenSupport

/// What a build did, for the summary and for tests.
public struct BuildReport: Sendable, Codable {
    public var exportFiles: [String] = []
    /// Documents read per known collection, before any were skipped.
    public var documentsRead: [String: Int] = [:]
    /// Collections gen does not read, and sub-collections: name → documents.
    public var ignoredCollections: [String: Int] = [:]
    public var diagnostics: [Diagnostic] = []
    public var organizations: [String] = []
    /// Critiques by status other than "published": counted here, shown nowhere.
    public var unpublishedCritiques: [String: Int] = [:]
    public var images = ImageStats()
    /// Reports with validation problems (they are still rendered, with the problems listed).
    public var invalidReports = 0
    public var pagesWritten = 0
    public var filesWritten = 0
    /// Files whose fingerprint matched the previous build: kept (hard-linked), not rendered again.
    public var filesKept = 0
    /// Batches whose recorded reads are unchanged (`PlanBatch.recorded`: months of reports, the school pages):
    /// their files kept without planning them. Batch names, in build order.
    public var batchesKept: [String] = []
    /// No input changed since the previous build (same gen, content, templates): nothing was done.
    public var upToDate = false

    /// The media step: distinct local source images and what happened to them.
    public struct ImageStats: Sendable, Equatable, Codable {
        public var sources = 0
        /// Decoded and encoded in this build.
        public var processed = 0
        /// Answered from the thumbnail cache.
        public var reused = 0
        /// Corrupt, truncated, empty, not an image, or too large: shown as "Image unavailable".
        public var failed = 0
        /// Referenced media paths with no local file: pages use the document's own URL.
        public var remote = 0
    }

    public var skipped: [Diagnostic] { diagnostics.filter { $0.kind == .skipped } }
    public var warnings: [Diagnostic] { diagnostics.filter { $0.kind == .warning } }

    /// Diagnostics in a stable order: by file, collection, document, field, message.
    public var sortedDiagnostics: [Diagnostic] {
        diagnostics.sorted {
            ($0.file ?? "", $0.collection ?? "", $0.documentID ?? "", $0.field ?? "", $0.message)
                < ($1.file ?? "", $1.collection ?? "", $1.documentID ?? "", $1.field ?? "", $1.message)
        }
    }

    /// The summary printed after `build` and `check`.
    public func summary(outputPath: String?) -> String {
        var lines: [String] = []
        let read = documentsRead.keys.sorted().map { "\($0) \(documentsRead[$0]!)" }.joined(separator: ", ")
        lines.append("read \(exportFiles.count) export file\(exportFiles.count == 1 ? "" : "s"): \(read.isEmpty ? "no documents" : read)")
        for name in ignoredCollections.keys.sorted() {
            let kind = name.contains("/") ? "sub-collection" : "unknown collection"
            lines.append("ignored \(kind) \(name): \(ignoredCollections[name]!) document\(ignoredCollections[name]! == 1 ? "" : "s")")
        }
        let skipped = self.skipped
        if !skipped.isEmpty {
            lines.append("skipped \(skipped.count) document\(skipped.count == 1 ? "" : "s"):")
            let reasons = Dictionary(grouping: skipped) { "\($0.collection ?? "?"): \($0.message)" }
            for reason in reasons.keys.sorted() {
                lines.append("  \(reasons[reason]!.count) × \(reason)")
            }
        }
        if !unpublishedCritiques.isEmpty {
            let parts = unpublishedCritiques.keys.sorted().map { "\(unpublishedCritiques[$0]!) \($0)" }
            lines.append("not shown: critiques not published (\(parts.joined(separator: ", ")))")
        }
        if images.sources + images.remote > 0 {
            lines.append(
                "images: \(images.sources) local (\(images.processed) processed, \(images.reused) from cache, \(images.failed) unusable), \(images.remote) without a local file"
            )
        }
        if invalidReports > 0 {
            lines.append("\(invalidReports) report\(invalidReports == 1 ? "" : "s") with validation problems (listed on their pages)")
        }
        let warnings = self.warnings.count
        if warnings > 0 { lines.append("\(warnings) warning\(warnings == 1 ? "" : "s") (gen check lists them all)") }
        if let outputPath {
            if upToDate {
                lines.append("up to date: nothing changed since the last build of \(outputPath) (\(pagesWritten) pages, \(filesWritten) files)")
            } else {
                lines.append(
                    "wrote \(pagesWritten) page\(pagesWritten == 1 ? "" : "s") (\(filesWritten) files) for \(organizations.count) organization\(organizations.count == 1 ? "" : "s") to \(outputPath)"
                )
                if filesKept > 0 {
                    let n = batchesKept.count
                    let unplanned = n > 0 ? " (\(n) unchanged batch\(n == 1 ? "" : "es") not planned again)" : ""
                    lines.append(
                        "kept \(filesKept) unchanged file\(filesKept == 1 ? "" : "s") from the previous build\(unplanned), rendered \(filesWritten - filesKept)"
                    )
                }
            }
        }
        return lines.map(\.escapingControlCharacters).joined(separator: "\n")
    }
}
