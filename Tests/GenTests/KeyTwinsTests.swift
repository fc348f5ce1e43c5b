import Foundation
@testable import GenLoad
import GenModel
import XCTest

/// Firestore ids are bytes: an id with a precomposed `é` and one with `e` and a combining accent are two
/// documents, even in one JSON object keyed by id, where Swift's string equality would take them for one.
final class KeyTwinsTests: XCTestCase {
    private let nfc = "ren\u{E9}e", nfd = "rene\u{301}e"
    private let angstromLetter = "\u{C5}ngstr\u{F6}m", angstromSign = "\u{212B}ngstr\u{F6}m"

    private func backup(quoting ids: [(String, String)]) -> String {
        // Written by hand so that both keys reach the file: a Swift dictionary would merge them.
        let users = ids.map { id, first in
            "\"\(id)\": {\"organizationID\": \"o1\", \"firstName\": \"\(first)\", \"lastName\": \"Twin\", \"isPhotographer\": true}"
        }
        let reports = ids.enumerated().map { i, pair in
            "\"r-\(pair.0)\": {\"organizationID\": \"o1\", \"userId\": \"\(pair.0)\", \"date\": \"2024-09-0\(i + 2)\", "
                + "\"templateId\": \"t1\", \"notes\": \"note of \(pair.1)\"}"
        }
        return """
            {"users": {\(users.joined(separator: ",\n"))},
             "dailyJobReports": {\(reports.joined(separator: ",\n"))}}
            """
    }

    func testIdsSpelledAlikeInOneObjectAreTwoDocuments() throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.write(
            "export/firestore-backup.json",
            backup(quoting: [(nfc, "Composed"), (nfd, "Combining"), (angstromLetter, "Letter"), (angstromSign, "Sign")]))
        let export = try site.load()
        let users = export.documents.filter { $0.collection == "users" }.map { Array($0.id.text.utf8) }
        XCTAssertEqual(Set(users), Set([nfc, nfd, angstromLetter, angstromSign].map { Array($0.utf8) }), "every id, byte for byte")
        let reports = export.documents.filter { $0.collection == "dailyJobReports" }
        XCTAssertEqual(reports.count, 4)
        XCTAssertFalse(export.diagnostics.contains { $0.description.contains("appears twice") }, "\(export.diagnostics)")
    }

    func testEveryTwinIsPublished() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.write("export/firestore-backup.json", backup(quoting: [(nfc, "Composed"), (nfd, "Combining")]))
        try site.writeCollection("reportTemplates", [Doc.template(org: "o1")])
        try await site.build()
        let all = TestSite.allText(under: site.output)
        for text in ["note of Composed", "note of Combining", "Composed Twin", "Combining Twin"] {
            XCTAssertTrue(all.contains(text), "\(text) is published")
        }
        let reportPages = TestSite.files(under: site.output).filter { $0.hasPrefix("o1/reports/") && $0.hasSuffix(".html") }
        XCTAssertEqual(reportPages.filter { $0.contains("r-") }.count, 2, "\(reportPages)")
        // Each twin has a statistics page of their own, listed on the overview, and a search option.
        let statistics = TestSite.files(under: site.output.appendingPathComponent("o1/stats/photographer"))
        XCTAssertEqual(statistics.count, 2, "\(statistics)")
        let overview = try site.text("o1/stats/index.html")
        XCTAssertTrue(overview.contains("Composed Twin") && overview.contains("Combining Twin"))
        let search = try site.text("o1/search/index.js")
        for name in ["Composed Twin", "Combining Twin"] {
            XCTAssertTrue(search.contains("{\"key\":") && search.contains("\"name\":\"\(name)\"}"), "an option each: \(search)")
            XCTAssertTrue(search.contains("\"t\":\"\(name)\""), "a person entry each: \(search)")
        }
    }

    func testAKeyRepeatedByteForByteStaysAWarningAndTheLastIsRead() throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.write(
            "export/firestore-backup.json",
            """
            {"users": {"\(nfc)": {"organizationID": "o1", "firstName": "First"},
                       "\(nfd)": {"organizationID": "o1", "firstName": "Other"},
                       "\(nfc)": {"organizationID": "o1", "firstName": "Second"}}}
            """)
        let export = try site.load()
        let users = export.documents.filter { $0.collection == "users" }
        XCTAssertEqual(users.count, 2)
        let composed = try XCTUnwrap(users.first { Array($0.id.text.utf8) == Array(nfc.utf8) })
        XCTAssertEqual(composed.fields["firstName"], .string("Second"))
        let messages = export.diagnostics.map(\.description)
        XCTAssertEqual(messages.filter { $0.contains("appears twice") }.count, 1, "\(messages)")
        XCTAssertTrue(messages.contains { $0.contains("line 3, column 12") && $0.contains("only the last value is read") }, "\(messages)")
    }

    func testTwinsInsideADocumentStillWarn() throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.write(
            "export/firestore-backup.json",
            "{\"users\": {\"u1\": {\"organizationID\": \"o1\", \"\(nfc)\": 1, \"\(nfd)\": 2}}}")
        let messages = try site.load().diagnostics.map(\.description)
        XCTAssertTrue(messages.contains { $0.contains("spelled with different Unicode characters") }, "\(messages)")
    }

    func testABackupInUTF16OrWithAByteOrderMarkIsReadWhole() throws {
        let text = backup(quoting: [(nfc, "Composed"), (nfd, "Combining")])
        let encodings: [(String, Data)] = [
            ("UTF-8 with a mark", Data([0xEF, 0xBB, 0xBF]) + Data(text.utf8)),
            ("UTF-16 with a mark", text.data(using: .utf16)!),
            ("UTF-16LE", text.data(using: .utf16LittleEndian)!),
            ("UTF-32BE", text.data(using: .utf32BigEndian)!)
        ]
        for (name, data) in encodings {
            let site = try TestSite()
            defer { site.remove() }
            try data.write(to: site.content.appendingPathComponent("export/firestore-backup.json"))
            let users = try site.load().documents.filter { $0.collection == "users" }.map { Array($0.id.text.utf8) }
            XCTAssertEqual(Set(users), Set([nfc, nfd].map { Array($0.utf8) }), name)
        }
    }

    func testMembersKeepOrderBytesAndValues() {
        let text = Data("{ \"a\" : [1, {\"b\": \"}\"}], \"c\\\"d\": \"x\\\\\", \"e\":-1.5e3,\"f\":null }".utf8)
        let members = JSONMembers.of(text, object: 0..<text.count) ?? []
        XCTAssertEqual(members.map(\.key), ["a", "c\"d", "e", "f"])
        XCTAssertEqual(
            members.map { String(decoding: text[$0.value], as: UTF8.self) }, ["[1, {\"b\": \"}\"}]", "\"x\\\\\"", "-1.5e3", "null"])
        XCTAssertNil(JSONMembers.of(Data("[1]".utf8), object: 0..<3))
        XCTAssertEqual(JSONMembers.of(Data("{}".utf8), object: 0..<2)?.count, 0)
    }
}
