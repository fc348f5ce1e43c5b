import Foundation
import GenModel

extension OutputTree {
    /// A file the recycled staging folder may hold: its path, its size, and whether it stays (the base holds
    /// it as the output does) or goes (the output's file is another since the base was made).
    public struct RecycledFile: Sendable {
        public var path: String
        public var size: Int
        public var stays: Bool

        public init(path: String, size: Int, stays: Bool) {
            self.path = path
            self.size = size
            self.stays = stays
        }
    }

    /// In a staging folder recycled from the base: keeps each file of `files` that stays and is a regular file
    /// of its size there, and deletes everything else: the files that go, a file of another size or kind, and
    /// whatever `files` does not list (a file the output no longer has, one added by hand), with every folder
    /// no listed file is in. Returns the positions in `files` of the files kept.
    ///
    /// Folder by folder on `threads` threads, through a handle on each folder (`fstatat`, `unlinkat`): a listed
    /// file is looked up by its name alone, with no path or table lookup made for it, and a folder's listing is
    /// only counted, then read by name only when it holds more than was kept. Sweeping the tree path by path,
    /// each looked up in the manifest, cost as much as linking every file anew (86 ms of CPU at 10,000 reports).
    /// Folders are opened a name at a time, never through a symbolic link.
    public func holdRecycled(_ files: [RecycledFile], threads: Int) -> [Int] {
        guard fromBase else { return [] }
        let slash = UInt8(ascii: "/")
        let parts = Self.partsByFolder(files.count) { files[$0].path }
        // Every folder a listed file is in, with the folders above it.
        var folders: Set<String> = [""]
        for part in parts {
            var current = Substring(part.folder)
            while !current.isEmpty, folders.insert(String(current)).inserted {
                current = current.utf8.lastIndex(of: slash).map { current[..<$0] } ?? ""
            }
        }
        let root = stagingPath
        let kept = ParallelThreads.map(parts, threads: threads) { part -> [Int32] in
            let handle = Self.openFolder(part.folder, under: root)
            guard handle >= 0 else { return [] }
            defer { close(handle) }
            let nameStart = part.folder.isEmpty ? 0 : part.folder.utf8.count + 1
            return part.indices.filter { index in
                let file = files[Int(index)]
                return file.path.withCString { full in
                    let name = full + nameStart
                    var info = stat()
                    guard fstatat(handle, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return false }
                    let kind = info.st_mode & S_IFMT
                    if file.stays, kind == S_IFREG, Int(info.st_size) == file.size { return true }
                    if kind == S_IFDIR {
                        POSIXFiles.removeTree(root + "/" + file.path)
                    } else {
                        unlinkat(handle, name, 0)
                    }
                    return false
                }
            }
        }
        var keptNames: [String: [Int32]] = [:]
        for (part, indices) in zip(parts, kept) { keptNames[part.folder, default: []] += indices }
        // Each folder's listing: folders no listed file is in go whole; entries beyond those kept, by name.
        let allFolders = folders, keptByFolder = keptNames
        _ = ParallelThreads.map(Array(allFolders), threads: threads) { folder -> Bool in
            let handle = Self.openFolder(folder, under: root)
            guard handle >= 0 else { return false }
            defer { close(handle) }
            let held = keptByFolder[folder] ?? []
            var others = 0
            var strayFolders: [String] = []
            let reading = dup(handle)
            guard reading >= 0, let listing = fdopendir(reading) else {
                if reading >= 0 { close(reading) }
                return false
            }
            _ = POSIXFiles.eachEntry(in: listing) { name, type in
                var isFolder = Int32(type) == Int32(DT_DIR)
                if Int32(type) == Int32(DT_UNKNOWN) {
                    var info = stat()
                    isFolder = fstatat(handle, name, &info, AT_SYMLINK_NOFOLLOW) == 0 && info.st_mode & S_IFMT == S_IFDIR
                }
                if isFolder {
                    if !allFolders.contains(folder.isEmpty ? name : folder + "/" + name) { strayFolders.append(name) }
                } else {
                    others += 1
                }
                return true
            }
            let path = folder.isEmpty ? root : root + "/" + folder
            for name in strayFolders { POSIXFiles.removeTree(path + "/" + name) }
            guard others > held.count else { return true }
            let keptHere = Set(held.map { index -> Substring in
                let filePath = files[Int(index)].path
                return filePath.utf8.lastIndex(of: slash).map { filePath[filePath.utf8.index(after: $0)...] } ?? filePath[...]
            })
            var extra: [String] = []
            if let again = fdopendir(dup(handle)) {
                rewinddir(again)  // the duplicate shares the first listing's place, at its end
                _ = POSIXFiles.eachEntry(in: again) { name, type in
                    if Int32(type) != Int32(DT_DIR), !keptHere.contains(Substring(name)) { extra.append(name) }
                    return true
                }
            }
            for name in extra {
                var info = stat()
                if fstatat(handle, name, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT != S_IFDIR { unlinkat(handle, name, 0) }
            }
            return true
        }
        return kept.flatMap { $0.map(Int.init) }
    }

    /// A handle on the folder at `relative` under `root`, opened a name at a time and never through a symbolic
    /// link; -1 when any part of it is not a folder.
    static func openFolder(_ relative: String, under root: String) -> Int32 {
        var handle = open(root, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard handle >= 0, !relative.isEmpty else { return handle }
        for name in relative.split(separator: "/") {
            let next = openat(handle, String(name), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            close(handle)
            guard next >= 0 else { return -1 }
            handle = next
        }
        return handle
    }
}
