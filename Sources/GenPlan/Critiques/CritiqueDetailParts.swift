import Foundation
import GenModel
import GenResolve

/// The critique detail pages in parts, one per month the critiques were made in (undated ones last), each
/// with a key: one new critique then plans its own month's pages again, and keeps every other month's
/// unplanned, as a changed report does with report months (see `MonthKey`).
struct CritiqueDetailParts: Sendable {
    /// Memory: parts and neighbours are positions in the organization's gallery, not copies of critiques
    /// (the batches hold them for the whole build: 20,000 critiques at 100,000 reports).
    struct Part: Sendable {
        /// `2025-03`, `2025-03 (2)` for a month's second part, or `undated`.
        let name: String
        /// Positions in `galleries.all.critiques` (newest first, as the gallery lists them).
        let positions: [Int]
    }

    let parts: [Part]
    private let galleries: CritiqueGalleries
    private let organization: Organization
    /// Each critique's newer and older neighbour in its gallery (which its page links to), by position.
    private let neighbours: [(newer: Int?, older: Int?)]

    init(_ org: Organization, galleries: CritiqueGalleries, zone: TimeZone, perPart: Int) {
        organization = org
        self.galleries = galleries
        let critiques = galleries.all.critiques
        var byMonth: [String: [Int]] = [:]
        for (position, critique) in critiques.enumerated() {
            byMonth[critique.createdAt.map { LocalDate($0, in: zone).monthKey } ?? "undated", default: []].append(position)
        }
        let months = byMonth.keys.sorted { ($0 == "undated" ? 1 : 0, $0) < ($1 == "undated" ? 1 : 0, $1) }
        parts = months.flatMap { month in
            let all = byMonth[month]!
            return stride(from: 0, to: all.count, by: perPart).map { start in
                Part(name: start == 0 ? month : "\(month) (\(start / perPart + 1))",
                     positions: Array(all[start..<min(all.count, start + perPart)]))
            }
        }
        let positionOf = Dictionary(critiques.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
        var neighbours = [(newer: Int?, older: Int?)](repeating: (nil, nil), count: critiques.count)
        for gallery in [galleries.all] + galleries.photographers {
            let own = gallery.critiques
            for (i, critique) in own.enumerated() {
                // A critique's page links within its photographer's gallery, else within the organization's.
                guard (galleries.galleryOf[critique.id]?.folder ?? galleries.all.folder) == gallery.folder,
                      let position = positionOf[critique.id] else { continue }
                neighbours[position] = (i > 0 ? positionOf[own[i - 1].id] : nil,
                                        i + 1 < own.count ? positionOf[own[i + 1].id] : nil)
            }
        }
        self.neighbours = neighbours
    }

    /// A part's critiques, newest first.
    func critiques(_ part: Part) -> [Critique] { part.positions.map { galleries.all.critiques[$0] } }

    /// What a part's pages are made from, beyond what the whole build shares (configuration, templates,
    /// media, users): the organization's id, name and folder; each critique's document by digest, with its
    /// page's path, its gallery's folder and photographer name (a name can come from another critique), and
    /// the newer and older critique its page links to, by path and digest (the link shows their kind and
    /// date). Nil when a document has no digest (made in code, not loaded): always planned.
    func digest(_ part: Part) -> ContentDigest? {
        var hasher = StableHasher.sectionKey("critiques 1", of: organization)
        hasher.add(part.name)
        hasher.mark(0x43, UInt64(part.positions.count))
        let all = galleries.all.critiques
        func add(_ position: Int?) -> Bool {
            guard let position else { hasher.add(nil as String?); return true }
            let critique = all[position]
            guard critique.digest != .none else { return false }
            hasher.add(critique.digest)
            hasher.add(galleries.detailPaths[critique.id])
            return true
        }
        for position in part.positions {
            guard add(position) else { return nil }
            let gallery = galleries.galleryOf[all[position].id]
            hasher.add(gallery?.folder)
            hasher.add(gallery?.photographer)
            guard add(neighbours[position].newer), add(neighbours[position].older) else { return nil }
        }
        return hasher.finalize()
    }
}
