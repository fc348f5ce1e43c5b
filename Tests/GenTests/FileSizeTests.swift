@testable import GenCompute
import XCTest

/// A stored file's size in bytes reads as people read sizes, on the report's page.
final class FileSizeTests: XCTestCase {
    func testSizesInTheLargestUnitThatKeepsANumberOfAtLeastOne() {
        XCTAssertEqual(FileLinks.fileSize(1), "1 byte")
        XCTAssertEqual(FileLinks.fileSize(512), "512 bytes")
        XCTAssertEqual(FileLinks.fileSize(1024), "1.0 KB")
        XCTAssertEqual(FileLinks.fileSize(10_240), "10 KB")
        XCTAssertEqual(FileLinks.fileSize(843_104), "823 KB")
        XCTAssertEqual(FileLinks.fileSize(4_404_019), "4.2 MB")
        XCTAssertEqual(FileLinks.fileSize(3 * 1_073_741_824), "3.0 GB")
    }

    func testAStoredFilesSizeDetailIsReadable() throws {
        let links = try XCTUnwrap(
            FileLinks.read(
                .map([
                    "url": .string("https://example.com/a.jpg"), "size": .int(843_104),
                    "contentType": .string("image/jpeg")
                ])))
        let details = try XCTUnwrap(links.first?.details)
        XCTAssertTrue(details.contains("Size: 823 KB"), details)
        XCTAssertFalse(details.contains("843104") || details.contains("843,104"), details)
    }
}
