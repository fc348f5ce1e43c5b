import Foundation
import GenModel
import GenPlan
import GenWrite

/// The previous build's keyed batches, and how to keep one: every file it recorded, linked from the
/// previous output into the new tree.
struct BatchReuse: Sendable {
    let previous: BuildManifest?
    let sharedKey: String
    let tree: OutputTree

    /// The batch's key with the build's shared key and the batch's name; nil for a batch without one.
    func key(of batch: PlanBatch) -> String? {
        key(name: batch.name, digest: batch.key?())
    }

    /// A group's key (`FileGroup`), made as a batch's.
    func key(of group: FileGroup) -> String? {
        key(name: group.name, digest: group.key)
    }

    private func key(name: String, digest: ContentDigest?) -> String? {
        guard let digest else { return nil }
        var hasher = StableHasher()
        hasher.add(sharedKey)
        hasher.add(name)
        hasher.add(digest)
        return hasher.finalize().hex
    }

    /// The previous build's group records by the name of their batch: carried over with a batch kept whole,
    /// so the build after, planning that batch again, still finds its unchanged groups.
    func previousGroups() -> [String: [(String, BuildManifest.Batch)]] {
        var groups: [String: [(String, BuildManifest.Batch)]] = [:]
        for (name, record) in previous?.batches ?? [:] {
            guard let slash = name.firstIndex(of: "/") else { continue }
            groups[String(name[..<slash]), default: []].append((name, record))
        }
        return groups
    }

    /// Whether the previous build recorded the batch under this key (its files are then linked by `keep`).
    func isUnchanged(_ name: String, key: String) -> Bool {
        previous?.batches[name]?.key == key
    }

    /// Keeps the batch's files when its key is the previous build's and every one of its files is still
    /// in the previous output as recorded; nil (and nothing linked) otherwise.
    func keep(_ name: String, key: String) -> (batch: BuildManifest.Batch, entries: [(String, BuildManifest.Entry)])? {
        guard let previous, let batch = previous.batches[name], batch.key == key else { return nil }
        var entries: [(String, BuildManifest.Entry)] = []
        entries.reserveCapacity(batch.files.count)
        for path in batch.files {
            guard let entry = previous.files[path] else { return nil }
            entries.append((path, entry))
        }
        // Linked on all cores (on a thread of its own ahead of the render workers, which take what cores are left).
        let parts = min(entries.count / 64, ProcessInfo.processInfo.activeProcessorCount * 4)
        let all = entries
        let linked = ParallelMap.map(ParallelMap.ranges(count: all.count, parts: parts)) { range in
            tree.keep(all[range].lazy.map { (path: $0.0, size: $0.1.size, inStaging: $0.1.inStaging) })
        }
        guard linked.allSatisfy({ $0 }) else {
            // A file was changed or removed by hand: plan the batch after all. What was linked goes, so
            // no rendered file is ever written through a link into the previous output; what the replica
            // held stays (it is the output's, and the batch planned again keeps or replaces it).
            for (path, entry) in entries where !entry.inStaging { tree.drop(path) }
            return nil
        }
        return (batch, entries)
    }
}
