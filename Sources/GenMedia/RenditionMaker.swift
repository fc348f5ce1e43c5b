import CVipsShim
import Foundation
import GenModel

/// Turns one source image's bytes into its renditions with libvips, on the calling thread.
struct RenditionMaker {
    let settings: SiteConfig.Thumbnails

    /// Encoded files, or why there are none.
    enum Outcome {
        case made(width: Int, height: Int, files: [(ImageRendition, Data)])
        /// The image was refused or failed; `width`/`height` when the header could be read.
        case failed(String, width: Int?, height: Int?)
        /// A libvips call failed while other threads may be using libvips, whose error text is
        /// shared by all threads: run again alone (`describeFailures`) to say why.
        case failedInLibvips
    }

    /// Loaders gen accepts (class names from `vips_foreign_find_load_buffer`): what cameras and
    /// phones produce. Others (SVG, PDF, FITS, …) are a larger attack surface for no benefit.
    static let acceptedLoaders: [String: String] = [
        "VipsForeignLoadJpegBuffer": "JPEG", "VipsForeignLoadPngBuffer": "PNG",
        "VipsForeignLoadWebpBuffer": "WebP", "VipsForeignLoadNsgifBuffer": "GIF",
        "VipsForeignLoadHeifBuffer": "HEIC/AVIF", "VipsForeignLoadTiffBuffer": "TIFF"
    ]

    /// - Parameters:
    ///   - namePrefix: start of every file name (the first 16 hex digits of the cache key).
    ///   - describeFailures: the caller is the only thread using libvips, so a libvips failure
    ///     can be explained with libvips' error text (otherwise `.failedInLibvips`).
    func make(_ bytes: Data, namePrefix: String, describeFailures: Bool) -> Outcome {
        guard !bytes.isEmpty else { return .failed("empty file (0 bytes)", width: nil, height: nil) }
        guard Vips.isStarted else { return .failed("libvips could not be started", width: nil, height: nil) }
        if describeFailures { Vips.clearErrors() }
        // libvips reads straight from these bytes (no copy), so every image made from them
        // is finished inside this closure.
        return bytes.withUnsafeBytes { raw in
            make(raw.baseAddress!, raw.count, namePrefix: namePrefix, describeFailures: describeFailures)
        }
    }

    private func make(_ data: UnsafeRawPointer, _ length: Int, namePrefix: String, describeFailures: Bool) -> Outcome {
        var width: Int?, height: Int?
        func libvipsFailure(_ what: String) -> Outcome {
            guard describeFailures else { return .failedInLibvips }
            let detail = Vips.takeErrorLine()
            return .failed(detail.isEmpty ? what : "\(what): \(detail)", width: width, height: height)
        }

        guard let loader = gen_vips_loader_for_buffer(data, length).map({ String(cString: $0) }) else {
            if describeFailures { Vips.clearErrors() }  // "not in a known format": said below in plain words
            return .failed("not an image (unrecognised file format)", width: nil, height: nil)
        }
        guard Self.acceptedLoaders[loader] != nil else {
            let name = loader.replacingOccurrences(of: "VipsForeignLoad", with: "").replacingOccurrences(of: "Buffer", with: "")
            let accepted = Set(Self.acceptedLoaders.values).sorted().joined(separator: ", ")
            return .failed("unsupported image format (\(name)); accepted: \(accepted)", width: nil, height: nil)
        }

        // Header only: dimensions before any pixel is decoded, so a decompression bomb costs nothing.
        guard let header = VipsImageHandle(gen_vips_open_buffer(data, length)) else {
            return libvipsFailure("unreadable image header")
        }
        let swaps = gen_vips_orientation_swaps(header.pointer) == 1
        let (sourceWidth, sourceHeight) = swaps ? (header.height, header.width) : (header.width, header.height)
        (width, height) = (sourceWidth, sourceHeight)
        let megapixels = Double(sourceWidth) * Double(sourceHeight) / 1e6
        guard megapixels <= settings.maxMegapixels else {
            let shown = megapixels >= 10 ? String(format: "%.0f", megapixels) : String(format: "%.2f", megapixels)
            return .failed(
                "too many pixels: \(sourceWidth)×\(sourceHeight) is \(shown) megapixels, over thumbnails.maxMegapixels (\(Self.plain(settings.maxMegapixels)))",
                width: width, height: height)
        }
        let tagged = header.hasField("icc-profile-data") ? Int32(1) : 0

        // Display: fitted inside the box, never enlarged. Decoded with shrink-on-load, upright.
        var out: OpaquePointer?
        guard
            gen_vips_thumbnail_buffer(
                data, length, Int32(settings.displayWidth), Int32(settings.displayHeight),
                0, 1, tagged, &out) == 0,
            let lazyDisplay = VipsImageHandle(out), let display = lazyDisplay.inMemory()
        else { return libvipsFailure("corrupt or truncated image") }

        // Thumbnail: cropped to fill. From the display image when it still has enough pixels
        // (no second decode); otherwise from the source.
        let fill = max(Double(settings.thumbnailWidth) / Double(sourceWidth), Double(settings.thumbnailHeight) / Double(sourceHeight))
        let displayIsEnough = display.width >= sourceWidth || Double(display.width) >= (Double(sourceWidth) * fill).rounded(.up)
        out = nil
        let status =
            displayIsEnough
            ? gen_vips_thumbnail_image(display.pointer, Int32(settings.thumbnailWidth), Int32(settings.thumbnailHeight), 1, 0, &out)
            : gen_vips_thumbnail_buffer(data, length, Int32(settings.thumbnailWidth), Int32(settings.thumbnailHeight), 1, 0, tagged, &out)
        guard status == 0, let lazyThumbnail = VipsImageHandle(out), let thumbnail = lazyThumbnail.inMemory()
        else { return libvipsFailure("corrupt or truncated image") }

        var files: [(ImageRendition, Data)] = []
        for (role, image) in [("thumbnail", thumbnail), ("display", display)] {
            for format in RenditionFormat.allCases {
                guard let encoded = image.encoded(as: format, quality: settings.quality) else {
                    return libvipsFailure("could not encode the \(role) as \(format.rawValue)")
                }
                let name = "\(namePrefix)-\(role)-\(image.width)x\(image.height).\(format.fileExtension)"
                files.append(
                    (
                        ImageRendition(
                            role: role, format: format.rawValue, fileName: name,
                            width: image.width, height: image.height, bytes: encoded.count), encoded
                    ))
            }
        }
        return .made(width: sourceWidth, height: sourceHeight, files: files)
    }

    /// `100` rather than `100.0`; `0.5` as is. Locale-independent.
    static func plain(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
