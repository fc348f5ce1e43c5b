import CVipsCheck
import Foundation
@testable import GenMedia
import GenModel
import XCTest

final class GenMediaTests: XCTestCase {
    // MARK: - libvips, loaded on first use

    /// The shim declares libvips' functions itself (so that gen does not link it); CVipsCheck compiles those
    /// declarations against libvips' headers. Loaded through them, libvips starts and reports its version.
    func testTheShimsDeclarationsMatchLibvipsAndItLoads() {
        XCTAssertEqual(gen_vips_declarations_checked(), 1)
        XCTAssertTrue(Vips.isStarted)
        XCTAssertTrue(Vips.version.hasPrefix("8."), Vips.version)
    }

    // MARK: - MediaLocator

    func testFirebaseDownloadURLMapsToDecodedObjectPath() {
        let url =
            "https://firebasestorage.googleapis.com/v0/b/fieldreports-prod.appspot.com/o/critiques%2Fabc123%2F1.jpg?alt=media&token=8f1e2d3c-aaaa-bbbb-cccc-0123456789ab"
        XCTAssertEqual(MediaLocator.mediaPath(for: url), "critiques/abc123/1.jpg")
        XCTAssertEqual(
            MediaLocator.mediaPath(for: "https://firebasestorage.googleapis.com/v0/b/b/o/critiques%2Fx%2Fgym%20photo.jpeg?alt=media"),
            "critiques/x/gym photo.jpeg")
    }

    func testGsURIMapsToObjectPath() {
        XCTAssertEqual(MediaLocator.mediaPath(for: "gs://fieldreports-prod.appspot.com/critiques/abc123/2.jpg"), "critiques/abc123/2.jpg")
    }

    func testOtherHostMapsToHostAndPath() {
        XCTAssertEqual(MediaLocator.mediaPath(for: "https://images.example.com/photos/a%20b.jpg?w=300#top"), "images.example.com/photos/a b.jpg")
        XCTAssertEqual(MediaLocator.mediaPath(for: "http://user@CDN.Example.com:8080/x/y.png"), "cdn.example.com/x/y.png")
    }

    func testRelativePathIsItself() {
        XCTAssertEqual(MediaLocator.mediaPath(for: "critiques/abc123/3.jpg"), "critiques/abc123/3.jpg")
        XCTAssertEqual(MediaLocator.mediaPath(for: "photo.webp"), "photo.webp")
    }

    func testUnsafeOrForeignURLsAreRejected() {
        let rejected = [
            "", "../secret.jpg", "a/../../b.jpg", "a/./b.jpg", "a//b.jpg", "a/", "/etc/passwd", "a\\b.jpg", "..\\x.jpg",
            "a\u{0}b.jpg", "a\nb.jpg", "javascript:alert(1)", "data:image/png;base64,iVBORw0KGgo=", "file:///etc/passwd",
            "ftp://example.com/a.jpg", "C:\\photos\\a.jpg", "//example.com/a.jpg",
            "https://example.com/", "https://example.com/a/%2e%2e/%2e%2e/etc/passwd", "https://example.com/a%00b.jpg",
            "https://example.com/a/%252e%252e/b.jpg",  // double-encoded: `..` after a second decoding
            "https://firebasestorage.googleapis.com/v0/b/bucket/o/%2e%2e%2F%2e%2e%2Fetc%2Fpasswd?alt=media",
            "https://firebasestorage.googleapis.com/v0/b/bucket/o/%2Fetc%2Fpasswd?alt=media",
            "https://firebasestorage.googleapis.com/v0/b/bucket/o/a%5Cb.jpg?alt=media",
            "https://firebasestorage.googleapis.com/v0/b/bucket/o/?alt=media",
            "%2e%2e/x.jpg", "gs://bucket", "gs://bucket/../x.jpg"
        ]
        for url in rejected {
            XCTAssertNil(MediaLocator.mediaPath(for: url), "should be rejected: \(url.debugDescription)")
        }
    }

    // MARK: - Renditions

