import Foundation
import GenCompute
import GenModel
import GenResolve
import GenSupport

/// What the search page finds, as classic scripts it loads one at a time: a page opened from disk (`file://`)
/// may load scripts but not fetch files, modules or WebAssembly. `search/index.js` holds the filter values,
/// the people, the schools and the content pages; `search/<YYYY-MM>.js` a month's reports, days and critiques,
/// so a search reads only the months it needs (newest first) and a rebuild rewrites only changed months.
enum SearchIndex {
    static let folder = "search"
    static let indexPath = "\(folder)/index.js"
    static func monthPath(_ key: String) -> String { "\(folder)/\(key).js" }

    /// One thing found. Short keys: the month files hold every report's words, and the page loads them whole.
    struct Entry: Sendable, Encodable {
        /// `report`, `day`, `critique`, `person`, `school` or `page`.
        var kind: String
        var title: String
        /// Relative to the organization folder (the archive's folder inside a zip).
        var href: String
        /// `YYYY-MM-DD`; empty when undated (people, schools, pages).
        var date = ""
        /// What the result shows under its title: photographer, schools, template, job type.
        var meta = ""
        /// The words searched (and the snippet's source), as typed.
        var text = ""
        /// Filter keys: photographers, schools, template, job type, flags (`problems`, `discrepancy`).
        var photographers: [DocumentID] = []
        var schools: [String] = []
        var template: String?
        var jobType: String?
        var flags: [String] = []

        enum CodingKeys: String, CodingKey {
            case kind = "k", title = "t", href = "h", date = "d", meta = "m", text = "x", photographers = "p", schools = "s"
            case template = "tp", jobType = "j", flags = "f"
        }
    }

    /// A filter's choice: its key in the entries and the name it is shown by.
    struct Option: Sendable, Encodable, Hashable {
        /// Compared as bytes: two photographers whose ids read alike are two options.
        var key: DocumentID
        var name: String
    }

    /// `search/index.js`.
    struct Index: Sendable, Encodable {
        /// The months with a file, newest first.
        var months: [String]
        var photographers: [Option]
        var schools: [Option]
        var templates: [Option]
        var jobTypes: [Option]
        /// People, schools and content pages, found by name or words.
        var entries: [Entry]
        /// The `xx` of every `search/ids-<xx>.js` (none in an archive): a word starting otherwise asks for none.
        var idFiles: [String] = []
    }

    /// Where a month's entries link: into the site, or inside the month's archive (its page's anchors).
    enum Links {
        case site(ReportPaths, CritiqueGalleries)
        case archive(ReportPaths)

        func report(_ id: DocumentID) -> String {
            switch self {
            case .site(let paths, _): return paths.page(id)
            case .archive(let paths): return "index.html#\(paths.anchor(id))"
            }
        }

        func day(_ date: LocalDate) -> String {
            switch self {
            case .site: return ReportPaths.dayFolder(date) + "/index.html"
            case .archive: return "index.html#d-\(date)"
            }
        }

        func critique(_ id: DocumentID) -> String {
            switch self {
            case .site(_, let galleries): return galleries.detailPaths[id] ?? CritiqueGalleries.indexPath
            case .archive: return "index.html#critiques-h"
            }
        }
    }

