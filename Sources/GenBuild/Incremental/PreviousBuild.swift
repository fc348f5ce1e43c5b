import Foundation
import GenSupport
import GenWrite

/// The previous build of an output folder, as far as this build may trust it, and the keys of this build's
/// inputs. The previous manifest is used only when it is of this gen and the output is exactly as that build
/// left it (`OutputStamp`): otherwise every file is rendered, so no hand edit of the output ever survives.
struct PreviousBuild {
    let manifestURL: URL
    let gen: String
    /// `BuildInputs.keys`: everything read (`all`), and what every month may read beyond its documents (`shared`).
    let inputs: (all: String, shared: String)
    /// The previous build's manifest, when it can be trusted (never with `--clean`): read while the export is
    /// loaded, since only rendering needs it.
    let manifest: Pending<BuildManifest?>
    /// The previous build's report, when nothing it read has changed and its output is whole: nothing to do.
    let upToDate: BuildReport?

    init(_ options: BuildOptions) {
        let gen = BuildInputs.genHash(cache: options.cache), manifestURL = BuildManifest.location(cache: options.cache, output: options.output)
        let inputs = BuildInputs.keys(content: options.content, templates: options.templates, output: options.output, gen: gen)
        (self.gen, self.manifestURL, self.inputs) = (gen, manifestURL, inputs)
        let stored = options.clean ? nil : BuildManifest.header(at: manifestURL).flatMap { $0.header.gen == gen ? $0 : nil }
        let output = options.output.standardizedFileURL.path
        /// The manifest, when the output is as it left it: one walk of the output gives its newest change, and
        /// its files when `listing` (a build that may be up to date compares them with the manifest).
        @Sendable func trusted(listing: Bool) -> (BuildManifest, POSIXFiles.Scan)? {
            guard let stored, let scan = POSIXFiles.scan(under: output, files: listing), OutputStamp.isUntouched(manifestURL, output: scan),
                let manifest = BuildManifest(stored.header, data: stored.data)
            else { return nil }
            return (manifest, scan)
        }
        if stored?.header.inputs == inputs.all, let (manifest, scan) = trusted(listing: true), manifest.matches(scan) {
            var report = manifest.header.report
            report.upToDate = true
            // Nothing was processed this time: every local image is as the cache holds it.
            report.images.reused += report.images.processed
            report.images.processed = 0
            upToDate = report
            self.manifest = Pending { manifest }
        } else {
            upToDate = nil
            manifest = Pending.inIdleTime { trusted(listing: false)?.0 }
        }
    }

    /// Before the swap: the old manifest and stamp describe the old output, so a crash between the swap and
    /// saving the new ones costs a full build, never a stale file kept.
    func forget() {
        BuildManifest.remove(at: manifestURL)
        OutputStamp.remove(manifestURL)
    }

    /// After the swap: this build's manifest. Best effort: without it the next build is a full one.
    func record(_ report: BuildReport, rendered: RenderStep.Result) -> Bool {
        var stored = report
        stored.filesKept = 0
        stored.batchesKept = []
        let manifest = BuildManifest(gen: gen, inputs: inputs.all, report: stored, files: rendered.files, months: rendered.months)
        guard (try? manifest.save(to: manifestURL)) != nil else { return false }
        BuildManifest.removeOlderFormats(beside: manifestURL)
        return true
    }

    /// The output's stamp, which lets the next build trust it: its newest change read once the replaced output
    /// is gone (removing it changes the status time of the files the new output shares with it), saved once
    /// the manifest is.
    func stamp(newest: (seconds: Int, nanoseconds: Int)?) { OutputStamp.save(manifestURL, newest: newest) }
}
