@testable import GenCompute
@testable import GenModel
@testable import GenSupport
import XCTest

/// Reports, critiques and mileage rows keep their properties `CopiedOnWrite`, in one shared box: they must
/// still behave as values (a changed copy leaves the original as it was; equal properties are equal values).
final class SharedStorageTests: XCTestCase {
    let source = DocumentSource(file: "f", collection: "dailyJobReports", documentID: "r1")

    func testAChangedReportLeavesItsCopiesAsTheyWere() {
        let original = DailyJobReport(
            id: "r1", organizationID: "o", userId: "u1", date: LocalDate(year: 2025, month: 3, day: 4),
            fields: ["notes": .string("first")], source: source)
        var changed = original
        XCTAssertEqual(changed, original)
        changed.fields["notes"] = .string("second")
        changed.digest = ContentDigest(high: 1, low: 2)
        XCTAssertEqual(original.fields["notes"], .string("first"))
        XCTAssertEqual(original.digest, .none)
        XCTAssertNotEqual(changed, original)
        // Equal properties, separate boxes: equal values with equal hashes.
        var again = changed
        again.fields["notes"] = .string("first")
        again.digest = .none
        XCTAssertEqual(again, original)
        XCTAssertEqual(Set([again, original]).count, 1)
        // Copies made from many threads at once, each changed on its own.
        let copies = ParallelMap.map(Array(0..<64)) { i -> DailyJobReport in
            var copy = original
            copy.id = DocumentID("r\(i)")
            return copy
        }
        XCTAssertEqual(copies.map(\.id.text), (0..<64).map { "r\($0)" })
        XCTAssertEqual(original.id, "r1")
    }

    func testAChangedCritiqueLeavesItsCopiesAsTheyWere() {
        let original = Critique(
            id: "c1", organizationID: "o", imageUrls: ["a.jpg"], exampleType: "example", status: "published",
            source: source)
        var changed = original
        changed.imageUrls.append("b.jpg")
        changed.status = "draft"
        XCTAssertEqual(original.imageUrls, ["a.jpg"])
        XCTAssertTrue(original.isPublished)
        XCTAssertFalse(changed.isPublished)
        XCTAssertNotEqual(changed, original)
    }

    /// A mileage row's JSON is its properties', key for key (null where there is no value), and reads back equal.
    func testAMileageRowCodesAsItsPropertiesAndChangesAlone() throws {
        let row = ReportMileage(
            reportId: "r1", date: "2025-03-04", photographerId: "u1", photographer: "Ann",
            schools: ["North"], legs: [MileageLeg(from: "Home", to: "North", miles: 2.5, minutes: 4)],
            computedMiles: 5, recordedMiles: nil, miles: 5, source: .computed, flags: [])
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(row), as: UTF8.self)
        XCTAssertEqual(
            json,
            #"{"computedMiles":5,"date":"2025-03-04","flags":[],"legs":[{"from":"Home","miles":2.5,"minutes":4,"to":"North"}],"miles":5,"photographer":"Ann","photographerId":"u1","recordedMiles":null,"reportId":"r1","schools":["North"],"source":"computed"}"#
        )
        XCTAssertEqual(try JSONDecoder().decode(ReportMileage.self, from: Data(json.utf8)), row)
        var changed = row
        changed.miles = 7
        XCTAssertEqual(row.miles, 5)
        XCTAssertNotEqual(changed, row)
    }
}
