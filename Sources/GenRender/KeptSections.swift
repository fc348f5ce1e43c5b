import Foundation
import Mustache

/// Sections that show a value through a partial alone — `{{#route}}{{>partials/report-route}}{{/route}}`,
/// `{{#fields}}{{>partials/field-row}}{{/fields}}` — are where a value that recurs (a `RepeatedBlock`, a
/// report body's `Fragment`) can be rendered once and its text reused. When the templates are loaded, each
/// such section is rewritten to ask the value for its text first:
///
///     {{^K.gen-kept-N}}{{#K}}{{>P}}{{/K}}{{/K.gen-kept-N}}{{{K.gen-text-N}}}
///
/// A value that keeps texts answers `gen-kept-N` and `gen-text-N`; any other value answers neither, and the
/// section renders as written. Template authors write plain Mustache and never see this.
///
/// A kept text is the partial rendered for the value alone, through the template `\0kept-N`
/// (`{{#gen-row}}{{>P}}{{/gen-row}}` under the section's content type). It equals what the section renders
/// only if no name the partial looks up is missing from the value: such a lookup would go on to the
/// enclosing page. `KeptText.render` watches for one and then keeps no text, and the section renders in
/// place. The partial must also not depend on the section's position (`{{#first()}}`), on blocks of a
/// parent, or on changed delimiters; a partial whose templates use any of these is not kept.
struct KeptSections {
    /// The templates with their sections rewritten, and the `\0kept-N` templates those sections ask for.
    let templates: [String: String]

    /// The name under which a kept section's template renders a value (`\0` cannot start a file's name).
    static func wrapper(_ index: Int) -> String { "\u{0}kept-\(index)" }

    /// `closures`: those of `texts`.
    init(_ texts: [String: String], closures: TemplateClosures) {
        var sites: [Site: Int] = [:]
        var templates = texts
        let keepable = Self.keepablePartials(texts, closures: closures)
        for name in texts.keys.sorted() {
            guard let text = texts[name], !text.contains("{{=") else { continue }
            templates[name] = Self.rewrite(text) { site in
                guard keepable.contains(site.partial) else { return nil }
                if let index = sites[site] { return index }
                sites[site] = sites.count
                return sites.count - 1
            }
        }
        for (site, index) in sites {
            templates[Self.wrapper(index)] = "{{% CONTENT_TYPE: \(site.contentType)}}{{#gen-row}}{{>\(site.partial)}}{{/gen-row}}"
        }
        self.templates = templates
    }

    struct Site: Hashable {
        let partial: String
        let contentType: String
    }

