import Foundation
import GenModel

/// Stage 6: writes a whole output tree atomically. Files go into a staging folder beside the
/// output; `commit()` swaps it in with two renames. Until then, and if anything fails, the
/// previous output stays exactly as it was.
public final class OutputTree: Sendable {
    public let output: URL
    public let staging: URL
    private let outputPath: String
    private let stagingPath: String
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

    public init(output: URL) throws(Failure) {
        self.output = output.standardizedFileURL
        let parent = self.output.deletingLastPathComponent()
        staging = parent.appendingPathComponent(".\(self.output.lastPathComponent).staging-\(getpid())")
        outputPath = self.output.path
        stagingPath = staging.path
        do {
            try? FileManager.default.removeItem(at: staging)
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        } catch {
            throw .io(path: staging.path, error)
        }
    }

    /// Writes one file at `path` (relative, `/`-separated). Safe to call from many threads.
    public func write(_ data: Data, to path: String) throws(Failure) {
        guard OutputTree.isSafe(path) else { throw .unsafePath(path) }
        let url = staging.appendingPathComponent(path)
        do {
            try directories.make(url.deletingLastPathComponent())
            try data.write(to: url)
        } catch {
            throw .io(path: path, error)
        }
    }

    /// Writes one file at `path` from parts: `body` is given a function that appends a part. Returns the size.
    public func write(to path: String, parts body: (_ append: (Data) throws -> Void) throws -> Void) throws -> Int {
        guard OutputTree.isSafe(path) else { throw Failure.unsafePath(path) }
        let url = staging.appendingPathComponent(path)
        let handle: FileHandle
        do {
            try directories.make(url.deletingLastPathComponent())
            guard FileManager.default.createFile(atPath: url.path, contents: nil), let opened = FileHandle(forWritingAtPath: url.path) else {
                throw CocoaError(.fileWriteUnknown)
            }
            handle = opened
        } catch {
            throw Failure.io(path: path, error)
        }
        defer { try? handle.close() }
        var size = 0
        try body { part in
            do { try handle.write(contentsOf: part) } catch { throw Failure.io(path: path, error) }
            size += part.count
        }
        return size
    }

    /// Keeps the previous output's file at `path` (a hard link into the staging folder, a copy where links
    /// are not possible) when it exists with `size` bytes; false when it does not, so the caller renders it.
    public func keep(_ path: String, size: Int) -> Bool {
        guard OutputTree.isSafe(path) else { return false }
        // Paths as text, not URLs: an incremental build keeps tens of thousands of files, and Foundation's
        // URL operations were most of the time that took.
        let previous = outputPath + "/" + path
        guard POSIXFiles.regularFileSize(previous) == size else { return false }
        let target = stagingPath + "/" + path
        do {
            if let slash = target.lastIndex(of: "/") { try directories.make(path: String(target[..<slash])) }
            if link(previous, target) != 0 { try FileManager.default.copyItem(atPath: previous, toPath: target) }
            return true
        } catch {
            return false
        }
    }

    /// Removes a file from the new tree (one `keep` linked that is to be rendered after all).
    public func drop(_ path: String) {
        guard OutputTree.isSafe(path) else { return }
        unlink(staging.appendingPathComponent(path).path)
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

    /// Swaps the staging folder in place of the output. A `.gitkeep` placeholder in the old
    /// output is carried over, so building in a checkout leaves git's view of `Output/` alone.
    /// The replaced output is deleted here unless `keepingReplaced` (then `removeReplaced` deletes it:
    /// the build saves its manifest meanwhile).
    public func commit(keepingReplaced: Bool = false) throws(Failure) {
        let fm = FileManager.default
        let old = replaced
        let keep = output.appendingPathComponent(".gitkeep")
        if fm.fileExists(atPath: keep.path) {
            try? fm.copyItem(at: keep, to: staging.appendingPathComponent(".gitkeep"))
        }
        do {
            try? fm.removeItem(at: old)
            if fm.fileExists(atPath: output.path) { try fm.moveItem(at: output, to: old) }
            do {
                try fm.moveItem(at: staging, to: output)
            } catch {
                if fm.fileExists(atPath: old.path) { try? fm.moveItem(at: old, to: output) }
                throw error
            }
            if !keepingReplaced { try? fm.removeItem(at: old) }
        } catch {
            throw .io(path: output.path, error)
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
private final class MadeDirectories: @unchecked Sendable {
    private let lock = NSLock()
    private var made: Set<String> = []

    func make(_ url: URL) throws { try make(path: url.path) }

    func make(path: String) throws {
        if lock.withLock({ made.contains(path) }) { return }
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        lock.withLock { _ = made.insert(path) }
    }
}
