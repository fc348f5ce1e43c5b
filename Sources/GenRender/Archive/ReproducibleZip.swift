import Crypto
import Foundation
import GenSupport
import ZIPFoundation

/// A zip archive whose bytes depend only on the files put in it: same files → same zip bytes,
/// on any machine, in any time zone, at any time of day (for one platform and zlib build, see below).
///
/// Layout: every file goes under one folder `root` (so unpacking makes one folder), entries in byte
/// order of their paths, then `root/SHA256SUMS` last, listing every other entry in the format
/// `sha256sum -c` reads. No directory entries: zip readers create parent folders from file paths
/// (`unzip` and ZIPFoundation are tested), and leaving them out means there is nothing more
/// (directory timestamps, modes, their order relative to files) that could vary.
///
/// What ZIPFoundation 0.9.20 writes, and why each field is fixed (checked against its source):
/// - Timestamps: only the DOS date/time fields of the local header and the central directory; no
///   extended-timestamp (0x5455) or Unix uid/gid (0x7875) extra fields. It converts the `Date` with
///   `gmtime` (UTC), not the current calendar or time zone, so a fixed `Date` gives the same DOS fields
///   whatever `TZ` is. `gmtime` returns a pointer to one process-wide buffer, so two threads converting
///   at once can read each other's fields: archives are built under one lock, and the result is read
///   back and checked (`verify`) so a clobbered date fails loudly instead of making different bytes.
/// - Extra fields: only ZIP64 ones, only for entries or archives of 4 GiB and more.
/// - "Version made by" is the constant 789 (Unix, 2.1) and external attributes are `S_IFREG | 0o644`,
///   whatever the build machine is; general-purpose flags are only bit 11 (UTF-8 names).
/// - Deflate: on Linux zlib at `Z_DEFAULT_COMPRESSION`, memLevel 9, one `Z_FINISH` at the end, so the
///   chunking does not change the stream; on Apple platforms it uses the Compression framework
///   instead. Deflated bytes are therefore stable for a given platform and zlib, but a Linux build
///   and a macOS build (or a zlib-ng system) may produce different (equally valid) zips.
public enum ReproducibleZip {
    /// Name of the checksum file written last in `root`.
    public static let checksumFileName = "SHA256SUMS"

    /// The one modification time of every entry: 1980-02-01 00:00:00 UTC, stored as DOS date 0x0041,
    /// time 0x0000. Not 1980-01-01 (the DOS epoch): `unzip` reads DOS times as local time, so east of
    /// UTC the unpacked files would be dated 1979, which ZIP cannot store — re-zipping them fails in
    /// some tools (Python's zipfile raises). A month later is safely inside the range in every zone
    /// (Gradle's reproducible archives use the same constant). Built from seconds since 1970 because
    /// ZIPFoundation converts with `gmtime`: no calendar or time zone is involved on either side.
    public static let entryDate = Date(timeIntervalSince1970: 315_532_800 + 31 * 86_400)

    /// Raw DOS date and time fields every entry carries (what `entryDate` converts to).
    public static let dosDate: UInt16 = (0 << 9) | (2 << 5) | 1  // years since 1980, month, day
    public static let dosTime: UInt16 = 0

    public enum PathError: Error, Equatable, CustomStringConvertible {
        /// A path that is not a plain relative path: empty, absolute, with `.`/`..`/empty components,
        /// backslashes or control characters, or too long for a zip name.
        case invalid(path: String, reason: String)
        /// Two paths that would land on the same file when unpacked: equal, equal but for case or
        /// Unicode normalization (macOS and Windows file systems), one a folder of the other, or
        /// the reserved `SHA256SUMS`.
        case conflict(path: String, with: String)

        public var description: String {
            switch self {
            case let .invalid(path, reason): return "zip path \(String(reflecting: path)): \(reason)"
            case let .conflict(path, other):
                return "zip path \(String(reflecting: path)) clashes with \(String(reflecting: other))"
            }
        }
    }

    /// Thrown when reading the archive back shows something other than what was written.
    public struct VerificationError: Error, CustomStringConvertible {
        public let description: String
    }

