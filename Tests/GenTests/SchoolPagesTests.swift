import Foundation
import GenBuild
import XCTest
import ZIPFoundation

/// School pages end to end on a small site: every school's visits worked out here from the documents
/// alone (matching as mileage does: an id, else a trimmed, case-folded name, only inside the organization),
/// then compared with the pages; the report heads' links to them; the reports index's who and where.
final class SchoolPagesTests: XCTestCase {
    struct SchoolDoc {
        var id: String
        var org: String
        var name: String
        var coordinates: String?
    }

    struct ReportDoc {
        var id: String
        var org: String
        var user: String
        var date: String
        var template: String
        var schools: [String]
        var fields: [String: Any] = [:]
    }

    static let users: [String: (org: String, name: String, home: String?)] = [
        "u1": ("orgA", "Ann Archer", "37.0,-89.0"),
        "u2": ("orgA", "Ben Brooks", "37.0,-89.0"),
        "u3": ("orgA", "Cy Coal", nil),
        "ub": ("orgB", "Bea Bravo", "37.0,-89.0")
    ]

    static let schools = [
        SchoolDoc(id: "a-adams", org: "orgA", name: "Adams Elementary", coordinates: "37.1,-89.0"),
        SchoolDoc(id: "a-lincoln", org: "orgA", name: "Lincoln High & Annex", coordinates: "37.0,-89.1"),
        SchoolDoc(id: "a-quiet", org: "orgA", name: "Quiet Prairie School", coordinates: "37.2,-89.2"),
        SchoolDoc(id: "a-nowhere", org: "orgA", name: "Nowhere Middle", coordinates: nil),
        // Another organization's school with the same name as orgA's Adams, and one only orgB has.
        SchoolDoc(id: "b-adams", org: "orgB", name: "Adams Elementary", coordinates: "37.3,-89.0"),
        SchoolDoc(id: "b-only", org: "orgB", name: "Bravo Only School", coordinates: "37.3,-89.1")
    ]

    /// Computed: `fields` holds `Any`, which is not `Sendable`.
    static var reports: [ReportDoc] {
        [
            // By id.
            ReportDoc(
                id: "r1", org: "orgA", user: "u1", date: "2024-09-03", template: "t1", schools: ["a-adams"],
                fields: ["job_type": "picture day", "photos_taken": 120, "mileage": "13.8 miles"]),
            // By name, in another case with blanks around it; recorded miles far from the route's: a discrepancy.
            ReportDoc(
                id: "r2", org: "orgA", user: "u2", date: "2024-09-03", template: "t1",
                schools: ["  ADAMS elementary ", "Lincoln High & Annex"],
                fields: ["job_type": "Fall Sports", "photos_taken": 1500, "mileage": "90.0 miles"]),
            // A school of orgB by name: no school of orgA, no visit anywhere. Photos taken from the typed photos_taken
            // field, files attached from the photo_count smart field: two counts, side by side.
            ReportDoc(
                id: "r3", org: "orgA", user: "u1", date: "2024-12-10", template: "t2",
                schools: ["lincoln high & annex", "Bravo Only School"], fields: ["photo_count": 42, "photos_taken": 999]),
            // Named twice (by name and by id): one visit. Its job type from the stored shoot type.
            ReportDoc(
                id: "r4", org: "orgA", user: "u1", date: "2025-01-15", template: "t1", schools: ["Adams Elementary", "a-adams"],
                fields: ["shootType": "fall_sports", "photos_taken": 80]),
            // No home: the recorded miles.
            ReportDoc(
                id: "r5", org: "orgA", user: "u3", date: "2025-03-04", template: "t1", schools: ["Adams Elementary"],
                fields: ["photos_taken": 10, "mileage": "20.5 miles"]),
            ReportDoc(
                id: "r6", org: "orgA", user: "u2", date: "2024-07-30", template: "t1", schools: ["Nowhere Middle"],
                fields: ["photos_taken": 5]),
            // orgB's Adams by its id, from orgA: matches nothing of orgA.
            ReportDoc(
                id: "r7", org: "orgA", user: "u1", date: "2024-08-01", template: "t1", schools: ["b-adams"],
                fields: ["photos_taken": 7]),
            ReportDoc(
                id: "rb1", org: "orgB", user: "ub", date: "2024-09-03", template: "tb", schools: ["Adams Elementary"],
                fields: ["photos_taken": 33])
        ]
    }

