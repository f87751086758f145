// What `check` reports: rules with ids, severities and a sentence each, and findings that say what
// breaks, where (file, JSON path, line and column, family, appearance, entry) and how to fix it.
import RasterCore
import WidgetLayout
import WidgetModel
import WidgetRaster

public enum Severity: String, Sendable, Codable, Comparable, CaseIterable {
    case note, warning, error
    public static func < (a: Severity, b: Severity) -> Bool {
        let order: [Severity] = [.note, .warning, .error]
        return order.firstIndex(of: a)! < order.firstIndex(of: b)!
    }
}

/// A check rule.
public struct Rule: Sendable, Hashable {
    public let id: String
    public let name: String
    public let severity: Severity
    /// One sentence: what the rule looks for.
    public let summary: String
    /// Why it matters and how to fix it.
    public let help: String
}

/// One problem found.
public struct Finding: Sendable, Hashable {
    public var rule: String
    public var severity: Severity
    /// What breaks, and where, in words.
    public var message: String
    /// How to fix it.
    public var fix: String
    public var file: String
    /// The place is in a Swift file (a DSL widget), `file`, rather than in the widget's spec.
    public var isSwiftSource = false
    public var path: String
    public var line: Int
    public var column: Int
    public var family: WidgetFamily?
    public var appearance: Appearance?
    public var entry: Int?
    /// The measured value behind the finding, where there is one (the contrast ratio for WR004):
    /// the worst case of a text is the finding with the smallest measure.
    public var measure: Double?

    public init(
        rule: Rule, message: String, fix: String? = nil, file: String, source: SourceRef = SourceRef(),
        family: WidgetFamily? = nil, appearance: Appearance? = nil, entry: Int? = nil, severity: Severity? = nil,
        measure: Double? = nil
    ) {
        self.measure = measure
        self.rule = rule.id
        self.severity = severity ?? rule.severity
        self.message = message
        self.fix = fix ?? rule.help
        // A DSL view's place is in its Swift file, whatever widget it belongs to.
        self.file = source.isSwift ? source.file : file
        isSwiftSource = source.isSwift
        path = source.isSwift ? "" : source.path
        line = source.line
        column = source.column
        self.family = family
        self.appearance = appearance
        self.entry = entry
    }
}

/// The rules `check` knows.
public enum Rules {
    public static let noContainerBackground = Rule(
        id: "WR001", name: "missing-container-background", severity: .error,
        summary: "The widget has no containerBackground.",
        help:
            "Since iOS 17 such a widget shows only \"Please adopt containerBackground API\". Move the background into .containerBackground(for: .widget) { … } (\"containerBackground\" modifier in the spec)."
    )
    public static let notRemovable = Rule(
        id: "WR002", name: "background-not-removable", severity: .warning,
        summary: "containerBackgroundRemovable(false) keeps the widget out of StandBy and the iPad Lock Screen.",
        help: "Let the system remove the background (drop containerBackgroundRemovable(false)) and make the content legible without it.")
    public static let backgroundNotContainer = Rule(
        id: "WR003", name: "background-instead-of-container-background", severity: .warning,
        summary: "A full-size background is drawn with background instead of containerBackground.",
        help:
            "Only the container background is removed or replaced by glass; a full-size .background becomes a white slab in the Clear and Tinted looks. Use .containerBackground(for: .widget)."
    )
    public static let legibility = Rule(
        id: "WR004", name: "low-contrast-without-background", severity: .warning,
        summary:
            "Text falls under WCAG contrast (4.5:1, 3:1 for large text) when the background is replaced by glass, because of the widget's own choices (its opacity, a fill behind it, a small or light face), not only the wallpaper.",
        help:
            "In Clear and Tinted looks text is white over glass and the user's wallpaper. Keep key text in the primary style, at least 11 pt and regular weight, and off fills that stay when the background goes."
    )
    public static let sameGroupFill = Rule(
        id: "WR005", name: "text-on-same-group-fill", severity: .warning,
        summary: "Text sits on an opaque fill of the same accent group, so both turn white in accented mode.",
        help:
            "Give the fill a low opacity, put the text in the other group (widgetAccentable), or punch the text out of the fill (destinationOut)."
    )
    public static let whiteSlab = Rule(
        id: "WR006", name: "opaque-shape-becomes-slab", severity: .warning,
        summary: "A large opaque shape becomes a white slab in accented mode.",
        help:
            "Large fills lose their colour and turn into solid white. Use a translucent fill, a thinner outline, or hide the shape when widgetRenderingMode is accented."
    )
    public static let imageSilhouette = Rule(
        id: "WR007", name: "image-without-accented-mode", severity: .warning,
        summary: "An image has no widgetAccentedRenderingMode and is flattened into a silhouette in accented mode.",
        help:
            "Add .widgetAccentedRenderingMode(.desaturated) (or .accentedDesaturated) to photos and artwork; keep .fullColor for small media such as album art."
    )
    public static let accentBalance = Rule(
        id: "WR008", name: "accent-balance", severity: .note,
        summary: "Nothing, or everything, is accentable.",
        help:
            "Mark the one or two key elements (the temperature, the next event) with .widgetAccentable(): when everything is tinted nothing stands out, and when nothing is, the widget looks flat."
    )
    public static let largeFullColorImage = Rule(
        id: "WR009", name: "large-full-color-image", severity: .warning,
        summary: "A full-colour image covers more than half the widget in accented mode.",
        help:
            "Apple reserves .fullColor for media drawn smaller than the widget; large full-colour areas clash with the Clear and Tinted looks. Use .accentedDesaturated, or draw the image smaller."
    )
    public static let clipped = Rule(
        id: "WR010", name: "content-clipped", severity: .warning,
        summary: "Content is cut by the widget's corners, lies outside the widget, or crosses the content margins.",
        help:
            "Keep content inside the content margins (16 pt) so the rounded corners never cut it, or use ContainerRelativeShape for shapes that follow the corners."
    )
    public static let truncated = Rule(
        id: "WR011", name: "text-truncated", severity: .warning,
        summary: "Text is truncated in some family or entry.",
        help: "Shorten the text, allow more lines (lineLimit), let it shrink (minimumScaleFactor), or give it more room.")
    public static let glassMisuse = Rule(
        id: "WR012", name: "glass-inside-widget", severity: .warning,
        summary:
            "glassEffect is used inside the widget: glass on glass, regular and clear glass mixed, or glass shapes close together outside one GlassEffectContainer.",
        help:
            "On the home screen the system already draws the widget as glass; glass on glass muddies it. Use one glass variant at most, and prefer plain translucent fills inside widgets."
    )
    public static let hueOnly = Rule(
        id: "WR013", name: "information-only-in-hue", severity: .warning,
        summary: "A Lock Screen widget tells things apart only by hue, which vibrant rendering removes.",
        help: "Vibrant rendering keeps only brightness. Differentiate by brightness, shape, position or text, not by colour alone.")
    public static let timeline = Rule(
        id: "WR014", name: "timeline", severity: .warning,
        summary:
            "Timeline entries out of date order, duplicate dates, an `after` date before the last entry, or data a view uses but an entry lacks.",
        help:
            "Sort entries by date, give each a distinct date, set the reload date after the last entry, and give every entry every key its views read."
    )
    public static let unknownSymbol = Rule(
        id: "WR015", name: "unknown-symbol", severity: .warning,
        summary: "An SF Symbol name has no open stand-in, so widgetctl draws a placeholder.",
        help: "Check the symbol's name; widgetctl maps common SF Symbols onto an open icon set ('widgetctl symbols' lists them).")