    /// The month's entries: its reports, its days and its critiques, in date order, once for each place they
    /// link into (the site, the month's archive). Only the links differ, so each entry's words are read once.
    static func month(
        reports: [DailyJobReport], critiques: [Critique], input: OrganizationInput, zone: TimeZone, linkingInto places: [Links]
    ) -> [[Entry]] {
        let org = input.organization
        var entries: [[Entry]] = places.map { _ in [] }
        func add(_ entry: Entry, href: (Links) -> String) {
            for (i, place) in places.enumerated() {
                var linked = entry
                linked.href = href(place)
                entries[i].append(linked)
            }
        }
        for (date, day) in Dictionary(grouping: reports, by: { $0.date }).sorted(by: { $0.key < $1.key }) {
            let made = day.map { report(of: $0, input: input) }
            let names = orderedUnique(day.map { org.photographerName(of: $0) })
            let schools = orderedUnique(made.flatMap(\.schools))
            add(
                Entry(
                    kind: "day", title: "\(Weekday.name(date)), \(Format.day(date))", href: "",
                    date: date.description, meta: Format.count(day.count, "report"),
                    text: (names + schools).joined(separator: " · "),
                    photographers: orderedUnique(day.map(ReportStatistics.photographerKey)), schools: schools,
                    flags: orderedUnique(made.flatMap(\.flags))),
                href: { $0.day(date) })
            for (report, entry) in zip(day, made) { add(entry, href: { $0.report(report.id) }) }
        }
        for critique in critiques {
            let facts = CritiqueFacts(critique, in: org)
            let kind = ExampleKind(critique).badge.label
            let date = critique.createdAt.map { LocalDate($0, in: zone) }
            add(
                Entry(
                    kind: "critique", title: "\(kind) for \(facts.photographerName)", href: "",
                    date: date?.description ?? "", meta: "From \(facts.managerName)",
                    text: [critique.managerNotes ?? "", facts.managerName, critique.id.text].joined(separator: " · "),
                    photographers: [facts.photographerKey]),
                href: { $0.critique(critique.id) })
        }
        return entries
    }

    /// One report: its title and facts, and the words of every value its page shows; its link is set by `month`.
    static func report(of report: DailyJobReport, input: OrganizationInput) -> Entry {
        let org = input.organization
        let form = input.forms[report.id]
        let template = report.templateId.flatMap { org.templatesByID[$0] }
        let templateName = form?.templateName ?? report.templateName ?? "Report"
        let mileage = input.mileageByReport[report.id]
        let schools = (mileage?.schools ?? []).map { org.school(matching: $0)?.value ?? $0 }
        let jobType = form.flatMap { ReportStatistics.jobType(of: report, layout: $0.layout, in: org) }
        let photographer = org.photographerName(of: report)
        var flags: [String] = []
        if let form, !form.problems.isEmpty { flags.append("problems") }
        if mileage?.isDiscrepancy == true { flags.append("discrepancy") }
        let values = form.map { ($0.fields + $0.otherValues).map { words($0.value) }.filter { !$0.isEmpty } } ?? []
        return Entry(
            kind: "report", title: "\(photographer) · \(templateName)", href: "",
            date: report.date.description,
            meta: ([Format.day(report.date)] + schools + [jobType].compactMap { $0 }).joined(separator: " · "),
            text: ([report.id.text] + schools + values).joined(separator: " · "),
            photographers: [ReportStatistics.photographerKey(of: report)], schools: schools,
            template: template?.id.text, jobType: jobType, flags: flags)
    }

    /// A value's words as the page shows them.
    static func words(_ value: FieldValue) -> String {
        switch value {
        case .empty: return ""
        case .text(let s), .paragraphs(let s), .email(let s), .phone(let s): return s
        case .list(let items): return items.joined(separator: ", ")
        case .yesNo(let yes): return yes ? "Yes" : "No"
        case .files(let files): return files.map { $0.name }.joined(separator: ", ")
        case .pairs(let pairs): return pairs.map { "\($0.label) \($0.value)" }.joined(separator: ", ")
        }
    }

    /// `search/index.js` of the site: people with their statistics pages, schools, templates, job types and the
    /// content pages.
    static func index(
        input: OrganizationInput, months: [String], people: [Option: String], schools: [Option: String],
        pages: [PlannedContentPage]
    ) -> Index {
        let org = input.organization
        let sortedPeople = people.keys.sorted { ($0.name.lowercased(), $0.key) < ($1.name.lowercased(), $1.key) }
        let sortedSchools = schools.keys.sorted { ($0.name.lowercased(), $0.key) < ($1.name.lowercased(), $1.key) }
        var entries = sortedPeople.map { p in
            Entry(kind: "person", title: p.name, href: people[p]!, meta: "Photographer", text: p.name, photographers: [p.key])
        }
        entries += sortedSchools.map { s in
            Entry(kind: "school", title: s.name, href: schools[s]!, meta: "School", text: s.name, schools: [s.name])
        }
        entries += pages.map { Entry(kind: "page", title: $0.title, href: $0.path, meta: "Page", text: $0.text) }
        let jobTypes = input.statistics.reports.jobTypes.keys.sorted().map { Option(key: DocumentID($0), name: $0) }
        return Index(
            months: months.reversed(), photographers: sortedPeople, schools: sortedSchools.map { Option(key: DocumentID($0.name), name: $0.name) },
            templates: org.templatesByID.values.sorted { ($0.name, $0.id) < ($1.name, $1.id) }
                .map { Option(key: $0.id, name: $0.name) },
            jobTypes: jobTypes, entries: entries, idFiles: idFileKeys(org.reports))
    }

