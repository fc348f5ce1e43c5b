// Dev-only: times GenMedia's ImageProcessor on every image in a folder (default settings),
// for scripts/bench-thumbnails. Not part of the gen CLI.
//
//   gen-bench-thumbnails <media folder> <cache folder>
import Foundation
import GenMedia
import GenModel

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: gen-bench-thumbnails <media folder> <cache folder>\n".utf8))
    exit(2)
}
let media = URL(fileURLWithPath: arguments[1], isDirectory: true)
let cache = URL(fileURLWithPath: arguments[2], isDirectory: true)
let names = ((try? FileManager.default.contentsOfDirectory(atPath: media.path)) ?? [])
    .filter { !$0.hasPrefix(".") }.sorted()
guard !names.isEmpty else {
    FileHandle.standardError.write(Data("no images in \(media.path)\n".utf8))
    exit(2)
}

let processor = ImageProcessor(settings: SiteConfig.Thumbnails(), mediaDirectory: media, cacheDirectory: cache)
let start = Date()
let batch = processor.process(names)
let seconds = Date().timeIntervalSince(start)
let failed = batch.images.values.filter { $0.error != nil }
for image in failed.prefix(5) { print("failed: \(image.mediaPath): \(image.error ?? "")") }
print(
    String(
        format: "gen: %d images (%d processed, %d reused, %d failed) in %.2f s = %.2f images/s",
        names.count, batch.processed, batch.reused, failed.count, seconds, Double(names.count) / seconds))
