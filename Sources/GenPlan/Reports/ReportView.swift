import Foundation
import GenCompute
import GenMedia
import GenModel
import GenResolve
import GenSupport

/// One report as a daily, report or monthly page shows it: a header that depends on the page (heading
/// level, links) around a body that does not (see `ReportBody`). Values are raw text: the HTML templates
/// escape them for HTML, the Markdown templates for Markdown.
struct ReportView: Sendable, Encodable {
    /// Where a report's heading and header link to, by where it is shown.
    enum Linking: Sendable {
        /// On a daily or monthly page: the heading links to the report's own page.
        case toOwnPage
        /// On its own page: a link back to its day.
        case toDay
        /// Inside a monthly archive: no links out of the archive.
        case none
    }

    var anchor: String
    /// `##` on daily and report pages, `###` under a day heading on monthly pages (Markdown).
    var headingMarks: String
    var heading: String
    /// Link to the report's own page (from a daily page).
    var pageHref: String?
    /// Link to the report's day (from its own page).
    var dayHref: String?
    var photographer: String
    /// The photographer's statistics page; nil inside a monthly archive.
    var photographerHref: String?
    var validity: Validity
    var problemCount: String
    /// The schools the report's route names, each once: a school of the organization links to its page, except
    /// inside a monthly archive (which holds no school pages); a name that matches no school is plain text.
    /// In the head, not the body: the links depend on where the page sits, the body is the same everywhere.
    var schools: [SchoolVisits.Link]
    var hasSchools: Bool
    /// The same on every page showing the report: rendered once per partial showing it (HTML, Markdown).
    var body: Fragment
    /// The report's route, after its body: on the report's own page with its sketch and map links, elsewhere
    /// (its day, its month, the month's archive) as a table and its facts alone.
    var route: Fragment?

    /// `prefix` leads from the page to the organization folder.
    static func make(
        _ report: DailyJobReport, form: ReportForm, in org: Organization, bodies: ReportBodies,
        paths: ReportPaths, schools: SchoolVisits, photographerPage: (DocumentID) -> String?, prefix: String,
        linking: Linking, headingMarks: String = "##"
    ) -> ReportView {
        let body = bodies.body(report.id, prefix: prefix)
        let visited = schools.links(schools.named(report.id), prefix: linking == .none ? nil : prefix)
        return ReportView(
            anchor: paths.anchor(report.id),
            headingMarks: headingMarks,
            heading: "\(org.photographerName(of: report)) · \(form.templateName ?? report.templateName ?? "Report")",
            pageHref: linking == .toOwnPage ? prefix + paths.page(report.id) : nil,
            dayHref: linking == .toDay ? prefix + ReportPaths.dayFolder(report.date) + "/index.html" : nil,
            photographer: org.photographerName(of: report),
            photographerHref: linking == .none
                ? nil : photographerPage(ReportStatistics.photographerKey(of: report)).map { prefix + $0 },
            validity: Validity(form.isValid), problemCount: ReportBody.problemCount(form),
            schools: visited, hasSchools: !visited.isEmpty, body: body, route: bodies.route(report.id, sketched: linking == .toDay))
    }
}

/// The part of a report's block that is the same on every page showing it: facts, notes, validation
/// problems, field tables. Its only page-dependent links are those to local thumbnails. (The route follows
/// the body, in the report's view: only the report's own page draws it.)
struct ReportBody: Sendable, Encodable {
    struct Fact: Sendable, Encodable {
        var label: String
        var value: String
        /// The HTML report's head shows this fact itself, with links (the schools visited): the HTML body
        /// leaves it out, the Markdown body, whose head is a heading, keeps it.
        var inHead = false
    }

    var facts: [Fact]
    var notes: [String]
    /// Rows recur across reports (the same label and value): each distinct row is rendered once.
    var fields: RepeatedRows
    var hasFields: Bool
    var others: RepeatedRows
    var hasOthers: Bool
    var valid: Bool
    var problems: [String]
    var problemCount: String
    /// A field shows a Recomputed or Fallback badge: the table is followed by what they mean.
    var hasOrigins = false

