import Foundation
import GenBuild
import GenModel
@testable import GenPlan
import XCTest

/// Incremental builds: after any edit — documents changed, added, deleted; a user renamed, a school moved, a
/// report template renamed; a template changed; the configuration changed — the incremental build's tree is
/// byte-identical to a clean build's.
final class IncrementalBuildTests: XCTestCase {
    /// A seeded generator, so a failing sequence of edits can be replayed.
    struct SplitMix64: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// The documents of a small two-organization site, edited in place between builds.
    struct Documents {
        var reports: [String: [String: Any]] = [:]
        var critiques: [String: [String: Any]] = [:]
        var title = "Field Reports"
        var nextId = 0
        /// First names by user id, where changed.
        var userNames: [String: String] = [:]
        /// Coordinates by school id, where moved (every route to the school changes).
        var schoolCoordinates: [String: String] = [:]
        /// The report template's name, where changed (every report's form shows it).
        var templateName: String?

        mutating func id(_ prefix: String) -> String { nextId += 1; return "\(prefix)\(nextId)" }

        /// orgA's reports r1 (August 2024) and r2 (September 2024), notes "Report r1" and "Report r2".
        static func twoMonths() -> Documents {
            var docs = Documents()
            for (id, date) in [("r1", "2024-08-05"), ("r2", "2024-09-03")] {
                docs.reports[id] = Doc.report(id, org: "orgA", user: "u1-orgA", date: date, extra: ["notes": "Report \(id)"])
            }
            return docs
        }

        func write(to site: TestSite) throws {
            try site.write("site.yml", "title: \(title)\ntimeZone: America/Chicago\nmileage:\n  ratePerMile: 0.67\n")
            var users: [[String: Any]] = []
            var schools: [[String: Any]] = []
            var templates: [[String: Any]] = []
            for org in ["orgA", "orgB"] {
                users += [Doc.user("u1-\(org)", org: org, first: userNames["u1-\(org)"] ?? "Ana", last: org),
                          Doc.user("u2-\(org)", org: org, first: userNames["u2-\(org)"] ?? "Ben", last: org)]
                schools.append(Doc.school("s-\(org)", org: org, name: "Central High \(org)",
                                          coordinates: schoolCoordinates["s-\(org)"] ?? "37.7334,-88.9337"))
                templates.append(templateName.map { Doc.template("t1", org: org, name: $0) } ?? Doc.template("t1", org: org))
            }
            try site.writeCollection("users", users)
            try site.writeCollection("schools", schools)
            try site.writeCollection("reportTemplates", templates)
            try site.writeCollection("dailyJobReports", reports.keys.sorted().map { reports[$0]! })
            try site.writeCollection("photoCritiques", critiques.keys.sorted().map { critiques[$0]! })
        }
    }

