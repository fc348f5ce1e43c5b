import Foundation
import GenModel
import GenPlan
import Mustache

/// The Mustache templates of `Templates/` (HTML auto-escaped; partials; `{{<layout}}` inheritance).
public struct TemplateRenderer: Sendable {
    let library: MustacheLibrary
    /// Per template: a hash over its text and the text of every partial and parent it uses, transitively,
    /// and the names its tags look up.
    let closures: TemplateClosures
    /// Whether most pages will be rendered (a clean build): contexts are then encoded once, into the tree
    /// they are hashed from and rendered with. An incremental build renders few pages: it hashes every
    /// context without building a tree, and encodes again only the pages (and fragments) it renders.
    public var rendersMostPages = true
    /// The texts of repeated blocks rendered so far (a build's renderer is one value, copied into every worker).
    let repeated: RepeatedTexts

    init(library: MustacheLibrary, closures: TemplateClosures) {
        self.library = library
        self.closures = closures
        self.repeated = RepeatedTexts(library: library, closures: closures)
    }

    /// The hash of everything a template renders with (nil for an unknown template).
    public func closureHash(_ name: String) -> String? { closures.hashes[name] }

    /// Loads every `*.mustache` file under `directory`. A missing folder or a template that does
    /// not parse is unusable input (exit 2), named by file and, for parse errors, line and column.
    public static func load(directory: URL) async throws(InputError) -> TemplateRenderer {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDir), isDir.boolValue else {
            throw InputError(file: directory.path, message: "template folder not found")
        }
        _ = MarkdownContentType.registered  // before parsing: templates name them in a pragma
        _ = HTMLContentType.registered
        do {
            let library = try await MustacheLibrary(directory: directory.path)
            return TemplateRenderer(library: library, closures: TemplateClosures(directory: directory))
        } catch let error as MustacheLibrary.ParserError {
            throw InputError(file: error.filename, line: error.context.lineNumber, column: error.context.columnNumber,
                             message: "template does not parse: \(error.error)")
        } catch {
            throw InputError(file: directory.path, message: "cannot load templates: \(error)")
        }
    }

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