    /// Whether a report's body links to local files (thumbnails), whose relative paths depend on where the
    /// page sits. Only file fields can; asked before any body is made.
    static func linksLocalFiles(_ form: ReportForm, media: [String: ProcessedImage]) -> Bool {
        (form.fields + form.otherValues).contains { field in
            guard case .files = field.value else { return false }
            return FieldRow(field, media: media).linksLocalFiles
        }
    }

    static func problemCount(_ form: ReportForm) -> String {
        form.problems.isEmpty ? "Valid" : Format.count(form.problems.count, "problem")
    }

    /// `prefix` leads from the page to the organization folder.
    static func make(
        _ report: DailyJobReport, form: ReportForm, in org: Organization, mileage: ReportMileage?, prefix: String, zone: TimeZone,
        media: [String: ProcessedImage]
    ) -> ReportBody {
        let day = Format.day(report.date)
        let photographer = org.photographerName(of: report)
        let schools = (mileage?.schools ?? []).joined(separator: ", ")
        // A field the app filled with what the head already says is not shown again; nor is a job type a
        // field of the report shows. Equal texts only, so nothing that differs from the head is hidden.
        let failing = Set(form.problems.map(\.fieldId))
        let shown = form.fields.filter {
            failing.contains($0.id) || !Self.repeatsHead($0, day: day, photographer: photographer, schools: schools)
        }
        var facts = [Fact(label: "Date", value: day), Fact(label: "Photographer", value: photographer, inHead: true)]
        if let name = form.templateName ?? report.templateName {
            let version = (form.templateVersion ?? report.templateVersion).map { " · version \($0)" } ?? ""
            facts.append(Fact(label: "Template", value: name + version))
        }
        if let job = ReportStatistics.jobType(of: report, layout: form.layout, in: org),
            !shown.contains(where: { Self.text(of: $0.value)?.lowercased() == job.lowercased() })
        {
            facts.append(Fact(label: "Job type", value: job))
        }
        if !schools.isEmpty { facts.append(Fact(label: "Schools visited", value: schools, inHead: true)) }
        let created = report.createdAt.map { Format.dateTime($0, in: zone) }
        let updated = report.updatedAt.map { Format.dateTime($0, in: zone) }
        if let created { facts.append(Fact(label: "Filed", value: created)) }
        if let updated, updated != created { facts.append(Fact(label: "Updated", value: updated)) }
        facts.append(Fact(label: "Report", value: report.id.text))

        var notes = form.note.map { [$0] } ?? []
        if form.versionMismatch, let filed = report.templateVersion, let current = form.templateVersion {
            notes.append(
                "Filed with version \(filed) of the template; shown through version \(current). Values the current version does not describe are under “Other values”."
            )
        }
        // Each problem is also shown at its field's row, where the value that fails stands.
        let problems = Dictionary(grouping: form.problems, by: \.fieldId).mapValues { $0.map(\.message).joined(separator: "; ") }
        let fields = shown.map { FieldRow($0, problem: problems[$0.id], media: media, prefix: prefix).block }
        // The table of other values shows no origin.
        let others = form.otherValues.map { FieldRow($0, media: media, prefix: prefix).withoutOrigin.block }
        return ReportBody(
            facts: facts, notes: notes, fields: RepeatedRows(fields), hasFields: !fields.isEmpty, others: RepeatedRows(others),
            hasOthers: !others.isEmpty, valid: form.isValid, problems: form.problems.map { "\($0.label): \($0.message)" },
            problemCount: problemCount(form), hasOrigins: shown.contains { FieldRow.tellsOrigin($0.origin) })
    }

    /// A text or list value as one line; nil for other shapes.
    static func text(of value: FieldValue) -> String? {
        switch value {
        case .text(let s): return s
        case .list(let items): return items.joined(separator: ", ")
        default: return nil
        }
    }

    /// An app-filled field (the photographer's name, the report's date, the schools named) or the schools
    /// visited, whose value reads exactly as the head already shows it.
    static func repeatsHead(_ field: FormField, day: String, photographer: String, schools: String) -> Bool {
        guard let text = text(of: field.value), !text.isEmpty else { return false }
        if field.id == "schools_visited" { return text == schools }
        guard field.origin == .automatic, let kind = SmartKind(rawValue: field.type.lowercased()) else { return false }
        switch kind {
        case .userName: return text == photographer
        case .dateAuto: return text == day
        case .schoolName: return text == schools
        default: return false
        }
    }
}

