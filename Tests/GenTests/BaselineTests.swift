import Foundation
import GenBuild
import GenModel
import XCTest

/// `gen check --baseline FILE` and `--write-baseline FILE` (docs/cli.md#a-baseline).
final class BaselineTests: XCTestCase {
    private func check(_ site: TestSite, _ options: CheckRun.Options) async -> CheckRun.Result {
        await CheckFormatTests.check(site, options)
    }

    private func baselineFile(_ site: TestSite) -> String { site.root.appendingPathComponent("baseline.json").path }

    func testTheFileIsSortedOneEntryALineAndReadsBackTheSame() throws {
        let source = DocumentSource(file: "export/r.ndjson", collection: "dailyJobReports", documentID: "r2")
        let problems = [
            Diagnostic(.pageWithoutTitle, file: "pages/b.md", field: "title", message: "page has no title"),
            Diagnostic(.unknownSchool, source, field: "schools_visited", "school \"X\" matches no school"),
            Diagnostic(.unknownSchool, source, field: "schools_visited", "school \"Y\" matches no school"),
            Diagnostic(.duplicateKey, file: "export/r.ndjson", line: 4, column: 9, message: "line 4, column 9: the key"),
            Diagnostic(
                .noOrganization, DocumentSource(file: "export/r.ndjson", collection: "dailyJobReports", documentID: "a\"b"), field: "organizationID",
                "no organization"),
            Diagnostic(.pageWithoutTitle, file: "pages/a.md", field: "title", message: "page has no title")
        ]
        let baseline = Baseline(problems)
        XCTAssertEqual(
            baseline.text,
            """
            {
              "version": 1,
              "problems": [
                {"code": "GEN102", "name": "duplicate-key", "collection": null, "documentId": null, "field": null, "file": "export/r.ndjson", "count": 1},
                {"code": "GEN201", "name": "no-organization", "collection": "dailyJobReports", "documentId": "a\\"b", "field": "organizationID", "file": null, "count": 1},
                {"code": "GEN403", "name": "unknown-school", "collection": "dailyJobReports", "documentId": "r2", "field": "schools_visited", "file": null, "count": 2},
                {"code": "GEN702", "name": "page-without-title", "collection": null, "documentId": null, "field": "title", "file": "pages/a.md", "count": 1},
                {"code": "GEN702", "name": "page-without-title", "collection": null, "documentId": null, "field": "title", "file": "pages/b.md", "count": 1}
              ]
            }

            """)
        XCTAssertEqual(Baseline(problems.reversed()).text, baseline.text, "the same problems in another order: the same file")
        XCTAssertEqual(try Baseline(parsing: Data(baseline.text.utf8)), baseline)
        XCTAssertEqual(Baseline([]).text, "{\n  \"version\": 1,\n  \"problems\": []\n}\n")
        XCTAssertEqual(try Baseline(parsing: Data(Baseline([]).text.utf8)), Baseline([]))

        // The same key twice counts twice: a third copy is new, and one copy less leaves one recorded but gone.
        let third = Diagnostic(.unknownSchool, source, field: "schools_visited", "school \"Z\" matches no school")
        let compared = baseline.compare(problems + [third])
        XCTAssertEqual(compared.new, [third])
        XCTAssertEqual(compared.baselined, problems.count)
        XCTAssertEqual(baseline.compare(problems.filter { !$0.message.contains("\"Y\"") }).gone, 1)
        // Ids are compared as bytes: a document whose id reads the same but is spelled otherwise is another one.
        let twin = Diagnostic(
            .noOrganization, DocumentSource(file: "export/r.ndjson", collection: "dailyJobReports", documentID: "cafe\u{301}"),
            field: "organizationID", "no organization")
        let precomposed = Diagnostic(
            .noOrganization, DocumentSource(file: "export/r.ndjson", collection: "dailyJobReports", documentID: "caf\u{E9}"),
            field: "organizationID", "no organization")
        XCTAssertEqual(Baseline([twin]).compare([precomposed]).new, [precomposed])
    }

