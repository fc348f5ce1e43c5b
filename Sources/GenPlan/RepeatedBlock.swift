/// A small block that recurs with the same content on many pages (a field row: "Job Type: Picture Day"
/// on thousands of reports), rendered with templates of its own. The renderer renders each distinct
/// content once per build and template and reuses the text, as Hugo's `partialCached` does: a report body
/// is mostly such rows, and rendering them was most of a build's time.
///
/// A template shows the block under a key, unescaped (`{{{html}}}`): the text was escaped for its content
/// type when the block's own template rendered it. The key of every page and fragment showing the block
/// covers its content and its templates, so an incremental build sees a change to either.
public struct RepeatedBlock: Sendable, Encodable {
    /// The name a template shows the block under → the template (in `Templates/`) that renders it there.
    public let templates: [Rendition]
    /// Why not generic: the renderer tells a block from every other value by comparing types, which for a
    /// generic type would be a conformance lookup on every value of every page.
    public let content: any Encodable & Sendable

    public struct Rendition: Sendable, Hashable {
        public let key: String
        public let template: String

        public init(key: String, template: String) {
            self.key = key
            self.template = template
        }
    }

    public init(_ content: any Encodable & Sendable, templates: [Rendition]) {
        self.content = content
        self.templates = templates
    }

    /// Outside the renderer (a JSON dump of a plan) a block reads as its content.
    public func encode(to encoder: any Encoder) throws {
        try content.encode(to: encoder)
    }
}
