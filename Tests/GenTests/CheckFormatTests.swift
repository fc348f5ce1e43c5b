import Foundation
@testable import GenBuild
import GenModel
import XCTest

/// `gen check --format text|json|github` (docs/cli.md#output-formats) and the problem codes.
final class CheckFormatTests: XCTestCase {
    /// A small export with known problems: a report without organization (skipped), a repeated key, a recorded
    /// mileage whose text holds `%`, a comma, a newline and a colon (warnings), a changelog row with an unknown
    /// operation (skipped, on line 3).
    static func writeProblems(_ site: TestSite) throws {
        try site.write(
            "export/users.ndjson",
            #"{"id":"u1","organizationID":"o1","firstName":"Ann","lastName":"Lee","isPhotographer":true,"userCoordinates":"37.7,-89.2"}"#
                + "\n")
        try site.write("export/schools.ndjson", #"{"id":"s1","organizationID":"o1","value":"Adams","coordinates":"37.8,-89.1"}"# + "\n")
        try site.write(
            "export/dailyJobReports.ndjson",
            #"""
            {"id":"r1","date":"2024-09-03"}
            {"id":"r2","organizationID":"o1","userId":"u1","date":"2024-09-04","schools_visited":["Adams"],"photographer":"A","photographer":"B","mileage":"50%,\nfar: yes"}
            {"document_name":"projects/p/databases/(default)/documents/dailyJobReports/r3","operation":"BOGUS","timestamp":"2024-09-05T00:00:00Z"}

            """#)
    }

    static func check(_ site: TestSite, _ options: CheckRun.Options) async -> CheckRun.Result {
        await CheckRun.run(BuildOptions(content: site.content, output: site.output, writeOutput: false), options)
    }

    static let summary = [
        "read 3 export files: dailyJobReports 2, schools 1, users 1",
        "skipped 2 documents:",
        "  1 × dailyJobReports: line 3: unknown operation \"BOGUS\"",
        "  1 × dailyJobReports: no organization: the document belongs to no site",
        "2 warnings (gen check lists them all)"
    ]

    func testTextListsEveryProblemThenTheSummary() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try Self.writeProblems(site)
        let result = await Self.check(site, CheckRun.Options(contentPath: "Content"))
        XCTAssertEqual(
            result.stdout,
            [
                "export/dailyJobReports.ndjson: warning: line 2, column 115: the key \"photographer\" appears twice in one object; only the last value is read",
                "export/dailyJobReports.ndjson: dailyJobReports/r1, field \"organizationID\": skipped: no organization: the document belongs to no site",
                "export/dailyJobReports.ndjson: dailyJobReports/r2, field \"mileage\": warning: recorded mileage \"50%,\\nfar: yes\" is not a distance; treated as absent",
                "export/dailyJobReports.ndjson: dailyJobReports/r3, field \"operation\": skipped: line 3: unknown operation \"BOGUS\""
            ] + Self.summary)
        XCTAssertEqual(result.stderr, [])
        XCTAssertEqual(result.exitCode, 1, "skipped documents fail the check")

        let quiet = await Self.check(site, CheckRun.Options(quiet: true, contentPath: "Content"))
        XCTAssertEqual(quiet.stdout, Self.summary)
        XCTAssertEqual(quiet.exitCode, 1)
    }

    func testJSONWritesOneObjectPerProblemAndTheSummaryOnStderr() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try Self.writeProblems(site)
        let result = await Self.check(site, CheckRun.Options(format: .json, contentPath: "./Content/"))
        XCTAssertEqual(result.stderr, Self.summary)
        XCTAssertEqual(result.exitCode, 1)
        let objects = try result.stdout.map { line in
            XCTAssertFalse(line.contains("\n"))
            return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], line)
        }
        let keys = ["severity", "code", "name", "file", "line", "column", "collection", "documentId", "field", "message"]
        for object in objects { XCTAssertEqual(Set(object.keys), Set(keys), "\(object)") }
        // Every member as written, null as NSNull.
        func row(_ o: [String: Any]) -> [String] { keys.map { o[$0] is NSNull ? "null" : "\(o[$0]!)" } }
        let file = "Content/export/dailyJobReports.ndjson"
        XCTAssertEqual(
            objects.map(row),
            [
                [
                    "warning", "GEN102", "duplicate-key", file, "2", "115", "null", "null", "null",
                    "line 2, column 115: the key \"photographer\" appears twice in one object; only the last value is read"
                ],
                [
                    "error", "GEN201", "no-organization", file, "null", "null", "dailyJobReports", "r1", "organizationID",
                    "no organization: the document belongs to no site"
                ],
                [
                    "warning", "GEN407", "bad-recorded-mileage", file, "null", "null", "dailyJobReports", "r2", "mileage",
                    "recorded mileage \"50%,\nfar: yes\" is not a distance; treated as absent"
                ],
                [
                    "error", "GEN106", "unknown-operation", file, "3", "null", "dailyJobReports", "r3", "operation",
                    "line 3: unknown operation \"BOGUS\""
                ]
            ])
        XCTAssertTrue(objects[0]["line"] is NSNumber && objects[1]["line"] is NSNull)

        // --strict: every problem fails the run, so every one is an error.
        let strict = await Self.check(site, CheckRun.Options(format: .json, strict: true, contentPath: "Content"))
        XCTAssertEqual(
            try strict.stdout.map { try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])["severity"] as? String },
            ["error", "error", "error", "error"])
    }

    func testGitHubWritesWorkflowCommandsWithGitHubsEscaping() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try Self.writeProblems(site)
        let result = await Self.check(site, CheckRun.Options(format: .github, contentPath: "Content"))
        let file = "Content/export/dailyJobReports.ndjson"
        XCTAssertEqual(
            result.stdout,
            [
                "::warning file=\(file),line=2,col=115,title=GEN102 duplicate-key::line 2, column 115: the key \"photographer\" appears twice in one object; only the last value is read",
                "::error file=\(file),title=GEN201 no-organization::dailyJobReports/r1, field \"organizationID\": skipped: no organization: the document belongs to no site",
                // %, newline escaped in the data; the colon and comma only in properties.
                "::warning file=\(file),title=GEN407 bad-recorded-mileage::dailyJobReports/r2, field \"mileage\": recorded mileage \"50%25,%0Afar: yes\" is not a distance; treated as absent",
                "::error file=\(file),line=3,title=GEN106 unknown-operation::dailyJobReports/r3, field \"operation\": skipped: line 3: unknown operation \"BOGUS\""
            ])
        XCTAssertEqual(result.stderr, Self.summary)
        XCTAssertEqual(result.exitCode, 1)

        // Properties escape `:` and `,` as well; a carriage return and a terminal escape cannot start a line.
        let odd = Diagnostic(
            .userNotInOrganization, file: "export/a,b:c%d.ndjson", collection: "dailyJobReports", documentID: "r:1,\r2",
            field: "userId", message: "user \"x\u{1B}[2K\" is not in this organization: 100%,\nreally")
        XCTAssertEqual(
            CheckFormat.github.line(odd, failing: false, content: "My Content"),
            "::warning file=My Content/export/a%2Cb%3Ac%25d.ndjson,title=GEN301 user-not-in-organization::"
                + "dailyJobReports/r:1,%0D2, field \"userId\": user \"x\\u{1B}[2K\" is not in this organization: 100%25,%0Areally")
        XCTAssertEqual(
            CheckFormat.json.line(odd, failing: true, content: "."),
            #"{"severity":"error","code":"GEN301","name":"user-not-in-organization","file":"export/a,b:c%d.ndjson","line":null,"column":null,"#
                + #""collection":"dailyJobReports","documentId":"r:1,\r2","field":"userId","message":"user \"x\u001b[2K\" is not in this organization: 100%,\nreally"}"#
        )
    }

    func testUnusableInputIsReportedInEachFormatWithExit2() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.write("export/users.json", "{\n  \"users\": {\n    \"u1\": {\"organizationID\" \"o1\"}\n  }\n}\n")
        let text = await Self.check(site, CheckRun.Options(contentPath: "Content"))
        XCTAssertEqual(text.exitCode, 2)
        XCTAssertEqual(text.stdout, [])
        XCTAssertEqual(text.stderr.count, 1)
        XCTAssertTrue(text.stderr[0].hasPrefix("error: export/users.json:3:"), "\(text.stderr)")

        let json = await Self.check(site, CheckRun.Options(format: .json, contentPath: "Content"))
        XCTAssertEqual(json.exitCode, 2)
        XCTAssertEqual(json.stderr, text.stderr)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(XCTUnwrap(json.stdout.first).utf8)) as? [String: Any])
        XCTAssertEqual(json.stdout.count, 1)
        XCTAssertEqual(object["code"] as? String, "GEN001")
        XCTAssertEqual(object["severity"] as? String, "error")
        XCTAssertEqual(object["file"] as? String, "Content/export/users.json")
        XCTAssertEqual(object["line"] as? Int, 3)
        XCTAssertNotNil(object["column"] as? Int)

        let github = await Self.check(site, CheckRun.Options(format: .github, contentPath: "Content"))
        XCTAssertEqual(github.exitCode, 2)
        XCTAssertEqual(github.stdout.count, 1)
        XCTAssertTrue(
            github.stdout[0].hasPrefix("::error file=Content/export/users.json,line=3,col="), "\(github.stdout)")
        XCTAssertTrue(github.stdout[0].contains(",title=GEN001 unusable-input::"), "\(github.stdout)")
    }

    func testOnlyWarningsPassUnlessStrict() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.write("pages/about.md", "---\ncolour: red\n---\nHello\n")
        let plain = await Self.check(site, CheckRun.Options(format: .github, contentPath: "Content"))
        XCTAssertEqual(plain.exitCode, 0)
        XCTAssertEqual(
            plain.stdout,
            [
                "::warning file=Content/pages/about.md,title=GEN701 unknown-front-matter-key::field \"colour\": unknown front matter key; ignored",
                "::warning file=Content/pages/about.md,title=GEN702 page-without-title::field \"title\": page has no title; its file name is used"
            ])
        let strict = await Self.check(site, CheckRun.Options(format: .github, strict: true, contentPath: "Content"))
        XCTAssertEqual(strict.exitCode, 1)
        XCTAssertEqual(strict.stdout, plain.stdout.map { $0.replacingOccurrences(of: "::warning ", with: "::error ") })
    }

    /// Paths from where gen runs: a content file joined to `--content` as given, an absolute path inside the
    /// working directory made relative to it (GitHub wants repository paths); a template's file is not the content's.
    func testPathsAreFromTheWorkingDirectory() {
        XCTAssertEqual(CheckFormat.path("export/x.json", in: "./Content/", workingDirectory: "/w"), "Content/export/x.json")
        XCTAssertEqual(CheckFormat.path("export/x.json", in: ".", workingDirectory: "/w"), "export/x.json")
        XCTAssertEqual(CheckFormat.path("export/x.json", in: "/w/Content", workingDirectory: "/w/"), "Content/export/x.json")
        XCTAssertEqual(CheckFormat.path("export/x.json", in: "/other/C", workingDirectory: "/w"), "/other/C/export/x.json")
        XCTAssertEqual(CheckFormat.path("export/x.json", in: "/wide/C", workingDirectory: "/w"), "/wide/C/export/x.json")
        XCTAssertEqual(CheckFormat.path("/w/theme/page.mustache", in: nil, workingDirectory: "/w"), "theme/page.mustache")
        XCTAssertEqual(CheckFormat.path("/a/b.json", in: nil, workingDirectory: "/"), "/a/b.json")

        let tag = Diagnostic(
            .templateTagWithoutValue, file: "Templates/report-page.mustache", line: 12, column: 5,
            message: "line 12, column 5: {{markdownHerf}} names no value of the page it is rendered in (misspelt?); it shows nothing")
        XCTAssertEqual(
            CheckFormat.github.line(tag, failing: false, content: "Content"),
            "::warning file=Templates/report-page.mustache,line=12,col=5,title=GEN801 template-tag-without-value::"
                + "line 12, column 5: {{markdownHerf}} names no value of the page it is rendered in (misspelt?); it shows nothing")
    }

    /// Every code is unique, named in words joined by hyphens, and listed in docs/cli.md with its name and kind;
    /// the docs list no code gen does not have.
    func testCodesAreUniqueAndDocumented() throws {
        let codes = Diagnostic.Code.allCases
        XCTAssertEqual(Set(codes.map(\.rawValue)).count, codes.count)
        XCTAssertEqual(Set(codes.map(\.name)).count, codes.count)
        for code in codes {
            XCTAssertNotNil(code.rawValue.range(of: #"^GEN[1-9][0-9]{2}$"#, options: .regularExpression), code.rawValue)
            XCTAssertNotNil(code.name.range(of: #"^[a-z]+(-[a-z]+)*$"#, options: .regularExpression), code.name)
        }
        XCTAssertFalse(codes.map(\.rawValue).contains(CheckFormat.unusableInput.code))

        let docs = try String(
            contentsOf: TestSite.templates.deletingLastPathComponent().appendingPathComponent("docs/cli.md"), encoding: .utf8)
        for code in codes {
            let row = "| `\(code.rawValue)` | `\(code.name)` | \(code.kind == .skipped ? "skipped" : "warning") |"
            XCTAssertTrue(docs.contains(row), "docs/cli.md lacks the row \(row)")
        }
        XCTAssertTrue(docs.contains("`\(CheckFormat.unusableInput.code)` (`\(CheckFormat.unusableInput.name)`)"))
        let documented = Set(
            docs.split(separator: "\n").filter { $0.hasPrefix("| `GEN") }
                .map { String($0.dropFirst(3).prefix { $0 != "`" }) })
        XCTAssertEqual(documented, Set(codes.map(\.rawValue)), "docs/cli.md lists codes gen does not have, or misses some")
    }
}
