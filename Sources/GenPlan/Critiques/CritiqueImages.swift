import GenMedia
import GenModel
import GenSupport

/// One image of a critique, with what the media stage made of it.
struct CritiqueImage: Sendable, Encodable {
    /// Position in the critique, from 0.
    var index: Int
    /// The full-size URL as stored in the document.
    var url: String
    /// The app's own thumbnail URL for this image, when the document has one.
    var thumbnailURL: String?
    /// The file under `CONTENT/media/` the URL maps to, when that file exists.
    var mediaPath: String?
    /// Renditions (or the error) for `mediaPath`.
    var processed: ProcessedImage?

    /// A critique's images in order, resolved against the processed media of its organization.
    static func images(of critique: Critique, media: [String: ProcessedImage]) -> [CritiqueImage] {
        critique.imageUrls.enumerated().map { index, url in
            let path = MediaLocator.mediaPath(for: url)
            let processed = path.flatMap { media[$0] }
            return CritiqueImage(
                index: index, url: url,
                thumbnailURL: index < critique.thumbnailUrls.count ? critique.thumbnailUrls[index] : nil,
                mediaPath: processed == nil ? nil : path, processed: processed)
        }
    }
}

/// WebP and JPEG renditions of one image, as `<picture>` sources (paths relative to the page).
struct Picture: Sendable, Encodable {
    var webp: String
    var jpeg: String
    var width: Int
    var height: Int

    /// The WebP and JPEG renditions of `role`, or nil when the image has not both (e.g. it failed).
    static func make(_ processed: ProcessedImage, role: String, prefix: String) -> Picture? {
        guard let webp = processed.rendition(role, "webp"), let jpeg = processed.rendition(role, "jpeg") else { return nil }
        return Picture(
            webp: prefix + MediaFiles.path(webp), jpeg: prefix + MediaFiles.path(jpeg),
            width: jpeg.width, height: jpeg.height)
    }
}

/// How a page shows one image: local renditions, else the document's own URL, else the
/// "Image unavailable" state. Exactly one of the three is set.
struct ImageView: Sendable, Encodable {
    var alt: String
    var picture: Picture?
    var remote: String?
    var unavailable: Bool
    /// Loaded with the page rather than when scrolled to: the photo a page opens on.
    var eager = false

    /// `role` is `"thumbnail"` or `"display"`; `prefix` leads from the page to the organization folder.
    static func make(_ image: CritiqueImage?, role: String, alt: String, prefix: String) -> ImageView {
        guard let image else { return ImageView(alt: alt, picture: nil, remote: nil, unavailable: true) }
        if let processed = image.processed {
            if let picture = Picture.make(processed, role: role, prefix: prefix) {
                return ImageView(alt: alt, picture: picture, remote: nil, unavailable: false)
            }
            // A local file that could not be processed: never fall back to a URL we know is broken.
            return ImageView(alt: alt, picture: nil, remote: nil, unavailable: true)
        }
        let candidate = role == "thumbnail" ? (image.thumbnailURL ?? image.url) : image.url
        guard let remote = RemoteURL.safe(candidate) else {
            return ImageView(alt: alt, picture: nil, remote: nil, unavailable: true)
        }
        return ImageView(alt: alt, picture: nil, remote: remote, unavailable: false)
    }
}

/// Where renditions go in an organization's tree.
enum MediaFiles {
    static let folder = "media"

    static func path(_ rendition: ImageRendition) -> String { "\(folder)/\(rendition.fileName)" }
}

/// A URL from a document that may be used as an image source or link: http(s) only,
/// so `javascript:` and `data:` never reach an attribute.
enum RemoteURL {
    static func safe(_ text: String) -> String? {
        let trimmed = text.trimmed
        let lower = trimmed.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://"),
            !trimmed.unicodeScalars.contains(where: { $0.value < 0x20 || $0 == " " || $0 == "\u{7F}" })
        else { return nil }
        return trimmed
    }
}
