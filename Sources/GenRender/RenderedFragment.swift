import Crypto
import Foundation
import GenPlan
import GenSupport
import Mustache

/// A `Fragment` as page trees hold it: its fingerprint, known as soon as its tree is built, and its texts,
/// rendered the first time a page shows it through a kept section (a page kept by an incremental build
/// never asks). Every page showing the fragment holds this same object, so the fragment is encoded, hashed
/// and rendered once per partial.
///
/// Memory: the tree and texts are dropped after the last planned use (the plan renders a month's pages
/// together, so only the current month's are held). The tree is kept from the fingerprint only when the
/// build renders most pages; an incremental build hashes without a tree and encodes the context when asked.
final class RenderedFragment: KeptText, @unchecked Sendable {  // tree, texts and count under `lock`
    let fingerprint: String
    /// Not the context: it is made again in the rare case it is needed again.
    private let makeContext: @Sendable () -> any Encodable & Sendable
    private let templates: TemplateRenderer
    private let lock = NSLock()
    private var tree: Any?
    private var texts: [String: String?] = [:]
    private var remaining: Int

    init(fingerprint: String, fragment: Fragment, uses: Int, tree: Any?, templates: TemplateRenderer) {
        self.fingerprint = fingerprint
        self.makeContext = fragment.make
        self.tree = tree
        self.remaining = uses
        self.templates = templates
    }

    /// A fragment reads as its context, a keyed value (a view type).
    func child(named name: String) -> Any? {
        if let kept = KeptName(name) { return answer(kept) }
        return lock.withLock { (madeTree() as? MustacheNode)?.child(named: name) }
    }

    /// Counts a use: after the last planned one, the tree and texts are let go.
    func shownText(_ wrapper: String) -> String? {
        let text = keptText(wrapper)
        lock.withLock {
            remaining -= 1
            if remaining <= 0 {
                tree = nil
                texts = [:]
            }
        }
        return text
    }

    func keptText(_ wrapper: String) -> String? {
        lock.withLock {
            if let text = texts[wrapper] { return text }
            let text = Self.render(madeTree(), wrapper: wrapper, library: templates.library)
            texts[wrapper] = .some(text)
            return text
        }
    }

    /// Under the lock.
    private func madeTree() -> Any {
        if let tree { return tree }
        let made = (try? templates.fragmentTree(makeContext(), buildTree: true).tree) ?? MustacheNull()
        tree = made
        return made
    }
}

extension TemplateRenderer {
    /// A context to be rendered with `template` as a tree of plain values, each fragment in it resolved to
    /// its shared `RenderedFragment`, with its fingerprint: the template with everything it includes, and
    /// the whole context.
    func tree(_ context: some Encodable, template: String, buildTree: Bool = true) throws -> MustacheTree.Made {
        try MustacheTree.make(
            context, prefix: repeated.renderedWith(template), shownBy: template, buildTree: buildTree,
            fragment: resolve, repeated: repeated)
    }

    /// A fragment's context as a tree, with its fingerprint: the context alone (the templates showing it are
    /// in the fingerprint of each page showing it).
    func fragmentTree(_ context: some Encodable, buildTree: Bool) throws -> MustacheTree.Made {
        try MustacheTree.make(
            context, prefix: "fragment", shownBy: nil, buildTree: buildTree, fragment: resolve, repeated: repeated)
    }

    private func resolve(_ fragment: Fragment) throws -> RenderedFragment {
        let uses = fragment.uses  // before `memo`, which holds the fragment's lock
        return try fragment.memo { () throws -> RenderedFragment in
            let made = try fragmentTree(fragment.context, buildTree: rendersMostPages)
            return RenderedFragment(
                fingerprint: FastFormat.hex(made.fingerprint), fragment: fragment, uses: uses,
                tree: rendersMostPages ? made.tree : nil, templates: self)
        }
    }
}
