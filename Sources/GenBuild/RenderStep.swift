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
        /// The names of the batches kept whole, in build order.
        var batchesKept: [String]
        /// Groups of files within planned batches (days) kept without preparing their files.
        var groupsKept: Int
        /// The files this build wrote rather than kept (`BuildManifest.BaseRelation`); nil when there are more
        /// than `RenderState.changedListed`.
        var changed: [String]?
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
                    fragments: FragmentIndexStore?, freeing: Bool = true,
                    check: @escaping ([PlannedFile]) throws(BuildFailure) -> Void, progress: Progress) throws(BuildFailure) -> Result {
        let state = RenderState(expecting: previous?.files.count ?? 0)
        let reuse = BatchReuse(previous: previous, sharedKey: sharedKey, tree: tree)
        let previousManifest = previous
        let previousFragments = renderer.templates.previousFragments
        let previous = previous?.files
        // A kept batch's files are recorded as soon as they are linked, by the thread linking them: recorded
        // after the last page, the 224,000 kept files of a one-change rebuild at 100,000 reports held one
        // core for 0.07 s while the other was idle.
        let feed = Feed(batches, reuse: reuse, check: check, progress: progress, kept: { state.record($0, kept: $0.count, written: []) }) { planned in
            fragments?.load(planned, previous: previousManifest, output: tree.output, into: previousFragments)
        }
        DispatchQueue.concurrentPerform(iterations: ProcessInfo.processInfo.activeProcessorCount) { _ in
            var entries: [(String, BuildManifest.Entry)] = []
            var kept = 0
            var written: [String] = []
            /// Keeps the previous build's file at the path, as the manifest recorded it; false when it is gone.
            func keepPrevious(_ file: PlannedFile) -> Bool {
                guard let old = previous?[file.path], tree.keep(file.path, size: old.size, inStaging: old.inStaging) else { return false }
                entries.append((file.path, old))
                kept += 1
                return true
            }
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
                    // A day's pages whose inputs are unchanged (`FileGroup`): kept without preparing them.
                    if file.groupUnchanged, keepPrevious(file) { continue }
                    if file.isData {
                        // Written as it is encoded (mileage.json is 85 MB at 100,000 reports): the bytes are
                        // made either way to fingerprint them, so they are simply written (and count as kept when
                        // they are the bytes the previous build wrote).
                        var fingerprint = ""
                        let size = try tree.write(to: file.path) { append in fingerprint = try renderer.streamData(file, to: append) }
                        if let entry = BuildManifest.Entry(fingerprint: fingerprint, size: size) { entries.append((file.path, entry)) }
                        if previous?[file.path]?.matches(fingerprint) == true { kept += 1 }  // the same bytes: unchanged
                        written.append(file.path)
                        continue
                    }
                    let prepared = try renderer.prepare(file)
                    let fingerprint = prepared.fingerprint
                    if previous?[file.path]?.matches(fingerprint) == true, keepPrevious(file) { continue }
                    let data: Data
                    if file.indexesFragments, let fragments {
                        let indexed = try renderer.renderIndexed(prepared)
                        data = indexed.data
                        fragments.write(indexed.index, fingerprint: fingerprint)
                    } else {
                        data = try prepared.render()
                    }
                    try tree.write(data, to: file.path)
                    written.append(file.path)
                    if let entry = BuildManifest.Entry(fingerprint: fingerprint, size: data.count) { entries.append((file.path, entry)) }
                } catch let error as Renderer.Failure {
                    state.fail(.render(error.description))
                } catch let error as OutputTree.Failure {
                    state.fail(.write(error.description))
                } catch {
                    state.fail(.write("\(file.path): \(error)"))
                }
            }
            state.record(entries, kept: kept, written: written)
        }
        feed.finish()
        if let failure = state.failure { throw failure }
        let result = Result(files: state.files, kept: state.kept, written: feed.written, pages: feed.pages, batches: feed.records,
                            batchesKept: feed.batchesKept, groupsKept: feed.groupsKept, changed: state.changed)
        // The feed holds the last references to the batches' plans: freed beside the swap, not before it.
        BackgroundRelease.drop(consume feed, freeing: freeing)
        return result
    }

    /// Plans every batch (and checks it) without rendering: `gen check`.
    static func plan(_ batches: [PlanBatch], check: ([PlannedFile]) throws(BuildFailure) -> Void) throws(BuildFailure) {
        for batch in batches { try check(batch.files()) }
    }
}

