import Foundation
import GenMedia
import GenModel

/// Every critique file of one organization: galleries, detail pages, the thumbnail
/// manifest, and the renditions those pages use (copied from the media cache).
enum CritiquePages {
    static func plan(_ input: OrganizationInput, config: SiteConfig, markdown: (String) -> String,
                     plainText: (String) -> String, mediaFile: (ImageRendition) -> URL) -> (pages: [PlannedPage], files: [PlannedFile]) {
        let galleries = CritiqueGalleries(input.organization)
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
        var files = [PlannedFile(path: "\(base)/\(ThumbnailManifest.path)", content: .json(manifest))]
        var copied = Set<String>()
        for entry in manifest.images {
            guard let local = entry.local, let processed = media[local] else { continue }
            for rendition in processed.renditions where copied.insert(rendition.fileName).inserted {
                files.append(PlannedFile(path: "\(base)/\(MediaFiles.path(rendition))", content: .copy(mediaFile(rendition))))
            }
        }
        return (pages, files)
    }
}
