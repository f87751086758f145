// swift-tools-version:5.9
// An example of using widgetctl from Swift: a widget written in SwiftUI syntax (as it sits in an
// iOS widget extension) that Linux CI renders and snapshot-tests through this repository's package.
import PackageDescription

let package = Package(
    name: "SwiftWidget",
    dependencies: [
        .package(name: "widgetctl", path: "../..")
    ],
    targets: [
        // The widget itself: the same file compiles in an iOS widget extension against SwiftUI.
        .target(name: "WeatherWidget", dependencies: [.product(name: "WidgetModel", package: "widgetctl")]),
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
