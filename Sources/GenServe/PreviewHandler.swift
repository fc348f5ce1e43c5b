import Foundation
import NIOCore
import NIOHTTP1

/// What every connection shares: the folder served, the builds so far and the pages listening for the next.
final class PreviewState: @unchecked Sendable {  // `builds`, `error`, `listeners` under `lock`
    let root: URL
    /// Listening on loopback only: a request must name this machine (`Host`), so that a web page elsewhere
    /// cannot read the preview through a name of its own that it points here (DNS rebinding).
    let loopbackOnly: Bool
    private let lock = NSLock()
    private var builds = 0
    private var error: String?
    private var listeners: [ObjectIdentifier: any Channel] = [:]

    init(root: URL, loopbackOnly: Bool) {
        self.root = root
        self.loopbackOnly = loopbackOnly
    }

    var current: (number: Int, error: String?) { lock.withLock { (builds, error) } }

    /// A build ended: the next pages show its error, or none, and every listening page is told. A build that
    /// changed nothing (a file saved as it was) after a good one tells no page: each shows what it would reload.
    func finish(error: String?, unchanged: Bool = false) {
        let told: (Int, [any Channel])? = lock.withLock {
            if unchanged, error == nil, self.error == nil, builds > 0 { return nil }
            builds += 1
            self.error = error
            return (builds, Array(listeners.values))
        }
        guard let (number, channels) = told else { return }
        let event = Self.event(build: number)
        for channel in channels {
            channel.writeAndFlush(HTTPServerResponsePart.body(.byteBuffer(ByteBuffer(string: event))), promise: nil)
        }
    }

    /// Adds a page listening on `channel` until it closes; returns the build to tell it first.
    func listen(_ channel: any Channel) -> Int {
        let id = ObjectIdentifier(channel)
        channel.closeFuture.whenComplete { [weak self] _ in self?.lock.withLock { _ = self?.listeners.removeValue(forKey: id) } }
        return lock.withLock {
            listeners[id] = channel
            return builds
        }
    }

    var listening: Int { lock.withLock { listeners.count } }

    /// A Server-Sent Event naming the latest build.
    static func event(build: Int) -> String { "event: build\ndata: \(build)\n\n" }
}

/// One connection's requests: `GET` and `HEAD` of the output's files, and the build events.
final class PreviewHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let state: PreviewState
    private var request: HTTPRequestHead?
    /// The response never ends: the events of every build until the page goes.
    private var streaming = false

    init(state: PreviewState) { self.state = state }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head): request = head
        case .body: break
        case .end:
            guard let head = request, !streaming else { return }
            request = nil
            respond(to: head, context: context)
        }
    }

    private func respond(to head: HTTPRequestHead, context: ChannelHandlerContext) {
        guard head.method == .GET || head.method == .HEAD else {
            var headers = HTTPHeaders([("Allow", "GET, HEAD")])
            headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
            return send(.methodNotAllowed, headers, Data("method not allowed\n".utf8), head: head, context: context)
        }
        if state.loopbackOnly, !Self.namesThisMachine(head.headers.first(name: "Host")) {
            return send(
                .forbidden, HTTPHeaders([("Content-Type", "text/plain; charset=utf-8")]),
                Data("gen serve answers only requests for localhost or 127.0.0.1\n".utf8), head: head, context: context)
        }
        let path = head.uri.prefix(while: { $0 != "?" && $0 != "#" })
        if path == LiveReload.eventsPath, head.method == .GET { return stream(head: head, context: context) }
        let (build, error) = state.current
        switch SiteFiles.lookup(head.uri, under: state.root) {
        case .file(let data, let type):
            let html = type.hasPrefix("text/html")
            let body = html ? LiveReload.inject(into: data, build: build, error: error) : data
            send(.ok, HTTPHeaders([("Content-Type", type)]), body, head: head, context: context)
        case .folder(let location):
            send(
                .movedPermanently, HTTPHeaders([("Location", location), ("Content-Type", "text/plain; charset=utf-8")]),
                Data("\(location)\n".utf8), head: head, context: context)
        case .notFound:
            let page: Data
            let status: HTTPResponseStatus
            if build == 0 {
                status = .serviceUnavailable
                page = LiveReload.page(
                    title: "Building the site", message: "gen serve is building the site; this page reloads when it is ready.",
                    build: build, error: nil)
            } else {
                status = .notFound
                page = LiveReload.page(
                    title: error == nil ? "Not found" : "Not found: the build failed",
                    message: error == nil
                        ? "The site has no file at \(path)."
                        : "The site has no file at \(path); the last build failed, and this page reloads with the next one.",
                    build: build, error: error)
            }
            send(status, HTTPHeaders([("Content-Type", "text/html; charset=utf-8")]), page, head: head, context: context)
        }
    }

    /// The build events: the latest build at once, then each one as it ends.
    private func stream(head: HTTPRequestHead, context: ChannelHandlerContext) {
        streaming = true
        var headers = Self.common
        headers.add(name: "Content-Type", value: "text/event-stream; charset=utf-8")
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: .ok, headers: headers))), promise: nil)
        // Registered and told within this turn of the event loop: the event of a build ending meanwhile is
        // written by another thread through the channel, so after this one.
        let build = state.listen(context.channel)
        let first = "retry: 500\n" + PreviewState.event(build: build)
        context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: first)))), promise: nil)
    }

    private func send(
        _ status: HTTPResponseStatus, _ extra: HTTPHeaders, _ body: Data, head: HTTPRequestHead, context: ChannelHandlerContext
    ) {
        var headers = Self.common
        headers.add(contentsOf: extra)
        headers.add(name: "Content-Length", value: String(body.count))
        let keepAlive = head.isKeepAlive
        if !keepAlive { headers.add(name: "Connection", value: "close") }
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: status, headers: headers))), promise: nil)
        if head.method != .HEAD {
            context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: body)))), promise: nil)
        }
        let done = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        if !keepAlive {
            let channel = context.channel
            done.whenComplete { _ in channel.close(promise: nil) }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    /// Every response: never cached (each build may change any file), never sniffed as another type.
    private static let common = HTTPHeaders([("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff")])

    /// Whether a `Host` header names this machine by a loopback address or `localhost`, any port.
    static func namesThisMachine(_ host: String?) -> Bool {
        guard var name = host?.lowercased(), !name.isEmpty else { return false }
        if name.hasPrefix("[") {
            guard let end = name.firstIndex(of: "]") else { return false }
            name = String(name[name.index(after: name.startIndex)..<end])
        } else if let colon = name.lastIndex(of: ":") {
            name = String(name[..<colon])
        }
        return PreviewServer.isLoopback(name) || name == "localhost."
    }
}
