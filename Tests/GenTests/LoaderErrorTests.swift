import Foundation
@testable import GenLoad
import GenModel
import XCTest

/// 1-based column of the first `marker` in `line`, counted in characters.
fileprivate func column(of marker: Character, in line: String) -> Int {
    line.distance(from: line.startIndex, to: line.firstIndex(of: marker)!) + 1
}

fileprivate func configError(_ yaml: String, file: StaticString = #filePath, line: UInt = #line) -> InputError? {
    do {
        let config = try ConfigLoader.parse(yaml, file: "site.yml")
        XCTFail("expected an InputError, parsed \(config)", file: file, line: line)
        return nil
    } catch {
        return error
    }
}

final class LoaderErrorTests: XCTestCase {
    // MARK: - Malformed JSON

    func testMalformedJSONNamesFileLineAndColumn() throws {
        let folder = try TestSite()
        defer { folder.remove() }
        let bad = #"  "u2": {"firstName": @bad}"#
        let text = [
            "{",
            #"  "u1": {"organizationID": "org1"},"#,
            bad,
            "}"
        ].joined(separator: "\n")
        XCTAssertEqual(column(of: "@", in: bad), 23)
        try folder.write("export/users.json", text)

        let error = try XCTUnwrap(folder.loadError())
        XCTAssertEqual(error.file, "export/users.json")
        XCTAssertEqual(error.line, 3)
        XCTAssertEqual(error.column, 23)
        XCTAssertTrue(error.message.contains("malformed JSON"), error.message)
        XCTAssertTrue(error.description.hasPrefix("export/users.json:3:23: "), error.description)
    }

    func testMalformedJSONColumnCountsCharactersNotBytes() throws {
        let folder = try TestSite()
        defer { folder.remove() }
        let bad = #"  "r1": {"note": "72°F — sunny", "x": #}"#
        let text = "{\n" + bad + "\n}\n"
        try folder.write("export/dailyJobReports.json", text)

        let error = try XCTUnwrap(folder.loadError())
        XCTAssertEqual(error.file, "export/dailyJobReports.json")
        XCTAssertEqual(error.line, 2)
        XCTAssertEqual(error.column, column(of: "#", in: bad))
    }

