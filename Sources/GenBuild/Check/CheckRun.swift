import Foundation
import GenModel
import GenSupport

/// `gen check` short of its command line: what it prints on stdout and stderr, and its exit status
/// (docs/cli.md#gen-check). The command only parses its options and prints this.
public enum CheckRun {
    public struct Options: Sendable {
        public var format: CheckFormat
        public var strict: Bool
        public var quiet: Bool
        /// `--content` as given: the paths of json and github output start with it.
        public var contentPath: String

        public init(format: CheckFormat = .text, strict: Bool = false, quiet: Bool = false, contentPath: String) {
            self.format = format
            self.strict = strict
            self.quiet = quiet
            self.contentPath = contentPath
        }
    }

    public struct Result: Sendable, Equatable {
        public var stdout: [String] = []
        public var stderr: [String] = []
        /// 0; 1 when a problem fails the check; 2 when the input cannot be used.
        public var exitCode: Int32 = 0
    }

    /// Runs the build short of writing, and reports.
    public static func run(_ build: BuildOptions, _ options: Options) async -> Result {
        let report: BuildReport
        do { report = try await BuildPipeline.run(build) } catch {
            var out = Result(exitCode: 2)
            out.stderr.append("error: \(error.description.escapingControlCharacters)")
            if let line = options.format.line(error, content: options.contentPath, folder: build.content) { out.stdout.append(line) }
            return out
        }
        return result(of: report, options)
    }

    /// What `gen check` reports for a finished build: the problems, in a stable order; the summary; exit 1 when
    /// one of them fails the check (a skipped document; with `strict`, any problem).
    public static func result(of report: BuildReport, _ options: Options) -> Result {
        var out = Result()
        let shown = report.sortedDiagnostics
        let fails = { (d: Diagnostic) in options.strict || d.kind == .skipped }
        if !options.quiet {
            out.stdout = shown.map { options.format.line($0, failing: fails($0), content: options.contentPath) }
        }
        for line in report.summary(outputPath: nil).split(separator: "\n") { out.note(String(line), options.format) }
        out.exitCode = shown.contains(where: fails) ? 1 : 0
        return out
    }
}

extension CheckRun.Result {
    /// A line of the summary: after the problems on stdout in text output; on stderr in json and github output,
    /// which leave stdout to the problems.
    fileprivate mutating func note(_ text: String, _ format: CheckFormat) {
        if format.summaryOnStderr { stderr.append(text) } else { stdout.append(text) }
    }
}
