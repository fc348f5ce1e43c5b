import Foundation
import GenModel

/// Parses JSON text with Foundation and turns its errors into `file:line:column` messages.
enum JSONText {
    /// Parses one JSON value. `lineOffset` is added to reported lines (for NDJSON lines).
    static func parse(_ data: Data, file: String, lineOffset: Int = 0) throws(InputError) -> Any {
        do {
            return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let reason = (error as NSError).userInfo["NSDebugDescription"] as? String ?? "\(error)"
            let (line, column) = position(of: reason, in: data)
            throw InputError(
                file: file, line: line + lineOffset, column: column,
                message: "malformed JSON: \(reason.replacingOccurrences(of: #" around character \d+\.?"#, with: "", options: .regularExpression))")
        }
    }

    /// The text as UTF-8 without a byte-order mark. Foundation also reads UTF-16 and UTF-32 (with or without a
    /// mark, told apart by where the zero bytes fall, as RFC 4627 describes), which exporters on Windows write;
    /// gen's own readers of JSON bytes (keys compared as bytes) need UTF-8.
    static func utf8(_ data: Data) -> Data {
        let b = Array(data.prefix(4)) + [1, 1, 1, 1]
        let encoding: String.Encoding
        switch (b[0], b[1], b[2], b[3]) {
        case (0xEF, 0xBB, 0xBF, _): return data.dropFirst(3)
        case (0x00, 0x00, 0xFE, 0xFF), (0x00, 0x00, 0x00, _): encoding = .utf32BigEndian
        case (0xFF, 0xFE, 0x00, 0x00), (_, 0x00, 0x00, 0x00): encoding = .utf32LittleEndian
        case (0xFE, 0xFF, _, _), (0x00, _, _, _): encoding = .utf16BigEndian
        case (0xFF, 0xFE, _, _), (_, 0x00, _, _): encoding = .utf16LittleEndian
        default: return data
        }
        let marked = [0xFE, 0xFF].contains(b[0]) || (b[0], b[1]) == (0x00, 0x00) && b[2] == 0xFE
        let text = marked ? data.dropFirst(encoding == .utf32BigEndian || encoding == .utf32LittleEndian ? 4 : 2) : data
        guard let string = String(data: Data(text), encoding: encoding) else { return data }
        return Data(string.utf8)
    }

    /// Where Foundation's error points: "around character N" (a 0-based byte offset) when it says; for the
    /// errors that name no place, the place they describe (the end of a truncated or empty text, a lone
    /// surrogate escape, a number too large for a double). People want line and column, never none.
    static func position(of reason: String, in data: Data) -> (line: Int, column: Int) {
        if let range = reason.range(of: #"character (\d+)"#, options: .regularExpression),
            let offset = Int(reason[range].dropFirst("character ".count))
        {
            return lineAndColumn(of: min(offset, data.count), in: data)
        }
        let bytes = Array(data)
        if reason.contains("surrogate"), let offset = loneSurrogate(in: bytes) { return lineAndColumn(of: offset, in: data) }
        if let range = reason.range(of: #"Number (\S+) is not representable"#, options: .regularExpression) {
            let number = Array(reason[range].dropFirst("Number ".count).prefix { $0 != " " }.utf8)
            if let offset = firstIndex(of: number, in: bytes) { return lineAndColumn(of: offset, in: data) }
        }
        // "Unexpected end of file" and anything else: the end of the text.
        var end = bytes.count
        while end > 0, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        return lineAndColumn(of: end, in: data)
    }

    /// 1-based line and column (in characters, so a line with "°F" still points at the right place) of a byte offset.
    static func lineAndColumn(of offset: Int, in data: Data) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for (i, byte) in data.prefix(offset).enumerated() where byte == 0x0A {
            line += 1
            lineStart = i + 1
        }
        let column = String(decoding: data[data.startIndex + lineStart..<data.startIndex + offset], as: UTF8.self).count + 1
        return (line, column)
    }

    /// The offset of the first `\uD800`–`\uDBFF` escape not followed by a low-surrogate escape, or of a lone low one.
    private static func loneSurrogate(in bytes: [UInt8]) -> Int? {
        func escape(at i: Int) -> UInt32? {
            guard i + 6 <= bytes.count, bytes[i] == 0x5C, bytes[i + 1] == 0x75 else { return nil }
            return UInt32(String(decoding: bytes[i + 2..<i + 6], as: UTF8.self), radix: 16)
        }
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x5C, let unit = escape(at: i) {
                if (0xD800...0xDBFF).contains(unit) {
                    guard let next = escape(at: i + 6), (0xDC00...0xDFFF).contains(next) else { return i }
                    i += 12
                    continue
                }
                if (0xDC00...0xDFFF).contains(unit) { return i }
                i += 6
                continue
            }
            i += bytes[i] == 0x5C ? 2 : 1
        }
        return nil
    }

    private static func firstIndex(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard !needle.isEmpty, needle.count <= bytes.count else { return nil }
        return (0...(bytes.count - needle.count)).first { bytes[$0..<$0 + needle.count].elementsEqual(needle) }
    }
}
