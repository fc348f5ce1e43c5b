import Foundation

public struct BuildOptions: Sendable {
    public var content: URL
    public var templates: URL
    public var output: URL
    /// `gen check`: everything short of rendering and writing.
    public var writeOutput: Bool
    public var progress: Progress

    public init(content: URL, templates: URL, output: URL, writeOutput: Bool = true, progress: Progress = .silent) {
        self.content = content
        self.templates = templates
        self.output = output
        self.writeOutput = writeOutput
        self.progress = progress
    }
}
