import Foundation
import GenCompute
import GenModel
import GenResolve
import GenSupport

/// `schools/index.html` (every school of the organization, by name) and `schools/<id>.html` (one school: its
/// address and coordinates, every visit, totals by month and by season). A report visits a school when its
/// route names it (`SchoolVisits`); a school no report names still has its page.
enum SchoolPages {
    /// A count added up over visits: photos taken (the typed `photos_taken`) or files attached (the
    /// `photo_count` smart field), never the one for want of the other. Each is added over the reports that
    /// record it; "—" where none does.
    struct Count: Sendable, Encodable {
        var value: String
        /// How many of the reports added record the count ("3 of 5 reports"), where some do not; else nil.
        var note: String?
    }

    struct IndexRow: Sendable, Encodable {
        var name: String
        var href: String
        var city: String?
        var visits: String
        var photos: Count
        var files: Count
        var miles: String
        var lastVisit: String?
    }

    /// The index's foot: the columns added up, and what the schools share, counted once.
    struct IndexTotal: Sendable, Encodable {
        var visits: String
        var photos: Count
        var files: Count
        var miles: String
        var sharedReports: String
        var sharedPhotos: Count
        var sharedFiles: Count
        var reports: String
        var allPhotos: Count
        var allFiles: Count
    }

    struct IndexBody: Sendable, Encodable {
        var schools: [IndexRow]
        var hasSchools: Bool
        var summary: String
        var total: IndexTotal?
    }

    struct VisitRow: Sendable, Encodable {
        var day: String
        /// The report's own page, relative to the school page.
        var reportHref: String
        var photographer: String
        var template: String
        var jobType: String?
        /// The report's photos taken where it visited this school alone, else "—".
        var photos: String
        /// The photos taken of a report that visited other schools too, in words; nil for a visit alone.
        var sharedPhotos: String?
        /// The files attached to the report where it visited this school alone, else "—".
        var files: String
        /// The files attached to a report that visited other schools too, in words; nil for a visit alone.
        var sharedFiles: String?
        /// This school's share of the route's miles.
        var miles: String
        /// How the route's miles were found and how many there were in all, in words.
        var source: String
        /// The route's flags, worded as the mileage pages word them: the tolerance the recorded miles exceed.
        var discrepancy: String?
        var notes: [String]
        var hasFlags: Bool
    }

    struct TotalRow: Sendable, Encodable {
        var period: String
        var visits: String
        var photos: Count
        var sharedPhotos: Count
        var files: Count
        var sharedFiles: Count
        var miles: String
    }

    struct Fact: Sendable, Encodable {
        var label: String
        var value: String
        /// The coordinates' links to outside maps, where they read as a latitude and longitude.
        var links: MapLinks? = nil
    }

    struct SchoolBody: Sendable, Encodable {
        var name: String
        var facts: [Fact]
        var cards: [Fact]
        var visits: [VisitRow]
        var hasVisits: Bool
        var months: [TotalRow]
        var seasons: [TotalRow]
        var indexHref: String
        /// The school among the organization's schools (`SchoolMap`); nil without usable coordinates.
        var map: MapSketch?
    }

    /// Every school's visits, worked out once for the index, the school pages and the home page. The pages are
    /// made from what it holds alone, taken from the reports, their forms, routes and paths when it is made,
    /// and `digest` covers all of it: a school batch records that one read (`SchoolsFamily`), so a rebuild keeps
    /// the school pages while no visit changed (a report's notes, which no school page shows, change none).
    struct Planner: Sendable {
        /// One report's visit to a school, with what the pages show of it.
        struct Visit: Sendable {
            var report: DocumentID
            var date: LocalDate
            /// The photos the report says were taken (`ReportForm.photosTaken`), where they read as a number.
            var photos: Double?
            /// The files attached to the report (`ReportForm.filesAttached`), where they read as a number.
            var files: Double?
            /// The route names other schools too: the photos and files cannot be told apart by school.
            var shared: Bool
            /// This school's share of the route's miles (`SchoolVisits.milesShares`).
            var miles: Double
            /// What the visit's row shows of its report.
            var shown: Shown
        }

        /// What a visit's row shows of its report, the same for every school the report visited.
        struct Shown: Sendable {
            var reportPath: String
            var photographer: String
            var template: String
            var jobType: String?
            /// The photos taken and files attached as the report's page shows them (nil: the form has no such
            /// field).
            var photos: String?
            var files: String?
            /// The route's miles and how they were found; nil without a mileage row.
            var routeMiles: Double?
            var source: MileageSource
            var discrepancy: Bool
            var notes: [String]
        }

