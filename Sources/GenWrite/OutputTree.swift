import Foundation
import CFileExchange
import GenModel

/// Stage 6: writes a whole output tree atomically. Files go into a staging folder beside the
/// output; `commit()` swaps it in with two renames. Until then, and if anything fails, the
/// previous output stays exactly as it was.
///
/// An incremental build starts its staging folder as a replica of the output (`replicate`, on a thread of
/// its own while the export is loaded): the output before the previous one, which the build keeps
/// (`commit(replacedTo:)`), swept of what the output no longer holds, and the rest of the output's files
/// hard-linked in. A kept file is then already in place and costs the render workers nothing; a rendered one
/// replaces its entry (unlinked first: never written through a link the output shares), and what the build
/// no longer makes goes before the swap (`prune`). Nothing here remembers the paths (hundreds of thousands
/// at 100,000 reports): the build's manifest does.
public final class OutputTree: Sendable {
    public let output: URL
    public let staging: URL
    /// Whether the staging folder holds files before this build writes any (a recycled tree, a replica of the
    /// output): every file written then replaces an entry that may be a link the output shares.
    public let recycled: Bool
    /// Whether the staging folder started as the recycled base tree (rather than empty).
    public let fromBase: Bool
    private let outputPath: String
    let stagingPath: String
    private let directories = MadeDirectories()
    /// Kept files found in place in a recycled tree.
    private let inPlace = Counter()

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

