import CCmarkGFM
import Foundation

/// GitHub-flavoured Markdown through libcmark-gfm, always in safe mode: raw HTML is omitted and
/// `javascript:`/`vbscript:`/`data:` link targets are emptied. Never render untrusted text unsafe.
public struct MarkdownRenderer: Sendable {
    static let extensionNames = ["table", "strikethrough", "autolink", "tagfilter", "tasklist"]

    /// cmark-gfm's extension registry is a plain static flag (not thread-safe): this must run once,
    /// before any parallel rendering. Creating a renderer does it.
    private static let registered: Void = { cmark_gfm_core_extensions_ensure_registered() }()

    public init() {
        _ = MarkdownRenderer.registered
    }

    // Style attributes, not `align=` (obsolete in HTML5); UTF-8 validated so bad bytes cannot break a page.
    static let options =
        CMARK_OPT_DEFAULT | CMARK_OPT_FOOTNOTES | CMARK_OPT_STRIKETHROUGH_DOUBLE_TILDE
        | CMARK_OPT_TABLE_PREFER_STYLE_ATTRIBUTES | CMARK_OPT_VALIDATE_UTF8

    public func html(_ markdown: String) -> String {
        let html = render(markdown) { document, parser in
            cmark_render_html(document, Self.options, cmark_parser_get_syntax_extensions(parser))
        }
        return html.contains("<input type=\"checkbox\"") ? Self.labellingTaskBoxes(html) : html
    }

    /// A task list's boxes named for screen readers ("Done", "Not done"): cmark-gfm writes them with no label.
    /// Safe mode omits raw HTML, so these exact tags can only be cmark's own; typed look-alikes arrive escaped.
    static func labellingTaskBoxes(_ html: String) -> String {
        html.replacingOccurrences(
            of: #"<input type="checkbox" checked="" disabled="" />"#,
            with: #"<input type="checkbox" checked="" disabled="" aria-label="Done" />"#
        )
        .replacingOccurrences(
            of: #"<input type="checkbox" disabled="" />"#,
            with: #"<input type="checkbox" disabled="" aria-label="Not done" />"#)
    }

    /// Raw HTML passed through: only for tests that prove generated Markdown holds no markup
    /// from user text even under the most permissive renderer. Never for output.
    func unsafeHTMLForTesting(_ markdown: String) -> String {
        render(markdown, extraOptions: CMARK_OPT_UNSAFE) { document, parser in
            cmark_render_html(document, Self.options | CMARK_OPT_UNSAFE, cmark_parser_get_syntax_extensions(parser))
        }
    }

    private func render(
        _ markdown: String, extraOptions: Int32 = 0,
        _ renderer: (OpaquePointer, OpaquePointer) -> UnsafeMutablePointer<CChar>?
    ) -> String {
        guard let parser = cmark_parser_new(Self.options | extraOptions) else { return "" }
        defer { cmark_parser_free(parser) }
        for name in MarkdownRenderer.extensionNames {
            if let ext = cmark_find_syntax_extension(name) { cmark_parser_attach_syntax_extension(parser, ext) }
        }
        markdown.withCString { cmark_parser_feed(parser, $0, strlen($0)) }
        guard let document = cmark_parser_finish(parser) else { return "" }
        defer { cmark_node_free(document) }
        guard let rendered = renderer(document, parser) else { return "" }
        defer { free(rendered) }
        return String(cString: rendered)
    }
}
