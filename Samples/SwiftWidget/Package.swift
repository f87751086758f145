// swift-tools-version:5.9
// An example of using widgetctl from Swift: a widget written in SwiftUI syntax (as it sits in an
// iOS widget extension) that Linux CI renders and snapshot-tests through this repository's package.
import PackageDescription

let package = Package(
    name: "SwiftWidget",
    // Library products, so `swift package widgetctl …` (widgetctl's command plugin) can build them.
    products: [
        .library(name: "WeatherWidget", targets: ["WeatherWidget"]),
        .library(name: "RealWorldWidgets", targets: ["RealWorldWidgets"]),
        .library(name: "CheckFixtures", targets: ["CheckFixtures"]),
    ],
    dependencies: [
        .package(name: "widgetctl", path: "../..")
    ],
    targets: [
        // The widget itself: the same file compiles in an iOS widget extension against SwiftUI.
        // (With the header, depend on the SwiftUI and WidgetKit products too: `canImport(WidgetKit)`
        // sees every module in the build folder, so it is true once any target builds them.)
        .target(
            name: "WeatherWidget",
            dependencies: [
                .product(name: "WidgetModel", package: "widgetctl"), .product(name: "SwiftUI", package: "widgetctl"),
                .product(name: "WidgetKit", package: "widgetctl"),
            ]),
        // Widgets written here in the style of widget files in public repositories (App Intents,
        // SiriKit intents, previews, a @main bundle): they compile unchanged against SwiftUI too.
        // A widget extension's `@main` bundle in a library: its entry point is renamed so that it
        // does not clash with the `main` of an executable or test runner that links the library.
        // The newer files import SwiftUI, WidgetKit, AppIntents and Intents as they are, with no header:
        // widgetctl's modules of those names stand in for the frameworks on Linux.
        .target(
            name: "RealWorldWidgets",
            dependencies: [
                .product(name: "WidgetModel", package: "widgetctl"), .product(name: "SwiftUI", package: "widgetctl"),
                .product(name: "WidgetKit", package: "widgetctl"), .product(name: "AppIntents", package: "widgetctl"),
                .product(name: "Intents", package: "widgetctl"),
            ],
            swiftSettings: [.unsafeFlags(["-Xfrontend", "-entry-point-function-name", "-Xfrontend", "RealWorldWidgets_main"])]),
        // A widget with faults on purpose: `make test` runs `swift package widgetctl check` on it
        // and expects the findings at its Swift lines (Scripts/check-plugin.py).
        .target(
            name: "CheckFixtures",
            dependencies: [
                .product(name: "SwiftUI", package: "widgetctl"), .product(name: "WidgetKit", package: "widgetctl"),
            ]),
        .testTarget(
            name: "RealWorldWidgetsTests",
            dependencies: [
                "RealWorldWidgets",
                .product(name: "WidgetSnapshotTesting", package: "widgetctl"),
                .product(name: "WidgetCLI", package: "widgetctl"),
            ], exclude: ["__Snapshots__"]),
        // `swift run render-weather [widgetctl render options]`: renders it like `widgetctl render`.
        .executableTarget(
            name: "render-weather",
            dependencies: [
                "WeatherWidget", .product(name: "WidgetCLI", package: "widgetctl"),
            ]),
        .testTarget(
            name: "WeatherWidgetTests",
            dependencies: [
                "WeatherWidget",
                .product(name: "WidgetSnapshotTesting", package: "widgetctl"),
                .product(name: "WidgetRaster", package: "widgetctl"),
                .product(name: "WidgetTooling", package: "widgetctl"),
            ], exclude: ["__Snapshots__"]),
    ]
)
