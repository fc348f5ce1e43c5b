import ArgumentParser
import Foundation
import GenSupport
import GenTemplates

/// `gen templates`: the built-in templates and assets written out, as the start of an overlay folder.
struct TemplatesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "templates",
        abstract: "Write the built-in templates and assets into a folder, to edit and pass to --templates.")

    @Option(help: "Folder to write *.mustache and assets/ into (made if missing).")
    var output: String
    @Flag(help: "Overwrite files that already exist (other files in the folder are left alone).")
    var force = false

    func run() throws {
        let written: [String]
        do {
            written = try BuiltInTemplates.write(to: URL(fileURLWithPath: output), overwrite: force)
        } catch {
            FileHandle.standardError.write(Data("error: \(error.description.escapingControlCharacters)\n".utf8))
            throw ExitStatus.unusableInput
        }
        let folder = output.hasSuffix("/") ? output : output + "/"
        for path in written { print(folder + path) }
        print("wrote \(written.count) files to \(output)")
    }
}
