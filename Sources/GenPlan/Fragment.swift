import Foundation
import MustacheEngine

/// A context shown on several pages. A report's body (facts, fields) appears on its own page, on its
/// day, on its month and in the month's archive, as HTML and as Markdown: the pages hold the same
/// `Fragment`, which the renderer encodes and hashes once, and renders once per partial showing it alone
/// (`{{#body}}{{>partials/report-body}}{{/body}}`).
///
/// A fragment lives in one build's plan, so what the renderer derives from it can be kept on it: `memo`
/// computes that at most once, whichever page asks first.
///
/// The context is made when the renderer asks for it, not held by the plan: a site's report bodies (field
/// tables for every report) would otherwise sit in memory from planning to the last page written.
public final class Fragment: @unchecked Sendable, Encodable {  // `memoized` under `lock`
    /// Makes the context; also what the renderer keeps to make it again (keeping the fragment itself would be a cycle).
    public let make: @Sendable () -> any Encodable & Sendable
    /// Makes the context as the templates' values directly, for a view that gives them (`TemplateValue`).
    public let templateValue: (@Sendable () -> MustacheValue)?
    private let lock = NSLock()
    private var memoized: AnyObject?

    /// `make` is called each time the context is needed (once per build, twice when an incremental build
    /// fingerprints and then renders the fragment), so it must give the same context every time.
    public init(make: @escaping @Sendable () -> any Encodable & Sendable) {
        self.make = make
        self.templateValue = nil
    }

    /// A fragment of a view that gives its values directly.
    init<View: TemplateValue & Encodable & Sendable>(view: @escaping @Sendable () -> View) {
        self.make = view
        self.templateValue = { view().templateValue }
    }

    public convenience init(context: any Encodable & Sendable) {
        self.init(make: { context })
    }

    /// The context the fragment is rendered with.
    public var context: any Encodable & Sendable { make() }

    /// The renderer's value for this fragment, made by `make` on first use and kept. One type of value per
    /// fragment (the renderer's): taken back without a cast, which would be a call into the runtime per page.
    public func memo<T: AnyObject>(_ make: () throws -> T) rethrows -> T {
        try lock.withLock {
            if let value = memoized { return unsafeDowncast(value, to: T.self) }
            let value = try make()
            memoized = value
            return value
        }
    }

    /// The fragment's shared value, keyed by its digest, made on first use and kept (`memo`): the view's own
    /// values where it gives them, else `encode`'s values of the context.
    public func shared(encoding encode: (any Encodable & Sendable) throws -> MustacheValue) rethrows -> MustacheShared {
        try memo { () throws -> MustacheShared in
            let value = try templateValue.map { $0() } ?? encode(context)
            return MustacheShared(key: ValueDigest.key(value, prefix: "fragment"), value: value)
        }
    }

    /// The shared value, for a view that gives its values directly: the same one the renderer makes.
    var sharedValue: MustacheValue {
        .shared(shared(encoding: { _ in preconditionFailure("a fragment inside a direct view is made from a direct view") }))
    }

    /// Outside the renderer (e.g. a JSON dump of a plan) a fragment reads as its context.
    public func encode(to encoder: any Encoder) throws {
        try context.encode(to: encoder)
    }
}
