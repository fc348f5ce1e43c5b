import Foundation
import GenCompute
import GenModel
import GenResolve
import GenSupport

/// What one month's planners read of the organization, recorded as they read it (as Hugo's `identity`
/// package records what a page reads): each read is a kind, an id and the digest of what it gave. The
/// manifest keeps a month's recorded reads with its files, and the next build keeps the month unplanned
/// only when every recorded read gives the same digest again (`MonthSources.isCurrent`). Nothing is listed
/// by hand: the month's planners reach the documents and what other months and page families decide (paths,
/// neighbours' links, names, the attention list) through here, and each read is recorded. What they take from
/// the organization's input directly (the reports' forms, routes and mileage rows, the month's statistics)
/// is made from documents read here: the month's reports and critiques, and the organization's users,
/// schools and report templates.
///
/// Beyond what is recorded, every month's files may depend on the build's shared key (`RenderStep`): every
/// input file but the export (the configuration, the templates, the pages, the images).
public struct RecordedReads: Sendable, Equatable {
    public struct Read: Sendable, Hashable {
        public var kind: String
        public var id: String
        /// The digest of what the read gave.
        public var digest: ContentDigest

        public init(kind: String, id: String, digest: ContentDigest) {
            self.kind = kind
            self.id = id
            self.digest = digest
        }
    }

    /// Sorted by kind, then id; one read of each.
    public var reads: [Read]

    public init(_ reads: [Read]) { self.reads = reads }

    /// The digest of `ReadKind.organization`: its id, name and folder.
    static func organization(_ org: Organization) -> ContentDigest {
        var hasher = StableHasher()
        hasher.add(org.id)
        hasher.add(org.name)
        hasher.add(org.pathSegment)
        return hasher.finalize()
    }
}

/// The kinds of read. The raw values are what the manifest keeps.
enum ReadKind: String {
    /// The organization's id, name and folder: every page's layout shows its name, every path starts with
    /// its folder.
    case organization
    /// The organization's users, schools and report templates, each set by its documents' digests, in order:
    /// a report's form, route and body are made from them before planning (its template, the schools its
    /// route names, matched by name among them all, its photographer's home and name), so every month reads
    /// them whole.
    case users, schools, templates
    /// The month's reports, in order, by their documents' digests (id `YYYY-MM`).
    case reports
    /// The month's published critiques, in order, by their documents' digests (id `YYYY-MM`).
    case critiques
    /// A report's file name (its page, Markdown and anchor): ids are made path-safe and unique across the
    /// organization, so one report's name can depend on others (id: the report's id).
    case reportPath = "report-path"
    /// A published critique's detail page (id: the critique's id).
    case critiquePage = "critique-page"
    /// A photographer's statistics page (id: the key the statistics count them under).
    case photographerPage = "photographer-page"
    /// Every photographer of `mileage.json` by id and name (taken from their first report, in whatever month
    /// it is): the month's mileage table shows the names, its statements' file names are allocated from the
    /// ids.
    case photographers
    /// A link to a neighbour of the month (id `YYYY-MM before` or `YYYY-MM after`): the month before or
    /// after, the day with reports before the month's first or after its last, the report before its first
    /// or after its last.
    case monthLink = "month-link"
    case dayLink = "day-link"
    case reportLink = "report-link"
    /// What the archive's "Needs attention" list reads from outside the month (`AttentionPage.Planner
    /// .archiveKey`, id `YYYY-MM`).
    case attention
    /// Every school and every visit a school page shows (`SchoolPages.Planner.digest`): what the school pages
    /// are made from, read whole by each of their batches.
    case schoolVisits = "school-visits"
}

/// What a month's reads are read from: the organization's planners, made once, read by every month's
/// planning and by the next build's check of a month's recorded reads. Read-only, so shared by all threads.
struct MonthSources: Sendable {
    let organization: Organization
    let monthly: MonthlyReports.Planner
    let reportPages: ReportPages.Planner
    let paths: ReportPaths
    let galleries: CritiqueGalleries
    let photographerPages: [DocumentID: String]
    let attention: Lazy<AttentionPage.Planner>
    /// `ReadKind.photographers`' digest, made once.
    let photographers: ContentDigest
    /// The digests of `ReadKind.users`, `.schools` and `.templates`, made once (nil when a document has none).
    let users: ContentDigest?
    let schools: ContentDigest?
    let templates: ContentDigest?

