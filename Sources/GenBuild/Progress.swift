import Foundation

/// Progress on a terminal: one line per stage and a counter for long ones, on stderr.
/// Silent with `--quiet` or when stderr is not a terminal (CI logs get only the summary).
public struct Progress: Sendable {
    public let enabled: Bool

    public static let silent = Progress(enabled: false)

    public init(enabled: Bool) { self.enabled = enabled }

    /// Enabled unless quiet, and only when stderr is a TTY.
    public static func automatic(quiet: Bool) -> Progress {
        Progress(enabled: !quiet && isatty(STDERR_FILENO) == 1)
    }

    func step(_ index: Int, _ count: Int, _ name: String) {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\u{1B}[2K\r[\(index)/\(count)] \(name)\n".utf8))
    }

    /// Rewrites the current line: `  rendering 1200/5000`.
    func counter(_ label: String, _ done: Int, _ total: Int) {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\u{1B}[2K\r  \(label) \(done)/\(total)".utf8))
        if done == total { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}