/// Every report body of one organization as a fragment, made once before the pages: the report's own
/// page, its day, its month and the month's archive all show the same fragment, in HTML and Markdown. A
/// body with local thumbnails has one per page depth (`prefixes`), the others one for all. With each body,
/// its route, also a fragment: as the day, the month and the archive show it (a table and its facts), and as
/// the report's own page does (with its sketch and map links). Each is made when the renderer first needs it,
/// so a sketch is worked out only for a report's own page.
struct ReportBodies: Sendable {
    /// One fragment for every page, or (a body with local thumbnails) one per prefix.
    private enum Variants: Sendable {
        case shared(Fragment)
        case byPrefix([String: Fragment])
    }

    /// A report's route as its day, month and archive show it, and as its own page does.
    private struct Routes: Sendable {
        var plain: Fragment
        var sketched: Fragment
    }

    private let bodies: [DocumentID: Variants]
    private let routes: [DocumentID: Routes]
    /// Every report's form, by report id.
    let forms: [DocumentID: ReportForm]

    /// Report pages sit two folders down, daily and monthly pages three, the archive's page at its root.
    static let prefixes = ["../../", "../../../", ""]

    /// The bodies of `reports` (default: all of the organization's). A month's pages need only the month's.
    init(_ input: OrganizationInput, reports: [DailyJobReport]? = nil, zone: TimeZone) {
        let org = input.organization
        let forms = input.forms
        self.forms = forms
        let mileage = input.mileageByReport
        let routeNotes = input.routeNotes
        let media = input.media
        let tolerance = input.mileage.tolerance
        let made = ParallelMap.map(reports ?? org.reports) { report -> (DocumentID, Variants, Routes?) in
            let form = forms[report.id]!
            let mileage = mileage[report.id]
            let notes = routeNotes[report.id] ?? []
            // Routes recur (a photographer driving to the same schools): a fragment is keyed by its content, so
            // each distinct route is rendered once.
            let routes = mileage.map { mileage in
                Routes(
                    plain: Fragment(view: { MileagePages.route(mileage, notes: notes, tolerance: tolerance) }),
                    sketched: Fragment(view: {
                        let points = RouteSketch.points(mileage, home: Self.home(of: report, in: org), in: org)
                        return MileagePages.route(mileage, notes: notes, tolerance: tolerance, points: points)
                    }))
            }
            // The body is made when the renderer first needs it.
            func fragment(_ prefix: String) -> Fragment {
                Fragment(view: {
                    ReportBody.make(report, form: form, in: org, mileage: mileage, prefix: prefix, zone: zone, media: media)
                })
            }
            guard ReportBody.linksLocalFiles(form, media: media) else { return (report.id, .shared(fragment(Self.prefixes[0])), routes) }
            return (report.id, .byPrefix(Dictionary(uniqueKeysWithValues: Self.prefixes.map { ($0, fragment($0)) })), routes)
        }
        bodies = Dictionary(made.map { ($0.0, $0.1) }, uniquingKeysWith: { a, _ in a })
        routes = Dictionary(made.compactMap { id, _, routes in routes.map { (id, $0) } }, uniquingKeysWith: { a, _ in a })
    }

    func body(_ reportId: DocumentID, prefix: String) -> Fragment {
        switch bodies[reportId]! {
        case .shared(let body): return body
        case .byPrefix(let bodies): return bodies[prefix]!
        }
    }

    /// The report's route; `sketched`: as its own page shows it, with a sketch and map links where the route
    /// can be drawn. Nil without mileage.
    func route(_ reportId: DocumentID, sketched: Bool) -> Fragment? {
        routes[reportId].map { sketched ? $0.sketched : $0.plain }
    }

    /// The photographer's home, where the route starts and ends (as `MileageCalculator` finds it).
    static func home(of report: DailyJobReport, in org: Organization) -> GeoPoint? {
        report.userId.flatMap { org.usersByID[$0]?.home }
    }
}

/// One field row: exactly one of the value shapes is set.
struct FieldRow: Sendable, Encodable {
    struct Piece: Sendable, Encodable {
        var text: String
        /// Another piece follows (a line break between them).
        var more: Bool
    }

    struct FileItem: Sendable, Encodable {
        var name: String
        var url: String
        /// Only http(s) URLs become links.
        var href: String?
        var details: String?
        /// Local thumbnail renditions of an attached image, linking to its display size.
        var thumbnail: Picture?
        var displayHref: String?
        var more: Bool
    }

