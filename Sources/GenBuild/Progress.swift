import Foundation
import GenSupport

/// Progress on a terminal: one line per stage and a counter for long ones, on stderr.
/// Silent with `--quiet` or when stderr is not a terminal (CI logs get only the summary).
/// With `--timings`, each stage's wall time is printed when it ends, terminal or not (for profiling runs).
public struct Progress: Sendable {
    public let enabled: Bool
    private let clock: StageClock?

    public static let silent = Progress(enabled: false)

    public init(enabled: Bool, timings: Bool = false) {
        self.enabled = enabled
        self.clock = timings ? StageClock() : nil
    }

    /// Enabled unless quiet, and only when stderr is a TTY.
    public static func automatic(quiet: Bool, timings: Bool = false) -> Progress {
        Progress(enabled: !quiet && isatty(STDERR_FILENO) == 1, timings: timings)
    }

    /// Starts `step` of `steps`, numbered by its place in the list. What the steps before freed is handed back
    /// to the system first (`HeapTuning.purge`): jemalloc keeps freed pages ten seconds, and at 100,000 reports
    /// those of the loading and computing steps added some 100 MiB to the build's peak.
    func step(_ step: BuildStep, of steps: [BuildStep], _ name: String) {
        HeapTuning.purge()
        clock?.start(name)
        guard enabled else { return }
        let index = (steps.firstIndex(of: step) ?? steps.count - 1) + 1
        FileHandle.standardError.write(Data("\u{1B}[2K\r[\(index)/\(steps.count)] \(name)\n".utf8))
    }

    /// Ends the last stage (prints its time with `--timings`).
    func finish() { clock?.start(nil) }

    /// With `--timings`, a line within the current stage (a batch started): when, and the memory then.
    func mark(_ text: String) { clock?.mark(text) }

    /// Rewrites the current line: `  rendering 1200/5000`.
    /// `label` is made only when the line is shown: the render workers call this for every file.
    func counter(_ label: @autoclosure () -> String, _ done: Int, _ total: Int) {
        guard enabled else { return }
        let label = label()
        FileHandle.standardError.write(Data("\u{1B}[2K\r  \(label) \(done)/\(total)".utf8))
        if done == total { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}

/// The current stage and when it started; a class so the value-type `Progress` can be shared.
private final class StageClock: @unchecked Sendable {  // `current` under `lock`
    private let lock = NSLock()
    private var current: (name: String, start: DispatchTime)?
    private let origin = DispatchTime.now()

    func start(_ name: String?) {
        let now = DispatchTime.now()
        lock.withLock {
            if let current {
                let seconds = Double(now.uptimeNanoseconds - current.start.uptimeNanoseconds) / 1e9
                write("\(FastFormat.fixed(seconds, decimals: 2)) s  \(current.name)", at: now)
            }
            current = name.map { ($0, now) }
        }
    }

    func mark(_ text: String) {
        let now = DispatchTime.now()
        lock.withLock { write("  \(text)", at: now) }
    }

    /// `timing: <text>  (at <since start>, <memory>)`.
    private func write(_ text: String, at now: DispatchTime) {
        let total = Double(now.uptimeNanoseconds - origin.uptimeNanoseconds) / 1e9
        FileHandle.standardError.write(Data("timing: \(text)  (at \(FastFormat.fixed(total, decimals: 2)) s, \(Self.memory()))\n".utf8))
    }

    /// Resident memory now and at its peak so far, in MiB: where the peak of a large build comes from.
    private static func memory() -> String {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let peak = Int(usage.ru_maxrss) / 1024  // KiB on Linux
        // statm's second field: resident pages (after free pages are handed back: what the build holds).
        HeapTuning.purge()
        let statm = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
        let pages = statm.split(separator: " ").dropFirst().first.flatMap { Int($0) }
        let now = pages.map { "\($0 * Int(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576) MiB" } ?? "?"
        return "resident \(now), peak \(peak) MiB"
    }
}
