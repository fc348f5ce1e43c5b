import Foundation
import GenMedia
import GenModel

/// Every critique file of one organization: galleries, detail pages and the thumbnail manifest.
/// (The renditions the pages use are copied by the organization planner, with the reports' ones.)
enum CritiquePages {
    static func plan(_ input: OrganizationInput, galleries: CritiqueGalleries, config: SiteConfig, markdown: (String) -> String,
                     plainText: (String) -> String) -> (pages: [PlannedPage], files: [PlannedFile]) {
        let media = input.media
        var pages: [PlannedPage] = []
        for gallery in [galleries.all] + galleries.photographers {
            pages += GalleryPages.plan(gallery, in: galleries, media: media, config: config, plainText: plainText).map {
                PlannedPage(path: $0.path, template: "critique-gallery", title: $0.title, body: $0.body)
            }
        }
        for critique in galleries.all.critiques {
            let body = CritiqueDetailPage.make(critique, galleries: galleries, media: media,
                                               zone: config.timeZone, markdown: markdown)
            pages.append(PlannedPage(path: galleries.detailPaths[critique.id]!, template: "critique-detail",
                                 title: "Training Photo for \(body.targetName)", body: body))
        }

        let base = input.organization.pathSegment
        // Oldest first, like every other list in the data files.
        let manifest = ThumbnailManifest(organizationId: input.organization.id,
                                         critiques: galleries.all.critiques.reversed(), media: media)
        return (pages, [PlannedFile(path: "\(base)/\(ThumbnailManifest.path)", content: .json(manifest))])
    }
}
