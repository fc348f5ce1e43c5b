import Foundation
import GenCompute
import GenMedia
import GenModel
import GenResolve
import GenSupport

/// Compute stage, media: the local images of every published critique and every image attached to a
/// daily report, through libvips, each distinct file once, then handed back per organization — an
/// organization's input holds only the images its own documents reference.
enum MediaStep {
    struct Result {
        var perOrganization: [[String: ProcessedImage]]
        var stats: BuildReport.ImageStats
        var diagnostics: [Diagnostic]
    }

    /// One reference to a local image: the document and field that hold it.
    private struct Reference {
        var path: String
        var source: DocumentSource
        var field: String
    }

    /// `summaries` is aligned with `organizations` (each aligned with its organization's reports).
    static func run(_ organizations: [Organization], summaries: [[FormSummary]], processor: ImageProcessor) -> Result {
        let referencesPerOrg = zip(organizations, summaries).map { org, summaries in references(org, summaries) }
        let batch = processor.process(Array(Set(referencesPerOrg.joined().map(\.path))).sorted())
        let perOrg = referencesPerOrg.map { references in
            Dictionary(
                references.compactMap { ref in batch.images[ref.path].map { (ref.path, $0) } },
                uniquingKeysWith: { a, _ in a })
        }

        var diagnostics: [Diagnostic] = []
        for (org, (references, media)) in zip(organizations, zip(referencesPerOrg, perOrg)) {
            for ref in references {
                guard let error = media[ref.path]?.error else { continue }
                let shown = ref.source.collection == "photoCritiques" ? "shown as \"Image unavailable\"" : "linked without a thumbnail"
                diagnostics.append(
                    Diagnostic(.unusableImage, ref.source, field: ref.field, "media/\(ref.path): \(error); \(shown)")
                        .owned(by: org.id))
            }
        }
        let stats = BuildReport.ImageStats(
            sources: batch.images.count, processed: batch.processed,
            reused: batch.reused, failed: batch.images.values.count(where: { $0.error != nil }),
            remote: batch.missing.count)
        return Result(perOrganization: perOrg, stats: stats, diagnostics: diagnostics)
    }

    /// Published critiques' images, then report attachments whose names say they are images. Found on all
    /// cores: working out a URL's media path is most of this stage when no image is local (30,000 URLs at
    /// 100,000 reports).
    private static func references(_ org: Organization, _ forms: [FormSummary]) -> [Reference] {
        let critiques = ParallelMap.map(Array(org.critiques.indices)) { i -> [Reference] in
            let critique = org.critiques[i]
            guard critique.isPublished else { return [] }
            return critique.imageUrls.enumerated().compactMap { index, url in
                MediaLocator.mediaPath(for: url).map { Reference(path: $0, source: critique.source, field: "imageUrls[\(index)]") }
            }
        }
        let reports = ParallelMap.map(Array(zip(org.reports.indices, forms.indices))) { r, f -> [Reference] in
            forms[f].attachments.compactMap { attachment in
                guard let path = MediaLocator.mediaPath(for: attachment.url), MediaLocator.isImage(path) else { return nil }
                return Reference(path: path, source: org.reports[r].source, field: attachment.fieldId)
            }
        }
        return critiques.flatMap { $0 } + reports.flatMap { $0 }
    }
}
