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

    public func html(_ markdown: String) -> String {
        // Style attributes, not `align=` (obsolete in HTML5); UTF-8 validated so bad bytes cannot break a page.
        let options = CMARK_OPT_DEFAULT | CMARK_OPT_FOOTNOTES | CMARK_OPT_STRIKETHROUGH_DOUBLE_TILDE
            | CMARK_OPT_TABLE_PREFER_STYLE_ATTRIBUTES | CMARK_OPT_VALIDATE_UTF8
        guard let parser = cmark_parser_new(options) else { return "" }
        defer { cmark_parser_free(parser) }
        for name in MarkdownRenderer.extensionNames {
            if let ext = cmark_find_syntax_extension(name) { cmark_parser_attach_syntax_extension(parser, ext) }
        }
        markdown.withCString { cmark_parser_feed(parser, $0, strlen($0)) }
        guard let document = cmark_parser_finish(parser) else { return "" }
        defer { cmark_node_free(document) }
        guard let rendered = cmark_render_html(document, options, cmark_parser_get_syntax_extensions(parser)) else { return "" }
        defer { free(rendered) }
        return String(cString: rendered)
    }
}
