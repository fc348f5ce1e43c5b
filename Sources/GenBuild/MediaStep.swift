import Foundation
import GenMedia
import GenModel
import GenResolve

/// Compute stage, media: the local images of every published critique through libvips,
/// each distinct file once, then handed back per organization — an organization's input
/// holds only the images its own critiques reference.
enum MediaStep {
    struct Result {
        var perOrganization: [[String: ProcessedImage]]
        var stats: BuildReport.ImageStats
        var diagnostics: [Diagnostic]
    }

    static func run(_ organizations: [Organization], processor: ImageProcessor) -> Result {
        let pathsPerOrg = organizations.map { org in
            org.critiques.filter(\.isPublished).flatMap { $0.imageUrls.compactMap(MediaLocator.mediaPath(for:)) }
        }
        let batch = processor.process(Array(Set(pathsPerOrg.joined())).sorted())
        let perOrg = pathsPerOrg.map { paths in
            Dictionary(paths.compactMap { path in batch.images[path].map { (path, $0) } }, uniquingKeysWith: { a, _ in a })
        }

        var diagnostics: [Diagnostic] = []
        for (org, media) in zip(organizations, perOrg) {
            for critique in org.critiques where critique.isPublished {
                for (index, url) in critique.imageUrls.enumerated() {
                    guard let path = MediaLocator.mediaPath(for: url), let error = media[path]?.error else { continue }
                    diagnostics.append(Diagnostic(.warning, critique.source, field: "imageUrls[\(index)]",
                                                  "media/\(path): \(error); shown as \"Image unavailable\""))
                }
            }
        }
        let stats = BuildReport.ImageStats(sources: batch.images.count, processed: batch.processed,
                                           reused: batch.reused, failed: batch.images.values.filter { $0.error != nil }.count,
                                           remote: batch.missing.count)
        return Result(perOrganization: perOrg, stats: stats, diagnostics: diagnostics)
    }
}
