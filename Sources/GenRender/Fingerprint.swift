import Crypto
import Foundation
import GenModel
import GenPlan

/// What a planned file's bytes depend on, as a SHA-256: equal fingerprints mean equal bytes, so an
/// incremental build keeps the previous file instead of rendering it again.
///
/// A page's fingerprint covers its template with every partial and parent it uses (a changed template
/// invalidates exactly the pages that use it) and its whole context (the data and the configuration it
/// shows). Data files are fingerprinted by their encoded bytes, assets by their bytes, cached renditions by
/// their content-addressed name. Everything else a file could depend on — gen itself — is in the build
/// key the manifest is stored under.
extension Renderer {
    /// A planned file's fingerprint, and how to render it: a page's context is turned into a tree once,
    /// hashed, and rendered from the same tree only if the fingerprint changed.
    public struct Prepared {
        public let fingerprint: String
        public let render: () throws(Failure) -> Data
    }

    public func prepare(_ file: PlannedFile) throws(Failure) -> Prepared {
        var hasher = SHA256()
        if case .page(let template, let context) = file.content {
            let tree = try pageTree(context, path: file.path)
            hasher.update(data: Data("page:\(template):\(templates.closureHash(template) ?? "missing")\u{0}".utf8))
            TreeHash.feed(tree, into: &hasher)
            return Prepared(fingerprint: FastFormat.hex(hasher.finalize())) { () throws(Failure) -> Data in
                guard let html = self.templates.render(tree: tree, template: template) else {
                    throw .missingTemplate(template, path: file.path)
                }
                return Data(html.utf8)
            }
        }
        if case .json = file.content { return try preparedData(file, &hasher) }
        if case .csv = file.content { return try preparedData(file, &hasher) }
        try feed(file, into: &hasher)
        return Prepared(fingerprint: FastFormat.hex(hasher.finalize())) { () throws(Failure) -> Data in try self.render(file) }
    }

    /// A page's context as a tree (fragments resolved); a fragment whose template is missing fails the page.
    func pageTree(_ context: PageContext, path: String) throws(Failure) -> Any {
        do { return try templates.tree(context) } catch let missing as MissingFragmentTemplate {
            throw .missingTemplate(missing.name, path: path)
        } catch { throw .encoding(path: path, error) }
    }

    /// A data file is fingerprinted by its bytes: encode it once and hand those bytes to the writer.
    private func preparedData(_ file: PlannedFile, _ hasher: inout SHA256) throws(Failure) -> Prepared {
        hasher.update(data: Data("data\u{0}".utf8))
        let data = try render(file)
        hasher.update(data: data)
        return Prepared(fingerprint: FastFormat.hex(hasher.finalize())) { () throws(Failure) -> Data in data }
    }

    private func feed(_ file: PlannedFile, into hasher: inout SHA256) throws(Failure) {
        func add(_ text: String) { hasher.update(data: Data((text + "\u{0}").utf8)) }
        switch file.content {
        case .page(let template, let context):
            add("page:\(template):\(templates.closureHash(template) ?? "missing")")
            TreeHash.feed(try pageTree(context, path: file.path), into: &hasher)
        case .json, .csv:
            add("data")
            hasher.update(data: try render(file))
        case .asset(let name):
            add("asset:\(name)")
            guard let data = FileManager.default.contents(atPath: assetsDirectory.appendingPathComponent(name).path) else {
                throw .missingAsset(name)
            }
            hasher.update(data: data)
        case .copy(let url):
            // Cached renditions are named by a hash of their source and settings.
            add("copy:\(url.lastPathComponent)")
        case .archive(let root, let entries):
            add("archive:\(root)")
            for entry in entries {
                add(entry.path)
                try feed(entry, into: &hasher)
            }
        }
    }
}

/// Hashes a context tree (see `MustacheTree`) in a canonical form: dictionary keys in order, every value
/// tagged with its kind, so different trees never feed the same bytes.
enum TreeHash {
    static func feed(_ value: Any, into hasher: inout SHA256) {
        switch value {
        case let s as String: tagged("s", s, into: &hasher)
        case let f as RenderedFragment: tagged("f", f.fingerprint, into: &hasher)
        case let b as Bool: tagged("b", b ? "1" : "0", into: &hasher)
        case let i as Int: tagged("i", String(i), into: &hasher)
        case let d as Double: tagged("d", String(d.bitPattern), into: &hasher)
        case let dict as [String: Any]:
            hasher.update(data: Data("{".utf8))
            for key in dict.keys.sorted() {
                tagged("k", key, into: &hasher)
                feed(dict[key]!, into: &hasher)
            }
            hasher.update(data: Data("}".utf8))
        case let list as [Any]:
            hasher.update(data: Data("[".utf8))
            for item in list { feed(item, into: &hasher) }
            hasher.update(data: Data("]".utf8))
        default:
            hasher.update(data: Data("n".utf8))  // a nil element
        }
    }

    private static func tagged(_ tag: String, _ text: String, into hasher: inout SHA256) {
        var bytes = Array(tag.utf8)
        bytes += Array(String(text.utf8.count).utf8)
        bytes.append(0x3A)
        bytes += Array(text.utf8)
        hasher.update(data: bytes)
    }
}
