import Foundation
import GenCompute
import GenMedia
import GenModel
import GenResolve

/// `critiques/photo/<id>.html`: the detail view of one critique — large image, "1 of 3",
/// thumbnail strip, previous/next, full-size links, submitter, date and the full notes.
/// Switching images uses `#photo-N` fragments and `:target`, so it works without JavaScript.
enum CritiqueDetailPage {
    struct Photo: Sendable, Encodable {
        var anchor: String
        var position: String
        var image: ImageView
        /// The full-size view: the display rendition, or the document's own URL.
        var full: String?
        var previous: String?
        var next: String?
    }

    struct StripItem: Sendable, Encodable {
        var href: String
        var label: String
        var image: ImageView
    }

    struct Neighbour: Sendable, Encodable {
        var href: String
        var label: String
    }

    /// Where the people a critique names have pages, relative to the organization folder.
    struct PeopleLinks: Sendable {
        /// Statistics pages by the keys `stats.json` uses (`CritiqueFacts`).
        var photographerStatistics: [DocumentID: String]
        var managerStatistics: [DocumentID: String]
        /// Mileage pages by photographer id.
        var mileage: [DocumentID: String]
    }

    struct Body: Sendable, Encodable {
        var badge: Badge
        var targetName: String
        var submitter: String
        var submitterEmail: String?
        /// The manager's statistics page.
        var submitterHref: String?
        /// The photographer's statistics, gallery and mileage pages, those that exist.
        var photographerLinks: [Neighbour]
        var date: String
        var dateTime: String?
        var photos: [Photo]
        var hasPhotos: Bool
        var strip: [StripItem]
        var hasStrip: Bool
        /// The notes as the manager typed them.
        var notes: TypedText?
        var galleryHref: String
        var galleryLabel: String
        var newer: Neighbour?
        var older: Neighbour?
    }

    static let prefix = "../../"

    /// `neighbours` is the photographer's gallery (newest first), for newer/older links.
    static func make(
        _ critique: Critique, in org: Organization, galleries: CritiqueGalleries, people: PeopleLinks,
        media: [String: ProcessedImage], zone: TimeZone
    ) -> Body {
        let kind = ExampleKind(critique)
        let name = galleries.photographerName(of: critique)
        let images = CritiqueImage.images(of: critique, media: media)
        let count = images.count
        let photos = images.map { image -> Photo in
            let n = image.index + 1
            var view = ImageView.make(image, role: "display", alt: "Photo \(n) of \(count): \(kind.badge.label) for \(name)", prefix: prefix)
            // The photo on screen when the page opens loads at once; the others when shown.
            view.eager = n == 1
            return Photo(
                anchor: "photo-\(n)", position: "\(n) of \(count)", image: view,
                full: view.picture?.jpeg ?? view.remote,
                previous: n > 1 ? "#photo-\(n - 1)" : nil, next: n < count ? "#photo-\(n + 1)" : nil)
        }
        let strip = images.map { image in
            let n = image.index + 1
            return StripItem(
                href: "#photo-\(n)", label: "Show photo \(n) of \(count)",
                image: ImageView.make(image, role: "thumbnail", alt: "Photo \(n) of \(count)", prefix: prefix))
        }
        let gallery = galleries.galleryOf[critique.id] ?? galleries.all
        let siblings = gallery.critiques
        let position = siblings.firstIndex { $0.id == critique.id }
        func neighbour(_ i: Int?, _ label: String) -> Neighbour? {
            guard let i, siblings.indices.contains(i), let path = galleries.detailPaths[siblings[i].id] else { return nil }
            let date = siblings[i].createdAt.map { Format.shortDate($0, in: zone) } ?? "date unknown"
            return Neighbour(href: prefix + path, label: "\(label): \(ExampleKind(siblings[i]).badge.label), \(date)")
        }
        let facts = CritiqueFacts(critique, in: org)
        let photographerGallery = galleries.galleryOf[critique.id].map { prefix + $0.folder + "/index.html" }
        let photographerLinks = [
            people.photographerStatistics[facts.photographerKey].map { Neighbour(href: prefix + $0, label: "Statistics") },
            photographerGallery.map { Neighbour(href: $0, label: "Training photos") },
            critique.targetPhotographerId.flatMap { people.mileage[$0] }.map { Neighbour(href: prefix + $0, label: "Mileage") }
        ].compactMap { $0 }
        return Body(
            badge: kind.badge, targetName: name, submitter: critique.submitterName ?? "Unknown manager",
            submitterEmail: critique.submitterEmail,
            submitterHref: people.managerStatistics[facts.managerKey].map { prefix + $0 },
            photographerLinks: photographerLinks, date: critique.createdAt.map { Format.dateTime($0, in: zone) } ?? "Date unknown",
            dateTime: critique.createdAt.map { Format.machineDateTime($0, in: zone) },
            photos: photos, hasPhotos: !photos.isEmpty, strip: count > 1 ? strip : [], hasStrip: count > 1,
            notes: TypedText(critique.managerNotes),
            galleryHref: prefix + gallery.folder + "/index.html",
            galleryLabel: gallery.photographer.map { "Training Photos: \($0)" } ?? "Training Photos",
            newer: neighbour(position.map { $0 - 1 }, "Newer"), older: neighbour(position.map { $0 + 1 }, "Older"))
    }
}
