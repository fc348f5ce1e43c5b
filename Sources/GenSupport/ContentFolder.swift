import Foundation

/// The folder gen reads its input from. gen reads only inside it: a symbolic link under it that resolves to a
/// file or folder outside it is not followed (`pages/passwd.md -> /etc/passwd` would publish that file, and a
/// `media/` link to `/` would let an image URL in the data read any image on the machine). Links that stay
/// inside are followed as usual.
public struct ContentFolder: Sendable {
    /// The folder's real path, every link in it resolved.
    public let realPath: String

    public init(_ url: URL) {
        realPath = Self.realPath(url.path) ?? url.standardizedFileURL.path
    }

    /// Whether `path` (an existing file or folder) resolves to a place inside the folder. False for a path that
    /// cannot be resolved, such as a link whose target is gone.
    public func contains(_ path: String) -> Bool {
        guard let real = Self.realPath(path) else { return false }
        return real == realPath || real.hasPrefix(realPath.hasSuffix("/") ? realPath : realPath + "/")
    }

    /// The message of a diagnostic for a link that leads out of the folder.
    public static let outsideMessage = "a symbolic link that leads outside the content folder; not read"

    /// `path` with every link and `.`/`..` resolved; nil when it does not exist.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
