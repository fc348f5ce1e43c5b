import Foundation
import GenModel
import GenPlan
import GenRender
import GenWrite

/// Plans batch after batch and renders and writes each batch's files on all cores. Each file is rendered and
/// written by the same worker, so memory holds the batch's contexts and the pages in flight, never the site.
///
/// With the previous build's manifest, a file whose fingerprint is unchanged is kept from the previous
/// output (hard-linked into the staging folder) instead of rendered; files no longer planned are simply
/// not carried over. Either way the new tree is swapped in whole, so a failed build changes nothing.
enum RenderStep {
    struct Result {
        var files: [String: BuildManifest.Entry]
        var kept: Int
        var written: Int
        var pages: Int
        /// Every keyed batch, kept or planned: what the next build's manifest records.
        var batches: [String: BuildManifest.Batch]
        /// Batches kept whole, without planning.
        /// The names of the batches kept whole, in build order.
        var batchesKept: [String]
    }

    /// Plans and renders the batches in order. Every core takes the next file from a feed that moves on to
    /// the next batch when one runs out, with no pause between batches; the batch after the current one is
    /// planned on another thread meanwhile. `check` sees each batch's files before any is rendered (a missing
    /// template fails the build as bad input, exit 2).
    ///
    /// A batch with a key (`PlanBatch.key`) equal to the previous build's is not planned at all: its files,
    /// recorded by the previous build, are kept as they are (`BatchReuse`), linked by a thread of their own
    /// that runs ahead of the workers (`ReuseDecisions`), so no worker waits while a kept month is linked.
    ///
    /// Indexed pages (a month's pages, which show every report body of the month) have their fragments
    /// located as they are rendered, and the index saved in `fragments`; a batch planned again loads its pages'
    /// previous indexes first, so its unchanged fragments are read back rather than rendered.
    static func run(_ batches: [PlanBatch], renderer: Renderer, into tree: OutputTree, previous: BuildManifest?, sharedKey: String,
                    fragments: FragmentIndexStore?,
                    check: @escaping ([PlannedFile]) throws(BuildFailure) -> Void, progress: Progress) throws(BuildFailure) -> Result {
        let state = RenderState()
        let reuse = BatchReuse(previous: previous, sharedKey: sharedKey, tree: tree)
        let previousManifest = previous
        let previousFragments = renderer.templates.previousFragments
        let previous = previous?.files
        let feed = Feed(batches, reuse: reuse, check: check, progress: progress) { planned in
            fragments?.load(planned, previous: previousManifest, output: tree.output, into: previousFragments)
        }
        DispatchQueue.concurrentPerform(iterations: ProcessInfo.processInfo.activeProcessorCount) { _ in
            var entries: [(String, BuildManifest.Entry)] = []
            var kept = 0
            loop: while !state.failed {
                let file: PlannedFile
                switch Swift.Result(catching: { () throws(BuildFailure) in try feed.next() }) {
                case .success(let next?): file = next
                case .success(nil): break loop
                case .failure(let failure):
                    state.fail(failure)
                    break loop
                }
                do {
                    if file.isData {
                        // Written as it is encoded (mileage.json is 85 MB at 100,000 reports): the bytes are
                        // made either way to fingerprint them, so they are simply written (and count as kept when
                        // they are the bytes the previous build wrote).
                        var fingerprint = ""
                        let size = try tree.write(to: file.path) { append in fingerprint = try renderer.streamData(file, to: append) }
                        if let entry = BuildManifest.Entry(fingerprint: fingerprint, size: size) { entries.append((file.path, entry)) }
                        if previous?[file.path]?.matches(fingerprint) == true { kept += 1 }  // the same bytes: unchanged
                        continue
                    }
                    let prepared = try renderer.prepare(file)
                    let fingerprint = prepared.fingerprint
                    if let old = previous?[file.path], old.matches(fingerprint), tree.keep(file.path, size: old.size) {
                        entries.append((file.path, old))
                        kept += 1
                        continue
                    }
                    let data: Data
                    if file.indexesFragments, let fragments {
                        let indexed = try renderer.renderIndexed(prepared)
                        data = indexed.data
                        fragments.write(indexed.index, fingerprint: fingerprint)
                    } else {
                        data = try prepared.render()
                    }
                    try tree.write(data, to: file.path)
                    if let entry = BuildManifest.Entry(fingerprint: fingerprint, size: data.count) { entries.append((file.path, entry)) }
                } catch let error as Renderer.Failure {
                    state.fail(.render(error.description))
                } catch let error as OutputTree.Failure {
                    state.fail(.write(error.description))
                } catch {
                    state.fail(.write("\(file.path): \(error)"))
                }
            }
            state.record(entries, kept: kept)
        }
        feed.finish()
        if let failure = state.failure { throw failure }
        state.record(feed.keptEntries, kept: feed.keptEntries.count)
        return Result(files: state.files, kept: state.kept, written: feed.written, pages: feed.pages, batches: feed.records,
                      batchesKept: feed.batchesKept)
    }