        let paths: SchoolPaths
        /// The organization's schools by name (case-folded, then id).
        let schools: [School]
        /// Each school's visits, newest day first (within a day, in the day's order).
        let visits: [DocumentID: [Visit]]
        /// The schools with coordinates on one map, which each of their pages shows.
        let map: SchoolMap?
        /// How far recorded miles may stray from computed ones, in words (a visit row's discrepancy).
        let tolerance: String
        /// Everything above, in order; nil when a school has no document digest (made in code).
        let digest: ContentDigest?

        init(_ input: OrganizationInput, reportPaths: ReportPaths) {
            let named = SchoolVisits(input)
            paths = named.paths
            let org = input.organization
            schools = org.schools.sorted { (Organization.nameKey($0.value), $0.id) < (Organization.nameKey($1.value), $1.id) }
            map = SchoolMap(schools)
            tolerance = input.mileage.tolerance.words
            // Each report's visits, worked out on threads of their own: the planner is made inside a worker's run,
            // where a nested parallel loop would run on one thread, and the other workers may be waiting for it.
            let reports = org.reports
            let parts = ParallelMap.ranges(count: reports.count, parts: ProcessInfo.processInfo.activeProcessorCount * 8)
            let perReport = ParallelThreads.map(parts) { part in
                part.map { index -> [(school: DocumentID, visit: Visit)] in
                    let report = reports[index]
                    let route = named.named(report.id)
                    let schools = route.compactMap(\.school)
                    guard !schools.isEmpty else { return [] }
                    let form = input.forms[report.id]
                    let photos = form?.photosTaken?.value.number, files = form?.filesAttached?.value.number
                    let shares = named.milesShares(report.id)
                    let shown = Self.shown(report, form: form, input: input, reportPaths: reportPaths)
                    return schools.map { school in
                        (
                            school.id,
                            Visit(
                                report: report.id, date: report.date, photos: photos, files: files, shared: route.count > 1,
                                miles: shares[school.id] ?? 0, shown: shown)
                        )
                    }
                }
            }.flatMap { $0 }
            var visits: [DocumentID: [Visit]] = [:]
            // Reports come ordered by day: the days from the newest, each day's reports in their order.
            var end = reports.endIndex
            while end > reports.startIndex {
                let date = reports[end - 1].date
                var start = end - 1
                while start > reports.startIndex, reports[start - 1].date == date { start -= 1 }
                for index in start..<end {
                    for (school, visit) in perReport[index] { visits[school, default: []].append(visit) }
                }
                end = start
            }
            self.visits = visits
            digest = Self.digest(org.schools, sorted: schools, visits: visits, tolerance: tolerance)
        }

        private static func shown(_ report: DailyJobReport, form: ReportForm?, input: OrganizationInput, reportPaths: ReportPaths) -> Shown {
            let org = input.organization
            let mileage = input.mileageByReport[report.id]
            return Shown(
                reportPath: reportPaths.page(report.id), photographer: org.photographerName(of: report),
                template: form?.templateName ?? report.templateName ?? (form?.layout == .legacy ? "Legacy (no template)" : "Unknown template"),
                jobType: ReportStatistics.jobType(of: report, layout: form?.layout ?? .legacy, in: org),
                photos: form?.photosTaken.map { SchoolPages.shown($0.value) }, files: form?.filesAttached.map { SchoolPages.shown($0.value) },
                routeMiles: mileage?.miles, source: mileage?.source ?? .none, discrepancy: mileage?.isDiscrepancy == true,
                notes: input.routeNotes[report.id] ?? [])
        }

        /// The schools' documents (in the organization's order, which their file names are allocated in), the
        /// tolerance's words and every visit with all it shows.
        private static func digest(
            _ documents: [School], sorted: [School], visits: [DocumentID: [Visit]], tolerance: String
        ) -> ContentDigest? {
            var hasher = StableHasher()
            hasher.mark(0x53, UInt64(documents.count))
            for school in documents {
                guard school.digest != .none else { return nil }
                hasher.add(school.digest)
            }
            hasher.add(tolerance)
            for school in sorted {
                let visits = visits[school.id] ?? []
                hasher.mark(0x56, UInt64(visits.count))
                for visit in visits {
                    hasher.add(visit.report.text)
                    hasher.add(visit.date.year)
                    hasher.add(visit.date.month)
                    hasher.add(visit.date.day)
                    hasher.add(visit.photos)
                    hasher.add(visit.files)
                    hasher.add(visit.shared)
                    hasher.add(visit.miles)
                    let shown = visit.shown
                    hasher.add(shown.reportPath)
                    hasher.add(shown.photographer)
                    hasher.add(shown.template)
                    hasher.add(shown.jobType)
                    hasher.add(shown.photos)
                    hasher.add(shown.files)
                    hasher.add(shown.routeMiles)
                    hasher.add(shown.source.rawValue)
                    hasher.add(shown.discrepancy)
                    hasher.mark(0x4E, UInt64(shown.notes.count))
                    for note in shown.notes { hasher.add(note) }
                }
            }
            return hasher.finalize()
        }