    init(_ plan: OrganizationPlan) {
        organization = plan.org
        monthly = plan.monthly
        reportPages = plan.reportPages
        paths = plan.reportPaths
        galleries = plan.galleries
        photographerPages = plan.statisticsPeople.photographerPaths
        attention = plan.attention
        var names = StableHasher()
        for p in plan.input.mileage.photographers {
            names.add(p.photographerId)
            names.add(p.name)
        }
        photographers = names.finalize()
        let org = plan.org
        users = Self.digest(org.users.map { $0.digest })
        schools = Self.digest(org.schools.map { $0.digest })
        templates = Self.digest(org.templates.map { $0.digest })
    }

    /// Documents' digests in order; nil when one has none (made in code, not loaded).
    static func digest(_ digests: [ContentDigest]) -> ContentDigest? {
        var hasher = StableHasher()
        hasher.mark(0x44, UInt64(digests.count))
        for digest in digests {
            guard digest != .none else { return nil }
            hasher.add(digest)
        }
        return hasher.finalize()
    }

    /// Which side of the month a neighbour is on, as the id of its read names it.
    enum Side: String {
        case before, after
    }

    /// The digest of what a read of `kind` and `id` gives now; nil when it cannot be known (a document made
    /// in code has no digest) or the id names nothing. Every read's digest is made here, while it is recorded
    /// and when it is checked, so the two agree by construction.
    func digest(_ kind: ReadKind, _ id: String) -> ContentDigest? {
        switch kind {
        case .organization: return RecordedReads.organization(organization)
        case .users: return users
        case .schools: return schools
        case .templates: return templates
        case .reports: return Self.digest((monthly.reportsByMonth[id] ?? []).map { $0.digest })
        case .critiques: return Self.digest((monthly.critiquesByMonth[id] ?? []).map { $0.digest })
        case .reportPath: return .of(text: paths.page(DocumentID(id)))
        case .critiquePage: return .of(text: galleries.detailPaths[DocumentID(id)])
        case .photographerPage: return .of(text: photographerPages[DocumentID(id)])
        case .photographers: return photographers
        case .monthLink, .dayLink, .reportLink:
            guard let (month, side) = Self.neighbour(id) else { return nil }
            let link =
                kind == .monthLink
                ? monthLink(month, side) : kind == .dayLink ? dayLink(month, side) : reportLink(month, side)
            var hasher = StableHasher()
            hasher.add(link?.href)
            hasher.add(link?.label)
            return hasher.finalize()
        case .attention: return attention.value.archiveKey(month: id)
        case .schoolVisits: return nil  // no month reads them
        }
    }

    /// Whether every read recorded by an earlier build gives the same digest now.
    func isCurrent(_ recorded: RecordedReads) -> Bool {
        recorded.reads.allSatisfy { read in
            guard let kind = ReadKind(rawValue: read.kind), let digest = digest(kind, read.id) else { return false }
            return digest == read.digest
        }
    }

    static func neighbour(_ id: String) -> (String, Side)? {
        let parts = id.split(separator: " ")
        guard parts.count == 2, let side = Side(rawValue: String(parts[1])) else { return nil }
        return (String(parts[0]), side)
    }

    /// The monthly page's link to the month before or after (`MonthlyReports`).
    func monthLink(_ month: String, _ side: Side) -> PageLink? {
        let keys = monthly.keys
        guard let index = keys.firstIndex(of: month) else { return nil }
        let i = side == .before ? index - 1 : index + 1
        guard keys.indices.contains(i) else { return nil }
        return PageLink(href: "../\(keys[i])/index.html", label: Format.monthTitle(keys[i]))
    }

    /// The link from the month's first day page to the day before, or from its last to the day after.
    func dayLink(_ month: String, _ side: Side) -> PageLink? {
        guard let range = reportPages.dayRanges[month] else { return nil }
        return reportPages.dayLink(side == .before ? range.lowerBound - 1 : range.upperBound)
    }

