import Foundation

/// A block rendered once and shown on several pages. A report's body (facts, fields, route) appears on its
/// own page, on its day, on its month and in the month's archive: the pages hold the same `Fragment`, and
/// the renderer renders it once and reuses the text (a template shows it with `{{{name}}}`: the text was
/// escaped for its content type when the fragment itself was rendered).
///
/// A fragment lives in one build's plan, so what the renderer derives from it (fingerprint, text) can be
/// kept on it: `memo` computes that at most once, whichever page asks first.
///
/// The context is made when the renderer asks for it, not held by the plan: a site's report bodies (field
/// tables for every report) would otherwise sit in memory from planning to the last page written.
public final class Fragment: @unchecked Sendable, Encodable {  // `memoized` and `planned` under `lock`
    /// The template (in `Templates/`) the fragment is rendered with, as a template of its own.
    public let template: String
    /// Makes the context; also what the renderer keeps to make it again (keeping the fragment itself would be a cycle).
    public let make: @Sendable () -> any Encodable & Sendable
    /// The context shared with fragments of other templates (a report body as HTML and as Markdown): the
    /// renderer encodes it once for all of them.
    public let shared: SharedContext?
    private let lock = NSLock()
    private var memoized: Any?
    private var planned = 0

    /// `make` is called each time the context is needed (once per build, twice when an incremental build
    /// fingerprints and then renders the fragment), so it must give the same context every time.
    public init(template: String, make: @escaping @Sendable () -> any Encodable & Sendable) {
        self.template = template
        self.make = make
        self.shared = nil
    }

    /// A fragment rendered from `shared`'s context with `template`.
    public init(template: String, shared: SharedContext) {
        self.template = template
        self.make = shared.make
        self.shared = shared
    }

    public convenience init(template: String, context: any Encodable & Sendable) {
        self.init(template: template, make: { context })
    }

    /// The context the fragment is rendered with.
    public var context: any Encodable & Sendable { make() }

    /// Counts a page that will render the fragment: the renderer lets go of the text after the last one.
    /// A wrong count costs time (the text is rendered again) or memory (kept to the end), never bytes.
    public func addUse() { lock.withLock { planned += 1 } }

    /// How many pages were planned to render the fragment.
    public var uses: Int { lock.withLock { planned } }

    /// The renderer's value for this fragment, made by `make` on first use and kept.
    public func memo<T>(_ make: () throws -> T) rethrows -> T {
        try lock.withLock {
            if let value = memoized as? T { return value }
            let value = try make()
            memoized = value
            return value
        }
    }

    /// Outside the renderer (e.g. a JSON dump of a plan) a fragment reads as its context.
    public func encode(to encoder: any Encoder) throws {
        try context.encode(to: encoder)
    }
}

/// One context rendered by several fragments, each with its own template (a report body as HTML and as
/// Markdown): what the renderer derives from the context alone (its encoded tree and hash) is made once,
/// handed to each fragment, and let go when the last has taken it.
public final class SharedContext: @unchecked Sendable {  // `value` and `taken` under `lock`
    /// Makes the context, as `Fragment.make` does.
    public let make: @Sendable () -> any Encodable & Sendable
    private let takers: Int
    private let lock = NSLock()
    private var value: Any?
    private var taken = 0

    /// `takers`: how many fragments will take the derived value.
    public init(takers: Int, make: @escaping @Sendable () -> any Encodable & Sendable) {
        self.takers = takers
        self.make = make
    }

    /// The derived value, made by the first taker; dropped once every taker has had it (a taker asking
    /// again, as an incremental build does when it renders a fragment it fingerprinted, makes it again).
    public func take<T>(_ derive: () throws -> T) rethrows -> T {
        try lock.withLock {
            let made = try (value as? T) ?? derive()
            taken += 1
            if taken >= takers {
                value = nil
                taken = 0
            } else {
                value = made
            }
            return made
        }
    }
}
