import Foundation
import GenModel
import GenTemplates

/// The templates and assets a build renders with: gen's built-in files (the repository's `Templates/`,
/// carried in the executable), each replaced by the file of the same name in an overlay folder
/// (`--templates DIR`) where it has one.
public struct TemplateFiles: Sendable {
    public struct Template: Sendable, Equatable {
        public var text: String
        /// The file as messages name it: the overlay file's path, or `Templates/<name>.mustache` for a built-in.
        public var file: String

        public init(text: String, file: String) {
            self.text = text
            self.file = file
        }
    }

    /// By name: the path without `.mustache` (`layout`, `partials/chart`, `markdown/report`); the name partials use.
    public var templates: [String: Template]
    /// By file name inside `assets/` (`style.css`).
    public var assets: [String: Data]
    /// The files the assets were read from, by name, as messages name them (as `Template.file`).
    public var assetFiles: [String: String] = [:]

    public init(templates: [String: Template], assets: [String: Data]) {
        self.templates = templates
        self.assets = assets
    }

    /// gen's own templates and assets.
    public static let builtIn: TemplateFiles = {
        var files = TemplateFiles(templates: [:], assets: [:])
        for (path, bytes) in BuiltInTemplates.files {
            files.add(path, bytes, file: "Templates/\(path)")
        }
        return files
    }()

    /// A file of a template folder by its relative path: a `*.mustache` outside `assets/` is a template (pages at
    /// the top, `partials/`, `markdown/`), a file directly in `assets/` an asset; nothing else is read.
    private mutating func add(_ path: String, _ bytes: Data, file: String) {
        let parts = path.split(separator: "/")
        if parts.first != "assets", path.hasSuffix(".mustache") {
            templates[String(path.dropLast(".mustache".count))] = Template(text: String(decoding: bytes, as: UTF8.self), file: file)
        } else if parts.count == 2, parts[0] == "assets" {
            assets[String(parts[1])] = bytes
            assetFiles[String(parts[1])] = file
        }
    }

    /// These files, each replaced by the overlay folder's file of the same relative path (a `*.mustache`, a
    /// file directly in `assets/`); a template of a new name is added, for partials of the
    /// overlay's own. nil: these files as they are. A missing folder is unusable input, and so is a link where
    /// a template or asset would be: only regular files are read, as only they are hashed for the build's
    /// inputs (`BuildInputs`), so a link's target could change without the next build seeing it.
    public func overlaid(with folder: URL?) throws(InputError) -> TemplateFiles {
        guard let folder else { return self }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw InputError(file: folder.path, message: "template folder not found")
        }
        var merged = self
        for path in try Self.candidates(in: folder) {
            let url = folder.appendingPathComponent(path)
            guard let bytes = try Self.regularFile(url) else { continue }
            merged.add(path, bytes, file: url.path)
        }
        return merged
    }

    /// The relative paths of an overlay folder that can stand for a template or an asset, hidden files left out:
    /// `*.mustache` files in it and its folders (links are not followed), and the files directly in `assets/`.
    private static func candidates(in folder: URL, prefix: String = "") throws(InputError) -> [String] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") }
        var paths: [String] = []
        for name in names {
            let url = folder.appendingPathComponent(name)
            var info = stat()
            guard lstat(url.path, &info) == 0 else { continue }
            let isFolder = info.st_mode & S_IFMT == S_IFDIR
            if name.hasSuffix(".mustache") {
                paths.append(prefix + name)
            } else if prefix.isEmpty, name == "assets" {
                guard isFolder else { throw notRegular(url) }
                paths += ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [])
                    .filter { !$0.hasPrefix(".") }.map { "assets/\($0)" }
            } else if isFolder {
                paths += try candidates(in: url, prefix: prefix + name + "/")
            } else if info.st_mode & S_IFMT == S_IFLNK, (try? FileManager.default.contentsOfDirectory(atPath: url.path)) != nil {
                throw notRegular(url)  // a linked folder of partials would otherwise be left out without a word
            }
        }
        return paths.sorted()
    }

    /// A regular file's bytes; nil for a folder (an overlay may keep more in `assets/` than gen reads).
    private static func regularFile(_ url: URL) throws(InputError) -> Data? {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { throw InputError(file: url.path, message: "cannot read") }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return nil
        case S_IFREG:
            guard let bytes = FileManager.default.contents(atPath: url.path) else { throw InputError(file: url.path, message: "cannot read") }
            return bytes
        default: throw notRegular(url)
        }
    }

    private static func notRegular(_ url: URL) -> InputError {
        InputError(
            file: url.path,
            message: "not a regular file or folder; gen reads only those in a template folder "
                + "(a symbolic link is not followed: copy what it leads to instead)")
    }
}
