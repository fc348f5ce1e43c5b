import Crypto
import Foundation
import GenSupport
import MustacheEngine

/// Which template files each template renders with — itself, its `{{<parent}}` and `{{>partial}}`s,
/// transitively — hashed, so a page's fingerprint changes exactly when one of them does; and the names
/// its tags look up, so a page depends on a shared value only if it shows the value's key.
struct TemplateClosures: Sendable {
    /// Per template: a hash over its text and the text of every partial and parent it uses, transitively.
    let hashes: [String: String]
    /// Per template: every name its closure's tags look up (`{{#fields}}` → `fields`).
    let names: [String: Set<String>]

    /// From the texts the templates were compiled from, by name (the built-ins with an overlay's files in
    /// their place), and what the compiled library says each includes and looks up.
    init(texts: [String: String], library: MustacheLibrary) {
        var hashes: [String: String] = [:]
        var names: [String: Set<String>] = [:]
        for name in texts.keys.sorted() {
            let seen = library.closure(of: [name])
            var hasher = SHA256()
            for member in seen.sorted() {
                hasher.update(data: Data("\(member)\u{0}\(texts[member] ?? "<missing>")\u{0}".utf8))
            }
            hashes[name] = FastFormat.hex(hasher.finalize())
            names[name] = seen.reduce(into: Set<String>()) { $0.formUnion(library.lookups($1)) }
        }
        self.hashes = hashes
        self.names = names
    }
}
