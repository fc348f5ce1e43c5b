import Foundation
import GenRender

public struct BuildOptions: Sendable {
    public var content: URL
    /// The overlay folder (`--templates`): a template or asset there replaces the built-in of the same name.
    /// nil: the built-in templates alone.
    public var templates: URL?
    /// What the overlay falls back to: gen's built-in files; a test replaces them to break a build midway.
    var builtInTemplates = TemplateFiles.builtIn
    public var output: URL
    /// Thumbnail cache, reused across builds; never inside the output.
    public var cache: URL
    /// `gen check`: everything short of writing (the first pages of each template are rendered in memory).
    public var writeOutput: Bool
    public var progress: Progress
    /// Ignore the previous build's manifest: render every file (the new manifest is still written).
    public var clean: Bool
    /// The process ends when the build returns (the `gen` command): the site's plans and models are left for
    /// the system to take back at exit rather than freed object by object (`BackgroundRelease`).
    public var endsProcess: Bool
    /// When another build of the same output holds its lock: wait for it (true), or fail at once (exit 2).
    public var waitForLock: Bool

    public init(
        content: URL, templates: URL? = nil, output: URL, cache: URL? = nil, writeOutput: Bool = true,
        progress: Progress = .silent, clean: Bool = false, endsProcess: Bool = false, waitForLock: Bool = true
    ) {
        self.content = content
        self.templates = templates
        self.output = output
        // Default: `.gen-cache` beside the output folder, so it is never part of the output tree.
        self.cache = cache ?? output.deletingLastPathComponent().appendingPathComponent(".gen-cache")
        self.writeOutput = writeOutput
        self.progress = progress
        self.clean = clean
        self.endsProcess = endsProcess
        self.waitForLock = waitForLock
    }
}
