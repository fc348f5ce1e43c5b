import Foundation
import GenModel

/// Parses JSON text with Foundation and turns its errors into `file:line:column` messages.
enum JSONText {
    /// Parses one JSON value. `lineOffset` is added to reported lines (for NDJSON lines).
    static func parse(_ data: Data, file: String, lineOffset: Int = 0) throws(InputError) -> Any {
        do {
            return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let (line, column) = position(of: error, in: data)
            let reason = (error as NSError).userInfo["NSDebugDescription"] as? String ?? "\(error)"
            throw InputError(file: file, line: line.map { $0 + lineOffset }, column: column,
                             message: "malformed JSON: \(reason.replacingOccurrences(of: #" around character \d+\.?"#, with: "", options: .regularExpression))")
        }
    }

    /// Foundation reports "around character N" (a 0-based byte offset); people want line and column.
    static func position(of error: Error, in data: Data) -> (line: Int?, column: Int?) {
        let text = (error as NSError).userInfo["NSDebugDescription"] as? String ?? ""
        guard let range = text.range(of: #"character (\d+)"#, options: .regularExpression),
              let offset = Int(text[range].dropFirst("character ".count))
        else { return (nil, nil) }
        var line = 1
        var lineStart = 0
        for (i, byte) in data.prefix(offset).enumerated() where byte == 0x0A {
            line += 1
            lineStart = i + 1
        }
        // Column in characters, not bytes, so a line with "°F" still points at the right place.
        let column = String(decoding: data[data.startIndex + lineStart ..< data.startIndex + min(offset, data.count)], as: UTF8.self).count + 1
        return (line, column)
    }
}
