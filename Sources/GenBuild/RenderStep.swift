import Foundation
import GenPlan
import GenRender
import GenWrite

/// Plans and renders the batches on every core. Each worker takes the next file to render, or, when none is
/// waiting, the next batch to plan (or keep); so planning runs on as many cores as have nothing to render, and
/// memory holds the batches in flight, never the site.
///
/// Whether a file is rendered again is decided by its fingerprint alone (`Renderer.prepare`: its template
/// with every partial and parent, and its whole context; a data file's bytes): equal to the previous build's,
/// the previous output's file is kept (hard-linked into the new tree). The one shortcut is a batch that records
/// its reads (`PlanBatch.recorded`: a month of reports, the school pages): when the shared key is the previous
/// build's and every read the batch recorded then gives the same digest now, its files are kept without
/// planning it.
enum RenderStep {
    struct Result {
        var files: [String: BuildManifest.Entry] = [:]
        var months: [String: BuildManifest.Month] = [:]
        var batchesKept: [String] = []
        var kept = 0
        var written = 0
        var pages = 0
    }

    /// `previous`: the previous build's manifest, only when its output is untouched (`OutputStamp`).
    /// `sharedKey`: what every month may read beyond its own documents (`BuildInputs.keys`' `shared`).
    /// `check` sees each batch's files before any is rendered (a missing template fails the build, exit 2).
    static func run(
        _ batches: [PlanBatch], renderer: Renderer, into tree: OutputTree, previous: BuildManifest?, sharedKey: String,
        check: @escaping @Sendable ([PlannedFile]) throws(BuildFailure) -> Void, progress: Progress
    ) throws(BuildFailure) -> Result {
        let work = WorkList(batches)
        let outcome = Outcome()
        DispatchQueue.concurrentPerform(iterations: ProcessInfo.processInfo.activeProcessorCount) { _ in
            var own = Result()
            do throws(BuildFailure) {
                while let item = work.next() {
                    switch item {
                    case .file(let file):
                        try render(file, renderer: renderer, into: tree, previous: previous, result: &own)
                    case .batch(let index):
                        let batch = batches[index]
                        if let recorded = batch.recorded, var month = previous?.months[batch.name], month.key == sharedKey,
                            let reads = previous!.reads(of: batch.name), recorded.isCurrent(reads),
                            keep(month.files, from: previous!, into: tree, result: &own)
                        {
                            month.reads = reads
                            own.months[batch.name] = month
                            own.batchesKept.append(batch.name)
                            progress.mark("\(batch.name): \(month.files.count) files kept unplanned")
                            work.planned([])
                            continue
                        }
                        let (files, reads) = batch.recorded.map { $0.plan() } ?? (batch.files(), nil)
                        try check(files)
                        if let reads {
                            own.months[batch.name] = BuildManifest.Month(key: sharedKey, files: files.map(\.path), reads: reads)
                        }
                        progress.mark("\(batch.name): \(files.count) files")
                        work.planned(files)
                    }
                }
            } catch {
                work.fail(error)
            }
            outcome.add(own)
        }
        if let failure = work.failure { throw failure }
        var result = outcome.result
        let order = Dictionary(batches.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })
        result.batchesKept.sort { order[$0, default: 0] < order[$1, default: 0] }
        return result
    }

    /// One file: kept when its fingerprint is the previous build's and its file is still there, else rendered.
    private static func render(
        _ file: PlannedFile, renderer: Renderer, into tree: OutputTree, previous: BuildManifest?,
        result: inout Result
    ) throws(BuildFailure) {
        let old = previous?.files[file.path]
        do {
            if file.isPage { result.pages += 1 }
            result.written += 1
            if file.isData {
                // A data file made from one value is fingerprinted by it, and kept unencoded when that is
                // unchanged (mileage.json is 85 MB at 100,000 reports); the others are written as they are
                // encoded, their bytes their fingerprint.
                let known = renderer.valueFingerprint(file).map(BuildManifest.Entry.digest)
                if let old, let known, old.fingerprint == known, tree.keep(file.path) {
                    result.files[file.path] = old
                    result.kept += 1
                    return
                }
                var streamed: String?
                let size = try tree.write(to: file.path) { append in
                    streamed = try renderer.streamData(file, hashing: known == nil, to: append)
                }
                let fingerprint = known ?? BuildManifest.Entry.digest(streamed!)
                result.files[file.path] = BuildManifest.Entry(digest: fingerprint, size: size)
                if old?.fingerprint == fingerprint { result.kept += 1 }
                return
            }
            let prepared = try renderer.prepare(file)
            let fingerprint = BuildManifest.Entry.digest(prepared.fingerprint)
            if let old, old.fingerprint == fingerprint, tree.keep(file.path) {
                result.files[file.path] = old
                result.kept += 1
                return
            }
            let data = try prepared.render()
            try tree.write(data, to: file.path)
            result.files[file.path] = BuildManifest.Entry(digest: fingerprint, size: data.count)
        } catch let error as Renderer.Failure {
            throw .render(error.description)
        } catch let error as OutputTree.Failure {
            throw .write(error.description)
        } catch {
            throw .write("\(file.path): \(error)")
        }
    }

    /// A kept month's files, linked from the previous output; false (nothing recorded) when one is gone.
    private static func keep(_ paths: [String], from previous: BuildManifest, into tree: OutputTree, result: inout Result) -> Bool {
        var entries: [(String, BuildManifest.Entry)] = []
        for path in paths {
            guard let entry = previous.files[path], tree.keep(path) else { return false }
            entries.append((path, entry))
        }
        for (path, entry) in entries { result.files[path] = entry }
        result.kept += paths.count
        result.written += paths.count
        result.pages += paths.count(where: { $0.hasSuffix(".html") || $0.hasSuffix(".md") })
        return true
    }

    /// Plans every batch (and checks it) without rendering: `gen check`.
    static func plan(_ batches: [PlanBatch], check: ([PlannedFile]) throws(BuildFailure) -> Void) throws(BuildFailure) {
        for batch in batches { try check(batch.files()) }
    }
}

