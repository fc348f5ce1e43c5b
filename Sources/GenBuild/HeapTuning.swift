import Foundation

/// gen allocates through jemalloc on Linux (linked by the `gen` target, see Package.swift). Its one call here is
/// looked up at run time, so a binary without jemalloc (the tests, other systems) simply skips it.
enum HeapTuning {
    /// Hands jemalloc's unused dirty pages back to the system (it keeps freed pages for a while otherwise), so
    /// that the resident size `--timings` prints is what the build holds.
    static func purge() {
        typealias MallCtl =
            @convention(c) (
                UnsafePointer<CChar>?, UnsafeMutableRawPointer?, UnsafeMutablePointer<Int>?,
                UnsafeMutableRawPointer?, Int
            ) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallctl") else { return }
        // 4096 is MALLCTL_ARENAS_ALL: every arena.
        _ = unsafeBitCast(symbol, to: MallCtl.self)("arena.4096.purge", nil, nil, nil, 0)
    }
}
