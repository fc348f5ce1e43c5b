import Foundation
import GenModel

/// The critique galleries in batches: the organization's gallery (which lists every critique, so a new one
/// shifts its pages) with the thumbnail manifest, and the photographers' galleries in `groups` keyed
/// batches. A new critique plans the organization's gallery and its photographer's group again; the other
/// photographers' galleries (half the gallery pages, 3,700 at 100,000 reports) are kept without planning.
/// A build in which no critique changed (a day's new reports) keeps the organization's gallery too.
///
/// A photographer's gallery belongs to a group by a stable hash of their key (see `StableHasher.group`).
struct GallerySection: Sendable {
    static let groups = 64

    let input: OrganizationInput
    let galleries: CritiqueGalleries
    let config: SiteConfig
    /// The photographers' galleries of each group, in the order the organization's gallery lists them.
    let members: [[CritiqueGalleries.Gallery]]

    init(_ input: OrganizationInput, galleries: CritiqueGalleries, config: SiteConfig) {
        self.input = input
        self.galleries = galleries
        self.config = config
        var members = [[CritiqueGalleries.Gallery]](repeating: [], count: Self.groups)
        for gallery in galleries.photographers { members[Self.group(of: gallery.key?.text ?? "")].append(gallery) }
        self.members = members
    }

    /// The group a photographer's gallery is planned in.
    static func group(of key: String) -> Int { StableHasher.group(of: key, among: groups) }

    /// The organization's gallery and the thumbnail manifest.
    func organizationFiles() -> (pages: [PlannedPage], manifest: PlannedFile) {
        (CritiquePages.galleryPages([galleries.all], input: input, galleries: galleries, config: config),
         CritiquePages.thumbnailManifest(input, galleries: galleries))
    }

    /// What the organization's gallery and the thumbnail manifest are made from, beyond what the whole build
    /// shares (as for `digest(_:)`): every critique the gallery lists, in order, by digest, with its detail
    /// page, and the photographers' galleries its list links to (key, name, folder, count). Nil when a
    /// critique has no digest: always planned.
    func organizationDigest() -> ContentDigest? {
        var hasher = StableHasher.sectionKey("gallery organization 1", of: input.organization)
        let listed = galleries.all.critiques
        hasher.mark(0x43, UInt64(listed.count))
        for critique in listed {
            guard critique.digest != .none else { return nil }
            hasher.add(critique.digest)
            hasher.add(galleries.detailPaths[critique.id])
        }
        hasher.mark(0x47, UInt64(galleries.photographers.count))
        for gallery in galleries.photographers {
            hasher.add(gallery.key)
            hasher.add(gallery.photographer)
            hasher.add(gallery.folder)
            hasher.mark(0x43, UInt64(gallery.critiques.count))
        }
        return hasher.finalize()
    }

    /// The galleries of the photographers in `group`.
    func photographerPages(_ group: Int) -> [PlannedPage] {
        CritiquePages.galleryPages(members[group], input: input, galleries: galleries, config: config)
    }

    /// What the galleries of `group` are made from, beyond what the whole build shares (configuration with the
    /// page size and zone, templates, local images, content pages, users): listed from what
    /// `GalleryPages.plan` and `GalleryPages.card` read (keep them in step). For each gallery, the photographer's
    /// key, name and folder; its critiques in order, by digest, with each one's detail page. Nil when a
    /// critique has no digest (made in code, not loaded): always planned.
    func digest(_ group: Int) -> ContentDigest? {
        let list = members[group]
        var hasher = StableHasher.sectionKey("gallery photographers 1", of: input.organization)
        hasher.add(group)
        hasher.mark(0x47, UInt64(list.count))
        for gallery in list {
            hasher.add(gallery.key)
            hasher.add(gallery.photographer)
            hasher.add(gallery.folder)
            hasher.mark(0x43, UInt64(gallery.critiques.count))
            for critique in gallery.critiques {
                guard critique.digest != .none else { return nil }
                hasher.add(critique.digest)
                hasher.add(galleries.detailPaths[critique.id])
            }
        }
        return hasher.finalize()
    }
}
