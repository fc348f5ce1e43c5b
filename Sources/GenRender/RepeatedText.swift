import Crypto
import Foundation
import GenPlan
import GenSupport
import Mustache

/// The texts of `RepeatedBlock`s rendered so far in this build, by template and content: a row that
/// recurs on thousands of reports is rendered once. Bounded (`RecentTexts`), so memory stays flat
/// whatever the export holds. Templates are fixed for a build, so a text depends on nothing but its
/// template and content.
final class RepeatedTexts: Sendable {
    struct Key: Hashable, Sendable {
        let template: String
        /// The content's hash (its first 128 bits, as every digest of an incremental build).
        let content: ContentDigest
    }

    /// Texts in each of the two generations: at most 32,768 rows and routes of a few hundred bytes, about
    /// 10 MiB.
    static let limit = 16_384

    private let library: MustacheLibrary
    private let closures: TemplateClosures
    private let texts = RecentTexts<Key>(limit: limit)

    init(library: MustacheLibrary, closures: TemplateClosures) {
        self.library = library
        self.closures = closures
    }

    func has(_ template: String) -> Bool { library.getTemplate(named: template) != nil }

    /// The names `template` and everything it includes look up (nil for an unknown template).
    func names(_ template: String) -> Set<String>? { closures.names[template] }

    /// What a fingerprint starts with: the template's name and the hash of everything it includes.
    func renderedWith(_ template: String) -> String { "\(template):\(closures.hashes[template] ?? "missing")" }

    /// Feeds the templates of the repeated blocks in a tree that `template` shows: a block's text under a
    /// key is shown by a template whose tags look that key up (`{{{html}}}`), so a report body's Markdown
    /// does not depend on the HTML row template. A key looked up by a block's own template (a block
    /// inside a block) counts too.
    func fold(_ renditions: Set<RepeatedBlock.Rendition>, shownBy template: String, into digest: inout StableHasher) {
        guard !renditions.isEmpty else { return }
        // Asked per key, not as a union of name sets: this runs for every page.
        func shown(_ key: String) -> Bool {
            closures.names[template]?.contains(key) == true
                || renditions.contains { closures.names[$0.template]?.contains(key) == true }
        }
        let sorted = renditions.sorted { ($0.key, $0.template) < ($1.key, $1.template) }
        for rendition in sorted where shown(rendition.key) {
            digest.add(rendition.key, tag: 0x6B)
            digest.add(renderedWith(rendition.template), tag: 0x70)
        }
    }

    /// What the hash of a block's content starts with.
    static let contentPrefix = "repeated block"

    func text(_ key: Key, tree: () -> Any) -> String {
        texts.value(key) { library.render(tree(), withTemplate: key.template) ?? "" }
    }

    /// How many texts were rendered (not taken from those rendered before).
    var rendered: Int { texts.made }
}

/// Texts by key, the recent ones kept: at most `limit` in each of two generations. When the newer is full
/// it becomes the older and a new one starts; a text found in the older moves to the newer. What keeps
/// recurring stays (a job type, a yes or no), and what recurred for a while only (a day's date, a month's
/// routes) makes room. Why not `Memo`, which keeps the first answers it was given: in a large export the
/// first rows to fill it include those of the first weeks only, and later weeks' recurring rows were
/// rendered every time (a build of 200,000 reports took 2.27 times as long as one of 100,000).
final class RecentTexts<Key: Hashable & Sendable>: @unchecked Sendable {  // both tables under `lock`
    private let lock = NSLock()
    private var newer: [Key: String] = [:]
    private var older: [Key: String] = [:]
    private let limit: Int
    private var madeCount = 0

    init(limit: Int) { self.limit = limit }

    func value(_ key: Key, _ make: () -> String) -> String {
        let known: String? = lock.withLock {
            if let text = newer[key] { return text }
            guard let text = older.removeValue(forKey: key) else { return nil }
            insert(key, text)
            return text
        }
        if let known { return known }
        let text = make()  // outside the lock: the other worker may render the same text meanwhile
        lock.withLock {
            madeCount += 1
            insert(key, text)
        }
        return text
    }

    /// Under the lock.
    private func insert(_ key: Key, _ text: String) {
        if newer.count >= limit {
            older = newer
            newer = [:]
        }
        newer[key] = text
    }

    var count: Int { lock.withLock { newer.count + older.count } }

    /// How many texts were made rather than found.
    var made: Int { lock.withLock { madeCount } }
}

