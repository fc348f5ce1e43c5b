import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A bare HTTP/1.1 client over a socket to 127.0.0.1: the request target is sent exactly as written (a client
/// library would resolve `..` and decode before sending), and an event stream is read as it arrives.
final class RawHTTP: @unchecked Sendable {  // used by one task at a time
    struct Response {
        var status: Int
        /// Header names lowercased.
        var headers: [String: String]
        var body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    private let fd: Int32
    private var buffer = Data()

    /// Connects and sends one request; reads give up after `timeout` seconds of silence.
    init(port: Int, method: String = "GET", target: String, host: String? = nil, timeout: Double = 5) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            throw POSIXError(.ECONNREFUSED)
        }
        var wait = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1e6))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        let request = "\(method) \(target) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nConnection: close\r\n\r\n"
        let bytes = Array(request.utf8)
        guard bytes.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, 0) }) == bytes.count else {
            close(fd)
            throw POSIXError(.EIO)
        }
    }

    deinit { close(fd) }

    /// Reads more: the bytes read, 0 at the end of the stream, -1 after the timeout.
    @discardableResult
    private func fill() -> Int {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if n > 0 { buffer.append(contentsOf: chunk[0..<n]) }
        return n
    }

    /// The whole response (the server closes the connection after it).
    func response() throws -> Response {
        while fill() > 0 {}
        guard let end = buffer.range(of: Data("\r\n\r\n".utf8)) else { throw POSIXError(.EBADMSG) }
        let lines = String(decoding: buffer[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let status = Int(lines[0].split(separator: " ")[1]) ?? 0
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Response(status: status, headers: headers, body: Data(buffer[end.upperBound...]))
    }

    /// The head of a response that goes on (an event stream): the lines before the blank one.
    func head() -> String? {
        while buffer.range(of: Data("\r\n\r\n".utf8)) == nil { guard fill() > 0 else { return nil } }
        let end = buffer.range(of: Data("\r\n\r\n".utf8))!
        defer { buffer.removeSubrange(..<end.upperBound) }
        return String(decoding: buffer[..<end.lowerBound], as: UTF8.self)
    }

    /// The next Server-Sent Event's `data` for `event`, waiting at most until `deadline`. The stream is chunked:
    /// the chunk sizes between events are skipped as lines that are not fields.
    func next(event name: String, before deadline: Date) -> String? {
        while Date() < deadline {
            let text = String(decoding: buffer, as: UTF8.self)
            if let range = text.range(of: "event: \(name)\ndata: "), let end = text[range.upperBound...].firstIndex(of: "\n") {
                let data = String(text[range.upperBound..<end])
                buffer = Data(text[end...].utf8)
                return data
            }
            if fill() == 0 { return nil }
        }
        return nil
    }
}
