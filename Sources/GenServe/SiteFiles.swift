import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The files a preview may serve: only regular files inside the output folder, found without following a
/// symbolic link anywhere on the way, by a request path that names them plainly.
public enum SiteFiles {
    /// What a request path names.
    public enum Lookup: Equatable, Sendable {
        /// A regular file's bytes and its content type.
        case file(Data, contentType: String)
        /// A folder asked for without the closing slash: its own URL, for a redirect, so that the relative
        /// links of its `index.html` resolve inside it.
        case folder(location: String)
        case notFound
    }

    /// The folder segments and file name a request target names, or nil when it names nothing gen serves:
    /// anything but an origin-form path (`http://…`, `*`), an empty segment (`//etc/passwd`), `.` or `..`,
    /// a name starting with a dot (`.gen-output`), bad percent-encoding, or a segment that decodes to a slash,
    /// a backslash or a NUL (`%2F`, `%2e%2e`). A path ending in `/` names the folder's `index.html`.
    public static func segments(of target: String) -> [String]? {
        guard target.hasPrefix("/") else { return nil }
        var path = Substring(target)
        if let end = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<end] }
        var raw = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        if raw.last == "" { raw[raw.count - 1] = "index.html" }
        var segments: [String] = []
        for part in raw {
            // Decoded one segment at a time: an encoded slash never becomes a separator.
            guard let name = String(part).removingPercentEncoding, !name.isEmpty, !name.hasPrefix("."),
                !name.contains(where: { $0 == "/" || $0 == "\\" || $0 == "\0" })
            else { return nil }
            segments.append(name)
        }
        return segments
    }

    /// The file a request target names under `root`. A symbolic link anywhere below `root` is refused, even
    /// one that leads back inside: gen never writes one, so one found there was not made by gen.
    public static func lookup(_ target: String, under root: URL) -> Lookup {
        guard let segments = segments(of: target) else { return .notFound }
        var folder = open(root.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return .notFound }
        defer { close(folder) }
        for name in segments.dropLast() {
            let next = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard next >= 0 else { return .notFound }
            close(folder)
            folder = next
        }
        let name = segments[segments.count - 1]
        let fd = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return .notFound }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .notFound }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            guard let data = readAll(fd, size: Int(info.st_size)) else { return .notFound }
            return .file(data, contentType: contentType(of: name))
        case S_IFDIR:
            let path = target.prefix(while: { $0 != "?" && $0 != "#" })
            return .folder(location: path + "/")
        default:
            return .notFound
        }
    }

    /// All of an open file, read to its end (it may have grown since `fstat`).
    private static func readAll(_ fd: Int32, size: Int) -> Data? {
        var data = Data(capacity: max(size, 0))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if n == 0 { return data }
            data.append(contentsOf: chunk[0..<n])
        }
    }

    /// The `Content-Type` of a file gen writes, by its extension; anything else is bytes to download.
    public static func contentType(of name: String) -> String {
        let ext = name.split(separator: ".", omittingEmptySubsequences: false).last.map { $0.lowercased() } ?? ""
        guard name.contains("."), let type = types[ext] else { return "application/octet-stream" }
        return type
    }

    static let types: [String: String] = [
        "html": "text/html; charset=utf-8", "htm": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8", "mjs": "text/javascript; charset=utf-8",
        "json": "application/json", "csv": "text/csv; charset=utf-8", "md": "text/markdown; charset=utf-8",
        "txt": "text/plain; charset=utf-8", "xml": "application/xml", "svg": "image/svg+xml",
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "webp": "image/webp", "gif": "image/gif",
        "avif": "image/avif", "ico": "image/vnd.microsoft.icon", "pdf": "application/pdf", "zip": "application/zip",
        "woff": "font/woff", "woff2": "font/woff2", "map": "application/json"
    ]
}
