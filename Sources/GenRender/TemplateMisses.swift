import Foundation
import MustacheEngine

/// The tags whose names found nothing, gathered from every render of a build. Written only when a render
/// missed (never, with templates that match their views), so the lock costs the renders nothing.
final class TemplateMisses: @unchecked Sendable {  // `found` under `lock`
    private let lock = NSLock()
    private var found = Set<MustacheMiss>()

    func add(_ misses: [MustacheMiss]) {
        lock.lock()
        defer { lock.unlock() }
        found.formUnion(misses)
    }

    /// By template, line and column.
    var all: [MustacheMiss] {
        lock.lock()
        defer { lock.unlock() }
        return found.sorted { ($0.template, $0.line, $0.column, $0.name) < ($1.template, $1.line, $1.column, $1.name) }
    }
}
