import Foundation
import GenModel
import GenPlan
import Mustache

/// The Mustache templates gen renders with (HTML auto-escaped; partials; `{{<layout}}` inheritance), and the
/// assets that go with them: the built-ins, or the built-ins with an overlay folder's files (`TemplateFiles`).
public struct TemplateRenderer: Sendable {
    let library: MustacheLibrary
    /// Per template: a hash over its text and the text of every partial and parent it uses, transitively,
    /// and the names its tags look up.
    let closures: TemplateClosures
    /// The files of `assets/`, by name.
    let assets: [String: Data]
    /// Whether most pages will be rendered (a clean build): contexts are then encoded once, into the tree
    /// they are hashed from and rendered with. An incremental build renders few pages: it hashes every
    /// context without building a tree, and encodes again only the pages (and fragments) it renders.
    public var rendersMostPages = true
    /// The texts of repeated blocks rendered so far (a build's renderer is one value, copied into every worker).
    let repeated: RepeatedTexts

    init(library: MustacheLibrary, closures: TemplateClosures, assets: [String: Data]) {
        self.library = library
        self.closures = closures
        self.assets = assets
        self.repeated = RepeatedTexts(library: library, closures: closures)
    }

    /// The hash of everything a template renders with (nil for an unknown template).
    public func closureHash(_ name: String) -> String? { closures.hashes[name] }

    /// The built-in templates, each replaced by the file of the same name in the overlay folder `directory`
    /// where it has one (`TemplateFiles.overlaid(with:)`). Async as it was when it read a whole folder through
    /// swift-mustache, so its callers stay as they are.
    public static func load(directory: URL) async throws(InputError) -> TemplateRenderer {
        try load(TemplateFiles.builtIn.overlaid(with: directory))
    }

    /// Parses every template. One that does not parse is unusable input (exit 2), named by its file (the
    /// overlay's, or the built-in's), line and column.
    public static func load(_ files: TemplateFiles) throws(InputError) -> TemplateRenderer {
        _ = MarkdownContentType.registered  // before parsing: templates name them in a pragma
        _ = HTMLContentType.registered
        var parsed: [String: MustacheTemplate] = [:]
        // In name order, so the same broken folder always names the same file.
        for (name, template) in files.templates.sorted(by: { $0.key < $1.key }) {
            do {
                parsed[name] = try MustacheTemplate(string: template.text)
            } catch let error as MustacheTemplate.ParserError {
                throw InputError(
                    file: template.file, line: error.context.lineNumber, column: error.context.columnNumber,
                    message: "template does not parse: \(error.error)")
            } catch {
                throw InputError(file: template.file, message: "template does not parse: \(error)")
            }
        }
        // Registered with their kept sections rewritten (a rewritten text parses as its original did).
        let texts = files.templates.mapValues { $0.text }
        let closures = TemplateClosures(texts: texts)
        var library = MustacheLibrary()
        for (name, text) in KeptSections(texts, closures: closures).templates {
            let original = parsed[name]
            guard let template = text == texts[name] ? original : (try? MustacheTemplate(string: text)) ?? original else { continue }
            library.register(template, named: name)
        }
        return TemplateRenderer(
            library: library, closures: closures,
            assets: files.assets)
    }

    /// An asset's bytes (`style.css`), nil for one the templates do not have.
    public func asset(_ name: String) -> Data? { assets[name] }

    /// Whether a template of that name exists (checked before rendering, so a missing one is exit 2).
    public func has(_ name: String) -> Bool { library.getTemplate(named: name) != nil }

    /// Renders from the context as plain values (see `MustacheTree`): same lookups, no reflection.
    public func render(_ context: PageContext, template: String) -> String? {
        guard let tree = try? tree(context, template: template).tree else { return nil }
        return render(tree: tree, template: template)
    }

    /// Renders a context already made into a tree (the incremental build hashes the tree first).
    func render(tree: Any, template: String) -> String? {
        library.render(tree, withTemplate: template)
    }
}
