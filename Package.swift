// swift-tools-version: 6.1
// gen: Firestore exports of a school-photography company → a static site per organization.
//
// Targets are pipeline stages with one-way dependencies:
//   GenModel ← GenLoad ← GenResolve ← GenCompute ← GenPlan ← GenRender / GenWrite ← GenBuild ← gen
//   GenServe (`gen serve`: the preview server, the one target on SwiftNIO) sits between GenBuild and gen.
//   GenSupport (digests, parallel loops, formatting; no domain) lies under GenModel and every stage.
//   GenMedia (images → thumbnails) depends only on GenModel, GenSupport and libvips.
//   GenTemplates (Templates/, embedded by the EmbedTemplates plugin) and MustacheEngine (gen's template engine)
//   depend on nothing; GenRender uses both.
import PackageDescription

let package = Package(
    name: "gen",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "gen", targets: ["gen"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.3")
    ],
    targets: [
        // System library: GitHub-flavoured Markdown (apt: libcmark-gfm-dev, libcmark-gfm-extensions-dev).
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        // System library: libvips image processing (apt: libvips-dev). vips.pc lists -pthread,
        // which SwiftPM reports as a prohibited flag on every build: harmless.
        .systemLibrary(
            name: "CVips",
            pkgConfig: "vips",
            providers: [.apt(["libvips-dev"])]
        ),
        // System library: deflate and CRC-32 for the monthly archives (apt: libdeflate-dev): zlib's deflate at the
        // same level in about half the time, and no process-wide state, so archives are made on every core.
        .systemLibrary(
            name: "CDeflate",
            pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"])]
        ),
        // Fixed-argument C wrappers for the variadic libvips calls Swift cannot make. libvips is loaded by the
        // shim when first needed, not linked (it brings a hundred libraries, 25 ms of every start).
        .target(name: "CVipsShim"),
        // Test-only: the shim's declarations of libvips checked against libvips' own headers.
        .target(name: "CVipsCheck", dependencies: ["CVips"]),
        // The helpers every stage shares, no domain: content digests (SHA-256), parallel loops and background
        // threads, memos, number formatting, trimming, log-safe text, the content folder's boundary.
        .target(name: "GenSupport", dependencies: [.product(name: "Crypto", package: "swift-crypto")]),
        // Stage 0: the domain (one model per file: User, School, TemplateField, ReportTemplate, DailyJobReport,
        // Critique), typed Firestore values and ids, configuration and diagnostics.
        .target(name: "GenModel", dependencies: ["GenSupport"]),
        // Stage 1: read the content folder (site.yml, pages, export files in every format) into typed models,
        // each document with its digest.
        .target(
            name: "GenLoad",
            dependencies: [
                "GenModel", "GenSupport",
                .product(name: "Yams", package: "Yams")
            ]),
        // Stage 2: group by organization, resolve references, allocate safe path segments.
        .target(
            name: "GenResolve",
            dependencies: [
                "GenModel", "GenSupport", "GenLoad",
                .product(name: "Crypto", package: "swift-crypto")
            ]),
        // Stage 3: pure computations: report forms (templates, smart fields, formulas, validation), mileage
        // routes and summaries, statistics.
        .target(name: "GenCompute", dependencies: ["GenModel", "GenSupport", "GenResolve"]),
        // Stage 3 (compute): media — critique images and report attachments to thumbnails (libvips) with a
        // content-addressed cache.
        .target(
            name: "GenMedia",
            dependencies: [
                "GenModel", "GenSupport", "CVipsShim",
                .product(name: "Crypto", package: "swift-crypto")
            ]),
        // Stage 4: which pages and data files exist, with the context each is rendered from (the views rendered
        // most give the template engine's values directly).
        .target(name: "GenPlan", dependencies: ["GenModel", "GenSupport", "GenResolve", "GenCompute", "GenMedia", "MustacheEngine"]),
        // gen's own Mustache engine: templates compiled once, rendered against a closed value type, held to the
        // official specification (Tests/GenTests/Fixtures/mustache-spec). Depends on nothing of gen.
        .target(name: "MustacheEngine"),
        // The built-in templates and assets: the top-level Templates/ folder embedded at build time (SwiftPM
        // resources must lie inside the target's folder; Templates/ stays where people edit it).
        .target(name: "GenTemplates", plugins: ["EmbedTemplates"]),
        // Build tool: writes the Swift source that declares the files of Templates/ (run by EmbedTemplates).
        .executableTarget(name: "gen-embed"),
        .plugin(name: "EmbedTemplates", capability: .buildTool(), dependencies: ["gen-embed"]),
        // Stage 5: turn planned outputs into bytes (Mustache templates, cmark-gfm, JSON, CSV, zips).
        .target(
            name: "GenRender",
            dependencies: [
                "GenModel", "GenSupport", "GenPlan", "GenTemplates", "CCmarkGFM",
                "MustacheEngine", "CDeflate",
                .product(name: "Crypto", package: "swift-crypto")
            ]),
        // The atomic exchange of two folders (Linux's renameat2), for the swap of a finished build.
        .target(name: "CFileExchange"),
        // Stage 6: the output folder: what gen may replace, the build lock, an output tree written atomically.
        .target(name: "GenWrite", dependencies: ["GenSupport", "CFileExchange"]),
        // The pipeline: named steps from claiming the output to the swap, progress and summary; the
        // incremental build's manifest and input keys.
        .target(
            name: "GenBuild",
            dependencies: [
                "GenModel", "GenSupport", "GenLoad", "GenResolve", "GenCompute", "GenMedia", "GenPlan", "GenRender", "GenWrite",
                .product(name: "Crypto", package: "swift-crypto")
            ]),
        // `gen serve`: the live preview. SwiftNIO's HTTP/1 server (the lighter choice than Hummingbird, which
        // brings a dozen more packages) serves the output of in-process builds; only this module and the
        // executable link NIO, the pipeline stages do not.
        .target(
            name: "GenServe",
            dependencies: [
                "GenBuild", "GenModel", "GenSupport", "GenWrite",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio")
            ]),
        // Synthetic content folders for demos and benchmarks (streamed, never holding all reports). The bundled
        // Content/ is a committed fixture, edited as data.
        .target(name: "GenSample", dependencies: ["GenModel", "GenSupport", .product(name: "Crypto", package: "swift-crypto")]),
        // gen allocates through jemalloc (apt: libjemalloc-dev), not glibc's malloc: a build makes and frees
        // millions of small objects on both cores, and glibc's arenas grew, trimmed and regrew their heaps
        // throughout (BENCHMARKS.md has the measurement). Linked, so every library in the process allocates
        // through it.
        .executableTarget(
            name: "gen",
            dependencies: [
                "GenBuild", "GenSample", "GenModel", "GenSupport", "GenTemplates", "GenServe",
                .product(name: "ArgumentParser", package: "swift-argument-parser")
            ], linkerSettings: [.linkedLibrary("jemalloc", .when(platforms: [.linux]))]),
        // Dev-only: the libFuzzer targets over everything that parses input (scripts/fuzz); built normally, it
        // replays inputs through a target.
        .executableTarget(name: "gen-fuzz", dependencies: ["GenLoad", "GenCompute", "GenResolve", "GenModel", "MustacheEngine"]),
        // Dev-only: GenMedia thumbnail throughput on a folder of images (scripts/bench-thumbnails).
        .executableTarget(name: "gen-bench-thumbnails", dependencies: ["GenMedia", "GenModel"]),
        // Dev-only: what rendering real page values costs per page on 1 and 2 threads, beside a runtime cast
        // (scripts/bench-engine). It allocates through jemalloc, as gen does.
        .executableTarget(
            name: "gen-bench-engine", dependencies: ["MustacheEngine", "GenTemplates"],
            linkerSettings: [.linkedLibrary("jemalloc", .when(platforms: [.linux]))]),
        .testTarget(
            name: "GenTests",
            dependencies: [
                "GenModel", "GenSupport", "GenLoad", "GenResolve", "GenCompute", "GenPlan", "GenRender", "GenWrite", "GenBuild", "GenSample",
                "GenMedia", "GenTemplates", "CVipsCheck", "MustacheEngine", "GenServe",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "Crypto", package: "swift-crypto")
            ], resources: [.copy("Fixtures")])
    ],
    swiftLanguageModes: [.v6]
)