/// Which batches are kept, decided on one thread of their own, ahead of the render workers, in two passes:
/// first every batch's key (quick: which batches are to be planned is known at once), then the linking of
/// the kept batches' files (tens of thousands in a large site), which nothing waits for until the end. A
/// batch whose files cannot all be linked (one removed by hand) is planned after all, at the end.
private final class ReuseDecisions: @unchecked Sendable {
    enum Decision {
        /// To be planned; its key, when it has one (recorded for the next build).
        case plan(key: String?)
        /// Unchanged since the previous build: its files are being linked (`kept(_:)`).
        case keep(key: String)
    }

    /// A kept batch's record (its files recorded by `init`'s `kept`).
    typealias Kept = BuildManifest.Batch

    private let condition = NSCondition()
    private var decisions: [Decision?]
    /// The kept batches' outcomes by index: nil inside when linking failed.
    private var linked: [Int: Kept?] = [:]
    private var cancelled = false
    private let group = DispatchGroup()

    /// `kept` is given each kept batch's files once they are linked, on the linking thread.
    init(_ batches: [PlanBatch], reuse: BatchReuse, kept record: @escaping @Sendable ([(String, BuildManifest.Entry)]) -> Void) {
        decisions = Array(repeating: nil, count: batches.count)
        BackgroundThread.start(group: group) {
            var keeping: [(Int, String)] = []
            for (index, batch) in batches.enumerated() {
                let key = reuse.key(of: batch)
                let decision: Decision
                if let key, reuse.isUnchanged(batch.name, key: key) {
                    decision = .keep(key: key)
                    keeping.append((index, key))
                } else {
                    decision = .plan(key: key)
                }
                self.publish { self.decisions[index] = decision }
            }
            for (index, key) in keeping {
                if self.condition.withLock({ self.cancelled }) { return }
                let kept = reuse.keep(batches[index].name, key: key)
                if let kept { record(kept.entries) }
                self.publish { self.linked[index] = .some(kept?.batch) }
            }
        }
    }

    private func publish(_ change: () -> Void) {
        condition.lock()
        change()
        condition.broadcast()
        condition.unlock()
    }

    /// Whether batch `index` is planned or kept, waiting for its key.
    func decision(_ index: Int) -> Decision {
        condition.lock()
        defer { condition.unlock() }
        while decisions[index] == nil { condition.wait() }
        return decisions[index]!
    }

    /// A kept batch's record and linked files, waiting for the linking; nil when it failed. Handed over.
    func kept(_ index: Int) -> Kept? {
        condition.lock()
        defer { condition.unlock() }
        while linked[index] == nil { condition.wait() }
        return linked.removeValue(forKey: index)!
    }

    /// Stops linking (a failed build links nothing more) and waits until nothing is being linked: the
    /// staging tree is then the build's alone to commit or discard.
    func finish() {
        condition.withLock { cancelled = true }
        group.wait()
    }
}

/// A batch being planned on another thread; `take` waits for it.
private final class BatchPlanning: @unchecked Sendable {
    let index: Int
    let key: String?
    private let group = DispatchGroup()
    private var files: [PlannedFile] = []

    init(_ batch: PlanBatch, index: Int, key: String?, planned: @escaping @Sendable ([PlannedFile]) -> Void) {
        self.index = index
        self.key = key
        BackgroundThread.start(group: group) {
            let files = batch.files()
            planned(files)
            self.files = files
        }
    }

    /// The files, handed over (not kept here): the feed lets go of each planned file as it is taken.
    func take() -> [PlannedFile] {
        group.wait()
        defer { files = [] }
        return files
    }
}