    func testMalformedJSONInNestedFolderUsesRelativePath() throws {
        let folder = try TestSite()
        defer { folder.remove() }
        try folder.write("export/users.json", #"{"u1": {"organizationID": "org1"}}"#)
        try folder.write("export/2024/schools.json", "[\n  {\"id\": \"s1\",, \"value\": \"A\"}\n]")

        let error = try XCTUnwrap(folder.loadError())
        XCTAssertEqual(error.file, "export/2024/schools.json")
        XCTAssertEqual(error.line, 2)
        XCTAssertEqual(error.column, 15)  // the second comma
    }

    func testMalformedNDJSONLineNamesThatLine() throws {
        let folder = try TestSite()
        defer { folder.remove() }
        let bad = #"{"id": "r4", "date": }"#
        let lines = [
            #"{"id": "r1", "organizationID": "org1", "date": "2024-01-15"}"#,
            #"{"id": "r2", "organizationID": "org1", "date": "2024-01-16"}"#,
            "",
            #"{"id": "r3", "organizationID": "org1", "date": "2024-01-17"}"#,
            bad,
            #"{"id": "r5", "organizationID": "org1", "date": "2024-01-18"}"#
        ]
        try folder.write("export/dailyJobReports.ndjson", lines.joined(separator: "\n") + "\n")

        let error = try XCTUnwrap(folder.loadError())
        XCTAssertEqual(error.file, "export/dailyJobReports.ndjson")
        XCTAssertEqual(error.line, 5)
        XCTAssertEqual(error.column, column(of: "}", in: bad))
    }

    func testMalformedLineInNDJSONNamedDotJSON() throws {
        // BigQuery's newline-delimited export saved as .json: the bad line is still named.
        let folder = try TestSite()
        defer { folder.remove() }
        let good =
            #"{"timestamp":"2024-01-15 14:30:00 UTC","document_name":"projects/p/databases/(default)/documents/users/u1","operation":"CREATE","data":"{}"}"#
        let bad =
            #"{"timestamp":"2024-01-15 14:31:00 UTC","document_name":"projects/p/databases/(default)/documents/users/u2","operation":"CREATE","data":"{}"]"#
        try folder.write("export/changelog.json", [good, good, bad, good].joined(separator: "\n") + "\n")

        let error = try XCTUnwrap(folder.loadError())
        XCTAssertEqual(error.file, "export/changelog.json")
        XCTAssertEqual(error.line, 3)
        XCTAssertEqual(error.column, column(of: "]", in: bad))
    }

    func testNDJSONLineThatIsNotAnObject() throws {
        let folder = try TestSite()
        defer { folder.remove() }
        try folder.write("export/users.jsonl", #"{"id": "u1", "organizationID": "org1"}"# + "\n[1, 2]\n")

        let error = try XCTUnwrap(folder.loadError())
        XCTAssertEqual(error.file, "export/users.jsonl")
        XCTAssertEqual(error.line, 2)
        XCTAssertTrue(error.message.contains("an array"), error.message)
    }

    func testFileThatFitsNoFormatIsAnError() throws {
        let folder = try TestSite()
        defer { folder.remove() }
        try folder.write("export/users.json", #"{"u1": {"organizationID": "org1"}}"#)
        try folder.write("export/notes.json", #"{"hello": 1}"#)

        let error = try XCTUnwrap(folder.loadError())
        XCTAssertEqual(error.file, "export/notes.json")
        XCTAssertNil(error.line)
        XCTAssertTrue(error.message.contains("not a recognised export"), error.message)
        XCTAssertTrue(error.description.hasPrefix("export/notes.json: "), error.description)
    }

    func testDocumentLinesInAFileNotNamedAfterACollectionAreAnError() throws {
        let folder = try TestSite()
        defer { folder.remove() }
        try folder.write("export/misc.ndjson", #"{"id": "x1", "organizationID": "org1"}"# + "\n")

        let error = try XCTUnwrap(folder.loadError())
        XCTAssertEqual(error.file, "export/misc.ndjson")
        XCTAssertEqual(error.line, 1)
    }

    func testScalarPerCollectionFileIsAnError() throws {
        let folder = try TestSite()
        defer { folder.remove() }
        try folder.write("export/schools.json", #""just text""#)

        let error = try XCTUnwrap(folder.loadError())
        XCTAssertEqual(error.file, "export/schools.json")
        XCTAssertTrue(error.message.contains("a string"), error.message)
    }

    // MARK: - Documents skipped, not errors

    func testDocumentWithoutIdIsSkippedWithDiagnostic() throws {
        let folder = try TestSite()
        defer { folder.remove() }
        try folder.write(
            "export/users.ndjson",
            [
                #"{"id": "u1", "organizationID": "org1"}"#,
                #"{"firstName": "No Id", "organizationID": "org1"}"#,
                #"{"id": "", "organizationID": "org1"}"#,
                #"{"id": "u4", "organizationID": "org1"}"#
            ].joined(separator: "\n"))
        try folder.write("export/schools.json", #"[{"id": "s1", "value": "A"}, {"value": "B"}]"#)

        let export = try ExportLoader.load(contentDirectory: folder.content)
        XCTAssertEqual(export.documents.map { "\($0.collection)/\($0.id)" }, ["schools/s1", "users/u1", "users/u4"])

        let skipped = export.diagnostics.filter { $0.kind == .skipped }
        XCTAssertEqual(skipped.count, 3, "\(export.diagnostics)")
        XCTAssertEqual(export.diagnostics.count, 3)

        let users = skipped.filter { $0.file == "export/users.ndjson" }
        XCTAssertEqual(users.count, 2)
        for d in users {
            XCTAssertEqual(d.collection, "users")
            XCTAssertEqual(d.field, "id")
            XCTAssertNil(d.documentID)
        }
        XCTAssertTrue(users.contains { $0.message.contains("line 2") }, "\(users)")
        XCTAssertTrue(users.contains { $0.message.contains("line 3") }, "\(users)")

        let school = try XCTUnwrap(skipped.first { $0.file == "export/schools.json" })
        XCTAssertEqual(school.collection, "schools")
        XCTAssertEqual(school.field, "id")
        XCTAssertTrue(school.message.contains("element 2"), school.message)
    }

    func testDocumentWithoutOrganizationIsSkipped() throws {
        let folder = try TestSite()
        defer { folder.remove() }
        try folder.write(
            "export/users.json",
            #"""
            {"u1": {"firstName": "No Org"},
             "u2": {"organizationID": "org1"},
             "u3": {"organizationId": "org1"},
             "u4": {"organizationID": "   "}}
            """#)
        try folder.write(
            "export/photoCritiques.json",
            #"""
            {"c1": {"status": "published"},
             "c2": {"organizationId": "org1", "exampleType": "example"}}
            """#)
        try folder.write(
            "export/dailyJobReports.json",
            #"""
            {"r1": {"date": "2024-01-15"}}
            """#)
        let export = try ExportLoader.load(contentDirectory: folder.content)
        let typed = DocumentDecoder.decode(export, timeZone: TimeZone(identifier: "UTC")!)

        XCTAssertEqual(typed.users.map(\.id), ["u2", "u3"])
        XCTAssertEqual(typed.users.map(\.organizationID), ["org1", "org1"])
        XCTAssertEqual(typed.critiques.map(\.id), ["c2"])
        XCTAssertEqual(typed.reports, [])
        XCTAssertEqual(typed.documentsRead, ["users": 4, "photoCritiques": 2, "dailyJobReports": 1])

        let skipped = typed.diagnostics.filter { $0.kind == .skipped }
        XCTAssertEqual(typed.diagnostics.count, skipped.count, "\(typed.diagnostics)")
        func find(_ collection: String, _ id: String) -> Diagnostic? {
            skipped.first { $0.collection == collection && $0.documentID == id }
        }
        let u1 = try XCTUnwrap(find("users", "u1"))
        XCTAssertEqual(u1.field, "organizationID")
        XCTAssertEqual(u1.file, "export/users.json")
        XCTAssertEqual(try XCTUnwrap(find("users", "u4")).field, "organizationID")
        let c1 = try XCTUnwrap(find("photoCritiques", "c1"))
        XCTAssertEqual(c1.field, "organizationId")
        XCTAssertEqual(c1.file, "export/photoCritiques.json")
        XCTAssertEqual(try XCTUnwrap(find("dailyJobReports", "r1")).field, "organizationID")
        XCTAssertEqual(skipped.count, 4)
    }

    // MARK: - site.yml

    func testConfigUnknownTopLevelKeyIsNamed() throws {
        let error = try XCTUnwrap(configError("title: Reports\ncolour: blue\n"))
        XCTAssertEqual(error.file, "site.yml")
        XCTAssertTrue(error.message.contains("\"colour\""), error.message)
    }

    func testConfigUnknownMileageKeyIsNamedWithItsPath() throws {
        let error = try XCTUnwrap(configError("mileage:\n  ratePerMile: 0.67\n  foo: 1\n"))
        XCTAssertEqual(error.file, "site.yml")
        XCTAssertTrue(error.message.contains("\"mileage.foo\""), error.message)
    }

    func testConfigBadTimeZone() throws {
        let error = try XCTUnwrap(configError("timeZone: Mars/Olympus_Mons\n"))
        XCTAssertEqual(error.file, "site.yml")
        XCTAssertTrue(error.message.contains("timeZone"), error.message)
        XCTAssertTrue(error.message.contains("Mars/Olympus_Mons"), error.message)
    }

    func testConfigBadValues() throws {
        XCTAssertNotNil(configError("mileage:\n  ratePerMile: -1\n"))
        XCTAssertNotNil(configError("mileage:\n  averageSpeedKmh: 0\n"))
        XCTAssertNotNil(configError("mileage:\n  ratePerMile: lots\n"))
        XCTAssertNotNil(configError("organizations: [a, b]\n"))
        XCTAssertNotNil(configError("- just\n- a list\n"))
    }

    /// Every number is range-checked, naming the key and the range; NaN is not a number.
    func testConfigNumbersAreRangeChecked() throws {
        let cases: [(String, String)] = [
            ("mileage:\n  averageSpeedKmh: 1e-12\n", "mileage.averageSpeedKmh: 1e-12 is out of range (1.0–300.0)"),
            ("mileage:\n  averageSpeedKmh: 1e21\n", "mileage.averageSpeedKmh: 1e+21 is out of range (1.0–300.0)"),
            ("mileage:\n  ratePerMile: .nan\n", "mileage.ratePerMile: nan is not a number (0.0–100.0)"),
            ("mileage:\n  ratePerMile: .inf\n", "mileage.ratePerMile: inf is not a number (0.0–100.0)"),
            ("mileage:\n  discrepancyPercent: -1\n", "mileage.discrepancyPercent: -1.0 is out of range (0.0–1000.0)"),
            ("mileage:\n  discrepancyMiles: 1001\n", "mileage.discrepancyMiles: 1001.0 is out of range (0.0–1000.0)"),
            ("thumbnails:\n  maxMegapixels: 0\n", "thumbnails.maxMegapixels: 0.0 is out of range (0.1–1000.0)"),
            ("gallery:\n  pageSize: 0\n", "gallery.pageSize: 0 is out of range (1–1000)"),
            ("attention:\n  lateAfterDays: 366\n", "attention.lateAfterDays: 366 is out of range (0–365)"),
            ("attention:\n  lateAfterDays: 1.5\n", "attention.lateAfterDays: expected a whole number"),
            ("attention:\n  lateDays: 3\n", "unknown setting \"attention.lateDays\" (known: attention.lateAfterDays)"),
            ("thumbnails:\n  quality: 101\n", "thumbnails.quality: 101 is out of range (1–100)")
        ]
        for (yaml, message) in cases {
            XCTAssertEqual(configError(yaml)?.message, message, yaml)
        }
    }

    /// Aliases are refused before anything expands them; a value absurdly large for its purpose is refused.
    func testConfigRefusesAliasesAndHugeValues() throws {
        let laughs =
            (["a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]"]
            + (1...9).map { i in
                "\(Character(UnicodeScalar(97 + i)!)): &\(Character(UnicodeScalar(97 + i)!)) ["
                    + Array(repeating: "*\(Character(UnicodeScalar(96 + i)!))", count: 9).joined(separator: ",") + "]"
            })
            .joined(separator: "\n")
        let alias = try XCTUnwrap(configError(laughs))
        XCTAssertEqual([alias.line, alias.column], [1, 4], alias.description)
        XCTAssertTrue(alias.message.contains("anchors and aliases"), alias.message)
        XCTAssertNotNil(configError("title: &t Reports\nbaseURL: *t\n"))
        XCTAssertEqual(configError("title: \(String(repeating: "x", count: 600))\n")?.message, "title: 600 characters is too long (at most 500)")
        XCTAssertTrue(configError("title: x\n# \(String(repeating: "y", count: 1 << 21))\n")?.message.contains("at most 1048576") == true)
        // What only looks like an indicator is fine.
        let fine = try ConfigLoader.parse("title: 'Tom & Jerry * Co' # &not *an alias\norganizations:\n  o1: R&D Photos*\n", file: "site.yml")
        XCTAssertEqual(fine.title, "Tom & Jerry * Co")
        XCTAssertEqual(fine.organizations["o1"], "R&D Photos*")
    }

    /// Found by the fuzzer: Yams traps on a key that is not text; gen names the line instead.
    func testConfigKeyThatIsNotTextIsAnError() throws {
        let error = try XCTUnwrap(configError("title: T\norganizations:\n ? o1: One\n"))
        XCTAssertEqual(error.message, "a key must be text, not a list or a mapping")
        XCTAssertEqual(error.line, 3)
        XCTAssertEqual(configError("[a, b]: c\n")?.message, "a key must be text, not a list or a mapping")
    }

    func testFrontMatterRefusesAliases() {
        do {
            _ = try PageLoader.parse("---\norder: 1\ntitle: &t About\n---\nbody\n", name: "about", file: "pages/about.md")
            XCTFail("expected the alias to be refused")
        } catch {
            XCTAssertEqual([error.line, error.column], [3, 8], error.description)
        }
    }

    func testConfigBadYAMLHasLineNumber() throws {
        let yaml = "title: Reports\nbaseURL: https://example.com\ntimeZone: a: b\n"
        let error = try XCTUnwrap(configError(yaml))
        XCTAssertEqual(error.file, "site.yml")
        XCTAssertEqual(error.line, 3)
        XCTAssertTrue(error.message.contains("invalid YAML"), error.message)
    }

    func testConfigValidFileIsRead() throws {
        let config = try ConfigLoader.parse(
            """
            title: Field Reports 2024
            baseURL: https://reports.example.com
            timeZone: America/Chicago
            organizations:
              org1: Lifetouch South
              "42": Numbers Inc
            mileage:
              ratePerMile: 0.67
              averageSpeedKmh: 60
              discrepancyPercent: 15
              discrepancyMiles: 2.5
            attention:
              lateAfterDays: 5
            """, file: "site.yml")
        XCTAssertEqual(config.title, "Field Reports 2024")
        XCTAssertEqual(config.baseURL, "https://reports.example.com")
        XCTAssertEqual(config.timeZone.identifier, "America/Chicago")
        XCTAssertEqual(config.organizations, ["org1": "Lifetouch South", "42": "Numbers Inc"])
        XCTAssertEqual(config.mileage.ratePerMile, 0.67)
        XCTAssertEqual(config.mileage.averageSpeedKmh, 60)
        XCTAssertEqual(config.mileage.discrepancyPercent, 15)
        XCTAssertEqual(config.mileage.discrepancyMiles, 2.5)
        XCTAssertEqual(config.attention.lateAfterDays, 5)
    }

    func testMissingOrEmptySiteYmlMeansDefaults() throws {
        let folder = try TestSite()
        defer { folder.remove() }
        let config = try ConfigLoader.load(contentDirectory: folder.content)
        XCTAssertEqual(config, SiteConfig())
        XCTAssertEqual(config.title, "Field Reports")
        XCTAssertEqual(config.timeZone.secondsFromGMT(), 0)
        XCTAssertNil(config.mileage.ratePerMile)
        XCTAssertEqual(config.mileage.averageSpeedKmh, 50)
        XCTAssertEqual(config.mileage.discrepancyPercent, 10)
        XCTAssertEqual(config.mileage.discrepancyMiles, 1)
        XCTAssertEqual(config.attention.lateAfterDays, 2)

        try folder.write("site.yml", "")
        XCTAssertEqual(try ConfigLoader.load(contentDirectory: folder.content), SiteConfig())

        try folder.write("site.yml", "timeZone: Europe/Berlin\n")
        XCTAssertEqual(try ConfigLoader.load(contentDirectory: folder.content).timeZone.identifier, "Europe/Berlin")
    }
}
