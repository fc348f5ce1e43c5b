import Foundation
import GenCompute
import GenLoad
import GenMedia
import GenModel
import GenPlan
import GenRender
import GenResolve
import GenWrite

/// The whole build as a list of named steps: load → resolve → compute → plan → render → write.
public enum BuildPipeline {
    public static func run(_ options: BuildOptions) async throws(BuildFailure) -> BuildReport {
        let progress = options.progress
        let steps = options.writeOutput ? 8 : 6
        var report = BuildReport()
        // Before anything is read or written: refuse an output gen must not replace, then wait for any other
        // build of it, then clear what killed builds left.
        let lock = options.writeOutput ? try await claimOutput(options) : nil
        defer { withExtendedLifetime(lock) {} }

        // Incremental: the previous build of this output folder, and whether anything it read has changed.
        let gen = BuildInputs.genHash(cache: options.writeOutput ? options.cache : nil)
        let manifestURL = BuildManifest.location(cache: options.cache, output: options.output)
        let inputKeys = options.writeOutput
            ? BuildInputs.keys(content: options.content, templates: options.templates, output: options.output, gen: gen) : (all: "", shared: "", data: "")
        let inputsKey = inputKeys.all
        // The previous build is trusted only while its output is untouched (`OutputStamp`): otherwise everything
        // is built again, so no edit made by hand survives. One walk of the output tells, and lists its files
        // when the inputs are unchanged (then the build may be up to date).
        let manifestHeader = options.writeOutput && !options.clean
            ? BuildManifest.header(at: manifestURL).flatMap { $0.gen == gen ? $0 : nil } : nil
        let scan = manifestHeader.flatMap { POSIXFiles.scan(under: options.output.standardizedFileURL.path, files: $0.inputs == inputsKey) }
        let header = scan.flatMap { OutputStamp.isUntouched(manifestURL, output: $0) ? manifestHeader : nil }
        if let header, let scan, header.inputs == inputsKey, let previous = BuildManifest.load(header, from: manifestURL),
           previous.matches(scan) {
            var report = header.report
            report.upToDate = true
            // Nothing was processed this time: every local image is as the cache holds it.
            report.images.reused += report.images.processed
            report.images.processed = 0
            return report
        }

        // The previous build's file table, read while the export is loaded, and the staging folder made a
        // replica of the output meanwhile (`StagingReplica`). A build that fails discards that folder.
        let previousLoad = header.map { header in
            Pending.inIdleTime { () -> (manifest: BuildManifest, tree: OutputTree?)? in
                guard var manifest = BuildManifest.load(header, from: manifestURL) else { return nil }
                let tree = StagingReplica.make(&manifest, manifestURL: manifestURL, output: options.output, gen: gen)
                return (manifest, tree)
            }
        }
        var committed = false
        defer { if !committed { previousLoad?.value?.tree?.discard() } }

        progress.step(1, steps, "loading site.yml and exports")
        let config = try await input { () throws(InputError) in try ConfigLoader.load(contentDirectory: options.content) }
        // Templates first among the heavy steps: a missing or broken template folder fails in a second,
        // not after the whole export has been read and planned.
        let templates = try await input { () throws(InputError) in try await TemplateRenderer.load(directory: options.templates) }
        let (pages, pageWarnings) = try await input { () throws(InputError) in try PageLoader.load(contentDirectory: options.content) }
        // Lines of the export unchanged since the last build are read back parsed (not for `gen check`, which
        // writes nothing, the cache included).
        let lineCache = options.writeOutput
            ? LineCacheSettings(folder: options.cache.appendingPathComponent("export"), version: gen, readsPrevious: !options.clean) : nil
        var site = try await resolvedExports(options, config: config, lineCache: lineCache, steps: steps, pageWarnings: pageWarnings,
                                             report: &report)
        let sharedDigest = site.sharedDigest
        report.organizations = site.organizations.map(\.id.text)
        // Where each organization's pages go, made now on a spare core: planning starts with it.
        let outlines = site.organizations.map { [zone = config.timeZone] org in Pending { OrganizationOutline(org, zone: zone) } }

        progress.step(4, steps, "computing mileage and forms")
        // Every report routed (mileage) and read through its template (logic, smart fields, calculations,
        // validation); in an incremental build only the reports the previous build did not leave results for,
        // the others' forms made when their month is planned again (`ReportForms`).
        var sharedInputs = StableHasher()
        sharedInputs.add(inputKeys.data)
        sharedInputs.add(sharedDigest)
        let sharedInputsKey = sharedInputs.finalize().hex
        let store = options.writeOutput
            ? ComputedReportStore(cache: options.cache, inputs: sharedInputsKey, readsPrevious: !options.clean) : nil
        let computed = site.organizations.map { ReportStep.run($0, config: config, store: store) }
        store?.save(computed.flatMap(\.entries))
        report.diagnostics += zip(site.organizations, computed).flatMap { org, c in c.mileageDiagnostics.map { $0.owned(by: org.id) } }
        report.unpublishedCritiques = site.organizations.flatMap(\.critiques).filter { !$0.isPublished }
            .reduce(into: [:]) { $0[$1.status ?? "no status", default: 0] += 1 }
        report.diagnostics += zip(site.organizations, computed).flatMap { org, c in
            c.summaries.flatMap(\.diagnostics).map { $0.owned(by: org.id) }
        }
        report.invalidReports = computed.reduce(0) { $0 + $1.summaries.count(where: { !$0.isValid }) }
        report.formsReadBack = computed.reduce(0) { $0 + $1.readBack }

        progress.step(5, steps, "processing images")
        let processor = ImageProcessor(settings: config.thumbnails,
                                       mediaDirectory: options.content.appendingPathComponent("media"),
                                       cacheDirectory: options.cache)
        // Statistics (one organization's on one core) are computed while the media stage works and the first
        // batches are planned; planning waits for them only where it shows them (`OrganizationInput.statistics`).
        // Each month's tally is read back when its reports are unchanged (`MonthTallyStore`).
        let tallyStore = options.writeOutput
            ? MonthTallyStore(cache: options.cache, inputs: sharedInputsKey, readsPrevious: !options.clean) : nil
        let statistics = site.organizations.indices.map { [organizations = site.organizations] i in
            let org = organizations[i]
            let tallies: OrganizationStatistics.MonthTallies
            if let tallyStore { tallies = tallyStore.tallies(of: org) } else { tallies = { _, _, make in make() } }
            return Pending { OrganizationStatistics.compute(for: org, mileage: computed[i].mileage, summaries: computed[i].summaries,
                                                            timeZone: config.timeZone, monthTallies: tallies) }
        }
        let media = MediaStep.run(site.organizations, summaries: computed.map(\.summaries), processor: processor)
        report.images = media.stats
        report.diagnostics += media.diagnostics
        // Planning reads a report through its form, which holds every value; of the raw fields only the few
        // the report header names. The rest (a dictionary per report, a third of what a loaded report holds)
        // is let go before the pages are planned.
        // A report whose form was not made keeps its fields, for its month's pages (`ReportForms`).
        let unmade = site.organizations.indices.map { i in site.organizations[i].reports.filter { computed[i].forms[$0.id] == nil } }
        site.organizations = site.organizations.map { $0.keepingReportFields(SitePlanner.reportFieldsRead) }
        let allDiagnostics = report.diagnostics
        let inputs = site.organizations.indices.map { i in
            let org = site.organizations[i]
            return OrganizationInput(organization: org, mileage: computed[i].mileage, mileageDigest: computed[i].mileageDigest,
                                     media: media.perOrganization[i], summaries: computed[i].summaries, forms: computed[i].forms,
                                     unmade: unmade[i],
                                     statistics: statistics[i], outline: outlines[i], diagnostics: allDiagnostics.filter { $0.organizationID == org.id },
                                     timeZone: config.timeZone)
        }

        progress.step(6, steps, "planning pages")
        let markdown = MarkdownRenderer()  // registers cmark-gfm extensions once, before any parallel use
        let batches = SitePlanner(markdown: { markdown.html($0) }, mediaFile: { processor.cachedFile($0) })
            .batches(SiteInput(config: config, organizations: inputs, pages: pages))
        let check = { (files: [PlannedFile]) throws(BuildFailure) in
            for name in Set(files.compactMap(templateName)).sorted() where !templates.has(name) {
                throw .input(InputError(file: options.templates.appendingPathComponent("\(name).mustache").path,
                                        message: "template not found"))
            }
        }
        guard options.writeOutput else {
            try RenderStep.plan(batches, check: check)
            progress.finish()
            return report
        }

        progress.step(7, steps, "planning and rendering \(batches.count) batches")
        // `--timings` shows when the build waits for its staging replica (made in idle time meanwhile).
        if let previousLoad, !previousLoad.isReady {
            let start = DispatchTime.now().uptimeNanoseconds
            _ = previousLoad.value
            progress.mark(String(format: "waited %.2f s for the staging replica", Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9))
        }
        var renderTemplates = templates
        let previous = previousLoad?.value?.manifest
        renderTemplates.rendersMostPages = previous == nil
        renderTemplates.previousFragments = previous == nil ? nil : PreviousFragments()
        renderTemplates.sharedInputs = sharedInputsKey
        let fragments = FragmentIndexStore(manifest: manifestURL)
        let renderer = Renderer(templates: renderTemplates, assetsDirectory: options.templates.appendingPathComponent("assets"))
        let tree: OutputTree
        var staleTrees: Pending<Void>?
        if let replica = previousLoad?.value?.tree {
            tree = replica
        } else {
            do { tree = try OutputTree(output: options.output) } catch { throw .write(error.description) }
            // A base tree is of no use to a build without a previous manifest.
            staleTrees = Pending { BuildManifest.removeBaseTrees(manifestURL) }
        }
        do {
            // What every batch may depend on: the inputs but for the export, and the shared documents.
            var shared = StableHasher()
            shared.add(inputKeys.shared)
            shared.add(sharedDigest)
            let rendered = try RenderStep.run(batches, renderer: renderer, into: tree, previous: previous,
                                              sharedKey: shared.finalize().hex, fragments: fragments,
                                              freeing: !(options.endsProcess && previous != nil), check: check,
                                              progress: progress)
            progress.step(8, steps, "swapping in \(options.output.path)")
            if let previous { tree.prune(stale: StagingReplica.stale(previous, new: rendered.files)) }
            staleTrees?.value
            // The old manifest describes the old tree: it goes before the swap, so a crash between the swap and
            // saving the new one can only cost a full build, never a stale kept file. With the manifest it
            // was built against, the old tree is kept as the next build's base; without (a clean build),
            // it is deleted.
            var replacedTo: URL?
            if let previous {
                BuildManifest.demoteToBase(manifestURL)
                replacedTo = BuildManifest.baseTree(manifestURL, inputs: previous.header.inputs)
            } else {
                BuildManifest.remove(at: manifestURL)
                BuildManifest.remove(at: BuildManifest.baseLocation(manifestURL))
            }
            try tree.commit(keepingReplaced: true, replacedTo: replacedTo)
            committed = true
            // The replaced tree (tens of thousands of files) is deleted while the manifest is saved.
            let removal = Pending { tree.removeReplaced() }
            report.filesWritten = rendered.written
            report.pagesWritten = rendered.pages
            report.filesKept = rendered.kept
            report.filesInPlace = tree.keptInPlace
            report.sectionsKept = rendered.batchesKept
            report.groupsKept = rendered.groupsKept
            // Best effort: without a manifest the next build is simply a full one.
            var stored = report
            stored.filesKept = 0
            stored.filesInPlace = 0
            stored.sectionsKept = []
            stored.groupsKept = 0
            stored.formsReadBack = 0
            // The caches beside the manifest, each on its own core while the manifest is saved: the swap is
            // the one step of a rebuild that nothing overlaps.
            let files = rendered.files
            let pruning = Pending { fragments.prune(keeping: files) }
            // The months' tallies, once every organization's statistics are made (a build that kept every page
            // showing them has still made them, on their own threads).
            let tallies = tallyStore.map { store in
                Pending {
                    for pending in statistics { _ = pending.value }
                    store.save()
                }
            }
            // A build without a previous manifest leaves its output's replica as the next build's base.
            let base = previous == nil
                ? Pending { StagingReplica.linkBase(files, of: tree, manifestURL: manifestURL, inputs: inputsKey) } : nil
            // How the base this build leaves differs from its output: a build with a previous manifest keeps the
            // output it replaced (which differs by the files it wrote), one without leaves a replica of its own.
            let relation: BuildManifest.BaseRelation?
            if let previous {
                relation = rendered.changed.map { BuildManifest.BaseRelation(inputs: previous.header.inputs, changed: $0) }
            } else {
                relation = BuildManifest.BaseRelation(inputs: inputsKey, changed: [])
            }
            // An image that failed only because the thumbnail cache could not be written is this build's
            // failure: no manifest, so the next build is a full one and tries it again (with a manifest it would
            // be "up to date" and keep "Image unavailable" for good).
            let cacheFailed = media.perOrganization.contains { $0.values.contains(where: \.failedForTheCache) }
            if cacheFailed { BuildManifest.remove(at: manifestURL) }
            let saved = !cacheFailed && (try? BuildManifest(gen: gen, inputs: inputsKey, report: stored, files: files,
                                                            batches: rendered.batches, base: relation).save(to: manifestURL)) != nil
            if let base { StagingReplica.shareBase(linked: base.value, saved: saved, manifestURL: manifestURL, inputs: inputsKey) }
            pruning.value
            tallies?.value
            removal.value
            if saved { OutputStamp.save(manifestURL, output: options.output) } else { OutputStamp.remove(manifestURL) }
            // The models and both manifests' tables (hundreds of thousands of entries) go with the process.
            // (A full build's plans are still freed as it ends, by `RenderStep`: left to the exit, the last
            // batches' plans stayed resident while the caches were saved, 66 MiB more at the peak of a
            // 100,000-report build.)
            if options.endsProcess {
                BackgroundRelease.drop((site, computed, inputs, statistics, previousLoad, rendered), freeing: false)
            }
            progress.finish()
        } catch let failure as BuildFailure {
            tree.discard()
            staleTrees?.value
            throw failure
        } catch {
            tree.discard()
            staleTrees?.value
            throw .write("\(error)")
        }
        return report
    }

