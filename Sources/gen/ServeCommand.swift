import ArgumentParser
import Foundation
import GenBuild
import GenServe
import GenSupport

/// `gen serve`: the live preview (`PreviewServer`), until Ctrl-C.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Build into a private folder, serve it on 127.0.0.1, and rebuild and reload the open pages on every change.")

    @Option(help: "Content folder: site.yml, export/, pages/ (watched).")
    var content = "Content"
    @Option(help: "Overlay folder of templates and assets, as for build (watched).")
    var templates: String?
    @Option(help: "Build into this folder instead of a private one; build's rules and lock apply, and it is kept at the end.")
    var output: String?
    @Option(help: "Cache of thumbnails and fingerprints (default: inside the private folder, or beside --output).")
    var cache: String?
    @Option(help: "Port to listen on.")
    var port = 1313
    @Option(help: "Address to listen on: the default keeps the preview on this machine.")
    var bind = "127.0.0.1"

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
    }

    func run() async throws {
        if !PreviewServer.isLoopback(bind) {
            warn(
                "warning: listening on \(bind): anyone who can reach this machine on port \(port) can read the site, "
                    + "which holds every organization's reports")
        }
        let options = ServeOptions(
            content: URL(fileURLWithPath: content), templates: templates.map { URL(fileURLWithPath: $0) },
            output: output.map { URL(fileURLWithPath: $0) }, cache: cache.map { URL(fileURLWithPath: $0) }, host: bind,
            port: port, progress: .automatic(quiet: false)
        ) { line, isError in
            if isError { warn(line) } else { say(line) }
        }
        // Ctrl-C ends the preview (and removes its private folder) rather than the process at once.
        let stop = SignalWait([SIGINT, SIGTERM])
        let server: PreviewServer
        do {
            server = try await PreviewServer.start(options)
        } catch {
            warn("error: \("\(error)".escapingControlCharacters)")
            throw ExitStatus.unusableInput
        }
        say("watching \(content)\(templates.map { " and \($0)" } ?? ""); Ctrl-C to stop")
        await stop.wait()
        say("stopping")
        await server.stop()
    }
}

private func warn(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

/// A line on stdout as it happens, into a file or a pipe too (`print` holds it there): the preview runs for hours.
private func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// Waits for one of some signals, which no longer end the process.
final class SignalWait: @unchecked Sendable {  // `continuation`, `arrived` under `lock`
    private let lock = NSLock()
    private var sources: [any DispatchSourceSignal] = []
    private var continuation: CheckedContinuation<Void, Never>?
    private var arrived = false

    init(_ signals: [Int32]) {
        let queue = DispatchQueue(label: "gen.serve.signals")
        for number in signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [weak self] in self?.fire() }
            source.resume()
            sources.append(source)
        }
    }

    private func fire() {
        let waiting: CheckedContinuation<Void, Never>? = lock.withLock {
            arrived = true
            defer { continuation = nil }
            return continuation
        }
        waiting?.resume()
    }

    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = lock.withLock {
                if arrived { return true }
                self.continuation = continuation
                return false
            }
            if now { continuation.resume() }
        }
    }
}
