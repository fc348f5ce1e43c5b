import Foundation
import CFileExchange

/// Stage 6: writes a whole output tree atomically. Files go into a fresh staging folder beside the output;
/// `commit()` swaps it in. Until then, and if anything fails, the previous output stays exactly as it was.
///
/// A file an incremental build keeps is hard-linked from the previous output into the staging folder
/// (`keep`); the replaced output is deleted after the swap, so no file is shared with anything but the
/// output itself, and nothing gen keeps between builds lives in the cache as a tree.
public final class OutputTree: Sendable {
    public let output: URL
    public let staging: URL
    private let outputPath: String
    let stagingPath: String
    private let directories = MadeDirectories()

    public enum Failure: Error, CustomStringConvertible {
        case unsafePath(String)
        case io(path: String, Error)

        public var description: String {
            switch self {
            case .unsafePath(let p): return "refusing to write outside the output folder: \(p)"
            case .io(let path, let error): return "\(path): \((error as NSError).localizedDescription)"
            }
        }
    }

    /// An empty staging folder, `.<output>.staging-<pid>` beside the output.
    public init(output: URL) throws(Failure) {
        self.output = output.standardizedFileURL
        let parent = self.output.deletingLastPathComponent()
        staging = parent.appendingPathComponent(".\(self.output.lastPathComponent).staging-\(getpid())")
        outputPath = self.output.path
        stagingPath = staging.path
        POSIXFiles.removeTree(stagingPath)
        do {
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        } catch {
            throw .io(path: staging.path, error)
        }
    }

    /// Writes one file at `path` (relative, `/`-separated). Safe to call from many threads.
    public func write(_ data: Data, to path: String) throws(Failure) {
        guard OutputTree.isSafe(path) else { throw .unsafePath(path) }
        // The path as text and the file written with POSIX calls: a cold build writes tens of thousands of
        // files, and making a URL for each (and `Data.write(to:)` making its path again) showed in profiles.
        let target = stagingPath + "/" + path
        do {
            try makeFolder(of: target)
            try POSIXFiles.write(data, to: target)
        } catch {
            throw .io(path: path, error)
        }
    }

    /// Writes one file at `path` from parts: `body` is given a function that appends a part. Returns the size.
    public func write(to path: String, parts body: (_ append: (Data) throws -> Void) throws -> Void) throws -> Int {
        guard OutputTree.isSafe(path) else { throw Failure.unsafePath(path) }
        let target = stagingPath + "/" + path
        var size = 0
        do {
            try makeFolder(of: target)
            try POSIXFiles.write(to: target) { write in
                try withoutActuallyEscaping(write) { write in
                    try body { part in
                        try write(part)
                        size += part.count
                    }
                }
            }
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure.io(path: path, error)
        }
        return size
    }

    /// Keeps the previous output's file at `path` (a hard link into the staging folder); false when it cannot
    /// be linked (it is gone), so the caller renders it. The caller knows the file is as the previous build
    /// wrote it (`OutputStamp`): nothing in the output changed since.
    public func keep(_ path: String) -> Bool {
        guard OutputTree.isSafe(path) else { return false }
        // Paths as text, not URLs: an incremental build keeps tens of thousands of files.
        let target = stagingPath + "/" + path, source = outputPath + "/" + path
        // A file the manifest lists but the output lacks (edited by hand) is not kept, and leaves no folder
        // behind: the month is planned again, and a clean build would make no such folder.
        var info = stat()
        guard lstat(source, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
        guard (try? makeFolder(of: target)) != nil else { return false }
        return link(source, target) == 0
    }

    private func makeFolder(of target: String) throws {
        try directories.make(path: target.lastIndex(of: "/").map { String(target[..<$0]) } ?? stagingPath)
    }

    /// Relative, no empty/`.`/`..` segments, no backslashes or control characters: a last line of
    /// defence behind the sanitizing of every data-derived segment.
    /// One pass over the bytes, as the file system reads the path (an incremental build asks for every kept
    /// file): a control character or backslash is one byte in UTF-8, and `/` separates segments.
    public static func isSafe(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { bytes in
            var segmentStart = 0
            for index in 0...bytes.count {
                if index < bytes.count {
                    let byte = bytes[index]
                    if byte < 0x20 || byte == 0x7F || byte == 0x5C { return false }  // control characters, `\`
                    if byte != 0x2F { continue }
                }
                // A segment ends (at `/` or the end): not empty (a leading, doubled or trailing `/`), `.` or `..`.
                let length = index - segmentStart
                if length == 0 { return false }
                if length <= 2, bytes[segmentStart..<index].allSatisfy({ $0 == 0x2E }) { return false }
                segmentStart = index + 1
            }
            return true
        }
    }

    /// Where the replaced output waits to be deleted, beside the output.
    private var replaced: URL {
        output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).old-\(getpid())")
    }

