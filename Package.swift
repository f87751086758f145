// swift-tools-version:5.9
// widgetctl: renders Apple widgets headless, the way iOS/macOS 26 draw them.
import CompilerPluginSupport
import PackageDescription

let package = Package(
    name: "widgetctl",
    products: [
        .library(name: "WidgetModel", targets: ["WidgetModel"]),
        .library(name: "WidgetRaster", targets: ["WidgetRaster"]),
        .library(name: "WidgetTooling", targets: ["WidgetTooling"]),
        .library(name: "WidgetSnapshotTesting", targets: ["WidgetSnapshotTesting"]),
        .library(name: "WidgetCLI", targets: ["WidgetCLI"]),
        .executable(name: "widgetctl", targets: ["widgetctl"]),
        // The DSL under the names widget files import (`import SwiftUI`, `import WidgetKit`,
        // `import AppIntents`, `import Intents`), so they compile on Linux without an import header.
        .library(name: "SwiftUI", targets: ["SwiftUI"]),
        .library(name: "WidgetKit", targets: ["WidgetKit"]),
        .library(name: "AppIntents", targets: ["AppIntents"]),
        .library(name: "Intents", targets: ["Intents"]),
        // `swift package widgetctl render|check|previews` over the widgets of a package.
        .plugin(name: "WidgetctlPlugin", targets: ["WidgetctlPlugin"]),
    ],
    targets: [
        // The C edges, as thin as possible. Every libpng/libjpeg call lives in C so that a
        // longjmp from either library never crosses a Swift frame.
        .target(name: "CPNG", linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("z")]),
        .target(name: "CJPEG", linkerSettings: [.linkedLibrary("jpeg")]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),

        // The stages, one job each, imports only downward:
        // Pure Swift: geometry, colour, the widget model, the spec (typed tree, resolver) and the
        // SwiftUI-compatible DSL, down to the resolved view tree. No pixels, no C.
        .target(name: "WidgetModel", dependencies: ["WidgetPreviewMacros"]),
        // The compiler plugin behind `#Preview` (Foundation only; the compiler runs it), and the C
        // edge that finds the previews' records in the linked program.
        .macro(name: "WidgetPreviewMacros"),
        .target(name: "CPreviewRecords"),
        .target(name: "SwiftUI", dependencies: ["WidgetModel"], path: "Sources/CompatSwiftUI"),
        .target(name: "WidgetKit", dependencies: ["WidgetModel"], path: "Sources/CompatWidgetKit"),
        .target(name: "AppIntents", dependencies: ["WidgetModel"], path: "Sources/CompatAppIntents"),
        .target(name: "Intents", dependencies: ["WidgetModel"], path: "Sources/CompatIntents"),
        .plugin(
            name: "WidgetctlPlugin",
            capability: .command(
                intent: .custom(verb: "widgetctl", description: "Render, check or preview the package's widgets with widgetctl"),
                permissions: [.writeToPackageDirectory(reason: "widgetctl writes renders and check reports into the package's folder")])),
        // Pixels: pixmap, flattening and strokes, coverage, paint, blending, canvas, filters, codecs.
        .target(name: "CKernels"),
        .target(name: "RasterCore", dependencies: ["WidgetModel", "CPNG", "CJPEG", "CKernels"]),
        // Text (fonts, shaping, line breaking), SwiftUI layout of the view tree, display lists.
        .target(name: "WidgetLayout", dependencies: ["WidgetModel", "RasterCore", "CFreeType", "CHarfBuzz"]),
        // The compositor core with Liquid Glass and wallpapers; a variant → pixels.
        .target(name: "WidgetRaster", dependencies: ["WidgetModel", "RasterCore", "WidgetLayout"]),
        // What users run on top: batches, manifests, contact sheets, galleries, verify/diff/merge,
        // check (rules and reports: text, JSON, SARIF, JUnit), previews and demo sheets.
        .target(
            name: "WidgetTooling",
            dependencies: ["WidgetModel", "RasterCore", "WidgetLayout", "WidgetRaster", "CPreviewRecords", "CKernels"]),
        // Snapshot assertions for XCTest and Swift Testing.
        .target(name: "WidgetSnapshotTesting", dependencies: ["WidgetModel", "WidgetRaster", "WidgetTooling"]),
        // The commands (argument parsing, progress, reports), a library so that Swift packages
        // can run `render` over their DSL widgets; and the thin executable around it.
        .target(name: "WidgetCLI", dependencies: ["WidgetModel", "WidgetRaster", "WidgetTooling"]),
        .target(name: "CAllocator"),
        .executableTarget(name: "widgetctl", dependencies: ["WidgetCLI", "CAllocator"]),
        // Benchmarks, run by `make bench` in release mode.
        .executableTarget(
            name: "widgetbench", dependencies: ["WidgetModel", "WidgetRaster", "WidgetTooling", "CAllocator"],
            path: "Benchmarks", exclude: ["skia_compare.py", "peer_compare.py"]),

        // Golden-image comparison shared by every test target.
        .target(name: "WidgetTestSupport", dependencies: ["WidgetRaster", "WidgetTooling"], path: "Tests/WidgetTestSupport"),
        .testTarget(name: "WidgetModelTests", dependencies: ["WidgetModel"], exclude: ["FuzzRegressions"]),
        .testTarget(
            name: "WidgetRasterTests",
            dependencies: [
                "RasterCore", "WidgetLayout", "WidgetRaster", "WidgetModel", "WidgetTooling", "WidgetTestSupport", "WidgetSnapshotTesting",
                "WidgetCLI",
            ],
            exclude: ["Goldens", "__Snapshots__", "Corpus"]),
    ]
)
