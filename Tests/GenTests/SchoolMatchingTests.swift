import GenModel
import GenResolve
@testable import GenPlan
import XCTest

/// A route names a school by id or by name, trimmed and case-folded; names told apart only by case or
/// blanks are one name, which the school first by id holds. Folding for search lower-cases and drops
/// accents.
final class SchoolMatchingTests: XCTestCase {
    private func school(_ id: String, _ name: String) -> School {
        School(
            id: DocumentID(id), organizationID: "o", value: name,
            source: DocumentSource(file: "schools.json", collection: "schools", documentID: id))
    }

    func testANameMatchesAsStoredTrimmedOrInAnyCase() {
        let org = Organization(
            id: "o", name: "O", pathSegment: "o", users: [],
            schools: [school("sB", "lincoln"), school("sA", "Lincoln"), school("sC", " Baker  "), school("sD", "Adams")],
            templates: [], reports: [], critiques: [])
        XCTAssertEqual(org.school(matching: "Lincoln")?.id, "sA")
        // Stored so by the second school, but the name is the first's.
        XCTAssertEqual(org.school(matching: "lincoln")?.id, "sA")
        XCTAssertEqual(org.school(matching: " LINCOLN ")?.id, "sA")
        XCTAssertEqual(org.school(matching: "sB")?.id, "sB")
        XCTAssertEqual(org.school(matching: " Baker  ")?.id, "sC")
        XCTAssertEqual(org.school(matching: "baker")?.id, "sC")
        XCTAssertEqual(org.school(matching: "Adams")?.id, "sD")
        XCTAssertNil(org.school(matching: "Carver"))
    }

    func testSearchFoldsAccentsAndCase() {
        XCTAssertEqual(SearchIndex.fold("Café ÉCOLE Ñandú"), "cafe ecole nandu")
        XCTAssertEqual(SearchIndex.fold("Lincoln Elementary 2B"), "lincoln elementary 2b")
        XCTAssertEqual(SearchIndex.fold(""), "")
    }
}
