import Foundation
import GenBuild
import GenSupport
import NIOCore
import NIOHTTP1
import NIOPosix

/// What `gen serve` is asked for.
public struct ServeOptions: Sendable {
    public var content: URL
    /// The overlay folder (`--templates`), watched like the content.
    public var templates: URL?
    /// Where to build. nil: a private folder made for this preview (mode 0700) and removed by `stop`.
    public var output: URL?
    /// nil: `.gen-cache` beside the output (inside the private folder when there is one).
    public var cache: URL?
    /// The address to listen on; loopback unless asked (`--bind`).
    public var host: String
    /// 0: any free port (tests).
    public var port: Int
    /// How often the watched folders are looked at.
    public var poll: Duration
    /// The first build's progress lines (a terminal's); rebuilds print a line each.
    public var progress: GenBuild.Progress
    /// Lines for the terminal: what was built, what changed, each build's error.
    public var log: @Sendable (_ line: String, _ isError: Bool) -> Void

    public init(
        content: URL, templates: URL? = nil, output: URL? = nil, cache: URL? = nil, host: String = "127.0.0.1",
        port: Int = 1313, poll: Duration = .milliseconds(250), progress: GenBuild.Progress = .silent,
        log: @escaping @Sendable (_ line: String, _ isError: Bool) -> Void = { _, _ in }
    ) {
        self.content = content
        self.templates = templates
        self.output = output
        self.cache = cache
        self.host = host
        self.port = port
        self.poll = poll
        self.progress = progress
        self.log = log
    }
}

public struct ServeError: Error, CustomStringConvertible {
    public var description: String
}

/// `gen serve`: builds into a folder with the build pipeline in this process, serves that folder over HTTP,
/// watches the content folder and the templates overlay, rebuilds on every change (incrementally, as
/// `gen build` does) and tells the open pages to reload. A failed build leaves the last good site served,
/// its error shown above every page.
public final class PreviewServer: Sendable {
    /// The folder served.
    public let output: URL
    /// The port listened on (the one chosen, for port 0).
    public let port: Int
    let state: PreviewState
    private let options: ServeOptions
    private let privateFolder: URL?
    private let group: MultiThreadedEventLoopGroup
    private let channel: any Channel
    private let watching: Task<Void, Never>

    private init(
        options: ServeOptions, output: URL, privateFolder: URL?, state: PreviewState, group: MultiThreadedEventLoopGroup,
        channel: any Channel, watching: Task<Void, Never>
    ) {
        (self.options, self.output, self.privateFolder, self.state) = (options, output, privateFolder, state)
        (self.group, self.channel, self.watching) = (group, channel, watching)
        self.port = channel.localAddress?.port ?? options.port
    }