    /// Steps 1 (the exports), 2 and 3. The loaded and decoded documents are this function's own: once the
    /// organizations are resolved they are freed, and the organizations alone hold the documents.
    private static func resolvedExports(_ options: BuildOptions, config: SiteConfig, lineCache: LineCacheSettings?, steps: Int,
                                        pageWarnings: [Diagnostic], report: inout BuildReport) async throws(BuildFailure) -> ResolvedSite {
        let loaded = try await input { () throws(InputError) in
            try ExportLoader.load(contentDirectory: options.content, lineCache: lineCache)
        }
        report.exportFiles = loaded.files
        report.ignoredCollections = loaded.ignoredCollections

        options.progress.step(2, steps, "decoding \(loaded.documents.count) documents")
        let typed = DocumentDecoder.decode(loaded, timeZone: config.timeZone)
        report.documentsRead = typed.documentsRead
        report.diagnostics = typed.diagnostics + pageWarnings

        options.progress.step(3, steps, "resolving organizations")
        let site = OrganizationResolver.resolve(typed, config: config)
        report.diagnostics += site.diagnostics
        return site
    }

    private static func templateName(_ file: PlannedFile) -> String? {
        if case .page(let template, _) = file.content { return template }
        return nil
    }

    /// The output checked (`OutputFolder.check`) and locked for this build (`BuildLock`), and its leftovers removed.
    private static func claimOutput(_ options: BuildOptions) async throws(BuildFailure) -> BuildLock {
        do {
            try OutputFolder.check(options.output, inputs: [("content", options.content), ("templates", options.templates),
                                                            ("cache", options.cache)])
        } catch {
            throw .write(error.message)
        }
        let lockURL = BuildManifest.location(cache: options.cache, output: options.output).deletingPathExtension().appendingPathExtension("lock")
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
    private static func input<T>(_ body: () async throws(InputError) -> T) async throws(BuildFailure) -> T {
        do { return try await body() } catch { throw .input(error) }
    }
}
