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
        /// `--baseline FILE`: fail only on problems it does not record.
        public var baseline: String?
        /// `--write-baseline FILE`: record every problem found there, and exit 0.
        public var writeBaseline: String?

        public init(
            format: CheckFormat = .text, strict: Bool = false, quiet: Bool = false, contentPath: String,
            baseline: String? = nil, writeBaseline: String? = nil
        ) {
            self.format = format
            self.strict = strict
            self.quiet = quiet
            self.contentPath = contentPath
            self.baseline = baseline
            self.writeBaseline = writeBaseline
        }
    }

    public struct Result: Sendable, Equatable {
        public var stdout: [String] = []
        public var stderr: [String] = []
        /// 0; 1 when a problem fails the check; 2 when the input (or a baseline) cannot be used.
        public var exitCode: Int32 = 0
    }

    /// Reads the baseline, runs the build short of writing, and reports.
    public static func run(_ build: BuildOptions, _ options: Options) async -> Result {
        var baseline: Baseline?
        if let path = options.baseline {
            do { baseline = try Baseline(contentsOf: URL(fileURLWithPath: path)) } catch {
                return unusable(options.format, file: path, message: error.message)
            }
        }
        let report: BuildReport
        do { report = try await BuildPipeline.run(build) } catch {
            var out = Result(exitCode: 2)
            out.stderr.append("error: \(error.description.escapingControlCharacters)")
            if let line = options.format.line(error, content: options.contentPath, folder: build.content) { out.stdout.append(line) }
            return out
        }
        var out = result(of: report, options, baseline: baseline)
        if let path = options.writeBaseline {
            let written = Baseline(report.diagnostics)
            do { try written.write(to: URL(fileURLWithPath: path)) } catch {
                return unusable(options.format, file: path, message: error.message)
            }
            let n = written.total, entries = written.counts.count
            out.note(
                "wrote baseline \(path): \(n) problem\(n == 1 ? "" : "s") in \(entries) entr\(entries == 1 ? "y" : "ies")".escapingControlCharacters,
                options.format)
            out.exitCode = 0  // every problem found is now recorded: none is new
        }
        return out
    }

    /// What `gen check` reports for a finished build, against a baseline if given: the problems it does not
    /// record (all of them without one), in a stable order; the summary; exit 1 when one of those fails the check
    /// (a skipped document; with `strict`, any problem).
    public static func result(of report: BuildReport, _ options: Options, baseline: Baseline?) -> Result {
        var out = Result()
        let problems = report.sortedDiagnostics
        let (shown, baselined, gone) = baseline?.compare(problems) ?? (problems, 0, 0)
        let fails = { (d: Diagnostic) in options.strict || d.kind == .skipped }
        if !options.quiet {
            out.stdout = shown.map { options.format.line($0, failing: fails($0), content: options.contentPath) }
        }
        for line in report.summary(outputPath: nil).split(separator: "\n") { out.note(String(line), options.format) }
        if let path = options.baseline?.escapingControlCharacters {
            let n = shown.count
            out.note(
                "baseline \(path): \(baselined) known problem\(baselined == 1 ? "" : "s") not listed, \(n) new", options.format)
            if gone > 0 {
                out.note(
                    "baseline \(path): \(gone) recorded problem\(gone == 1 ? " is" : "s are") no longer found "
                        + "(gen check --write-baseline \(path) forgets \(gone == 1 ? "it" : "them"))", options.format)
            }
        }
        out.exitCode = shown.contains(where: fails) ? 1 : 0
        return out
    }

    private static func unusable(_ format: CheckFormat, file: String, message: String) -> Result {
        var out = Result(exitCode: 2)
        out.stderr.append("error: \(file): \(message)".escapingControlCharacters)
        if let line = format.unusableInputLine(file: file, message: message) { out.stdout.append(line) }
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
