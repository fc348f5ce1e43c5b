import Foundation

/// A file written through a large in-memory buffer: the reports file can be gigabytes, so
/// lines are generated into `json.bytes` and handed to the OS about a megabyte at a time.
/// Memory stays flat however many lines are written.
final class BufferedFile {
    /// Flush once the buffer holds this much; one report line is ~1 KB, so the buffer's
    /// capacity (limit + a line) is never re-grown.
    static let flushThreshold = 1 << 20

    let relativePath: String
    private let handle: FileHandle
    /// The writer whose bytes are the unflushed tail of the file.
    var json: JSONWriter

    init(directory: URL, relativePath: String, pretty: Bool = false) throws(SampleError) {
        self.relativePath = relativePath
        let url = directory.appendingPathComponent(relativePath)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw SampleError("cannot create folder \(url.deletingLastPathComponent().path): \(error.localizedDescription)")
        }
        // createFile truncates an existing file, so a rerun with fewer reports leaves no old tail.
        guard FileManager.default.createFile(atPath: url.path, contents: nil),
            let handle = FileHandle(forWritingAtPath: url.path)
        else {
            throw SampleError("cannot create \(url.path)")
        }
        self.handle = handle
        self.json = JSONWriter(pretty: pretty, capacity: Self.flushThreshold + (64 << 10))
    }

    /// Ends an NDJSON line and flushes when the buffer is full.
    @inline(__always) func endLine() throws(SampleError) {
        json.bytes.append(UInt8(ascii: "\n"))
        if json.bytes.count >= Self.flushThreshold { try flush() }
    }

    func write(_ text: String) throws(SampleError) {
        json.bytes.append(contentsOf: text.utf8)
        if json.bytes.count >= Self.flushThreshold { try flush() }
    }

    func flush() throws(SampleError) {
        guard !json.bytes.isEmpty else { return }
        do {
            try json.bytes.withUnsafeBytes { try handle.write(contentsOf: $0) }
        } catch {
            throw SampleError("cannot write \(relativePath): \(error.localizedDescription)")
        }
        json.bytes.removeAll(keepingCapacity: true)
    }

    /// Flushes what is left and closes the file.
    func close() throws(SampleError) {
        try flush()
        do { try handle.close() } catch {
            throw SampleError("cannot close \(relativePath): \(error.localizedDescription)")
        }
    }
}