    func testIncrementalBuildsEqualCleanBuildsAfterRandomEdits() async throws {
        let site = try TestSite()
        defer { site.remove() }
        let templates = site.root.appendingPathComponent("Templates")
        try FileManager.default.copyItem(at: TestSite.templates, to: templates)
        var rng = SplitMix64(state: 20_261_121)
        var docs = Documents()
        func randomDate(_ rng: inout SplitMix64) -> String {
            String(format: "2024-%02d-%02d", Int.random(in: 8...11, using: &rng), Int.random(in: 1...28, using: &rng))
        }
        for _ in 0..<12 {
            let org = Bool.random(using: &rng) ? "orgA" : "orgB"
            let id = docs.id("r")
            docs.reports[id] = Doc.report(id, org: org, user: "u1-\(org)", date: randomDate(&rng),
                                          extra: ["schools_visited": ["Central High \(org)"], "notes": "Report \(id)"])
        }
        for _ in 0..<4 {
            let org = Bool.random(using: &rng) ? "orgA" : "orgB"
            let id = docs.id("c")
            docs.critiques[id] = Doc.critique(id, org: org, target: "u2-\(org)", notes: "Critique \(id)")
            docs.critiques[id]!["createdAt"] = ["_seconds": 1_722_500_000 + Int.random(in: 0..<120, using: &rng) * 86_400,
                                                "_nanoseconds": 0]
        }

        let incremental = site.root.appendingPathComponent("inc/site")
        let cache = site.root.appendingPathComponent("inc/cache")
        var kept = 0, sectionsKept = 0, inPlace = 0
        let kinds = Array(0..<11).shuffled(using: &rng)
        for round in 0..<16 {
            var edit = "initial"
            if round > 0 {
                // Every kind of edit once (in a shuffled order), then kinds at random.
                switch round <= kinds.count ? kinds[round - 1] : Int.random(in: 0..<kinds.count, using: &rng) {
                case 9:  // move a school: the routes to it, computed and read back from the cache before, change
                    docs.schoolCoordinates["s-orgA"] = "37.\(7000 + round * 37),-88.9337"
                    edit = "move school s-orgA"
                case 10:  // rename the report template: every report's form names it
                    docs.templateName = "Daily Report \(round)"
                    edit = "rename template t1"
                case 7:  // rename a user: a shared document every page naming them shows
                    docs.userNames["u1-orgA"] = "Ana \(round)"
                    edit = "rename user u1-orgA"
                case 8:  // move a report to another month
                    let id = docs.reports.keys.sorted().randomElement(using: &rng)!
                    docs.reports[id]!["date"] = randomDate(&rng)
                    edit = "move report \(id) to \(docs.reports[id]!["date"]!)"
                case 0:  // change a report
                    let id = docs.reports.keys.sorted().randomElement(using: &rng)!
                    docs.reports[id]!["notes"] = "Edited in round \(round)"
                    edit = "change report \(id)"
                case 1:  // add a report
                    let id = docs.id("r")
                    docs.reports[id] = Doc.report(id, org: "orgB", user: "u2-orgB", date: randomDate(&rng),
                                                  extra: ["schools_visited": ["Central High orgB"], "notes": "New \(id)"])
                    edit = "add report \(id)"
                case 2:  // delete a report
                    let id = docs.reports.keys.sorted().randomElement(using: &rng)!
                    docs.reports[id] = nil
                    edit = "delete report \(id)"
                case 3:  // add a critique
                    let id = docs.id("c")
                    docs.critiques[id] = Doc.critique(id, org: "orgA", target: "u1-orgA", notes: "New critique \(id)")
                    edit = "add critique \(id)"
                case 4:  // delete a critique
                    if let id = docs.critiques.keys.sorted().randomElement(using: &rng) { docs.critiques[id] = nil }
                    edit = "delete critique"
                case 5:  // change a template every report page uses
                    let url = templates.appendingPathComponent("partial-report.mustache")
                    let text = try String(contentsOf: url, encoding: .utf8)
                    try Data(text.replacingOccurrences(of: "Validation problems", with: "Validation problems \(round)").utf8).write(to: url)
                    edit = "change partial-report"
                default:  // change the configuration
                    docs.title = "Field Reports \(round)"
                    edit = "change site title"
                }
            }
            try docs.write(to: site)
            let report = try await BuildPipeline.run(BuildOptions(content: site.content, templates: templates, output: incremental,
                                                                  cache: cache))
            kept += report.filesKept
            sectionsKept += report.sectionsKept.count
            inPlace += report.filesInPlace
            let clean = site.root.appendingPathComponent("clean-\(round)/site")
            _ = try await BuildPipeline.run(BuildOptions(content: site.content, templates: templates, output: clean,
                                                     cache: site.root.appendingPathComponent("clean-\(round)/cache"), clean: true))
            let incFiles = TestSite.files(under: incremental), cleanFiles = TestSite.files(under: clean)
            XCTAssertEqual(incFiles, cleanFiles, "round \(round) (\(edit)): same files")
            XCTAssertEqual(TestSite.folders(under: incremental), TestSite.folders(under: clean), "round \(round) (\(edit)): same folders")
            for file in cleanFiles {
                let a = try Data(contentsOf: incremental.appendingPathComponent(file))
                let b = try Data(contentsOf: clean.appendingPathComponent(file))
                XCTAssertEqual(a, b, "round \(round) (\(edit)): \(file) differs")
            }
            // A second build with nothing changed does nothing, and leaves the same tree.
            let again = try await BuildPipeline.run(BuildOptions(content: site.content, templates: templates, output: incremental,
                                                                 cache: cache))
            XCTAssertTrue(again.upToDate, "round \(round): nothing changed, nothing to do")
            XCTAssertEqual(TestSite.files(under: incremental), cleanFiles)
            try? FileManager.default.removeItem(at: clean.deletingLastPathComponent())
        }
        XCTAssertGreaterThan(kept, 0, "some files were kept rather than rendered again")
        XCTAssertGreaterThan(sectionsKept, 0, "some sections were kept without planning them")
        XCTAssertGreaterThan(inPlace, 0, "kept files were found in place in the replica")
    }

    /// Builds `docs` into `output` (incrementally, with `cache`) and into a fresh folder with `--clean`, and
    /// asserts the two trees are byte for byte the same. Returns the incremental build's report.
    private func buildAndCompare(_ docs: Documents, site: TestSite, templates: URL, output: URL, cache: URL,
                                 _ what: String, line: UInt = #line) async throws -> BuildReport {
        try docs.write(to: site)
        let report = try await BuildPipeline.run(BuildOptions(content: site.content, templates: templates, output: output, cache: cache))
        let clean = site.root.appendingPathComponent("clean/site")
        try? FileManager.default.removeItem(at: clean.deletingLastPathComponent())
        _ = try await BuildPipeline.run(BuildOptions(content: site.content, templates: templates, output: clean,
                                                 cache: site.root.appendingPathComponent("clean/cache"), clean: true))
        XCTAssertEqual(TestSite.files(under: output), TestSite.files(under: clean), "\(what): same files", line: line)
        for file in TestSite.files(under: clean) {
            XCTAssertEqual(try Data(contentsOf: output.appendingPathComponent(file)), try Data(contentsOf: clean.appendingPathComponent(file)),
                           "\(what): \(file) differs", line: line)
        }
        return report
    }

