import Crypto
import Foundation
import GenSupport

/// A zip archive whose bytes depend only on the files put in it: same files → same zip bytes,
/// on any machine, in any time zone, at any time of day (for one libdeflate version, see below).
///
/// Layout: every file goes under one folder `root` (so unpacking makes one folder), entries in byte
/// order of their paths, then `root/SHA256SUMS` last, listing every other entry in the format
/// `sha256sum -c` reads. No directory entries: zip readers create parent folders from file paths
/// (`unzip` and ZIPFoundation are tested), and leaving them out means there is nothing more
/// (directory timestamps, modes, their order relative to files) that could vary.
///
/// The container is written here (`ZipWriter`), each field fixed: one DOS date and time for every entry, no
/// extra fields, "version made by" Unix 2.1, external attributes `S_IFREG | 0o644`, general-purpose flags
/// only bit 11 (UTF-8 names). Entries are deflated by libdeflate at level 6, the level zlib uses by
/// default, in one call per entry: its bytes are stable for one libdeflate version, and another version
/// may make different (equally valid) zips. No ZIP64: a month's archive of 4 GiB is refused.
public enum ReproducibleZip {
    /// Name of the checksum file written last in `root`.
    public static let checksumFileName = "SHA256SUMS"

    /// The one modification time of every entry: 1980-02-01 00:00:00, stored as DOS date 0x0041,
    /// time 0x0000. Not 1980-01-01 (the DOS epoch): `unzip` reads DOS times as local time, so east of
    /// UTC the unpacked files would be dated 1979, which ZIP cannot store — re-zipping them fails in
    /// some tools (Python's zipfile raises). A month later is safely inside the range in every zone
    /// (Gradle's reproducible archives use the same constant). As seconds since 1970 (UTC), for readers.
    public static let entryDate = Date(timeIntervalSince1970: 315_532_800 + 31 * 86_400)

    /// Raw DOS date and time fields every entry carries (`entryDate`).
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
            // A zip stores a name's length in 16 bits.
            throw PathError.invalid(path: entry.path, reason: "longer than 65535 bytes")
        }

        return try ZipWriter.write(entries, date: dosDate, time: dosTime)
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