    /// Listens, builds once (pages asked for meanwhile say the site is being built), then watches. Returns once
    /// the first build has ended, failed or not; throws only when it cannot listen or make its folder.
    public static func start(_ options: ServeOptions) async throws -> PreviewServer {
        let privateFolder: URL? = options.output == nil ? try makePrivateFolder() : nil
        let output = options.output ?? privateFolder!.appendingPathComponent("site")
        let build = BuildOptions(
            content: options.content, templates: options.templates, output: output, cache: options.cache,
            writeOutput: true, progress: options.progress)
        let state = PreviewState(root: output, loopbackOnly: isLoopback(options.host))
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 2)
        let channel: any Channel
        do {
            channel = try await ServerBootstrap(group: group)
                .serverChannelOption(.backlog, value: 256)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .childChannelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                        try channel.pipeline.syncOperations.addHandler(PreviewHandler(state: state))
                    }
                }
                .bind(host: options.host, port: options.port).get()
        } catch {
            try? await group.shutdownGracefully()
            if let privateFolder { try? FileManager.default.removeItem(at: privateFolder) }
            let reason = (error as? IOError).map { String(cString: strerror($0.errnoCode)) } ?? "\(error)"
            throw ServeError(description: "cannot listen on \(options.host) port \(options.port): \(reason)")
        }
        let port = channel.localAddress?.port ?? options.port
        let host = options.host.contains(":") ? "[\(options.host)]" : options.host
        options.log("serving \(output.path) at http://\(host):\(port)/ (building…)", false)

        // Taken before the first build, so that an edit made while it runs is built next.
        let watcher = Watcher(
            roots: [options.content] + (options.templates.map { [$0] } ?? []), excluding: [output, build.cache])
        let before = watcher.snapshot()
        await rebuild(build, state: state, log: options.log, first: true)
        var quiet = build
        quiet.progress = .silent
        let watching = Task { [poll = options.poll, log = options.log, quiet] in
            await watch(watcher, from: before, poll: poll) { changed in
                let shown = changed.prefix(3).map { relative($0, to: [options.content, options.templates]) }
                log("changed: \(shown.joined(separator: ", "))\(changed.count > 3 ? " and \(changed.count - 3) more" : "")", false)
                await rebuild(quiet, state: state, log: log, first: false)
            }
        }
        return PreviewServer(
            options: options, output: output, privateFolder: privateFolder, state: state, group: group, channel: channel,
            watching: watching)
    }

    /// Stops watching (after a build under way), closes every connection and removes the private folder.
    public func stop() async {
        watching.cancel()
        await watching.value
        try? await channel.close()
        try? await group.shutdownGracefully()
        if let privateFolder { try? FileManager.default.removeItem(at: privateFolder) }
    }

    /// The number of builds ended so far, and the last one's error: what the pages are told.
    public var lastBuild: (number: Int, error: String?) { state.current }

    // MARK: - Building

    /// One build with the pipeline; the pages are told when it ends, whether it failed or not.
    static func rebuild(_ options: BuildOptions, state: PreviewState, log: @Sendable (String, Bool) -> Void, first: Bool) async {
        let start = ContinuousClock.now
        do {
            let report = try await BuildPipeline.run(options)
            state.finish(error: nil, unchanged: report.upToDate)
            let elapsed = (ContinuousClock.now - start).components
            let time = FastFormat.fixed(Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18, decimals: 2) + " s"
            if first {
                log(report.summary(outputPath: options.output.path), false)
            } else if report.upToDate {
                log("up to date (\(time))", false)
            } else {
                let warnings = report.warnings.count
                log(
                    "built in \(time): \(report.filesWritten - report.filesKept) of \(report.filesWritten) files rendered"
                        + (warnings > 0 ? ", \(warnings) warning\(warnings == 1 ? "" : "s") (gen check lists them)" : ""), false)
            }
        } catch {
            state.finish(error: error.description)
            log("error: \(error.description.escapingControlCharacters)\nthe last good site is still served; fix it and save to build again", true)
        }
    }

    /// Polls the watched folders until cancelled, calling `build` once a change has settled: a burst of writes
    /// (an editor's save, a checkout) is one build.
    static func watch(
        _ watcher: Watcher, from start: Watcher.Snapshot, poll: Duration, build: @Sendable ([String]) async -> Void
    ) async {
        var last = start
        while !Task.isCancelled {
            try? await Task.sleep(for: poll)
            var now = watcher.snapshot()
            guard now != last, !Task.isCancelled else { continue }
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(100))
                let again = watcher.snapshot()
                if again == now { break }
                now = again
            }
            let changed = Watcher.changes(from: last, to: now)
            last = now
            await build(changed)
        }
    }

    // MARK: - Helpers

    /// A folder only this user can read, for the site the preview builds.
    static func makePrivateFolder() throws -> URL {
        let base = FileManager.default.temporaryDirectory.standardizedFileURL.path
        var template = Array((base + "/gen-serve-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw ServeError(description: "cannot make a private folder under \(base): \(String(cString: strerror(errno)))")
        }
        return URL(fileURLWithPath: String(cString: made), isDirectory: true)
    }

    /// Whether listening on `host` keeps the site on this machine.
    public static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    static func relative(_ path: String, to roots: [URL?]) -> String {
        for case let root? in roots {
            let prefix = root.standardizedFileURL.path + "/"
            if path.hasPrefix(prefix) { return String(path.dropFirst(prefix.count)) }
        }
        return path
    }
}
