import Foundation
import GenModel
import GenSupport

/// Reads the value of a `file` field into links. The app has stored files three ways over time:
/// a bare download URL, a map (`url`/`downloadURL` plus an optional `name`/`fileName`), or a list of either.
enum FileLinks {
    static let urlKeys = ["url", "downloadURL", "downloadUrl", "src", "uri"]
    static let nameKeys = ["name", "fileName", "filename", "originalName"]

    /// The links of a stored value; `[]` for nothing stored; nil when some part is not a file at all
    /// (the caller then shows the value generically and validation flags it).
    static func read(_ value: FirestoreValue) -> [FileLink]? {
        switch value {
        case .null: return []
        case .string(let s):
            let url = s.trimmed
            return url.isEmpty ? [] : [FileLink(name: name(fromURL: url), url: url)]
        case .map(let m):
            if m.isEmpty { return [] }
            return link(m).map { [$0] }
        case .array(let items):
            var out: [FileLink] = []
            for item in items {
                guard let links = read(item) else { return nil }
                out += links
            }
            return out
        default:
            return nil
        }
    }

    /// The keys storage records a file's size in bytes under.
    static let sizeKeys: Set<String> = ["size", "filesize", "bytes", "sizebytes"]

    /// Bytes in the largest unit that keeps a number of at least 1 (1,024 bytes a KB): "512 bytes", "823 KB",
    /// "4.2 MB"; one decimal below 10, none above.
    static func fileSize(_ bytes: Double) -> String {
        if bytes < 1024 { return bytes == 1 ? "1 byte" : "\(FormFormat.number(bytes.rounded())) bytes" }
        var value = bytes / 1024
        var unit = 0
        let units = ["KB", "MB", "GB", "TB"]
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        let text = value < 10 ? FastFormat.fixed((value * 10).rounded() / 10, decimals: 1) : FormFormat.number(value.rounded())
        return "\(text) \(units[unit])"
    }

    /// Whether a map looks like a stored file (has a URL), for recognizing files in generic layouts.
    static func isFileMap(_ m: [String: FirestoreValue]) -> Bool { link(m) != nil }

    private static func link(_ m: [String: FirestoreValue]) -> FileLink? {
        guard
            let url = urlKeys.lazy.compactMap({ m[$0]?.string?.trimmed })
                .first(where: { !$0.isEmpty })
        else { return nil }
        let stored = nameKeys.lazy.compactMap({ m[$0]?.string?.trimmed })
            .first(where: { !$0.isEmpty })
        // Nothing is lost: the other keys (content type, size, …) travel with the link.
        let known = Set(urlKeys + nameKeys)
        let details = m.keys.filter { !known.contains($0) }.sorted().compactMap { key -> String? in
            guard let text = m[key]?.scalarText, !text.isEmpty else { return nil }
            // A size in bytes, as storage records it, reads as people read sizes: "823 KB" (843,104 bytes).
            if sizeKeys.contains(key.lowercased()), let bytes = m[key]?.number, bytes.isCountable, bytes >= 0 {
                return "\(ReportForm.humanizedLabel(forKey: key)): \(fileSize(bytes))"
            }
            return "\(ReportForm.humanizedLabel(forKey: key)): \(text)"
        }
        return FileLink(name: stored ?? name(fromURL: url), url: url, details: details.isEmpty ? nil : details.joined(separator: " · "))
    }

    /// The file name a URL ends with, percent-decoded: `…/o/reports%2Fr1%2FIMG_0001.jpg?alt=media` →
    /// `IMG_0001.jpg`. Firebase Storage download URLs encode the whole object path as one segment, so the
    /// decoded segment is cut at its last `/` too. The URL itself when it has no usable last segment.
    static func name(fromURL url: String) -> String {
        var path = Substring(url)
        if let cut = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<cut] }
        while path.hasSuffix("/") { path = path.dropLast() }
        guard let segment = path.split(separator: "/").last else { return url }
        let decoded = String(segment).removingPercentEncoding ?? String(segment)
        let last = decoded.split(separator: "/").last.map(String.init) ?? decoded
        return last.isEmpty || last.hasSuffix(":") ? url : last
    }
}
