import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// The few file-system calls made once per output file, straight to POSIX: Foundation's `FileManager` on
/// Linux builds an attribute dictionary per call, which made checking and keeping 20,000 files take
/// seconds (most of a no-op build).
public enum POSIXFiles {
    /// What a walk of a tree found: its regular files, when asked for, and its newest status change.
    public struct Scan: Sendable {
        /// Every regular file, as a `/`-separated relative path with its size; empty unless asked for.
        public var files: [String: Int] = [:]
        /// The newest ctime (seconds, nanoseconds) of the folder and of everything under it.
        public var newestChange = (seconds: Int.min, nanoseconds: 0)
    }

    /// One walk of `root`, symbolic links not followed; nil when `root` or a folder under it cannot be read.
    public static func scan(under root: String, files: Bool) -> Scan? {
        var scan = Scan()
        var info = stat()
        guard lstat(root, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return nil }
        scan.newestChange = (Int(info.st_ctim.tv_sec), Int(info.st_ctim.tv_nsec))
        return walk(root, relative: "", files: files, into: &scan) ? scan : nil
    }

    /// Each entry is looked up in its open folder (`fstatat`), not by its whole path, which the kernel would
    /// walk again from the root for every file.
    private static func walk(_ directory: String, relative: String, files: Bool, into scan: inout Scan) -> Bool {
        guard let dir = opendir(directory) else { return false }
        let folder = dirfd(dir)
        return eachEntry(in: dir) { name, _ in
            let rel = relative.isEmpty ? name : relative + "/" + name
            var info = stat()
            guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return false }
            let changed = (seconds: Int(info.st_ctim.tv_sec), nanoseconds: Int(info.st_ctim.tv_nsec))
            if changed > scan.newestChange { scan.newestChange = changed }
            switch info.st_mode & S_IFMT {
            case S_IFREG: if files { scan.files[rel] = Int(info.st_size) }
            case S_IFDIR: return walk(directory + "/" + name, relative: rel, files: files, into: &scan)
            default: break
            }
            return true
        }
    }

    /// Calls `body` with the name and `d_type` of every entry of `directory` but `.` and `..`, until it
    /// returns false; false when the folder cannot be read or `body` stopped.
    public static func eachEntry(of directory: String, _ body: (String, UInt8) -> Bool) -> Bool {
        guard let dir = opendir(directory) else { return false }
        return eachEntry(in: dir, body)
    }

    /// `eachEntry(of:_:)` for a folder already open (`opendir`, `fdopendir`), which it closes.
    static func eachEntry(in dir: OpaquePointer, _ body: (String, UInt8) -> Bool) -> Bool {
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            guard body(name, entry.pointee.d_type) else { return false }
        }
        return true
    }

    /// Removes `root` and everything under it, the files on all cores. The replaced output of an incremental
    /// build is hundreds of thousands of files, one folder holding most of them: FileManager removed them
    /// one at a time, which was most of the swap. Whatever could not be removed this way (a
    /// folder made meanwhile) is left to FileManager.
    public static func removeTree(_ root: String) {
        var files: [String] = []
        var directories: [String] = []
        collect(root, files: &files, directories: &directories)
        let chunk = 1_024
        let all = files
        DispatchQueue.concurrentPerform(iterations: (all.count + chunk - 1) / chunk) { part in
            for path in all[(part * chunk)..<min(all.count, (part + 1) * chunk)] { unlink(path) }
        }
        for directory in directories.reversed() { rmdir(directory) }
        if rmdir(root) != 0 { try? FileManager.default.removeItem(atPath: root) }
    }

    /// Every file (of any kind but a folder) and folder under `directory`, folders before what they hold.
    private static func collect(_ directory: String, files: inout [String], directories: inout [String]) {
        _ = eachEntry(of: directory) { name, type in
            let path = directory + "/" + name
            if isFolder(path, type: type) {
                directories.append(path)
                collect(path, files: &files, directories: &directories)
            } else {
                files.append(path)
            }
            return true
        }
    }

    /// Whether the entry at `path` is a folder, by its `d_type` (asked of the file system where that is unknown).
    private static func isFolder(_ path: String, type: UInt8) -> Bool {
        if Int32(type) != Int32(DT_UNKNOWN) { return Int32(type) == Int32(DT_DIR) }
        return isFolder(path)
    }

    /// Whether `path` is a folder (a link to one is not).
    public static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// Whether `path` is a symbolic link (not followed).
    public static func isSymbolicLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    /// Creates (or replaces: `withFile`) the file at `path` and writes `data` to it, as `Data.write(to:)` does
    /// without options: the mode is 0666 less the umask.
    public static func write(_ data: Data, to path: String) throws {
        try withFile(path) { file in try data.withUnsafeBytes { try file.write($0) } }
    }

    /// Writes the file at `path` from parts, as `write(_:to:)` does: `body` is given a function that writes one
    /// part (a file too large to make whole in memory first).
    public static func write(to path: String, _ body: (_ write: (Data) throws -> Void) throws -> Void) throws {
        try withFile(path) { file in try body { part in try part.withUnsafeBytes { try file.write($0) } } }
    }

    /// A file open for writing.
    private struct OpenFile {
        let fd: Int32

        func write(_ bytes: UnsafeRawBufferPointer) throws {
            var done = 0
            while done < bytes.count {
                let n = systemWrite(fd, bytes.baseAddress! + done, bytes.count - done)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
                }
                done += n
            }
        }
    }

    /// Creates the file, hands it to `body` and closes it; an error in either is thrown. A file already at
    /// `path` is replaced by a new one, never truncated and written through: it may be a hard link a build
    /// kept from the previous output, which must stay as it is.
    private static func withFile(_ path: String, _ body: (OpenFile) throws -> Void) throws {
        let flags = O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC
        var fd = open(path, flags, 0o666)
        if fd < 0, errno == EEXIST, unlink(path) == 0 { fd = open(path, flags, 0o666) }
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        do {
            try body(OpenFile(fd: fd))
        } catch {
            close(fd)
            throw error
        }
        if close(fd) != 0 { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    private static func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.write(fd, bytes, count)
        #else
            Darwin.write(fd, bytes, count)
        #endif
    }

    /// The size of the regular file at `path`; nil when there is none (or it is a link or a folder).
    public static func regularFileSize(_ path: String) -> Int? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(info.st_size)
    }
}
