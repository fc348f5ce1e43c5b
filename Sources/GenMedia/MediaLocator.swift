import Foundation
import GenModel

/// Where an image URL's file lives under CONTENT/media/, or nil when the URL cannot name a safe local file.
///
/// Critique image URLs in the export point at Firebase Storage (or elsewhere); the site is built
/// from local copies, mirrored under `CONTENT/media/` by their storage path. The URL comes from
/// untrusted data, so the answer is always a plain relative path that stays inside that folder.
public enum MediaLocator {
    static let firebaseHost = "firebasestorage.googleapis.com"

    /// - `https://firebasestorage.googleapis.com/v0/b/<bucket>/o/<url-encoded path>?alt=media&token=…` → `<path>`
    /// - `gs://<bucket>/<path>` → `<path>`
    /// - any other `http(s)://<host>/<path>` → `<host>/<path>` (percent-decoded, query and fragment dropped)
    /// - a relative path without a scheme → itself
    ///
    /// Nil for anything else, and for paths with empty, `.` or `..` segments, backslashes or control characters.
    ///
    /// Remembered per URL: the media stage, the thumbnail manifest, every gallery card and detail page ask
    /// for the same URLs, and working one out (percent-decoding, checks per character) takes tens of µs.
    public static func mediaPath(for url: String) -> String? {
        answers.value(url, resolve)
    }

    /// An export of 100,000 reports references about 30,000 images.
    private static let answers = Memo<String, String?>(limit: 200_000)

    private static func resolve(_ url: String) -> String? {
        guard !url.isEmpty else { return nil }
        let candidate: String?
        if let scheme = scheme(of: url) {
            let rest = String(url.dropFirst(scheme.count + 1))
            switch scheme.lowercased() {
            case "http", "https": candidate = webPath(rest)
            case "gs": candidate = storagePath(rest)
            default: candidate = nil  // javascript:, data:, file:, …
            }
        } else {
            candidate = url
        }
        guard let path = candidate, isSafe(path) else { return nil }
        // The path may later be percent-decoded again (as part of a URL, by a browser or a
        // server): refuse it if that would make it unsafe (`%2e%2e` left from double encoding).
        if path.contains("%"), let decodedAgain = path.removingPercentEncoding, !isSafe(decodedAgain) { return nil }
        return path
    }

    /// File name endings libvips reads as photos. Report attachments are thumbnailed only when their
    /// name says they are images: a local PDF or spreadsheet stays a plain link, never "Image unavailable".
    static let imageExtensions: Set<String> = ["jpg", "jpeg", "png", "webp", "gif", "tif", "tiff", "heic", "heif", "avif"]

    /// Whether a media path (or file name) names an image by its extension.
    public static func isImage(_ path: String) -> Bool {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return false }
        return imageExtensions.contains(path[path.index(after: dot)...].lowercased())
    }

    /// `scheme` in `scheme:…` (RFC 3986: a letter, then letters, digits, `+`, `-`, `.`), or nil.
    static func scheme(of url: String) -> String? {
        guard let colon = url.utf8.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let name = url.utf8[..<colon]
        func isLetter(_ b: UInt8) -> Bool { (0x61...0x7A).contains(b | 0x20) }
        guard let first = name.first, isLetter(first),
              name.allSatisfy({ isLetter($0) || (0x30...0x39).contains($0) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E })  // + - .
        else { return nil }
        return String(url[..<colon])
    }

    /// `//host[:port]/path[?query][#fragment]` → `host/path`, or the Firebase object path.
    static func webPath(_ rest: String) -> String? {
        guard rest.hasPrefix("//") else { return nil }
        let afterSlashes = rest.dropFirst(2)
        let withoutQuery = afterSlashes.prefix { $0 != "?" && $0 != "#" }
        let authorityEnd = withoutQuery.firstIndex(of: "/") ?? withoutQuery.endIndex
        var host = withoutQuery[..<authorityEnd]
        if let at = host.lastIndex(of: "@") { host = host[host.index(after: at)...] }
        if !host.hasPrefix("["), let colon = host.lastIndex(of: ":") { host = host[..<colon] }  // port; IPv6 kept whole
        let hostName = host.lowercased()
        let encodedPath = withoutQuery[authorityEnd...].drop { $0 == "/" }
        guard !hostName.isEmpty, !encodedPath.isEmpty else { return nil }

        if hostName == firebaseHost {
            // v0/b/<bucket>/o/<object path, with its slashes encoded as %2F>
            let parts = encodedPath.split(separator: "/", maxSplits: 4, omittingEmptySubsequences: false)
            guard parts.count == 5, parts[0] == "v0", parts[1] == "b", !parts[2].isEmpty, parts[3] == "o" else { return nil }
            return parts[4].removingPercentEncoding
        }
        guard let path = encodedPath.removingPercentEncoding else { return nil }
        return hostName + "/" + path
    }

    /// `//bucket/path` → `path` (object names in `gs://` URIs are not percent-encoded).
    static func storagePath(_ rest: String) -> String? {
        guard rest.hasPrefix("//") else { return nil }
        let afterSlashes = rest.dropFirst(2)
        guard let slash = afterSlashes.firstIndex(of: "/"), slash != afterSlashes.startIndex else { return nil }
        return String(afterSlashes[afterSlashes.index(after: slash)...])
    }

    /// A relative `/`-separated path whose every segment is a plain name.
    static func isSafe(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/"), !path.contains("\\") else { return false }
        guard !containsControlCharacter(path) else { return false }
        return path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { segment in
            !segment.isEmpty && segment != "." && segment != ".."
        }
    }
}

/// Whether the text holds a control character (general category Cc: U+0000–U+001F and U+007F–U+009F),
/// read from the UTF-8 bytes: U+0080–U+009F are the two bytes C2 80 … C2 9F.
func containsControlCharacter(_ text: String) -> Bool {
    var afterC2 = false
    for byte in text.utf8 {
        if byte < 0x20 || byte == 0x7F || (afterC2 && (0x80...0x9F).contains(byte)) { return true }
        afterC2 = byte == 0xC2
    }
    return false
}