    /// Swaps the staging folder in place of the output, marked as gen's (`OutputFolder.mark`). On Linux the two
    /// folders are exchanged in one step (`renameat2`), so there is no moment without an output, and a build
    /// killed at any point leaves the previous output or the new one whole; elsewhere, or on a file system that
    /// cannot exchange, two renames. A `.gitkeep` placeholder in the old output is carried over, so building in
    /// a checkout leaves git's view of `Output/` alone. The replaced output is deleted here unless
    /// `keepingReplaced` (then `removeReplaced` deletes it: the build saves its manifest meanwhile).
    public func commit(keepingReplaced: Bool = false) throws(Failure) {
        let fm = FileManager.default
        let keep = output.appendingPathComponent(".gitkeep")
        if fm.fileExists(atPath: keep.path) {
            try? fm.copyItem(at: keep, to: staging.appendingPathComponent(".gitkeep"))
        }
        do {
            try OutputFolder.mark(staging)
        } catch {
            throw .io(path: staging.path, error)
        }
        try? fm.removeItem(at: replaced)
        var old: URL? = nil  // where the replaced output is now
        if gen_exchange_paths(stagingPath, outputPath) == 0 {
            old = staging
        } else if fm.fileExists(atPath: output.path) {
            do { try fm.moveItem(at: output, to: replaced) } catch { throw .io(path: output.path, error) }
            old = replaced
            do {
                try fm.moveItem(at: staging, to: output)
            } catch {
                try? fm.moveItem(at: replaced, to: output)
                throw .io(path: output.path, error)
            }
        } else {
            do { try fm.moveItem(at: staging, to: output) } catch { throw .io(path: output.path, error) }
        }
        guard let old else { return }
        if old != replaced { _ = rename(old.path, replaced.path) }
        if !keepingReplaced { removeReplaced() }
    }

    /// What builds of this output killed before they finished left beside it (staging folders, replaced
    /// outputs), removed by the next build while it holds the output's lock (`BuildLock`).
    public static func removeLeftovers(of output: URL) {
        let output = output.standardizedFileURL
        let parent = output.deletingLastPathComponent()
        let prefixes = [".\(output.lastPathComponent).staging-", ".\(output.lastPathComponent).old-"]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        where prefixes.contains(where: name.hasPrefix) {
            POSIXFiles.removeTree(parent.appendingPathComponent(name).path)
        }
    }

    /// Deletes the output `commit(keepingReplaced: true)` replaced.
    public func removeReplaced() {
        POSIXFiles.removeTree(replaced.path)
    }

    /// Throws the staging folder away; the previous output is untouched.
    public func discard() {
        try? FileManager.default.removeItem(at: staging)
    }
}

/// Folders of the staging tree already made: each is created once, not checked again for every file in it.
private final class MadeDirectories: @unchecked Sendable {  // a set under a lock
    private let lock = NSLock()
    private var made: Set<String> = []

    /// `mkdir` itself, its parent first when missing: Foundation's `createDirectory` looked at every folder
    /// from the root down for each new folder.
    func make(path: String) throws {
        if lock.withLock({ made.contains(path) }) { return }
        if mkdir(path, 0o777) != 0, errno != EEXIST {
            guard errno == ENOENT, let slash = path.lastIndex(of: "/"), slash > path.startIndex else {
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
            try make(path: String(path[..<slash]))
            if mkdir(path, 0o777) != 0, errno != EEXIST { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        }
        lock.withLock { _ = made.insert(path) }
    }
}