    /// Plans every batch (and checks it) without rendering: `gen check`.
    static func plan(_ batches: [PlanBatch], check: ([PlannedFile]) throws(BuildFailure) -> Void) throws(BuildFailure) {
        for batch in batches { try check(batch.files()) }
    }
}

/// Which batches are kept, decided in build order on one thread of their own, ahead of the render workers:
/// keeping a batch is linking its files (tens of thousands in a large site), which the workers need not
/// wait for, while a batch to be planned is only planned when its turn comes (`BatchPlanning`).
private final class ReuseDecisions: @unchecked Sendable {
    struct Decision {
        /// The batch's key, when it has one (recorded for the next build).
        var key: String?
        /// The batch's record and files, when it was kept whole (its files already linked into the new tree).
        var kept: (batch: BuildManifest.Batch, entries: [(String, BuildManifest.Entry)])?
    }

    private let condition = NSCondition()
    private var decisions: [Decision?]
    private var cancelled = false
    private let group = DispatchGroup()

    init(_ batches: [PlanBatch], reuse: BatchReuse) {
        decisions = Array(repeating: nil, count: batches.count)
        BackgroundThread.start(group: group) {
            for (index, batch) in batches.enumerated() {
                if self.condition.withLock({ self.cancelled }) { return }
                let key = reuse.key(of: batch)
                let decision = Decision(key: key, kept: key.flatMap { reuse.keep(batch.name, key: $0) })
                self.condition.lock()
                self.decisions[index] = decision
                self.condition.broadcast()
                self.condition.unlock()
            }
        }
    }

    /// The decision for batch `index`, waiting for it; handed over, not kept here.
    func take(_ index: Int) -> Decision {
        condition.lock()
        defer { condition.unlock() }
        while decisions[index] == nil { condition.wait() }
        defer { decisions[index] = Decision(key: nil, kept: nil) }
        return decisions[index]!
    }

    /// Stops deciding (a failed build links nothing more) and waits until nothing is being linked: the
    /// staging tree is then the build's alone to commit or discard.
    func finish() {
        condition.withLock { cancelled = true }
        group.wait()
    }
}

/// A batch being planned on another thread; `take` waits for it. A batch whose key is unchanged is kept
/// instead of planned.
private final class BatchPlanning: @unchecked Sendable {
    enum Outcome {
        /// Planned; `key` when the batch has one (recorded for the next build).
        case planned([PlannedFile], key: String?)
        /// Kept whole from the previous build, its files already linked into the new tree.
        case kept(BuildManifest.Batch, entries: [(String, BuildManifest.Entry)])
    }

    private let group = DispatchGroup()
    private var outcome = Outcome.planned([], key: nil)

    init(_ batch: PlanBatch, index: Int, decisions: ReuseDecisions, planned: @escaping @Sendable ([PlannedFile]) -> Void) {
        BackgroundThread.start(group: group) {
            let decision = decisions.take(index)
            if let kept = decision.kept {
                self.outcome = .kept(kept.batch, entries: kept.entries)
            } else {
                let files = batch.files()
                planned(files)
                self.outcome = .planned(files, key: decision.key)
            }
        }
    }

