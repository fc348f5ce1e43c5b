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

/// The rows of a table, each a `RepeatedBlock` with the same templates, shown together: under each of the
/// rows' keys a template finds their texts as one text, one row per line (`{{#fields}}{{{html}}}{{/fields}}`
/// writes every row). An empty list is an empty list (a section over it shows nothing).
///
/// Why not a list of blocks: a template walking a list opens a section per row and looks the key up in
/// each; at 10,000 reports of a dozen rows, in HTML and Markdown, that walk was a tenth of a clean build.
public struct RepeatedRows: Sendable, Encodable {
    public let rows: [RepeatedBlock]

    public init(_ rows: [RepeatedBlock]) {
        self.rows = rows
    }

    public var isEmpty: Bool { rows.isEmpty }

    /// Outside the renderer (a JSON dump of a plan) the rows read as the list of their contents.
    public func encode(to encoder: any Encoder) throws {
        try rows.encode(to: encoder)
    }
}
