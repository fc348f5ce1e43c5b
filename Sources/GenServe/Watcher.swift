import Foundation
import GenWrite

#if canImport(Glibc)
    import Glibc
#endif

/// What the preview watches, by polling: each file's identity, size and modification time under some
/// folders. Polling needs nothing of the platform and sees edits made any way (an editor's rename over the
/// file, a checkout, a copy).
struct Watcher: Sendable {
    /// A file as seen by one poll: a change to any field is an edit.
    struct Stamp: Equatable, Sendable {
        var inode: UInt64
        var size: Int64
        var seconds: Int
        var nanoseconds: Int
    }

    typealias Snapshot = [String: Stamp]

    /// The watched folders (or files).
    let roots: [String]
    /// Folders left out, with what they hold: the output and cache, when they lie inside a watched folder,
    /// change with every build.
    let excluded: Set<String>

    init(roots: [URL], excluding: [URL]) {
        self.roots = roots.map { $0.standardizedFileURL.path }
        self.excluded = Set(excluding.map { $0.standardizedFileURL.path })
    }

    /// Every entry under the roots. Symbolic links are stamped by what they lead to, but a linked folder is not
    /// walked (a link may lead to a folder that holds it).
    func snapshot() -> Snapshot {
        var out: Snapshot = [:]
        for root in roots { walk(root, into: &out) }
        return out
    }

    /// The paths that differ between two snapshots, sorted: made, changed or removed.
    static func changes(from old: Snapshot, to new: Snapshot) -> [String] {
        var paths = Set<String>()
        for (path, stamp) in new where old[path] != stamp { paths.insert(path) }
        for path in old.keys where new[path] == nil { paths.insert(path) }
        return paths.sorted()
    }

    private func walk(_ path: String, into out: inout Snapshot) {
        guard !excluded.contains(path) else { return }
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        var isLink = false
        if info.st_mode & S_IFMT == S_IFLNK {
            isLink = true
            var target = stat()
            if stat(path, &target) == 0 { info = target }
        }
        out[path] = Stamp(
            inode: UInt64(info.st_ino), size: Int64(info.st_size), seconds: Int(info.st_mtim.tv_sec),
            nanoseconds: Int(info.st_mtim.tv_nsec))
        guard info.st_mode & S_IFMT == S_IFDIR, !isLink else { return }
        // The names first, then each walked: one folder open at a time.
        var names: [String] = []
        _ = POSIXFiles.eachEntry(of: path) { name, _ in
            names.append(name)
            return true
        }
        for name in names { walk(path + "/" + name, into: &out) }
    }
}
