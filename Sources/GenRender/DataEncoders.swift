import Foundation
import GenPlan
import GenSupport

/// JSON and CSV in the one form gen writes them: stable bytes for the same data.
public enum DataEncoders {
    /// Pretty JSON with sorted keys and unescaped slashes, ending in a newline (`JSONWriter`: as `JSONEncoder` writes it).
    public static func json(_ value: any Encodable) throws -> Data {
        var data = Data()
        try json(value) { data.append($0) }
        return data
    }

    /// The same bytes, handed to `emit` part by part as they are encoded: a large file is never held whole.
    public static func json(_ value: any Encodable, emit: (Data) throws -> Void) throws {
        if let large = value as? any JSONWithLargeArray {
            try inParts(large, emit: emit)
        } else {
            try emit(try JSONWriter.encode(value, style: .pretty))
        }
        try emit(Data([0x0A]))
    }

    /// `call(<compact JSON>);` and a newline: a script that hands the value to a function. Compact, because a
    /// search page loads these over and over; slashes stay escaped, so no `</script>` can appear.
    public static func script(call: String, _ value: any Encodable) throws -> Data {
        Data("\(call)(".utf8) + (try JSONWriter.encode(value, style: .compact)) + Data(");\n".utf8)
    }

    /// Elements per part: large enough that a part is worth a task, small enough to spread over the cores.
    static let elementsPerPart = 512
    /// Parts encoded at once before they are handed on: enough to keep every core busy, few enough that
    /// the parts in flight stay a small slice of the file.
    static var partsPerWave: Int { ProcessInfo.processInfo.activeProcessorCount * 4 }

    /// The value encoded with its array empty, and the array's elements encoded in parts, each indented to
    /// the array's depth and spliced in: byte for byte what the encoder writes for the whole value (pretty
    /// printing indents by two spaces per level, puts an empty array as `[`, an empty line and `]`, and
    /// escapes newlines inside strings, so re-indenting line by line cannot touch a value).
    static func inParts<Value: JSONWithLargeArray>(_ value: Value, emit: (Data) throws -> Void) throws {
        let elements = value[keyPath: Value.largeArray]
        let shell = try JSONWriter.encode(value.withoutLargeArray, style: .pretty)
        let opening = Data("\n  \"\(Value.largeArrayKey)\" : [".utf8)
        let empty = opening + Data("\n\n  ]".utf8)
        guard !elements.isEmpty, let range = shell.firstRange(of: empty) else { return try emit(try JSONWriter.encode(value, style: .pretty)) }
        try emit(Data(shell[..<range.lowerBound]) + opening)
        try inWaves(count: elements.count, per: elementsPerPart) { bounds in
            // The part's elements encoded as one array, `[` and `]` cut off: each call to the encoder has a cost of
            // its own, which made encoding the elements one by one take twice as long (in every rebuild that
            // adds a critique). The array puts its elements two spaces in, as the file's does at four, and
            // separates them with ",\n" as the file does.
            let array = try JSONWriter.encode(Array(elements[bounds]), style: .pretty)
            guard array.count > 4, array.starts(with: [0x5B, 0x0A]), array.suffix(2).elementsEqual([0x0A, 0x5D]) else {
                throw EncodingError.invalidValue(array, .init(codingPath: [], debugDescription: "an array encoded as no array"))
            }
            var part: [UInt8] = bounds.lowerBound == 0 ? [0x0A] : [0x2C, 0x0A]  // "\n" or ",\n"
            appendIndented(array.dropFirst(2).dropLast(2), by: 2, to: &part)
            return Data(part)
        } emit: {
            try emit($0)
        }
        try emit(Data("\n  ]".utf8) + Data(shell[range.upperBound...]))
    }

