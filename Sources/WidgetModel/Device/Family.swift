// Widget families and where they appear (docs/WIDGETKIT-FACTS.md §1.1).

/// WidgetKit's `WidgetFamily`.
public enum WidgetFamily: String, Sendable, Hashable, CaseIterable, Codable {
    case systemSmall, systemMedium, systemLarge, systemExtraLarge, systemExtraLargePortrait
    case accessoryCircular, accessoryRectangular, accessoryInline, accessoryCorner

    /// Home-screen families (drawn in full colour or accented over glass).
    public var isSystem: Bool { rawValue.hasPrefix("system") }
    /// Lock Screen / watch families (vibrant or accented).
    public var isAccessory: Bool { !isSystem }

    /// Rendering modes the family supports (Apple's per-family table, PREP): system families and
    /// accessoryRectangular support all three; the other accessory families accented and vibrant.
    public var supportedRenderingModes: [WidgetRenderingMode] {
        switch self {
        case .accessoryCircular, .accessoryInline, .accessoryCorner: return [.accented, .vibrant]
        default: return [.fullColor, .accented, .vibrant]
        }
    }
}

/// WidgetKit's `WidgetRenderingMode`.
public enum WidgetRenderingMode: String, Sendable, Hashable, CaseIterable, Codable {
    case fullColor, accented, vibrant
}

/// SwiftUI's `ColorScheme`.
public enum ColorScheme: String, Sendable, Hashable, CaseIterable, Codable { case light, dark }
