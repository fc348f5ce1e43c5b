// gen-embed: writes one Swift source declaring the bytes of every file under a folder, so the gen executable
// carries its templates and assets (run by the EmbedTemplates build-tool plugin on `Templates/`).
//
// Usage: gen-embed OUTPUT.swift FOLDER
//
// It lists the folder itself rather than taking the plugin's list: SwiftPM does not ask the plugin again when a
// file is added, but runs this command again (the folder is one of its inputs), and the new file is embedded.
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: gen-embed OUTPUT.swift FOLDER\n".utf8))
    exit(2)
}
let output = URL(fileURLWithPath: arguments[1])
let root = URL(fileURLWithPath: arguments[2]).standardizedFileURL.path

/// Every regular file under `folder`, by path relative to `root`; hidden files and folders (an editor's swap
/// file, `.DS_Store`) and symbolic links left out.
func files(under folder: String, prefix: String = "") -> [String] {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
        FileHandle.standardError.write(Data("gen-embed: cannot list \(folder)\n".utf8))
        exit(2)
    }
    var found: [String] = []
    for name in names where !name.hasPrefix(".") {
        var info = stat()
        guard lstat(folder + "/" + name, &info) == 0 else { continue }
        switch info.st_mode & S_IFMT {
        case S_IFREG: found.append(prefix + name)
        case S_IFDIR: found += files(under: folder + "/" + name, prefix: prefix + name + "/")
        default: continue
        }
    }
    return found
}

var entries: [(path: String, bytes: Data)] = []
// Sorted by path: the same folder gives the same source.
for path in files(under: root).sorted() {
    guard let bytes = FileManager.default.contents(atPath: root + "/" + path) else {
        FileHandle.standardError.write(Data("gen-embed: cannot read \(root)/\(path)\n".utf8))
        exit(2)
    }
    entries.append((path, bytes))
}

// Base64 string literals: a `[UInt8]` literal of this size costs the type checker seconds, a string literal
// nothing. The paths are plain names (files of the repository), escaped all the same.
func literal(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\\": out += "\\\\"
        case "\"": out += "\\\""
        case " "..."~": out.unicodeScalars.append(scalar)
        default: out += "\\u{\(String(scalar.value, radix: 16))}"
        }
    }
    return out + "\""
}

var source = """
    // Generated at build time by gen-embed (Plugins/EmbedTemplates) from the package's Templates/ folder.
    // Not checked in; edit Templates/ instead.

    /// Every file of `Templates/`: its path relative to the folder, and its bytes in base64.
    let embeddedFiles: [(path: String, base64: String)] = [

    """
for entry in entries {
    source += "    (\(literal(entry.path)), \"\(entry.bytes.base64EncodedString())\"),\n"
}
source += "]\n"

// Written only when it changed: an unchanged source leaves the GenTemplates module as it was, so touching a
// template without changing it recompiles nothing.
let data = Data(source.utf8)
if FileManager.default.contents(atPath: output.path) != data {
    do {
        try FileManager.default.createDirectory(at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: output, options: .atomic)
    } catch {
        FileHandle.standardError.write(Data("gen-embed: cannot write \(output.path): \(error)\n".utf8))
        exit(1)
    }
}
