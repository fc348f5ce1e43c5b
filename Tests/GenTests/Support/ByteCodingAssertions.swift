import GenModel
import XCTest

/// A value a cache keeps in `ByteWriter`'s form reads back as it was written, every part of it, and none of the
/// prefixes of its bytes reads as the value (a cache entry cut short is a miss, never a wrong value).
func assertReadsBackAsWritten<T: Equatable>(_ value: T, encode: (T, inout ByteWriter) -> Void,
                                            decode: (inout ByteReader) -> T?, file: StaticString = #filePath, line: UInt = #line) {
    var out = ByteWriter()
    encode(value, &out)
    let bytes = out.bytes
    bytes.withUnsafeBytes { raw in
        var reader = ByteReader(raw)
        XCTAssertEqual(decode(&reader), value, file: file, line: line)
        XCTAssertTrue(reader.isAtEnd, file: file, line: line)
        for cut in 0..<bytes.count {
            var short = ByteReader(UnsafeRawBufferPointer(rebasing: raw[0..<cut]))
            let read = decode(&short)
            XCTAssertTrue(read == nil || read != value, "cut at \(cut)", file: file, line: line)
        }
    }
}
