import CVipsShim
import Foundation
import GenSupport

/// libvips, started once per process, and the few calls gen makes through the C shim.
enum Vips {
    /// Swift runs a global or static `let` initialiser exactly once, thread-safely, on first use.
    static let isStarted: Bool = gen_vips_start("gen", workerThreads) == 0

    /// Threads each libvips pipeline may use. gen already runs one image per core
    /// (`ParallelMap`), so more workers per image cannot add throughput and cost memory
    /// (`scripts/bench-thumbnails` compares). `VIPS_CONCURRENCY` in the environment still overrides.
    static var workerThreads: Int32 {
        ProcessInfo.processInfo.environment["VIPS_CONCURRENCY"] == nil ? 1 : 0
    }

    static let version = String(cString: gen_vips_version())

    /// The process-wide libvips error buffer, taken (and cleared) as one line of text.
    /// libvips has one buffer for all threads, so only a caller that is the sole user of
    /// libvips at that moment can be sure the text is its own (see `ImageProcessor`).
    static func takeErrorLine() -> String {
        guard let text = gen_vips_error_take() else { return "" }
        defer { gen_vips_free(text) }
        var lines: [String] = []
        for line in String(cString: text).split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmedBlanks
            if !trimmed.isEmpty && !lines.contains(trimmed) { lines.append(trimmed) }
        }
        let joined = lines.joined(separator: "; ")
        return joined.count > 300 ? String(joined.prefix(299)) + "…" : joined
    }

    static func clearErrors() { gen_vips_error_clear() }
}

/// One libvips image reference, released when this value goes away. Used within one function
/// on one thread; never shared.
final class VipsImageHandle {
    let pointer: OpaquePointer

    init?(_ pointer: OpaquePointer?) {
        guard let pointer else { return nil }
        self.pointer = pointer
    }

    deinit { gen_vips_unref(pointer) }

    var width: Int { Int(gen_vips_width(pointer)) }
    var height: Int { Int(gen_vips_height(pointer)) }

    func hasField(_ name: String) -> Bool { gen_vips_has_field(pointer, name) == 1 }

    /// Every pixel computed into memory: decode errors (truncation, corrupt data) surface here.
    func inMemory() -> VipsImageHandle? { VipsImageHandle(gen_vips_copy_memory(pointer)) }

    /// Encoded bytes with metadata stripped, or nil (reason in the libvips error buffer).
    func encoded(as format: RenditionFormat, quality: Int) -> Data? {
        var bytes: UnsafeMutableRawPointer?
        var length = 0
        let status =
            switch format {
            case .webp: gen_vips_save_webp(pointer, Int32(quality), &bytes, &length)
            case .jpeg: gen_vips_save_jpeg(pointer, Int32(quality), &bytes, &length)
            }
        guard status == 0, let bytes else { return nil }
        defer { gen_vips_free(bytes) }
        return Data(bytes: bytes, count: length)
    }
}

/// The encodings every rendition is saved in: WebP for browsers that take it, JPEG for the rest.
enum RenditionFormat: String, CaseIterable {
    case webp, jpeg

    var fileExtension: String { self == .webp ? "webp" : "jpg" }
}
