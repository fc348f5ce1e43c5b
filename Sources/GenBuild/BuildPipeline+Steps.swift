import Foundation
import GenModel
import GenPlan
import GenRender
import GenResolve
import GenWrite

/// The parts of `BuildPipeline.run` that are not steps of their own.
extension BuildPipeline {
    /// The output checked (`OutputFolder.check`) and locked for this build (`BuildLock`), and its leftovers removed.
    static func claimOutput(_ options: BuildOptions) async throws(BuildFailure) -> BuildLock {
        do {
            // The built-in templates are in gen itself; only an overlay folder is on disk to be destroyed.
            let templates = options.templates.map { [(name: "templates", url: $0)] } ?? []
            try OutputFolder.check(options.output, inputs: [("content", options.content)] + templates + [("cache", options.cache)])
        } catch {
            throw .write(error.message)
        }
        // Beside the output, not in the cache: two builds of one output with different caches exclude each other too.
        let output = options.output.standardizedFileURL
        let lockURL = output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).lock")
        let lock: BuildLock
        do {
            lock = try await BuildLock.take(at: lockURL, wait: options.waitForLock) {
                FileHandle.standardError.write(Data("waiting for another build of \(options.output.path) to finish\n".utf8))
            }
        } catch {
            throw .write(error.description)
        }
        OutputTree.removeLeftovers(of: options.output)
        return lock
    }

    /// Runs a loading step, turning its `InputError` into a build failure (exit 2).
    static func input<T>(_ body: () async throws(InputError) -> T) async throws(BuildFailure) -> T {
        do { return try await body() } catch { throw .input(error) }
    }

    /// A batch's pages name only templates that exist: a missing one is bad input (exit 2), named by file.
    static func checkTemplates(_ files: [PlannedFile], templates: TemplateRenderer, options: BuildOptions) throws(BuildFailure) {
        let names = Set(
            files.compactMap { file -> String? in
                if case .page(let template, _) = file.content { return template }
                return nil
            })
        for name in names.sorted() where !templates.has(name) {
            let file = options.templates?.appendingPathComponent("\(name).mustache").path ?? "Templates/\(name).mustache"
            throw .input(InputError(file: file, message: "template not found"))
        }
    }
}

extension BuildReport {
    /// What the compute step found: routing and form warnings, unpublished critiques, invalid reports.
    mutating func record(computed: [ReportStep.Result], organizations: [Organization]) {
        diagnostics += zip(organizations, computed).flatMap { org, c in c.mileageDiagnostics.map { $0.owned(by: org.id) } }
        unpublishedCritiques = organizations.flatMap(\.critiques).filter { !$0.isPublished }
            .reduce(into: [:]) { $0[$1.status ?? "no status", default: 0] += 1 }
        diagnostics += zip(organizations, computed).flatMap { org, c in c.summaries.flatMap(\.diagnostics).map { $0.owned(by: org.id) } }
        invalidReports = computed.reduce(0) { $0 + $1.summaries.count(where: { !$0.isValid }) }
    }

    /// What the render step wrote and kept.
    mutating func record(rendered: RenderStep.Result) {
        (filesWritten, pagesWritten, filesKept, batchesKept) = (rendered.written, rendered.pages, rendered.kept, rendered.batchesKept)
    }
}

/// `gen check` renders the first pages of each template, nothing written, so that a tag naming a value its
/// view does not have is found without a build (pages of one template share one view type), and a template
/// that includes itself without end stops the check as it would the build.
final class TemplateSample: @unchecked Sendable {  // `counts` under `lock`
    static let pagesPerTemplate = 20
    let renderer: Renderer
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    init(renderer: Renderer) { self.renderer = renderer }

    func render(_ files: [PlannedFile]) throws(BuildFailure) {
        let chosen = files.filter { file in
            guard case .page(let template, _) = file.content else { return false }
            lock.lock()
            defer { lock.unlock() }
            counts[template, default: 0] += 1
            return counts[template]! <= Self.pagesPerTemplate
        }
        for file in chosen {
            do { _ = try renderer.render(file) } catch { throw .render(error.description) }
        }
    }
}
