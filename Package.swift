// swift-tools-version:5.9
// widgetctl: renders Apple widgets headless, the way iOS/macOS 26 draw them.
import PackageDescription

let package = Package(
    name: "widgetctl",
    products: [
        .library(name: "WidgetModel", targets: ["WidgetModel"]),
        .library(name: "WidgetRaster", targets: ["WidgetRaster"]),
        .library(name: "WidgetSnapshotTesting", targets: ["WidgetSnapshotTesting"]),
        .library(name: "WidgetCLI", targets: ["WidgetCLI"]),
        .executable(name: "widgetctl", targets: ["widgetctl"]),
    ],
    targets: [
        // The C edges, as thin as possible. Every libpng/libjpeg call lives in C so that a
        // longjmp from either library never crosses a Swift frame.
        .target(name: "CPNG", linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("z")]),
        .target(name: "CJPEG", linkerSettings: [.linkedLibrary("jpeg")]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),

        // Pure Swift: geometry, colour, (later) the widget model, spec and DSL. No pixels, no C.
        .target(name: "WidgetModel"),
        // Pixels: raster core, compositor, codecs.
        .target(name: "WidgetRaster", dependencies: ["WidgetModel", "CPNG", "CJPEG", "CFreeType", "CHarfBuzz"]),
        // Snapshot assertions for XCTest and Swift Testing.
        .target(name: "WidgetSnapshotTesting", dependencies: ["WidgetModel", "WidgetRaster"]),
        // The commands (argument parsing, progress, reports), a library so that Swift packages
        // can run `render` over their DSL widgets; and the thin executable around it.
        .target(name: "WidgetCLI", dependencies: ["WidgetModel", "WidgetRaster"]),
        .executableTarget(name: "widgetctl", dependencies: ["WidgetCLI"]),
        // Benchmarks, run by `make bench` in release mode.
        .executableTarget(name: "widgetbench", dependencies: ["WidgetModel", "WidgetRaster"],
                          path: "Benchmarks", exclude: ["skia_compare.py"]),

        // Golden-image comparison shared by every test target.
        .target(name: "WidgetTestSupport", dependencies: ["WidgetRaster"], path: "Tests/WidgetTestSupport"),
        .testTarget(name: "WidgetModelTests", dependencies: ["WidgetModel"], exclude: ["FuzzRegressions"]),
        .testTarget(name: "WidgetRasterTests", dependencies: ["WidgetRaster", "WidgetModel", "WidgetTestSupport", "WidgetSnapshotTesting", "WidgetCLI"],
                    exclude: ["Goldens", "__Snapshots__", "Corpus"]),
    ]
)
