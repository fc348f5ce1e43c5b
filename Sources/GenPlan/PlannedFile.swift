import Foundation
import GenModel
import GenResolve

/// One file of the output tree, decided but not yet rendered: the plan says *what*,
/// the render stage says *which bytes*.
public struct PlannedFile: Sendable {
    /// Path relative to the output root, `/`-separated, every data-derived segment sanitized.
    public var path: String
    public var content: Content
    /// A page showing many fragments (a month's reports, a gallery page's cards): where each one sits in it is
    /// recorded, so that the next build, rendering the page again, reads unchanged fragments back from it
    /// (`FragmentIndex`).
    public var indexesFragments = false
    /// The group of files it belongs to within its batch (a day's pages in a month): files made from the same
    /// inputs, kept together without being prepared when the group's key is the previous build's.
    public var group: FileGroup?
    /// Set by the render step: the file's group is unchanged since the previous build, so the file is the
    /// previous build's (kept, not prepared, when it is still there as recorded).
    public var groupUnchanged = false
    /// Set by the render step: the file's batch is planned again because its inputs changed (a new critique
    /// for the gallery), so the file most likely changed too: its page context is encoded once, for its
    /// fingerprint and its render, as in a full build, not hashed first and encoded again to render.
    public var likelyChanged = false

    public enum Content: Sendable {
        /// A Mustache template from `Templates/` rendered with a context.
        case page(template: String, context: PageContext)
        /// A value written as pretty, key-sorted JSON.
        case json(any Encodable & Sendable)
        /// A table written as RFC 4180 CSV.
        case csv(CSVTable)
        /// A file copied from `Templates/assets/`.
        case asset(String)
        /// A file copied as it is (thumbnails from the media cache).
        case copy(URL)
        /// A reproducible zip of other planned files, all under one folder `root` inside the zip, with a
        /// `SHA256SUMS` file over them. Entry paths are relative to `root`.
        indirect case archive(root: String, entries: [PlannedFile])
    }

    public init(path: String, content: Content) {
        self.path = path
        self.content = content
    }

    public var isPage: Bool {
        if case .page = content { return true }
        return false
    }

    /// JSON or CSV: written as it is encoded, part by part.
    public var isData: Bool {
        switch content {
        case .json, .csv: return true
        default: return false
        }
    }
}

/// A CSV file's rows, each made only when its part of the file is written: `mileage.csv` at 100,000 reports
/// is a million cells, which are never all held at once.
public struct CSVTable: Sendable {
    public var header: [String]
    public var count: Int
    public var row: @Sendable (Int) -> [String]

    public init(header: [String], count: Int, row: @escaping @Sendable (Int) -> [String]) {
        self.header = header
        self.count = count
        self.row = row
    }

    /// A table of rows already made; the first is the header.
    public init(rows: [[String]]) {
        self.init(header: rows.first ?? [], count: max(0, rows.count - 1)) { rows[$0 + 1] }
    }
}

/// Files of one batch made from the same inputs beyond what the whole build shares: a day's page and its
/// reports' pages, within their month. A month is planned again when any of its reports changes (its
/// monthly page shows them all); of its days, only those whose key changed are prepared and rendered again.
/// One object shared by the group's files.
public final class FileGroup: Sendable {
    /// Unique across the site (the key is recorded under it): its batch's name, `/` (which no batch name
    /// holds: they are made of organization folders), and its own, `org-1 2025-10/day 2025-10-14`.
    public let name: String
    /// Like `PlanBatch.key`, and it covers the group's file paths too (the next build compares keys only):
    /// nil when a document has no digest (the files are then prepared as usual).
    public let key: ContentDigest?

    public init(name: String, key: ContentDigest?) {
        self.name = name
        self.key = key
    }
}

/// A part of the site planned only when it is about to be rendered: one month of an organization's daily,
/// report and monthly pages with the month's archive, or the rest of an organization. The build plans and
/// renders batch after batch, so memory holds the pages of a batch or two, not the contexts of the whole site.
public struct PlanBatch: Sendable {
    /// For progress lines: `org-1 2025-10`.
    public let name: String
    /// Plans the batch's files; called once, when the batch is rendered.
    public let files: @Sendable () -> [PlannedFile]
    /// The digest of everything the batch's files are made from beyond what the whole build shares (the
    /// configuration, templates, content pages, users, schools and report templates: the build's own key,
    /// which an incremental build adds). When it equals the previous build's, the batch's files are the
    /// previous build's and are kept without planning them. No key (or a nil digest): always planned (each
    /// file is still kept when its own fingerprint is unchanged).
    public let key: (@Sendable () -> ContentDigest?)?

    public init(name: String, key: (@Sendable () -> ContentDigest?)? = nil, files: @escaping @Sendable () -> [PlannedFile]) {
        self.name = name
        self.key = key
        self.files = files
    }
}

/// A page decided by one of the section planners (mileage, reports, critiques), before the
/// organization planner gives it the layout context. `path` is relative to the organization folder.
struct PlannedPage: Sendable {
    var path: String
    var template: String
    var title: String
    var body: any Encodable & Sendable
    /// The page's own key, when it is a `FileGroup` of its own within its batch (a gallery page): kept without
    /// preparing it when the key is the previous build's.
    var groupKey: ContentDigest? = nil
}

extension StableHasher {
    /// The start of a section's key (`PlanBatch.key`): which kind of section it is (with the version of
    /// what its key covers) and whose — the organization's id, its name (every page's layout shows it) and
    /// its folder (every path starts with it).
    static func sectionKey(_ kind: String, of org: Organization) -> StableHasher {
        var hasher = StableHasher()
        hasher.add(kind)
        hasher.add(org.id)
        hasher.add(org.name)
        hasher.add(org.pathSegment)
        return hasher
    }

    /// Which of `count` groups a key belongs to, by a stable hash of the key: a section planned in keyed
    /// groups (a photographer's statistics page, their gallery) keeps everyone else's group when a key comes
    /// or goes, so the number of groups is fixed too.
    static func group(of key: String, among count: Int) -> Int {
        var hasher = StableHasher()
        hasher.add(key)
        return Int(hasher.finalize().low % UInt64(count))
    }
}