/// A `RepeatedBlock` under one of its keys in a tree: its text, from the build's `RepeatedTexts`. The
/// content is encoded into a tree only when its text is not there yet: most blocks are met again.
final class RepeatedText: MustacheCustomRenderable, @unchecked Sendable {  // immutable; its content is Sendable, its texts locked
    let key: RepeatedTexts.Key
    private let content: any Encodable & Sendable
    private let fragment: (Fragment) throws -> RenderedFragment
    let texts: RepeatedTexts

    init(
        key: RepeatedTexts.Key, content: any Encodable & Sendable, fragment: @escaping (Fragment) throws -> RenderedFragment,
        texts: RepeatedTexts
    ) {
        self.key = key
        self.content = content
        self.fragment = fragment
        self.texts = texts
    }

    /// The block's templates exist (checked when the block was met), so rendering cannot fail.
    var renderText: String {
        texts.text(key) {
            (try? MustacheTree.make(
                content, prefix: RepeatedTexts.contentPrefix, shownBy: nil, fragment: fragment,
                repeated: texts
            ).tree) ?? MustacheNull()
        }
    }

    var isNull: Bool { false }
}

extension RepeatedBlock {
    /// How `MustacheTree` encodes the block: its content hashed on its own (the key of its texts; no tree,
    /// which is made only for a text not rendered yet), and under each of the block's keys a
    /// `RepeatedText`. The enclosing tree is fed the keys and the content's hash; the block's templates are
    /// noted for the fingerprint of each template showing the tree (`RepeatedTexts.fold`).
    func node(in build: TreeBuild) throws -> Any {
        var node = MustacheNode(capacity: templates.count)
        for (key, text) in try texts(in: build) { node.entries.append((key, text)) }
        return node
    }

    /// The block's text under each of its keys (none when the tree is not stored), the block hashed.
    func texts(in build: TreeBuild) throws -> [(key: String, text: RepeatedText)] {
        let texts = build.repeated
        for rendition in templates where !texts.has(rendition.template) {
            throw MissingFragmentTemplate(name: rendition.template)
        }
        let made = try MustacheTree.make(
            content, prefix: RepeatedTexts.contentPrefix, shownBy: nil, buildTree: false,
            fragment: build.fragment, repeated: texts)
        build.renditions.formUnion(made.renditions)
        build.renditions.formUnion(templates)
        let digest = ContentDigest(sha256: made.fingerprint)
        let hashes = build.unordered == 0
        if hashes { build.digest.mark(0x72, UInt64(templates.count)) }  // r
        var entries: [(key: String, text: RepeatedText)] = []
        for rendition in templates {
            if hashes { build.digest.add(rendition.key, tag: 0x6B) }
            let key = RepeatedTexts.Key(template: rendition.template, content: digest)
            if build.stores {
                entries.append((rendition.key, RepeatedText(key: key, content: content, fragment: build.fragment, texts: texts)))
            }
        }
        if hashes { build.digest.add(digest) }
        return entries
    }
}

/// `RepeatedRows` under one key in a tree: the rows' texts under that key, one per line.
final class RepeatedTextRun: MustacheCustomRenderable, @unchecked Sendable {  // immutable: a list of `RepeatedText`
    let parts: [RepeatedText]

    init(_ parts: [RepeatedText]) {
        self.parts = parts
    }

    var renderText: String { parts.map(\.renderText).joined(separator: "\n") }

    var isNull: Bool { false }
}

extension RepeatedRows {
    /// Each row hashed as `RepeatedBlock.texts(in:)` hashes it, the rows fed to the digest as a list of blocks
    /// would be; in the tree, under each key the rows have, a `RepeatedTextRun` of the rows' texts under it.
    func node(in build: TreeBuild) throws -> Any {
        let hashes = build.unordered == 0
        if hashes { build.digest.mark(0x5B) }  // [
        var runs: [(key: String, parts: [RepeatedText])] = []
        for row in rows {
            for (key, text) in try row.texts(in: build) {
                if let index = runs.firstIndex(where: { $0.key == key }) {
                    runs[index].parts.append(text)
                } else {
                    runs.append((key, [text]))
                }
            }
        }
        if hashes { build.digest.mark(0x5D) }  // ]
        guard !rows.isEmpty else { return [Any]() }
        var node = MustacheNode(capacity: runs.count)
        for run in runs { node.entries.append((run.key, RepeatedTextRun(run.parts))) }
        return node
    }
}