    static var templates: [(id: String, org: String, name: String, shootType: String?, fields: [[String: Any]])] {
        [
            (
                "t1", "orgA", "Fall Sports Daily Report", nil,
                [
                    ["id": "schools_visited", "type": "multiselect", "label": "Schools Visited"],
                    [
                        "id": "mileage", "type": "mileage", "label": "Round Trip Mileage",
                        "smartConfig": ["calculationType": "mileage", "fallbackValue": "0 miles", "autoUpdate": true]
                    ],
                    ["id": "job_type", "type": "select", "label": "Job Type", "options": ["Picture Day", "Fall Sports"]],
                    ["id": "photos_taken", "type": "number", "label": "Photos Taken"]
                ]
            ),
            (
                "t2", "orgA", "Picture Day Report", "picture_day",
                [
                    ["id": "schools_visited", "type": "multiselect", "label": "Schools Visited"],
                    [
                        "id": "photo_count", "type": "photo_count", "label": "Photos",
                        "smartConfig": ["calculationType": "photo_count", "autoUpdate": true]
                    ],
                    ["id": "photos_taken", "type": "number", "label": "Photos Taken (old)"]
                ]
            ),
            (
                "tb", "orgB", "Bravo Report", nil,
                [
                    ["id": "schools_visited", "type": "multiselect", "label": "Schools Visited"],
                    ["id": "photos_taken", "type": "number", "label": "Photos Taken"]
                ]
            )
        ]
    }

    func write(_ site: TestSite) throws {
        try site.writeCollection(
            "users",
            Self.users.sorted { $0.key < $1.key }.map { id, user in
                let parts = user.name.split(separator: " ").map(String.init)
                return Doc.user(id, org: user.org, first: parts[0], last: parts[1], home: user.home)
            })
        try site.writeCollection(
            "schools",
            Self.schools.map { school in
                var doc = Doc.school(school.id, org: school.org, name: school.name, coordinates: school.coordinates)
                doc["street"] = "1 Main St"
                doc["zipCode"] = "62959"
                return doc
            })
        try site.writeCollection(
            "reportTemplates",
            Self.templates.map { t in
                var doc: [String: Any] = ["id": t.id, "organizationID": t.org, "name": t.name, "version": 1, "fields": t.fields]
                if let shootType = t.shootType { doc["shootType"] = shootType }
                return doc
            })
        try site.writeCollection(
            "dailyJobReports",
            Self.reports.map { r in
                var extra = r.fields
                extra["schools_visited"] = r.schools
                extra["templateId"] = r.template
                return Doc.report(r.id, org: r.org, user: r.user, date: r.date, extra: extra)
            })
        try site.write("site.yml", "title: Schools\norganizations:\n  orgA: Alpha\n  orgB: Bravo\n")
    }

    // MARK: What the pages must show, worked out from the documents

    struct Visit: Equatable, CustomStringConvertible {
        var href: String
        var day: String
        var photographer: String
        var template: String
        var jobType: String?
        var photos: String
        var sharedPhotos: String?
        var files: String
        var sharedFiles: String?
        var miles: String
        var source: String
        var description: String {
            "\(href) \(day) \(photographer) \(template) \(jobType ?? "-") \(photos) \(sharedPhotos ?? "-") \(files) \(sharedFiles ?? "-") \(miles) \(source)"
        }
    }

