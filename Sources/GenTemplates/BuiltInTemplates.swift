import Foundation

/// The files of the repository's `Templates/` folder, carried inside the executable: gen renders without a
/// templates folder on disk, from any working directory. `EmbeddedFiles.swift` is generated at build time by
/// the EmbedTemplates plugin (`Plugins/EmbedTemplates`, `Sources/gen-embed`), so `Templates/` stays the one
/// source of truth and every build carries the folder as it was when gen was built.
public enum BuiltInTemplates {
    /// Every file by its path relative to `Templates/` (`layout.mustache`, `assets/style.css`), decoded once.
    public static let files: [String: Data] = {
        var files: [String: Data] = [:]
        for entry in embeddedFiles {
            guard let bytes = Data(base64Encoded: entry.base64) else {
                preconditionFailure("gen-embed wrote invalid base64 for \(entry.path)")
            }
            files[entry.path] = bytes
        }
        return files
    }()

    /// Why `write(to:overwrite:)` wrote nothing, or stopped: the file, and what went wrong.
    public struct WriteError: Error, CustomStringConvertible {
        public var file: String
        public var message: String
        public var description: String { "\(file): \(message)" }
    }

    /// Writes every built-in file into `folder` (created when missing) at its path relative to `Templates/`,
    /// and returns those paths in order. Refuses, writing nothing, when one of them exists already, unless
    /// `overwrite`; files of the folder that are not built-ins are left alone.
    @discardableResult
    public static func write(to folder: URL, overwrite: Bool = false) throws(WriteError) -> [String] {
        let paths = files.keys.sorted()
        if !overwrite {
            let existing = paths.filter { FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) }
            if let first = existing.first {
                let more = existing.count > 1 ? " (and \(existing.count - 1) more of the built-in files)" : ""
                throw WriteError(
                    file: folder.appendingPathComponent(first).path,
                    message: "already exists\(more); pass --force to overwrite")
            }
        }
        for path in paths {
            let url = folder.appendingPathComponent(path)
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                // Atomic: a symbolic link in the way is replaced, never written through.
                try files[path]!.write(to: url, options: .atomic)
            } catch {
                throw WriteError(file: url.path, message: "cannot write: \(error.localizedDescription)")
            }
        }
        return paths
    }
}