/// The files to render, batch after batch, handed out one at a time to the render workers. Batches to plan
/// come in build order; kept batches are passed over and gathered at the end, when their files are linked.
private final class Feed: @unchecked Sendable {
    private let lock = NSLock()
    private let batches: [PlanBatch]
    private let decisions: ReuseDecisions
    private let reuse: BatchReuse
    /// The previous build's group records by batch name (`BatchReuse.previousGroups`).
    private let previousGroups: [String: [(String, BuildManifest.Batch)]]
    private(set) var groupsKept = 0
    private let check: ([PlannedFile]) throws(BuildFailure) -> Void
    private let progress: Progress
    private var batchIndex = -1
    private var files: [PlannedFile] = []
    private var position = 0
    private var upcoming: BatchPlanning?
    /// Kept batches passed over, gathered once the planned ones are all handed out.
    private var keeping: [Int] = []
    private(set) var written = 0
    private(set) var pages = 0
    /// Every keyed batch's record.
    private(set) var records: [String: BuildManifest.Batch] = [:]
    private var keptIndexes: [Int] = []
    /// The names of the batches kept whole, in build order.
    var batchesKept: [String] { keptIndexes.sorted().map { batches[$0].name } }
    private static let taken = PlannedFile(path: "", content: .asset(""))

    /// Called with each batch's files once it is planned, before any is rendered.
    private let planned: @Sendable ([PlannedFile]) -> Void

    /// `kept`: given the files of each batch kept whole, once linked (on the linking thread).
    init(_ batches: [PlanBatch], reuse: BatchReuse, check: @escaping ([PlannedFile]) throws(BuildFailure) -> Void,
         progress: Progress, kept: @escaping @Sendable ([(String, BuildManifest.Entry)]) -> Void,
         planned: @escaping @Sendable ([PlannedFile]) -> Void) {
        self.planned = planned
        self.batches = batches
        self.reuse = reuse
        previousGroups = reuse.previousGroups()
        decisions = ReuseDecisions(batches, reuse: reuse, kept: kept)
        self.check = check
        self.progress = progress
        upcoming = planning(from: 0)
    }

    /// Starts planning the first batch from `index` on that is to be planned; the kept ones before it are
    /// passed over.
    private func planning(from index: Int) -> BatchPlanning? {
        var index = index
        while index < batches.count {
            switch decisions.decision(index) {
            case .keep:
                keeping.append(index)
                index += 1
            case .plan(let key):
                return BatchPlanning(batches[index], index: index, key: key, planned: planned)
            }
        }
        return nil
    }

    /// After the last file (or a failure): nothing is linked into the tree any more.
    func finish() { decisions.finish() }

    /// The first batch that failed its check: every worker asking for a file after it is told the same, so no
    /// worker renders a file of that batch (or a later one) and reports another failure first.
    private var failure: BuildFailure?

    /// The next file, or nil when every batch is done.
    func next() throws(BuildFailure) -> PlannedFile? {
        lock.lock()
        defer { lock.unlock() }
        if let failure { throw failure }
        do {
            return try nextFile()
        } catch {
            failure = error
            throw error
        }
    }

