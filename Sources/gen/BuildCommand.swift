import ArgumentParser
import Foundation
import GenBuild
import GenModel
import GenSupport

/// Folder options shared by `build` and `check`.
struct Folders: ParsableArguments {
    @Option(help: "Content folder: site.yml, export/, pages/.")
    var content = "Content"
    @Option(
        help:
            "Overlay folder: a *.mustache or assets/ file there replaces the built-in of the same path (default: the built-in templates; gen templates writes them out)."
    )
    var templates: String?
    @Option(help: "Output folder; replaced atomically when the build succeeds.")
    var output = "Output"
    @Option(help: "Cache of thumbnails and of the previous build's file fingerprints (default: .gen-cache beside the output folder).")
    var cache: String?

    @Flag(help: "Print how long each build stage took, on stderr.")
    var timings = false

    func options(write: Bool, quiet: Bool, clean: Bool = false, wait: Bool = true) -> BuildOptions {
        BuildOptions(
            content: URL(fileURLWithPath: content), templates: templates.map { URL(fileURLWithPath: $0) },
            output: URL(fileURLWithPath: output), cache: cache.map { URL(fileURLWithPath: $0) }, writeOutput: write,
            progress: .automatic(quiet: quiet, timings: timings), clean: clean, endsProcess: true,
            waitForLock: wait)
    }
}

/// Exit codes: 0 success; 1 `--strict` found data problems; 2 unusable input.
enum ExitStatus {
    static let problems = ExitCode(1)
    static let unusableInput = ExitCode(2)
}

func runPipeline(_ options: BuildOptions) async throws -> BuildReport {
    do {
        return try await BuildPipeline.run(options)
    } catch {
        FileHandle.standardError.write(Data("error: \(error.description.escapingControlCharacters)\n".utf8))
        throw ExitStatus.unusableInput
    }
}

struct BuildCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "build", abstract: "Build the site into the output folder.")

    @OptionGroup var folders: Folders
    @Flag(help: "Exit with status 1 when the data has problems (the site is still written).")
    var strict = false
    @Flag(help: "Print only the summary.")
    var quiet = false
    @Flag(help: "Parse and render everything, ignoring what the previous build wrote and parsed (the thumbnail cache is still used).")
    var clean = false
    @Flag(help: "Exit with status 2 instead of waiting when another build of the output folder is running.")
    var noWait = false

    func run() async throws {
        let report = try await runPipeline(folders.options(write: true, quiet: quiet, clean: clean, wait: !noWait))
        print(report.summary(outputPath: folders.output))
        if strict, !report.diagnostics.isEmpty {
            FileHandle.standardError.write(Data("--strict: \(report.diagnostics.count) data problem(s); run gen check to list them\n".utf8))
            throw ExitStatus.problems
        }
    }
}

struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check", abstract: "Do everything build does short of writing, and list the data problems.")

    @OptionGroup var folders: Folders
    @Flag(help: "Exit with status 1 on warnings too, not only on skipped documents.")
    var strict = false
    @Flag(help: "Print only the summary, not each problem.")
    var quiet = false
    @Option(
        help:
            "How to write the problems: text, json (an object a line) or github (workflow commands that annotate the files).")
    var format = CheckFormat.text
    @Option(help: "Fail only on problems this file does not record (written by --write-baseline); list only those.")
    var baseline: String?
    @Option(help: "Record every problem found in this file, as the baseline of later checks, and exit 0.")
    var writeBaseline: String?

    func validate() throws {
        if baseline != nil, writeBaseline != nil {
            throw ValidationError("--baseline and --write-baseline cannot be used together")
        }
    }

    func run() async throws {
        let result = await CheckRun.run(
            folders.options(write: false, quiet: quiet),
            CheckRun.Options(
                format: format, strict: strict, quiet: quiet, contentPath: folders.content, baseline: baseline,
                writeBaseline: writeBaseline))
        for line in result.stdout { print(line) }
        for line in result.stderr { FileHandle.standardError.write(Data((line + "\n").utf8)) }
        if result.exitCode != 0 { throw ExitCode(result.exitCode) }
    }
}

extension CheckFormat: ExpressibleByArgument {}
