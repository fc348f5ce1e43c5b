import Crypto
import Foundation
import GenPlan
import GenSupport
import MustacheEngine

/// What a planned file's bytes depend on, as a SHA-256: equal fingerprints mean equal bytes, so an
/// incremental build keeps the previous file instead of rendering it again.
///
/// A page's fingerprint covers its template with every partial and parent it uses (a changed template
/// invalidates exactly the pages that use it) and its whole context (the data and the configuration it
/// shows). Data files are fingerprinted by their encoded bytes, assets by their bytes, cached renditions by
/// their content-addressed name. Everything else a file could depend on — gen itself — is in the build
/// key the manifest is stored under.
extension Renderer {
    /// A planned file's fingerprint, and how to render it: a page's context is turned into values once,
    /// hashed, and rendered from the same values only if the fingerprint changed.
    public struct Prepared: Sendable {
        public let fingerprint: String
        public let render: @Sendable () throws(Failure) -> Data
    }

    public func prepare(_ file: PlannedFile) throws(Failure) -> Prepared {
        if case .page(let template, let context) = file.content {
            let page = templates.page(context, template: template)
            let value = page.value
            return Prepared(fingerprint: FastFormat.hex(page.fingerprint)) { () throws(Failure) -> Data in
                guard let bytes = try self.templates.render(value, template: template, path: file.path) else {
                    throw .missingTemplate(template, path: file.path)
                }
                return Data(bytes)
            }
        }
        if file.isData {
            // A data file is fingerprinted by its bytes: encode it once and hand those bytes to the writer.
            var data = Data()
            let fingerprint: String
            do {
                fingerprint = try streamData(file) { data.append($0) }!
            } catch let failure as Failure {
                throw failure
            } catch {
                throw .encoding(path: file.path, error)
            }
            let bytes = data
            return Prepared(fingerprint: fingerprint) { () throws(Failure) -> Data in bytes }
        }
        if case .archive(let root, let entries) = file.content { return try archive(file.path, root: root, entries) }
        var hasher = SHA256()
        try feed(file, into: &hasher)
        return Prepared(fingerprint: FastFormat.hex(hasher.finalize())) { () throws(Failure) -> Data in try self.render(file) }
    }

    /// An archive's fingerprint from its entries' (each prepared once: its values made and hashed, a data file
    /// encoded), and the zip made from those same prepared entries. The entries render on threads of their
    /// own: a month's page and Markdown are most of a month's archive, and the rest of the month is often
    /// done by then.
    private func archive(_ path: String, root: String, _ entries: [PlannedFile]) throws(Failure) -> Prepared {
        var hasher = SHA256()
        func add(_ text: String) { hasher.update(data: Data((text + "\u{0}").utf8)) }
        add("archive:\(root)")
        var prepared: [Prepared] = []
        for entry in entries {
            let made = try prepare(PlannedFile(path: "\(path)/\(entry.path)", content: entry.content))
            add(entry.path)
            add(made.fingerprint)
            prepared.append(made)
        }
        let ready = prepared
        return Prepared(fingerprint: FastFormat.hex(hasher.finalize())) { () throws(Failure) -> Data in
            let rendered = ParallelThreads.map(ready) { entry in
                Swift.Result { () throws(Failure) in try entry.render() }
            }
            var files: [(path: String, data: Data)] = []
            for (entry, data) in zip(entries, rendered) { files.append((entry.path, try data.get())) }
            do { return try ReproducibleZip.make(files, root: root) } catch { throw .encoding(path: path, error) }
        }
    }

    /// A data file's fingerprint from its value, without encoding it (`ContentDigest.of`: every property the
    /// value encodes, which fixes the bytes `DataEncoders.json` writes); nil for other files, and for a value
    /// the digest cannot follow (then its bytes are its fingerprint, as `streamData` gives it).
    /// A CSV table made from one value (`CSVTable.init(of:…)`) is fingerprinted by that value and its header.
    public func valueFingerprint(_ file: PlannedFile) -> String? {
        switch file.content {
        case .json(let value):
            return ContentDigest.of(value).map { "json-\($0.hex)" }
        case .script(let call, let value):
            return ContentDigest.of(value).map { "script-\(call)-\($0.hex)" }
        case .csv(let table):
            guard let source = table.source?() else { return nil }
            var hasher = StableHasher()
            for name in table.header { hasher.add(name) }
            hasher.add(source)
            return "csv-\(hasher.finalize().hex)"
        default:
            return nil
        }
    }

    /// A data file (JSON, CSV) handed to `emit` part by part as it is encoded, never held whole; returns its
    /// fingerprint, the hash of those bytes as `prepare` makes it, or nil when not `hashing` (the caller has
    /// the value's). Errors from `emit` are rethrown as they are.
    public func streamData(_ file: PlannedFile, hashing: Bool = true, to emit: (Data) throws -> Void) throws -> String? {
        var hasher = SHA256()
        hasher.update(data: Data("data\u{0}".utf8))
        func part(_ data: Data) throws {
            if hashing { hasher.update(data: data) }
            try emit(data)
        }
        switch file.content {
        case .json(let value):
            do { try DataEncoders.json(value, emit: part) } catch let error as EncodingError { throw Failure.encoding(path: file.path, error) }
        case .csv(let table):
            try DataEncoders.csv(table, emit: part)
        default:
            try part(try render(file))
        }
        return hashing ? FastFormat.hex(hasher.finalize()) : nil
    }

    /// An asset's or a copied file's fingerprint (pages, data files and archives are prepared above).
    private func feed(_ file: PlannedFile, into hasher: inout SHA256) throws(Failure) {
        func add(_ text: String) { hasher.update(data: Data((text + "\u{0}").utf8)) }
        switch file.content {
        case .asset(let name):
            add("asset:\(name)")
            guard let data = templates.asset(name) else { throw .missingAsset(name) }
            hasher.update(data: data)
        case .copy(let url):
            // Cached renditions are named by a hash of their source and settings.
            add("copy:\(url.lastPathComponent)")
        case .page, .json, .csv, .script, .archive:
            preconditionFailure("prepared by prepare(_:)")
        }
    }
}
