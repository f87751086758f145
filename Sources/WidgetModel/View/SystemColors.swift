// SwiftUI's named colours resolved per colour scheme, with Apple's published system colour
// values (UIKit's systemRed … systemGray, label and secondaryLabel; HIG "Color").

public enum SystemColors {
    /// Named colours: (light, dark).
    public static let named: [String: (RGBA, RGBA)] = [
        "red": (hex("#FF3B30"), hex("#FF453A")),
        "orange": (hex("#FF9500"), hex("#FF9F0A")),
        "yellow": (hex("#FFCC00"), hex("#FFD60A")),
        "green": (hex("#34C759"), hex("#30D158")),
        "mint": (hex("#00C7BE"), hex("#63E6E2")),
        "teal": (hex("#30B0C7"), hex("#40CBE0")),
        "cyan": (hex("#32ADE6"), hex("#64D2FF")),
        "blue": (hex("#007AFF"), hex("#0A84FF")),
        "indigo": (hex("#5856D6"), hex("#5E5CE6")),
        "purple": (hex("#AF52DE"), hex("#BF5AF2")),
        "pink": (hex("#FF2D55"), hex("#FF375F")),
        "brown": (hex("#A2845E"), hex("#AC8E68")),
        "gray": (hex("#8E8E93"), hex("#8E8E93")),
        "white": (.white, .white),
        "black": (.black, .black),
        "clear": (.clear, .clear),
        // Label colours: SwiftUI's .primary/.secondary/.tertiary/.quaternary foreground styles.
        "primary": (hex("#000000"), hex("#FFFFFF")),
        "secondary": (hex("#3C3C4399"), hex("#EBEBF599")),
        "tertiary": (hex("#3C3C434D"), hex("#EBEBF54D")),
        "quaternary": (hex("#3C3C432E"), hex("#EBEBF529")),
        // Separators and grouped backgrounds, for Divider and defaults.
        "separator": (hex("#3C3C434A"), hex("#545458A6")),
        "systemBackground": (hex("#FFFFFF"), hex("#000000")),
        "secondarySystemBackground": (hex("#F2F2F7"), hex("#1C1C1E")),
        // Fills (UIKit's systemFill … quaternarySystemFill: grey at 20/16/12/8% in light and
        // 36/32/24/18% in dark, Apple's published values): SwiftUI's .fill hierarchy.
        "systemFill": (hex("#78788033"), hex("#7878805C")),
        "secondarySystemFill": (hex("#78788029"), hex("#78788052")),
        "tertiarySystemFill": (hex("#7676801F"), hex("#7676803D")),
        "quaternarySystemFill": (hex("#74748014"), hex("#7676802E")),
    ]

    private static func hex(_ s: String) -> RGBA { RGBA(hex: s)! }

    /// The colour for `name` in `scheme`, or nil for an unknown name.
    public static func color(_ name: String, scheme: ColorScheme) -> RGBA? {
        guard let pair = named[name] ?? named[name.lowercased()] else { return nil }
        return scheme == .light ? pair.0 : pair.1
    }
}
