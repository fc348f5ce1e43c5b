import Foundation
import GenModel
import GenPlan
import GenRender
import GenWrite

/// The fragment indexes of indexed pages (`PlannedFile.indexesFragments`), one file per page, named by
/// the page's fingerprint, beside the manifest: `<cache>/build/<name>.fragments/<fingerprint>`.
///
/// Named by fingerprint, an index can never describe other bytes than the page it names: a build that fails
/// after writing some leaves indexes of pages that were never swapped in, which nothing asks for and the
/// next successful build removes (`prune`).
struct FragmentIndexStore: Sendable {
    let directory: String

    /// Makes the folder (once per build: a gallery planned again writes an index per page, thousands).
    init(manifest: URL) {
        directory = manifest.deletingPathExtension().path + ".fragments"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    /// Best effort: without an index, the next build renders the page's fragments. Written with POSIX calls:
    /// through `FileManager` (which also made the folder each time) it was 14 ms of a rebuild at 10,000 reports.
    func write(_ index: FragmentIndex, fingerprint: String) {
        guard Digest256(hex: fingerprint) != nil else { return }
        let target = "\(directory)/\(fingerprint)"
        let temporary = "\(directory)/.\(fingerprint).\(getpid()).tmp"
        guard (try? POSIXFiles.write(index.encoded, to: temporary)) != nil else {
            unlink(temporary)
            return
        }
        if rename(temporary, target) != 0 { unlink(temporary) }
    }

    func read(fingerprint: Digest256) -> FragmentIndex? {
        guard let data = FileManager.default.contents(atPath: "\(directory)/\(fingerprint.hex)") else { return nil }
        return FragmentIndex(encoded: data)
    }

    /// Removes every index but those of pages in the output now.
    func prune(keeping files: [String: BuildManifest.Entry]) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        let live = Set(files.values.map(\.fingerprint))
        for name in names where Digest256(hex: name).map({ !live.contains($0) }) ?? true {
            unlink("\(directory)/\(name)")
        }
    }

    /// For a batch about to be rendered: the indexes of its indexed pages as the previous build wrote them,
    /// so that their unchanged fragments are read back from the previous output instead of rendered.
    func load(_ files: [PlannedFile], previous: BuildManifest?, output: URL, into fragments: PreviousFragments?) {
        guard let previous, let fragments else { return }
        // On all cores: a gallery planned again has thousands of pages, and the batch waits for their indexes.
        let pages = ParallelMap.map(files.filter(\.indexesFragments)) { file -> PreviousFragments.Page? in
            let path = output.appendingPathComponent(file.path).path
            // The previous page as recorded (by size, as a kept file is), else its index is not used.
            guard let entry = previous.files[file.path], POSIXFiles.regularFileSize(path) == entry.size,
                  let index = read(fingerprint: entry.fingerprint) else { return nil }
            return PreviousFragments.Page(index: index, file: path, size: entry.size)
        }.compactMap { $0 }
        if !pages.isEmpty { fragments.add(batch: pages) }
    }
}
