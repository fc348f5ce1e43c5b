import Foundation
import GenModel
import GenResolve

/// The critique detail pages in parts, one per month the critiques were made in (undated ones last), each
/// with a key: one new critique then plans its own month's pages again, and keeps every other month's
/// unplanned, as a changed report does with report months (see `MonthKey`).
struct CritiqueDetailParts: Sendable {
    struct Part: Sendable {
        /// `2025-03`, `2025-03 (2)` for a month's second part, or `undated`.
        let name: String
        /// Newest first, as the gallery lists them.
        let critiques: [Critique]
    }

    let parts: [Part]
    private let galleries: CritiqueGalleries
    private let organization: Organization
    /// Each critique's newer and older neighbour in its gallery, which its page links to.
    private let neighbours: [String: (newer: Critique?, older: Critique?)]

    init(_ org: Organization, galleries: CritiqueGalleries, zone: TimeZone, perPart: Int) {
        organization = org
        self.galleries = galleries
        let critiques = galleries.all.critiques
        var byMonth: [String: [Critique]] = [:]
        var months: [String] = []
        for critique in critiques {
            let month = critique.createdAt.map { LocalDate($0, in: zone).monthKey } ?? "undated"
            if byMonth[month] == nil { months.append(month) }
            byMonth[month, default: []].append(critique)
        }
        months.sort { ($0 == "undated" ? 1 : 0, $0) < ($1 == "undated" ? 1 : 0, $1) }
        parts = months.flatMap { month in
            let all = byMonth[month]!
            return stride(from: 0, to: all.count, by: perPart).map { start in
                Part(name: start == 0 ? month : "\(month) (\(start / perPart + 1))",
                     critiques: Array(all[start..<min(all.count, start + perPart)]))
            }
        }
        var neighbours: [String: (newer: Critique?, older: Critique?)] = [:]
        for gallery in [galleries.all] + galleries.photographers {
            for (i, critique) in gallery.critiques.enumerated() {
                // A critique's page links within its photographer's gallery, else within the organization's.
                let own = galleries.galleryOf[critique.id]?.folder ?? galleries.all.folder
                guard own == gallery.folder else { continue }
                neighbours[critique.id] = (i > 0 ? gallery.critiques[i - 1] : nil,
                                           i + 1 < gallery.critiques.count ? gallery.critiques[i + 1] : nil)
            }
        }
        self.neighbours = neighbours
    }

    /// What a part's pages are made from, beyond what the whole build shares (configuration, templates,
    /// media, users): the organization's id, name and folder; each critique's document by digest, with its
    /// page's path, its gallery's folder and photographer name (a name can come from another critique), and
    /// the newer and older critique its page links to, by path and digest (the link shows their kind and
    /// date). Nil when a document has no digest (made in code, not loaded): always planned.
    func digest(_ part: Part) -> ContentDigest? {
        var hasher = StableHasher()
        hasher.add("critiques 1")
        hasher.add(organization.id)
        hasher.add(organization.name)
        hasher.add(organization.pathSegment)
        hasher.add(part.name)
        hasher.mark(0x43, UInt64(part.critiques.count))
        func add(_ critique: Critique?) -> Bool {
            guard let critique else { hasher.add(nil); return true }
            guard critique.digest != .none else { return false }
            hasher.add(critique.digest)
            hasher.add(galleries.detailPaths[critique.id])
            return true
        }
        for critique in part.critiques {
            guard add(critique) else { return nil }
            let gallery = galleries.galleryOf[critique.id]
            hasher.add(gallery?.folder)
            hasher.add(gallery?.photographer)
            let around = neighbours[critique.id]
            guard add(around?.newer), add(around?.older) else { return nil }
        }
        return hasher.finalize()
    }
}