    /// The school of `org` a name in a route stands for: its id, else its name trimmed and case-folded (the
    /// first by id when two share a name).
    static func match(_ reference: String, org: String) -> SchoolDoc? {
        let own = schools.filter { $0.org == org }.sorted { $0.id < $1.id }
        if let byId = own.first(where: { $0.id == reference }) { return byId }
        let key = reference.trimmingCharacters(in: .whitespaces).lowercased()
        return own.first { $0.name.trimmingCharacters(in: .whitespaces).lowercased() == key }
    }

    static func point(_ text: String) -> (Double, Double) {
        let parts = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces))! }
        return (parts[0], parts[1])
    }

    static func haversine(_ a: (Double, Double), _ b: (Double, Double)) -> Double {
        let rad = Double.pi / 180
        let dLat = (b.0 - a.0) * rad, dLng = (b.1 - a.1) * rad
        let h = pow(sin(dLat / 2), 2) + cos(a.0 * rad) * cos(b.0 * rad) * pow(sin(dLng / 2), 2)
        return 2 * 3958.8 * asin(min(1, sqrt(h)))
    }

    /// The report's miles as its route gives them: home → every matched school with coordinates, in order → home;
    /// else what it recorded.
    static func miles(_ r: ReportDoc) -> (String, String) {
        if let home = users[r.user]!.home {
            var here = point(home)
            var total = 0.0
            let stops = r.schools.compactMap { match($0, org: r.org)?.coordinates }.map(point)
            for stop in stops + (stops.isEmpty ? [] : [point(home)]) {
                total += haversine(here, stop)
                here = stop
            }
            return (String(format: "%.1f", (total * 10).rounded() / 10), "computed")
        }
        let recorded = (r.fields["mileage"] as? String).map { Double($0.split(separator: " ")[0])! }
        return (recorded.map { String(format: "%.1f", $0) } ?? "0.0", recorded == nil ? "no mileage" : "as recorded")
    }

    /// The route names another school too (of the organization or not): its photos are shared.
    static func isShared(_ r: ReportDoc) -> Bool {
        Set(r.schools.map { match($0, org: r.org)?.id ?? "?" + $0.trimmingCharacters(in: .whitespaces).lowercased() }).count > 1
    }

    /// `school`'s share of `r`'s miles, by the rule the page states: each leg (rounded to 0.1 mile, as the
    /// route shows it) half to each school it joins, a leg from or to home to the school at its other end;
    /// a recorded total split evenly among the matched schools.
    static func share(of school: SchoolDoc, in r: ReportDoc) -> Double {
        let total = Double(miles(r).0)!
        let stops = r.schools.compactMap { match($0, org: r.org) }.filter { $0.coordinates != nil }
        if let home = users[r.user]!.home, !stops.isEmpty {
            let places: [(id: String?, point: (Double, Double))] =
                [(nil, point(home))] + stops.map { ($0.id, point($0.coordinates!)) } + [(nil, point(home))]
            var mine = 0.0, all = 0.0
            for i in 0..<(places.count - 1) {
                let leg = (haversine(places[i].point, places[i + 1].point) * 10).rounded() / 10
                all += leg
                let ends = [places[i].id, places[i + 1].id]
                let weight = ends.contains(nil) ? 1.0 : 0.5
                mine += Double(ends.filter { $0 == school.id }.count) * weight * leg
            }
            return all > 0 ? mine * total / all : 0
        }
        let matched = Set(r.schools.compactMap { match($0, org: r.org)?.id })
        return matched.contains(school.id) ? total / Double(matched.count) : 0
    }

    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func day(_ iso: String) -> String {
        let p = iso.split(separator: "-").map { Int($0)! }
        return "\(monthNames[p[1] - 1]) \(p[2]), \(p[0])"
    }

    /// The photos the report says were taken: its typed `photos_taken`, never its attachments.
    static func photos(_ r: ReportDoc) -> Int? { r.fields["photos_taken"] as? Int }

    /// The files attached to the report: its `photo_count` smart field, never the photos taken.
    static func files(_ r: ReportDoc) -> Int? { r.fields["photo_count"] as? Int }

    /// A count added over the reports that record it, as a total's cell reads ("|"-joined): "—" where none
    /// does, the sum, then "k of n reports" where only some do.
    static func sum(_ reports: [ReportDoc], _ count: (ReportDoc) -> Int?) -> String {
        let known = reports.compactMap(count)
        guard !known.isEmpty else { return "—" }
        let note = known.count < reports.count ? "|\(known.count) of \(reports.count) report\(reports.count == 1 ? "" : "s")" : ""
        return grouped(known.reduce(0, +)) + note
    }

    /// Every visit of `school`: a report of its organization whose route names it (once however often),
    /// newest day first, a day's reports by photographer.
    static func visits(of school: SchoolDoc) -> [ReportDoc] {
        reports.filter { r in r.org == school.org && r.schools.contains { match($0, org: r.org)?.id == school.id } }
            .sorted { ($1.date, users[$0.user]!.name) < ($0.date, users[$1.user]!.name) }
    }

    static func expected(_ r: ReportDoc, at school: SchoolDoc) -> Visit {
        let template = templates.first { $0.id == r.template }!
        var jobType: String?
        if let choice = r.fields["job_type"] as? String {
            jobType =
                (template.fields.first { $0["id"] as? String == "job_type" }?["options"] as? [String])?
                .first { $0.lowercased() == choice.lowercased() } ?? choice
        } else if r.fields["shootType"] as? String == "fall_sports" {
            jobType = "Fall Sports"
        } else if template.shootType == "picture_day" {
            jobType = "Picture Day"
        }
        let (miles, source) = miles(r)
        let shared = isShared(r)
        return Visit(
            href: "../reports/report/\(r.id).html", day: day(r.date), photographer: users[r.user]!.name,
            template: template.name, jobType: jobType, photos: shared ? "—" : photos(r).map(grouped) ?? "—",
            sharedPhotos: shared ? photos(r).map { "\(grouped($0)) on the shared report" } : nil,
            files: shared ? "—" : files(r).map(grouped) ?? "—", sharedFiles: shared ? files(r).map { "\(grouped($0)) on the shared report" } : nil,
            miles: String(format: "%.1f", share(of: school, in: r)), source: "of \(miles), \(source)")
    }

    static func grouped(_ n: Int) -> String {
        n >= 1000 ? "\(n / 1000),\(String(format: "%03d", n % 1000))" : "\(n)"
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "'", with: "&#39;")
    }

    // MARK: Reading the pages

    static func rows(_ html: String) -> [(visit: Visit, flags: String)] {
        let pattern =
            #"<tr><th scope="row"><a href="([^"]*)">([^<]*)</a></th><td class="visit-who">([^<]*)</td><td class="visit-template">([^<]*)(?:<br><span class="muted">([^<]*)</span>)?</td><td class="num">([^<]*)(?:<br><span class="muted">([^<]*)</span>)?</td><td class="num">([^<]*)(?:<br><span class="muted">([^<]*)</span>)?</td><td class="num">([^<]*)<br><span class="muted">([^<]*)</span></td><td class="visit-flags">(.*?)</td></tr>"#
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: html, range: NSRange(html.startIndex..., in: html)).map { m in
            func g(_ i: Int) -> String? { Range(m.range(at: i), in: html).map { String(html[$0]) } }
            return (
                Visit(
                    href: g(1)!, day: g(2)!, photographer: g(3)!, template: g(4)!, jobType: g(5), photos: g(6)!,
                    sharedPhotos: g(7), files: g(8)!, sharedFiles: g(9), miles: g(10)!, source: g(11)!), g(12)!
            )
        }
    }

    /// The `<tr>`s of the table after the heading `id`, as "label|cell|cell|…".
    static func table(_ html: String, after id: String) -> [String] {
        guard let start = html.range(of: "id=\"\(id)\""), let end = html.range(of: "</table>", range: start.upperBound..<html.endIndex)
        else { return [] }
        let part = String(html[start.upperBound..<end.lowerBound])
        let body = part.components(separatedBy: "<tbody>").dropFirst().joined()
        return body.components(separatedBy: "</tr>").dropLast().map { row in
            row.replacingOccurrences(of: #"<[^>]*>"#, with: "|", options: .regularExpression)
                .split(separator: "|").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
                .joined(separator: "|")
        }
    }

    /// The links of every report head's "Schools visited" line in `html`, and the line's text.
    static func headLinks(_ html: String) -> [(hrefs: [String], text: String)] {
        html.components(separatedBy: #"<p class="report-schools">"#).dropFirst().map { chunk in
            let line = String(chunk[..<chunk.range(of: "</p>")!.lowerBound])
            return (
                OrganizationIsolationTests.links(in: line),
                line.replacingOccurrences(of: #"<[^>]*>"#, with: "", options: .regularExpression)
            )
        }
    }

    func testSchoolPagesListExactlyTheVisitsOfTheDocuments() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try write(site)
        try await site.build()

        for school in Self.schools {
            let html = try site.text("\(school.org)/schools/\(school.id).html")
            XCTAssertTrue(html.contains("<h1>\(Self.escaped(school.name))</h1>"), school.id)
            XCTAssertTrue(html.contains("1 Main St, Marion, IL 62959"), school.id)
            let visits = Self.visits(of: school)
            let shown = Self.rows(html)
            XCTAssertEqual(shown.map(\.visit), visits.map { Self.expected($0, at: school) }, school.id)
            if visits.isEmpty {
                XCTAssertTrue(html.contains("No visits yet"), school.id)
                continue
            }
            XCTAssertFalse(html.contains("No visits yet"), school.id)
            // Each link leads to the report's page.
            for row in shown {
                let target = site.output.appendingPathComponent("\(school.org)/schools").appendingPathComponent(row.visit.href).standardizedFileURL
                XCTAssertTrue(FileManager.default.fileExists(atPath: target.path), row.visit.href)
            }
            // Totals by month (newest first) and by season, from the same visits.
            func totals(_ key: (ReportDoc) -> String, _ title: (String) -> String) -> [String] {
                Dictionary(grouping: visits, by: key).sorted { $0.key > $1.key }.map { key, group in
                    let miles = group.reduce(0.0) { $0 + Self.share(of: school, in: $1) }
                    let own = group.filter { !Self.isShared($0) }, shared = group.filter(Self.isShared)
                    let counts = [Self.sum(own, Self.photos), Self.sum(shared, Self.photos), Self.sum(own, Self.files), Self.sum(shared, Self.files)]
                    return "\(title(key))|\(group.count)|\(counts.joined(separator: "|"))|\(String(format: "%.1f", miles))"
                }
            }
            let monthNames = [
                "January", "February", "March", "April", "May", "June", "July", "August", "September",
                "October", "November", "December"
            ]
            XCTAssertEqual(
                Self.table(html, after: "months-h"),
                totals({ String($0.date.prefix(7)) }, { "\(monthNames[Int($0.suffix(2))! - 1]) \($0.prefix(4))" }), school.id)
            XCTAssertEqual(
                Self.table(html, after: "seasons-h"),
                totals(
                    { r in
                        let year = Int(r.date.prefix(4))!, month = Int(r.date.dropFirst(5).prefix(2))!
                        switch month {
                        case 3...7: return "\(year)-1 Spring \(year)"
                        case 8...11: return "\(year)-2 Fall \(year)"
                        case 12: return "\(year)-3 Winter \(year)–\(String(format: "%02d", (year + 1) % 100))"
                        default: return "\(year - 1)-3 Winter \(year - 1)–\(String(format: "%02d", year % 100))"
                        }
                    }, { String($0.dropFirst(7)) }), school.id)
        }

        // The cases the documents were made for, spelled out.
        let adams = try site.text("orgA/schools/a-adams.html")
        XCTAssertEqual(
            Self.rows(adams).map(\.visit.href).map { $0.replacingOccurrences(of: "../reports/report/", with: "") },
            ["r5.html", "r4.html", "r1.html", "r2.html"], "by id, by name in another case, twice in one route, not orgB's")
        XCTAssertEqual(Self.rows(adams).first { $0.visit.href.hasSuffix("r2.html") }?.flags.contains("<strong>Discrepancy:</strong>"), true)
        XCTAssertTrue(adams.contains("Fall is August to November, winter December to February, spring March to July."))
        XCTAssertTrue(adams.contains("<th scope=\"row\">Winter 2024–25</th>"))
        let lincoln = Self.rows(try site.text("orgA/schools/a-lincoln.html"))
        XCTAssertEqual(
            lincoln.map(\.visit.sharedPhotos), ["999 on the shared report", "1,500 on the shared report"],
            "the typed photos_taken, never the photo_count of attachments; both routes name another school")
        XCTAssertEqual(lincoln.map(\.visit.sharedFiles), ["42 on the shared report", nil], "the photo_count of attachments on its own")
        XCTAssertTrue(lincoln[0].flags.contains("“Bravo Only School” is not one of this organization’s schools"), lincoln[0].flags)
        XCTAssertEqual(Self.rows(try site.text("orgB/schools/b-adams.html")).map(\.visit.photographer), ["Bea Bravo"])
        XCTAssertTrue(try site.text("orgA/schools/a-quiet.html").contains("No visits yet"))
        XCTAssertTrue(try site.text("orgA/schools/a-nowhere.html").contains("None on file (left out of routes)"))

        // The index: every school by name, with its visits and last visit.
        let index = try site.text("orgA/schools/index.html")
        let indexRows = index.components(separatedBy: "<tbody>")[1].components(separatedBy: "</tbody>")[0].components(separatedBy: "</tr>").dropLast()
            .map {
                $0.replacingOccurrences(of: #"<[^>]*>"#, with: "|", options: .regularExpression).split(separator: "|")
                    .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }.joined(separator: "|")
            }
        let orgA = Self.schools.filter { $0.org == "orgA" }.sorted { $0.name.lowercased() < $1.name.lowercased() }
        XCTAssertEqual(
            indexRows,
            orgA.map { school in
                let visits = Self.visits(of: school)
                let own = visits.filter { !Self.isShared($0) }
                let miles = String(format: "%.1f", visits.reduce(0.0) { $0 + Self.share(of: school, in: $1) })
                return "\(Self.escaped(school.name))|Marion|\(visits.count)|\(Self.sum(own, Self.photos))|\(Self.sum(own, Self.files))|\(miles)|"
                    + (visits.first.map { Self.day($0.date) } ?? "No visits yet")
            })
        // The foot adds the columns up, and each report once: the schools' miles are the reports' miles.
        let foot = index.components(separatedBy: "<tfoot>")[1].components(separatedBy: "</tfoot>")[0].components(separatedBy: "</tr>")
            .dropLast().map {
                $0.replacingOccurrences(of: #"<[^>]*>"#, with: "|", options: .regularExpression).split(separator: "|")
                    .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }.joined(separator: "|")
            }
        let named = Self.reports.filter { r in r.org == "orgA" && r.schools.contains { Self.match($0, org: "orgA") != nil } }
        let visitCount = orgA.reduce(0) { $0 + Self.visits(of: $1).count }
        let own = named.filter { !Self.isShared($0) }
        let shared = named.filter(Self.isShared)
        let allMiles = named.reduce(0.0) { $0 + Double(Self.miles($1).0)! }
        XCTAssertEqual(
            foot,
            [
                "All schools|\(visitCount)|\(Self.sum(own, Self.photos))|\(Self.sum(own, Self.files))|\(String(format: "%.1f", allMiles))",
                "Reports shared by schools|\(shared.count) reports, each counted once|\(Self.sum(shared, Self.photos))|\(Self.sum(shared, Self.files))",
                "Organization|\(named.count) reports that name a school|\(Self.sum(named, Self.photos))|\(Self.sum(named, Self.files))|\(String(format: "%.1f", allMiles))"
            ])
        // Reachable: the navigation and the home page.
        let home = try site.text("orgA/index.html")
        XCTAssertTrue(home.contains(#"<a class="button" href="schools/index.html">"#))
        XCTAssertTrue(home.contains("4 schools, 3 of them visited at least once."))
        XCTAssertTrue(try site.text("orgA/mileage/index.html").contains(#"href="../schools/index.html">Schools</a>"#))
    }

    /// Issue 49: the sample's Picture Day report of Oct 22, 2024 photographed 238 students and attached 2 files
    /// (its `photo_count`, "Photos Attached"); Benton's page showed 2 photos taken. Each figure now stands under
    /// the label of what it counts, and a total says over how many reports it was added.
    func testAttachedFilesAreNeverCountedAsPhotosTaken() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try await BuildPipeline.run(BuildOptions(content: TestSite.repositoryContent, templates: TestSite.templates, output: site.output))
        let org = "L7mQ2xVb9KpT4wRz8NcE"
        let index = try site.text("\(org)/schools/index.html")
        let benton = try XCTUnwrap(
            index.range(of: #"<a href="([^"]+)">Benton Consolidated High School - Benton</a>"#, options: .regularExpression).map {
                String(index[$0]).components(separatedBy: "\"")[1]
            })
        let page = try site.text("\(org)/schools/\(benton)")
        let row = try XCTUnwrap(Self.rows(page).first { $0.visit.href.hasSuffix("Rwh7SIgHYSv0PYCc7N7P.html") }).visit
        XCTAssertEqual(row.photos, "—", "no photos_taken typed: no photos taken shown")
        XCTAssertNil(row.sharedPhotos)
        XCTAssertEqual(row.files, "—", "the report also visited Frankfort: its files are shown apart")
        XCTAssertEqual(row.sharedFiles, "2 on the shared report")
        XCTAssertTrue(page.contains(#"<th scope="col" class="num">Photos taken</th><th scope="col" class="num">Files attached</th>"#))
        // October: 3 visits, each on a report shared with another school. The photos taken are the typed counts
        // of the 2 reports that have one; the files attached the 2 of the Picture Day report: never 1,228 photos.
        let october = Self.rows(page).map(\.visit).filter { $0.day.hasPrefix("Oct ") }
        XCTAssertEqual(october.count, 3)
        let typed = october.compactMap { $0.sharedPhotos.flatMap { Int($0.prefix { $0 != " " }.filter(\.isNumber)) } }
        XCTAssertEqual(typed.count, 2)
        XCTAssertEqual(
            Self.table(page, after: "months-h").first { $0.hasPrefix("October 2024|") },
            "October 2024|3|—|\(Self.grouped(typed.reduce(0, +)))|2 of 3 reports|—|2|1 of 3 reports|101.0")
    }

    func testReportHeadsLinkTheSchoolsVisitedWhereverTheReportIsShown() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try write(site)
        try await site.build()

        let pages = [
            "orgA/reports/report/r2.html", "orgA/reports/daily/2024-09-03/index.html", "orgA/reports/monthly/2024-09/index.html",
            "orgA/reports/report/r3.html", "orgA/reports/daily/2024-12-10/index.html", "orgA/reports/monthly/2024-12/index.html"
        ]
        for page in pages {
            let heads = Self.headLinks(try site.text(page))
            XCTAssertFalse(heads.isEmpty, page)
            let folder = site.output.appendingPathComponent(page).deletingLastPathComponent()
            for head in heads {
                XCTAssertFalse(head.hrefs.isEmpty, page)
                for href in head.hrefs {
                    let target = folder.appendingPathComponent(href).standardizedFileURL.path
                    XCTAssertTrue(target.hasPrefix(site.output.appendingPathComponent("orgA/schools").standardizedFileURL.path), "\(page): \(href)")
                    XCTAssertTrue(FileManager.default.fileExists(atPath: target), "\(page): \(href)")
                }
            }
        }
        // r2: both schools, by their own names; r3: Lincoln linked, the other organization's school named as
        // unknown, unlinked, as the trip lines and the flags say it.
        let r2 = Self.headLinks(try site.text("orgA/reports/report/r2.html"))
        XCTAssertEqual(r2.map(\.hrefs), [["../../schools/a-adams.html", "../../schools/a-lincoln.html"]])
        XCTAssertEqual(r2.map(\.text), ["Schools visited Adams Elementary, Lincoln High &amp; Annex"])
        let r3 = Self.headLinks(try site.text("orgA/reports/report/r3.html"))
        XCTAssertEqual(r3.map(\.hrefs), [["../../schools/a-lincoln.html"]])
        XCTAssertEqual(r3.map(\.text), ["Schools visited Lincoln High &amp; Annex, unknown school (Bravo Only School)"])
        let r4 = Self.headLinks(try site.text("orgA/reports/report/r4.html"))
        XCTAssertEqual(r4.map(\.hrefs), [["../../schools/a-adams.html"]], "named twice, shown once")
        // r7 names only orgB's school: no link into any tree.
        XCTAssertEqual(Self.headLinks(try site.text("orgA/reports/report/r7.html")).map(\.hrefs), [[]])
        XCTAssertEqual(Self.headLinks(try site.text("orgA/reports/daily/2024-09-03/index.html")).count, 2)
        // The head has them, so the HTML body's facts leave them out; the Markdown keeps them there.
        XCTAssertFalse(try site.text("orgA/reports/report/r2.html").contains("<dt>Schools visited</dt>"))
        XCTAssertTrue(try site.text("orgA/reports/report/r2.md").contains("**Schools visited:**"))

        // Inside the archive: the same heads, names as plain text (the archive holds no school page).
        let zip = try Archive(url: site.output.appendingPathComponent("orgA/archive/2024-09.zip"), accessMode: .read)
        var data = Data()
        _ = try zip.extract(zip["2024-09/index.html"]!) { data.append($0) }
        let archived = Self.headLinks(String(decoding: data, as: UTF8.self))
        XCTAssertEqual(archived.map(\.hrefs), [[], []])
        XCTAssertEqual(archived.map(\.text), ["Schools visited Adams Elementary", "Schools visited Adams Elementary, Lincoln High &amp; Annex"])

        // The reports index: who filed each day and which schools.
        let index = try site.text("orgA/reports/index.html")
        let row = index.components(separatedBy: #"<td colspan="4" headers="d-2024-09-03">"#)[1].components(separatedBy: "</tr>")[0]
        XCTAssertTrue(row.contains("Filed by</span> Ann Archer, Ben Brooks"), row)
        XCTAssertEqual(OrganizationIsolationTests.links(in: row), ["../schools/a-adams.html", "../schools/a-lincoln.html"])
        let december = index.components(separatedBy: #"<td colspan="4" headers="d-2024-12-10">"#)[1].components(separatedBy: "</tr>")[0]
        XCTAssertTrue(
            december.contains(#"<a href="../schools/a-lincoln.html">Lincoln High &amp; Annex</a>, unknown school (Bravo Only School)"#), december)
    }
}