    func testThumbnailIsExactlyTheBoxInBothFormatsAndSmallDisplayIsNotEnlarged() throws {
        let site = try MediaSandbox()
        defer { site.remove() }
        try site.image("a.jpg", 900, 600)
        try site.image("small.png", 200, 120)
        let processor = site.processor()
        let batch = processor.process(["a.jpg", "small.png"])
        XCTAssertEqual(batch.processed, 2)

        let image = try XCTUnwrap(batch.images["a.jpg"])
        XCTAssertNil(image.error)
        XCTAssertEqual(image.mediaPath, "a.jpg")
        XCTAssertEqual(image.sha256?.count, 64)
        XCTAssertEqual([image.width, image.height], [900, 600])
        XCTAssertEqual(
            image.renditions.map { "\($0.role) \($0.format)" },
            ["thumbnail webp", "thumbnail jpeg", "display webp", "display jpeg"])
        for rendition in image.renditions {
            let file = processor.cachedFile(rendition)
            let info = try XCTUnwrap(ImageProbe.read(file), rendition.fileName)
            XCTAssertEqual(info.format, rendition.format)
            XCTAssertEqual([info.width, info.height], [rendition.width, rendition.height])
            XCTAssertEqual(try Data(contentsOf: file).count, rendition.bytes)
            let ext = rendition.format == "webp" ? "webp" : "jpg"
            XCTAssertNotNil(
                rendition.fileName.range(
                    of: "^[0-9a-f]{16}-\(rendition.role)-\(info.width)x\(info.height)\\.\(ext)$",
                    options: .regularExpression), rendition.fileName)
        }
        XCTAssertEqual(size(image.rendition("thumbnail", "webp")), [300, 200])
        XCTAssertEqual(size(image.rendition("thumbnail", "jpeg")), [300, 200])
        XCTAssertEqual(size(image.rendition("display", "webp")), [900, 600])

        // Smaller than both boxes: the thumbnail is still filled (enlarged), the display is not.
        let small = try XCTUnwrap(batch.images["small.png"])
        XCTAssertEqual(size(small.rendition("thumbnail", "jpeg")), [300, 200])
        XCTAssertEqual(size(small.rendition("display", "jpeg")), [200, 120])
        XCTAssertEqual(ImageProbe.read(processor.cachedFile(small.rendition("display", "webp")!)).map { [$0.width, $0.height] }, [200, 120])
    }

    func testDisplayFitsInsideTheBoxKeepingAspect() throws {
        let site = try MediaSandbox()
        defer { site.remove() }
        try site.image("landscape.jpg", 2000, 1500)
        try site.image("portrait.jpg", 600, 1200)
        try site.image("panorama.png", 1000, 250)
        var settings = SiteConfig.Thumbnails()
        (settings.displayWidth, settings.displayHeight) = (800, 800)
        let processor = site.processor(settings)
        let batch = processor.process(["landscape.jpg", "portrait.jpg", "panorama.png"])
        XCTAssertEqual(size(batch.images["landscape.jpg"]?.rendition("display", "jpeg")), [800, 600])
        XCTAssertEqual(size(batch.images["portrait.jpg"]?.rendition("display", "webp")), [400, 800])
        XCTAssertEqual(size(batch.images["panorama.png"]?.rendition("display", "jpeg")), [800, 200])
        XCTAssertEqual(size(batch.images["panorama.png"]?.rendition("thumbnail", "jpeg")), [300, 200])
        let display = try XCTUnwrap(batch.images["landscape.jpg"]?.rendition("display", "webp"))
        XCTAssertEqual(ImageProbe.read(processor.cachedFile(display)).map { [$0.width, $0.height] }, [800, 600])
    }

    func testEXIFOrientationIsAppliedAndNoMetadataReachesTheOutput() throws {
        let site = try MediaSandbox()
        defer { site.remove() }
        let fixture = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!
            .appendingPathComponent("media/orientation6-gps.jpg")
        let source = try XCTUnwrap(ImageProbe.read(fixture))
        XCTAssertEqual([source.width, source.height, source.orientation], [64, 48, 6], "stored landscape, shown rotated")
        XCTAssertTrue(source.hasEXIF && source.hasGPS, "the fixture must carry GPS for this test to mean anything")
        try FileManager.default.copyItem(at: fixture, to: site.media.appendingPathComponent("phone.jpg"))

        let processor = site.processor()
        let image = try XCTUnwrap(processor.process(["phone.jpg"]).images["phone.jpg"])
        XCTAssertNil(image.error)
        XCTAssertEqual([image.width, image.height], [48, 64], "dimensions after EXIF orientation")
        XCTAssertEqual(size(image.rendition("display", "jpeg")), [48, 64])
        XCTAssertEqual(size(image.rendition("thumbnail", "webp")), [300, 200])
        for rendition in image.renditions {
            let file = processor.cachedFile(rendition)
            let info = try XCTUnwrap(ImageProbe.read(file))
            XCTAssertFalse(info.hasEXIF, "\(rendition.fileName) keeps EXIF")
            XCTAssertFalse(info.hasGPS, "\(rendition.fileName) keeps GPS")
            XCTAssertEqual(info.orientation, 1)
            XCTAssertFalse(try Data(contentsOf: file).contains(Data("Exif".utf8)))
            XCTAssertFalse(try Data(contentsOf: file).contains(Data("GenTest".utf8)))
        }
        // Stored left half red, right half blue; rotated 90° clockwise, red is on top.
        for format in ["jpeg", "webp"] {
            let display = processor.cachedFile(try XCTUnwrap(image.rendition("display", format)))
            let top = try XCTUnwrap(ImageProbe.pixel(display, x: 24, y: 6)), bottom = try XCTUnwrap(ImageProbe.pixel(display, x: 24, y: 58))
            XCTAssertTrue(top[0] > 200 && top[2] < 60, "\(format) top is red: \(top)")
            XCTAssertTrue(bottom[2] > 200 && bottom[0] < 60, "\(format) bottom is blue: \(bottom)")
        }
    }

