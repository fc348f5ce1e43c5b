import Foundation
import GenBuild
import GenModel
import XCTest

/// Incremental builds: after any edit — documents changed, added, deleted; a template changed; the
/// configuration changed — the incremental build's tree is byte-identical to a clean build's.
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

        mutating func id(_ prefix: String) -> String { nextId += 1; return "\(prefix)\(nextId)" }

        func write(to site: TestSite) throws {
            try site.write("site.yml", "title: \(title)\ntimeZone: America/Chicago\nmileage:\n  ratePerMile: 0.67\n")
            var users: [[String: Any]] = []
            var schools: [[String: Any]] = []
            var templates: [[String: Any]] = []
            for org in ["orgA", "orgB"] {
                users += [Doc.user("u1-\(org)", org: org, first: "Ana", last: org), Doc.user("u2-\(org)", org: org, first: "Ben", last: org)]
                schools.append(Doc.school("s-\(org)", org: org, name: "Central High \(org)"))
                templates.append(Doc.template("t1", org: org))
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
        }

        let incremental = site.root.appendingPathComponent("inc/site")
        let cache = site.root.appendingPathComponent("inc/cache")
        var kept = 0
        for round in 0..<10 {
            var edit = "initial"
            if round > 0 {
                switch Int.random(in: 0..<7, using: &rng) {
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
            let clean = site.root.appendingPathComponent("clean-\(round)/site")
            try await BuildPipeline.run(BuildOptions(content: site.content, templates: templates, output: clean,
                                                     cache: site.root.appendingPathComponent("clean-\(round)/cache"), clean: true))
            let incFiles = TestSite.files(under: incremental), cleanFiles = TestSite.files(under: clean)
            XCTAssertEqual(incFiles, cleanFiles, "round \(round) (\(edit)): same files")
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
