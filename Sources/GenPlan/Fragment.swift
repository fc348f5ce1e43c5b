import Foundation
import MustacheEngine

/// A context shown on several pages. A report's body (facts, fields) appears on its own page, on its
/// day, on its month and in the month's archive, as HTML and as Markdown: the pages hold the same
/// `Fragment`, whose values are made and hashed once, and rendered once per partial showing it alone
/// (`{{#body}}{{>partials/report-body}}{{/body}}`).
///
/// A fragment lives in one build's plan, so its shared value is kept on it: made at most once, whichever
/// page asks first.
///
/// The view is made when a page asks for it, not held by the plan: a site's report bodies (field tables for
/// every report) would otherwise sit in memory from planning to the last page written. The view gives its
/// values directly (`TemplateValue`).
public final class Fragment: @unchecked Sendable, Encodable {  // `memoized` under `lock`
    /// Makes the view (for a JSON dump of a plan).
    private let make: @Sendable () -> any Encodable & Sendable
    /// Makes the view's values.
    let templateValue: @Sendable () -> MustacheValue
    private let lock = NSLock()
    private var memoized: MustacheShared?

    /// `view` is called each time the view is needed (once per build, twice when an incremental build
    /// fingerprints and then renders the fragment), so it must give the same view every time.
    init<View: TemplateValue & Encodable & Sendable>(view: @escaping @Sendable () -> View) {
        self.make = view
        self.templateValue = { view().templateValue }
    }

    /// The view the fragment is rendered with.
    public var context: any Encodable & Sendable { make() }

    /// The fragment's shared value, keyed by its digest, made on first use and kept.
    public var shared: MustacheShared {
        lock.withLock {
            if let memoized { return memoized }
            let value = templateValue()
            let shared = MustacheShared(key: ValueDigest.key(value, prefix: "fragment"), value: value)
            memoized = shared
            return shared
        }
    }

    /// The shared value, as a view holding the fragment gives it.
    var sharedValue: MustacheValue { .shared(shared) }

    /// Outside the renderer (e.g. a JSON dump of a plan) a fragment reads as its context.
    public func encode(to encoder: any Encoder) throws {
        try context.encode(to: encoder)
    }
}
