import Foundation
import GenMedia
import GenModel
import GenSupport

/// Every critique file of one organization: galleries, detail pages and the thumbnail manifest.
/// (The renditions the pages use are copied by the organization planner, with the reports' ones.)
enum CritiquePages {
    /// Every filter, sort and page of each of `list` (galleries of `galleries`).
    static func galleryPages(
        _ list: [CritiqueGalleries.Gallery], input: OrganizationInput, galleries: CritiqueGalleries,
        config: SiteConfig
    ) -> [PlannedPage] {
        // Cards, then pages, each on all cores. The cards are made as one list: the organization's gallery alone holds every
        // critique, so made gallery by gallery, one core made its cards while the other ran out of galleries.
        let positions = list.indices.flatMap { g in list[g].critiques.indices.map { (gallery: g, index: $0) } }
        let made = ParallelMap.map(positions) { position in
            GalleryPages.card(position.index, of: list[position.gallery], in: galleries, media: input.media, config: config)
        }
        var start = 0
        let cards = list.map { gallery -> [Fragment] in
            defer { start += gallery.critiques.count }
            return Array(made[start..<start + gallery.critiques.count])
        }
        return ParallelMap.map(Array(list.indices)) { g in
            GalleryPages.plan(list[g], cards: cards[g], in: galleries, config: config).map {
                PlannedPage(path: $0.path, template: "critique-gallery", title: $0.title, direct: $0.body)
            }
        }.flatMap { $0 }
    }

    /// The thumbnail manifest: every published critique's images, oldest first like every other list in the
    /// data files.
    static func thumbnailManifest(_ input: OrganizationInput, galleries: CritiqueGalleries) -> PlannedFile {
        let manifest = ThumbnailManifest(
            organizationId: input.organization.id.text,
            critiques: galleries.all.critiques.reversed(), media: input.media)
        return PlannedFile(path: "\(input.organization.pathSegment)/\(ThumbnailManifest.path)", content: .json(manifest))
    }

    /// The detail pages of `critiques` (a slice of `galleries.all.critiques`, so the site can plan them in parts).
    static func details(
        _ critiques: [Critique], input: OrganizationInput, galleries: CritiqueGalleries,
        people: CritiqueDetailPage.PeopleLinks, config: SiteConfig
    ) -> [PlannedPage] {
        ParallelMap.map(critiques) { critique in
            let body = CritiqueDetailPage.make(
                critique, in: input.organization, galleries: galleries, people: people,
                media: input.media, zone: config.timeZone)
            return PlannedPage(
                path: galleries.detailPaths[critique.id]!, template: "critique-detail",
                title: "Training Photo for \(body.targetName)", direct: body)
        }
    }
}