    // MARK: - Cache

    func testSecondRunIsAnsweredFromTheCache() throws {
        let site = try MediaSandbox()
        defer { site.remove() }
        let paths = ["a.jpg", "b/c.png", "d.jpg"]
        for (seed, path) in paths.enumerated() { try site.image(path, 640, 480, seed: seed) }
        let first = site.processor().process(paths + ["a.jpg"])
        XCTAssertEqual([first.processed, first.reused, first.images.count], [3, 0, 3], "duplicates processed once")

        let fresh = site.processor()  // a later build: nothing in memory
        let second = fresh.process(paths)
        XCTAssertEqual([second.processed, second.reused], [0, 3])
        XCTAssertEqual(second.images, first.images)
        for rendition in second.images.values.flatMap(\.renditions) {
            XCTAssertTrue(FileManager.default.fileExists(atPath: fresh.cachedFile(rendition).path), rendition.fileName)
        }
        let entries = try FileManager.default.subpathsOfDirectory(atPath: site.cache.appendingPathComponent("thumbnails").path)
        XCTAssertEqual(entries.filter { $0.hasSuffix("entry.json") }.count, 3)
        XCTAssertFalse(entries.contains { $0.contains(".tmp-") }, "no temporary folders left behind")
    }

    func testChangedSourceGetsNewNamesAndOthersAreReused() throws {
        let site = try MediaSandbox()
        defer { site.remove() }
        try site.image("a.jpg", 640, 480, seed: 1)
        try site.image("b.jpg", 640, 480, seed: 2)
        let before = site.processor().process(["a.jpg", "b.jpg"])
        try site.image("a.jpg", 640, 480, seed: 3)
        let after = site.processor().process(["a.jpg", "b.jpg"])
        XCTAssertEqual([after.processed, after.reused], [1, 1])
        XCTAssertNotEqual(after.images["a.jpg"]?.sha256, before.images["a.jpg"]?.sha256)
        let oldNames = Set(before.images["a.jpg"]!.renditions.map(\.fileName))
        XCTAssertTrue(oldNames.isDisjoint(with: after.images["a.jpg"]!.renditions.map(\.fileName)))
        XCTAssertEqual(after.images["b.jpg"], before.images["b.jpg"])
    }

    func testOtherSettingsGiveOtherNames() throws {
        let site = try MediaSandbox()
        defer { site.remove() }
        try site.image("a.jpg", 640, 480)
        let standard = site.processor().process(["a.jpg"])
        var settings = SiteConfig.Thumbnails()
        settings.quality = 60
        let lower = site.processor(settings).process(["a.jpg"])
        XCTAssertEqual(lower.processed, 1)
        XCTAssertTrue(
            Set(standard.images["a.jpg"]!.renditions.map(\.fileName))
                .isDisjoint(with: lower.images["a.jpg"]!.renditions.map(\.fileName)))
        settings = SiteConfig.Thumbnails()
        (settings.thumbnailWidth, settings.thumbnailHeight) = (160, 160)
        let square = site.processor(settings).process(["a.jpg"])
        XCTAssertEqual(square.processed, 1)
        XCTAssertEqual(size(square.images["a.jpg"]?.rendition("thumbnail", "jpeg")), [160, 160])
    }

    func testSameSourceGivesIdenticalBytesInTwoFreshCaches() throws {
        let one = try MediaSandbox(), two = try MediaSandbox()
        defer { one.remove(); two.remove() }
        try one.image("a.jpg", 1200, 900, seed: 7)
        try FileManager.default.copyItem(at: one.media.appendingPathComponent("a.jpg"), to: two.media.appendingPathComponent("a.jpg"))
        let p1 = one.processor(), p2 = two.processor()
        let a = try XCTUnwrap(p1.process(["a.jpg"]).images["a.jpg"]), b = try XCTUnwrap(p2.process(["a.jpg"]).images["a.jpg"])
        XCTAssertEqual(a, b)
        XCTAssertEqual(a.renditions.count, 4)
        for rendition in a.renditions {
            XCTAssertEqual(try Data(contentsOf: p1.cachedFile(rendition)), try Data(contentsOf: p2.cachedFile(rendition)), rendition.fileName)
        }
    }

    // MARK: - Bad input

