import Crypto
import Foundation
import GenModel
import GenPlan
import GenSupport
import MustacheEngine

/// The Mustache templates gen renders with (gen's own engine, `MustacheEngine`: HTML auto-escaped, a
/// `MARKDOWN` content type, partials, `{{<layout}}` inheritance), and the assets that go with them: the
/// built-ins, or the built-ins with an overlay folder's files (`TemplateFiles`).
public struct TemplateRenderer: Sendable {
    let library: MustacheLibrary
    /// Per template: a hash over its text and the text of every partial and parent it uses, transitively,
    /// and the names its tags look up.
    let closures: TemplateClosures
    /// The files of `assets/`, by name.
    let assets: [String: Data]
    /// The texts of shared values under partials, for the whole build (a renderer is copied into every worker).
    let memo = MustacheMemo()
    /// The files the templates were read from, by name: the overlay's or the built-in's.
    let files: [String: String]
    /// The files the assets were read from, by name.
    let assetFiles: [String: String]
    /// The tags whose names found nothing in the pages rendered so far.
    let misses = TemplateMisses()

    /// The hash of everything a template renders with (nil for an unknown template).
    public func closureHash(_ name: String) -> String? { closures.hashes[name] }

    /// The built-in templates, each replaced by the file of the same name in the overlay folder `directory`
    /// where it has one (`TemplateFiles.overlaid(with:)`).
    public static func load(directory: URL) async throws(InputError) -> TemplateRenderer {
        try load(TemplateFiles.builtIn.overlaid(with: directory))
    }

    /// Compiles every template. One that does not parse, or includes a partial or parent that does not exist,
    /// is unusable input (exit 2), named by its file (the overlay's, or the built-in's), line and column.
    public static func load(_ files: TemplateFiles) throws(InputError) -> TemplateRenderer {
        let texts = files.templates.mapValues(\.text)
        let library: MustacheLibrary
        do {
            library = try MustacheLibrary(
                templates: texts, contentTypes: ["HTML": MustacheHTML(), "MARKDOWN": MarkdownContentType()])
        } catch {
            throw InputError(
                file: files.templates[error.template]?.file ?? error.template, line: error.line, column: error.column,
                message: "template does not parse: \(error.message)")
        }
        // The spec renders a missing partial or parent as nothing: a misspelt name would drop part of every
        // page, or the whole page, without a word. Hugo and Zola refuse it; so does gen.
        if let missing = library.unresolved.first {
            throw InputError(
                file: files.templates[missing.template]?.file ?? missing.template, line: missing.line, column: missing.column,
                message: "\(missing.message): a template is named by its path under Templates/ or the overlay, without .mustache")
        }
        return TemplateRenderer(
            library: library, closures: TemplateClosures(texts: texts, library: library), assets: files.assets,
            files: files.templates.mapValues(\.file), assetFiles: files.assetFiles)
    }

    /// An asset's bytes (`style.css`), nil for one the templates do not have.
    public func asset(_ name: String) -> Data? { assets[name] }

    /// Whether a template of that name exists (checked before rendering, so a missing one is exit 2).
    public func has(_ name: String) -> Bool { library.has(name) }

    /// A page's values and its fingerprint: the template with everything it includes, and the values the
    /// page shows.
    func page(_ context: PageContext, template: String) -> (value: MustacheValue, fingerprint: SHA256Digest) {
        page(value: context.templateValue, template: template)
    }

    /// Values' fingerprint with a template.
    func page(value: MustacheValue, template: String) -> (value: MustacheValue, fingerprint: SHA256Digest) {
        var hasher = StableHasher()
        hasher.add("\(template):\(closures.hashes[template] ?? "missing")", tag: 0x70)
        ValueDigest.feed(value, into: &hasher, shows: closures.names[template])
        return (value, hasher.finalizeSHA256())
    }

    /// Renders values with a template for the file at `path`; nil for an unknown template. A render that
    /// passes one of the engine's limits (a template including itself without end) names the file, line and
    /// column of the tag where it stopped.
    func render(_ value: MustacheValue, template: String, path: String) throws(Renderer.Failure) -> [UInt8]? {
        var missed: [MustacheMiss] = []
        defer { if !missed.isEmpty { misses.add(missed) } }
        do {
            return try library.render(template, value, memo: memo, misses: &missed)
        } catch {
            let file = files[error.template] ?? error.template
            throw .template("\(file):\(error.line):\(error.column): \(error.message)", path: path)
        }
    }

    /// Every tag whose name found nothing in a page rendered so far, as a warning naming the template's file,
    /// line and column: the view the template is rendered with has no such value, so it shows nothing.
    public var missDiagnostics: [Diagnostic] {
        misses.all.map { miss in
            Diagnostic(
                .templateTagWithoutValue, file: files[miss.template] ?? miss.template, line: miss.line,
                column: miss.column,
                message:
                    "line \(miss.line), column \(miss.column): {{\(miss.name)}} names no value of the page it is rendered in (misspelt?); it shows nothing"
            )
        }
    }

    /// A warning for each file of the templates that no page uses: a template that is not one of `pages` (the
    /// names pages are rendered with, the built-ins') nor included by one, however deep, and an asset that is
    /// not one of `assets` (those gen copies, the built-ins'). Only an overlay can add such a file, most likely
    /// under a misspelt name (`partial/field-row.mustache`, `assets/styles.css`), which would otherwise change
    /// nothing without a word.
    public func unused(pages: some Sequence<String>, assets copied: some Sequence<String>) -> [Diagnostic] {
        let reached = library.closure(of: pages)
        let templates = files.keys.filter { !reached.contains($0) }.sorted().map { name in
            Diagnostic(
                .templateFileUnused, file: files[name] ?? name,
                message:
                    "template \(name) replaces no built-in template and no template includes it, so no page shows it "
                    + "(misspelt? `gen templates` writes the built-ins under their names)")
        }
        let copied = Set(copied)
        let assets = self.assets.keys.filter { !copied.contains($0) }.sorted().map { name in
            Diagnostic(
                .templateFileUnused, file: assetFiles[name] ?? name,
                message:
                    "asset \(name) is not one gen copies (\(copied.sorted().joined(separator: ", "))), so no page can link it "
                    + "(misspelt?)")
        }
        return templates + assets
    }

    /// Renders a context (tests, and callers that need no fingerprint).
    public func render(_ context: PageContext, template: String) throws(Renderer.Failure) -> String? {
        guard let bytes = try render(context.templateValue, template: template, path: template) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
