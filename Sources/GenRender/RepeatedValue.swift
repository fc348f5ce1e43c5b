import Crypto
import Foundation
import GenPlan
import GenSupport
import Mustache

/// The texts of `RepeatedBlock`s rendered so far in this build, by kept section and content: a row that
/// recurs on thousands of reports is rendered once. Bounded (`RecentTexts`), so memory stays flat whatever
/// the export holds. Templates are fixed for a build, so a text depends on nothing but its section's
/// template and the content.
final class RepeatedTexts: Sendable {
    struct Key: Hashable, Sendable {
        let wrapper: String
        /// The content's hash (its first 128 bits, as every digest of an incremental build).
        let content: ContentDigest
    }

    /// Texts in each of the two generations: at most 32,768 rows and routes of a few hundred bytes, about
    /// 10 MiB.
    static let limit = 16_384

    let library: MustacheLibrary
    private let closures: TemplateClosures
    private let texts = RecentTexts<Key>(limit: limit)

    init(library: MustacheLibrary, closures: TemplateClosures) {
        self.library = library
        self.closures = closures
    }

    /// The names `template` and everything it includes look up (nil for an unknown template).
    func names(_ template: String) -> Set<String>? { closures.names[template] }

    /// What a fingerprint starts with: the template's name and the hash of everything it includes.
    func renderedWith(_ template: String) -> String { "\(template):\(closures.hashes[template] ?? "missing")" }

    /// What the hash of a block's content starts with.
    static let contentPrefix = "repeated block"

    func text(_ key: Key, tree: () -> Any) -> String? {
        texts.value(key) { RepeatedValue.render(tree(), wrapper: key.wrapper, library: library) }
    }

    /// How many texts were rendered (not taken from those rendered before).
    var rendered: Int { texts.made }
}

/// Texts by key, the recent ones kept: at most `limit` in each of two generations. When the newer is full
/// it becomes the older and a new one starts; a text found in the older moves to the newer. What keeps
/// recurring stays (a job type, a yes or no), and what recurred for a while only (a day's date, a month's
/// routes) makes room. Why not keep the first texts met: in a large export those include the rows of the
/// first weeks only, and later weeks' recurring rows were rendered every time (a build of 200,000 reports
/// then took more than twice as long as one of 100,000).
final class RecentTexts<Key: Hashable & Sendable>: @unchecked Sendable {  // both tables under `lock`
    private let lock = NSLock()
    private var newer: [Key: String?] = [:]
    private var older: [Key: String?] = [:]
    private let limit: Int
    private var madeCount = 0

    init(limit: Int) { self.limit = limit }

    /// The text under `key`, made by `make` if there is none; nil is kept as an answer too.
    func value(_ key: Key, _ make: () -> String?) -> String? {
        let known: String?? = lock.withLock {
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
    private func insert(_ key: Key, _ text: String?) {
        if newer.count >= limit {
            older = newer
            newer = [:]
        }
        newer[key] = .some(text)
    }

    var count: Int { lock.withLock { newer.count + older.count } }

    /// How many texts were made rather than found.
    var made: Int { lock.withLock { madeCount } }
}

/// A `RepeatedBlock` in a tree: its content's hash, and its content as a tree made only when asked (most
/// blocks are met again, and a kept section takes their text from `RepeatedTexts`).
final class RepeatedValue: KeptText, @unchecked Sendable {  // `tree` under `lock`; the rest immutable
    let digest: ContentDigest
    private let content: any Encodable & Sendable
    private let fragment: (Fragment) throws -> RenderedFragment
    private let texts: RepeatedTexts
    private let lock = NSLock()
    private var made: Any?

    init(
        digest: ContentDigest, content: any Encodable & Sendable, fragment: @escaping (Fragment) throws -> RenderedFragment,
        texts: RepeatedTexts
    ) {
        self.digest = digest
        self.content = content
        self.fragment = fragment
        self.texts = texts
    }

    /// The content encoded (it encoded once already, to be hashed, so it cannot fail now).
    private var tree: Any {
        lock.withLock {
            if let made { return made }
            let tree =
                (try? MustacheTree.make(
                    content, prefix: RepeatedTexts.contentPrefix, shownBy: nil, fragment: fragment, repeated: texts
                ).tree) ?? MustacheNull()
            made = tree
            return tree
        }
    }

    /// A block reads as its content, a keyed value (a view type).
    func child(named name: String) -> Any? {
        if let kept = KeptName(name) { return answer(kept) }
        return (tree as? MustacheNode)?.child(named: name)
    }

    func keptText(_ wrapper: String) -> String? {
        texts.text(RepeatedTexts.Key(wrapper: wrapper, content: digest)) { tree }
    }
}

extension RepeatedBlock {
    /// The block as a tree holds it: its content hashed on its own (the key of its texts; no tree, which is
    /// made only when a text is not there yet or a template looks into the block), the hash fed to the
    /// enclosing tree's digest. Nil when the tree is not stored (an incremental build fingerprinting a page).
    func node(in build: TreeBuild) throws -> RepeatedValue? {
        let made = try MustacheTree.make(
            content, prefix: RepeatedTexts.contentPrefix, shownBy: nil, buildTree: false,
            fragment: build.fragment, repeated: build.repeated)
        let digest = ContentDigest(sha256: made.fingerprint)
        if build.unordered == 0 {
            build.digest.mark(0x72)  // r
            build.digest.add(digest)
        }
        guard build.stores else { return nil }
        return RepeatedValue(digest: digest, content: content, fragment: build.fragment, texts: build.repeated)
    }
}

extension RepeatedRows {
    /// Each row hashed as `RepeatedBlock.node(in:)` hashes it, inside a list's marks.
    func node(in build: TreeBuild) throws -> KeptList {
        if build.unordered == 0 { build.digest.mark(0x5B) }  // [
        let items = try rows.compactMap { try $0.node(in: build) }
        if build.unordered == 0 { build.digest.mark(0x5D) }  // ]
        return KeptList(items: items)
    }
}