    /// Makes the parts of `0..<count` (`per` items each) on all cores, a wave at a time, and hands them to
    /// `emit` in order.
    static func inWaves(
        count: Int, per: Int, make: @Sendable (Range<Int>) throws -> Data,
        emit: (Data) throws -> Void
    ) throws {
        let starts = Array(stride(from: 0, to: count, by: per))
        for wave in stride(from: 0, to: starts.count, by: partsPerWave) {
            let parts = ParallelMap.map(Array(starts[wave..<min(starts.count, wave + partsPerWave)])) { start in
                Result { () throws -> Data in try make(start..<min(count, start + per)) }
            }
            for part in parts { try emit(try part.get()) }
        }
    }

    /// Copies `json`, putting `spaces` spaces before every line that is not empty (line by line: a byte at a
    /// time into `Data` was most of the time spent on `mileage.json`).
    private static func appendIndented(_ json: Data.SubSequence, by spaces: Int, to out: inout [UInt8]) {
        let indent = [UInt8](repeating: 0x20, count: spaces)
        json.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var start = 0
            while start < bytes.count {
                let end = (bytes[start...].firstIndex(of: 0x0A)).map { $0 + 1 } ?? bytes.count  // the line with its newline
                if bytes[start] != 0x0A { out.append(contentsOf: indent) }
                out.append(contentsOf: bytes[start..<end])
                start = end
            }
        }
    }

    /// RFC 4180: fields with a comma, quote, CR or LF are quoted, quotes doubled, CRLF line ends.
    /// Fields starting with `=`, `+`, `-`, `@` are prefixed with `'` so a spreadsheet never runs them
    /// as formulas (CSV injection) — unless they are plain numbers.
    public static func csv(_ rows: [[String]]) -> Data { csv(CSVTable(rows: rows)) }

    /// A table's bytes in memory (small files: archive entries, tests).
    public static func csv(_ table: CSVTable) -> Data {
        var data = Data()
        try? csv(table) { data.append($0) }  // appending to memory cannot fail
        return data
    }

    /// Rows per part of a CSV file made on all cores.
    static let rowsPerPart = 2_048

    /// Starts every CSV file: Excel reads a file without it in the machine's legacy code page ("RenÃ©e").
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// A table's bytes, made in parts on all cores (each row asked for when its part is made) and handed
    /// to `emit` in order, after a UTF-8 byte-order mark.
    public static func csv(_ table: CSVTable, emit: (Data) throws -> Void) throws {
        @Sendable func line(_ row: [String]) -> [UInt8] {
            var bytes: [UInt8] = []
            for (index, field) in row.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                appendField(field, to: &bytes)
            }
            return bytes + [0x0D, 0x0A]
        }
        try emit(Data(byteOrderMark + line(table.header)))
        try inWaves(count: table.count, per: rowsPerPart) { bounds in
            var part: [UInt8] = []
            for index in bounds { part.append(contentsOf: line(table.row(index))) }
            return Data(part)
        } emit: {
            try emit($0)
        }
    }

    /// A field as RFC 4180 writes it: quoted when it holds a comma, a quote or a line break, a quote doubled.
    /// Text a spreadsheet would take for a formula (`=`, `+`, `-`, `@`, a tab or carriage return first) gets a
    /// leading `'`, unless it is a number. Read as UTF-8 bytes, as a CSV reader reads it: compared as
    /// `Character`s, a comma or line break followed by a combining mark, and a CRLF (one `Character`), went
    /// unquoted and split the row.
    static func appendField(_ field: String, to bytes: inout [UInt8]) {
        var field = field
        let formula = field.utf8.first.map { "=+-@\t\r".utf8.contains($0) } == true && Double(field) == nil
        // Over the contiguous bytes: every cell of every spreadsheet comes through here.
        field.withUTF8 { utf8 in
            let quoted = utf8.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
            if quoted { bytes.append(UInt8(ascii: "\"")) }
            if formula { bytes.append(UInt8(ascii: "'")) }
            if quoted {
                for byte in utf8 {
                    bytes.append(byte)
                    if byte == UInt8(ascii: "\"") { bytes.append(byte) }
                }
                bytes.append(UInt8(ascii: "\""))
            } else {
                bytes.append(contentsOf: utf8)  // no quote in it to double
            }
        }
    }
}