    /// A month's archive's `search/index.js`: the filter values of that month alone.
    static func archiveIndex(month: String, entries: [Entry], input: OrganizationInput, reports: [DailyJobReport]) -> Index {
        let org = input.organization
        let people = Set(reports.map { Option(key: ReportStatistics.photographerKey(of: $0), name: org.photographerName(of: $0)) })
        let schools = Set(entries.flatMap(\.schools))
        let templates = Set(reports.compactMap { r in r.templateId.flatMap { org.templatesByID[$0] }.map { Option(key: $0.id, name: $0.name) } })
        let jobTypes = Set(entries.compactMap(\.jobType))
        return Index(
            months: [month], photographers: people.sorted { ($0.name, $0.key) < ($1.name, $1.key) },
            schools: schools.sorted().map { Option(key: DocumentID($0), name: $0) },
            templates: templates.sorted { ($0.name, $0.key) < ($1.name, $1.key) },
            jobTypes: jobTypes.sorted().map { Option(key: DocumentID($0), name: $0) }, entries: [])
    }

    /// `search/<YYYY-MM>.js`.
    struct Month: Sendable, Encodable {
        var month: String
        var entries: [Entry]
    }

    static func monthFile(_ key: String, _ entries: [Entry], at path: String) -> PlannedFile {
        PlannedFile(path: path, content: .script(call: "genSearch.month", value: Month(month: key, entries: entries)))
    }

    static func indexFile(_ index: Index, at path: String) -> PlannedFile {
        PlannedFile(path: path, content: .script(call: "genSearch.index", value: index))
    }

    /// `search/ids-<xx>.js`: each report's id, folded as the page folds a query, → its month, in files by the
    /// folded id's first character (`xx`: its UTF-8 bytes in hex). A search for a report id reads one small file
    /// and then that id's month first, instead of every month before it.
    static func idFiles(_ reports: [DailyJobReport], base: String) -> [PlannedFile] {
        let shards = idShards(reports)
        return shards.keys.sorted().map { key in
            PlannedFile(path: "\(base)/\(folder)/ids-\(key).js", content: .script(call: "genSearch.ids", value: shards[key]!))
        }
    }

    /// The keys of `idFiles`, listed in the index.
    static func idFileKeys(_ reports: [DailyJobReport]) -> [String] {
        Set(reports.compactMap { fold($0.id.text).first.map { FastFormat.hex(Array(String($0).utf8)) } }).sorted()
    }

    private static func idShards(_ reports: [DailyJobReport]) -> [String: [String: String]] {
        var shards: [String: [String: String]] = [:]
        for report in reports {
            let id = fold(report.id.text)
            guard let first = id.first else { continue }
            shards[FastFormat.hex(Array(String(first).utf8)), default: [:]][id] = report.date.monthKey
        }
        return shards
    }

    /// What the page's `fold` makes of a text: accents dropped (canonical decomposition, combining marks
    /// removed), lower case.
    static func fold(_ text: String) -> String {
        // ASCII has nothing to decompose and no marks: lower case is all that folding does to it.
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        let marks = 0x300...0x36F
        var scalars = String.UnicodeScalarView()
        for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars where !marks.contains(Int(scalar.value)) {
            scalars.append(scalar)
        }
        return String(scalars).lowercased()
    }

    /// Ids are compared as bytes (`DocumentID`), texts as Swift compares them.
    private static func orderedUnique<T: Hashable>(_ items: [T]) -> [T] {
        var seen = Set<T>()
        return items.filter { seen.insert($0).inserted }
    }
}
