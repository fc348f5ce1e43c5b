/// A link as pages show it: previous/next day or month, a photographer's related pages.
struct PageLink: Sendable, Encodable {
    var href: String
    var label: String
}
