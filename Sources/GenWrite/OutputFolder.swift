import Foundation
import GenSupport

/// What gen may replace, and one build at a time per output folder.
///
/// gen replaces only a folder it made: each output it writes holds a mark (`.gen-output`). It refuses,
/// touching nothing, an output that is a symbolic link (deleting "its" files would delete the target's), a
/// regular file, a folder holding anything but the mark's folder would (a typo such as `--output ~/Documents`),
/// or a path that is, holds or lies inside the content, templates or cache folder.
public enum OutputFolder {
    /// The file that marks a folder as gen's output.
    public static let markName = ".gen-output"
    /// What an empty output may hold besides (a placeholder that keeps the folder in git).
    static let placeholders: Set<String> = [".gitkeep"]

    public struct Refusal: Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// Throws when gen must not replace `output`. `inputs`: the folders the build reads or keeps, by name.
    public static func check(_ output: URL, inputs: [(name: String, url: URL)]) throws(Refusal) {
        let path = output.standardizedFileURL.path
        let real = resolved(output)
        for input in inputs {
            let other = resolved(input.url)
            if real == other || real.hasPrefix(other + "/") || other.hasPrefix(real + "/") {
                throw Refusal(
                    message: "\(path): the output folder overlaps the \(input.name) folder (\(input.url.path)); "
                        + "replacing it would destroy what the build reads")
            }
        }
        var info = stat()
        if lstat(path, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFLNK:
                throw Refusal(
                    message: "\(path): the output is a symbolic link; gen replaces only a folder it made (pass the folder the link leads to)")
            case S_IFDIR:
                let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                let others = Set(names).subtracting(placeholders)
                guard others.isEmpty || others.contains(markName) else {
                    throw Refusal(
                        message: "\(path): the output folder holds files gen did not make (no \(markName)); "
                            + "gen replaces only an empty folder or one it built. Choose another folder, or empty this one")
                }
            default:
                throw Refusal(message: "\(path): the output is a file, not a folder; gen replaces only a folder it made")
            }
        }
    }

    /// Writes the mark into a tree about to become the output.
    public static func mark(_ tree: URL) throws {
        try Data("This folder is gen's output; gen replaces it as a whole on every build.\n".utf8)
            .write(to: tree.appendingPathComponent(markName))
    }

    /// The real path of a folder that may not exist yet: its nearest existing ancestor resolved, the rest appended.
    static func resolved(_ url: URL) -> String {
        var existing = url.standardizedFileURL
        var rest: [String] = []
        var real = ContentFolder.realPath(existing.path)
        while real == nil, existing.pathComponents.count > 1 {
            rest.insert(existing.lastPathComponent, at: 0)
            existing = existing.deletingLastPathComponent()
            real = ContentFolder.realPath(existing.path)
        }
        guard var path = real else { return url.standardizedFileURL.path }
        for part in rest { path += (path.hasSuffix("/") ? "" : "/") + part }
        return path
    }
}

/// One build of an output folder at a time: an exclusive `flock` on a file in the cache, held for the whole
/// build and let go when the process ends however it ends. A second build waits for it, or with
/// `wait: false` fails at once.
public final class BuildLock: Sendable {
    private let descriptor: Int32

    public struct Busy: Error, CustomStringConvertible {
        public var description: String
    }

    private init(descriptor: Int32) { self.descriptor = descriptor }

    /// Takes the lock at `url`. While another build holds it: fails (`wait: false`), or calls `waiting` once and
    /// tries again every tenth of a second, never blocking a thread of the caller's pool.
    public static func take(at url: URL, wait: Bool, waiting: () -> Void) async throws(Busy) -> BuildLock {
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let fd = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Busy(description: "\(url.path): cannot open the build lock: \(String(cString: strerror(errno)))") }
        var told = false
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                close(fd)
                throw Busy(description: "\(url.path): cannot take the build lock: \(String(cString: strerror(errno)))")
            }
            guard wait else {
                close(fd)
                throw Busy(
                    description: "another build of this output folder is running (lock \(url.path)); "
                        + "run again when it has finished, or without --no-wait to wait for it")
            }
            if !told { waiting(); told = true }
            try? await Task.sleep(nanoseconds: 100_000_000)
        }
        return BuildLock(descriptor: fd)
    }

    deinit { close(descriptor) }
}