    /// The link from the month's first report page to the report before, or from its last to the one after.
    func reportLink(_ month: String, _ side: Side) -> PageLink? {
        guard let range = reportPages.dayRanges[month] else { return nil }
        let days = reportPages.days
        return side == .before
            ? reportPages.neighbour(day: range.lowerBound, report: -1, paths: paths)
            : reportPages.neighbour(day: range.upperBound - 1, report: days[range.upperBound - 1].value.count, paths: paths)
    }
}

/// One month's view of the organization: its planners read through it, and each read is recorded with its
/// digest. One per month being planned, so months never share a log; the lock is for a page planned on
/// another thread, and is never contended.
final class MonthReads: @unchecked Sendable {  // `log`, `seen`, `unknown` and `taken` under `lock`
    let month: String
    let sources: MonthSources
    private struct Key: Hashable {
        var kind: ReadKind
        var id: String
    }
    private let lock = NSLock()
    private var log: [RecordedReads.Read] = []
    private var seen: Set<Key> = []
    /// A read had no digest (a document made in code): the month cannot be kept, and is planned every build.
    private var unknown = false
    /// `recorded` was taken: a read after it would be missing from the manifest.
    private var taken = false

    init(month: String, sources: MonthSources) {
        self.month = month
        self.sources = sources
        // Every page's layout shows the organization's name, and every path starts with its folder.
        record(.organization, "")
        // Every report's form, route and body, and every name, are made from these (`ReadKind.users`).
        for kind in [ReadKind.users, .schools, .templates] { record(kind, "") }
    }

    /// Records a read of `kind` and `id` (once).
    func record(_ kind: ReadKind, _ id: String) {
        let isNew = lock.withLock { seen.insert(Key(kind: kind, id: id)).inserted }
        guard isNew else { return }
        let digest = sources.digest(kind, id)
        lock.withLock {
            assert(!taken, "\(kind.rawValue) \(id) read after the month's reads were taken")
            if let digest {
                log.append(RecordedReads.Read(kind: kind.rawValue, id: id, digest: digest))
            } else {
                unknown = true
            }
        }
    }

    /// What was read, sorted; nil when some read has no digest. Taken once the month's files are planned.
    var recorded: RecordedReads? {
        lock.withLock {
            taken = true
            return unknown ? nil : RecordedReads(log.sorted { ($0.kind, $0.id) < ($1.kind, $1.id) })
        }
    }

    /// The month's reports, in order.
    func reports() -> [DailyJobReport] {
        record(.reports, month)
        return sources.monthly.reportsByMonth[month] ?? []
    }

    /// The month's published critiques, newest first, with their detail pages (every page showing a
    /// critique links to its page).
    func critiques() -> [Critique] {
        record(.critiques, month)
        let critiques = sources.monthly.critiquesByMonth[month] ?? []
        for critique in critiques { record(.critiquePage, critique.id.text) }
        return critiques
    }

    /// Where the organization's reports are, each name read recorded.
    var paths: ReportPaths { sources.paths.recording(into: self) }

    /// A photographer's statistics page.
    func photographerPage(_ key: DocumentID) -> String? {
        record(.photographerPage, key.text)
        return sources.photographerPages[key]
    }

    /// The month's rows of `mileage.json`, which name every photographer as `mileage.json` does.
    func mileage(_ input: OrganizationInput) -> MileageSummary {
        record(.photographers, "")
        return input.mileageSlice(month)
    }

    /// The month's statements' file names, allocated from every photographer's id in `mileage.json`.
    func statementNames(_ input: OrganizationInput) -> [DocumentID: String] {
        record(.photographers, "")
        return MileageStatements.fileNames(input.mileage)
    }

    func monthLink(_ side: MonthSources.Side) -> PageLink? {
        record(.monthLink, "\(month) \(side.rawValue)")
        return sources.monthLink(month, side)
    }

    func dayLink(_ side: MonthSources.Side) -> PageLink? {
        record(.dayLink, "\(month) \(side.rawValue)")
        return sources.dayLink(month, side)
    }

    func reportLink(_ side: MonthSources.Side) -> PageLink? {
        record(.reportLink, "\(month) \(side.rawValue)")
        return sources.reportLink(month, side)
    }

    /// The archive's "Needs attention" list as it stood at the month's end.
    func attention() -> AttentionPage.Body {
        record(.attention, month)
        return sources.attention.value.archiveBody(month: month, paths: paths)
    }
}
