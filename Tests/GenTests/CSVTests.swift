import GenRender
import XCTest

final class CSVTests: XCTestCase {
    func testRFC4180Quoting() {
        let data = DataEncoders.csv([["a", "b,c", "say \"hi\"", "two\nlines", ""], ["1", "2", "3", "4", "5"]])
        XCTAssertEqual(
            String(decoding: data, as: UTF8.self),
            "a,\"b,c\",\"say \"\"hi\"\"\",\"two\nlines\",\r\n1,2,3,4,5\r\n")
    }

    func testSpreadsheetFormulasAreNeutralised() {
        let line = String(decoding: DataEncoders.csv([["=HYPERLINK(\"x\")", "-3.5", "+1", "@SUM(A1)"]]), as: UTF8.self)
        XCTAssertEqual(line, "\"'=HYPERLINK(\"\"x\"\")\",-3.5,+1,'@SUM(A1)\r\n")
    }
}
