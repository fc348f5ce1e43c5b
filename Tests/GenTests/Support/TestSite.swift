import Foundation
import GenBuild
import GenLoad
import GenModel
import XCTest

/// A content folder in a temp directory, built with the repository's real `Templates/`.
struct TestSite {
    let root: URL
    var content: URL { root.appendingPathComponent("Content") }
    var output: URL { root.appendingPathComponent("Output") }

    static var templates: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Templates")
    }

    static var repositoryContent: URL {
        templates.deletingLastPathComponent().appendingPathComponent("Content")
    }

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("gen-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Content/export"), withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: root) }

    /// Writes a file under the content folder (`export/users.json`, `site.yml`, `pages/a.md`).
    func write(_ path: String, _ text: String) throws {
        let url = content.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Writes a per-collection NDJSON file from dictionaries (each must have an "id").
    func writeCollection(_ name: String, _ docs: [[String: Any]], file: String? = nil) throws {
        let lines = try docs.map { String(decoding: try JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys]), as: UTF8.self) }
        try write("export/\(file ?? name + ".ndjson")", lines.joined(separator: "\n") + "\n")
    }

    /// Stage 1a alone: the export folder loaded and merged.
    func load() throws(InputError) -> LoadedExport { try ExportLoader.load(contentDirectory: content) }

    /// The error `ExportLoader.load` throws, failing the test if it does not throw.
    func loadError(file: StaticString = #filePath, line: UInt = #line) -> InputError? {
        do {
            let export = try load()
            XCTFail("expected an InputError, loaded \(export.documents.count) documents", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    @discardableResult
    /// Builds the site. Every tag of the built-in templates names a value of its page's view, whatever the
    /// documents: a build with a template miss fails the test.
    func build(output: URL? = nil, templates: URL = TestSite.templates) async throws -> BuildReport {
        let report = try await BuildPipeline.run(BuildOptions(content: content, templates: templates, output: output ?? self.output))
        let misses = report.warnings.filter { $0.message.contains("names no value") }
        XCTAssertEqual(misses.map(\.description), [], "tags naming no value of their views")
        return report
    }

    /// Every regular file under a folder, as relative paths, sorted.
    static func files(under folder: URL) -> [String] { entries(under: folder, folders: false) }

    /// Every folder under `folder`, relative, sorted: two trees with the same files may still differ by an
    /// empty folder one of them left behind.
    static func folders(under folder: URL) -> [String] { entries(under: folder, folders: true) }

    /// The files, or the folders, under `folder`, relative, sorted; gen's mark of its output (`.gen-output`) left out.
    private static func entries(under folder: URL, folders: Bool) -> [String] {
        let base = folder.standardizedFileURL.path
        let walker = FileManager.default.enumerator(atPath: base)
        var out: [String] = []
        while let path = walker?.nextObject() as? String {
            if path == ".gen-output" { continue }
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: base + "/" + path, isDirectory: &isDir), isDir.boolValue == folders {
                out.append(path)
            }
        }
        return out.sorted()
    }

    func text(_ relative: String) throws -> String {
        String(decoding: try Data(contentsOf: output.appendingPathComponent(relative)), as: UTF8.self)
    }

    /// All bytes of every file under a folder, concatenated with their paths.
    static func allText(under folder: URL) -> String {
        files(under: folder).map { path in
            path + "\n" + String(decoding: (try? Data(contentsOf: folder.appendingPathComponent(path))) ?? Data(), as: UTF8.self)
        }.joined(separator: "\n")
    }
}

/// Small document builders with the fields the app writes.
enum Doc {
    static func user(_ id: String, org: String, first: String, last: String, home: String? = "37.7306,-88.9331") -> [String: Any] {
        var d: [String: Any] = ["id": id, "organizationID": org, "firstName": first, "lastName": last, "isPhotographer": true]
        if let home { d["userCoordinates"] = home }
        return d
    }

    static func school(_ id: String, org: String, name: String, coordinates: String? = "37.7334,-88.9337") -> [String: Any] {
        var d: [String: Any] = ["id": id, "organizationID": org, "value": name, "city": "Marion", "state": "IL"]
        if let coordinates { d["coordinates"] = coordinates }
        return d
    }

    static func report(_ id: String, org: String, user: String, date: String = "2024-09-03", extra: [String: Any] = [:]) -> [String: Any] {
        var d: [String: Any] = [
            "id": id, "organizationID": org, "userId": user, "date": date, "photographer": "P",
            "templateId": "t1", "createdAt": ["_seconds": 1_725_390_000, "_nanoseconds": 0]
        ]
        d.merge(extra) { _, new in new }
        return d
    }

    static func template(_ id: String = "t1", org: String, name: String = "Fall Sports Daily Report") -> [String: Any] {
        [
            "id": id, "organizationID": org, "name": name, "version": 1,
            "fields": [
                ["id": "schools_visited", "type": "multiselect", "label": "Schools Visited"],
                [
                    "id": "mileage", "type": "mileage", "label": "Round Trip Mileage",
                    "smartConfig": ["calculationType": "mileage", "fallbackValue": "0 miles", "autoUpdate": true]
                ],
                ["id": "notes", "type": "textarea", "label": "Notes"]
            ]
        ]
    }

    static func critique(_ id: String, org: String, target: String, notes: String, status: String = "published") -> [String: Any] {
        [
            "id": id, "organizationId": org, "targetPhotographerId": target, "targetPhotographerName": "T",
            "submitterName": "Manager", "managerNotes": notes, "exampleType": "example", "status": status,
            "imageUrls": ["https://example.com/a.jpg"], "createdAt": ["_seconds": 1_725_390_000, "_nanoseconds": 0]
        ]
    }
}
