import Foundation
import GenLoad
import GenSample
import XCTest

/// `gen sample`'s generator: deterministic bytes, the promised counts and shapes, and output
/// that gen's own loader reads without a single diagnostic.
final class SampleGeneratorTests: XCTestCase {
    private var temporaryFolders: [URL] = []

    override func tearDown() {
        for url in temporaryFolders { try? FileManager.default.removeItem(at: url) }
        temporaryFolders = []
        super.tearDown()
    }

    private func makeFolder() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("gen-sample-test-\(UUID().uuidString)")
        temporaryFolders.append(url)
        return url
    }

    private func generate(_ options: SampleOptions) throws -> (URL, SampleSummary) {
        let folder = makeFolder()
        return (folder, try SampleGenerator.write(options, to: folder))
    }

    private func data(_ folder: URL, _ path: String) throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent(path))
    }

    /// Each non-empty line of an NDJSON file as a JSON object.
    private func lines(_ folder: URL, _ path: String, file: StaticString = #filePath, line: UInt = #line) throws -> [[String: Any]] {
        let text = String(decoding: try data(folder, path), as: UTF8.self)
        XCTAssertTrue(text.isEmpty || text.hasSuffix("\n"), "\(path) ends without a newline", file: file, line: line)
        return try text.split(separator: "\n").enumerated().map { index, row in
            let object = try JSONSerialization.jsonObject(with: Data(row.utf8))
            guard let dict = object as? [String: Any] else {
                XCTFail("\(path) line \(index + 1) is not an object", file: file, line: line)
                return [:]
            }
            return dict
        }
    }

    private func backup(_ folder: URL) throws -> [String: [String: [String: Any]]] {
        let json = try JSONSerialization.jsonObject(with: try data(folder, "export/firestore-backup.json"))
        return try XCTUnwrap(json as? [String: [String: [String: Any]]])
    }

    private let small = SampleOptions(reports: 300, critiques: 60, photographers: 4, organizations: 1, seed: 7)

    // MARK: - Determinism

    func testSameSeedWritesIdenticalBytes() throws {
        let options = SampleOptions(reports: 500, critiques: 80, photographers: 5, organizations: 2, seed: 99)
        let (a, summaryA) = try generate(options)
        let (b, summaryB) = try generate(options)
        XCTAssertEqual(summaryA, summaryB)
        XCTAssertEqual(
            summaryA.files,
            [
                "site.yml", "pages/about.md", "export/firestore-backup.json",
                "export/dailyJobReports.ndjson", "export/photoCritiques_raw_changelog.ndjson"
            ])
        for path in summaryA.files {
            let bytesA = try data(a, path), bytesB = try data(b, path)
            XCTAssertFalse(bytesA.isEmpty, path)
            XCTAssertEqual(bytesA, bytesB, "\(path) differs between two runs with the same seed")
        }
    }

    func testDifferentSeedWritesDifferentReports() throws {
        var other = small
        other.seed = 8
        let (a, _) = try generate(small)
        let (b, _) = try generate(other)
        XCTAssertNotEqual(try data(a, "export/dailyJobReports.ndjson"), try data(b, "export/dailyJobReports.ndjson"))
        XCTAssertNotEqual(try data(a, "export/photoCritiques_raw_changelog.ndjson"), try data(b, "export/photoCritiques_raw_changelog.ndjson"))
    }

    // MARK: - Counts

    func testCountsMatchOptions() throws {
        let (folder, summary) = try generate(small)
        XCTAssertEqual(summary.reports, 300)
        XCTAssertEqual(summary.critiques, 60)
        XCTAssertEqual(summary.organizations, 1)
        XCTAssertEqual(summary.users, 4 + 2, "photographers plus two managers per organization")
        XCTAssertEqual(summary.schools, 12, "at least 12 schools per organization")

        XCTAssertEqual(try lines(folder, "export/dailyJobReports.ndjson").count, 300)
        let rows = try lines(folder, "export/photoCritiques_raw_changelog.ndjson")
        XCTAssertEqual(rows.filter { $0["operation"] as? String == "CREATE" }.count, 60)
        XCTAssertEqual(Set(rows.compactMap { $0["document_id"] as? String }).count, 60)

        let b = try backup(folder)
        XCTAssertEqual(Array(b.keys).sorted(), ["reportTemplates", "schools", "users"])
        XCTAssertEqual(b["users"]?.count, summary.users)
        XCTAssertEqual(b["schools"]?.count, summary.schools)
        XCTAssertEqual(b["reportTemplates"]?.count, 1)
    }

    func testReportsPerPhotographerAreEven() throws {
        let (folder, _) = try generate(SampleOptions(reports: 1003, critiques: 0, photographers: 5))
        var perUser: [String: Int] = [:]
        for report in try lines(folder, "export/dailyJobReports.ndjson") { perUser[report["userId"] as! String, default: 0] += 1 }
        XCTAssertEqual(perUser.count, 5)
        XCTAssertEqual(perUser.values.sorted(), [200, 200, 201, 201, 201])
    }

    func testZeroReportsAndCritiquesWriteEmptyFiles() throws {
        let (folder, summary) = try generate(SampleOptions(reports: 0, critiques: 0, photographers: 1))
        XCTAssertEqual(try data(folder, "export/dailyJobReports.ndjson").count, 0)
        XCTAssertEqual(try data(folder, "export/photoCritiques_raw_changelog.ndjson").count, 0)
        XCTAssertEqual(summary.users, 3)
    }

    // MARK: - Shapes

    func testEveryReportLineHasTheRequiredFields() throws {
        let (folder, _) = try generate(small)
        let b = try backup(folder)
        let users = try XCTUnwrap(b["users"]), templates = try XCTUnwrap(b["reportTemplates"])
        let schoolNames = Set(try XCTUnwrap(b["schools"]).values.compactMap { $0["value"] as? String })
        let required = [
            "id", "organizationID", "userId", "date", "photographer", "templateId", "templateName",
            "templateVersion", "reportType", "smartFieldsUsed", "job_type", "schools_visited", "school_name",
            "mileage", "weather", "photographer_name", "report_date", "submitted_time", "photos_taken",
            "equipment_used", "backup_completed", "notes", "createdAt", "updatedAt"
        ]
        var ids: Set<String> = [], months: Set<String> = []
        let chicago = self.chicago
        for (n, r) in try lines(folder, "export/dailyJobReports.ndjson").enumerated() {
            let where_ = "report line \(n + 1)"
            for key in required { XCTAssertNotNil(r[key], "\(where_) lacks \(key)") }
            let id = try XCTUnwrap(r["id"] as? String)
            XCTAssertEqual(id.count, 20, where_)
            XCTAssertTrue(id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }, where_)
            XCTAssertTrue(ids.insert(id).inserted, "\(where_): duplicate id \(id)")
            XCTAssertEqual(r["organizationID"] as? String, "org-sample-1", where_)
            let user = try XCTUnwrap(users[r["userId"] as? String ?? ""], where_)
            XCTAssertEqual(user["isPhotographer"] as? Bool, true, where_)
            XCTAssertEqual(r["photographer"] as? String, "\(user["firstName"]!) \(user["lastName"]!)", where_)
            XCTAssertNotNil(templates[r["templateId"] as? String ?? ""], where_)
            XCTAssertEqual(r["reportType"] as? String, "template", where_)
            XCTAssertNotNil(LocalDateText.parse(r["date"] as? String), "\(where_): date \(r["date"] ?? "")")
            let visited = try XCTUnwrap(r["schools_visited"] as? [String], where_)
            XCTAssertTrue((1...3).contains(visited.count), where_)
            XCTAssertTrue(Set(visited).isSubset(of: schoolNames), where_)
            XCTAssertEqual(r["school_name"] as? String, visited.joined(separator: ", "), where_)
            let mileage = try XCTUnwrap(r["mileage"] as? String, where_)
            XCTAssertNotNil(mileage.range(of: #"^\d+\.\d miles$"#, options: .regularExpression), "\(where_): \(mileage)")
            let weather = try XCTUnwrap(r["weather"] as? String, where_)
            XCTAssertNotNil(weather.range(of: #"^[A-Za-z ]+, -?\d+°F$"#, options: .regularExpression), "\(where_): \(weather)")
            XCTAssertNotNil((r["submitted_time"] as? String)?.range(of: #"^\d{1,2}:\d\d [AP]M$"#, options: .regularExpression), where_)
            let photos = try XCTUnwrap(r["photos_taken"] as? Int, where_)
            XCTAssertTrue((50...900).contains(photos), where_)
            XCTAssertTrue(r["backup_completed"] is Bool, where_)
            XCTAssertFalse((r["notes"] as? String ?? "").isEmpty, where_)
            for key in ["createdAt", "updatedAt"] {
                let stamp = try XCTUnwrap(r[key] as? [String: Any], "\(where_) \(key)")
                XCTAssertEqual(Array(stamp.keys).sorted(), ["_nanoseconds", "_seconds"], where_)
            }
            // Filed in the local afternoon of the report's own day, and the smart date/time fields
            // agree. Checked with Foundation's tz database; the generator applies the US DST rule
            // itself, and this sample crosses the November switch.
            let seconds = try XCTUnwrap((r["createdAt"] as? [String: Any])?["_seconds"] as? Int, where_)
            let local = chicago.dateComponents(
                [.year, .month, .day, .hour, .minute],
                from: Date(timeIntervalSince1970: TimeInterval(seconds)))
            let date = String(format: "%04d-%02d-%02d", local.year!, local.month!, local.day!)
            XCTAssertEqual(r["date"] as? String, date, where_)
            XCTAssertTrue((13...18).contains(local.hour!), "\(where_): filed at \(local.hour!):\(local.minute!)")
            XCTAssertEqual(r["report_date"] as? String, "\(local.month!)/\(local.day!)/\(local.year!)", where_)
            let hour12 = local.hour! % 12 == 0 ? 12 : local.hour! % 12
            XCTAssertEqual(
                r["submitted_time"] as? String,
                String(format: "%d:%02d %@", hour12, local.minute!, local.hour! < 12 ? "AM" : "PM"), where_)
            months.insert(String(date.prefix(7)))
        }
        XCTAssertTrue(months.contains("2024-11") && months.contains("2024-12"), "the sample crosses the DST switch: \(months)")
    }

    private var chicago: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "America/Chicago")!
        return calendar
    }

    func testChangelogRowsAndTheirDataParse() throws {
        let (folder, _) = try generate(SampleOptions(reports: 10, critiques: 200, photographers: 3, seed: 3))
        let users = try XCTUnwrap(try backup(folder)["users"])
        var operations: [String: Int] = [:]
        for (n, row) in try lines(folder, "export/photoCritiques_raw_changelog.ndjson").enumerated() {
            let where_ = "changelog line \(n + 1)"
            let op = try XCTUnwrap(row["operation"] as? String, where_)
            operations[op, default: 0] += 1
            let id = try XCTUnwrap(row["document_id"] as? String, where_)
            XCTAssertEqual(row["document_name"] as? String, "projects/gen-sample/databases/(default)/documents/photoCritiques/\(id)", where_)
            let timestamp = try XCTUnwrap(row["timestamp"] as? String, where_)
            XCTAssertNotNil(timestamp.range(of: #"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{6} UTC$"#, options: .regularExpression), where_)
            XCTAssertNotNil(row["event_id"] as? String, where_)
            if op == "CREATE" {
                XCTAssertTrue(row["old_data"] is NSNull, where_)
            } else {
                XCTAssertTrue(row["old_data"] is String, "\(where_): an UPDATE carries the previous document")
            }

            let text = try XCTUnwrap(row["data"] as? String, "\(where_): data is a JSON string")
            let doc = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], where_)
            XCTAssertEqual(doc["organizationId"] as? String, "org-sample-1", "\(where_): critiques spell organizationId with a lower-case d")
            XCTAssertNil(doc["organizationID"], where_)
            XCTAssertEqual(users[doc["submitterId"] as? String ?? ""]?["role"] as? String, "manager", where_)
            XCTAssertEqual(users[doc["targetPhotographerId"] as? String ?? ""]?["isPhotographer"] as? Bool, true, where_)
            let images = try XCTUnwrap(doc["imageUrls"] as? [String], where_)
            let thumbs = try XCTUnwrap(doc["thumbnailUrls"] as? [String], where_)
            XCTAssertTrue((1...3).contains(images.count), where_)
            XCTAssertEqual(thumbs.count, images.count, where_)
            XCTAssertEqual(doc["imageCount"] as? Int, images.count, where_)
            XCTAssertEqual(doc["imageUrl"] as? String, images[0], where_)
            XCTAssertEqual(doc["thumbnailUrl"] as? String, thumbs[0], where_)
            XCTAssertTrue(
                images[0].hasPrefix(
                    "https://firebasestorage.googleapis.com/v0/b/gen-sample.appspot.com/o/critiques%2F\(id)%2Fphoto1.jpg?alt=media&token="), where_)
            XCTAssertTrue(["example", "improvement"].contains(doc["exampleType"] as? String ?? ""), where_)
            XCTAssertTrue(["published", "draft"].contains(doc["status"] as? String ?? ""), where_)
            XCTAssertFalse((doc["managerNotes"] as? String ?? "").isEmpty, where_)
            XCTAssertNotNil(doc["createdAt"] as? [String: Any], where_)
        }
        XCTAssertEqual(operations["CREATE"], 200)
        XCTAssertGreaterThan(operations["UPDATE"] ?? 0, 0, "a few critiques are edited after posting")
        XCTAssertEqual(operations.count, 2)
    }

    func testReportsSpanAtLeastThreeMonths() throws {
        for options in [
            SampleOptions(reports: 3, critiques: 3, photographers: 5), small,
            SampleOptions(reports: 2000, critiques: 0, photographers: 40, organizations: 4)
        ] {
            let (folder, _) = try generate(options)
            let reports = try lines(folder, "export/dailyJobReports.ndjson")
            let dates = reports.compactMap { $0["date"] as? String }.sorted()
            XCTAssertEqual(dates.first, "2024-09-03")
            XCTAssertGreaterThanOrEqual(Set(dates.map { $0.prefix(7) }).count, 3, "reports=\(options.reports): \(dates.first!)…\(dates.last!)")
            // Weekdays only.
            for date in Set(dates) {
                let parts = date.split(separator: "-").map { Int($0)! }
                let weekday = Calendar(identifier: .gregorian).component(
                    .weekday,
                    from: DateComponents(
                        calendar: Calendar(identifier: .gregorian), timeZone: TimeZone(identifier: "UTC"),
                        year: parts[0], month: parts[1], day: parts[2], hour: 12
                    ).date!)
                XCTAssertFalse(weekday == 1 || weekday == 7, "\(date) is a weekend")
            }
            let critiqueDays = try lines(folder, "export/photoCritiques_raw_changelog.ndjson").compactMap { $0["timestamp"] as? String }
            for stamp in critiqueDays { XCTAssertTrue(stamp >= "2024-09-03", stamp) }
        }
    }

    /// The stored mileage is the haversine round trip home → schools → home, except ~3% of reports
    /// that are 25% higher (to exercise discrepancy flags).
    func testMileageIsTheRoundTripExceptAFewDiscrepancies() throws {
        let (folder, _) = try generate(SampleOptions(reports: 3000, critiques: 0, photographers: 6, seed: 11))
        let b = try backup(folder)
        func point(_ text: Any?) throws -> (Double, Double) {
            let parts = try XCTUnwrap(text as? String).split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces))! }
            return (parts[0], parts[1])
        }
        func miles(_ a: (Double, Double), _ b: (Double, Double)) -> Double {
            let r = Double.pi / 180, dLat = (b.0 - a.0) * r, dLng = (b.1 - a.1) * r
            let h = sin(dLat / 2) * sin(dLat / 2) + cos(a.0 * r) * cos(b.0 * r) * sin(dLng / 2) * sin(dLng / 2)
            return 2 * 3958.8 * atan2(sqrt(h), sqrt(1 - h))
        }
        var schools: [String: (Double, Double)] = [:]
        for s in try XCTUnwrap(b["schools"]).values { schools[s["value"] as! String] = try point(s["coordinates"]) }
        var exact = 0, high = 0
        let reports = try lines(folder, "export/dailyJobReports.ndjson")
        for r in reports {
            let home = try point(b["users"]?[r["userId"] as! String]?["userCoordinates"])
            var at = home, total = 0.0
            for name in r["schools_visited"] as! [String] { total += miles(at, schools[name]!); at = schools[name]! }
            total += miles(at, home)
            let stored = Double((r["mileage"] as! String).split(separator: " ")[0])!
            if abs(stored - total) <= 0.051 { exact += 1 } else if abs(stored - total * 1.25) <= 0.051 { high += 1 }
        }
        XCTAssertEqual(exact + high, reports.count, "every mileage is the round trip, or 25% over it")
        XCTAssertTrue((30...150).contains(high), "about 3% of 3000 are discrepancies, got \(high)")
    }

    func testPhotographersSpreadEvenlyAcrossOrganizations() throws {
        let (folder, summary) = try generate(SampleOptions(reports: 700, critiques: 100, photographers: 7, organizations: 3))
        XCTAssertEqual(summary.organizations, 3)
        XCTAssertEqual(summary.users, 7 + 3 * 2)
        let b = try backup(folder)
        let users = try XCTUnwrap(b["users"])
        var photographersPerOrg: [String: Int] = [:]
        for user in users.values where user["isPhotographer"] as? Bool == true {
            photographersPerOrg[user["organizationID"] as! String, default: 0] += 1
        }
        XCTAssertEqual(photographersPerOrg, ["org-sample-1": 3, "org-sample-2": 2, "org-sample-3": 2])
        for r in try lines(folder, "export/dailyJobReports.ndjson") {
            XCTAssertEqual(users[r["userId"] as! String]?["organizationID"] as? String, r["organizationID"] as? String)
            XCTAssertEqual(b["reportTemplates"]?[r["templateId"] as! String]?["organizationID"] as? String, r["organizationID"] as? String)
        }
        let site = String(decoding: try data(folder, "site.yml"), as: UTF8.self)
        for n in 1...3 { XCTAssertTrue(site.contains("org-sample-\(n): \"Sample Photography \(n)\""), site) }
    }

    // MARK: - gen reads it

    func testGenLoadsTheSampleWithoutDiagnostics() throws {
        let (folder, summary) = try generate(SampleOptions(reports: 400, critiques: 50, photographers: 5, organizations: 2, seed: 5))
        let config = try ConfigLoader.load(contentDirectory: folder)
        XCTAssertEqual(config.organizations, ["org-sample-1": "Sample Photography 1", "org-sample-2": "Sample Photography 2"])
        XCTAssertEqual(config.timeZone.identifier, "America/Chicago")
        XCTAssertEqual(config.mileage.ratePerMile, 0.67)
        XCTAssertEqual(config.baseURL, "")

        let pages = try PageLoader.load(contentDirectory: folder)
        XCTAssertEqual(pages.pages.map(\.title), ["About this sample"])
        XCTAssertEqual(pages.diagnostics, [])

        let export = try ExportLoader.load(contentDirectory: folder)
        XCTAssertEqual(export.diagnostics, [], "\(export.diagnostics)")
        var perCollection: [String: Int] = [:]
        for doc in export.documents { perCollection[doc.collection, default: 0] += 1 }
        XCTAssertEqual(
            perCollection,
            [
                "users": summary.users, "schools": summary.schools, "reportTemplates": 2,
                "dailyJobReports": 400, "photoCritiques": 50
            ])
    }

    // MARK: - Options

    func testInvalidOptionsThrowAndWriteNothing() {
        let bad = [
            SampleOptions(reports: -1),
            SampleOptions(critiques: -1),
            SampleOptions(photographers: 0),
            SampleOptions(organizations: 0),
            SampleOptions(photographers: 2, organizations: 3),
            SampleOptions(photographers: SampleOptions.maxPhotographers + 1)
        ]
        for options in bad {
            let folder = makeFolder()
            XCTAssertThrowsError(try SampleGenerator.write(options, to: folder), "\(options)") { error in
                XCTAssertTrue(error is SampleError, "\(error)")
                XCTAssertTrue("\(error)".hasPrefix("--"), "the message names the option: \(error)")
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path), "nothing is written for \(options)")
        }
    }
}

/// `YYYY-MM-DD` with a real calendar day, without depending on GenModel's parser.
private enum LocalDateText {
    static func parse(_ text: String?) -> DateComponents? {
        guard let text, text.range(of: #"^\d{4}-\d\d-\d\d$"#, options: .regularExpression) != nil else { return nil }
        let parts = text.split(separator: "-").map { Int($0)! }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let components = DateComponents(year: parts[0], month: parts[1], day: parts[2])
        guard let date = calendar.date(from: components) else { return nil }
        let back = calendar.dateComponents([.year, .month, .day], from: date)
        guard back.year == parts[0], back.month == parts[1], back.day == parts[2] else { return nil }
        return components
    }
}
