import Foundation
import GenMedia
import GenModel
import GenSupport

/// A card in a gallery: first thumbnail, badge, submitter, date, notes preview, photo count.
struct CritiqueCard: Sendable, Encodable {
    var href: String
    var badge: Badge
    var submitter: String
    /// Shown on the organization-wide gallery, where cards of every photographer mix.
    var targetName: String?
    var date: String
    var dateTime: String?
    /// Plain text; the page clamps it to two lines.
    var notes: String?
    /// "3 photos" when there are several images.
    var photoCount: String?
    var image: ImageView

    /// `prefix` leads from the gallery page to the organization folder.
    static func make(
        _ critique: Critique, photographer: String, showPhotographer: Bool, detailPath: String,
        media: [String: ProcessedImage], zone: TimeZone, prefix: String
    ) -> CritiqueCard {
        let kind = ExampleKind(critique)
        let images = CritiqueImage.images(of: critique, media: media)
        let date = critique.createdAt.map { Format.shortDate($0, in: zone) } ?? "Date unknown"
        let alt = "\(kind.badge.label) photo for \(photographer), \(date)"
        return CritiqueCard(
            href: prefix + detailPath, badge: kind.badge, submitter: critique.submitterName ?? "Unknown manager",
            targetName: showPhotographer ? photographer : nil, date: date,
            dateTime: critique.createdAt.map { Format.machineDateTime($0, in: zone) },
            notes: preview(critique.managerNotes),
            photoCount: images.count > 1 ? "\(images.count) photos" : nil,
            image: ImageView.make(images.first, role: "thumbnail", alt: alt, prefix: prefix))
    }

    /// Whitespace collapsed and cut, so a 5,000-word note does not bloat every gallery page. Read a scalar
    /// at a time (every card of every gallery makes one: by `Character` it was most of planning a gallery);
    /// only the characters up to the limit are counted.
    static func preview(_ notes: String?, limit: Int = 280) -> String? {
        guard let notes else { return nil }
        var words = String.UnicodeScalarView()
        var blank = false
        for scalar in notes.unicodeScalars {
            // ASCII's White_Space is tab through carriage return and the space: no property lookup for those.
            if scalar.isASCII ? scalar == " " || (0x09...0x0D).contains(scalar.value) : scalar.properties.isWhitespace {
                blank = !words.isEmpty
                continue
            }
            if blank {
                words.append(" ")
                blank = false
            }
            words.append(scalar)
        }
        let text = String(words)
        guard !text.isEmpty else { return nil }
        // The first `limit` characters, found without counting the rest of a long note.
        let cut = text.prefix(limit)
        return cut.endIndex == text.endIndex ? text : String(cut).trimmedBlanks + "…"
    }
}