    /// The outcome, handed over (not kept here): the feed lets go of each planned file as it is taken.
    func take() -> Outcome {
        group.wait()
        defer { outcome = .planned([], key: nil) }
        return outcome
    }
}

/// The files to render, batch after batch, handed out one at a time to the render workers.
private final class Feed: @unchecked Sendable {
    private let lock = NSLock()
    private let batches: [PlanBatch]
    private let decisions: ReuseDecisions
    private let check: ([PlannedFile]) throws(BuildFailure) -> Void
    private let progress: Progress
    private var batchIndex = -1
    private var files: [PlannedFile] = []
    private var position = 0
    private var upcoming: BatchPlanning?
    private(set) var written = 0
    private(set) var pages = 0
    /// The files of batches kept whole, and every keyed batch's record.
    private(set) var keptEntries: [(String, BuildManifest.Entry)] = []
    private(set) var records: [String: BuildManifest.Batch] = [:]
    private(set) var batchesKept: [String] = []
    private static let taken = PlannedFile(path: "", content: .asset(""))

    /// Called with each batch's files once it is planned, before any is rendered.
    private let planned: @Sendable ([PlannedFile]) -> Void

    init(_ batches: [PlanBatch], reuse: BatchReuse, check: @escaping ([PlannedFile]) throws(BuildFailure) -> Void,
         progress: Progress, planned: @escaping @Sendable ([PlannedFile]) -> Void) {
        self.planned = planned
        self.batches = batches
        decisions = ReuseDecisions(batches, reuse: reuse)
        self.check = check
        self.progress = progress
        upcoming = batches.first.map { BatchPlanning($0, index: 0, decisions: decisions, planned: planned) }
    }

    /// After the last file (or a failure): nothing is linked into the tree any more.
    func finish() { decisions.finish() }

    /// The next file, or nil when every batch is done.
    func next() throws(BuildFailure) -> PlannedFile? {
        lock.lock()
        defer { lock.unlock() }
        while position == files.count {
            guard let planning = upcoming else { return nil }
            // Waiting here holds the lock: the other workers have nothing to take either.
            // The batch before has been freed but for its last files in flight: hand its memory back.
            HeapTuning.trim()
            let outcome = planning.take()  // the only reference: taking files out below does not copy the batch
            position = 0
            batchIndex += 1
            let batch = batches[batchIndex]
            upcoming = batchIndex + 1 < batches.count
                ? BatchPlanning(batches[batchIndex + 1], index: batchIndex + 1, decisions: decisions, planned: planned) : nil
            switch outcome {
            case .kept(let record, let entries):
                files = []
                keptEntries += entries
                records[batch.name] = record
                batchesKept.append(batch.name)
                progress.mark("batch \(batchIndex + 1)/\(batches.count): \(batch.name), \(record.files.count) files kept unplanned")
                written += record.files.count
                pages += record.pages
            case .planned(let planned, let key):
                files = planned
                try check(files)
                progress.mark("batch \(batchIndex + 1)/\(batches.count): \(batch.name), \(files.count) files")
                written += files.count
                let pageCount = files.filter(\.isPage).count
                pages += pageCount
                if let key { records[batch.name] = BuildManifest.Batch(key: key, files: files.map(\.path), pages: pageCount) }
            }
        }
        let file = files[position]
        // The worker holds the file now; the feed keeps only the files still to come, so a page's context
        // (and the report bodies it shares) is freed once the page is written, not at the end of the batch.
        files[position] = Self.taken
        position += 1
        progress.counter("\(batches[batchIndex].name) (\(batchIndex + 1)/\(batches.count))", position, files.count)
        return file
    }
}

/// Shared between render workers: the first failure and the manifest entries.
private final class RenderState: @unchecked Sendable {
    private let lock = NSLock()
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
}
