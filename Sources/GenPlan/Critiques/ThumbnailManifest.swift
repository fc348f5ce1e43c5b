import GenMedia
import GenModel
import GenSupport

/// `<org>/manifests/thumbnails.json`: one entry per image of every published critique, ordered
/// by critique (creation time, then id) and position. Optional values are written as `null`,
/// never left out, so every entry has the same keys.
struct ThumbnailManifest: Encodable, Sendable {
    static let path = "manifests/thumbnails.json"

    var version = 1
    var organizationId: String
    var images: [Entry]

    struct Entry: Encodable, Sendable {
        var critiqueId: String
        var index: Int
        var source: String
        var local: String?
        var sha256: String?
        var width: Int?
        var height: Int?
        var renditions: [Rendition]
        var error: String?

        enum CodingKeys: String, CodingKey {
            case critiqueId, index, source, local, sha256, width, height, renditions, error
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(critiqueId, forKey: .critiqueId)
            try c.encode(index, forKey: .index)
            try c.encode(source, forKey: .source)
            try c.encode(local, forKey: .local)
            try c.encode(sha256, forKey: .sha256)
            try c.encode(width, forKey: .width)
            try c.encode(height, forKey: .height)
            try c.encode(renditions, forKey: .renditions)
            try c.encode(error, forKey: .error)
        }
    }

    struct Rendition: Encodable, Sendable {
        var role: String
        var format: String
        /// Relative to the organization folder.
        var path: String
        var width: Int
        var height: Int
        var bytes: Int
    }

    init(organizationId: String, critiques: [Critique], media: [String: ProcessedImage]) {
        self.organizationId = organizationId
        images = critiques.flatMap { critique in
            CritiqueImage.images(of: critique, media: media).map { image in
                let p = image.processed
                return Entry(
                    critiqueId: critique.id.text, index: image.index, source: image.url, local: image.mediaPath,
                    sha256: p?.sha256, width: p?.width, height: p?.height,
                    renditions: (p?.renditions ?? []).map {
                        Rendition(
                            role: $0.role, format: $0.format, path: MediaFiles.path($0),
                            width: $0.width, height: $0.height, bytes: $0.bytes)
                    },
                    error: p?.error)
            }
        }
    }
}

extension ThumbnailManifest: JSONWithLargeArray {
    static var largeArrayKey: String { "images" }
    static var largeArray: WritableKeyPath<ThumbnailManifest, [Entry]> { \.images }
}
