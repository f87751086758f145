// The names the spec format knows: node types with their keys, and modifiers. Used to validate a
// spec before anything is rendered and to suggest corrections for misspellings.

public enum SpecSchema {
    /// Top-level keys of a widget document.
    public static let topLevelKeys = [
        "$schema", "kind", "displayName", "description", "supportedFamilies",
        "containerBackgroundRemovable", "contentMarginsDisabled", "timeline", "assets", "widgetTexture", "supportedMountingStyles",
        "body", "timeZone", "locale",
    ]

    /// Node types and the keys each accepts (besides "type" and "modifiers").
    public static let nodeKeys: [String: [String]] = [
        "VStack": ["alignment", "spacing", "children"],
        "HStack": ["alignment", "spacing", "children"],
        "ZStack": ["alignment", "children"],
        "Text": ["text", "date", "style", "to"],
        "Image": ["systemName", "asset", "file", "resizable", "contentMode"],
        "Color": ["color"],
        "LinearGradient": ["colors", "stops", "startPoint", "endPoint"],
        "RadialGradient": ["colors", "stops", "center", "startRadius", "endRadius"],
        "AngularGradient": ["colors", "stops", "center", "startAngle", "endAngle"],
        "Rectangle": [],
        "RoundedRectangle": ["cornerRadius", "style"],
        "Capsule": ["style"],
        "Circle": [],
        "Ellipse": [],
        "Path": ["data", "fit"],
        "ContainerRelativeShape": [],
        "Spacer": ["minLength"],
        "Divider": [],
        "Gauge": ["value", "min", "max", "in", "style", "label", "tint"],
        "ProgressView": ["value", "total", "style", "label", "tint"],
        "AccessoryWidgetBackground": [],
        "If": ["condition", "then", "else"],
        "Switch": ["on", "cases", "default"],
        "ForEach": ["in", "content", "limit"],
        "EmptyView": [],
    ]

    public static let nodeTypes: [String] = nodeKeys.keys.sorted()

    /// Modifier names.
    public static let modifiers: [String] = [
        "padding", "frame", "font", "fontWeight", "bold", "italic", "foregroundStyle", "foregroundColor", "tint",
        "fill", "stroke", "strokeBorder", "trim", "rotationEffect", "background", "overlay", "clipShape", "cornerRadius",
        "opacity", "shadow", "offset", "lineLimit", "multilineTextAlignment", "minimumScaleFactor", "monospacedDigit",
        "truncationMode", "tracking", "kerning", "lineSpacing", "contentTransition", "widgetAccentable",
        "widgetAccentedRenderingMode", "luminanceToAlpha", "privacySensitive", "redacted", "containerBackground",
        "glassEffect", "invalidatableContent", "fixedSize", "layoutPriority", "aspectRatio", "resizable", "dynamicTypeSize",
        "glassEffectContainer", "glassEffectUnion", "buttonStyle", "glassEffectID",
        "glassEffectTransition", "backgroundExtensionEffect",
    ].sorted()

    /// What `If`, `Switch` may test.
    public static let environmentKeys = EnvironmentKey.allCases.map(\.rawValue)
}