    func testBrokenSourcesGiveAnErrorAndNoRenditionsAndAreCached() throws {
        let site = try MediaSandbox()
        defer { site.remove() }
        try Data().write(to: site.media.appendingPathComponent("empty.jpg"))
        try Data("Looks like a photo, is a note.\n".utf8).write(to: site.media.appendingPathComponent("note.jpg"))
        try site.image("whole.jpg", 800, 600)
        let whole = try Data(contentsOf: site.media.appendingPathComponent("whole.jpg"))
        try whole.prefix(whole.count / 2).write(to: site.media.appendingPathComponent("truncated.jpg"))
        try site.image("whole.png", 300, 200)
        let png = try Data(contentsOf: site.media.appendingPathComponent("whole.png"))
        try png.prefix(png.count / 2).write(to: site.media.appendingPathComponent("truncated.png"))
        try FileManager.default.createDirectory(at: site.media.appendingPathComponent("folder.jpg"), withIntermediateDirectories: true)

        let paths = ["empty.jpg", "note.jpg", "truncated.jpg", "truncated.png", "gone.jpg", "folder.jpg", "../outside.jpg"]
        let batch = site.processor().process(paths)
        XCTAssertEqual(batch.missing, ["gone.jpg", "folder.jpg", "../outside.jpg"])
        XCTAssertEqual(batch.processed, 4)
        let expected = [
            "empty.jpg": "empty file (0 bytes)", "note.jpg": "not an image", "truncated.jpg": "truncated",
            "truncated.png": "truncated"
        ]
        for (path, phrase) in expected {
            let image = try XCTUnwrap(batch.images[path], path)
            let error = try XCTUnwrap(image.error, path)
            XCTAssertTrue(error.contains(phrase), "\(path): \(error)")
            XCTAssertFalse(error.contains("\n"), "one line: \(error)")
            XCTAssertTrue(image.renditions.isEmpty, path)
            XCTAssertNotNil(image.sha256, path)
        }
        // libvips' own reason is kept, and each image gets its own (libvips has one error buffer
        // for all threads; the two failures above were decoded in parallel).
        let jpegError = batch.images["truncated.jpg"]!.error!, pngError = batch.images["truncated.png"]!.error!
        XCTAssertTrue(jpegError.contains("Premature end") && !jpegError.contains("png"), jpegError)
        XCTAssertTrue(pngError.contains("png") && !pngError.contains("Jpeg"), pngError)

        let again = site.processor().process(paths)
        XCTAssertEqual([again.processed, again.reused], [0, 4], "failures are cached too")
        XCTAssertEqual(again.images, batch.images)
    }

    func testTooManyPixelsIsRefusedFromTheHeader() throws {
        let site = try MediaSandbox()
        defer { site.remove() }
        try site.image("big.png", 200, 100)
        var settings = SiteConfig.Thumbnails()
        settings.maxMegapixels = 0.01
        let image = try XCTUnwrap(site.processor(settings).process(["big.png"]).images["big.png"])
        let error = try XCTUnwrap(image.error)
        XCTAssertTrue(error.contains("200×100") && error.contains("thumbnails.maxMegapixels") && error.contains("0.01"), error)
        XCTAssertTrue(image.renditions.isEmpty)
        XCTAssertEqual(site.processor().process(["big.png"]).images["big.png"]?.error, nil, "within the default limit")
    }

    // MARK: - Helpers

    private func size(_ rendition: ImageRendition?) -> [Int]? {
        rendition.map { [$0.width, $0.height] }
    }
}

/// A media folder and a cache folder in a temp directory.
private struct MediaSandbox {
    let root: URL
    var media: URL { root.appendingPathComponent("media") }
    var cache: URL { root.appendingPathComponent("cache") }

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("gen-media-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("media"), withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: root) }

    /// A generated image under media/ (format from the suffix).
    func image(_ path: String, _ width: Int, _ height: Int, seed: Int = 0) throws {
        let url = media.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? FileManager.default.removeItem(at: url)
        XCTAssertTrue(SampleImage.write(to: url, width: width, height: height, seed: seed), "could not write \(path)")
    }

    func processor(_ settings: SiteConfig.Thumbnails = SiteConfig.Thumbnails()) -> ImageProcessor {
        ImageProcessor(settings: settings, mediaDirectory: media, cacheDirectory: cache)
    }
}

extension GenMediaTests {
    /// The byte scan for control characters answers as Unicode's general category does.
    func testControlCharactersAreFoundAsUnicodeCategorizesThem() {
        for value in 0..<0x3000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "a" + String(Character(scalar)) + "é"
            XCTAssertEqual(containsControlCharacter(text), scalar.properties.generalCategory == .control, "U+\(String(value, radix: 16))")
        }
        XCTAssertNil(MediaLocator.mediaPath(for: "https://example.com/a\u{85}b.jpg"), "NEL (C2 85) is refused")
        XCTAssertEqual(MediaLocator.mediaPath(for: "https://example.com/caf\u{E9}.jpg"), "example.com/café.jpg")
    }
}
