import Foundation
import GenSupport
import MustacheEngine

/// One file of the output tree, decided but not yet rendered: the plan says *what*,
/// the render stage says *which bytes*.
public struct PlannedFile: Sendable {
    /// Path relative to the output root, `/`-separated, every data-derived segment sanitized.
    public var path: String
    public var content: Content
    public enum Content: Sendable {
        /// A Mustache template from `Templates/` rendered with a context.
        case page(template: String, context: PageContext)
        /// A value written as pretty, key-sorted JSON.
        case json(any Encodable & Sendable)
        /// A table written as RFC 4180 CSV.
        case csv(CSVTable)
        /// A classic script that hands one value, as JSON, to a function: `genSearch.month("2024-10", …);`. Search
        /// indexes are scripts because a page opened from disk may load scripts but not fetch files.
        case script(call: String, value: any Encodable & Sendable)
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

    /// JSON, CSV or a script of JSON: fingerprinted by their bytes.
    public var isData: Bool {
        switch content {
        case .json, .csv, .script: return true
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
    /// The digest of the one value every row is made from, when the table was made from one (`init(of:…)`):
    /// with the header, the table's fingerprint, so a rebuild keeps an unchanged table without making its rows.
    public var source: (@Sendable () -> ContentDigest?)?

    public init(header: [String], count: Int, row: @escaping @Sendable (Int) -> [String]) {
        self.header = header
        self.count = count
        self.row = row
    }

    /// A table whose rows are made from `source` alone (the row function is given nothing else).
    public init<Source: Encodable & Sendable>(
        of source: Source, header: [String], count: Int,
        row: @escaping @Sendable (Source, Int) -> [String]
    ) {
        self.init(header: header, count: count) { row(source, $0) }
        self.source = { ContentDigest.of(source) }
    }

    /// A table of rows already made; the first is the header.
    public init(rows: [[String]]) {
        self.init(header: rows.first ?? [], count: max(0, rows.count - 1)) { rows[$0 + 1] }
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
    /// A batch planned with what it read recorded: a month of reports (`MonthReads`) and the school pages
    /// (`SchoolsFamily`). When every read an earlier build recorded gives the same digest now (and what the
    /// whole build shares is unchanged: the build checks that), the batch's files are that build's and are
    /// kept without planning them. Every other batch is planned in every build; each file is kept when its own
    /// fingerprint (`Renderer.prepare`) is unchanged.
    public let recorded: Recorded?

    public struct Recorded: Sendable {
        /// Plans the batch's files with what was read; nil reads when some read has no digest (a document
        /// made in code), and then the batch is planned in every build.
        public let plan: @Sendable () -> (files: [PlannedFile], reads: RecordedReads?)
        /// Whether every read an earlier build recorded gives the same digest now.
        public let isCurrent: @Sendable (RecordedReads) -> Bool

        init(
            isCurrent: @escaping @Sendable (RecordedReads) -> Bool,
            plan: @escaping @Sendable () -> (files: [PlannedFile], reads: RecordedReads?)
        ) {
            self.plan = plan
            self.isCurrent = isCurrent
        }

        /// A batch whose files are made from what `reads` gives, all of it, whichever of them it plans: its
        /// reads are known before it is planned, and it is kept while they are the same.
        static func reading(
            _ reads: @escaping @Sendable () -> RecordedReads?, plan: @escaping @Sendable () -> [PlannedFile]
        ) -> Recorded {
            Recorded(isCurrent: { recorded in reads() == recorded }, plan: { (plan(), reads()) })
        }
    }

    public init(name: String, files: @escaping @Sendable () -> [PlannedFile]) {
        self.name = name
        self.files = files
        recorded = nil
    }

    init(name: String, recorded: Recorded) {
        self.name = name
        files = { recorded.plan().files }
        self.recorded = recorded
    }
}

/// A page decided by one of the section planners (mileage, reports, critiques), before the
/// organization planner gives it the layout context. `path` is relative to the organization folder.
struct PlannedPage: Sendable {
    var path: String
    var template: String
    var title: String
    /// Not settable: `value` is made from it. Kept for the page's `Encodable` conformance (`PageContext.page`).
    private(set) var body: any Encodable & Sendable
    /// The body's values, which its view gives directly (`TemplateValue`).
    let value: @Sendable () -> MustacheValue

    /// Decided here, where the body's type is known, so the renderer asks no type at run time.
    init<Body: TemplateValue & Encodable & Sendable>(path: String, template: String, title: String, direct body: Body) {
        self.path = path
        self.template = template
        self.title = title
        self.body = body
        self.value = { body.templateValue }
    }
}