    /// `next()` under the lock.
    private func nextFile() throws(BuildFailure) -> PlannedFile? {
        while position == files.count {
            position = 0
            files = []
            if let planning = upcoming {
                // Waiting here holds the lock: the other workers have nothing to take either. (Nothing is
                // trimmed here: `malloc_trim` took every heap's lock while the other workers rendered, and
                // the memory it gave back was taken again at once; cold builds ran 5 % faster without it,
                // at the same peak, 917 MiB at 100,000 reports.)
                let planned = planning.take()  // the only reference: taking files out below does not copy the batch
                batchIndex = planning.index
                upcoming = self.planning(from: batchIndex + 1)
                try take(planned, key: planning.key)
            } else if !keeping.isEmpty {
                batchIndex = keeping.removeFirst()
                let batch = batches[batchIndex]
                if let record = decisions.kept(batchIndex) {
                    records[batch.name] = record
                    for (name, group) in previousGroups[batch.name] ?? [] { records[name] = group }
                    keptIndexes.append(batchIndex)
                    progress.mark("batch \(batchIndex + 1)/\(batches.count): \(batch.name), \(record.files.count) files kept unplanned")
                    written += record.files.count
                    pages += record.pages
                } else {
                    // A file of the batch is no longer as recorded: planned after all, under the same key.
                    let files = batch.files()
                    planned(files)
                    var key: String?
                    if case .keep(let unchanged) = decisions.decision(batchIndex) { key = unchanged }
                    try take(files, key: key)
                }
            } else {
                return nil
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

    /// A planned batch's files become the ones handed out.
    private func take(_ planned: [PlannedFile], key: String?) throws(BuildFailure) {
        let batch = batches[batchIndex]
        try check(planned)
        files = planned
        markGroups()
        // A keyed batch whose key changed: most of its files will be rendered (those of unchanged groups are
        // kept without being prepared).
        if let key, let previousKey = reuse.previous?.batches[batch.name]?.key, previousKey != key {
            for index in files.indices { files[index].likelyChanged = true }
        }
        progress.mark("batch \(batchIndex + 1)/\(batches.count): \(batch.name), \(files.count) files")
        written += files.count
        let pageCount = files.filter(\.isPage).count
        pages += pageCount
        if let key { records[batch.name] = BuildManifest.Batch(key: key, files: files.map(\.path), pages: pageCount) }
    }
}

extension Feed {
    /// Records the groups of the batch just taken (`FileGroup`) for the next build, and marks the files of
    /// each group whose key is the previous build's as unchanged. A group's key covers its files' paths (a
    /// day's key has its reports' paths and its date), so the record holds no list of them: at 100,000
    /// reports that would be 200,000 more lines in the manifest's table.
    fileprivate func markGroups() {
        var members: [ObjectIdentifier: [Int]] = [:]
        var groups: [FileGroup] = []
        for index in files.indices {
            guard let group = files[index].group else { continue }
            let id = ObjectIdentifier(group)
            if members[id] == nil { groups.append(group) }
            members[id, default: []].append(index)
        }
        for group in groups {
            guard let key = reuse.key(of: group), let indexes = members[ObjectIdentifier(group)] else { continue }
            records[group.name] = BuildManifest.Batch(key: key, files: [], pages: indexes.count(where: { files[$0].isPage }))
            guard reuse.previous?.batches[group.name]?.key == key else { continue }
            for index in indexes { files[index].groupUnchanged = true }
            groupsKept += 1
        }
    }
}

/// Shared between render workers: the first failure and the manifest entries.
private final class RenderState: @unchecked Sendable {
    private let lock = NSLock()
    private var firstFailure: BuildFailure?
    private var entries: [String: BuildManifest.Entry] = [:]
    private var keptCount = 0
    private var changedPaths: [String]? = []
    /// The most files written that the manifest lists by name: a rebuild writes a few hundred; a full build or
    /// a changed template, every file, and the next build then compares the two tables instead.
    static let changedListed = 5_000

    /// `expecting`: about how many files the build makes (the previous build's count). Grown from empty, the
    /// table of 227,000 files was copied into a larger one again and again: 0.1 s of CPU at 100,000 reports.
    init(expecting count: Int) { entries.reserveCapacity(count) }

    var failed: Bool { lock.withLock { firstFailure != nil } }
    var failure: BuildFailure? { lock.withLock { firstFailure } }
    var files: [String: BuildManifest.Entry] { lock.withLock { entries } }
    var kept: Int { lock.withLock { keptCount } }
    var changed: [String]? { lock.withLock { changedPaths } }

    func fail(_ failure: BuildFailure) {
        lock.withLock { if firstFailure == nil { firstFailure = failure } }
    }

    func record(_ new: [(String, BuildManifest.Entry)], kept: Int, written: [String]) {
        lock.withLock {
            for (path, entry) in new { entries[path] = entry }
            keptCount += kept
            if let listed = changedPaths { changedPaths = listed.count + written.count > Self.changedListed ? nil : listed + written }
        }
    }
}