        /// The schools with at least one visit.
        var visitedCount: Int { visits.count }

        func index() -> PlannedPage {
            let rows = schools.map { school in
                let visits = self.visits[school.id] ?? []
                let total = Self.total("", visits)
                return IndexRow(
                    name: school.value, href: paths.file(school.id),
                    city: SchoolPages.present(school.city),
                    visits: total.visits, photos: total.photos, files: total.files, miles: total.miles,
                    lastVisit: visits.first.map { Format.day($0.date) })
            }
            let summary = SchoolPages.summary(schools: schools.count, visited: visitedCount)
            return PlannedPage(
                path: SchoolPaths.index, template: "schools-index", title: "Schools",
                direct: IndexBody(schools: rows, hasSchools: !rows.isEmpty, summary: summary, total: indexTotal()))
        }

        /// Every school's visits added up, and each report counted once: the figures the columns add up to.
        private func indexTotal() -> IndexTotal? {
            // In the schools' order, so the sums come out the same in every build.
            let all = schools.flatMap { visits[$0.id] ?? [] }
            guard !all.isEmpty else { return nil }
            var seen = Set<DocumentID>()
            let reports = all.filter { seen.insert($0.report).inserted }
            let shared = reports.filter(\.shared)
            let total = Self.total("", all)
            return IndexTotal(
                visits: total.visits, photos: total.photos, files: total.files, miles: total.miles,
                sharedReports: Format.count(shared.count, "report"), sharedPhotos: Self.sum(shared.map(\.photos)),
                sharedFiles: Self.sum(shared.map(\.files)), reports: Format.count(reports.count, "report"),
                allPhotos: Self.sum(reports.map(\.photos)), allFiles: Self.sum(reports.map(\.files)))
        }

        /// The pages of `schools[range]`.
        func pages(_ range: Range<Int>) -> [PlannedPage] {
            schools[range].map { school in
                PlannedPage(path: paths.page(school.id), template: "school", title: school.value, direct: body(school))
            }
        }

        private func body(_ school: School) -> SchoolBody {
            let visits = self.visits[school.id] ?? []
            let rows = visits.map { visit -> VisitRow in
                let shown = visit.shown
                let discrepancy = shown.discrepancy ? tolerance : nil
                return VisitRow(
                    day: Format.day(visit.date), reportHref: "../" + shown.reportPath, photographer: shown.photographer,
                    template: shown.template, jobType: shown.jobType,
                    photos: visit.shared ? "—" : shown.photos ?? "—",
                    sharedPhotos: visit.shared ? shown.photos.map { $0 + " on the shared report" } : nil,
                    files: visit.shared ? "—" : shown.files ?? "—",
                    sharedFiles: visit.shared ? shown.files.map { $0 + " on the shared report" } : nil,
                    miles: shown.routeMiles.map { _ in Format.miles(visit.miles) } ?? "—",
                    source: shown.routeMiles.map { "of \(Format.miles($0)), \(MileagePages.sourceLabel(shown.source))" }
                        ?? MileagePages.sourceLabel(.none),
                    discrepancy: discrepancy, notes: shown.notes, hasFlags: discrepancy != nil || !shown.notes.isEmpty)
            }
            let total = Self.total("Total", visits)
            let cards = [
                Fact(label: "Visits", value: total.visits), Fact(label: "Photos taken", value: total.photos.value),
                Fact(label: "Photos on shared reports", value: total.sharedPhotos.value),
                Fact(label: "Files attached", value: total.files.value),
                Fact(label: "Files on shared reports", value: total.sharedFiles.value), Fact(label: "Route miles", value: total.miles)
            ]
            // The last visit with the address: a date is too wide for a number card.
            let last = visits.first.map { [Fact(label: "Last visit", value: Format.day($0.date))] } ?? []
            let months = Dictionary(grouping: visits, by: { $0.date.monthKey }).sorted { $0.key > $1.key }
                .map { Self.total(Format.monthTitle($0.key), $0.value) }
            let seasons = Dictionary(grouping: visits, by: { Season($0.date) }).sorted { $0.key > $1.key }
                .map { Self.total($0.key.title, $0.value) }
            return SchoolBody(
                name: school.value, facts: SchoolPages.facts(school) + last, cards: cards, visits: rows, hasVisits: !rows.isEmpty,
                months: months, seasons: seasons, indexHref: "index.html", map: map?.sketch(for: school))
        }

