import CVipsShim
import Foundation

/// Reads image files back with libvips: what tests and checks assert on (dimensions, format,
/// leftover metadata), without trusting what gen says it wrote.
public enum ImageProbe {
    public struct Info: Sendable, Hashable {
        /// Stored pixel dimensions (before any EXIF orientation).
        public var width: Int
        public var height: Int
        /// From the libvips loader: `"jpeg"`, `"webp"`, `"png"`, `"heif"`, …
        public var format: String
        /// An EXIF block is present.
        public var hasEXIF: Bool
        /// EXIF GPS tags are present (libvips names them `exif-ifd3-…`).
        public var hasGPS: Bool
        /// EXIF orientation, 1 (upright) when absent.
        public var orientation: Int
        /// An ICC profile is embedded.
        public var hasICCProfile: Bool
    }

    /// The header of an image file, or nil when libvips cannot read it.
    public static func read(_ url: URL) -> Info? {
        guard Vips.isStarted, let image = VipsImageHandle(gen_vips_open_file(url.path)) else {
            Vips.clearErrors()
            return nil
        }
        let loader = gen_vips_loader(image.pointer).map { String(cString: $0) } ?? ""
        // "jpegload", "webpload_buffer", "heifload_source" → "jpeg", "webp", "heif"
        let format = loader.split(separator: "_").first.map { $0.hasSuffix("load") ? String($0.dropLast(4)) : String($0) } ?? ""
        return Info(
            width: image.width, height: image.height, format: format,
            hasEXIF: image.hasField("exif-data"),
            hasGPS: gen_vips_has_field_prefix(image.pointer, "exif-ifd3-") == 1,
            orientation: Int(gen_vips_orientation(image.pointer)),
            hasICCProfile: image.hasField("icc-profile-data"))
    }

    /// The band values (0–255 for 8-bit images) of one stored pixel, or nil.
    public static func pixel(_ url: URL, x: Int, y: Int) -> [Double]? {
        guard Vips.isStarted, let image = VipsImageHandle(gen_vips_open_file(url.path)) else {
            Vips.clearErrors()
            return nil
        }
        var values = [Double](repeating: 0, count: 8)
        let count = gen_vips_pixel(image.pointer, Int32(x), Int32(y), &values, Int32(values.count))
        guard count > 0 else {
            Vips.clearErrors()
            return nil
        }
        return Array(values.prefix(Int(count)))
    }
}

/// Deterministic, photo-like test images (smooth noise and gradients) for tests and benchmarks.
public enum SampleImage {
    /// Writes a `width`×`height` sRGB image; the format follows the suffix (`.jpg`, `.png`, `.webp`).
    /// The same arguments always give the same pixels.
    @discardableResult
    public static func write(to url: URL, width: Int, height: Int, seed: Int = 0) -> Bool {
        guard Vips.isStarted else { return false }
        let ok = gen_vips_write_sample(url.path, Int32(width), Int32(height), Int32(truncatingIfNeeded: seed)) == 0
        if !ok { Vips.clearErrors() }
        return ok
    }
}
