/// A Markdown page from `CONTENT/pages/*.md`, shown in every organization's navigation.
public struct ContentPage: Sendable, Hashable {
    /// The file name without `.md`; made path-safe when pages are planned.
    public var name: String
    public var title: String
    public var order: Int?
    public var markdown: String
    public var file: String

    public init(name: String, title: String, order: Int?, markdown: String, file: String) {
        self.name = name
        self.title = title
        self.order = order
        self.markdown = markdown
        self.file = file
    }
}