    private static let section = try! NSRegularExpression(
        pattern: #"\{\{#\s*([A-Za-z0-9_?*-][A-Za-z0-9_.?*-]*)\s*\}\}\{\{>\s*([A-Za-z0-9_./?*-]+)\s*\}\}\{\{/\s*\1\s*\}\}"#)
    private static let pragma = try! NSRegularExpression(pattern: #"\{\{%\s*CONTENT_TYPE:\s*([A-Za-z]+)\s*\}\}"#)

    /// `text` with each section that shows a partial alone rewritten, where `index` numbers its partial and
    /// content type (nil: leave it). The content type is the one the file names last before the section; a
    /// section before any is left as it is (a partial's content type is its includer's).
    static func rewrite(_ text: String, index: (Site) -> Int?) -> String {
        let whole = NSRange(text.startIndex..., in: text)
        let pragmas = pragma.matches(in: text, range: whole)
        var result = ""
        var copied = text.startIndex
        for match in section.matches(in: text, range: whole) {
            guard let type = pragmas.last(where: { $0.range.location < match.range.location }),
                let range = Range(match.range, in: text), let key = Range(match.range(at: 1), in: text),
                let partial = Range(match.range(at: 2), in: text), let typeName = Range(type.range(at: 1), in: text),
                let n = index(Site(partial: String(text[partial]), contentType: String(text[typeName])))
            else { continue }
            let k = text[key]
            result += text[copied..<range.lowerBound]
            result += "{{^\(k).gen-kept-\(n)}}\(text[range]){{/\(k).gen-kept-\(n)}}{{{\(k).gen-text-\(n)}}}"
            copied = range.upperBound
        }
        return result + text[copied...]
    }

    /// Partials whose every template (the partial and what it includes) exists and looks up names only: no
    /// position in a sequence or transform (`(`), no blocks or parents (`{{$`, `{{<`), no changed delimiters, no
    /// dynamic partial (`{{>*`).
    static func keepablePartials(_ texts: [String: String], closures: TemplateClosures) -> Set<String> {
        let plain = Set(texts.filter { !TemplateClosures.tags($0.value).contains(where: isNotALookup) }.keys)
        return Set(texts.keys.filter { closures.members[$0]?.isSubset(of: plain) == true })
    }

    private static func isNotALookup(_ tag: Substring) -> Bool {
        tag.contains("(") || tag.first == "$" || tag.first == "<" || tag.first == "="
            || (tag.first == ">" && tag.dropFirst().drop { $0 == " " }.first == "*")
    }
}

/// The names a kept section asks a value for.
enum KeptName {
    case kept(wrapper: String)
    case text(wrapper: String)

    /// Asked by every lookup on a value that keeps texts: a byte comparison settles almost all of them.
    init?(_ name: String) {
        guard name.utf8.first == UInt8(ascii: "g"), name.hasPrefix("gen-") else { return nil }
        if name.hasPrefix("gen-kept-"), let n = Int(name.dropFirst(9)) {
            self = .kept(wrapper: KeptSections.wrapper(n))
        } else if name.hasPrefix("gen-text-"), let n = Int(name.dropFirst(9)) {
            self = .text(wrapper: KeptSections.wrapper(n))
        } else {
            return nil
        }
    }

    /// The answer to the lookup, given the value's text (nil: it has none, the section renders in place).
    func answer(_ text: String?) -> Any? {
        guard let text else { return nil }
        switch self {
        case .kept: return true
        case .text: return MustacheText(text: text)
        }
    }
}

/// A value whose text under a kept section's template can be kept.
protocol KeptText: MustacheParent, Sendable {
    /// The value's text rendered through `wrapper`; nil when that reaches outside the value.
    func keptText(_ wrapper: String) -> String?
    /// The text as a page shows it: a fragment counts the use, to let go of its texts after the last.
    func shownText(_ wrapper: String) -> String?
}

extension KeptText {
    func shownText(_ wrapper: String) -> String? { keptText(wrapper) }

    /// The answer to a kept section's lookup.
    func answer(_ name: KeptName) -> Any? {
        switch name {
        case .kept(let wrapper): return name.answer(keptText(wrapper))
        case .text(let wrapper): return name.answer(shownText(wrapper))
        }
    }

    /// How a value renders through `wrapper`: nil when the partial looked up a name the value lacks.
    static func render(_ tree: Any, wrapper: String, library: MustacheLibrary) -> String? {
        let watch = EscapeWatch(tree)
        let text = library.render(watch, withTemplate: wrapper) ?? ""
        return watch.escaped ? nil : text
    }
}

/// The bottom of the context stack when a value is rendered alone: it holds the value, and notes any other
/// lookup, which only a name missing from the value reaches.
private final class EscapeWatch: MustacheParent {
    let value: Any
    var escaped = false

    init(_ value: Any) { self.value = value }

    func child(named name: String) -> Any? {
        if name == "gen-row" { return value }
        escaped = true
        return nil
    }
}

/// A list of values that keep texts (a table's rows, a gallery's cards): a list in a template, whose text
/// under a kept section is its items' texts, one after another.
struct KeptList: MustacheSequence, KeptText, @unchecked Sendable {  // immutable; items are Sendable (`any` hides it)
    let items: [any KeptText]

    func makeIterator() -> IndexingIterator<[any KeptText]> { items.makeIterator() }

    func child(named name: String) -> Any? { KeptName(name).flatMap(answer) }

    func keptText(_ wrapper: String) -> String? { joined { $0.keptText(wrapper) } }

    func shownText(_ wrapper: String) -> String? { joined { $0.shownText(wrapper) } }

    private func joined(_ text: (any KeptText) -> String?) -> String? {
        var joined = ""
        for item in items {
            guard let part = text(item) else { return nil }
            joined += part
        }
        return joined
    }
}