    /// Edits `page` of `output` in place (a base that shares its inode sees the edit too) and adds
    /// `orgA/stray.html`, as a person would by hand.
    private func editByHand(_ page: String, in output: URL) throws {
        let handle = try FileHandle(forWritingTo: output.appendingPathComponent(page))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("<!-- edited by hand -->".utf8))
        try handle.close()
        try Data("stray".utf8).write(to: output.appendingPathComponent("orgA/stray.html"))
    }

    private func makeSite() throws -> (TestSite, templates: URL, output: URL, cache: URL) {
        let site = try TestSite()
        let templates = site.root.appendingPathComponent("Templates")
        try FileManager.default.copyItem(at: TestSite.templates, to: templates)
        return (site, templates, site.root.appendingPathComponent("out/site"), site.root.appendingPathComponent("out/cache"))
    }

    func testUnchangedMonthsAreKeptWithoutPlanningThem() async throws {
        let (site, templates, output, cache) = try makeSite()
        defer { site.remove() }
        var docs = Documents()
        for (id, date) in [("r1", "2024-08-05"), ("r2", "2024-09-03"), ("r3", "2024-09-04"), ("r4", "2024-10-01")] {
            docs.reports[id] = Doc.report(id, org: "orgA", user: "u1-orgA", date: date, extra: ["notes": "Report \(id)"])
        }
        let first = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "first build")
        XCTAssertEqual(first.sectionsKept, [])

        docs.reports["r2"]!["notes"] = "Changed"
        let changed = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "one report changed")
        XCTAssertEqual(changed.sectionsKept(of: "orgA"), ["orgA 2024-08", "orgA 2024-10", "orgA mileage", "orgA critique galleries", "orgA mileage data"],
                       "August and October kept; September planned; the routes are the same")
        XCTAssertEqual(changed.filesWritten, first.filesWritten)
        XCTAssertTrue(try String(contentsOf: output.appendingPathComponent("orgA/reports/report/r2.html"), encoding: .utf8).contains("Changed"))

        // A critique dated in October: October is planned again (its monthly report lists the critique).
        docs.critiques["c1"] = Doc.critique("c1", org: "orgA", target: "u2-orgA", notes: "Nice")
        docs.critiques["c1"]!["createdAt"] = ["_seconds": 1_727_900_000, "_nanoseconds": 0]  // 2024-10-02
        let critiqued = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "critique added")
        XCTAssertEqual(critiqued.sectionsKept(of: "orgA"), ["orgA 2024-08", "orgA 2024-09", "orgA mileage", "orgA mileage data"],
                       "August and September kept; October planned, and the critique's own page")

        // A report moved from September to October: both planned again; August kept.
        docs.reports["r3"]!["date"] = "2024-10-02"
        let moved = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "report moved")
        XCTAssertEqual(moved.sectionsKept(of: "orgA"), ["orgA 2024-08", "orgA critique galleries", "orgA critiques 2024-10"], "the route's date changed")

        // A user renamed (a document every month shows): every month planned again.
        docs.userNames["u1-orgA"] = "Anabel"
        let renamed = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "user renamed")
        XCTAssertEqual(renamed.sectionsKept, [])
        XCTAssertTrue(try String(contentsOf: output.appendingPathComponent("orgA/reports/monthly/2024-08/index.html"), encoding: .utf8)
            .contains("Anabel"))
    }

    /// A build that fails after starting its staging folder from the recycled base leaves the output as it
    /// was (the base is this build's alone, and is discarded); the next build, without a base, links what it
    /// keeps and equals a clean build.
    func testAFailedBuildThatRecycledTheBaseLeavesTheOutputAndTheNextBuildIsRight() async throws {
        let (site, templates, output, cache) = try makeSite()
        defer { site.remove() }
        var docs = Documents()
        for (id, date) in [("r1", "2024-09-02"), ("r2", "2024-09-03"), ("r3", "2024-10-01")] {
            docs.reports[id] = Doc.report(id, org: "orgA", user: "u1-orgA", date: date, extra: ["notes": "Report \(id)"])
        }
        _ = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "first build")
        docs.reports["r1"]!["notes"] = "Second"
        _ = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "second build")
        let trees = { (try? FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("build").path))?
            .filter { $0.contains(".tree-") } ?? [] }
        XCTAssertEqual(trees().count, 1, "the replaced output waits in the cache")
        let before = TestSite.files(under: output).map { ($0, try? Data(contentsOf: output.appendingPathComponent($0))) }

        // The stylesheet gone: planning succeeds, rendering fails after the staging folder was made from the base.
        docs.reports["r2"]!["notes"] = "Third"
        try docs.write(to: site)
        let style = templates.appendingPathComponent("assets/style.css")
        let css = try Data(contentsOf: style)
        try FileManager.default.removeItem(at: style)
        do {
            _ = try await BuildPipeline.run(BuildOptions(content: site.content, templates: templates, output: output, cache: cache))
            XCTFail("the build should fail")
        } catch {}
        let after = TestSite.files(under: output).map { ($0, try? Data(contentsOf: output.appendingPathComponent($0))) }
        XCTAssertEqual(before.map(\.0), after.map(\.0))
        XCTAssertEqual(before.map(\.1), after.map(\.1), "the output is as the second build left it")
        XCTAssertEqual(trees(), [], "the recycled base was this build's staging folder, and is gone with it")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: output.deletingLastPathComponent().path)
            .filter { $0.contains("staging") }
        XCTAssertEqual(leftovers, [])

        try css.write(to: style)
        let next = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "after the failure")
        XCTAssertEqual(next.filesKept, 0, "the failed build touched the output's files: everything is built again")
        docs.reports["r3"]!["notes"] = "Fourth"
        let recycled = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "recycling again")
        XCTAssertGreaterThan(recycled.filesInPlace, 0)
    }

    /// A build that fails on its input while the replica is being made (from the base, on another thread)
    /// leaves the output as it was and no staging folder behind; the next build equals a clean build.
    func testABuildFailingOnItsInputDiscardsTheReplica() async throws {
        let (site, templates, output, cache) = try makeSite()
        defer { site.remove() }
        var docs = Documents()
        for (id, date) in [("r1", "2024-09-02"), ("r2", "2024-10-01")] {
            docs.reports[id] = Doc.report(id, org: "orgA", user: "u1-orgA", date: date, extra: ["notes": "Report \(id)"])
        }
        _ = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "first build")
        docs.reports["r1"]!["notes"] = "Second"
        _ = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "second build")
        let before = TestSite.files(under: output).map { ($0, try? Data(contentsOf: output.appendingPathComponent($0))) }

        docs.reports["r2"]!["notes"] = "Third"
        try docs.write(to: site)
        let config = site.content.appendingPathComponent("site.yml")
        let saved = try? Data(contentsOf: config)
        try site.write("site.yml", "timeZone: [not, a, zone\n")
        do {
            _ = try await BuildPipeline.run(BuildOptions(content: site.content, templates: templates, output: output, cache: cache))
            XCTFail("the build should fail on site.yml")
        } catch {
            guard case .input(let input) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(input.file.hasSuffix("site.yml"), input.file)
        }
        let after = TestSite.files(under: output).map { ($0, try? Data(contentsOf: output.appendingPathComponent($0))) }
        XCTAssertEqual(before.map(\.0), after.map(\.0))
        XCTAssertEqual(before.map(\.1), after.map(\.1), "the output is as the second build left it")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: output.deletingLastPathComponent().path)
            .filter { $0.contains("staging") }
        XCTAssertEqual(leftovers, [], "the replica was discarded")

        if let saved { try saved.write(to: config) } else { try FileManager.default.removeItem(at: config) }
        // The failed build linked the output's files into its replica (their status changed): the next build
        // trusts nothing of the output and builds everything, equal to a clean build.
        let next = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "after the failure")
        XCTAssertEqual(next.filesKept, 0)
    }

    /// Within a month planned again, a day whose reports are unchanged keeps its pages without preparing them
    /// (`FileGroup`); the day of the changed report, and the days linking to a day that came or went, are made
    /// again. The groups' records survive a build that keeps their month whole.
    func testUnchangedDaysOfAChangedMonthAreKeptWithoutPreparingThem() async throws {
        let (site, templates, output, cache) = try makeSite()
        defer { site.remove() }
        var docs = Documents()
        for (id, date) in [("r1", "2024-09-02"), ("r2", "2024-09-03"), ("r3", "2024-09-03"), ("r4", "2024-09-10"),
                           ("r5", "2024-09-20"), ("r6", "2024-10-01")] {
            docs.reports[id] = Doc.report(id, org: "orgA", user: "u1-orgA", date: date, extra: ["notes": "Report \(id)"])
        }
        let first = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "first build")
        XCTAssertEqual(first.groupsKept, 0)

        docs.reports["r2"]!["notes"] = "Changed"
        let changed = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "one report changed")
        XCTAssertEqual(changed.groupsKept, 3, "September 2, 10 and 20 kept; September 3 made again")
        XCTAssertTrue(try String(contentsOf: output.appendingPathComponent("orgA/reports/daily/2024-09-03/index.html"), encoding: .utf8)
            .contains("Changed"))

        // A new day between the 10th and the 20th: both neighbours link to it, so only the 2nd and 3rd are kept.
        docs.reports["r7"] = Doc.report("r7", org: "orgA", user: "u1-orgA", date: "2024-09-15", extra: ["notes": "New"])
        let added = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "a day added")
        XCTAssertEqual(added.groupsKept, 2)

        // October changed (September kept whole), then September again: its days' records were carried over.
        docs.reports["r6"]!["notes"] = "October changed"
        let october = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "October changed")
        XCTAssertTrue(october.sectionsKept(of: "orgA").contains("orgA 2024-09"))
        docs.reports["r5"]!["notes"] = "September again"
        let again = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "September again")
        XCTAssertEqual(again.groupsKept, 4, "every September day but the 20th")
    }

    /// A rebuild reads the form summaries of unchanged reports back (`ComputedReportStore`) and reads only the
    /// changed report through its template before planning; the month it plans again makes its reports' forms
    /// then. A changed shared document (the template) makes every form again. Each build equals a clean one.
    func testUnchangedReportsFormsAreReadBack() async throws {
        let (site, templates, output, cache) = try makeSite()
        defer { site.remove() }
        var docs = Documents()
        for (id, date) in [("r1", "2024-09-02"), ("r2", "2024-09-03"), ("r3", "2024-10-01"), ("r4", "2024-11-05")] {
            docs.reports[id] = Doc.report(id, org: "orgA", user: "u1-orgA", date: date, extra: ["notes": "Report \(id)"])
        }
        let first = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "first build")
        XCTAssertEqual(first.formsReadBack, 0)
        docs.reports["r2"]!["notes"] = "Changed"
        let changed = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "one report changed")
        XCTAssertEqual(changed.formsReadBack, docs.reports.count - 1, "every report but r2")
        XCTAssertTrue(try String(contentsOf: output.appendingPathComponent("orgA/reports/monthly/2024-09/index.html"), encoding: .utf8)
            .contains("Changed"))
        docs.templateName = "Renamed template"
        let renamed = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "template renamed")
        XCTAssertEqual(renamed.formsReadBack, 0, "a shared document changed: every form made again")
    }

    /// Critique detail pages are kept by the month the critique was made in. A new critique plans its own
    /// month again, and the month of the critique whose "newer" link now leads to it (the neighbour is part
    /// of the key: without it, September's page would keep its old link and the comparison would fail).
    func testANewCritiquePlansItsMonthAndItsNeighboursMonth() async throws {
        let (site, templates, output, cache) = try makeSite()
        defer { site.remove() }
        var docs = Documents()
        docs.reports["r1"] = Doc.report("r1", org: "orgA", user: "u1-orgA", date: "2024-08-05")
        for (id, seconds) in [("c-aug", 1_723_000_000), ("c-sep", 1_726_000_000), ("c-oct", 1_729_000_000)] {
            docs.critiques[id] = Doc.critique(id, org: "orgA", target: "u2-orgA", notes: id)
            docs.critiques[id]!["createdAt"] = ["_seconds": seconds, "_nanoseconds": 0]
        }
        _ = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "first build")

        // The newest: only October's critique links to it.
        docs.critiques["c-new"] = Doc.critique("c-new", org: "orgA", target: "u2-orgA", notes: "new")
        docs.critiques["c-new"]!["createdAt"] = ["_seconds": 1_729_500_000, "_nanoseconds": 0]
        let newest = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "newest added")
        XCTAssertEqual(newest.sectionsKept(of: "orgA").filter { $0.contains("critiques") },
                       ["orgA critiques 2024-08", "orgA critiques 2024-09"])

        // Early October, between September's and October's: September's "newer" link changes.
        docs.critiques["c-between"] = Doc.critique("c-between", org: "orgA", target: "u2-orgA", notes: "between")
        docs.critiques["c-between"]!["createdAt"] = ["_seconds": 1_727_800_000, "_nanoseconds": 0]
        let between = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "one added between")
        XCTAssertEqual(between.sectionsKept(of: "orgA").filter { $0.contains("critiques") }, ["orgA critiques 2024-08"])
        let september = try String(contentsOf: output.appendingPathComponent("orgA/critiques/photo/c-sep.html"), encoding: .utf8)
        XCTAssertTrue(september.contains("c-between.html"), "September's critique links to the new one as newer")
    }

    /// A gallery card is a fragment of its own template: changing that template renders again exactly the
    /// gallery pages that list a card, not the critiques' detail pages or any other page.
    func testAChangedCardTemplateRendersExactlyThePagesListingCards() async throws {
        let (site, templates, output, cache) = try makeSite()
        defer { site.remove() }
        var docs = Documents()
        docs.reports["r1"] = Doc.report("r1", org: "orgA", user: "u1-orgA", date: "2024-09-03")
        for i in 1...3 { docs.critiques["c\(i)"] = Doc.critique("c\(i)", org: "orgA", target: "u2-orgA", notes: "Critique \(i)") }
        _ = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "first build")
        let url = templates.appendingPathComponent("partial-critique-card.mustache")
        try Data(try String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: "<li class=\"critique-card\">",
                                                                                  with: "<li class=\"critique-card\" data-v=\"2\">").utf8).write(to: url)
        let changed = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "card template changed")
        let listing = TestSite.files(under: output).filter {
            (try? String(contentsOf: output.appendingPathComponent($0), encoding: .utf8))?.contains("data-v=\"2\"") ?? false
        }
        XCTAssertFalse(listing.isEmpty)
        XCTAssertTrue(listing.allSatisfy { $0.hasPrefix("orgA/critiques/") && !$0.hasPrefix("orgA/critiques/photo/") }, "\(listing)")
        XCTAssertEqual(changed.filesWritten - changed.filesKept, listing.count, "only the pages listing a card were rendered again")
    }

    /// A field row is rendered once per distinct content, but every page showing it depends on its
    /// template: changing the row template renders exactly the pages with report bodies again.
    func testAChangedFieldRowTemplateRendersExactlyThePagesShowingRows() async throws {
        let (site, templates, output, cache) = try makeSite()
        defer { site.remove() }
        var docs = Documents()
        for (i, date) in ["2024-09-03", "2024-09-03", "2024-10-01"].enumerated() {
            docs.reports["r\(i)"] = Doc.report("r\(i)", org: "orgA", user: "u1-orgA", date: date, extra: ["notes": "Same notes"])
        }
        _ = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "first build")
        let url = templates.appendingPathComponent("partial-field-row.mustache")
        try Data(try String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: "<tr>", with: "<tr data-v=\"2\">").utf8).write(to: url)
        let changed = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "row template changed")
        let showing = TestSite.files(under: output).filter {
            (try? String(contentsOf: output.appendingPathComponent($0), encoding: .utf8))?.contains("data-v=\"2\"") ?? false
        }
        // Three report pages, two days, two months, each as HTML; the months' archives hold their HTML too.
        XCTAssertEqual(showing.count, 7, "\(showing)")
        let archives = TestSite.files(under: output).filter { $0.hasPrefix("orgA/archive/") }
        XCTAssertEqual(archives.count, 2)
        XCTAssertEqual(changed.filesWritten - changed.filesKept, showing.count + archives.count,
                       "only the pages showing rows were rendered again")
    }

    /// `mileage.json` names a photographer as their first report does; a photographer without a user
    /// document is named by what each report stored. Renaming them in their first report changes the
    /// mileage table of every month they drove in.
    func testAMonthShowingAnotherMonthsReportIsPlannedAgain() async throws {
        let (site, templates, output, cache) = try makeSite()
        defer { site.remove() }
        var docs = Documents()
        for (id, date) in [("r1", "2024-08-05"), ("r2", "2024-10-01")] {
            docs.reports[id] = Doc.report(id, org: "orgA", user: "ghost", date: date,
                                          extra: ["photographer": "Dana Ghost", "schools_visited": ["Central High orgA"]])
        }
        _ = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "first build")
        docs.reports["r1"]!["photographer"] = "Dana Renamed"
        let renamed = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "first report renamed")
        XCTAssertEqual(renamed.sectionsKept(of: "orgA"), ["orgA critique galleries"])
        let october = try String(contentsOf: output.appendingPathComponent("orgA/reports/monthly/2024-10/index.html"), encoding: .utf8)
        XCTAssertTrue(october.contains("Dana Renamed"), "October's mileage table names the photographer as August's report does")
    }

    /// A body altered by hand in a previous page (same size) never reaches the next page: the output changed
    /// since the build that wrote it (`OutputStamp`), so nothing of it is read back.
    func testABodyEditedByHandInThePreviousPageDoesNotSurvive() async throws {
        let (site, templates, output, cache) = try makeSite()
        defer { site.remove() }
        var docs = Documents()
        docs.reports["r1"] = Doc.report("r1", org: "orgA", user: "u1-orgA", date: "2024-09-03", extra: ["notes": "ALPHA-NOTE"])
        docs.reports["r2"] = Doc.report("r2", org: "orgA", user: "u2-orgA", date: "2024-09-04", extra: ["notes": "BETA-NOTE"])
        _ = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "first build")
        let month = output.appendingPathComponent("orgA/reports/monthly/2024-09/index.html")
        let before = try String(contentsOf: month, encoding: .utf8)
        XCTAssertEqual(before.components(separatedBy: "BETA-NOTE").count, 2)
        try before.replacingOccurrences(of: "BETA-NOTE", with: "XXXX-NOTE").write(to: month, atomically: true, encoding: .utf8)

        docs.reports["r1"]!["notes"] = "ALPHA-EDIT"
        try docs.write(to: site)
        _ = try await BuildPipeline.run(BuildOptions(content: site.content, templates: templates, output: output, cache: cache))
        let after = try String(contentsOf: output.appendingPathComponent("orgA/reports/monthly/2024-09/index.html"), encoding: .utf8)
        XCTAssertTrue(after.contains("ALPHA-EDIT"), "the changed report's body is rendered")
        XCTAssertFalse(after.contains("XXXX-NOTE"), "an edit made by hand in the output never survives the next build")
        XCTAssertTrue(after.contains("BETA-NOTE"))
        let markdown = try String(contentsOf: output.appendingPathComponent("orgA/reports/monthly/2024-09/report.md"), encoding: .utf8)
        XCTAssertTrue(markdown.contains("BETA-NOTE") && markdown.contains("ALPHA-EDIT"))

        // With the output repaired by a clean build, incremental builds match clean ones again.
        _ = try await BuildPipeline.run(BuildOptions(content: site.content, templates: templates, output: output, cache: cache, clean: true))
        docs.reports["r1"]!["notes"] = "ALPHA-AGAIN"
        _ = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "after a clean build")
        let indexes = try FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("build").path)
            .filter { $0.hasSuffix(".fragments") }
        XCTAssertEqual(indexes.count, 1, "one index folder for the one output folder")
    }

    /// Each photographer's statistics page lists every report they filed, so the pages are planned in groups,
    /// each keyed by its photographers' documents: a changed report plans its photographer's group again, a
    /// new critique the group of the photographer it is about, and every other group is kept. The comparison
    /// with a clean build (in `buildAndCompare`) shows the kept pages are the right ones.
    func testAChangedReportPlansOnlyItsPhotographersStatisticsGroup() async throws {
        let (site, templates, output, cache) = try makeSite()
        defer { site.remove() }
        // Two photographers in different groups, so keeping one group and planning the other can be told apart.
        let ana = "u1-orgA", ben = "u2-orgA"
        let anaGroup = StatisticsGroup.of(ana), benGroup = StatisticsGroup.of(ben)
        XCTAssertNotEqual(anaGroup, benGroup, "the fixture's users must fall in different groups")
        let all = Set(1...StatisticsGroup.count)
        var docs = Documents()
        docs.reports["r1"] = Doc.report("r1", org: "orgA", user: ana, date: "2024-09-03", extra: ["notes": "first"])
        docs.reports["r2"] = Doc.report("r2", org: "orgA", user: ben, date: "2024-09-04")
        let first = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "first build")
        XCTAssertEqual(first.statisticsGroupsKept(of: "orgA"), [])

        docs.reports["r1"]!["notes"] = "edited"
        let edited = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "Ana's report edited")
        XCTAssertEqual(edited.statisticsGroupsKept(of: "orgA"), all.subtracting([anaGroup]))

        docs.critiques["c1"] = Doc.critique("c1", org: "orgA", target: ben, notes: "Nice")
        let benPage = output.appendingPathComponent("orgA/stats/photographer/u2-orgA.html")
        let before = try String(contentsOf: benPage, encoding: .utf8)
        let critiqued = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "critique for Ben")
        XCTAssertEqual(critiqued.statisticsGroupsKept(of: "orgA"), all.subtracting([benGroup]))
        XCTAssertNotEqual(try String(contentsOf: benPage, encoding: .utf8), before, "Ben's page shows the critique")

        // A report moved from Ana to Ben: both groups planned again.
        docs.reports["r1"]!["userId"] = ben
        let moved = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "report moved to Ben")
        XCTAssertEqual(moved.statisticsGroupsKept(of: "orgA"), all.subtracting([anaGroup, benGroup]))
    }

    /// Photographers' galleries are kept by group: a new critique plans the organization's gallery (its pages
    /// shift) and its photographer's group, not the other photographers' galleries.
    func testANewCritiquePlansOnlyItsPhotographersGalleryGroup() async throws {
        let (site, templates, output, cache) = try makeSite()
        defer { site.remove() }
        let ana = "u1-orgA", ben = "u2-orgA"
        let anaGroup = GalleryGroup.of(ana), benGroup = GalleryGroup.of(ben)
        XCTAssertNotEqual(anaGroup, benGroup, "the fixture's users must fall in different groups")
        let all = Set(1...GalleryGroup.count)
        var docs = Documents()
        docs.reports["r1"] = Doc.report("r1", org: "orgA", user: ana, date: "2024-09-03")
        docs.critiques["c1"] = Doc.critique("c1", org: "orgA", target: ana, notes: "First")
        let first = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "first build")
        XCTAssertEqual(first.galleryGroupsKept(of: "orgA"), [])

        docs.critiques["c2"] = Doc.critique("c2", org: "orgA", target: ben, notes: "For Ben")
        let benGallery = output.appendingPathComponent("orgA/critiques/photographer/u2-orgA/index.html")
        let forBen = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "critique for Ben")
        XCTAssertEqual(forBen.galleryGroupsKept(of: "orgA"), all.subtracting([benGroup]))
        XCTAssertFalse(forBen.sectionsKept(of: "orgA").contains("orgA critique galleries"), "the organization's gallery lists it")
        XCTAssertTrue(try String(contentsOf: benGallery, encoding: .utf8).contains("For Ben"))

        // Retargeted from Ben to Ana: both galleries change.
        docs.critiques["c2"]!["targetPhotographerId"] = ana
        let moved = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "critique moved to Ana")
        XCTAssertEqual(moved.galleryGroupsKept(of: "orgA"), all.subtracting([anaGroup, benGroup]))
        XCTAssertFalse(try String(contentsOf: benGallery, encoding: .utf8).contains("For Ben"))
        XCTAssertFalse(moved.sectionsKept(of: "orgA").contains("orgA critique galleries"), "the critique moved galleries")

        // Only a report changed: no gallery is planned, the organization's neither.
        docs.reports["r1"]!["notes"] = "a report's edit"
        let reportOnly = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "a report edited")
        XCTAssertEqual(reportOnly.galleryGroupsKept(of: "orgA"), all)
        XCTAssertTrue(reportOnly.sectionsKept(of: "orgA").contains("orgA critique galleries"))

        // A critique's notes edited: its card on the organization's gallery changes.
        docs.critiques["c1"]!["managerNotes"] = "First, edited"
        let notes = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "a critique's notes")
        XCTAssertFalse(notes.sectionsKept(of: "orgA").contains("orgA critique galleries"))
    }

    /// A page edited by hand in the output (which shares its inode with the recycled base) and a file added by
    /// hand: the output is built again whole, and neither survives, in the next output nor the one after.
    func testTheReplicaDropsFilesEditedOrAddedByHand() async throws {
        let (site, templates, output, cache) = try makeSite()
        defer { site.remove() }
        var docs = Documents.twoMonths()
        _ = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "first build")
        docs.reports["r2"]!["notes"] = "Second"
        _ = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "second build")

        try editByHand("orgA/reports/report/r1.html", in: output)

        docs.reports["r2"]!["notes"] = "Third"
        let third = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "after the edits by hand")
        XCTAssertEqual(third.filesKept, 0, "an output edited by hand is built again whole")
        docs.reports["r2"]!["notes"] = "Fourth"
        _ = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "recycling the edited tree")
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.appendingPathComponent("orgA/stray.html").path))
    }

    /// A build without a previous manifest leaves the output linked into a base tree (the same files, not
    /// copies) for the next build to recycle; that build still drops what was edited or added by hand.
    func testTheFirstBuildLeavesABaseTheNextRecycles() async throws {
        let (site, templates, output, cache) = try makeSite()
        defer { site.remove() }
        var docs = Documents.twoMonths()
        _ = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "first build")
        let build = cache.appendingPathComponent("build")
        let trees = try FileManager.default.contentsOfDirectory(atPath: build.path).filter { $0.contains(".tree-") }
        XCTAssertEqual(trees.count, 1, "one base tree: \(trees)")
        XCTAssertTrue(try FileManager.default.contentsOfDirectory(atPath: build.path).contains { $0.hasSuffix(".base.json") })
        let page = "orgA/reports/report/r1.html"
        func inode(_ url: URL) throws -> Int {
            try XCTUnwrap(FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? Int)
        }
        let inBase = build.appendingPathComponent(trees[0]).appendingPathComponent(page)
        XCTAssertEqual(try inode(inBase), try inode(output.appendingPathComponent(page)), "linked, not copied")
        XCTAssertEqual(TestSite.files(under: build.appendingPathComponent(trees[0])), TestSite.files(under: output))

        try editByHand(page, in: output)
        docs.reports["r2"]!["notes"] = "Second"
        let second = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "recycling the base")
        XCTAssertEqual(second.filesKept, 0, "an output edited by hand is built again whole")
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.appendingPathComponent("orgA/stray.html").path))
    }

    /// Each manifest says how the base tree its build leaves differs from its output: nothing after a first
    /// build (the base is a replica of its output), the files it wrote after a rebuild (the base is the output
    /// it replaced), so the next build marks the base's files without reading the base's table.
    func testTheManifestListsHowTheBaseDiffersFromTheOutput() async throws {
        let (site, templates, output, cache) = try makeSite()
        defer { site.remove() }
        var docs = Documents.twoMonths()
        func header() throws -> [String: Any] {
            let build = cache.appendingPathComponent("build")
            let name = try XCTUnwrap(FileManager.default.contentsOfDirectory(atPath: build.path)
                .first { $0.hasSuffix(".json") && !$0.hasSuffix(".base.json") })
            return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: build.appendingPathComponent(name))) as? [String: Any])
        }
        _ = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "first build")
        let first = try header()
        let firstBase = try XCTUnwrap(first["base"] as? [String: Any])
        XCTAssertEqual(firstBase["inputs"] as? String, first["inputs"] as? String, "a replica of its own output")
        XCTAssertEqual((firstBase["changed"] as? [String])?.count, 0)

        // Same lengths: the base's stale copy of r2's pages has the size the manifest records for them, so only
        // the list keeps the next build from taking it for the output's.
        docs.reports["r2"]!["notes"] = "Report R2"
        _ = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "second build")
        let second = try header()
        let secondBase = try XCTUnwrap(second["base"] as? [String: Any])
        XCTAssertEqual(secondBase["inputs"] as? String, first["inputs"] as? String, "the output it replaced")
        let changed = Set(try XCTUnwrap(secondBase["changed"] as? [String]))
        XCTAssertTrue(changed.contains("orgA/reports/report/r2.html"))
        XCTAssertFalse(changed.contains("orgA/reports/report/r1.html"))

        // The third build marks the base from that list, and recycles it.
        docs.reports["r1"]!["notes"] = "Report R1"
        let third = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "third build")
        XCTAssertGreaterThan(third.filesInPlace, 0)
    }

    /// A file removed from the output by hand: the output is built again whole, the file back.
    func testAMonthWithAFileRemovedByHandIsPlannedAgain() async throws {
        let (site, templates, output, cache) = try makeSite()
        defer { site.remove() }
        var docs = Documents()
        for (id, date) in [("r1", "2024-08-05"), ("r2", "2024-09-03")] {
            docs.reports[id] = Doc.report(id, org: "orgA", user: "u1-orgA", date: date)
        }
        let removed = output.appendingPathComponent("orgA/reports/report/r1.md")
        _ = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "first build")
        try FileManager.default.removeItem(at: removed)
        docs.reports["r2"]!["notes"] = "Changed"
        let fromBase = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "file removed")
        XCTAssertEqual(fromBase.sectionsKept(of: "orgA"), [], "an output changed by hand is built again whole")
        // Now the base is the output the file was removed from: removed again, August is planned again.
        try FileManager.default.removeItem(at: removed)
        docs.reports["r2"]!["notes"] = "Changed again"
        let rebuilt = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "file removed again")
        XCTAssertEqual(rebuilt.sectionsKept(of: "orgA"), [], "an output changed by hand is built again whole")
    }

    func testChangedTemplateRendersExactlyThePagesThatUseIt() async throws {
        let site = try TestSite()
        defer { site.remove() }
        let templates = site.root.appendingPathComponent("Templates")
        try FileManager.default.copyItem(at: TestSite.templates, to: templates)
        var docs = Documents()
        docs.reports["r1"] = Doc.report("r1", org: "orgA", user: "u1-orgA", extra: ["notes": "One"])
        try docs.write(to: site)
        let output = site.root.appendingPathComponent("out/site"), cache = site.root.appendingPathComponent("out/cache")
        let first = try await BuildPipeline.run(BuildOptions(content: site.content, templates: templates, output: output, cache: cache))
        // The mileage overview template is used by one page per organization (orgA and orgB).
        let url = templates.appendingPathComponent("mileage.mustache")
        try Data((try String(contentsOf: url, encoding: .utf8)).replacingOccurrences(of: "<h1>Mileage</h1>", with: "<h1>Miles</h1>").utf8).write(to: url)
        let second = try await BuildPipeline.run(BuildOptions(content: site.content, templates: templates, output: output, cache: cache))
        XCTAssertEqual(second.filesWritten - second.filesKept, 2, "only the two organizations' mileage/index.html are rendered again")
        XCTAssertEqual(second.filesWritten, first.filesWritten)
        let text = String(decoding: try Data(contentsOf: output.appendingPathComponent("orgA/mileage/index.html")), as: UTF8.self)
        XCTAssertTrue(text.contains("<h1>Miles</h1>"))
        // --clean renders everything again.
        let clean = try await BuildPipeline.run(BuildOptions(content: site.content, templates: templates, output: output, cache: cache, clean: true))
        XCTAssertEqual(clean.filesKept, 0)
        XCTAssertFalse(clean.upToDate)
    }
}

