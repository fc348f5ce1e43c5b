import Crypto
import Foundation
import GenModel

/// Which template files each template renders with — itself, its `{{<parent}}` and `{{>partial}}`s,
/// transitively — hashed, so a page's fingerprint changes exactly when one of them does.
enum TemplateClosures {
    static func hashes(directory: URL) -> [String: String] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0.hasSuffix(".mustache") }.map { String($0.dropLast(".mustache".count)) }
        var texts: [String: String] = [:]
        for name in names {
            texts[name] = (try? String(contentsOf: directory.appendingPathComponent("\(name).mustache"), encoding: .utf8)) ?? ""
        }
        let references = texts.mapValues(referencedNames)
        var out: [String: String] = [:]
        for name in names {
            var seen: Set<String> = [name]
            var queue = [name]
            while let next = queue.popLast() {
                for child in references[next] ?? [] where seen.insert(child).inserted { queue.append(child) }
            }
            var hasher = SHA256()
            for member in seen.sorted() {
                hasher.update(data: Data("\(member)\u{0}\(texts[member] ?? "<missing>")\u{0}".utf8))
            }
            out[name] = FastFormat.hex(hasher.finalize())
        }
        return out
    }

    /// Names after `{{>` and `{{<` (whitespace allowed), e.g. `{{> partial-chart}}`, `{{<layout}}`.
    static func referencedNames(_ text: String) -> [String] {
        var names: [String] = []
        var rest = Substring(text)
        while let open = rest.range(of: "{{") {
            rest = rest[open.upperBound...]
            let trimmed = rest.drop { $0 == " " }
            guard let marker = trimmed.first, marker == ">" || marker == "<" else { continue }
            let name = trimmed.dropFirst().drop { $0 == " " }.prefix { $0 != "}" && $0 != " " }
            if !name.isEmpty { names.append(String(name)) }
        }
        return names
    }
}
