import Crypto
import Foundation
import GenSupport

/// Which template files each template renders with — itself, its `{{<parent}}` and `{{>partial}}`s,
/// transitively — hashed, so a page's fingerprint changes exactly when one of them does; and the names
/// its tags look up, so a page depends on a fragment or repeated block only if it shows the block's key.
struct TemplateClosures: Sendable {
    /// Per template: a hash over its text and the text of every partial and parent it uses, transitively.
    let hashes: [String: String]
    /// Per template: every name its closure's tags look up (`{{#fields}}` → `fields`).
    let names: [String: Set<String>]
    /// Per template: the names of its closure's templates, itself included (a missing one too).
    let members: [String: Set<String>]

    init(hashes: [String: String], names: [String: Set<String>] = [:], members: [String: Set<String>] = [:]) {
        self.hashes = hashes
        self.names = names
        self.members = members
    }

    /// From the texts the templates were parsed from, by name: the built-ins with an overlay's files in their
    /// place, so a page's fingerprint follows the template it is actually rendered with, wherever it came from.
    init(texts: [String: String]) {
        let files = texts.keys.sorted()
        let references = texts.mapValues(Self.referencedNames)
        var hashes: [String: String] = [:]
        var names: [String: Set<String>] = [:]
        var members: [String: Set<String>] = [:]
        for name in files {
            var seen: Set<String> = [name]
            var queue = [name]
            while let next = queue.popLast() {
                for child in references[next] ?? [] where seen.insert(child).inserted { queue.append(child) }
            }
            var hasher = SHA256()
            for member in seen.sorted() {
                hasher.update(data: Data("\(member)\u{0}\(texts[member] ?? "<missing>")\u{0}".utf8))
            }
            hashes[name] = FastFormat.hex(hasher.finalize())
            names[name] = seen.reduce(into: Set<String>()) { $0.formUnion(Self.tagNames(texts[$1] ?? "")) }
            members[name] = seen
        }
        self.init(hashes: hashes, names: names, members: members)
    }

    /// Names after `{{>` and `{{<` (whitespace allowed), e.g. `{{> partials/chart}}`, `{{<layout}}`.
    static func referencedNames(_ text: String) -> [String] {
        tags(text).compactMap { tag in
            guard let marker = tag.first, marker == ">" || marker == "<" else { return nil }
            let name = tag.dropFirst().drop { $0 == " " }.prefix { $0 != " " }
            return name.isEmpty ? nil : String(name)
        }
    }

    /// The names a template's tags look up: `{{name}}`, `{{{name}}}`, `{{&name}}`, `{{#name}}`, `{{^name}}`,
    /// and each part of a dotted name. Comments, pragmas, partials and parents look nothing up.
    static func tagNames(_ text: String) -> Set<String> {
        var names: Set<String> = []
        for tag in tags(text) {
            var body = tag.drop { $0 == " " }
            guard let marker = body.first, !"!%><=".contains(marker) else { continue }
            if "{&#^/$".contains(marker) { body = body.dropFirst() }
            let name = body.drop { $0 == " " }.prefix { $0 != " " && $0 != "}" && $0 != "|" }
            for part in name.split(separator: ".") { names.insert(String(part)) }
        }
        return names
    }

    /// The text of every tag after its `{{`, up to its closing braces.
    static func tags(_ text: String) -> [Substring] {
        var tags: [Substring] = []
        // `{{` found in the UTF-8 bytes: Foundation's `range(of:)` bridged the rest of the text to an `NSString`
        // for every tag (half the time the templates took to load, before anything else could start).
        let bytes = text.utf8
        let brace = UInt8(ascii: "{")
        var index = bytes.startIndex
        while let open = bytes[index...].firstIndex(of: brace) {
            let next = bytes.index(after: open)
            guard next < bytes.endIndex else { break }
            guard bytes[next] == brace else {
                index = next
                continue
            }
            let rest = text[bytes.index(after: next)...]
            let trimmed = rest.drop { $0 == " " }
            tags.append(trimmed.prefix { $0 != "}" })
            index = rest.startIndex
        }
        return tags
    }
}
