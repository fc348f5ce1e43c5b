/// A compiled template: what each tag does, decided once. Names are split, partials and parents point at
/// templates by number, and each tag that writes a value carries the escaper its content type chose.
indirect enum MustacheNode: Sendable {
    case text([UInt8])
    /// Where a written line starts: a standalone partial's indentation goes here.
    case lineStart
    /// `{{name}}` (escaper ≥ 0) or `{{{name}}}` / `{{&name}}` (escaper -1).
    case variable(MustacheName, escaper: Int)
    case section(MustacheName, [MustacheNode])
    case inverted(MustacheName, [MustacheNode])
    /// `{{>name}}`: a template of the library (-1 when it has none: renders nothing); `offset`: where its tag
    /// starts, for a render that stops there (`MustacheRendering.Limits`).
    case partial(Int, indent: [UInt8], offset: Int)
    /// `{{<name}}…{{/name}}`: a template rendered with these blocks in place of its own.
    case parent(Int, indent: [UInt8], blocks: [String: MustacheBlock], offset: Int)
    /// `{{$name}}…{{/name}}`: a block's default content, replaced where a parent's caller gives one.
    case block(String, defaults: [MustacheNode], site: MustacheBlockSite)
}

/// A block given to a parent: its content, with the indentation it was written at removed.
struct MustacheBlock: Sendable {
    var nodes: [MustacheNode]
}

/// Where a block is expanded: the indentation its replacement takes. A standalone block tag's content
/// starts on a line of its own; a block written after blanks on a line (`  {{$x}}{{/x}}`) follows them,
/// its first line indented by them already.
struct MustacheBlockSite: Sendable {
    var indent: [UInt8]
    var firstLineIndented: Bool
}

/// A dotted name split at its dots; no parts is the implicit iterator `.`.
struct MustacheName: Sendable {
    let parts: [String]
    /// Where its tag starts in the template, as a byte offset: a name that finds nothing is reported there.
    var offset = 0

    init(_ text: String, offset: Int = 0) {
        parts = text == "." ? [] : text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        self.offset = offset
    }
}
