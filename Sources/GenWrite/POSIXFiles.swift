import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The few file-system calls made once per output file, straight to POSIX: Foundation's `FileManager` on
/// Linux builds an attribute dictionary per call, which made checking and keeping 20,000 files take
/// seconds (most of a no-op build).
public enum POSIXFiles {
    /// Every regular file under `root`, as `/`-separated relative paths with their sizes. Symbolic links
    /// are not followed.
    public static func regularFiles(under root: String) -> [String: Int]? {
        var found: [String: Int] = [:]
        guard walk(root, relative: "", into: &found) else { return nil }
        return found
    }

    private static func walk(_ directory: String, relative: String, into found: inout [String: Int]) -> Bool {
        guard let dir = opendir(directory) else { return false }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let path = directory + "/" + name
            let rel = relative.isEmpty ? name : relative + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { return false }
            switch info.st_mode & S_IFMT {
            case S_IFREG: found[rel] = Int(info.st_size)
            case S_IFDIR: guard walk(path, relative: rel, into: &found) else { return false }
            default: continue
            }
        }
        return true
    }

    /// The size of the regular file at `path`; nil when there is none (or it is a link or a folder).
    public static func regularFileSize(_ path: String) -> Int? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(info.st_size)
    }
}
