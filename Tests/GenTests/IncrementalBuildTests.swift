import Foundation
import GenBuild
import GenModel
@testable import GenPlan
import XCTest
import ZIPFoundation

/// Incremental builds: after any edit — documents changed, added, deleted; a user renamed or moved house, a
/// school moved, renamed or given another city; a report handed to another photographer; a critique edited,
/// unpublished or published; a report template renamed; a template changed; the configuration changed — the
/// incremental build's tree is byte-identical to a clean build's.
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
        var ratePerMile = "0.67"
        var nextId = 0
        /// First names by user id, where changed.
        var userNames: [String: String] = [:]
        /// Coordinates by school id, where moved (every route to the school changes).
        var schoolCoordinates: [String: String] = [:]
        /// Names by school id, where renamed (a report naming the school by id shows the new name).
        var schoolNames: [String: String] = [:]
        /// The report template's name, where changed (every report's form shows it).
        var templateName: String?
        /// Home coordinates by user id, where moved (every route of theirs starts and ends there).
        var userHomes: [String: String] = [:]
        /// Cities by school id, where changed (the school pages show it).
        var schoolCities: [String: String] = [:]

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
            try site.write("site.yml", "title: \(title)\ntimeZone: America/Chicago\nmileage:\n  ratePerMile: \(ratePerMile)\n")
            var users: [[String: Any]] = []
            var schools: [[String: Any]] = []
            var templates: [[String: Any]] = []
            for org in ["orgA", "orgB"] {
                users += [
                    Doc.user(
                        "u1-\(org)", org: org, first: userNames["u1-\(org)"] ?? "Ana", last: org,
                        home: userHomes["u1-\(org)"] ?? "37.7306,-88.9331"),
                    Doc.user(
                        "u2-\(org)", org: org, first: userNames["u2-\(org)"] ?? "Ben", last: org,
                        home: userHomes["u2-\(org)"] ?? "37.7306,-88.9331")
                ]
                var school = Doc.school(
                    "s-\(org)", org: org, name: schoolNames["s-\(org)"] ?? "Central High \(org)",
                    coordinates: schoolCoordinates["s-\(org)"] ?? "37.7334,-88.9337")
                if let city = schoolCities["s-\(org)"] { school["city"] = city }
                schools.append(school)
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
        for i in 0..<12 {
            let org = Bool.random(using: &rng) ? "orgA" : "orgB"
            let id = docs.id("r")
            let date = randomDate(&rng)
            docs.reports[id] = Doc.report(
                id, org: org, user: "u1-\(org)", date: date, extra: ["schools_visited": ["Central High \(org)"], "notes": "Report \(id)"])
            // Some ask for a makeup day (at the month's end: held by a later report at the school, or carried into the
            // next months' archives), some count retakes; none draws from the generator.
            if i % 3 == 0 {
                docs.reports[id]!["makeup_needed"] = true
                docs.reports[id]!["makeup_date"] = String(date.prefix(8)) + "28"
            } else if i % 3 == 1 {
                docs.reports[id]!["retakes"] = i
            }
        }
        for _ in 0..<4 {
            let org = Bool.random(using: &rng) ? "orgA" : "orgB"
            let id = docs.id("c")
            docs.critiques[id] = Doc.critique(id, org: org, target: "u2-\(org)", notes: "Critique \(id)")
            docs.critiques[id]!["createdAt"] = [
                "_seconds": 1_722_500_000 + Int.random(in: 0..<120, using: &rng) * 86_400,
                "_nanoseconds": 0
            ]
        }

        let incremental = site.root.appendingPathComponent("inc/site")
        let cache = site.root.appendingPathComponent("inc/cache")
        var kept = 0, batchesKept = 0
        var blockedManifest: URL?
        let kinds = Array(0..<17).shuffled(using: &rng)
        for round in 0..<20 {
            var edit = "initial"
            if round > 0 {
                // Every kind of edit once (in a shuffled order), then kinds at random.
                switch round <= kinds.count ? kinds[round - 1] : Int.random(in: 0..<kinds.count, using: &rng) {
                case 12:  // change a critique: its notes, whether it is published, or the kind of example
                    if let id = docs.critiques.keys.sorted().randomElement(using: &rng) {
                        let critique = docs.critiques[id]!
                        switch round % 3 {
                        case 0: docs.critiques[id]!["managerNotes"] = "Edited critique in round \(round)"
                        case 1: docs.critiques[id]!["status"] = critique["status"] as? String == "draft" ? "published" : "draft"
                        default:
                            docs.critiques[id]!["exampleType"] = critique["exampleType"] as? String == "example" ? "improvement" : "example"
                        }
                        edit = "change critique \(id)"
                    }
                case 13:  // move a photographer's home: every route of theirs starts and ends there
                    let user = Bool.random(using: &rng) ? "u1-orgA" : "u1-orgB"
                    docs.userHomes[user] = "37.\(7100 + round * 13),-88.9\(100 + round)"
                    edit = "move the home of \(user)"
                case 14:  // change a school's city, which only the school's own documents give
                    let school = Bool.random(using: &rng) ? "s-orgA" : "s-orgB"
                    docs.schoolCities[school] = "Carbondale \(round)"
                    edit = "change the city of \(school)"
                case 15:  // hand a report to the other photographer of its organization
                    let id = docs.reports.keys.sorted().randomElement(using: &rng)!
                    let org = docs.reports[id]!["organizationID"] as! String
                    docs.reports[id]!["userId"] = docs.reports[id]!["userId"] as? String == "u1-\(org)" ? "u2-\(org)" : "u1-\(org)"
                    edit = "hand report \(id) to \(docs.reports[id]!["userId"]!)"
                case 16:  // change a value of a report's form (a template field, not the notes)
                    let id = docs.reports.keys.sorted().randomElement(using: &rng)!
                    docs.reports[id]!["retakes"] = 100 + round
                    edit = "change the retakes of report \(id)"
                case 9:  // move a school: the routes to it, computed and read back from the cache before, change
                    docs.schoolCoordinates["s-orgA"] = "37.\(7000 + round * 37),-88.9337"
                    edit = "move school s-orgA"
                case 10:  // rename the report template: every report's form names it
                    docs.templateName = "Daily Report \(round)"
                    edit = "rename template t1"
                case 7:  // rename a user: a document every page naming them shows, in one organization
                    let user = Bool.random(using: &rng) ? "u1-orgA" : "u2-orgB"
                    docs.userNames[user] = "Ana \(round)"
                    edit = "rename user \(user)"
                case 11:  // rename a school: routes name it, matched by name (the reports name the old one)
                    let school = Bool.random(using: &rng) ? "s-orgA" : "s-orgB"
                    docs.schoolNames[school] = "School \(round)"
                    edit = "rename school \(school)"
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
                    docs.reports[id] = Doc.report(
                        id, org: "orgB", user: "u2-orgB", date: randomDate(&rng),
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
                    let url = templates.appendingPathComponent("partials/report.mustache")
                    let text = try String(contentsOf: url, encoding: .utf8)
                    try Data(text.replacingOccurrences(of: "Validation problems", with: "Validation problems \(round)").utf8).write(to: url)
                    edit = "change partials/report"
                default:  // change the configuration
                    if round % 2 == 0 {
                        docs.title = "Field Reports \(round)"
                        edit = "change site title"
                    } else {
                        // Only the money changes: no report's miles, no page's route.
                        docs.ratePerMile = "0.\(60 + round)"
                        edit = "change the mileage rate"
                    }
                }
            }
            try docs.write(to: site)
            let report = try await BuildPipeline.run(
                BuildOptions(
                    content: site.content, templates: templates, output: incremental,
                    cache: cache))
            kept += report.filesKept
            batchesKept += report.batchesKept.count
            let wasBlocked = blockedManifest != nil
            if let blocked = blockedManifest {
                // The cache could not be written for that build: its output is still right (checked below);
                // the next build, with the cache writable again, is a full one.
                let manifest = blocked.deletingLastPathComponent().appendingPathComponent(String(blocked.lastPathComponent.dropFirst().prefix(33)))
                XCTAssertFalse(FileManager.default.fileExists(atPath: manifest.path), "no manifest saved")
                try FileManager.default.removeItem(at: blocked)
                blockedManifest = nil
            }
            let clean = site.root.appendingPathComponent("clean-\(round)/site")
            _ = try await BuildPipeline.run(
                BuildOptions(
                    content: site.content, templates: templates, output: clean,
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
            let again = try await BuildPipeline.run(
                BuildOptions(
                    content: site.content, templates: templates, output: incremental,
                    cache: cache))
            if wasBlocked {
                XCTAssertFalse(again.upToDate, "round \(round): without a manifest, a full build")
                let third = try await BuildPipeline.run(
                    BuildOptions(
                        content: site.content, templates: templates, output: incremental,
                        cache: cache))
                XCTAssertTrue(third.upToDate, "round \(round): the cache writable again, nothing to do")
            } else {
                XCTAssertTrue(again.upToDate, "round \(round): nothing changed, nothing to do")
            }
            XCTAssertEqual(TestSite.files(under: incremental), cleanFiles)
            try? FileManager.default.removeItem(at: clean.deletingLastPathComponent())
            blockedManifest = try tamper(round: round, output: incremental, cache: cache, rng: &rng)
        }
        XCTAssertGreaterThan(kept, 0, "some files were kept rather than rendered again")
        XCTAssertGreaterThan(batchesKept, 0, "some months were kept without planning them")
    }

    /// Between rounds, the output or the cache is damaged as a person or a fault might: a file of the output
    /// rewritten with bytes of the same size, truncated or deleted; the manifest rewritten with bytes of the same
    /// size or truncated; or the cache made unwritable for the next build (a folder where the manifest is
    /// written before it is renamed into place, returned so the caller can make it writable again after that
    /// build). Some rounds are left alone.
    private func tamper(round: Int, output: URL, cache: URL, rng: inout SplitMix64) throws -> URL? {
        let files = TestSite.files(under: output).filter { !$0.hasPrefix(".") }.sorted()
        let file = output.appendingPathComponent(files.randomElement(using: &rng)!)
        let manifest = try FileManager.default.contentsOfDirectory(at: cache.appendingPathComponent("build"), includingPropertiesForKeys: nil)
            .first { $0.pathExtension == "manifest" }
        func sameSize(_ url: URL) throws {
            var data = try Data(contentsOf: url)
            let at = Int.random(in: 0..<data.count, using: &rng)
            data[at] = data[at] == 0x58 ? 0x59 : 0x58
            try data.write(to: url)
        }
        switch round % 8 {
        case 0: try sameSize(file)
        case 1: try Data(try Data(contentsOf: file).prefix(10)).write(to: file)
        case 3: try FileManager.default.removeItem(at: file)
        case 4: if let manifest { try sameSize(manifest) }
        case 6: if let manifest { try Data(try Data(contentsOf: manifest).prefix(100)).write(to: manifest) }
        case 7:
            guard let manifest else { return nil }
            let temporary = manifest.deletingLastPathComponent().appendingPathComponent(".\(manifest.lastPathComponent).\(getpid()).tmp")
            try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: false)
            return temporary
        default: break
        }
        return nil
    }

    /// Builds `docs` into `output` (incrementally, with `cache`) and into a fresh folder with `--clean`, and
    /// asserts the two trees are byte for byte the same. Returns the incremental build's report.
    private func buildAndCompare(
        _ docs: Documents, site: TestSite, templates: URL, output: URL, cache: URL,
        _ what: String, line: UInt = #line
    ) async throws -> BuildReport {
        try docs.write(to: site)
        let report = try await BuildPipeline.run(BuildOptions(content: site.content, templates: templates, output: output, cache: cache))
        let clean = site.root.appendingPathComponent("clean/site")
        try? FileManager.default.removeItem(at: clean.deletingLastPathComponent())
        _ = try await BuildPipeline.run(
            BuildOptions(
                content: site.content, templates: templates, output: clean,
                cache: site.root.appendingPathComponent("clean/cache"), clean: true))
        XCTAssertEqual(TestSite.files(under: output), TestSite.files(under: clean), "\(what): same files", line: line)
        for file in TestSite.files(under: clean) {
            XCTAssertEqual(
                try Data(contentsOf: output.appendingPathComponent(file)), try Data(contentsOf: clean.appendingPathComponent(file)),
                "\(what): \(file) differs", line: line)
        }
        return report
    }

    private func makeSite() throws -> (TestSite, templates: URL, output: URL, cache: URL) {
        let site = try TestSite()
        let templates = site.root.appendingPathComponent("Templates")
        try FileManager.default.copyItem(at: TestSite.templates, to: templates)
        return (site, templates, site.root.appendingPathComponent("out/site"), site.root.appendingPathComponent("out/cache"))
    }

    /// A rate changed in `site.yml` changes the money and nothing else: `mileage.csv`'s reimbursement column
    /// follows it (its fingerprint is made from the rates as well as the rows).
    func testARateChangeReachesTheMileageSpreadsheet() async throws {
        let (site, templates, output, cache) = try makeSite()
        defer { site.remove() }
        var docs = Documents()
        docs.reports["r1"] = Doc.report("r1", org: "orgA", user: "u1-orgA", extra: ["schools_visited": ["Central High orgA"]])
        _ = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "first build")
        let csv = output.appendingPathComponent("orgA/data/mileage.csv")
        let before = try String(contentsOf: csv, encoding: .utf8)
        docs.ratePerMile = "0.70"
        _ = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "rate changed")
        XCTAssertNotEqual(try String(contentsOf: csv, encoding: .utf8), before, "the route has miles, so the money changed")
    }

    /// The school pages are kept unplanned while no school and no visit they show changed: a report's notes
    /// are on no school page; its route, its photographer's name and the school itself are.
    func testSchoolPagesAreKeptWhileNoVisitChanges() async throws {
        let (site, templates, output, cache) = try makeSite()
        defer { site.remove() }
        var docs = Documents()
        for (id, date) in [("r1", "2024-08-05"), ("r2", "2024-09-03")] {
            docs.reports[id] = Doc.report(
                id, org: "orgA", user: "u1-orgA", date: date, extra: ["schools_visited": ["Central High orgA"], "notes": "Report \(id)"])
        }
        let both = ["orgA schools", "orgA schools 1–1"]
        let first = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "first build")
        XCTAssertEqual(first.schoolsKept(of: "orgA"), [])

        docs.reports["r2"]!["notes"] = "Changed"
        let notes = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "notes changed")
        XCTAssertEqual(notes.schoolsKept(of: "orgA"), both, "no school page shows a report's notes")

        docs.reports["r2"]!["schools_visited"] = [String]()
        let route = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "route changed")
        XCTAssertEqual(route.schoolsKept(of: "orgA"), [], "a visit is gone")

        docs.userNames["u1-orgA"] = "Anabel"
        let renamed = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "user renamed")
        XCTAssertEqual(renamed.schoolsKept(of: "orgA"), [], "a visit's row names its photographer")

        docs.reports["r3"] = Doc.report("r3", org: "orgA", user: "u2-orgA", date: "2024-09-04", extra: ["notes": "No school"])
        let unrouted = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "report without a school")
        XCTAssertEqual(unrouted.schoolsKept(of: "orgA"), both, "a report that visits no school is on no school page")

        docs.schoolCoordinates["s-orgA"] = "37.7400,-88.9300"
        let moved = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "school moved")
        XCTAssertEqual(moved.schoolsKept(of: "orgA"), [], "a school page shows its coordinates")
    }

    func testUnchangedMonthsAreKeptWithoutPlanningThem() async throws {
        let (site, templates, output, cache) = try makeSite()
        defer { site.remove() }
        var docs = Documents()
        for (id, date) in [("r1", "2024-08-05"), ("r2", "2024-09-03"), ("r3", "2024-09-04"), ("r4", "2024-10-01")] {
            docs.reports[id] = Doc.report(id, org: "orgA", user: "u1-orgA", date: date, extra: ["notes": "Report \(id)"])
        }
        let first = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "first build")
        XCTAssertEqual(first.monthsKept, [])

        // The data files made from one value (the mileage) are kept by it when it is unchanged: not encoded, not
        // written, the same file (a report's notes are not part of its route).
        func inode(_ path: String) throws -> Int {
            try XCTUnwrap(FileManager.default.attributesOfItem(atPath: output.appendingPathComponent(path).path)[.systemFileNumber] as? Int)
        }
        let dataFiles = ["orgA/data/mileage.json", "orgA/data/mileage.csv"]
        let before = try dataFiles.map(inode)
        docs.reports["r2"]!["notes"] = "Changed"
        let changed = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "one report changed")
        XCTAssertEqual(try dataFiles.map(inode), before, "the mileage data files are kept")
        XCTAssertEqual(changed.monthsKept(of: "orgA"), ["orgA 2024-08", "orgA 2024-10"], "August and October kept; September planned")
        XCTAssertEqual(changed.filesWritten, first.filesWritten)
        XCTAssertTrue(try String(contentsOf: output.appendingPathComponent("orgA/reports/report/r2.html"), encoding: .utf8).contains("Changed"))

        // A critique dated in October: October is planned again (its monthly report lists the critique).
        docs.critiques["c1"] = Doc.critique("c1", org: "orgA", target: "u2-orgA", notes: "Nice")
        docs.critiques["c1"]!["createdAt"] = ["_seconds": 1_727_900_000, "_nanoseconds": 0]  // 2024-10-02
        let critiqued = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "critique added")
        XCTAssertEqual(critiqued.monthsKept(of: "orgA"), ["orgA 2024-08", "orgA 2024-09"], "August and September kept; October planned")

        // A report moved from September to October: both planned again; August kept.
        docs.reports["r3"]!["date"] = "2024-10-02"
        let moved = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "report moved")
        XCTAssertEqual(moved.monthsKept(of: "orgA"), ["orgA 2024-08"], "September and October planned")

        // A user renamed (a document every month shows): every month planned again.
        docs.userNames["u1-orgA"] = "Anabel"
        let renamed = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "user renamed")
        XCTAssertEqual(renamed.monthsKept, [])
        XCTAssertTrue(
            try String(contentsOf: output.appendingPathComponent("orgA/reports/monthly/2024-08/index.html"), encoding: .utf8)
                .contains("Anabel"))
    }

    /// A month's archive lists what needed attention at its end, makeup days asked for in earlier months among
    /// them: a change to an earlier month's makeup day, a report that holds it, or a later save that moves the
    /// export's last day plans the later months again (`MonthReads`), and every build equals a clean one.
    func testAnArchivesFollowUpListFollowsOtherMonths() async throws {
        let (site, templates, output, cache) = try makeSite()
        defer { site.remove() }
        var docs = Documents()
        docs.reports["r1"] = Doc.report(
            "r1", org: "orgA", user: "u1-orgA", date: "2024-08-05",
            extra: ["schools_visited": ["Central High orgA"], "makeup_needed": true, "makeup_date": "2024-08-20"])
        docs.reports["r2"] = Doc.report("r2", org: "orgA", user: "u1-orgA", date: "2024-09-03", extra: ["notes": "September"])
        docs.reports["r3"] = Doc.report("r3", org: "orgA", user: "u1-orgA", date: "2024-10-01", extra: ["notes": "October"])
        _ = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "first build")
        func october() throws -> String {
            let zip = try Archive(url: output.appendingPathComponent("orgA/archive/2024-10.zip"), accessMode: .read)
            var data = Data()
            _ = try zip.extract(zip["2024-10/attention.html"]!) { data.append($0) }
            return String(decoding: data, as: UTF8.self)
        }
        XCTAssertTrue(try october().contains("Makeup day Tue, Aug 20, 2024"), "August's makeup day, still open at October's end")

        // August's makeup day moved: September and October list it as it now is.
        docs.reports["r1"]!["makeup_date"] = "2024-08-27"
        let moved = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "makeup day moved")
        XCTAssertEqual(moved.monthsKept(of: "orgA"), [])
        XCTAssertTrue(try october().contains("Makeup day Tue, Aug 27, 2024"))

        // A September report at the school holds it: October's list no longer has it; August's is unchanged.
        docs.reports["r4"] = Doc.report("r4", org: "orgA", user: "u1-orgA", date: "2024-09-10", extra: ["schools_visited": ["Central High orgA"]])
        let held = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "makeup day held")
        XCTAssertEqual(held.monthsKept(of: "orgA"), ["orgA 2024-08"])
        XCTAssertFalse(try october().contains("Makeup day Tue, Aug 27"))

        // A September report saved in late October: October's list now stands on Oct 25, not Oct 1.
        docs.reports["r2"]!["updatedAt"] = ["_seconds": 1_729_900_000, "_nanoseconds": 0]  // 2024-10-25
        let saved = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "later save")
        XCTAssertEqual(saved.monthsKept(of: "orgA"), ["orgA 2024-08"])
        XCTAssertTrue(try october().contains("(Oct 25, 2024)"))

        // Nothing that shows in the lists: every month kept.
        docs.reports["r3"]!["notes"] = "October, edited"
        let edited = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "October's notes")
        XCTAssertEqual(edited.monthsKept(of: "orgA"), ["orgA 2024-08", "orgA 2024-09"])
    }

    /// A new critique changes the "newer" link of the critique before it, whatever month that one is in.
    func testANewCritiqueChangesItsNeighboursLink() async throws {
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
        _ = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "newest added")

        // Early October, between September's and October's: September's "newer" link changes.
        docs.critiques["c-between"] = Doc.critique("c-between", org: "orgA", target: "u2-orgA", notes: "between")
        docs.critiques["c-between"]!["createdAt"] = ["_seconds": 1_727_800_000, "_nanoseconds": 0]
        _ = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "one added between")
        let september = try String(contentsOf: output.appendingPathComponent("orgA/critiques/photo/c-sep.html"), encoding: .utf8)
        XCTAssertTrue(september.contains("c-between.html"), "September's critique links to the new one as newer")
    }

    /// A gallery page shows its cards through `partials/critique-card`: changing that partial renders again
    /// exactly the gallery pages (those listing a card and those of an empty filter alike, whose template
    /// includes it), not the critiques' detail pages or any other page.
    func testAChangedCardTemplateRendersExactlyThePagesListingCards() async throws {
        let (site, templates, output, cache) = try makeSite()
        defer { site.remove() }
        var docs = Documents()
        docs.reports["r1"] = Doc.report("r1", org: "orgA", user: "u1-orgA", date: "2024-09-03")
        for i in 1...3 { docs.critiques["c\(i)"] = Doc.critique("c\(i)", org: "orgA", target: "u2-orgA", notes: "Critique \(i)") }
        _ = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "first build")
        let url = templates.appendingPathComponent("partials/critique-card.mustache")
        try Data(
            try String(contentsOf: url, encoding: .utf8).replacingOccurrences(
                of: "<li class=\"critique-card\">",
                with: "<li class=\"critique-card\" data-v=\"2\">"
            ).utf8
        ).write(to: url)
        let changed = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "card template changed")
        let listing = TestSite.files(under: output).filter {
            (try? String(contentsOf: output.appendingPathComponent($0), encoding: .utf8))?.contains("data-v=\"2\"") ?? false
        }
        XCTAssertFalse(listing.isEmpty)
        XCTAssertTrue(listing.allSatisfy { $0.hasPrefix("orgA/critiques/") && !$0.hasPrefix("orgA/critiques/photo/") }, "\(listing)")
        // Every organization's, the empty galleries of one without critiques too.
        let galleries = TestSite.files(under: output).filter {
            $0.contains("/critiques/") && !$0.contains("/critiques/photo/") && $0.hasSuffix(".html")
        }
        XCTAssertTrue(Set(listing).isSubset(of: Set(galleries)))
        XCTAssertEqual(changed.filesWritten - changed.filesKept, galleries.count, "only the gallery pages were rendered again")
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
        let url = templates.appendingPathComponent("partials/field-row.mustache")
        try Data(
            try String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: "<th scope=\"row\">", with: "<th scope=\"row\" data-v=\"2\">").utf8
        ).write(to: url)
        let changed = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "row template changed")
        let showing = TestSite.files(under: output).filter {
            (try? String(contentsOf: output.appendingPathComponent($0), encoding: .utf8))?.contains("data-v=\"2\"") ?? false
        }
        // Three report pages, two days, two months, each as HTML; the months' archives hold their HTML too.
        XCTAssertEqual(showing.count, 7, "\(showing)")
        let archives = TestSite.files(under: output).filter { $0.hasPrefix("orgA/archive/") }
        XCTAssertEqual(archives.count, 2)
        XCTAssertEqual(
            changed.filesWritten - changed.filesKept, showing.count + archives.count,
            "only the pages showing rows were rendered again")
    }

    /// Each kind of document a month's pages show, changed in turn: the user who filed a report, a school its
    /// route names, its template's label, a critique of the month. Each change plans the months showing it
    /// again (what they read was recorded, `MonthReads`), and no month of another organization; every build
    /// equals a clean one. In orgB: the two
    /// organizations' templates share an id, and orgB's is the one the export keeps.
    func testEachKindOfDocumentAMonthShowsPlansItAgain() async throws {
        let (site, templates, output, cache) = try makeSite()
        defer { site.remove() }
        var docs = Documents()
        for (id, date) in [("r1", "2024-08-05"), ("r2", "2024-09-03")] {
            docs.reports[id] = Doc.report(id, org: "orgB", user: "u1-orgB", date: date, extra: ["schools_visited": ["s-orgB"]])
        }
        docs.critiques["c1"] = Doc.critique("c1", org: "orgB", target: "u2-orgB", notes: "Sharp focus")
        docs.critiques["c1"]!["createdAt"] = ["_seconds": 1_725_390_000, "_nanoseconds": 0]  // 2024-09-03
        let first = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "first build")
        XCTAssertEqual(first.monthsKept, [])
        func page(_ path: String) throws -> String {
            try String(contentsOf: output.appendingPathComponent("orgB/\(path)"), encoding: .utf8)
        }

        // Nothing of orgB changed: both its months kept, as a baseline for what follows.
        docs.reports["b1"] = Doc.report("b1", org: "orgA", user: "u1-orgA", date: "2024-08-06")
        let other = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "other organization")
        XCTAssertEqual(other.monthsKept(of: "orgB"), ["orgB 2024-08", "orgB 2024-09"])

        docs.userNames["u1-orgB"] = "Anabel"
        let user = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "user renamed")
        XCTAssertEqual(user.monthsKept(of: "orgB"), [])
        XCTAssertEqual(user.monthsKept(of: "orgA"), ["orgA 2024-08"], "another organization's user: nothing it reads")
        XCTAssertTrue(try page("reports/monthly/2024-08/index.html").contains("Anabel"))

        docs.schoolNames["s-orgB"] = "Lincoln Middle"
        let school = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "school renamed")
        XCTAssertEqual(school.monthsKept(of: "orgB"), [])
        XCTAssertEqual(school.monthsKept(of: "orgA"), ["orgA 2024-08"], "another organization's school: nothing it reads")
        XCTAssertTrue(try page("reports/report/r1.html").contains("Lincoln Middle"))

        docs.templateName = "Picture Day Report"
        let template = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "template renamed")
        XCTAssertEqual(template.monthsKept(of: "orgB"), [])
        XCTAssertTrue(try page("reports/report/r2.html").contains("Picture Day Report"))

        docs.critiques["c1"]!["managerNotes"] = "Soft focus"
        let critique = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "critique changed")
        XCTAssertEqual(critique.monthsKept(of: "orgB"), ["orgB 2024-08"], "September, which lists the critique, planned")
        XCTAssertTrue(try page("reports/monthly/2024-09/index.html").contains("Soft focus"))
    }

    /// `mileage.json` names a photographer as their first report does; a photographer without a user
    /// document is named by what each report stored. Renaming them in their first report changes the
    /// mileage table of every month they drove in.
    func testAMonthShowingAnotherMonthsReportIsPlannedAgain() async throws {
        let (site, templates, output, cache) = try makeSite()
        defer { site.remove() }
        var docs = Documents()
        for (id, date) in [("r1", "2024-08-05"), ("r2", "2024-10-01")] {
            docs.reports[id] = Doc.report(
                id, org: "orgA", user: "ghost", date: date,
                extra: ["photographer": "Dana Ghost", "schools_visited": ["Central High orgA"]])
        }
        _ = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "first build")
        docs.reports["r1"]!["photographer"] = "Dana Renamed"
        let renamed = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "first report renamed")
        XCTAssertEqual(renamed.monthsKept(of: "orgA"), [])
        let october = try String(contentsOf: output.appendingPathComponent("orgA/reports/monthly/2024-10/index.html"), encoding: .utf8)
        XCTAssertTrue(october.contains("Dana Renamed"), "October's mileage table names the photographer as August's report does")
    }

    /// A body altered by hand in a previous page never reaches the next page: the output changed since the
    /// build that wrote it (`OutputStamp`), so nothing of it is kept.
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
        XCTAssertEqual(fromBase.batchesKept, [], "an output changed by hand is built again whole")
        XCTAssertEqual(fromBase.filesKept, 0)
        try FileManager.default.removeItem(at: removed)
        docs.reports["r2"]!["notes"] = "Changed again"
        let rebuilt = try await buildAndCompare(docs, site: site, templates: templates, output: output, cache: cache, "file removed again")
        XCTAssertEqual(rebuilt.batchesKept, [], "an output changed by hand is built again whole")
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
        try Data((try String(contentsOf: url, encoding: .utf8)).replacingOccurrences(of: "<h1>Mileage</h1>", with: "<h1>Miles</h1>").utf8).write(
            to: url)
        let second = try await BuildPipeline.run(BuildOptions(content: site.content, templates: templates, output: output, cache: cache))
        XCTAssertEqual(
            second.filesWritten - second.filesKept, 2,
            "only the two organizations' mileage/index.html are rendered again")
        XCTAssertEqual(second.filesWritten, first.filesWritten)
        let text = String(decoding: try Data(contentsOf: output.appendingPathComponent("orgA/mileage/index.html")), as: UTF8.self)
        XCTAssertTrue(text.contains("<h1>Miles</h1>"))
        // --clean renders everything again.
        let clean = try await BuildPipeline.run(BuildOptions(content: site.content, templates: templates, output: output, cache: cache, clean: true))
        XCTAssertEqual(clean.filesKept, 0)
        XCTAssertFalse(clean.upToDate)
    }
}

private extension BuildReport {
    /// The months kept unplanned (the school pages' batches aside).
    var monthsKept: [String] { batchesKept.filter(PlanBatch.isMonth) }
    /// The kept months of one organization (the fixtures have a second, empty one).
    func monthsKept(of org: String) -> [String] { monthsKept.filter { $0.hasPrefix(org + " ") } }
    /// The school pages' batches kept unplanned, of one organization.
    func schoolsKept(of org: String) -> [String] { batchesKept.filter { $0.hasPrefix(org + " schools") } }
}