/// The files waiting to be rendered and the batches still to plan, handed out one at a time.
private final class WorkList: @unchecked Sendable {  // every field under `condition`
    enum Item {
        case file(PlannedFile)
        case batch(Int)
    }

    private let condition = NSCondition()
    private let batchCount: Int
    private var nextBatch = 0
    private var planning = 0
    private var files: [PlannedFile] = []
    private(set) var failure: BuildFailure?

    init(_ batches: [PlanBatch]) { batchCount = batches.count }

    /// A file to render, else a batch to plan; waits while others plan and nothing else is left; nil when done
    /// (or failed).
    func next() -> Item? {
        condition.lock()
        defer { condition.unlock() }
        while failure == nil {
            if let file = files.popLast() { return .file(file) }
            if nextBatch < batchCount {
                nextBatch += 1
                planning += 1
                return .batch(nextBatch - 1)
            }
            if planning == 0 { return nil }
            condition.wait()
        }
        return nil
    }

    /// A batch handed out by `next` is planned: its files join the list.
    func planned(_ new: [PlannedFile]) {
        condition.lock()
        files.append(contentsOf: new.reversed())
        planning -= 1
        condition.broadcast()
        condition.unlock()
    }

    func fail(_ error: BuildFailure) {
        condition.lock()
        if failure == nil { failure = error }
        condition.broadcast()
        condition.unlock()
    }
}

/// The workers' results, put together as each finishes.
private final class Outcome: @unchecked Sendable {  // `merged` under `lock`
    private let lock = NSLock()
    private var merged = RenderStep.Result()

    func add(_ part: RenderStep.Result) {
        lock.withLock {
            merged.files.merge(part.files) { a, _ in a }
            merged.months.merge(part.months) { a, _ in a }
            merged.batchesKept += part.batchesKept
            merged.kept += part.kept
            merged.written += part.written
            merged.pages += part.pages
        }
    }

    var result: RenderStep.Result { lock.withLock { merged } }
}
