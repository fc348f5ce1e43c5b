import Foundation
@testable import GenLoad
import GenModel
import XCTest

/// Messages a CI log can trust: every malformed JSON file names a line and column, a key repeated in one object
/// is a warning naming its place, and no document can forge a log line.
final class InputMessageTests: XCTestCase {
    private func error(_ name: String, _ text: String) throws -> InputError? {
        let site = try TestSite()
        defer { site.remove() }
        try site.write("export/\(name)", text)
        return site.loadError()
    }

    func testEveryMalformedJSONNamesLineAndColumn() throws {
        // A truncated file: its end.
        XCTAssertEqual(
            try error("firestore-backup.json", "{\n  \"users\": {\"u1\": {\"organizationID\": \"o1\"")?.description
                .prefix(while: { $0 != " " }), "export/firestore-backup.json:2:42:")
        // An empty file: line 1, column 1.
        let empty = try XCTUnwrap(try error("users.json", ""))
        XCTAssertEqual([empty.line, empty.column], [1, 1], empty.description)
        // A lone surrogate: the escape that starts it.
        let surrogate = try XCTUnwrap(
            try error("users.ndjson", "{\"id\": \"u0\", \"organizationID\": \"o1\"}\n{\"id\": \"u1\", \"firstName\": \"\\ud800x\"}\n"))
        XCTAssertEqual([surrogate.line, surrogate.column], [2, 28], surrogate.description)
        // A number no double holds: the number.
        let number = try XCTUnwrap(try error("users.ndjson", "{\"id\": \"u1\", \"n\": 1e400}\n"))
        XCTAssertEqual([number.line, number.column], [1, 19], number.description)
        XCTAssertTrue(number.description.contains("1e400"))
    }

    func testARepeatedKeyIsAWarningNamingItsPlace() throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.write(
            "export/firestore-backup.json",
            """
            {"__collections__": {"users": {
              "c01": {"organizationID": "o1", "firstName": "First"},
              "c01": {"organizationID": "o1", "firstName": "Second"}
            }}}
            """)
        try site.writeCollection("schools", [], file: "schools.ndjson")
        try site.write(
            "export/dailyJobReports.ndjson", "{\"id\": \"r1\", \"organizationID\": \"o1\", \"date\": \"2024-09-03\", \"date\": \"2024-09-04\"}\n")
        let export = try site.load()
        let messages = export.diagnostics.map(\.description)
        XCTAssertTrue(
            messages.contains(
                "export/firestore-backup.json: warning: line 3, column 3: the key \"c01\" appears twice in one object; only the last value is read"),
            "\(messages)")
        XCTAssertTrue(
            messages.contains { $0.hasPrefix("export/dailyJobReports.ndjson: warning: line 1, column 60: the key \"date\"") }, "\(messages)")
    }

    func testKeysSpelledAlikeAreNamed() {
        let text = Data("{\"caf\u{E9}\": 1, \"cafe\u{301}\": 2, \"K\": 3, \"\u{212A}\": 4, \"a\": 5, \"b\": {\"a\": 6}}".utf8)
        let findings = JSONDuplicateKeys.scan(text)
        XCTAssertEqual(findings.map(\.spelledAlike), [true, true], "\(findings)")
        XCTAssertEqual(JSONDuplicateKeys.scan(Data("{\"a\": [{\"a\": 1}, {\"a\": 2}], \"b\": \"a\"}".utf8)), [], "keys in different objects")
    }

    func testControlCharactersInIdsAreEscapedInMessages() throws {
        let forged = "r1\nexport/x.json: warning: all good\u{1B}[2K"
        let diagnostic = Diagnostic(
            .userNotInOrganization, DocumentSource(file: "export/a\rb.ndjson", collection: "dailyJobReports", documentID: forged),
            field: "userId", "user \"\(forged)\" is not in this organization")
        let line = diagnostic.description
        XCTAssertFalse(line.contains("\n") || line.contains("\r") || line.contains("\u{1B}"), line)
        XCTAssertTrue(line.contains("r1\\nexport/x.json"), line)
        XCTAssertTrue(line.contains("\\u{1B}[2K"), line)
        XCTAssertEqual(InputError(file: "export/\u{2028}x.json", message: "m").description, "export/\\u{2028}x.json: m")
    }
}
