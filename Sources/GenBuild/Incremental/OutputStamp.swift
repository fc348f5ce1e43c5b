import Foundation
import GenWrite

/// Whether the output is as the last build left it. A file of the output edited in place can keep its size,
/// so sizes alone would keep an edit for good. Every change to a
/// file or folder (writing, truncating, adding, removing, linking) moves its status-change time (ctime), which
/// no tool sets back: the newest one in the output, read when a build has finished with it, is the stamp. A
/// build that finds anything newer does not trust the previous output and builds everything again.
enum OutputStamp {
    static func location(_ manifestURL: URL) -> URL { manifestURL.deletingPathExtension().appendingPathExtension("stamp") }

    /// Records the output's newest change; best effort (without a stamp the next build is a full one).
    ///
    /// File times come from a clock that moves a tick (a few milliseconds) at a time: an edit in the same tick
    /// as the build's last change would carry the same time, and pass for untouched. So the stamp is saved
    /// once a file written now (a probe beside it) shows a later time than the newest change: any edit from
    /// then on is later than the stamp.
    static func save(_ manifestURL: URL, newest: (seconds: Int, nanoseconds: Int)?) {
        guard let newest else { return }
        let probe = location(manifestURL).appendingPathExtension("probe")
        defer { try? FileManager.default.removeItem(at: probe) }
        var later = false
        for _ in 0..<1_000 where !later {
            var info = stat()
            guard (try? Data().write(to: probe)) != nil, lstat(probe.path, &info) == 0 else { return }
            later = (Int(info.st_ctim.tv_sec), Int(info.st_ctim.tv_nsec)) > newest
            if !later { usleep(1_000) }
        }
        guard later else { return }
        try? Data("\(newest.seconds) \(newest.nanoseconds)\n".utf8).write(to: location(manifestURL), options: .atomic)
    }

    /// The output's newest change (status or content), nil when it cannot be read: what `save` records. A walk
    /// of the whole output, made while the manifest is saved.
    static func newestChange(_ output: URL) -> (seconds: Int, nanoseconds: Int)? {
        POSIXFiles.scan(under: output.standardizedFileURL.path, files: false)?.newestChange
    }

    static func remove(_ manifestURL: URL) { try? FileManager.default.removeItem(at: location(manifestURL)) }

    /// True when nothing in the scanned output changed since the stamp was saved.
    static func isUntouched(_ manifestURL: URL, output: POSIXFiles.Scan) -> Bool {
        guard let text = try? String(contentsOf: location(manifestURL), encoding: .utf8) else { return false }
        let parts = text.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        return parts.count == 2 && output.newestChange <= (parts[0], parts[1])
    }
}
