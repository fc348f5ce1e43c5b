import Foundation
import GenModel

/// Finds the keys that appear more than once in one JSON object. Foundation's parser keeps the last value of
/// a repeated key without a word, and keeps one of two keys that differ in their bytes but are the same text to
/// Swift (`"café"` precomposed and with a combining accent): a document keyed by its id would vanish.
///
/// Runs over text Foundation has already parsed, so it can take the text to be valid JSON.
enum JSONDuplicateKeys {
    struct Finding: Equatable {
        /// Byte offset of the repeated key's opening quote.
        var offset: Int
        var key: String
        /// True when the two keys differ in their bytes (one text in two Unicode spellings).
        var spelledAlike: Bool
    }

    static func scan(_ data: Data) -> [Finding] {
        data.withUnsafeBytes { raw in scan(raw.bindMemory(to: UInt8.self)) }
    }

    private struct Key {
        var start: Int, end: Int  // the bytes between the quotes
        var hash: UInt64
        var plain: Bool  // ASCII without escapes: equal to another key as text only when equal in bytes
    }

    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> [Finding] {
        var findings: [Finding] = []
        // One entry per open container: the keys of an object so far, nil for an array.
        var open: [[Key]?] = []
        var i = 0
        let n = bytes.count
        while i < n {
            switch bytes[i] {
            case UInt8(ascii: "{"): open.append([]); i += 1
            case UInt8(ascii: "["): open.append(nil); i += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"): if !open.isEmpty { open.removeLast() }; i += 1
            case UInt8(ascii: "\""):
                let start = i + 1
                var j = start
                var hash: UInt64 = 0xcbf2_9ce4_8422_2325
                var plain = true
                while j < n, bytes[j] != UInt8(ascii: "\"") {
                    if bytes[j] == UInt8(ascii: "\\") { plain = false; j += 1 }
                    if j < n {
                        if bytes[j] >= 0x80 { plain = false }
                        hash = (hash ^ UInt64(bytes[j])) &* 0x0000_0100_0000_01b3
                    }
                    j += 1
                }
                let end = min(j, n)
                i = end + 1
                var k = i
                while k < n, bytes[k] == 0x20 || bytes[k] == 0x09 || bytes[k] == 0x0A || bytes[k] == 0x0D { k += 1 }
                guard k < n, bytes[k] == UInt8(ascii: ":"), let last = open.indices.last, open[last] != nil else { continue }
                let key = Key(start: start, end: end, hash: hash, plain: plain)
                if let finding = repeated(key, among: open[last]!, bytes) { findings.append(finding) }
                open[last]!.append(key)
            default: i += 1
            }
        }
        return findings
    }

    private static func repeated(_ key: Key, among keys: [Key], _ bytes: UnsafeBufferPointer<UInt8>) -> Finding? {
        let text = { (k: Key) in UnsafeBufferPointer(rebasing: bytes[k.start..<k.end]) }
        for other in keys where other.hash == key.hash && text(other).elementsEqual(text(key)) {
            return Finding(offset: key.start - 1, key: decoded(key, bytes), spelledAlike: false)
        }
        // Keys Swift would take for one: only possible when one of the two is not plain ASCII (decoded only then:
        // most keys are, and decoding every key was most of the scan).
        let others = keys.filter { !(key.plain && $0.plain) }
        guard !others.isEmpty else { return nil }
        let mine = decoded(key, bytes)
        for other in others where decoded(other, bytes) == mine {
            return Finding(offset: key.start - 1, key: mine, spelledAlike: true)
        }
        return nil
    }

    private static func decoded(_ key: Key, _ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let quoted = Data(bytes[(key.start - 1)...min(key.end, bytes.count - 1)])
        if key.plain { return String(decoding: quoted.dropFirst().dropLast(), as: UTF8.self) }
        return (try? JSONSerialization.jsonObject(with: quoted, options: [.fragmentsAllowed])) as? String
            ?? String(decoding: quoted.dropFirst().dropLast(), as: UTF8.self)
    }

    /// One warning per finding, naming the file and the key's line and column (`lineOffset` added to the line).
    static func diagnostics(_ data: Data, file: String, lineOffset: Int = 0) -> [Diagnostic] {
        scan(data).map { diagnostic($0, data, file: file, lineOffset: lineOffset) }
    }

    static func diagnostic(_ finding: Finding, _ data: Data, file: String, lineOffset: Int = 0) -> Diagnostic {
        let (line, column) = JSONText.lineAndColumn(of: finding.offset, in: data)
        let what =
            finding.spelledAlike
            ? "the key \"\(finding.key)\" appears twice in one object, spelled with different Unicode characters that read the same"
            : "the key \"\(finding.key)\" appears twice in one object"
        return Diagnostic(
            .duplicateKey, file: file, line: line + lineOffset, column: column,
            message: "line \(line + lineOffset), column \(column): \(what); only the last value is read")
    }
}
