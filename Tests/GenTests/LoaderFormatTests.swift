import Foundation
@testable import GenLoad
import GenModel
import XCTest

fileprivate func document(
    _ export: LoadedExport, _ collection: String, _ id: String,
    file: StaticString = #filePath, line: UInt = #line
) -> RawDocument? {
    let found = export.documents.filter { $0.collection == collection && $0.id == DocumentID(id) }
    XCTAssertLessThanOrEqual(found.count, 1, "\(collection)/\(id) appears more than once", file: file, line: line)
    return found.first
}

fileprivate func keys(_ export: LoadedExport) -> [String] {
    export.documents.map { "\($0.collection)/\($0.id)" }
}

/// One Stream-Firestore-to-BigQuery changelog line; `data` is written as a JSON *string*, as BigQuery does.
fileprivate func changeRow(
    _ timestamp: String, _ collection: String, _ id: String, _ operation: String,
    data: [String: Any]?, event: String = UUID().uuidString
) -> String {
    var row: [String: Any] = [
        "timestamp": timestamp,
        "event_id": event,
        "document_name": "projects/demo/databases/(default)/documents/\(collection)/\(id)",
        "operation": operation,
        "document_id": id,
        "old_data": NSNull()
    ]
    if let data {
        let text = try! JSONSerialization.data(withJSONObject: data, options: [.sortedKeys])
        row["data"] = String(decoding: text, as: UTF8.self)
    } else {
        row["data"] = NSNull()
    }
    let line = try! JSONSerialization.data(withJSONObject: row, options: [.sortedKeys])
    return String(decoding: line, as: UTF8.self)
}

/// Decodes one JSON value (any fragment) the way the loader does.
fileprivate func decodeValue(_ json: String, file: StaticString = #filePath, line: UInt = #line) -> FirestoreValue {
    do {
        let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed])
        return ValueDecoding.decode(parsed)
    } catch {
        XCTFail("test JSON does not parse: \(json): \(error)", file: file, line: line)
        return .null
    }
}

final class LoaderFormatTests: XCTestCase {
    // MARK: - 1. firestore-export-import

