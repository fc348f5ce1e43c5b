import Foundation
import GenModel
import GenPlan
import GenRender
import GenWrite

/// Renders and writes planned files on all cores. Each file is rendered and written by the
/// same worker, so memory holds only the pages in flight, never the whole site.
enum RenderStep {
    static func run(_ plan: [PlannedFile], renderer: Renderer, into tree: OutputTree, progress: Progress) throws(BuildFailure) {
        let state = RenderState()
        let chunk = 64
        let chunks = (plan.count + chunk - 1) / chunk
        DispatchQueue.concurrentPerform(iterations: chunks) { c in
            for file in plan[(c * chunk)..<min(plan.count, (c + 1) * chunk)] {
                if state.failed { return }
                do {
                    let data = try renderer.render(file)
                    try tree.write(data, to: file.path)
                } catch let error as Renderer.Failure {
                    state.fail(.render(error.description))
                } catch let error as OutputTree.Failure {
                    state.fail(.write(error.description))
                } catch {
                    state.fail(.write("\(file.path): \(error)"))
                }
            }
            progress.counter("rendered", state.advance(by: min(plan.count, (c + 1) * chunk) - c * chunk), plan.count)
        }
        if let failure = state.failure { throw failure }
    }
}

/// Shared between render workers: the first failure, and how many files are done.
private final class RenderState: @unchecked Sendable {
    private let lock = NSLock()
    private var done = 0
    private var firstFailure: BuildFailure?

    var failed: Bool { lock.withLock { firstFailure != nil } }
    var failure: BuildFailure? { lock.withLock { firstFailure } }

    func fail(_ failure: BuildFailure) {
        lock.withLock { if firstFailure == nil { firstFailure = failure } }
    }

    func advance(by n: Int) -> Int {
        lock.withLock { done += n; return done }
    }
}
