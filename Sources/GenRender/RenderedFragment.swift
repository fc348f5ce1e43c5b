import Crypto
import Foundation
import GenPlan
import GenSupport
import Mustache

/// A `Fragment` as page trees hold it: its fingerprint, known as soon as its tree is built, and its text,
/// rendered the first time a page shows it (a page kept by an incremental build never asks). Every page
/// showing the fragment holds this same object, so the fragment is encoded, hashed and rendered once.
///
/// Memory: the text is dropped after the last planned use (the plan renders a month's pages together, so
/// only the current month's texts are held). The tree is kept for the first render only when the build
/// renders most pages; an incremental build hashes without a tree and encodes the context when asked.
final class RenderedFragment: MustacheCustomRenderable, @unchecked Sendable {  // tree, text and count under `lock`
    let fingerprint: String
    private let template: String
    /// Not the context: it is made again in the rare case it is needed again (see `render`).
    private let makeContext: @Sendable () -> any Encodable & Sendable
    private let templates: TemplateRenderer
    private let lock = NSLock()
    private var tree: Any?
    private var text: String?
    private var remaining: Int

    init(fingerprint: String, fragment: Fragment, uses: Int, tree: Any?, templates: TemplateRenderer) {
        self.fingerprint = fingerprint
        self.template = fragment.template
        self.makeContext = fragment.make
        self.tree = tree
        self.remaining = uses
        self.templates = templates
    }

    /// The fragment's template exists (checked when the fragment was resolved), so rendering cannot fail.
    var renderText: String {
        let make = {
            self.lock.withLock {
                let rendered = self.text ?? self.render()
                self.tree = nil
                self.remaining -= 1
                self.text = self.remaining > 0 ? rendered : nil
                return rendered
            }
        }
        return make()
    }

    private func render() -> String {
        guard let tree = tree ?? (try? templates.tree(makeContext(), template: template).tree) else { return "" }
        return templates.render(tree: tree, template: template) ?? ""
    }

    var isNull: Bool { false }
}

/// A fragment names a template that does not exist.
struct MissingFragmentTemplate: Error {
    let name: String
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

    private func resolve(_ fragment: Fragment) throws -> RenderedFragment {
        guard has(fragment.template) else { throw MissingFragmentTemplate(name: fragment.template) }
        let uses = fragment.uses  // before `memo`, which holds the fragment's lock
        return try fragment.memo { () throws -> RenderedFragment in
            let made =
                try fragment.shared.map { try sharedTree($0, template: fragment.template) }
                ?? self.tree(fragment.context, template: fragment.template, buildTree: rendersMostPages)
            return RenderedFragment(
                fingerprint: FastFormat.hex(made.fingerprint), fragment: fragment, uses: uses,
                tree: rendersMostPages ? made.tree : nil, templates: self)
        }
    }

    /// A shared context's tree, encoded once for all its fragments; each fragment's fingerprint is its
    /// template (with everything it includes) and the context's hash.
    private func sharedTree(_ shared: SharedContext, template: String) throws -> MustacheTree.Made {
        let context = try shared.take {
            try MustacheTree.make(
                shared.make(), prefix: "shared context", shownBy: nil, buildTree: rendersMostPages, fragment: resolve,
                repeated: repeated)
        }
        var hasher = StableHasher()
        hasher.add(repeated.renderedWith(template), tag: 0x70)
        hasher.add(bytes: Array(context.fingerprint))
        repeated.fold(context.renditions, shownBy: template, into: &hasher)
        return MustacheTree.Made(tree: context.tree, fingerprint: hasher.finalizeSHA256())
    }
}