    func testFirestoreExportImportObjectFormWithTwoCollectionsAndSubCollections() throws {
        let folder = try TestSite()
        defer { folder.remove() }
        try folder.write(
            "export/backup.json",
            #"""
            {
              "users": {
                "u1": {
                  "firstName": "Ann",
                  "organizationID": "org1",
                  "createdAt": {"_seconds": 1705329000, "_nanoseconds": 5},
                  "home": {"_latitude": 38.321991, "_longitude": -88.8674},
                  "schoolRef": "schools/s1",
                  "subCollection": {
                    "users/u1/orders": {"o1": {"total": 1}, "o2": {"total": 2}}
                  }
                },
                "u2": {
                  "firstName": "Bob",
                  "organizationID": "org1",
                  "subCollection": {
                    "users/u2/orders": {"o3": {"total": 3}}
                  }
                },
                "u3": {"firstName": "Cy", "organizationID": "org2", "subCollection": {}}
              },
              "schools": {
                "s1": {"value": "Central High", "organizationID": "org1", "subCollection": {}}
              }
            }
            """#)
        let export = try folder.load()

        XCTAssertEqual(keys(export), ["schools/s1", "users/u1", "users/u2", "users/u3"])
        XCTAssertEqual(export.files, ["export/backup.json"])
        XCTAssertEqual(export.ignoredCollections, ["users/*/orders": 3])
        XCTAssertEqual(export.diagnostics, [])

        let u1 = try XCTUnwrap(document(export, "users", "u1"))
        XCTAssertEqual(u1.file, "export/backup.json")
        XCTAssertEqual(
            u1.fields,
            [
                "firstName": .string("Ann"),
                "organizationID": .string("org1"),
                "createdAt": .timestamp(Timestamp(seconds: 1_705_329_000, nanoseconds: 5)),
                "home": .geoPoint(GeoPoint(latitude: 38.321991, longitude: -88.8674)),
                "schoolRef": .string("schools/s1")
            ])
        XCTAssertNil(document(export, "users", "u3")?.fields["subCollection"])
        XCTAssertEqual(
            document(export, "schools", "s1")?.fields,
            ["value": .string("Central High"), "organizationID": .string("org1")])
        XCTAssertFalse(export.documents.contains { $0.collection.contains("orders") || $0.id.text.hasPrefix("o") })
    }

    func testFirestoreExportImportArrayForm() throws {
        let folder = try TestSite()
        defer { folder.remove() }
        try folder.write(
            "export/import.json",
            #"""
            {"schools": [
              {"id": "s2", "value": "West Elementary", "organizationID": "org1"},
              {"id": "s1", "value": "Central High", "organizationID": "org1", "coordinates": "38.1,-88.2"}
            ]}
            """#)
        let export = try folder.load()

        XCTAssertEqual(keys(export), ["schools/s1", "schools/s2"])
        XCTAssertEqual(
            document(export, "schools", "s1")?.fields,
            [
                "value": .string("Central High"), "organizationID": .string("org1"), "coordinates": .string("38.1,-88.2")
            ])
        XCTAssertEqual(document(export, "schools", "s2")?.fields["value"], .string("West Elementary"))
        XCTAssertNil(document(export, "schools", "s2")?.fields["id"], "the id is the document id, not a field")
        XCTAssertEqual(export.ignoredCollections, [:])
        XCTAssertEqual(export.diagnostics, [])
    }

    // MARK: - 2. node-firestore-import-export

    func testNodeFirestoreImportExportWholeDatabase() throws {
        let folder = try TestSite()
        defer { folder.remove() }
        try folder.write(
            "export/firestore-export.json",
            #"""
            {"__collections__": {
              "dailyJobReports": {
                "r1": {
                  "organizationID": "org1",
                  "date": "2024-01-15",
                  "createdAt": {"__datatype__": "timestamp", "value": {"_seconds": 1705329000, "_nanoseconds": 123000000}},
                  "stops": [
                    {"at": {"__datatype__": "timestamp", "value": {"_seconds": 1705330000, "_nanoseconds": 0}},
                     "where": {"__datatype__": "geopoint", "value": {"_latitude": 38.5, "_longitude": -88.25}}},
                    {"__datatype__": "documentReference", "value": "schools/s1"}
                  ],
                  "meta": {
                    "school": {"__datatype__": "documentReference", "value": "schools/s2"},
                    "seen": [{"__datatype__": "timestamp", "value": {"_seconds": 1, "_nanoseconds": 2}}]
                  },
                  "__collections__": {
                    "photos": {
                      "p1": {"url": "a.jpg", "__collections__": {}},
                      "p2": {"url": "b.jpg", "__collections__": {}}
                    }
                  }
                },
                "r2": {"organizationID": "org1", "date": "2024-01-16", "__collections__": {}}
              },
              "users": {
                "u1": {"organizationID": "org1", "firstName": "Ann",
                       "__collections__": {"devices": {"d1": {"__collections__": {}}}}}
              }
            }}
            """#)
        let export = try folder.load()

        XCTAssertEqual(keys(export), ["dailyJobReports/r1", "dailyJobReports/r2", "users/u1"])
        XCTAssertEqual(export.ignoredCollections, ["dailyJobReports/*/photos": 2, "users/*/devices": 1])
        XCTAssertEqual(export.diagnostics, [])

        let r1 = try XCTUnwrap(document(export, "dailyJobReports", "r1"))
        XCTAssertNil(r1.fields["__collections__"])
        XCTAssertEqual(r1.fields["createdAt"], .timestamp(Timestamp(seconds: 1_705_329_000, nanoseconds: 123_000_000)))
        XCTAssertEqual(
            r1.fields["stops"],
            .array([
                .map([
                    "at": .timestamp(Timestamp(seconds: 1_705_330_000, nanoseconds: 0)),
                    "where": .geoPoint(GeoPoint(latitude: 38.5, longitude: -88.25))
                ]),
                .reference(DocumentReference(path: "schools/s1"))
            ]))
        XCTAssertEqual(
            r1.fields["meta"],
            .map([
                "school": .reference(DocumentReference(path: "schools/s2")),
                "seen": .array([.timestamp(Timestamp(seconds: 1, nanoseconds: 2))])
            ]))
        XCTAssertEqual(
            document(export, "dailyJobReports", "r2")?.fields,
            ["organizationID": .string("org1"), "date": .string("2024-01-16")])
        XCTAssertEqual(
            document(export, "users", "u1")?.fields,
            ["organizationID": .string("org1"), "firstName": .string("Ann")])
    }

    func testNodeExportOfOneCollectionNamedAfterIt() throws {
        let folder = try TestSite()
        defer { folder.remove() }
        try folder.write(
            "export/photoCritiques.json",
            #"""
            {
              "c1": {
                "organizationId": "org1",
                "status": "published",
                "imageUrls": ["https://example.com/a.jpg"],
                "createdAt": {"__datatype__": "timestamp", "value": {"_seconds": 1705329000, "_nanoseconds": 0}},
                "__collections__": {}
              },
              "c2": {
                "organizationId": "org2",
                "status": "draft",
                "__collections__": {"comments": {"k1": {"text": "nice", "__collections__": {}}}}
              }
            }
            """#)
        let export = try folder.load()

        XCTAssertEqual(keys(export), ["photoCritiques/c1", "photoCritiques/c2"])
        XCTAssertEqual(
            document(export, "photoCritiques", "c1")?.fields,
            [
                "organizationId": .string("org1"),
                "status": .string("published"),
                "imageUrls": .array([.string("https://example.com/a.jpg")]),
                "createdAt": .timestamp(Timestamp(seconds: 1_705_329_000))
            ])
        XCTAssertEqual(document(export, "photoCritiques", "c2")?.file, "export/photoCritiques.json")
        XCTAssertEqual(export.ignoredCollections, ["photoCritiques/*/comments": 1])
        XCTAssertEqual(export.diagnostics, [])
    }

    func testNodeExportOfOneDocumentIsNotSilentlyDropped() throws {
        // node-firestore-import-export run on a document path writes the fields themselves plus
        // `__collections__` (docs/export-formats.md, format 2). It is not a whole-database export: its
        // `__collections__` are the document's sub-collections. Its id is unknown, so gen cannot load
        // it, but it must say so (an InputError or a diagnostic) rather than load nothing in silence.
        let folder = try TestSite()
        defer { folder.remove() }
        try folder.write(
            "export/users.json",
            #"""
            {"firstName": "Ann", "organizationID": "org1", "__collections__": {}}
            """#)
        let export: LoadedExport
        do {
            export = try ExportLoader.load(contentDirectory: folder.content)
        } catch {
            XCTAssertEqual(error.file, "export/users.json")
            return
        }
        XCTAssertFalse(
            export.documents.isEmpty && export.diagnostics.isEmpty,
            "a one-document export was read as an empty whole-database export, with no message")
    }

    // MARK: - 3. BigQuery changelog

    func testChangelogReducesToCurrentState() throws {
        let folder = try TestSite()
        defer { folder.remove() }
        let lines = [
            // CREATE then UPDATE: the UPDATE is current.
            changeRow(
                "2024-01-15 14:30:00.000000 UTC", "dailyJobReports", "r1", "CREATE",
                data: ["organizationID": "org1", "date": "2024-01-15", "mileage": "10 miles"]),
            changeRow(
                "2024-01-15 18:00:00.000000 UTC", "dailyJobReports", "r1", "UPDATE",
                data: [
                    "organizationID": "org1", "date": "2024-01-15", "mileage": "24.8 miles",
                    "createdAt": ["_seconds": 1_705_329_000, "_nanoseconds": 0]
                ]),
            // CREATE then DELETE: gone.
            changeRow(
                "2024-01-15 10:00:00.000000 UTC", "dailyJobReports", "r2", "CREATE",
                data: ["organizationID": "org1", "date": "2024-01-15"]),
            changeRow("2024-01-15 11:00:00.000000 UTC", "dailyJobReports", "r2", "DELETE", data: nil),
            // Two changes with the same timestamp: the later line wins.
            changeRow(
                "2024-01-16 09:00:00.000000 UTC", "dailyJobReports", "r3", "UPDATE",
                data: ["organizationID": "org1", "date": "2024-01-16", "mileage": "first"]),
            changeRow(
                "2024-01-16 09:00:00.000000 UTC", "dailyJobReports", "r3", "UPDATE",
                data: ["organizationID": "org1", "date": "2024-01-16", "mileage": "second"]),
            // Out of file order: the newer change (by timestamp) wins, not the later line.
            changeRow(
                "2024-01-17 12:00:00.000000 UTC", "dailyJobReports", "r4", "UPDATE",
                data: ["organizationID": "org1", "date": "2024-01-17", "mileage": "newer"]),
            changeRow(
                "2024-01-17 11:00:00.000000 UTC", "dailyJobReports", "r4", "CREATE",
                data: ["organizationID": "org1", "date": "2024-01-17", "mileage": "older"]),
            // CREATE, DELETE, then CREATE again: back, with the newest data.
            changeRow(
                "2024-01-19 08:00:00 UTC", "dailyJobReports", "r5", "CREATE",
                data: ["organizationID": "org1", "date": "2024-01-19", "mileage": "gone soon"]),
            changeRow("2024-01-19 09:00:00 UTC", "dailyJobReports", "r5", "DELETE", data: nil),
            changeRow(
                "2024-01-19 10:00:00 UTC", "dailyJobReports", "r5", "CREATE",
                data: ["organizationID": "org1", "date": "2024-01-19", "mileage": "back"]),
            // Collections the app does not use.
            changeRow("2024-01-15 12:00:00.000000 UTC", "auditLog", "a1", "CREATE", data: ["action": "login"]),
            changeRow("2024-01-15 12:05:00.000000 UTC", "auditLog", "a2", "CREATE", data: ["action": "logout"])
        ]
        // A DELETE row with the null columns left out entirely, and a blank line.
        let deleteWithoutData =
            #"{"timestamp":"2024-01-18 08:00:00 UTC","event_id":"e9","document_name":"projects/demo/databases/(default)/documents/users/u9","operation":"DELETE"}"#
        let createUser = changeRow("2024-01-18 07:00:00.000000 UTC", "users", "u9", "CREATE", data: ["organizationID": "org1"])
        try folder.write(
            "export/dailyJobReports_raw_changelog.ndjson",
            (lines + ["", createUser, deleteWithoutData]).joined(separator: "\n") + "\n")
        let export = try folder.load()

        XCTAssertEqual(keys(export), ["dailyJobReports/r1", "dailyJobReports/r3", "dailyJobReports/r4", "dailyJobReports/r5"])
        XCTAssertEqual(document(export, "dailyJobReports", "r5")?.fields["mileage"], .string("back"))
        XCTAssertEqual(
            document(export, "dailyJobReports", "r1")?.fields,
            [
                "organizationID": .string("org1"), "date": .string("2024-01-15"), "mileage": .string("24.8 miles"),
                "createdAt": .timestamp(Timestamp(seconds: 1_705_329_000))
            ])
        XCTAssertEqual(document(export, "dailyJobReports", "r1")?.file, "export/dailyJobReports_raw_changelog.ndjson")
        XCTAssertEqual(document(export, "dailyJobReports", "r3")?.fields["mileage"], .string("second"))
        XCTAssertEqual(document(export, "dailyJobReports", "r4")?.fields["mileage"], .string("newer"))
        XCTAssertNil(document(export, "dailyJobReports", "r2"))
        XCTAssertNil(document(export, "users", "u9"))
        XCTAssertEqual(export.ignoredCollections, ["auditLog": 2])
        XCTAssertEqual(export.diagnostics, [])
    }

    func testChangelogSpreadOverTwoFiles() throws {
        let folder = try TestSite()
        defer { folder.remove() }
        let partA = [
            changeRow(
                "2024-01-15 14:30:00 UTC", "dailyJobReports", "r1", "CREATE",
                data: ["organizationID": "org1", "date": "2024-01-15", "mileage": "10 miles"]),
            changeRow(
                "2024-01-15 10:00:00 UTC", "dailyJobReports", "r2", "CREATE",
                data: ["organizationID": "org1", "date": "2024-01-15"]),
            changeRow(
                "2024-01-16 09:00:00 UTC", "users", "u1", "UPDATE",
                data: ["organizationID": "org1", "firstName": "from part 000"]),
            // The newest change of r5 is in the first file.
            changeRow(
                "2024-01-20 09:00:00 UTC", "schools", "s5", "UPDATE",
                data: ["organizationID": "org1", "value": "newest, in part 000"])
        ]
        let partB = [
            changeRow(
                "2024-01-15 18:00:00 UTC", "dailyJobReports", "r1", "UPDATE",
                data: ["organizationID": "org1", "date": "2024-01-15", "mileage": "24.8 miles"]),
            changeRow("2024-01-15 11:00:00 UTC", "dailyJobReports", "r2", "DELETE", data: nil),
            // Same timestamp as in part 000: the later file wins.
            changeRow(
                "2024-01-16 09:00:00 UTC", "users", "u1", "UPDATE",
                data: ["organizationID": "org1", "firstName": "from part 001"]),
            changeRow(
                "2024-01-19 09:00:00 UTC", "schools", "s5", "CREATE",
                data: ["organizationID": "org1", "value": "older, in part 001"])
        ]
        try folder.write("export/changelog/part-000.ndjson", partA.joined(separator: "\n") + "\n")
        try folder.write("export/changelog/part-001.ndjson", partB.joined(separator: "\n"))
        let export = try folder.load()

        XCTAssertEqual(export.files, ["export/changelog/part-000.ndjson", "export/changelog/part-001.ndjson"])
        XCTAssertEqual(keys(export), ["dailyJobReports/r1", "schools/s5", "users/u1"])
        XCTAssertEqual(document(export, "dailyJobReports", "r1")?.fields["mileage"], .string("24.8 miles"))
        XCTAssertEqual(document(export, "dailyJobReports", "r1")?.file, "export/changelog/part-001.ndjson")
        XCTAssertEqual(document(export, "users", "u1")?.fields["firstName"], .string("from part 001"))
        XCTAssertEqual(document(export, "schools", "s5")?.fields["value"], .string("newest, in part 000"))
        XCTAssertEqual(document(export, "schools", "s5")?.file, "export/changelog/part-000.ndjson")
        XCTAssertEqual(export.diagnostics, [], "reducing a changelog is not a duplicate")
    }

    func testADeletionInAChangelogIsACopyByPathOrderAndWarns() throws {
        let folder = try TestSite()
        defer { folder.remove() }
        // Path order: users-1 (u1), users-2-changelog (deletes u1 and u2), users-3 (u2).
        try folder.writeCollection("users", [Doc.user("u1", org: "org1", first: "Ann", last: "Lee")], file: "users-1.ndjson")
        try folder.write(
            "export/users-2-changelog.ndjson",
            [
                changeRow("2024-01-18 08:00:00 UTC", "users", "u1", "DELETE", data: nil),
                changeRow("2024-01-18 09:00:00 UTC", "users", "u2", "DELETE", data: nil)
            ].joined(separator: "\n") + "\n")
        try folder.writeCollection("users", [Doc.user("u2", org: "org1", first: "Ben", last: "Cho")], file: "users-3.ndjson")
        let export = try folder.load()

        XCTAssertEqual(keys(export), ["users/u2"], "u1's copy comes before its deletion, u2's after")
        XCTAssertEqual(document(export, "users", "u2")?.file, "export/users-3.ndjson")
        XCTAssertEqual(
            export.diagnostics.map(\.message),
            [
                "deleted in export/users-2-changelog.ndjson, its latest change there; the copy in export/users-1.ndjson is not used",
                "deleted in export/users-2-changelog.ndjson, but also in export/users-3.ndjson, a later file: that copy is used"
            ])
        XCTAssertEqual(export.diagnostics.map(\.documentID), ["u1", "u2"])
    }

    func testChangelogAsJSONArrayAndAsNDJSONNamedDotJSON() throws {
        let folder = try TestSite()
        defer { folder.remove() }
        let create = changeRow(
            "2024-01-15 14:30:00 UTC", "users", "u1", "CREATE",
            data: ["organizationID": "org1", "firstName": "Ann"])
        let update = changeRow(
            "2024-01-15 15:30:00 UTC", "users", "u1", "UPDATE",
            data: ["organizationID": "org1", "firstName": "Anne"])
        // BigQuery writes newline-delimited JSON even when the file is called .json.
        try folder.write("export/bq-users.json", create + "\n" + update + "\n")
        let school = changeRow(
            "2024-01-15 14:30:00 UTC", "schools", "s1", "IMPORT",
            data: ["organizationID": "org1", "value": "Central High"])
        try folder.write("export/bq-schools.json", "[\(school)]")
        let export = try folder.load()

        XCTAssertEqual(keys(export), ["schools/s1", "users/u1"])
        XCTAssertEqual(document(export, "users", "u1")?.fields["firstName"], .string("Anne"))
        XCTAssertEqual(document(export, "schools", "s1")?.fields["value"], .string("Central High"))
    }

    func testChangelogSubCollectionRowsAreCountedAsPatterns() throws {
        let folder = try TestSite()
        defer { folder.remove() }
        let rows = [
            changeRow("2024-01-15 14:30:00 UTC", "users/u1/orders", "o1", "CREATE", data: ["total": 1]),
            changeRow("2024-01-15 14:31:00 UTC", "users/u2/orders", "o2", "CREATE", data: ["total": 2]),
            changeRow("2024-01-15 14:32:00 UTC", "users", "u1", "CREATE", data: ["organizationID": "org1"])
        ]
        try folder.write("export/changes.ndjson", rows.joined(separator: "\n"))
        let export = try folder.load()

        XCTAssertEqual(keys(export), ["users/u1"])
        XCTAssertEqual(export.ignoredCollections, ["users/*/orders": 2])
    }

    func testChangelogWithOneRowNamedDotJSON() throws {
        // A BigQuery NDJSON export of a small table, saved with BigQuery's usual .json name: one row.
        let folder = try TestSite()
        defer { folder.remove() }
        let row = changeRow(
            "2024-01-15 14:30:00 UTC", "users", "u1", "CREATE",
            data: ["organizationID": "org1", "firstName": "Ann"])
        try folder.write("export/users_raw_changelog.json", row + "\n")
        let export = try folder.load()

        XCTAssertEqual(keys(export), ["users/u1"])
        XCTAssertEqual(document(export, "users", "u1")?.fields["firstName"], .string("Ann"))
        XCTAssertEqual(export.diagnostics, [])
    }

    func testIgnoredChangelogCollectionCountsDocumentsNotChanges() throws {
        // `ignoredCollections` is "name → documents seen": three changes to one auditLog document are one document.
        let folder = try TestSite()
        defer { folder.remove() }
        let rows = [
            changeRow("2024-01-15 12:00:00 UTC", "auditLog", "a1", "CREATE", data: ["action": "login"]),
            changeRow("2024-01-15 12:01:00 UTC", "auditLog", "a1", "UPDATE", data: ["action": "login", "ok": true]),
            changeRow("2024-01-15 12:02:00 UTC", "auditLog", "a1", "UPDATE", data: ["action": "login", "ok": false]),
            changeRow("2024-01-15 12:03:00 UTC", "auditLog", "a2", "CREATE", data: ["action": "logout"])
        ]
        try folder.write("export/changes.ndjson", rows.joined(separator: "\n"))
        let export = try folder.load()

        XCTAssertEqual(export.documents, [])
        XCTAssertEqual(export.ignoredCollections, ["auditLog": 2])
    }

    func testFilesWithByteOrderMark() throws {
        let folder = try TestSite()
        defer { folder.remove() }
        try folder.write("export/users.json", "\u{FEFF}" + #"{"u1": {"organizationID": "org1"}}"#)
        try folder.write("export/schools.ndjson", "\u{FEFF}" + #"{"id": "s1", "organizationID": "org1", "value": "A"}"# + "\n")
        let export = try folder.load()
        XCTAssertEqual(keys(export), ["schools/s1", "users/u1"])
    }

    func testContentDirectoryGivenAsRelativeOrUnnormalisedURL() throws {
        let folder = try TestSite()
        defer { folder.remove() }
        try folder.write("export/users.json", #"{"u1": {"organizationID": "org1"}}"#)
        try folder.write("export/sub/schools.json", #"{"s1": {"organizationID": "org1", "value": "A"}}"#)
        let parent = folder.content.deletingLastPathComponent()

        // As the CLI builds it from a relative argument: a path relative to a base.
        let relative = URL(fileURLWithPath: "Content", relativeTo: parent)
        let a = try ExportLoader.load(contentDirectory: relative)
        XCTAssertEqual(a.files, ["export/sub/schools.json", "export/users.json"])
        XCTAssertEqual(keys(a), ["schools/s1", "users/u1"])
        XCTAssertEqual(a.documents.map(\.file), ["export/sub/schools.json", "export/users.json"])

        let dotted = URL(fileURLWithPath: parent.path + "/./Content/../Content/")
        let b = try ExportLoader.load(contentDirectory: dotted)
        XCTAssertEqual(b.files, ["export/sub/schools.json", "export/users.json"])

        // A symlink to the content folder.
        let link = parent.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: folder.content)
        let c = try ExportLoader.load(contentDirectory: link)
        XCTAssertEqual(c.files, ["export/sub/schools.json", "export/users.json"])
        XCTAssertEqual(keys(c), ["schools/s1", "users/u1"])
    }

    // MARK: - 4. Per-collection files

    func testPerCollectionFiles() throws {
        let folder = try TestSite()
        defer { folder.remove() }
        try folder.write(
            "export/users.json",
            #"""
            {"u1": {"organizationID": "org1", "firstName": "Ann", "isPhotographer": true},
             "u2": {"organizationID": "org1", "firstName": "Bob"}}
            """#)
        try folder.write(
            "export/schools.json",
            #"""
            [{"id": "s1", "organizationID": "org1", "value": "Central High"},
             {"id": "s2", "organizationID": "org1", "value": "West Elementary"}]
            """#)
        // CRLF line ends and a blank line in the middle.
        try folder.write(
            "export/dailyJobReports.ndjson",
            #"{"id": "r1", "organizationID": "org1", "date": "2024-01-15"}"# + "\r\n\r\n"
                + #"{"id": "r2", "organizationID": "org1", "date": "2024-01-16"}"# + "\r\n")
        try folder.write(
            "export/dailyJobReports.jsonl",
            #"{"id": "r3", "organizationID": "org1", "date": "2024-01-17"}"#)
        try folder.write(
            "export/photoCritiques-2024.json",
            #"""
            {"c1": {"organizationId": "org1", "status": "published"}}
            """#)
        try folder.write(
            "export/a/b/users.ndjson",
            #"""
            {"id": "u3", "organizationID": "org2", "firstName": "Cy"}
            """#)
        try folder.write(
            "export/reportTemplates.ndjson",
            #"""
            {"id": "t1", "organizationID": "org1", "name": "Daily", "fields": [{"id": "notes", "type": "textarea", "label": "Notes"}]}
            """#)
        try folder.write("export/README.txt", "not an export file")
        let export = try folder.load()

        XCTAssertEqual(
            export.files,
            [
                "export/a/b/users.ndjson",
                "export/dailyJobReports.jsonl",
                "export/dailyJobReports.ndjson",
                "export/photoCritiques-2024.json",
                "export/reportTemplates.ndjson",
                "export/schools.json",
                "export/users.json"
            ])
        XCTAssertEqual(
            keys(export),
            [
                "dailyJobReports/r1", "dailyJobReports/r2", "dailyJobReports/r3",
                "photoCritiques/c1",
                "reportTemplates/t1",
                "schools/s1", "schools/s2",
                "users/u1", "users/u2", "users/u3"
            ])
        XCTAssertEqual(
            document(export, "users", "u1")?.fields,
            ["organizationID": .string("org1"), "firstName": .string("Ann"), "isPhotographer": .bool(true)])
        XCTAssertEqual(
            document(export, "schools", "s2")?.fields,
            ["organizationID": .string("org1"), "value": .string("West Elementary")])
        XCTAssertEqual(
            document(export, "dailyJobReports", "r2")?.fields,
            ["organizationID": .string("org1"), "date": .string("2024-01-16")])
        XCTAssertEqual(document(export, "dailyJobReports", "r2")?.file, "export/dailyJobReports.ndjson")
        XCTAssertEqual(document(export, "dailyJobReports", "r3")?.file, "export/dailyJobReports.jsonl")
        XCTAssertEqual(document(export, "photoCritiques", "c1")?.file, "export/photoCritiques-2024.json")
        XCTAssertEqual(document(export, "users", "u3")?.file, "export/a/b/users.ndjson")
        XCTAssertEqual(document(export, "users", "u3")?.fields["organizationID"], .string("org2"))
        XCTAssertEqual(
            document(export, "reportTemplates", "t1")?.fields["fields"],
            .array([
                .map(["id": .string("notes"), "type": .string("textarea"), "label": .string("Notes")])
            ]))
        XCTAssertEqual(export.ignoredCollections, [:])
        XCTAssertEqual(export.diagnostics, [])
    }

    func testNoExportFolderIsUnusableInput() throws {
        let folder = try TestSite()
        defer { folder.remove() }
        try FileManager.default.removeItem(at: folder.content.appendingPathComponent("export"))
        XCTAssertEqual(folder.loadError()?.description, "export: the content folder has no export/ folder; nothing to build from")
        // An empty export folder is a site with no documents.
        try FileManager.default.createDirectory(at: folder.content.appendingPathComponent("export"), withIntermediateDirectories: true)
        XCTAssertEqual(try folder.load().documents, [])
    }

    // MARK: - Unknown collections and duplicates

    func testUnknownTopLevelCollectionInWrapperIsCounted() throws {
        let folder = try TestSite()
        defer { folder.remove() }
        try folder.write(
            "export/backup.json",
            #"""
            {"users": {"u1": {"organizationID": "org1"}},
             "auditLog": {"a1": {"action": "x"}, "a2": {"action": "y"}, "a3": {"action": "z"}}}
            """#)
        try folder.write(
            "export/node.json",
            #"""
            {"__collections__": {"schools": {"s1": {"organizationID": "org1", "value": "A", "__collections__": {}}},
                                 "mail": {"m1": {"__collections__": {}}, "m2": {"__collections__": {}}}}}
            """#)
        let export = try folder.load()

        XCTAssertEqual(keys(export), ["schools/s1", "users/u1"])
        XCTAssertEqual(export.ignoredCollections, ["auditLog": 3, "mail": 2])
        XCTAssertEqual(export.diagnostics, [])
    }

    func testDocumentInTwoFilesLaterPathWinsWithWarning() throws {
        let folder = try TestSite()
        defer { folder.remove() }
        try folder.write(
            "export/backup.json",
            #"""
            {"users": {"u1": {"organizationID": "org1", "firstName": "Old"},
                       "u2": {"organizationID": "org1", "firstName": "Only here"}}}
            """#)
        try folder.write(
            "export/users.json",
            #"""
            {"u1": {"organizationID": "org1", "firstName": "New"}}
            """#)
        let export = try folder.load()

        XCTAssertEqual(keys(export), ["users/u1", "users/u2"])
        let u1 = try XCTUnwrap(document(export, "users", "u1"))
        XCTAssertEqual(u1.fields["firstName"], .string("New"))
        XCTAssertEqual(u1.file, "export/users.json")
        XCTAssertEqual(document(export, "users", "u2")?.file, "export/backup.json")

        XCTAssertEqual(export.diagnostics.count, 1)
        let warning = try XCTUnwrap(export.diagnostics.first)
        XCTAssertEqual(warning.kind, .warning)
        XCTAssertEqual(warning.file, "export/users.json")
        XCTAssertEqual(warning.collection, "users")
        XCTAssertEqual(warning.documentID, "u1")
        XCTAssertTrue(warning.message.contains("export/backup.json"), warning.message)
    }

    /// Copies of one document in several files, twice in one file, and from a changelog: the last one put
    /// (in path order, a file's documents before its changelog's) is the document; each copy replacing one
    /// from another file is a warning, in the order they were put; documents sorted by collection and id.
    func testManyCopiesTheLastPutWinsAndEachReplacementFromAnotherFileWarns() throws {
        let folder = try TestSite()
        defer { folder.remove() }
        try folder.write(
            "export/a/users.ndjson",
            [
                #"{"id": "u2", "organizationID": "org1", "firstName": "A1"}"#,
                #"{"id": "u1", "organizationID": "org1", "firstName": "A"}"#,
                #"{"id": "u2", "organizationID": "org1", "firstName": "A2"}"#
            ].joined(separator: "\n") + "\n")
        try folder.write("export/b.json", #"{"users": {"u3": {"organizationID": "org1"}, "u1": {"organizationID": "org1", "firstName": "B"}}}"#)
        try folder.write("export/c/users.ndjson", #"{"id": "u1", "organizationID": "org1", "firstName": "C"}"# + "\n")
        try folder.write(
            "export/d_raw_changelog.ndjson",
            changeRow(
                "2024-01-15 12:00:00 UTC", "users", "u2", "CREATE",
                data: ["organizationID": "org1", "firstName": "D"]) + "\n")
        try folder.write("export/users.ndjson", #"{"id": "u0", "organizationID": "org1"}"# + "\n")
        let export = try folder.load()

        XCTAssertEqual(keys(export), ["users/u0", "users/u1", "users/u2", "users/u3"])
        XCTAssertEqual(document(export, "users", "u1")?.fields["firstName"], .string("C"))
        XCTAssertEqual(document(export, "users", "u1")?.file, "export/c/users.ndjson")
        XCTAssertEqual(document(export, "users", "u2")?.fields["firstName"], .string("D"))
        XCTAssertEqual(
            export.diagnostics.map { "\($0.documentID ?? "") \($0.file ?? "")" },
            ["u1 export/b.json", "u1 export/c/users.ndjson", "u2 export/d_raw_changelog.ndjson"])
        XCTAssertTrue(export.diagnostics[1].message.contains("also in export/b.json"), export.diagnostics[1].message)
        XCTAssertTrue(export.diagnostics[2].message.contains("also in export/a/users.ndjson"), export.diagnostics[2].message)
    }

    func testMixedFolderFromFixtures() throws {
        let folder = try TestSite()
        defer { folder.remove() }
        let fixtures = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!
            .appendingPathComponent("formats/mixed")
        for name in try FileManager.default.contentsOfDirectory(atPath: fixtures.path) {
            try FileManager.default.copyItem(
                at: fixtures.appendingPathComponent(name),
                to: folder.content.appendingPathComponent("export/\(name)"))
        }
        let export = try folder.load()

        XCTAssertEqual(
            export.files,
            [
                "export/backup.json", "export/dailyJobReports_raw_changelog.ndjson",
                "export/firestore-export.json"
            ])
        XCTAssertEqual(keys(export), ["dailyJobReports/r1", "reportTemplates/t1", "schools/s1", "users/u1"])
        XCTAssertEqual(export.ignoredCollections, ["users/*/orders": 2, "auditLog": 1])
        XCTAssertEqual(export.diagnostics, [])
        XCTAssertEqual(document(export, "dailyJobReports", "r1")?.fields["mileage"], .string("24.8 miles"))
        XCTAssertEqual(document(export, "users", "u1")?.fields["createdAt"], .timestamp(Timestamp(seconds: 1_705_329_000)))
        XCTAssertEqual(
            document(export, "schools", "s1")?.fields["location"],
            .geoPoint(GeoPoint(latitude: 38.5, longitude: -88.25)))
        XCTAssertEqual(
            document(export, "reportTemplates", "t1")?.fields["createdAt"],
            .timestamp(Timestamp(seconds: 1_704_067_200)))

        let typed = DocumentDecoder.decode(export, timeZone: TimeZone(identifier: "America/Chicago")!)
        XCTAssertEqual(typed.users.map(\.id), ["u1"])
        XCTAssertEqual(typed.users.first?.userCoordinates, "38.321991, -88.867400")
        XCTAssertEqual(typed.schools.map(\.value), ["Central High"])
        XCTAssertEqual(typed.templates.first?.version, 2)
        XCTAssertEqual(typed.templates.first?.fields.map(\.id), ["mileage"])
        XCTAssertEqual(typed.reports.first?.date, LocalDate(year: 2024, month: 1, day: 15))
        XCTAssertEqual(typed.diagnostics, [])
    }

    // MARK: - 2. Value encodings

    func testTimestampEncodings() {
        let expected = FirestoreValue.timestamp(Timestamp(seconds: 1_705_329_000, nanoseconds: 123_456_000))
        XCTAssertEqual(decodeValue(#"{"_seconds": 1705329000, "_nanoseconds": 123456000}"#), expected)
        XCTAssertEqual(decodeValue(#"{"seconds": 1705329000, "nanoseconds": 123456000}"#), expected)
        XCTAssertEqual(decodeValue(#"{"type": "firestore/timestamp/1.0", "seconds": 1705329000, "nanoseconds": 123456000}"#), expected)
        XCTAssertEqual(decodeValue(#"{"__datatype__": "timestamp", "value": {"_seconds": 1705329000, "_nanoseconds": 123456000}}"#), expected)
        // Negative seconds (before 1970) survive.
        XCTAssertEqual(decodeValue(#"{"_seconds": -86400, "_nanoseconds": 0}"#), .timestamp(Timestamp(seconds: -86_400)))
        // Text stays text in the value layer; fields that want a timestamp parse it.
        XCTAssertEqual(decodeValue(#""2024-01-15T14:30:00Z""#), .string("2024-01-15T14:30:00Z"))
    }

    func testTimestampParsingText() throws {
        // 2024-01-15T00:00:00Z is 1_705_276_800.
        let midnight: Int64 = 1_705_276_800
        let t1430 = midnight + 14 * 3600 + 30 * 60

        XCTAssertEqual(Timestamp(parsing: "2024-01-15T14:30:00Z"), Timestamp(seconds: t1430))
        XCTAssertEqual(Timestamp(parsing: "2024-01-15T14:30:00.123Z"), Timestamp(seconds: t1430, nanoseconds: 123_000_000))
        XCTAssertEqual(Timestamp(parsing: "2024-01-15T14:30:00.123456789Z"), Timestamp(seconds: t1430, nanoseconds: 123_456_789))
        XCTAssertEqual(Timestamp(parsing: "2024-01-15T14:30:00+00:00"), Timestamp(seconds: t1430))
        XCTAssertEqual(Timestamp(parsing: "2024-01-15T14:30:00+05:30"), Timestamp(seconds: t1430 - 5 * 3600 - 30 * 60))
        XCTAssertEqual(Timestamp(parsing: "2024-01-15T14:30:00+0530"), Timestamp(seconds: t1430 - 5 * 3600 - 30 * 60))
        XCTAssertEqual(Timestamp(parsing: "2024-01-15T14:30:00.5-06:00"), Timestamp(seconds: t1430 + 6 * 3600, nanoseconds: 500_000_000))
        // BigQuery.
        let bq = try XCTUnwrap(Timestamp(parsing: "2024-01-15 14:30:00.123456 UTC"))
        XCTAssertEqual(bq.seconds, t1430)
        XCTAssertEqual(bq.nanoseconds, 123_456_000)
        XCTAssertEqual(Timestamp(parsing: "2024-01-15 14:30:00 UTC"), Timestamp(seconds: t1430))
        XCTAssertEqual(Timestamp(parsing: "2024-01-15T14:30:00Z")?.iso8601, "2024-01-15T14:30:00Z")
        // Leap day, and the epoch.
        XCTAssertEqual(Timestamp(parsing: "2024-02-29T00:00:00Z"), Timestamp(seconds: 1_709_164_800))
        XCTAssertEqual(Timestamp(parsing: "1970-01-01T00:00:00Z"), Timestamp(seconds: 0))

        // Not timestamps.
        XCTAssertNil(Timestamp(parsing: "2024-01-15"), "a plain date is a day, not an instant")
        XCTAssertNil(Timestamp(parsing: "2024-01-15T14:30:00"), "no zone: ambiguous")
        XCTAssertNil(Timestamp(parsing: "2024-02-30T00:00:00Z"))
        XCTAssertNil(Timestamp(parsing: "2024-13-01T00:00:00Z"))
        XCTAssertNil(Timestamp(parsing: "2024-01-15T24:00:00Z"))
        XCTAssertNil(Timestamp(parsing: "2024-01-15T14:30:00.Z"))
        XCTAssertNil(Timestamp(parsing: "2024-01-15T14:30:00 PST"))
        XCTAssertNil(Timestamp(parsing: "yesterday"))
    }

    func testGeoPointEncodings() {
        let expected = FirestoreValue.geoPoint(GeoPoint(latitude: 38.321991, longitude: -88.8674))
        XCTAssertEqual(decodeValue(#"{"_latitude": 38.321991, "_longitude": -88.8674}"#), expected)
        XCTAssertEqual(decodeValue(#"{"latitude": 38.321991, "longitude": -88.8674}"#), expected)
        XCTAssertEqual(decodeValue(#"{"__datatype__": "geopoint", "value": {"_latitude": 38.321991, "_longitude": -88.8674}}"#), expected)
        XCTAssertEqual(decodeValue(#"{"type": "firestore/geoPoint/1.0", "latitude": 38.321991, "longitude": -88.8674}"#), expected)
        // Whole-number coordinates are still a GeoPoint of doubles.
        XCTAssertEqual(decodeValue(#"{"_latitude": 38, "_longitude": -88}"#), .geoPoint(GeoPoint(latitude: 38, longitude: -88)))
        // The app's coordinate text stays text; GeoPoint(coordinates:) reads it.
        XCTAssertEqual(decodeValue(#""38.321991,-88.867400""#), .string("38.321991,-88.867400"))
        XCTAssertEqual(GeoPoint(coordinates: "38.321991, -88.867400"), GeoPoint(latitude: 38.321991, longitude: -88.8674))
        XCTAssertNil(GeoPoint(coordinates: "91,0"))
    }

    func testDocumentReferenceEncodings() {
        XCTAssertEqual(decodeValue(#""schools/s1""#), .string("schools/s1"), "a path string stays a string")
        XCTAssertEqual(
            decodeValue(#"{"__datatype__": "documentReference", "value": "schools/s1"}"#),
            .reference(DocumentReference(path: "schools/s1")))
        XCTAssertEqual(
            decodeValue(#"{"type": "firestore/documentReference/1.0", "referencePath": "schools/s1"}"#),
            .reference(DocumentReference(path: "schools/s1")))
        let nested = DocumentReference(path: "users/u1/orders/o9")
        XCTAssertEqual(nested.documentID, "o9")
        XCTAssertEqual(nested.collection, "orders")
    }

    func testBytesBooleansAndNumbers() {
        XCTAssertEqual(decodeValue(#"{"type": "Buffer", "data": [1, 2, 3]}"#), .bytes([1, 2, 3]))
        XCTAssertEqual(decodeValue(#"{"type": "Buffer", "data": []}"#), .bytes([]))

        XCTAssertEqual(decodeValue("true"), .bool(true))
        XCTAssertEqual(decodeValue("false"), .bool(false))
        XCTAssertEqual(decodeValue("1"), .int(1))
        XCTAssertEqual(decodeValue("0"), .int(0))
        XCTAssertEqual(decodeValue("-3"), .int(-3))
        XCTAssertEqual(decodeValue("1234567890123"), .int(1_234_567_890_123))
        XCTAssertEqual(decodeValue("1.5"), .double(1.5))
        XCTAssertEqual(decodeValue("-0.25"), .double(-0.25))
        XCTAssertEqual(decodeValue("null"), .null)
        XCTAssertEqual(
            decodeValue(#"[true, 1, 1.5, 0, false, "1"]"#),
            .array([.bool(true), .int(1), .double(1.5), .int(0), .bool(false), .string("1")]))
        XCTAssertEqual(
            decodeValue(#"{"on": true, "count": 1, "ratio": 1.5}"#),
            .map(["on": .bool(true), "count": .int(1), "ratio": .double(1.5)]))
    }

    func testOrdinaryMapsWithLookalikeKeysStayMaps() {
        XCTAssertEqual(
            decodeValue(#"{"seconds": 5, "nanoseconds": 0, "label": "x"}"#),
            .map(["seconds": .int(5), "nanoseconds": .int(0), "label": .string("x")]))
        XCTAssertEqual(
            decodeValue(#"{"_seconds": 5, "_nanoseconds": 0, "note": "x"}"#),
            .map(["_seconds": .int(5), "_nanoseconds": .int(0), "note": .string("x")]))
        XCTAssertEqual(decodeValue(#"{"seconds": 5}"#), .map(["seconds": .int(5)]))
        XCTAssertEqual(
            decodeValue(#"{"_seconds": "5", "_nanoseconds": 0}"#),
            .map(["_seconds": .string("5"), "_nanoseconds": .int(0)]))
        XCTAssertEqual(
            decodeValue(#"{"latitude": 1, "longitude": 2, "name": "x"}"#),
            .map(["latitude": .int(1), "longitude": .int(2), "name": .string("x")]))
        XCTAssertEqual(
            decodeValue(#"{"type": "note", "seconds": 5, "nanoseconds": 0}"#),
            .map(["type": .string("note"), "seconds": .int(5), "nanoseconds": .int(0)]))
        XCTAssertEqual(
            decodeValue(#"{"type": "Buffer", "data": [1], "extra": 1}"#),
            .map(["type": .string("Buffer"), "data": .array([.int(1)]), "extra": .int(1)]))
    }

    func testEncodingsSurviveTheWholeLoader() throws {
        let folder = try TestSite()
        defer { folder.remove() }
        try folder.write(
            "export/users.json",
            #"""
            {"u1": {
              "organizationID": "org1",
              "a": {"_seconds": 10, "_nanoseconds": 20},
              "b": {"seconds": 10, "nanoseconds": 20},
              "c": {"type": "firestore/timestamp/1.0", "seconds": 10, "nanoseconds": 20},
              "d": {"__datatype__": "timestamp", "value": {"_seconds": 10, "_nanoseconds": 20}},
              "g": {"type": "firestore/geoPoint/1.0", "latitude": 1.5, "longitude": 2.5},
              "r": {"type": "firestore/documentReference/1.0", "referencePath": "schools/s1"},
              "bytes": {"type": "Buffer", "data": [255, 0]},
              "flag": true, "one": 1, "half": 0.5,
              "plain": {"seconds": 5, "nanoseconds": 0, "label": "x"}
            }}
            """#)
        let fields = try XCTUnwrap(document(try folder.load(), "users", "u1")).fields
        let t = FirestoreValue.timestamp(Timestamp(seconds: 10, nanoseconds: 20))
        XCTAssertEqual(fields["a"], t)
        XCTAssertEqual(fields["b"], t)
        XCTAssertEqual(fields["c"], t)
        XCTAssertEqual(fields["d"], t)
        XCTAssertEqual(fields["g"], .geoPoint(GeoPoint(latitude: 1.5, longitude: 2.5)))
        XCTAssertEqual(fields["r"], .reference(DocumentReference(path: "schools/s1")))
        XCTAssertEqual(fields["bytes"], .bytes([255, 0]))
        XCTAssertEqual(fields["flag"], .bool(true))
        XCTAssertEqual(fields["one"], .int(1))
        XCTAssertEqual(fields["half"], .double(0.5))
        XCTAssertEqual(fields["plain"], .map(["seconds": .int(5), "nanoseconds": .int(0), "label": .string("x")]))
    }
}