        /// Visits, photos taken and files attached (this school's alone, and those of reports shared with other
        /// schools) and this school's share of the route miles of `visits`.
        static func total(_ period: String, _ visits: [Visit]) -> TotalRow {
            let alone = visits.filter { !$0.shared }, shared = visits.filter(\.shared)
            return TotalRow(
                period: period, visits: Format.integer(visits.count), photos: sum(alone.map(\.photos)),
                sharedPhotos: sum(shared.map(\.photos)), files: sum(alone.map(\.files)), sharedFiles: sum(shared.map(\.files)),
                miles: Format.miles(visits.reduce(0) { $0 + $1.miles }))
        }

        /// The counts of some reports added up over those that record one (nil: the report does not).
        static func sum(_ counts: [Double?]) -> Count {
            let known = counts.compactMap { $0 }
            guard !known.isEmpty else { return Count(value: "—") }
            return Count(
                value: count(known.reduce(0, +)),
                note: known.count < counts.count ? "\(Format.integer(known.count)) of \(Format.count(counts.count, "report"))" : nil)
        }

        /// A sum of counts as typed: whole numbers grouped, a fraction kept to one decimal.
        static func count(_ x: Double) -> String {
            guard x.isFinite else { return "—" }
            return Format.grouped(x, decimals: x == x.rounded() ? 0 : 1)
        }
    }

    /// How many schools there are and how many were visited, as the index and the home page say it.
    static func summary(schools: Int, visited: Int) -> String {
        schools == 0
            ? "No schools on file."
            : Format.count(schools, "school") + ", \(Format.integer(visited)) of them visited at least once."
    }

    /// A school's stored text without its surrounding blanks; nil when there is none.
    static func present(_ text: String?) -> String? { text.flatMap { $0.isBlankText ? nil : $0.trimmed } }

    /// The address and coordinates as stored; what is missing is said.
    static func facts(_ school: School) -> [Fact] {
        let place = [present(school.city), [present(school.state), present(school.zipCode)].compactMap { $0 }.joined(separator: " ")]
            .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
        let address = [present(school.street), place.isEmpty ? nil : place].compactMap { $0 }.joined(separator: ", ")
        let coordinates: String
        var links: MapLinks?
        if let text = present(school.coordinates) {
            // Links are made from the numbers the text reads as, never from the text; the point routes use.
            let point = school.point
            coordinates = point == nil ? "\(text) (not a latitude and longitude: left out of routes)" : text
            links = point.flatMap(MapLinks.init)
        } else {
            coordinates = "None on file (left out of routes)"
        }
        return [
            Fact(label: "Address", value: address.isEmpty ? "None on file" : address),
            Fact(label: "Coordinates", value: coordinates, links: links)
        ]
    }

    /// A field's value as one line of text, as its report's page reads it.
    static func shown(_ value: FieldValue) -> String {
        switch value {
        case .empty: return "—"
        case .text(let s), .paragraphs(let s), .email(let s), .phone(let s): return s
        case .list(let items): return items.isEmpty ? "—" : items.joined(separator: ", ")
        case .yesNo(let b): return b ? "Yes" : "No"
        case .files(let links): return links.map(\.name).joined(separator: ", ")
        case .pairs(let pairs): return pairs.map { "\($0.label): \($0.value)" }.joined(separator: ", ")
        }
    }
}

/// A school season: fall is August to November, winter December to February, spring March to July.
struct Season: Sendable, Hashable, Comparable {
    /// The year the season starts in (a winter's December).
    var year: Int
    /// The month it starts: 3 (spring), 8 (fall) or 12 (winter).
    var start: Int

    init(_ date: LocalDate) {
        switch date.month {
        case 3...7: (year, start) = (date.year, 3)
        case 8...11: (year, start) = (date.year, 8)
        case 12: (year, start) = (date.year, 12)
        default: (year, start) = (date.year - 1, 12)
        }
    }

    /// `Fall 2024`, `Winter 2024–25`, `Spring 2025`.
    var title: String {
        switch start {
        case 3: return "Spring \(year)"
        case 8: return "Fall \(year)"
        default: return "Winter \(year)–\(FastFormat.padded((year + 1) % 100, width: 2))"
        }
    }

    static func < (a: Season, b: Season) -> Bool { (a.year, a.start) < (b.year, b.start) }
}