    /// `recycling`: a tree to start the staging folder from (moved, not copied: it is this build's alone
    /// from now on, and a failed build discards it). When it cannot be moved (another file system), the
    /// staging folder starts empty. `replicating`: the staging folder is to hold the output's files
    /// (`holdRecycled`, `replicate`) before anything is written.
    public init(output: URL, recycling base: URL? = nil, replicating: Bool = false) throws(Failure) {
        self.output = output.standardizedFileURL
        let parent = self.output.deletingLastPathComponent()
        staging = parent.appendingPathComponent(".\(self.output.lastPathComponent).staging-\(getpid())")
        outputPath = self.output.path
        self.stagingPath = staging.path
        let stagingPath = staging.path
        POSIXFiles.removeTree(stagingPath)
        let recycled = base.map { rename($0.path, stagingPath) == 0 } ?? false
        if let base, !recycled { POSIXFiles.removeTree(base.path) }
        self.recycled = recycled || replicating
        fromBase = recycled
        do {
            if !recycled { try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true) }
        } catch {
            throw .io(path: staging.path, error)
        }
    }

    /// Writes one file at `path` (relative, `/`-separated). Safe to call from many threads.
    public func write(_ data: Data, to path: String) throws(Failure) {
        guard OutputTree.isSafe(path) else { throw .unsafePath(path) }
        // The path as text and the file written with POSIX calls: a cold build writes tens of thousands of
        // files, and making a URL for each (and `Data.write(to:)` making its path again) was 1.5 % of its CPU.
        let target = stagingPath + "/" + path
        do {
            try prepare(path, at: target)
            try POSIXFiles.write(data, to: target)
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
            try prepare(path, at: url.path)
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
    /// `inStaging`: the replica holds the output's file at `path` (`replicate` said so); it is kept where it
    /// is, without a system call.
    public func keep(_ path: String, size: Int, inStaging: Bool = false) -> Bool {
        guard OutputTree.isSafe(path) else { return false }
        if recycled, inStaging {
            inPlace.add()
            return true
        }
        // Paths as text, not URLs: an incremental build keeps tens of thousands of files, and Foundation's
        // URL operations were most of the time that took.
        let target = stagingPath + "/" + path
        let previous = outputPath + "/" + path
        guard POSIXFiles.regularFileSize(previous) == size else { return false }
        do {
            try prepare(path, at: target)
            if link(previous, target) != 0 { try FileManager.default.copyItem(atPath: previous, toPath: target) }
            return true
        } catch {
            return false
        }
    }

    /// `keep(_:size:inStaging:)` for many files, false at the first that cannot be kept. A run of files in one
    /// folder (a kept month's days, each a folder of reports) is checked and linked through handles on the
    /// folder in both trees (`fstatat`, `linkat`): each call then looks up one name, not every folder of two
    /// full paths, which was about half the time of keeping 23,700 files at 10,000 reports.
    public func keep(_ files: some Sequence<(path: String, size: Int, inStaging: Bool)>) -> Bool {
        // A replica holds the kept files in place already.
        if recycled { return files.allSatisfy { keep($0.path, size: $0.size, inStaging: $0.inStaging) } }
        var current: FolderHandles?
        defer { current?.close() }
        for file in files {
            guard OutputTree.isSafe(file.path) else { return false }
            let slash = file.path.lastIndex(of: "/")
            let folder = slash.map { String(file.path[..<$0]) } ?? ""
            let name = slash.map { String(file.path[file.path.index(after: $0)...]) } ?? file.path
            if current?.folder != folder {
                current?.close()
                current = nil
                let stagingFolder = folder.isEmpty ? stagingPath : stagingPath + "/" + folder
                guard (try? directories.make(path: stagingFolder)) != nil,
                      let handles = FolderHandles(folder, previous: folder.isEmpty ? outputPath : outputPath + "/" + folder,
                                                  staging: stagingFolder)
                else { return false }
                current = handles
            }
            guard let handles = current, handles.regularFileSize(name) == file.size else { return false }
            if !handles.link(name) {
                // A file system without hard links: copied, as the single-file `keep` does.
                guard (try? FileManager.default.copyItem(atPath: outputPath + "/" + file.path,
                                                         toPath: stagingPath + "/" + file.path)) != nil else { return false }
            }
        }
        return true
    }

    /// Removes a file from the new tree (one `keep` linked that is to be rendered after all).
    public func drop(_ path: String) {
        guard OutputTree.isSafe(path) else { return }
        unlink(stagingPath + "/" + path)
    }

    /// Makes way for a new file at `target` (`path` in the tree): its folder exists, and in a recycled tree
    /// the stale entry there is gone (a file, possibly a link the output shares, or a folder where the new
    /// build has a file).
    private func prepare(_ path: String, at target: String) throws {
        let folder = target.lastIndex(of: "/").map { String(target[..<$0]) } ?? stagingPath
        guard recycled else {
            try directories.make(path: folder)
            return
        }
        do {
            try directories.make(path: folder)
        } catch {
            // A stale file where the new tree has a folder: removed, and the folders made again.
            var prefix = stagingPath
            for segment in path.split(separator: "/").dropLast() {
                prefix += "/" + segment
                if POSIXFiles.regularFileSize(prefix) != nil || POSIXFiles.isSymbolicLink(prefix) { unlink(prefix) }
            }
            try directories.make(path: folder)
        }
        if unlink(target) != 0, errno == EISDIR || errno == EPERM { POSIXFiles.removeTree(target) }
    }

    /// How many kept files were already in place in the recycled tree.
    public var keptInPlace: Int { inPlace.value }

    /// Deletes the files of the replica this build neither wrote nor kept (`stale`: relative paths), and the
    /// folders they leave empty: the staging folder then holds this build's files and nothing else. Call
    /// before `commit`.
    public func prune(stale: some Sequence<String>) {
        guard recycled else { return }
        var folders: Set<String> = []
        for path in stale where OutputTree.isSafe(path) {
            unlink(stagingPath + "/" + path)
            if let slash = path.lastIndex(of: "/") { folders.insert(String(path[..<slash])) }
        }
        // Deepest first; `rmdir` refuses a folder that still holds anything, and its parents then stay too.
        for folder in folders.sorted(by: { $0.count > $1.count }) {
            var current = Substring(folder)
            while !current.isEmpty, rmdir(stagingPath + "/" + current) == 0 {
                guard let slash = current.lastIndex(of: "/") else { break }
                current = current[..<slash]
            }
        }
    }

    // MARK: The replica

    /// Hard-links the output's `files` (relative path and the size the caller knows it by) into the staging
    /// folder, each when it is a regular file of that size there; `linked` is told the position in `files` of
    /// each file linked (on the calling thread, in no particular order). The files of one folder go through handles on the folder in
    /// both trees, as `keep` links a batch's.
    ///
    /// On `threads` threads at the calling thread's priority, in parts of a few thousand files (most files
    /// are in one folder, `reports/report`): a first rebuild links every file of the output (227,000 at
    /// 100,000 reports), and when the build waits for the replica both cores then link.
    public func replicate(_ files: [(path: String, size: Int)], threads: Int = 1, linked: (Int) -> Void) {
        Self.linkFiles(files, from: outputPath, into: stagingPath, directories: directories, checkingSizes: true, threads: threads,
                       linked: linked)
    }

    /// Hard-links the committed output's `files` (all this build wrote or kept: their sizes are not checked)
    /// into `destination`, made here (emptied first): a replica of the output that a later build recycles as
    /// its staging folder. Only on the output's own file system; false, and nothing left at `destination`,
    /// when it is on another or a file cannot be linked.
    public func leaveReplica(_ files: [String], at destination: URL, threads: Int) -> Bool {
        let path = destination.standardizedFileURL.path
        POSIXFiles.removeTree(path)
        var outputInfo = stat(), parentInfo = stat()
        guard stat(outputPath, &outputInfo) == 0, stat(destination.deletingLastPathComponent().path, &parentInfo) == 0,
              outputInfo.st_dev == parentInfo.st_dev, mkdir(path, 0o755) == 0
        else { return false }
        var count = 0
        Self.linkFiles(files.map { (path: $0, size: 0) }, from: outputPath, into: path, directories: MadeDirectories(),
                       checkingSizes: false, threads: threads) { _ in count += 1 }
        if count == files.count { return true }
        POSIXFiles.removeTree(path)
        return false
    }

    /// Links `files` of the tree at `source` into the tree at `destination`, each only when it is a regular
    /// file of its size there if `checkingSizes` (see `replicate`).
    private static func linkFiles(_ files: [(path: String, size: Int)], from source: String, into destination: String,
                                  directories: MadeDirectories, checkingSizes: Bool, threads: Int, linked: (Int) -> Void) {
        // Each name handed to the system as a pointer into its path's own bytes: no string made per file.
        let parts = partsByFolder(files.count) { files[$0].path }.filter { part in
            (try? directories.make(path: part.folder.isEmpty ? destination : destination + "/" + part.folder)) != nil
        }
        let done = ParallelThreads.map(parts, threads: threads) { part -> [Int32] in
            let folder = part.folder
            guard let handles = FolderHandles(folder, previous: folder.isEmpty ? source : source + "/" + folder,
                                              staging: folder.isEmpty ? destination : destination + "/" + folder)
            else { return [] }
            defer { handles.close() }
            let nameStart = folder.isEmpty ? 0 : folder.utf8.count + 1
            return part.indices.filter { index in
                let (path, size) = files[Int(index)]
                return path.withCString { full in
                    let name = full + nameStart
                    return (!checkingSizes || handles.regularFileSize(name) == size) && handles.link(name)
                }
            }
        }
        for indices in done {
            for index in indices { linked(Int(index)) }
        }
    }

    /// The positions of `count` paths (`path(i)`), the safe ones (`isSafe`), by folder (what comes before a
    /// path's last `/`), in parts of at most `filesPerPart`: what one thread links or checks through one handle
    /// on the folder. Paths split at their last `/` as bytes (a `Character` search was a quarter of linking's time).
    static func partsByFolder(_ count: Int, path: (Int) -> String) -> [(folder: String, indices: ArraySlice<Int32>)] {
        let slash = UInt8(ascii: "/")
        var byFolder: [Substring: [Int32]] = [:]
        for index in 0..<count {
            let file = path(index)
            guard OutputTree.isSafe(file) else { continue }
            let folder = file.utf8.lastIndex(of: slash).map { file[..<$0] } ?? ""
            byFolder[folder, default: []].append(Int32(index))
        }
        var parts: [(folder: String, indices: ArraySlice<Int32>)] = []
        for (folder, indices) in byFolder {
            for start in stride(from: 0, to: indices.count, by: filesPerPart) {
                parts.append((String(folder), indices[start..<min(indices.count, start + filesPerPart)]))
            }
        }
        return parts
    }

    /// Files linked by one thread at a time in `replicate`.
    public static let filesPerPart = 4_096

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
    ///
    /// `replacedTo`: where the replaced output goes instead, to be recycled by the next build (nothing is
    /// deleted then); when it cannot go there (another file system), it is deleted as usual.
    public func commit(keepingReplaced: Bool = false, replacedTo destination: URL? = nil) throws(Failure) {
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
        if let destination {
            POSIXFiles.removeTree(destination.path)
            if rename(old.path, destination.path) == 0 { return }
        }
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

/// A count made from many threads.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
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

/// One folder open in the previous output and in the staging folder (`OutputTree.keep(_:)`).
private struct FolderHandles {
    let folder: String
    private let previous: Int32
    private let staging: Int32

    init?(_ folder: String, previous previousPath: String, staging stagingPath: String) {
        let previous = open(previousPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard previous >= 0 else { return nil }
        let staging = open(stagingPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard staging >= 0 else {
            Glibc.close(previous)
            return nil
        }
        self.folder = folder
        self.previous = previous
        self.staging = staging
    }

    /// The size of the previous output's regular file `name` in the folder (not following a symbolic link).
    func regularFileSize(_ name: UnsafePointer<CChar>) -> Int? {
        var info = stat()
        guard fstatat(previous, name, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// Links the previous output's `name` into the staging folder under the same name.
    func link(_ name: UnsafePointer<CChar>) -> Bool {
        linkat(previous, name, staging, name, 0) == 0
    }

    func close() {
        Glibc.close(previous)
        Glibc.close(staging)
    }
}
