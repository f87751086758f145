// @Environment and the values a widget reads.
import Foundation

/// SwiftUI's `EnvironmentValues`, for what widgets read.
public struct EnvironmentValues: Sendable {
    public var widgetFamily: WidgetFamily = .systemSmall
    public var widgetRenderingMode: WidgetRenderingMode = .fullColor
    public var showsWidgetContainerBackground = true
    public var colorScheme: ColorScheme = .light
    public var widgetContentMargins = EdgeInsets(all: 16)
    public var displayScale: Double = 3
    public var locale = Locale(identifier: "en_US")
    public var timeZone = TimeZone(identifier: "UTC")!
    public var isLuminanceReduced = false
    public var dynamicTypeSize: DynamicTypeSize = .large
    public var layoutDirection: LayoutDirection = .leftToRight
    public var accessibilityReduceTransparency = false
    public var colorSchemeContrast: ColorSchemeContrast = .standard
    /// The timeline entry's date ("now" for date texts).
    public var date = Date(timeIntervalSince1970: 0)
    /// Why the content is redacted (`.placeholder` inside `redacted(reason: .placeholder)`).
    public var redactionReasons: RedactionReasons = []
    /// The font set by an enclosing `.font` modifier as the environment sees it (nil: the default).
    public var font: Font? = nil
    /// The widget's size in points (for `containerRelativeFrame`).
    var widgetSize = Size(170, 170)

    public init() {}

    public init(_ e: WidgetEnvironment) {
        widgetFamily = e.family
        widgetRenderingMode = e.renderingMode
        showsWidgetContainerBackground = e.showsWidgetContainerBackground
        colorScheme = e.colorScheme
        widgetContentMargins = e.widgetContentMargins
        displayScale = e.displayScale
        locale = e.locale
        timeZone = e.timeZone
        isLuminanceReduced = e.isLuminanceReduced
        dynamicTypeSize = e.dynamicTypeSize
        layoutDirection = e.layoutDirection
        accessibilityReduceTransparency = e.accessibilityReduceTransparency
        colorSchemeContrast = e.colorSchemeContrast
        date = e.date
        widgetSize = e.size
    }

    /// The values in force while a body is evaluated.
    @TaskLocal public static var current = EnvironmentValues()
}

/// SwiftUI's `@Environment(\.keyPath)`.
@propertyWrapper
public struct Environment<Value>: @unchecked Sendable {
    let keyPath: KeyPath<EnvironmentValues, Value>
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }
    public var wrappedValue: Value { EnvironmentValues.current[keyPath: keyPath] }
}