/// The groups photographers' galleries are planned in, numbered as the batches are (from 1).
private enum GalleryGroup {
    static var count: Int { GallerySection.groups }
    static func of(_ key: String) -> Int { GallerySection.group(of: key) + 1 }
}

/// The groups photographers' statistics pages are planned in, numbered as the batches are (from 1).
private enum StatisticsGroup {
    static var count: Int { StatisticsSection.groups }
    static func of(_ key: String) -> Int { StatisticsSection.group(of: key) + 1 }
}

private extension BuildReport {
    /// The kept sections of one organization (the fixtures have a second, empty one), but for the groups of
    /// photographers' statistics pages and galleries, which `testAChangedReportPlansOnlyItsPhotographersStatisticsGroup`
    /// and `testANewCritiquePlansOnlyItsPhotographersGalleryGroup` look at.
    func sectionsKept(of org: String) -> [String] {
        sectionsKept.filter {
            $0.hasPrefix(org + " ") && !$0.hasPrefix(org + " statistics photographers ")
                && !$0.hasPrefix(org + " critique galleries photographers ")
        }
    }

    /// The numbers of the kept groups of photographers' galleries.
    func galleryGroupsKept(of org: String) -> Set<Int> {
        Set(sectionsKept.compactMap { name in
            name.hasPrefix(org + " critique galleries photographers ") ? Int(name.split(separator: " ").last!) : nil
        })
    }

    /// The numbers of the kept groups of photographers' statistics pages.
    func statisticsGroupsKept(of org: String) -> Set<Int> {
        Set(sectionsKept.compactMap { name in
            name.hasPrefix(org + " statistics photographers ") ? Int(name.split(separator: " ").last!) : nil
        })
    }
}
