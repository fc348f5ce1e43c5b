// swift-tools-version: 6.1
// gen: Firestore exports of a school-photography company → a static site per organization.
//
// Targets are pipeline stages with one-way dependencies:
//   GenModel ← GenLoad ← GenResolve ← GenCompute ← GenPlan ← GenRender / GenWrite ← GenBuild ← gen
//   GenMedia (images → thumbnails) depends only on GenModel and libvips.
//   GenTemplates (Templates/, embedded by the EmbedTemplates plugin) depends on nothing; GenRender reads it.
import PackageDescription

let package = Package(
    name: "gen",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "gen", targets: ["gen"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20")
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
        // Fixed-argument C wrappers for the variadic libvips calls Swift cannot make. libvips is loaded by the
        // shim when first needed, not linked (it brings a hundred libraries, 25 ms of every start).
        .target(name: "CVipsShim"),
        // Test-only: the shim's declarations of libvips checked against libvips' own headers.
        .target(name: "CVipsCheck", dependencies: ["CVips"]),
        // Stage 0: the domain (one model per file: User, School, TemplateField, ReportTemplate, DailyJobReport,
        // Critique), typed Firestore values, configuration and diagnostics, and the small helpers every stage
        // shares (digests, parallel loops, number formatting, the content folder's boundary).
        .target(name: "GenModel", dependencies: [.product(name: "Crypto", package: "swift-crypto")]),
        // Stage 1: read export files (all formats) and the content folder into typed models.
        .target(
            name: "GenLoad",
            dependencies: [
                "GenModel",
                .product(name: "Yams", package: "Yams"),
                .product(name: "Crypto", package: "swift-crypto")
            ]),
        // Stage 2: group by organization, resolve references, allocate safe path segments.
        .target(
            name: "GenResolve",
            dependencies: [
                "GenModel", "GenLoad",
                .product(name: "Crypto", package: "swift-crypto")
            ]),
        // Stage 3: pure computations: report forms (templates, smart fields, formulas, validation), mileage
        // routes and summaries, statistics.
        .target(name: "GenCompute", dependencies: ["GenModel", "GenResolve"]),
        // Stage 3 (compute): media — critique images to thumbnails (libvips) with a content-addressed cache.
        .target(
            name: "GenMedia",
            dependencies: [
                "GenModel", "CVipsShim",
                .product(name: "Crypto", package: "swift-crypto")
            ]),
        // Stage 4: which pages and data files exist, with the context each is rendered from.
        .target(name: "GenPlan", dependencies: ["GenModel", "GenResolve", "GenCompute", "GenMedia"]),
        // The built-in templates and assets: the top-level Templates/ folder embedded at build time (SwiftPM
        // resources must lie inside the target's folder; Templates/ stays where people edit it).
        .target(name: "GenTemplates", plugins: ["EmbedTemplates"]),
        // Build tool: writes the Swift source that declares the files of Templates/ (run by EmbedTemplates).
        .executableTarget(name: "gen-embed"),
        .plugin(name: "EmbedTemplates", capability: .buildTool(), dependencies: ["gen-embed"]),
        // Stage 5: turn planned outputs into bytes (Mustache templates, cmark-gfm, JSON, CSV).
        .target(
            name: "GenRender",
            dependencies: [
                "GenModel", "GenPlan", "GenTemplates", "CCmarkGFM",
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "Crypto", package: "swift-crypto")
            ]),
        // The atomic exchange of two folders (Linux's renameat2), for the swap of a finished build.
        .target(name: "CFileExchange"),
        // Stage 6: write an output tree atomically.
        .target(name: "GenWrite", dependencies: ["GenModel", "CFileExchange"]),
        // The pipeline: named steps from load to write, progress and summary.
        .target(
            name: "GenBuild",
            dependencies: [
                "GenModel", "GenLoad", "GenResolve", "GenCompute", "GenMedia", "GenPlan", "GenRender", "GenWrite"
            ]),
        // Synthetic exports for demos and benchmarks (streams; never holds all reports), and the bundled demo sample of
        // Content/ (Demo/: a port of Python's random and json, for its exact bytes; SHA-512 seeds its random streams).
        .target(name: "GenSample", dependencies: ["GenModel", .product(name: "Crypto", package: "swift-crypto")]),
        // gen allocates through jemalloc (apt: libjemalloc-dev), not glibc's malloc: a build makes and frees
        // millions of small objects on both cores, and glibc's arenas grew, trimmed and regrew their heaps
        // throughout. Measured: a cold build at 10,000 reports 10 % faster, at 100,000 14 % faster with a lower
        // peak (BENCHMARKS.md). Linked, so every library in the process allocates through it.
        .executableTarget(
            name: "gen",
            dependencies: [
                "GenBuild", "GenSample", "GenModel", "GenTemplates",
                .product(name: "ArgumentParser", package: "swift-argument-parser")
            ], linkerSettings: [.linkedLibrary("jemalloc", .when(platforms: [.linux]))]),
        // Dev-only: the libFuzzer targets over everything that parses input (scripts/fuzz); built normally, it
        // replays inputs through a target.
        .executableTarget(name: "gen-fuzz", dependencies: ["GenLoad", "GenCompute", "GenResolve", "GenModel"]),
        // Dev-only: GenMedia thumbnail throughput on a folder of images (scripts/bench-thumbnails).
        .executableTarget(name: "gen-bench-thumbnails", dependencies: ["GenMedia", "GenModel"]),
        // Dev-only: what one Mustache tag costs in swift-mustache, the floor under render time (scripts/bench-engine).
        .executableTarget(name: "gen-bench-engine", dependencies: [.product(name: "Mustache", package: "swift-mustache")]),
        .testTarget(
            name: "GenTests",
            dependencies: [
                "GenModel", "GenLoad", "GenResolve", "GenCompute", "GenPlan", "GenRender", "GenWrite", "GenBuild", "GenSample", "GenMedia",
                "GenTemplates", "CVipsCheck",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "Crypto", package: "swift-crypto")
            ], resources: [.copy("Fixtures")])
    ],
    swiftLanguageModes: [.v6]
)
