import MustacheEngine

/// A value that recurs with the same content on many pages (a field row: "Job Type: Picture Day" on
/// thousands of reports; a section's header). It reads in a template as its content does; where a
/// template shows it through a partial alone (`{{#fields}}{{>partials/field-row}}{{/fields}}`), the
/// renderer renders each distinct content once per build and partial and reuses the text, as Hugo's
/// `partialCached` does, without the template saying so: a report body is mostly such rows, and rendering
/// them was most of a build's time.
public struct RepeatedBlock: Sendable, Encodable {
    /// Why not generic: the renderer tells a block from every other value by comparing types, which for a
    /// generic type would be a conformance lookup on every value of every page.
    public let content: any Encodable & Sendable
    /// The content as the templates' values, keyed by its digest: the view gives them directly (`TemplateValue`).
    public let shared: MustacheShared

    /// What a block's key starts with.
    private static let keyPrefix = "repeated block"

    init<View: TemplateValue & Encodable & Sendable>(view: View) {
        let value = view.templateValue
        self.content = view
        self.shared = MustacheShared(key: ValueDigest.key(value, prefix: Self.keyPrefix), value: value)
    }

    /// The shared value, as a view holding the block gives it.
    var templateValue: MustacheValue { .shared(shared) }

    /// Outside the renderer (a JSON dump of a plan) a block reads as its content.
    public func encode(to encoder: any Encoder) throws {
        try content.encode(to: encoder)
    }
}

/// The rows of a table, each a `RepeatedBlock`: a list in a template, whose rows a section showing each
/// through a partial alone (`{{#fields}}{{>partials/field-row}}{{/fields}}`) takes from the texts rendered
/// before.
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
