import Foundation
import GenWrite

/// The staging folder of an incremental build, made a replica of the current output before the pages are
/// planned: on the thread that reads the previous manifest, while the export is loaded and computed (stages
/// that leave a core idle much of the time). The render workers then find every kept file in place
/// (`Entry.inStaging`) and only replace what changed; linking tens of thousands of kept files while
/// rendering was the largest single cost of a one-change rebuild.
///
/// The replica starts from the base (the output before the previous one) when there is one: its files equal
/// to the output's stay (same size as recorded: a file edited by hand is linked again or rendered), the rest
/// go, and what is missing is linked from the output. Without a base, every file is linked.
enum StagingReplica {
    /// The staging folder for `output`, a replica of it as `manifest` records it; nil when it cannot be made
    /// (the build then starts an empty one). Marks the files it holds in `manifest`. Any other base tree of the
    /// output folder is deleted.
    static func make(_ manifest: inout BuildManifest, manifestURL: URL, output: URL, gen: String) -> OutputTree? {
        let base = manifest.markBase(manifestURL, gen: gen)
        let tree = try? OutputTree(output: output, recycling: base, replicating: true)
        BuildManifest.removeBaseTrees(manifestURL)
        guard let tree else { return nil }
        let threads = ProcessInfo.processInfo.activeProcessorCount
        if tree.fromBase {
            // The recycled base keeps what it holds as the output does; the rest of it goes (`holdRecycled`).
            let all = Array(manifest.files.indices)
            let listed = all.map { place in
                OutputTree.RecycledFile(path: manifest.files.keys[place], size: manifest.files.values[place].size,
                                        stays: manifest.files.values[place].inBase)
            }
            for position in tree.holdRecycled(listed, threads: threads) { manifest.files.values[all[position]].inStaging = true }
        }
        // The files still to link, by their place in the table: each marked there once linked, not looked up
        // again by path (227,000 lookups in a first rebuild at 100,000 reports).
        let places = manifest.files.indices.filter { !manifest.files.values[$0].inStaging }
        let missing = places.map { (path: manifest.files.keys[$0], size: manifest.files.values[$0].size) }
        // On as many threads as cores, each at this thread's priority: in idle time they take what idle cores
        // there are, and when the build waits for the replica (a first rebuild links every file), all of them.
        tree.replicate(missing, threads: threads) { position in
            manifest.files.values[places[position]].inStaging = true
        }
        return tree
    }

    /// After a build without a previous manifest (the first, `--clean`): the output just committed, linked
    /// into the base tree under this build's inputs, so the next build recycles it (`make`) instead of
    /// linking every file of the output while it loads and computes. This build pays for the links once, at
    /// its end, on every core, while its manifest is saved; the base manifest follows (`shareBase`). Whether
    /// the tree is whole.
    static func linkBase(_ files: [String: BuildManifest.Entry], of tree: OutputTree, manifestURL: URL, inputs: String) -> Bool {
        tree.leaveReplica(Array(files.keys), at: BuildManifest.baseTree(manifestURL, inputs: inputs),
                          threads: ProcessInfo.processInfo.activeProcessorCount)
    }

    /// The base manifest, once the tree is whole (`linked`) and the manifest `saved`; else no tree is left.
    static func shareBase(linked: Bool, saved: Bool, manifestURL: URL, inputs: String) {
        if linked, saved, BuildManifest.shareAsBase(manifestURL) { return }
        POSIXFiles.removeTree(BuildManifest.baseTree(manifestURL, inputs: inputs).path)
    }

    /// The files the replica holds that the build neither wrote nor kept (`OutputTree.prune(stale:)`).
    static func stale(_ previous: BuildManifest, new files: [String: BuildManifest.Entry]) -> [String] {
        previous.files.compactMap { $0.value.inStaging && files[$0.key] == nil ? $0.key : nil }
    }
}
