import Foundation
import PackagePlugin

/// Embeds the package's top-level `Templates/` folder into the target it is applied to (GenTemplates): SwiftPM
/// resources must lie inside a target's folder, and `Templates/` stays where people edit it. Every file of the
/// folder is an input of the command, so editing, adding or removing one embeds the folder again.
@main
struct EmbedTemplates: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.package.directoryURL.appending(path: "Templates")
        let (files, folders) = Self.contents(of: folder)
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedFiles.swift")
        return [
            .buildCommand(
                displayName: "Embedding the templates into \(target.name)",
                executable: try context.tool(named: "gen-embed").url,
                arguments: [output.path, folder.path],
                // The folders too: SwiftPM asks this plugin for its commands again only when it plans the build again
                // (Package.swift or the list of a target folder's files changed), not when a file is added to
                // Templates/. The folder's modification time changes then, so the command runs and gen-embed, which
                // lists the folder itself, embeds the new file. Until the next planning, that file is no input of its
                // own: an edit written in place is embedded only with the next change of another input.
                inputFiles: files + folders,
                outputFiles: [output]
            )
        ]
    }

    /// Every regular file under `folder` and every folder, itself included, in path order; hidden files (an
    /// editor's swap file, `.DS_Store`) left out, as gen-embed leaves them out.
    static func contents(of folder: URL) -> (files: [URL], folders: [URL]) {
        let keys: [URLResourceKey] = [.isRegularFileKey, .isDirectoryKey]
        guard
            let walker = FileManager.default.enumerator(
                at: folder, includingPropertiesForKeys: keys,
                options: [.skipsHiddenFiles])
        else { return ([], []) }
        var files: [URL] = [], folders: [URL] = [folder]
        for case let url as URL in walker {
            let values = try? url.resourceValues(forKeys: Set(keys))
            if values?.isRegularFile == true { files.append(url) } else if values?.isDirectory == true { folders.append(url) }
        }
        return (files.sorted { $0.path < $1.path }, folders.sorted { $0.path < $1.path })
    }
}
