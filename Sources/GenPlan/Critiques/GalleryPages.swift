import Foundation
import GenMedia
import GenModel

/// A gallery's pages: every filter × sort, split into pages of `gallery.pageSize` cards.
/// All variants are pre-rendered in one folder, so filters, sorting and paging work with
/// JavaScript off and from `file://`.
enum GalleryPages {
    struct StatCard: Sendable, Encodable {
        var label: String
        var value: String
        var style: String
    }

    /// A filter, sort or page link; `current` is announced with `aria-current`.
    struct Choice: Sendable, Encodable {
        var label: String
        var href: String
        var current: Bool
    }

    struct PageLink: Sendable, Encodable {
        var label: String
        var href: String?
        var current: Bool
        /// An ellipsis between page numbers.
        var gap: Bool
    }

    struct Pager: Sendable, Encodable {
        var previous: String?
        var next: String?
        var pages: [PageLink]
    }

    struct PhotographerLink: Sendable, Encodable {
        var name: String
        var href: String
        var count: String
    }

    /// The organization-wide gallery's list of photographers' galleries (`partials/gallery-photographers`).
    struct PhotographerList: Sendable, Encodable {
        var photographers: [PhotographerLink]
        var hasPhotographers: Bool
    }

    /// The statistics cards, on the first page of each filter and order.
    struct Statistics: Sendable, Encodable {
        var items: [StatCard]
    }

    struct Body: Sendable, Encodable {
        /// The photographer whose gallery this is; nil on the organization-wide gallery.
        var galleryPhotographer: String?
        var statistics: Statistics?
        var filters: [Choice]
        var sorts: [Choice]
        /// Each card is a `CritiqueCard` rendered once (`partials/critique-card`) and shown on every page of
        /// the gallery that lists it: a critique is on four pages of its gallery (two filters, two orders).
        var cards: [Fragment]
        /// The gallery has no published critiques at all.
        var emptyGallery: Bool
        /// The gallery has critiques, but none of this filter.
        var emptyFilter: Choice?
        var showing: String?
        var pager: Pager?
        /// Rendered once and shown on the first page of each filter and order of the organization-wide
        /// gallery; nil on its later pages and on a photographer's gallery.
        var photographerList: Fragment?
        /// On the organization-wide gallery's later pages: where the list of photographers' galleries is.
        var photographersHref: String?
        /// Link back to the organization-wide gallery (photographer galleries only).
        var allHref: String?
    }

    struct Planned: Sendable {
        /// Relative to the organization folder.
        var path: String
        var title: String
        var body: Body
    }

    /// The viewer's three statistics cards.
    static func statCards(_ kinds: [ExampleKind]) -> [StatCard] {
        [
            StatCard(label: "Total Submissions", value: Format.integer(kinds.count), style: "total"),
            StatCard(label: "Good Examples", value: Format.integer(kinds.filter { $0 == .good }.count), style: "good"),
            StatCard(label: "Needs Improvement", value: Format.integer(kinds.filter { $0 == .improvement }.count), style: "improvement")
        ]
    }

    /// The file of one variant; the default (all, newest, page 1) is `index.html`.
    static func fileName(_ filter: GalleryFilter, _ sort: GallerySort, page: Int) -> String {
        if filter == .all, sort == .newest, page == 1 { return "index.html" }
        return "\(filter.rawValue)-\(sort.rawValue)\(page == 1 ? "" : "-\(page)").html"
    }

    /// The card of `gallery.critiques[index]` as that gallery shows it (with the photographer's name on the
    /// organization's gallery, links relative to the gallery's folder).
    static func card(
        _ index: Int, of gallery: CritiqueGalleries.Gallery, in galleries: CritiqueGalleries,
        media: [String: ProcessedImage], config: SiteConfig
    ) -> Fragment {
        let critique = gallery.critiques[index]
        let photographer = galleries.photographerName(of: critique)
        let showPhotographer = gallery.photographer == nil
        let detailPath = galleries.detailPaths[critique.id]!
        let prefix = prefixToOrganization(gallery)
        let zone = config.timeZone
        return Fragment(view: {
            CritiqueCard.make(
                critique, photographer: photographer, showPhotographer: showPhotographer,
                detailPath: detailPath, media: media, zone: zone, prefix: prefix)
        })
    }

    /// `../` for each folder between the gallery's pages and the organization folder.
    static func prefixToOrganization(_ gallery: CritiqueGalleries.Gallery) -> String {
        String(repeating: "../", count: gallery.folder.split(separator: "/").count)
    }

