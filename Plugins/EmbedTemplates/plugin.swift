import Foundation
import PackagePlugin

/// Embeds the package's top-level `Templates/` folder into the target it is applied to (GenTemplates): SwiftPM
/// resources must lie inside a target's folder, and `Templates/` stays where people edit it. Every file of the
/// folder is an input of the command, so editing, adding or removing one embeds the folder again.
@main
struct EmbedTemplates: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.package.directoryURL.appending(path: "Templates")
        let files = Self.files(under: folder)
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedFiles.swift")
        return [.buildCommand(
            displayName: "Embedding the templates into \(target.name)",
            executable: try context.tool(named: "gen-embed").url,
            arguments: [output.path, folder.path] + files.map(\.path),
            inputFiles: files,
            outputFiles: [output]
        )]
    }

    /// Every regular file under `folder`, in path order; hidden files (an editor's swap file, `.DS_Store`) left out.
    static func files(under folder: URL) -> [URL] {
        let keys: [URLResourceKey] = [.isRegularFileKey]
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: keys,
                                                          options: [.skipsHiddenFiles]) else { return [] }
        var files: [URL] = []
        for case let url as URL in walker where (try? url.resourceValues(forKeys: Set(keys)))?.isRegularFile == true {
            files.append(url)
        }
        return files.sorted { $0.path < $1.path }
    }
}
