import Crypto
import Foundation
import GenModel
import GenSupport

/// Turns data (organization ids, document ids, page names) into safe, unique path segments.
/// Ids are data, never paths: no `/`, no `..`, no control characters, bounded length.
public enum PathSegment {
    public static let maxLength = 64

    /// The id itself when it is already safe; otherwise a cleaned form plus a short hash
    /// of the original, so two different unsafe ids cannot clean to the same name.
    public static func sanitize(_ id: String) -> String {
        if isSafe(id) { return id }
        var cleaned = ""
        for scalar in id.unicodeScalars {
            let c = Character(scalar)
            cleaned.append(isAllowed(scalar) ? c : "-")
        }
        // No leading dots or dashes (hidden files, `..`, options), no runs of dashes.
        while cleaned.contains("--") { cleaned = cleaned.replacingOccurrences(of: "--", with: "-") }
        cleaned = String(cleaned.drop { $0 == "." || $0 == "-" })
        while cleaned.hasSuffix("-") || cleaned.hasSuffix(".") { cleaned.removeLast() }
        let hash = shortHash(id)
        let room = maxLength - hash.count - 1
        let stem = String(cleaned.prefix(room))
        return stem.isEmpty ? "id-\(hash)" : "\(stem)-\(hash)"
    }

    /// ASCII letters, digits, `-`, `_`, `.`; not starting with `.` or `-`; at most `maxLength`.
    public static func isSafe(_ s: String) -> Bool {
        // By bytes: every allowed character is ASCII, and a byte of any other character is 0x80 or more.
        // (By Unicode scalars it was most of the time 100,000 report ids took to allocate.)
        guard let first = s.utf8.first, s.utf8.count <= maxLength, first != UInt8(ascii: "."), first != UInt8(ascii: "-")
        else { return false }
        return s.utf8.allSatisfy(isAllowed)
    }

    private static func isAllowed(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
            return true
        default: return false
        }
    }

    private static func isAllowed(_ u: Unicode.Scalar) -> Bool { u.isASCII && isAllowed(UInt8(u.value)) }

    /// First 8 hex digits of SHA-256: stable across builds and machines.
    public static func shortHash(_ s: String) -> String {
        FastFormat.hex(SHA256.hash(data: Data(s.utf8)).prefix(4))
    }
}

/// Hands out path segments for a set of ids inside one folder: sanitized, and unique even on a file system that
/// ignores case (a site copied to a Mac or a Windows share). Sanitized segments are ASCII, so case is the only
/// way two of them can name one file there; two ids that differ in any byte get two segments. A segment never
/// takes a name gen writes itself in the folder (`reserved`), compared with the file's extension added as the
/// caller adds it. Made only by `SiteFolder`, which knows those names. Ids are allocated in byte order so the result never depends on the order documents were read.
public struct PathAllocator: Sendable {
    public private(set) var segments: [DocumentID: String] = [:]

    /// `reserved`: the names of files and folders gen writes in the folder, whatever their case.
    /// `fileExtension`: what the caller appends to a segment to name its file (`.html`), or "" for folders.
    init<S: Sequence>(ids: S, reserved: Set<String> = [], fileExtension: String = "") where S.Element == DocumentID {
        let unique = Set(ids)
        let reservedKeys = Set(reserved.map { $0.lowercased() })
        func key(_ segment: String) -> String { (segment + fileExtension).lowercased() }
        // Order matters only when two segments collide: without a collision every id gets its sanitized
        // form whatever the order, so the sort (a third of the time, for 100,000 report ids) is skipped.
        var bases: [DocumentID: String] = [:]
        bases.reserveCapacity(unique.count)
        var keys = Set<String>(minimumCapacity: unique.count)
        var collides = false
        for id in unique {
            let base = PathSegment.sanitize(id.text)
            guard !reservedKeys.contains(key(base)), keys.insert(key(base)).inserted else {
                collides = true
                break
            }
            bases[id] = base
        }
        if !collides {
            segments = bases
            return
        }
        var taken = reservedKeys
        for id in unique.sorted() {
            let base = PathSegment.sanitize(id.text)
            var candidate = base
            var n = 2
            while taken.contains(key(candidate)) {
                candidate = "\(base.prefix(PathSegment.maxLength - 4))-\(n)"
                n += 1
            }
            taken.insert(key(candidate))
            segments[id] = candidate
        }
    }

    /// Texts that name files (photographer names, page names) as ids: two that differ in a byte are two files.
    init<S: Sequence>(texts: S, reserved: Set<String> = [], fileExtension: String = "") where S.Element == String {
        self.init(ids: texts.map { DocumentID($0) }, reserved: reserved, fileExtension: fileExtension)
    }

    public subscript(id: DocumentID) -> String { segments[id] ?? PathSegment.sanitize(id.text) }
    public subscript(text text: String) -> String { self[DocumentID(text)] }
}
