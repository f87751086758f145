// What a widget's view can read (`@Environment`) when it is drawn in one variant.
import Foundation

/// SwiftUI's `EdgeInsets`.
public struct EdgeInsets: Sendable, Hashable {
    public var top, leading, bottom, trailing: Double
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
    public init(all v: Double) { self.init(top: v, leading: v, bottom: v, trailing: v) }
    public static let zero = EdgeInsets()
    public var horizontal: Double { leading + trailing }
    public var vertical: Double { top + bottom }
}

/// The environment of one variant.
///
/// `appearance` names the look for the compositor (glass, vibrancy, StandBy at night); what a
/// widget's view can tell of it is the derived values (rendering mode, colour scheme, whether the
/// background shows, …). Resolving and laying out read only those, never `appearance` itself,
/// so two looks whose environments differ in `appearance` alone share one layout
/// (`SpecRenderer` relies on it; a test renders every look with and without the sharing).
public struct WidgetEnvironment: Sendable, Hashable {
    public var family: WidgetFamily
    public var renderingMode: WidgetRenderingMode
    public var colorScheme: ColorScheme
    public var showsWidgetContainerBackground: Bool
    public var widgetContentMargins: EdgeInsets
    public var displayScale: Double
    public var locale: Locale
    public var timeZone: TimeZone
    /// The timeline entry's date: "now" for date texts.
    public var date: Date
    public var dynamicTypeSize: DynamicTypeSize
    public var isLuminanceReduced: Bool
    public var appearance: Appearance
    /// The frame the widget is laid out in, points.
    public var size: Size
    /// Text size, locale and accessibility settings of the variant.
    public var settings: ViewerSettings
    /// Right to left for Arabic, Hebrew, … locales.
    public var layoutDirection: LayoutDirection
    public var accessibilityReduceTransparency: Bool
    public var colorSchemeContrast: ColorSchemeContrast

    public init(
        family: WidgetFamily, appearance: Appearance, size: Size, displayScale: Double,
        date: Date = Date(timeIntervalSince1970: 0), removableBackground: Bool = true,
        locale: Locale = Locale(identifier: "en_US"), timeZone: TimeZone = TimeZone(identifier: "UTC")!,
        dynamicTypeSize: DynamicTypeSize = .large, settings: ViewerSettings = .standard
    ) {
        self.family = family
        self.appearance = appearance
        self.size = size
        renderingMode = appearance.renderingMode
        colorScheme = appearance.colorScheme
        // A non-removable background is shown everywhere (environment docs).
        showsWidgetContainerBackground = appearance.showsContainerBackground || !removableBackground
        widgetContentMargins = family.isSystem ? EdgeInsets(all: Device.systemContentMargin) : .zero
        self.displayScale = displayScale
        self.date = date
        self.timeZone = timeZone
        self.settings = settings
        // The settings' text size and locale win over the defaults given.
        self.dynamicTypeSize = settings.dynamicTypeSize != .large ? settings.dynamicTypeSize : dynamicTypeSize
        self.locale = settings.locale.map { Locale(identifier: $0) } ?? locale
        layoutDirection = settings.layoutDirection
        accessibilityReduceTransparency = settings.reduceTransparency
        colorSchemeContrast = settings.colorSchemeContrast
        isLuminanceReduced = false
    }
}
