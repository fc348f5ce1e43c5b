import GenRender
import XCTest

final class CSVTests: XCTestCase {
    func testRFC4180Quoting() {
        let data = DataEncoders.csv([["a", "b,c", "say \"hi\"", "two\nlines", ""], ["1", "2", "3", "4", "5"]])
        XCTAssertEqual(
            String(decoding: data, as: UTF8.self),
            "\u{FEFF}a,\"b,c\",\"say \"\"hi\"\"\",\"two\nlines\",\r\n1,2,3,4,5\r\n")
    }

    func testSpreadsheetFormulasAreNeutralised() {
        let line = String(decoding: DataEncoders.csv([["=HYPERLINK(\"x\")", "-3.5", "+1", "@SUM(A1)"]]), as: UTF8.self)
        XCTAssertEqual(line, "\u{FEFF}\"'=HYPERLINK(\"\"x\"\")\",-3.5,+1,'@SUM(A1)\r\n")
    }

    /// A CSV reader reads bytes: a CRLF inside a field, and a comma or line break followed by a combining mark,
    /// are still a line break and a comma to it, so the field is quoted.
    func testSeparatorsAreFoundAsBytes() {
        let data = DataEncoders.csv([["two\r\nlines", "a,\u{301}b", "x\n\u{301}", "=\u{301}1", "plain é"]])
        XCTAssertEqual(Array(data), [0xEF, 0xBB, 0xBF] + Array("\"two\r\nlines\",\"a,\u{301}b\",\"x\n\u{301}\",'=\u{301}1,plain é\r\n".utf8))
    }
}
