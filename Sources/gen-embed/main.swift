// gen-embed: writes one Swift source declaring the given files' bytes, so the gen executable carries its
// templates and assets (run by the EmbedTemplates build-tool plugin on every file of `Templates/`).
//
// Usage: gen-embed OUTPUT.swift ROOT FILE...   (each FILE under ROOT; it is named by its path relative to ROOT)
import Foundation

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: gen-embed OUTPUT.swift ROOT FILE...\n".utf8))
    exit(2)
}
let output = URL(fileURLWithPath: arguments[1])
let root = URL(fileURLWithPath: arguments[2]).standardizedFileURL.path
let prefix = root.hasSuffix("/") ? root : root + "/"

var entries: [(path: String, bytes: Data)] = []
for file in arguments.dropFirst(3) {
    let path = URL(fileURLWithPath: file).standardizedFileURL.path
    guard path.hasPrefix(prefix) else {
        FileHandle.standardError.write(Data("gen-embed: \(path) is not under \(root)\n".utf8))
        exit(2)
    }
    guard let bytes = FileManager.default.contents(atPath: path) else {
        FileHandle.standardError.write(Data("gen-embed: cannot read \(path)\n".utf8))
        exit(2)
    }
    entries.append((String(path.dropFirst(prefix.count)), bytes))
}
// Sorted by path: the same folder gives the same source, whatever order the plugin listed it in.
entries.sort { $0.path < $1.path }

// Base64 string literals: a `[UInt8]` literal of this size costs the type checker seconds, a string literal
// nothing. The paths are plain names (the plugin lists files of the repository), escaped all the same.
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