    /// Every page of `gallery`; `cards` are its critiques' cards, in its order (`card(_:of:…)`).
    static func plan(
        _ gallery: CritiqueGalleries.Gallery, cards: [Fragment], in galleries: CritiqueGalleries,
        config: SiteConfig
    ) -> [Planned] {
        let depth = gallery.folder.split(separator: "/").count
        let isAll = gallery.photographer == nil
        let kinds = gallery.critiques.map(ExampleKind.init)
        let statistics = Statistics(items: statCards(kinds))
        let photographers =
            isAll
            ? galleries.photographers.map { g in
                PhotographerLink(
                    name: g.photographer ?? "", href: String(g.folder.dropFirst(CritiqueGalleries.root.count + 1)) + "/index.html",
                    count: Format.count(g.critiques.count, "critique"))
            } : []
        let photographerListContext = PhotographerList(photographers: photographers, hasPhotographers: true)
        let photographerList =
            photographers.isEmpty
            ? nil
            : Fragment(view: { photographerListContext })
        let title = isAll ? "Training Photos" : "Training Photos: \(gallery.photographer!)"
        let size = max(1, config.gallery.pageSize)

        var planned: [Planned] = []
        for filter in GalleryFilter.allCases {
            // Newest first is the gallery's own order; oldest first is its reverse.
            let newest = cards.indices.filter { filter.includes(kinds[$0]) }
            for sort in GallerySort.allCases {
                let order = sort == .newest ? newest : newest.reversed()
                let ranges = pageRanges(order.count, size: size)
                let pageCount = ranges.count
                for page in 1...pageCount {
                    let slice = order[ranges[page - 1]]
                    // The list of photographers' galleries is on each variant's first page, and linked from the
                    // others: on every page it was close to half a page's bytes in a large organization, the
                    // same on thousands of pages, and rewritten on all of them by any new critique.
                    let listed = page == 1 ? photographerList : nil
                    // So are the statistics cards, as the app shows them above the cards and scrolls them away.
                    let body = Body(
                        galleryPhotographer: gallery.photographer, statistics: page == 1 ? statistics : nil,
                        filters: GalleryFilter.allCases.map { f in
                            Choice(label: f.label, href: fileName(f, sort, page: 1), current: f == filter)
                        },
                        sorts: GallerySort.allCases.map { s in
                            Choice(label: s.label, href: fileName(filter, s, page: 1), current: s == sort)
                        },
                        cards: slice.map { cards[$0] },
                        emptyGallery: cards.isEmpty,
                        emptyFilter: !cards.isEmpty && order.isEmpty
                            ? Choice(
                                label: "No \(filter.label.lowercased()) in this gallery yet.", href: fileName(.all, sort, page: 1), current: false)
                            : nil,
                        showing: order.isEmpty
                            ? nil
                            : showing(
                                ranges[page - 1], of: order.count, page: page, pages: pageCount,
                                filter: filter, sort: sort),
                        pager: pageCount > 1 ? pager(page: page, of: pageCount) { fileName(filter, sort, page: $0) } : nil,
                        photographerList: listed,
                        photographersHref: photographerList != nil && listed == nil
                            ? fileName(filter, sort, page: 1) + "#photographers-h" : nil,
                        allHref: isAll ? nil : String(repeating: "../", count: depth - 1) + "index.html")
                    let suffix = pageCount > 1 ? " (page \(page) of \(pageCount))" : ""
                    let path = "\(gallery.folder)/\(fileName(filter, sort, page: page))"
                    planned.append(Planned(path: path, title: title + suffix, body: body))
                }
            }
        }
        return planned
    }

    /// Each page's cards, as positions in the variant's order: `size` cards a page, the last page what is
    /// left over, in either order, so both orders of a filter have the same pages count.
    static func pageRanges(_ count: Int, size: Int) -> [Range<Int>] {
        guard count > size else { return [0..<count] }
        return stride(from: 0, to: count, by: size).map { $0..<min(count, $0 + size) }
    }

    /// The same words on every page: "Showing 25–48 of 577 · page 2 of 25 · All Examples · Newest First"
    /// (no page part when there is one page).
    static func showing(_ range: Range<Int>, of total: Int, page: Int, pages: Int, filter: GalleryFilter, sort: GallerySort) -> String {
        let from = range.lowerBound + 1, to = range.upperBound
        let places = from == to ? Format.integer(from) : "\(Format.integer(from))–\(Format.integer(to))"
        var lead = "Showing \(places) of \(Format.integer(total))"
        if pages > 1 { lead += " · page \(Format.integer(page)) of \(Format.integer(pages))" }
        return "\(lead) · \(filter.label) · \(sort.label)"
    }

    /// First, last, and two either side of the current page; gaps in between.
    static func pager(page: Int, of count: Int, href: (Int) -> String) -> Pager {
        let shown = Set([1, count] + Array(max(1, page - 2)...min(count, page + 2)))
        var links: [PageLink] = []
        var last = 0
        for n in shown.sorted() {
            if n > last + 1 { links.append(PageLink(label: "…", href: nil, current: false, gap: true)) }
            links.append(PageLink(label: Format.integer(n), href: href(n), current: n == page, gap: false))
            last = n
        }
        return Pager(previous: page > 1 ? href(page - 1) : nil, next: page < count ? href(page + 1) : nil, pages: links)
    }
}
