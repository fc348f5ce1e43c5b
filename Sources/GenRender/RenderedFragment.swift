import Crypto
import Foundation
import GenModel
import GenPlan
import Mustache

/// A `Fragment` as page trees hold it: its fingerprint, known as soon as its tree is built, and its text,
/// rendered the first time a page shows it (a page kept by an incremental build never asks). Every page
/// showing the fragment holds this same object, so the fragment is encoded, hashed and rendered once.
final class RenderedFragment: MustacheCustomRenderable, @unchecked Sendable {
    let fingerprint: String
    private let template: String
    private let templates: TemplateRenderer
    private let lock = NSLock()
    private var tree: Any?
    private var text: String?

    init(fingerprint: String, template: String, tree: Any, templates: TemplateRenderer) {
        self.fingerprint = fingerprint
        self.template = template
        self.tree = tree
        self.templates = templates
    }

    /// The fragment's template exists (checked when the fragment was resolved), so rendering cannot fail.
    var renderText: String {
        lock.withLock {
            if let text { return text }
            let rendered = tree.flatMap { templates.render(tree: $0, template: template) } ?? ""
            text = rendered
            tree = nil  // the text is all that is needed from now on
            return rendered
        }
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
    func tree(_ context: some Encodable, template: String) throws -> MustacheTree.Made {
        try MustacheTree.make(context, prefix: "\(template):\(closureHash(template) ?? "missing")", fragment: resolve)
    }

    private func resolve(_ fragment: Fragment) throws -> RenderedFragment {
        guard has(fragment.template) else { throw MissingFragmentTemplate(name: fragment.template) }
        return try fragment.memo { () throws -> RenderedFragment in
            let made = try self.tree(fragment.context, template: fragment.template)
            return RenderedFragment(fingerprint: FastFormat.hex(made.fingerprint), template: fragment.template,
                                    tree: made.tree, templates: self)
        }
    }
}