    public static let tintedGlass = Rule(
        id: "WR018", name: "tinted-glass-overuse", severity: .warning,
        summary: "More than one glass element is tinted.",
        help:
            "Tint only the primary action (Apple's Liquid Glass guidance): when every element is tinted, nothing stands out. Keep one .glassProminent or tinted glass, the rest regular."
    )
    public static let concentric = Rule(
        id: "WR019", name: "non-concentric-corners", severity: .warning,
        summary:
            "A rounded rectangle nested in the widget (or in another rounded shape) has a corner that is not concentric with its container's.",
        help:
            "Nested corners look right when the inner radius is the outer radius minus the padding between them. Use ContainerRelativeShape, or that computed radius."
    )
    public static let underGlass = Rule(
        id: "WR020", name: "content-under-glass", severity: .warning,
        summary: "Content sits partly under a glass element (a steady-state intersection).",
        help:
            "Glass floats above content; content that runs half under it reads as a mistake. Move it clear of the glass, or make it the glass's own label."
    )
    public static let glassRows = Rule(
        id: "WR021", name: "glass-on-content-rows", severity: .warning,
        summary: "Three or more rows of a stack each carry glass.",
        help:
            "Glass belongs to controls and floating elements, not to content rows; a list of glass rows is glass on glass to the eye. Use plain fills for rows and keep glass for the actions."
    )
    public static let dynamicType = Rule(
        id: "WR016", name: "breaks-at-larger-text", severity: .warning,
        summary:
            "Text that fits at the default size (Large) is cut at a larger Dynamic Type size; the message names the first size that cuts it (a warning up to xxxLarge, a note at the accessibility sizes).",
        help:
            "Widgets follow the user's text size. Let the text wrap (lineLimit(2)), shrink (minimumScaleFactor(0.7)), drop secondary lines at large sizes (@Environment(\\.dynamicTypeSize)), or cap the range with .dynamicTypeSize(...DynamicTypeSize.xxxLarge)."
    )
    public static let fixedDirection = Rule(
        id: "WR017", name: "assumes-left-to-right", severity: .warning,
        summary:
            "A symbol that points left or right is used where a forward/backward one exists; it does not flip in right-to-left languages (Arabic, Hebrew), so it points the wrong way there.",
        help:
            "Use the directional name (chevron.forward, arrow.backward): SwiftUI flips those in right-to-left layouts. Keep left/right only for real directions (a map, a swipe)."
    )

    /// Not a rule about the widget: the spec could not be read (reported so that a SARIF or JSON
    /// consumer sees the error instead of an empty log).
    public static let invalidSpec = Rule(
        id: "WR000", name: "invalid-spec", severity: .error,
        summary: "The spec cannot be read: invalid JSON, an unknown key or type, or a value out of range.",
        help: "Fix the spec at the place the message names (docs/SPEC.md lists every key and value).")

    public static let all: [Rule] = [
        invalidSpec, noContainerBackground, notRemovable, backgroundNotContainer, legibility, sameGroupFill,
        whiteSlab, imageSilhouette, accentBalance, largeFullColorImage, clipped, truncated,
        glassMisuse, hueOnly, timeline, unknownSymbol, dynamicType, fixedDirection, tintedGlass, concentric, underGlass, glassRows,
    ]

    public static func rule(_ id: String) -> Rule? { all.first { $0.id == id } }
}
