import Foundation

/// One member of a JSON object, as written: its key, where the key starts and the bytes of its value.
struct JSONMember {
    var key: String
    /// Byte offset (from the start of the text) of the key's opening quote.
    var keyOffset: Int
    /// The value's bytes, to be parsed on their own.
    var value: Range<Int>

    /// The key's UTF-8 bytes: two keys are the same key only when these are equal. Swift's `==` on strings
    /// treats `"café"` precomposed and with a combining accent as one, which is why a `[String: Any]`
    /// keeps only one of two documents whose ids are spelled so.
    var keyBytes: [UInt8] { Array(key.utf8) }
}

/// Lists the members of a JSON object in the order written, without merging keys that Swift takes for one.
/// Foundation parses; this only finds where each member's key and value are, so it takes valid JSON text.
enum JSONMembers {
    /// The members of the object at `range`, or nil when the text there is not an object.
    static func of(_ data: Data, object range: Range<Int>) -> [JSONMember]? {
        data.withUnsafeBytes { raw -> [JSONMember]? in
            let bytes = raw.bindMemory(to: UInt8.self)
            var i = skipSpace(bytes, range.lowerBound, range.upperBound)
            guard i < range.upperBound, bytes[i] == UInt8(ascii: "{") else { return nil }
            i += 1
            var members: [JSONMember] = []
            while true {
                i = skipSpace(bytes, i, range.upperBound)
                guard i < range.upperBound, bytes[i] == UInt8(ascii: "\"") else { return members }  // `}`
                let keyStart = i
                i = endOfString(bytes, i, range.upperBound)
                let key = decodeString(data, keyStart..<i)
                i = skipSpace(bytes, i, range.upperBound) + 1  // the colon
                let valueStart = skipSpace(bytes, i, range.upperBound)
                i = endOfValue(bytes, valueStart, range.upperBound)
                members.append(JSONMember(key: key, keyOffset: keyStart, value: valueStart..<i))
                i = skipSpace(bytes, i, range.upperBound)
                guard i < range.upperBound, bytes[i] == UInt8(ascii: ",") else { return members }
                i += 1
            }
        }
    }

    /// The members with each key's last value only (the value Foundation reads for a key written twice),
    /// in the order of their last appearance. Keys are compared as bytes.
    static func lastOfEachKey(_ members: [JSONMember]) -> [JSONMember] {
        var last: [[UInt8]: Int] = [:]
        for (i, member) in members.enumerated() { last[member.keyBytes] = i }
        return members.indices.filter { last[members[$0].keyBytes] == $0 }.map { members[$0] }
    }

    private static func skipSpace(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        var i = start
        while i < end, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
        return i
    }

    /// `start` is an opening quote; returns the offset just past the closing one.
    private static func endOfString(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        var i = start + 1
        while i < end, bytes[i] != UInt8(ascii: "\"") { i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1 }
        return min(i + 1, end)
    }

    private static func endOfValue(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        var i = start
        var depth = 0
        while i < end {
            switch bytes[i] {
            case UInt8(ascii: "\""):
                i = endOfString(bytes, i, end)
                if depth == 0 { return i }
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == 0 { return i }  // the end of the enclosing object
                depth -= 1
                if depth == 0 { return i + 1 }
            case UInt8(ascii: ","), 0x20, 0x09, 0x0A, 0x0D:
                if depth == 0 { return i }  // the end of a number, true, false or null
            default: break
            }
            i += 1
        }
        return i
    }

    /// A key's text with its escapes undone; Foundation decodes, so escapes mean what they mean everywhere else.
    private static func decodeString(_ data: Data, _ range: Range<Int>) -> String {
        let quoted = data[data.startIndex + range.lowerBound..<data.startIndex + range.upperBound]
        if !quoted.contains(UInt8(ascii: "\\")) { return String(decoding: quoted.dropFirst().dropLast(), as: UTF8.self) }
        return (try? JSONSerialization.jsonObject(with: Data(quoted), options: [.fragmentsAllowed])) as? String
            ?? String(decoding: quoted.dropFirst().dropLast(), as: UTF8.self)
    }
}
