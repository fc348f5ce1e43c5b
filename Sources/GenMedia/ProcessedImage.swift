/// One file made from a source image: a grid thumbnail or a display size, in one format.
public struct ImageRendition: Sendable, Hashable, Codable {
    /// `"thumbnail"` (cropped to fill the thumbnail box) or `"display"` (fitted inside the display box).
    public var role: String
    /// `"webp"` or `"jpeg"`.
    public var format: String
    /// Content-addressed file name (hash of source bytes + settings), e.g. `3fa2…-thumbnail-300x200.webp`.
    /// The same name in the cache and under `<org>/media/`.
    public var fileName: String
    public var width: Int
    public var height: Int
    public var bytes: Int

    public init(role: String, format: String, fileName: String, width: Int, height: Int, bytes: Int) {
        self.role = role
        self.format = format
        self.fileName = fileName
        self.width = width
        self.height = height
        self.bytes = bytes
    }
}

/// What became of one local source image (`CONTENT/media/<mediaPath>`).
public struct ProcessedImage: Sendable, Hashable, Codable {
    /// Path relative to `CONTENT/media/`, `/`-separated.
    public var mediaPath: String
    /// SHA-256 of the source bytes (lowercase hex); nil when the file could not be read.
    public var sha256: String?
    /// Source dimensions after EXIF orientation; nil when the image could not be decoded.
    public var width: Int?
    public var height: Int?
    /// Thumbnail and display renditions, WebP and JPEG; empty on error.
    public var renditions: [ImageRendition]
    /// Why no renditions were made (corrupt, truncated, empty, not an image, too many pixels); nil on success.
    public var error: String?

    /// What `error` begins with when the image itself was fine but its renditions could not be stored (a full
    /// disk): a failure of this build, not of the image, which the next build must try again.
    public static let cacheFailure = "could not write the thumbnail cache"
    public var failedForTheCache: Bool { error?.hasPrefix(Self.cacheFailure) ?? false }

    public init(mediaPath: String, sha256: String?, width: Int?, height: Int?, renditions: [ImageRendition], error: String?) {
        self.mediaPath = mediaPath
        self.sha256 = sha256
        self.width = width
        self.height = height
        self.renditions = renditions
        self.error = error
    }

    public func rendition(_ role: String, _ format: String) -> ImageRendition? {
        renditions.first { $0.role == role && $0.format == format }
    }
}
