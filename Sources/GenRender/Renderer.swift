import Foundation
import GenPlan
import GenSupport

/// Stage 5: planned files → bytes.
public struct Renderer: Sendable {
    /// The templates, and the assets that go with them.
    public let templates: TemplateRenderer

    public init(templates: TemplateRenderer) {
        self.templates = templates
    }

    public enum Failure: Error, CustomStringConvertible {
        case missingTemplate(String, path: String)
        /// A render that passed one of the engine's limits, with the template's file, line and column.
        case template(String, path: String)
        case missingAsset(String)
        case missingFile(String)
        case encoding(path: String, Error)

        public var description: String {
            switch self {
            case .missingTemplate(let name, let path): return "Templates/\(name).mustache: template not found (needed for \(path))"
            case .template(let message, let path): return "\(message) (rendering \(path))"
            case .missingAsset(let name): return "Templates/assets/\(name): asset not found"
            case .missingFile(let path): return "\(path): file vanished during the build"
            case .encoding(let path, let error): return "\(path): cannot encode: \(error)"
            }
        }
    }

    public func render(_ file: PlannedFile) throws(Failure) -> Data {
        switch file.content {
        case .page, .archive:
            return try prepare(file).render()
        case .json(let value):
            do { return try DataEncoders.json(value) } catch { throw .encoding(path: file.path, error) }
        case .csv(let table):
            return DataEncoders.csv(table)
        case .script(let call, let value):
            do { return try DataEncoders.script(call: call, value) } catch { throw .encoding(path: file.path, error) }
        case .asset(let name):
            guard let data = templates.asset(name) else { throw .missingAsset(name) }
            return data
        case .copy(let url):
            guard let data = FileManager.default.contents(atPath: url.path) else { throw .missingFile(url.path) }
            return data
        }
    }
}