    /// A zip of `files` under the folder `root`, then `root/SHA256SUMS`.
    ///
    /// - Parameters:
    ///   - files: paths relative to `root` ("/"-separated; no leading "/", no "." or ".." or empty
    ///     components, no "\" or control characters) and contents. Input order does not matter.
    ///   - root: the folder inside the zip every file goes under, e.g. "2024-10"; same rules as a
    ///     path, or "" for none.
    /// - Returns: the zip bytes. Entries are `root/<path>` sorted by the UTF-8 bytes of the path,
    ///   then `root/SHA256SUMS`: one line `<hex sha256>  <path>\n` per other entry, same order,
    ///   with paths relative to the SHA256SUMS file (i.e. exactly the `files` paths).
    public static func make(_ files: [(path: String, data: Data)], root: String) throws -> Data {
        if !root.isEmpty { try validate(root) }
        for file in files { try validate(file.path) }
        try checkConflicts(files.map(\.path))

        // Byte order, not `String <`: String comparison follows Unicode canonical equivalence,
        // which is not the order of the bytes in the zip (and not the order `sort` or `ls` use).
        let sorted = files.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        var sums = ""
        for file in sorted {
            let hex = FastFormat.hex(SHA256.hash(data: file.data))
            sums += "\(hex)  \(file.path)\n"
        }
        var entries = sorted.map { (path: entryPath(root, $0.path), data: $0.data) }
        entries.append((path: entryPath(root, checksumFileName), data: Data(sums.utf8)))
        for entry in entries where entry.path.utf8.count > Int(UInt16.max) {
            // ZIPFoundation stores the name length as UInt16(count), which traps beyond this.
            throw PathError.invalid(path: entry.path, reason: "longer than 65535 bytes")
        }

        let data = try gmtimeLock.withLock { try write(entries) }
        try verify(data, paths: entries.map(\.path))
        return data
    }

    // MARK: - Writing

    /// `gmtime` (inside ZIPFoundation's date conversion) is not reentrant; see the type comment.
    private static let gmtimeLock = NSLock()

    private static func write(_ entries: [(path: String, data: Data)]) throws -> Data {
        let archive = try Archive(data: Data(), accessMode: .create)
        for entry in entries {
            let bytes = entry.data
            try archive.addEntry(
                with: entry.path, type: .file, uncompressedSize: Int64(bytes.count),
                modificationDate: entryDate, permissions: 0o644, compressionMethod: .deflate,
                provider: { position, size in
                    // `Data` may be a slice with a non-zero startIndex: offset from it.
                    let start = bytes.startIndex + Int(position)
                    return bytes.subdata(in: start..<start + size)
                })
        }
        guard let data = archive.data else {
            throw VerificationError(description: "ZIPFoundation returned no data for an in-memory archive")
        }
        return data
    }

    /// Reads the central directory back: entries in the order written, each dated `entryDate` (this is
    /// where a `gmtime` race with code outside the lock would show; the local headers are written from
    /// the same converted value as the central directory).
    private static func verify(_ data: Data, paths: [String]) throws {
        let archive = try Archive(data: data, accessMode: .read)
        let entries = Array(archive)
        guard entries.map(\.path) == paths else {
            throw VerificationError(description: "zip entries read back in a different order or with different names")
        }
        for entry in entries {
            guard entry.fileAttributes[.modificationDate] as? Date == entryDate else {
                throw VerificationError(description: "zip entry \(entry.path) has a different timestamp than written")
            }
        }
    }

    private static func entryPath(_ root: String, _ path: String) -> String {
        root.isEmpty ? path : root + "/" + path
    }

    // MARK: - Paths

    private static func validate(_ path: String) throws {
        func invalid(_ reason: String) -> PathError { .invalid(path: path, reason: reason) }
        if path.isEmpty { throw invalid("empty") }
        if path.hasPrefix("/") { throw invalid("absolute") }
        // `sha256sum` would escape a name with "\" or a newline, and unzip treats "\" as a separator
        // from DOS-made archives; control characters have no business in a site's file names.
        if path.contains("\\") { throw invalid("contains a backslash") }
        if path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw invalid("contains a control character")
        }
        for component in path.split(separator: "/", omittingEmptySubsequences: false) {
            switch component {
            case "": throw invalid("empty path component")
            case ".", "..": throw invalid("contains \(String(reflecting: String(component)))")
            default: continue
            }
        }
    }

    /// Case-insensitive and normalization-insensitive (`String` equality is canonical equivalence),
    /// because that is how the file systems the zip gets unpacked on compare names.
    private static func checkConflicts(_ paths: [String]) throws {
        var files: [String: String] = [checksumFileName.lowercased(): checksumFileName]
        var folders: [String: String] = [:]
        for path in paths {
            let key = path.lowercased()
            if let other = files[key] ?? folders[key] { throw PathError.conflict(path: path, with: other) }
            files[key] = path
            let components = path.split(separator: "/")
            for end in components.indices.dropLast() {
                let folder = components[...end].joined(separator: "/")
                let folderKey = folder.lowercased()
                if let other = files[folderKey] { throw PathError.conflict(path: path, with: other) }
                if folders[folderKey] == nil { folders[folderKey] = folder }
            }
        }
    }
}
