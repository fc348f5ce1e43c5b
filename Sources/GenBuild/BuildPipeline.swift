import Foundation
import GenCompute
import GenLoad
import GenMedia
import GenModel
import GenPlan
import GenRender
import GenResolve
import GenSupport
import GenWrite

/// The build's steps, in order: the progress lines number them by their place here.
enum BuildStep: CaseIterable {
    case load, decode, resolve, compute, media, plan
    /// Only a build that writes its output (`gen build`, not `gen check`) renders and swaps it in.
    case render, swap

    /// The steps a build takes.
    static func all(writingOutput: Bool) -> [BuildStep] { writingOutput ? allCases : allCases.filter { $0 != .render && $0 != .swap } }
}

/// The whole build as a list of named steps: load → resolve → compute → media → plan → render → commit.
public enum BuildPipeline {
    public static func run(_ options: BuildOptions) async throws(BuildFailure) -> BuildReport {
        let progress = options.progress
        let steps = BuildStep.all(writingOutput: options.writeOutput)
        var report = BuildReport()
        // Before anything is read or written: refuse an output gen must not replace, then wait for any other
        // build of it, then clear what killed builds left.
        let lock = options.writeOutput ? try await claimOutput(options) : nil
        defer { withExtendedLifetime(lock) {} }
        let previous = options.writeOutput ? PreviousBuild(options) : nil
        if let upToDate = previous?.upToDate { return upToDate }

        progress.step(.load, of: steps, "loading site.yml and exports")
        let config = try await input { () throws(InputError) in try ConfigLoader.load(contentDirectory: options.content) }
        // Templates first among the heavy steps: a missing overlay folder or a broken template fails in a second.
        let templates = try await input { () throws(InputError) in
            try TemplateRenderer.load(options.builtInTemplates.overlaid(with: options.templates))
        }
        let (pages, pageWarnings) = try await input { () throws(InputError) in try PageLoader.load(contentDirectory: options.content) }
        let loaded = try await input { () throws(InputError) in try ExportLoader.load(contentDirectory: options.content) }
        report.exportFiles = loaded.files
        report.ignoredCollections = loaded.ignoredCollections

        progress.step(.decode, of: steps, "decoding \(loaded.documents.count) documents")
        let typed = DocumentDecoder.decode(consume loaded, timeZone: config.timeZone)
        report.documentsRead = typed.documentsRead
        let builtIns = options.builtInTemplates
        report.diagnostics =
            typed.diagnostics + pageWarnings + templates.unused(pages: builtIns.templates.keys, assets: builtIns.assets.keys)

        progress.step(.resolve, of: steps, "resolving organizations")
        var site = OrganizationResolver.resolve(consume typed, config: config)
        report.diagnostics += site.diagnostics
        report.organizations = site.organizations.map(\.id.text)
        // Where each organization's pages go, made now on a spare core: planning starts with it.
        let outlines = site.organizations.map { [zone = config.timeZone] org in Pending { OrganizationOutline(org, zone: zone) } }

        progress.step(.compute, of: steps, "computing mileage and forms")
        let computed = site.organizations.map { ReportStep.run($0, config: config) }
        report.record(computed: computed, organizations: site.organizations)
        // Statistics (one organization's on one core) are computed while the media stage works and the first
        // batches are planned; planning waits for them only where it shows them.
        let statistics = zip(site.organizations, computed).map { org, c in
            Pending { OrganizationStatistics.compute(for: org, mileage: c.mileage, summaries: c.summaries, timeZone: config.timeZone) }
        }

        progress.step(.media, of: steps, "processing images")
        let processor = ImageProcessor(
            settings: config.thumbnails, mediaDirectory: options.content.appendingPathComponent("media"),
            cacheDirectory: options.cache)
        let media = MediaStep.run(site.organizations, summaries: computed.map(\.summaries), processor: processor)
        report.images = media.stats
        report.diagnostics += media.diagnostics

        progress.step(.plan, of: steps, "planning pages")
        // Planning reads a report through its form; of the raw fields only the few the report header names.
        site.organizations = site.organizations.map { $0.keepingReportFields(SitePlanner.reportFieldsRead) }
        let inputs = site.organizations.indices.map { i in
            OrganizationInput(
                organization: site.organizations[i], mileage: computed[i].mileage, media: media.perOrganization[i],
                summaries: computed[i].summaries, forms: computed[i].forms, routeNotes: computed[i].routeNotes,
                statistics: statistics[i],
                outline: outlines[i], diagnostics: report.diagnostics.filter { $0.organizationID == site.organizations[i].id },
                timeZone: config.timeZone)
        }
        let markdown = MarkdownRenderer()  // registers cmark-gfm extensions once, before any parallel use
        let batches = SitePlanner(markdown: { markdown.html($0) }, mediaFile: { processor.cachedFile($0) })
            .batches(SiteInput(config: config, organizations: inputs, pages: pages))
        let check = { @Sendable (files: [PlannedFile]) throws(BuildFailure) in try checkTemplates(files, templates: templates, options: options) }
        guard let previous else {
            // `gen check`: the first pages of each template are rendered (in memory) for the tags whose
            // names find nothing in their views.
            let sample = TemplateSample(renderer: Renderer(templates: templates))
            try RenderStep.plan(batches) { files throws(BuildFailure) in
                try check(files)
                try sample.render(files)
            }
            report.diagnostics += templates.missDiagnostics
            progress.finish()
            return report
        }

        progress.step(.render, of: steps, "planning and rendering \(batches.count) batches")
        let previousManifest = previous.manifest.value
        let renderer = Renderer(templates: templates)
        let tree: OutputTree
        do { tree = try OutputTree(output: options.output) } catch { throw .write(error.description) }
        let rendered: RenderStep.Result
        do {
            rendered = try RenderStep.run(
                batches, renderer: renderer, into: tree, previous: previousManifest,
                sharedKey: previous.inputs.shared, check: check,
                progress: progress)
        } catch {
            tree.discard()
            throw error
        }
        report.record(rendered: rendered)
        report.diagnostics += templates.missDiagnostics

        progress.step(.swap, of: steps, "swapping in \(options.output.path)")
        previous.forget()
        do { try tree.commit(keepingReplaced: true) } catch {
            tree.discard()
            throw .write(error.description)
        }
        // The replaced output removed, then the new one walked for its stamp, while the manifest is saved.
        let output = options.output
        let removal = Pending {
            tree.removeReplaced()
            return OutputStamp.newestChange(output)
        }
        // An image that failed only because the thumbnail cache could not be written is this build's failure:
        // no manifest, so the next build tries it again (with one it would keep "Image unavailable" for good).
        let recorded =
            !media.perOrganization.contains(where: { $0.values.contains(where: \.failedForTheCache) })
            && previous.record(report, rendered: rendered)
        let newest = removal.value
        if recorded { previous.stamp(newest: newest) }
        progress.finish()
        // The models and plans (hundreds of thousands of objects) go with the process, not one by one.
        if options.endsProcess { BackgroundRelease.drop((site, computed, inputs, statistics, rendered), freeing: false) }
        return report
    }
}
