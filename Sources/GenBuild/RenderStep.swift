import Foundation
import GenModel
import GenPlan
import GenRender
import GenWrite

/// Renders and writes planned files on all cores. Each file is rendered and written by the
/// same worker, so memory holds only the pages in flight, never the whole site.
///
/// With the previous build's manifest, a file whose fingerprint is unchanged is kept from the previous
/// output (hard-linked into the staging folder) instead of rendered; files no longer planned are simply
/// not carried over. Either way the new tree is swapped in whole, so a failed build changes nothing.
enum RenderStep {
    struct Result {
        var files: [String: BuildManifest.Entry]
        var kept: Int
    }

    static func run(_ plan: [PlannedFile], renderer: Renderer, into tree: OutputTree, previous: [String: BuildManifest.Entry]?,
                    progress: Progress) throws(BuildFailure) -> Result {
        let state = RenderState()
        // Small chunks: pages differ a lot in cost (a monthly page holds a whole month), and one slow chunk
        // must not leave the other cores idle at the end.
        let chunk = 4
        let chunks = (plan.count + chunk - 1) / chunk
        DispatchQueue.concurrentPerform(iterations: chunks) { c in
            var entries: [(String, BuildManifest.Entry)] = []
            var kept = 0
            for file in plan[(c * chunk)..<min(plan.count, (c + 1) * chunk)] {
                if state.failed { return }
                do {
                    let prepared = try renderer.prepare(file)
                    let fingerprint = prepared.fingerprint
                    if let old = previous?[file.path], old.fingerprint == fingerprint, tree.keep(file.path, size: old.size) {
                        entries.append((file.path, old))
                        kept += 1
                        continue
                    }
                    let data = try prepared.render()
                    try tree.write(data, to: file.path)
                    entries.append((file.path, BuildManifest.Entry(fingerprint: fingerprint, size: data.count)))
                } catch let error as Renderer.Failure {
                    state.fail(.render(error.description))
                } catch let error as OutputTree.Failure {
                    state.fail(.write(error.description))
                } catch {
                    state.fail(.write("\(file.path): \(error)"))
                }
            }
            state.record(entries, kept: kept)
            progress.counter("rendered", state.advance(by: min(plan.count, (c + 1) * chunk) - c * chunk), plan.count)
        }
        if let failure = state.failure { throw failure }
        return Result(files: state.files, kept: state.kept)
    }
}

/// Shared between render workers: the first failure, how many files are done, and the manifest entries.
private final class RenderState: @unchecked Sendable {
    private let lock = NSLock()
    private var done = 0
    private var firstFailure: BuildFailure?
    private var entries: [String: BuildManifest.Entry] = [:]
    private var keptCount = 0

    var failed: Bool { lock.withLock { firstFailure != nil } }
    var failure: BuildFailure? { lock.withLock { firstFailure } }
    var files: [String: BuildManifest.Entry] { lock.withLock { entries } }
    var kept: Int { lock.withLock { keptCount } }

    func fail(_ failure: BuildFailure) {
        lock.withLock { if firstFailure == nil { firstFailure = failure } }
    }

    func record(_ new: [(String, BuildManifest.Entry)], kept: Int) {
        lock.withLock {
            for (path, entry) in new { entries[path] = entry }
            keptCount += kept
        }
    }

    func advance(by n: Int) -> Int {
        lock.withLock { done += n; return done }
    }
}