    /// The value shapes other than plain text, exactly one of them set. Why a group: most fields are text,
    /// and the template asks for each shape by name; a name that is not there is looked up again in every
    /// enclosing context. With the rarer shapes under one name a text field is three lookups, not eight.
    struct Rich: Sendable, Encodable {
        var lines: [Piece]?
        var email: String?
        var phone: String?
        /// `tel:` with digits and `+` only, so the link cannot carry anything else.
        var tel: String?
        var items: [Piece]?
        var hasItems = false
        var files: [FileItem]?
        var pairs: [Piece]?
    }

    var label: String
    /// "Recomputed", "Fallback"; nil for values as entered or as the app stored them (what a manager expects).
    var origin: String?
    var originStyle: String
    var text: String?
    var rich: Rich?
    var isEmpty: Bool
    /// What fails validation in this value ("is not an email address"), shown at the row.
    var problem: String?

    /// `media` is the organization's processed images; `prefix` leads from the page to the organization folder.
    init(_ field: FormField, problem: String? = nil, media: [String: ProcessedImage] = [:], prefix: String = "") {
        label = field.label
        self.problem = problem
        switch field.origin {
        case .entered, .automatic: origin = nil
        case .recomputed: origin = "Recomputed"
        case .fallback: origin = "Fallback"
        }
        originStyle = field.origin.rawValue
        isEmpty = false
        switch field.value {
        case .empty: isEmpty = true
        case .text(let s): text = s
        case .paragraphs(let s): rich = Rich(lines: Self.pieces(Self.lines(s)))
        // An address that fails validation is not a link: a mail to it would go nowhere.
        case .email(let s): if problem == nil { rich = Rich(email: s) } else { text = s }
        case .phone(let s): rich = Rich(phone: s, tel: "tel:" + s.filter { $0.isASCII && ($0.isNumber || $0 == "+") })
        case .list(let items):
            rich = Rich(items: Self.pieces(items), hasItems: !items.isEmpty)
            isEmpty = items.isEmpty
        case .yesNo(let b): text = b ? "Yes" : "No"
        case .files(let links):
            rich = Rich(
                files: links.enumerated().map { i, link in
                    let processed = MediaLocator.mediaPath(for: link.url).flatMap { media[$0] }
                    let thumbnail = processed.flatMap { Picture.make($0, role: "thumbnail", prefix: prefix) }
                    let display = processed?.rendition("display", "jpeg").map { prefix + MediaFiles.path($0) }
                    return FileItem(
                        name: link.name, url: link.url, href: RemoteURL.safe(link.url), details: link.details,
                        thumbnail: thumbnail, displayHref: thumbnail == nil ? nil : display, more: i < links.count - 1)
                })
        case .pairs(let pairs): rich = Rich(pairs: Self.pieces(pairs.map { "\($0.label): \($0.value)" }))
        }
    }

    var block: RepeatedBlock { RepeatedBlock(view: self) }

    /// Whether a value's origin is worth a badge: gen worked it out again, or used the template's stand-in.
    static func tellsOrigin(_ origin: FormField.Origin) -> Bool { origin == .recomputed || origin == .fallback }

    var withoutOrigin: FieldRow {
        var row = self
        row.origin = nil
        return row
    }

    var linksLocalFiles: Bool {
        rich?.files?.contains { $0.thumbnail != nil || $0.displayHref != nil } ?? false
    }

    /// A text's lines: split at every line break Foundation's `CharacterSet.newlines` holds, `\r\n` being one.
    static func lines(_ text: String) -> [String] {
        var lines: [String] = []
        var line = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        var next = scalars.next()
        while let scalar = next {
            next = scalars.next()
            switch scalar.value {
            case 0x0A...0x0D, 0x85, 0x2028, 0x2029:
                if scalar == "\r", next == "\n" { next = scalars.next() }
                lines.append(String(line))
                line = String.UnicodeScalarView()
            default:
                line.append(scalar)
            }
        }
        lines.append(String(line))
        return lines
    }

    static func pieces(_ texts: [String]) -> [Piece] {
        texts.enumerated().map { Piece(text: $1, more: $0 < texts.count - 1) }
    }
}
