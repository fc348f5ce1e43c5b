import Foundation

/// Whether the output is as the last build left it. A file of the output edited in place keeps its size, and
/// shares its inode with the base tree in the cache, so sizes alone kept an edit for good. Every change to a
/// file or folder (writing, truncating, adding, removing, linking) moves its status-change time (ctime), which
/// no tool sets back: the newest one in the output, read when a build has finished with it, is the stamp. A
/// build that finds anything newer does not trust the previous output and builds everything again.
enum OutputStamp {
    static func location(_ manifestURL: URL) -> URL { manifestURL.deletingPathExtension().appendingPathExtension("stamp") }

    /// Records the output's newest change; best effort (without a stamp the next build is a full one).
    static func save(_ manifestURL: URL, output: URL) {
        guard let newest = newestChange(under: output.standardizedFileURL.path) else { return }
        try? Data("\(newest.seconds) \(newest.nanoseconds)\n".utf8).write(to: location(manifestURL), options: .atomic)
    }

    static func remove(_ manifestURL: URL) { try? FileManager.default.removeItem(at: location(manifestURL)) }

    /// True when nothing in the output changed since the stamp was saved.
    static func isUntouched(_ manifestURL: URL, output: URL) -> Bool {
        guard let text = try? String(contentsOf: location(manifestURL), encoding: .utf8) else { return false }
        let parts = text.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        guard parts.count == 2, let newest = newestChange(under: output.standardizedFileURL.path) else { return false }
        return (newest.seconds, newest.nanoseconds) <= (parts[0], parts[1])
    }

    /// The newest ctime of the folder and everything under it, links not followed.
    static func newestChange(under root: String) -> (seconds: Int, nanoseconds: Int)? {
        var newest = (seconds: Int.min, nanoseconds: 0)
        func visit(_ path: String) -> Bool {
            var info = stat()
            guard lstat(path, &info) == 0 else { return false }
            let changed = (seconds: Int(info.st_ctim.tv_sec), nanoseconds: Int(info.st_ctim.tv_nsec))
            if changed > newest { newest = changed }
            guard info.st_mode & S_IFMT == S_IFDIR else { return true }
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return false }
            return names.allSatisfy { visit(path + "/" + $0) }
        }
        return visit(root) ? newest : nil
    }
}