    func testABaselineThatCannotBeReadIsExit2() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try CheckFormatTests.writeProblems(site)
        let path = baselineFile(site)
        for (text, expected) in [
            ("{\"problems\": []}", "not a baseline of version 1"),
            ("[1]", "not a baseline"),
            ("{\"version\": 1, \"problems\": [{\"code\": \"GEN201\", \"count\": 0}]}", "\"count\": expected a whole number of at least 1"),
            ("{\"version\": 1, \"problems\": [{\"code\": \"GEN201\", \"count\": true}]}", "\"count\": expected a whole number"),
            ("{\"version\": 1, \"problems\": [{\"code\": \"GEN201\", \"field\": 3, \"count\": 1}]}", "\"field\": expected text or null")
        ] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            let result = await check(site, CheckRun.Options(format: .json, contentPath: "Content", baseline: path))
            XCTAssertEqual(result.exitCode, 2, text)
            XCTAssertEqual(result.stderr.count, 1, text)
            XCTAssertTrue(result.stderr[0].contains(expected), "\(text): \(result.stderr)")
            XCTAssertTrue(result.stdout.count == 1 && result.stdout[0].contains("\"code\":\"GEN001\""), "\(result.stdout)")
        }
        let missing = await check(site, CheckRun.Options(contentPath: "Content", baseline: path + ".none"))
        XCTAssertEqual(missing.exitCode, 2)
        XCTAssertEqual(missing.stdout, [], "text output says it on stderr only")
    }

    /// Written today, read tomorrow: nothing new passes (and says how many problems it did not list); a new
    /// problem fails, listed alone; a fixed one is counted.
    func testANewProblemAfterTheBaselineFailsTheCheck() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try CheckFormatTests.writeProblems(site)
        let path = baselineFile(site)

        let written = await check(site, CheckRun.Options(contentPath: "Content", writeBaseline: path))
        XCTAssertEqual(written.exitCode, 0, "writing a baseline records every problem: none is new")
        XCTAssertEqual(written.stdout.count, 4 + CheckFormatTests.summary.count + 1, "problems listed as usual")
        XCTAssertEqual(written.stdout.last, "wrote baseline \(path): 4 problems in 4 entries")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertEqual(try Baseline(parsing: Data(text.utf8)).total, 4)

        let same = await check(site, CheckRun.Options(contentPath: "Content", baseline: path))
        XCTAssertEqual(same.exitCode, 0)
        XCTAssertEqual(same.stdout, CheckFormatTests.summary + ["baseline \(path): 4 known problems not listed, 0 new"])

        // A second report without an organization, and a warning: new, listed, and the skip fails the check.
        try site.write(
            "export/more.ndjson",
            #"{"document_name":"projects/p/databases/(default)/documents/dailyJobReports/r4","operation":"CREATE","timestamp":"2024-09-06T00:00:00Z","data":"{\"date\":\"2024-09-06\"}"}"#
                + "\n")
        let more = await check(site, CheckRun.Options(format: .json, contentPath: "Content", baseline: path))
        XCTAssertEqual(more.exitCode, 1)
        XCTAssertEqual(more.stdout.count, 1)
        XCTAssertTrue(more.stdout[0].contains(#""code":"GEN201""#) && more.stdout[0].contains(#""documentId":"r4""#), "\(more.stdout)")
        XCTAssertEqual(more.stderr.last, "baseline \(path): 4 known problems not listed, 1 new")

        // A fixed problem: counted, and the check still passes.
        try FileManager.default.removeItem(at: site.content.appendingPathComponent("export/more.ndjson"))
        try site.write(
            "export/dailyJobReports.ndjson",
            #"""
            {"id":"r1","date":"2024-09-03"}
            {"document_name":"projects/p/databases/(default)/documents/dailyJobReports/r3","operation":"BOGUS","timestamp":"2024-09-05T00:00:00Z"}

            """#)
        let fixed = await check(site, CheckRun.Options(contentPath: "Content", baseline: path))
        XCTAssertEqual(fixed.exitCode, 0)
        XCTAssertEqual(
            Array(fixed.stdout.suffix(2)),
            [
                "baseline \(path): 2 known problems not listed, 0 new",
                "baseline \(path): 2 recorded problems are no longer found (gen check --write-baseline \(path) forgets them)"
            ])
    }

    /// Entries match on what a problem is about, not where: the same documents written on other lines, their keys
    /// in another order, still match the baseline.
    func testAReformattedExportStillMatchesTheBaseline() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try CheckFormatTests.writeProblems(site)
        let path = baselineFile(site)
        _ = await check(site, CheckRun.Options(contentPath: "Content", writeBaseline: path))

        try site.write(
            "export/dailyJobReports.ndjson",
            #"""

            {"document_name": "projects/p/databases/(default)/documents/dailyJobReports/r3", "timestamp": "2024-09-05T00:00:00Z", "operation": "BOGUS"}


            {"date": "2024-09-03", "id": "r1"}
            {"mileage": "50%,\nfar: yes", "photographer": "A", "id": "r2", "photographer": "B", "organizationID": "o1", "userId": "u1", "date": "2024-09-04", "schools_visited": ["Adams"]}

            """#)
        let moved = await check(site, CheckRun.Options(format: .json, contentPath: "Content"))
        let lines = try moved.stdout.map { try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])["line"] as? Int }
        XCTAssertEqual(lines, [6, nil, nil, 2], "the problems moved")

        let result = await check(site, CheckRun.Options(contentPath: "Content", baseline: path))
        XCTAssertEqual(result.exitCode, 0, "\(result.stdout)")
        XCTAssertEqual(result.stdout.last, "baseline \(path): 4 known problems not listed, 0 new")
    }

    /// `--strict` with a baseline: a team turns it on without fixing old data first; only new warnings fail.
    func testStrictWithABaselineFailsOnlyOnNewWarnings() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.write("pages/about.md", "---\ncolour: red\n---\nHello\n")
        let path = baselineFile(site)
        _ = await check(site, CheckRun.Options(contentPath: "Content", writeBaseline: path))
        let strictWithout = await check(site, CheckRun.Options(strict: true, contentPath: "Content"))
        XCTAssertEqual(strictWithout.exitCode, 1)
        let strictWith = await check(site, CheckRun.Options(strict: true, contentPath: "Content", baseline: path))
        XCTAssertEqual(strictWith.exitCode, 0)

        try site.write("pages/contact.md", "Write to us\n")
        let plain = await check(site, CheckRun.Options(contentPath: "Content", baseline: path))
        XCTAssertEqual(plain.exitCode, 0, "a new warning fails only with --strict")
        XCTAssertEqual(
            plain.stdout.first,
            "pages/contact.md: field \"title\": warning: page has no title; its file name is used")
        let strict = await check(site, CheckRun.Options(strict: true, contentPath: "Content", baseline: path))
        XCTAssertEqual(strict.exitCode, 1)
    }
}
