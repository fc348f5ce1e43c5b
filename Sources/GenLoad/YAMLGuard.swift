import Foundation
import GenModel
import Yams

/// What gen refuses in the YAML it reads (`site.yml`, pages' front matter) before a parser sees it.
///
/// Anchors and aliases: ten lines of aliases of aliases ("billion laughs") expand to billions of values when
/// the YAML is turned into values; one such file took 7.6 GB. gen's settings never need them, so any anchor
/// (`&name`) or alias (`*name`) where a YAML value starts is refused, naming its line and column. Quote a
/// value that starts with `&` or `*`.
enum YAMLGuard {
    /// Larger than any settings file or front matter: a 20 MB title is not a title.
    static let maxBytes = 1 << 20

    /// The YAML as Swift values (`[String: Any]`, `[Any]`, `String`, `Int`, `Double`, `Bool`, `NSNull`), after
    /// `check`. Yams' own conversion traps on a key that is not text (`? [a]: b`); here it is an error naming
    /// its line.
    static func load(_ text: String, file: String, lineOffset: Int = 0) throws(InputError) -> Any? {
        try check(text, file: file, lineOffset: lineOffset)
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            var e = ConfigLoader.yamlError(error, file: file)
            e.line = e.line.map { $0 + lineOffset }
            throw e
        } catch {
            throw InputError(file: file, message: "invalid YAML: \(error)")
        }
        return try node.map { node throws(InputError) in try value(node, file: file, lineOffset: lineOffset) }
    }

    private static func value(_ node: Node, file: String, lineOffset: Int) throws(InputError) -> Any {
        switch node {
        case .scalar(let scalar):
            // A day written plainly (`2024-01-01`) is a YAML timestamp, and Yams rolls an impossible one over
            // (`2024-13-01` is a day of 2025): gen reads days as the text written, and checks them itself.
            return node.any is Date ? scalar.string : node.any
        case .alias:
            return node.any
        case .sequence(let items):
            var out: [Any] = []
            for item in items { out.append(try value(item, file: file, lineOffset: lineOffset)) }
            return out
        case .mapping(let pairs):
            var out: [String: Any] = [:]
            for (key, item) in pairs {
                guard case .scalar(let scalar) = key else {
                    throw InputError(
                        file: file, line: key.mark.map { $0.line + lineOffset }, column: key.mark?.column,
                        message: "a key must be text, not a list or a mapping")
                }
                out[scalar.string] = try value(item, file: file, lineOffset: lineOffset)
            }
            return out
        }
    }

    static func check(_ text: String, file: String, lineOffset: Int = 0) throws(InputError) {
        guard text.utf8.count <= maxBytes else {
            throw InputError(file: file, message: "the YAML is \(text.utf8.count) bytes; at most \(maxBytes) are read")
        }
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let column = nodeIndicatorColumn(Array(line.utf8)) {
                throw InputError(
                    file: file, line: index + 1 + lineOffset, column: column,
                    message: "YAML anchors and aliases (& and *) are not allowed; quote a value that starts with one")
            }
        }
    }

    /// The 1-based column of an `&` or `*` that starts a YAML node on this line, outside quotes and comments.
    private static func nodeIndicatorColumn(_ bytes: [UInt8]) -> Int? {
        var quote: UInt8?
        var previous: UInt8? = nil  // the last byte that was not a space, outside quotes
        var column = 0  // in characters
        for (i, b) in bytes.enumerated() {
            if b & 0xC0 != 0x80 { column += 1 }
            if let q = quote {
                if b == q { quote = nil; previous = b }
                continue
            }
            switch b {
            case UInt8(ascii: "'"), UInt8(ascii: "\""):
                if previous == nil || Self.startsNode(after: previous!) { quote = b } else { previous = b }
            case UInt8(ascii: "#") where i == 0 || bytes[i - 1] == 0x20 || bytes[i - 1] == 0x09:
                return nil
            case UInt8(ascii: "&"), UInt8(ascii: "*"):
                if previous == nil || Self.startsNode(after: previous!) { return column }
                previous = b
            case 0x20, 0x09, 0x0D:
                break
            default:
                previous = b
            }
        }
        return nil
    }

    private static func startsNode(after byte: UInt8) -> Bool {
        [UInt8(ascii: ":"), UInt8(ascii: "-"), UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ","), UInt8(ascii: "?")].contains(byte)
    }
}
