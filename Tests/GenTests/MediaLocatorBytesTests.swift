import Foundation
@testable import GenMedia
import XCTest

/// `MediaLocator` cuts URLs at ASCII delimiters read as UTF-8 bytes. It used to read them as `Character`s,
/// where a delimiter followed by a combining mark is one character equal to no delimiter.
final class MediaLocatorBytesTests: XCTestCase {
    /// A `/` with a combining mark after it separates segments as the file system sees them: `..` before it
    /// is a parent folder, and refused. Read by `Character`s, the whole path was one harmless segment.
    func testASlashFollowedByACombiningMarkStillSeparatesSegments() {
        for url in [
            "../\u{301}x.jpg", "a/../\u{301}b.jpg", "https://example.com/../\u{301}x.jpg", "gs://bucket/a/../\u{301}x.jpg",
            "https://firebasestorage.googleapis.com/v0/b/bucket/o/..%2F\u{301}x.jpg?alt=media"
        ] {
            XCTAssertNil(MediaLocator.mediaPath(for: url), url)
        }
        XCTAssertEqual(CharacterOracle.resolve("../\u{301}x.jpg"), "../\u{301}x.jpg", "the old reading let it through")
        // Marks elsewhere are just part of a name.
        XCTAssertEqual(MediaLocator.mediaPath(for: "photos/e\u{301}te\u{301}.jpg"), "photos/e\u{301}te\u{301}.jpg")
        XCTAssertEqual(MediaLocator.mediaPath(for: "https://example.com/a?\u{301}b=1"), "example.com/a")
    }

    /// On ASCII URLs, which have no combining marks, bytes and characters must agree: checked against the
    /// `Character` reading on random URLs made of the delimiters and a few letters.
    func testASCIIURLsReadAsTheyDidByCharacters() {
        let pieces = [
            "https:", "http:", "gs:", "HTTPS:", "ftp:", "//", "/", "?", "#", "@", ":", ".", "..", "%2F", "%2e", "%20",
            "%", "%zz", "[", "]", "v0/b/", "bucket", "o/", "a", "B", "x.jpg", "firebasestorage.googleapis.com", "\\"
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let url = (0..<Int.random(in: 1...9, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            XCTAssertEqual(CharacterOracle.resolve(url), MediaLocator.resolveForTesting(url), url)
        }
    }
}

/// The `Character`-based reading `MediaLocator` had before, kept as the oracle for ASCII input.
private enum CharacterOracle {
    static func resolve(_ url: String) -> String? {
        guard !url.isEmpty else { return nil }
        let candidate: String?
        if let scheme = MediaLocator.scheme(of: url) {
            let rest = String(url.dropFirst(scheme.count + 1))
            switch scheme.lowercased() {
            case "http", "https": candidate = webPath(rest)
            case "gs": candidate = storagePath(rest)
            default: candidate = nil
            }
        } else {
            candidate = url
        }
        guard let path = candidate, isSafe(path) else { return nil }
        if path.contains("%"), let decodedAgain = path.removingPercentEncoding, !isSafe(decodedAgain) { return nil }
        return path
    }

    static func webPath(_ rest: String) -> String? {
        guard rest.hasPrefix("//") else { return nil }
        let afterSlashes = rest.dropFirst(2)
        let withoutQuery = afterSlashes.prefix { $0 != "?" && $0 != "#" }
        let authorityEnd = withoutQuery.firstIndex(of: "/") ?? withoutQuery.endIndex
        var host = withoutQuery[..<authorityEnd]
        if let at = host.lastIndex(of: "@") { host = host[host.index(after: at)...] }
        if !host.hasPrefix("["), let colon = host.lastIndex(of: ":") { host = host[..<colon] }
        let hostName = host.lowercased()
        let encodedPath = withoutQuery[authorityEnd...].drop { $0 == "/" }
        guard !hostName.isEmpty, !encodedPath.isEmpty else { return nil }
        if hostName == MediaLocator.firebaseHost {
            let parts = encodedPath.split(separator: "/", maxSplits: 4, omittingEmptySubsequences: false)
            guard parts.count == 5, parts[0] == "v0", parts[1] == "b", !parts[2].isEmpty, parts[3] == "o" else { return nil }
            return parts[4].removingPercentEncoding
        }
        guard let path = encodedPath.removingPercentEncoding else { return nil }
        return hostName + "/" + path
    }

    static func storagePath(_ rest: String) -> String? {
        guard rest.hasPrefix("//") else { return nil }
        let afterSlashes = rest.dropFirst(2)
        guard let slash = afterSlashes.firstIndex(of: "/"), slash != afterSlashes.startIndex else { return nil }
        return String(afterSlashes[afterSlashes.index(after: slash)...])
    }

    static func isSafe(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/"), !path.contains("\\") else { return false }
        guard !containsControlCharacter(path) else { return false }
        return path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { $0 != "" && $0 != "." && $0 != ".." }
    }
}
