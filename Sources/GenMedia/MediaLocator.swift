import Foundation
import GenSupport

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
    /// for the same URLs.
    public static func mediaPath(for url: String) -> String? {
        answers.value(url, resolve)
    }

    /// An export of 100,000 reports references about 30,000 images.
    private static let answers = Memo<String, String?>(limit: 200_000)

    /// `mediaPath` without the memo, for tests.
    static func resolveForTesting(_ url: String) -> String? { resolve(url) }

    private static func resolve(_ url: String) -> String? {
        guard !url.isEmpty else { return nil }
        let candidate: String?
        if let scheme = scheme(of: url) {
            let rest = String(Substring(url.utf8.dropFirst(scheme.utf8.count + 1)))
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
        if path.utf8.contains(UInt8(ascii: "%")), let decodedAgain = path.removingPercentEncoding, !isSafe(decodedAgain) { return nil }
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

    // The parts of a URL are cut at ASCII delimiters, read as UTF-8 bytes, as RFC 3986 defines them. Read as
    // `Character`s, a delimiter followed by a combining mark was one character equal to no delimiter: a
    // `/` with a mark after it split no segment, so `../\u{301}x` passed as one harmless segment while the
    // file system still saw `..`. (Working by bytes is also much faster.)

    /// `//host[:port]/path[?query][#fragment]` → `host/path`, or the Firebase object path.
    static func webPath(_ rest: String) -> String? {
        let bytes = rest.utf8
        guard bytes.starts(with: "//".utf8) else { return nil }
        let afterSlashes = bytes.dropFirst(2)
        let withoutQuery = afterSlashes.prefix { $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        let authorityEnd = withoutQuery.firstIndex(of: UInt8(ascii: "/")) ?? withoutQuery.endIndex
        var host = withoutQuery[..<authorityEnd]
        if let at = host.lastIndex(of: UInt8(ascii: "@")) { host = host[host.index(after: at)...] }
        if host.first != UInt8(ascii: "["), let colon = host.lastIndex(of: UInt8(ascii: ":")) {
            host = host[..<colon]  // port; IPv6 kept whole
        }
        let hostName = String(Substring(host)).lowercased()
        let encodedPath = withoutQuery[authorityEnd...].drop { $0 == UInt8(ascii: "/") }
        guard !hostName.isEmpty, !encodedPath.isEmpty else { return nil }

        if hostName == firebaseHost {
            // v0/b/<bucket>/o/<object path, with its slashes encoded as %2F>
            let parts = encodedPath.split(separator: UInt8(ascii: "/"), maxSplits: 4, omittingEmptySubsequences: false)
            guard parts.count == 5, parts[0].elementsEqual("v0".utf8), parts[1].elementsEqual("b".utf8), !parts[2].isEmpty,
                parts[3].elementsEqual("o".utf8)
            else { return nil }
            return Substring(parts[4]).removingPercentEncoding
        }
        guard let path = Substring(encodedPath).removingPercentEncoding else { return nil }
        return hostName + "/" + path
    }

    /// `//bucket/path` → `path` (object names in `gs://` URIs are not percent-encoded).
    static func storagePath(_ rest: String) -> String? {
        let bytes = rest.utf8
        guard bytes.starts(with: "//".utf8) else { return nil }
        let afterSlashes = bytes.dropFirst(2)
        guard let slash = afterSlashes.firstIndex(of: UInt8(ascii: "/")), slash != afterSlashes.startIndex else { return nil }
        return String(Substring(afterSlashes[afterSlashes.index(after: slash)...]))
    }

    /// A relative `/`-separated path whose every segment is a plain name.
    static func isSafe(_ path: String) -> Bool {
        let bytes = path.utf8
        guard let first = bytes.first, first != UInt8(ascii: "/"), !bytes.contains(UInt8(ascii: "\\")) else { return false }
        guard !containsControlCharacter(path) else { return false }
        return bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).allSatisfy { segment in
            !segment.isEmpty && !segment.elementsEqual(".".utf8) && !segment.elementsEqual("..".utf8)
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
