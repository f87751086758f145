// Fonts as SwiftUI describes them: a text style or an explicit size, a weight, a design, and
// the few variants widgets use. Pure data; WidgetRaster maps it onto installed faces.

/// SwiftUI's `Font.Weight`, with the usual numeric weights (100...900).
public enum FontWeight: String, Sendable, Hashable, CaseIterable, Comparable {
    case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

    /// The CSS/OpenType weight class.
    public var value: Int {
        switch self {
        case .ultraLight: return 100
        case .thin: return 200
        case .light: return 300
        case .regular: return 400
        case .medium: return 500
        case .semibold: return 600
        case .bold: return 700
        case .heavy: return 800
        case .black: return 900
        }
    }
    public static func < (a: FontWeight, b: FontWeight) -> Bool { a.value < b.value }
}

/// SwiftUI's `Font.Design`.
public enum FontDesign: String, Sendable, Hashable, CaseIterable {
    case `default`, rounded, serif, monospaced
}

/// SwiftUI's `Font.TextStyle`.
public enum TextStyle: String, Sendable, Hashable, CaseIterable {
    case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2
}

/// The Dynamic Type sizes. Widgets follow the user's size on iOS, iPadOS and visionOS.
public enum DynamicTypeSize: String, Sendable, Hashable, CaseIterable, Comparable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5

    /// Ordered from smallest to largest, as SwiftUI's (`size < .xLarge`).
    public static func < (a: DynamicTypeSize, b: DynamicTypeSize) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
    /// The five accessibility sizes.
    public var isAccessibilitySize: Bool { self >= .accessibility1 }
}

/// Point size, weight and line height of each text style, per Dynamic Type size. Kept as data so
/// more sizes can be added without touching code; today it holds iOS's default size, `.large`
/// (Apple HIG, Typography, "Dynamic Type sizes": size/line height largeTitle 34/41, title 28/34,
/// title2 22/28, title3 20/25, headline 17/22 semibold, body 17/22, callout 16/21,
/// subheadline 15/20, footnote 13/18, caption 12/16, caption2 11/13; body 22 and footnote 18
/// also measured on iOS renders, issue 16).
public enum TextStyleTable {
    public struct Entry: Sendable, Hashable {
        public let size: Double
        public let weight: FontWeight
        /// Distance between baselines, points.
        public let lineHeight: Double
    }

    public static let sizes: [DynamicTypeSize: [TextStyle: Entry]] = [
        .large: [
            .largeTitle: Entry(size: 34, weight: .regular, lineHeight: 41),
            .title: Entry(size: 28, weight: .regular, lineHeight: 34),
            .title2: Entry(size: 22, weight: .regular, lineHeight: 28),
            .title3: Entry(size: 20, weight: .regular, lineHeight: 25),
            .headline: Entry(size: 17, weight: .semibold, lineHeight: 22),
            .body: Entry(size: 17, weight: .regular, lineHeight: 22),
            .callout: Entry(size: 16, weight: .regular, lineHeight: 21),
            .subheadline: Entry(size: 15, weight: .regular, lineHeight: 20),
            .footnote: Entry(size: 13, weight: .regular, lineHeight: 18),
            .caption: Entry(size: 12, weight: .regular, lineHeight: 16),
            .caption2: Entry(size: 11, weight: .regular, lineHeight: 13),
        ]
    ]

    /// The entry for a style at a Dynamic Type size, falling back to `.large` where the table has
    /// no row for that size yet.
    public static func entry(_ style: TextStyle, size: DynamicTypeSize = .large) -> Entry {
        (sizes[size] ?? sizes[.large]!)[style]!
    }
}

/// A font request: SwiftUI's `Font` resolved to numbers.
public struct FontSpec: Sendable, Hashable, CustomStringConvertible {
    /// Point size.
    public var size: Double
    public var weight: FontWeight
    public var design: FontDesign
    public var italic: Bool
    /// Tabular (fixed-width) figures: SwiftUI's `monospacedDigit()`.
    public var monospacedDigit: Bool
    /// The style it came from, if any (kept for Dynamic Type and for `check`).
    public var textStyle: TextStyle?

    public init(
        size: Double, weight: FontWeight = .regular, design: FontDesign = .default,
        italic: Bool = false, monospacedDigit: Bool = false, textStyle: TextStyle? = nil
    ) {
        self.size = size
        self.weight = weight
        self.design = design
        self.italic = italic
        self.monospacedDigit = monospacedDigit
        self.textStyle = textStyle
    }

    /// A text style at a Dynamic Type size.
    public static func style(_ style: TextStyle, dynamicType: DynamicTypeSize = .large, design: FontDesign = .default) -> FontSpec {
        let e = TextStyleTable.entry(style, size: dynamicType)
        return FontSpec(size: e.size, weight: e.weight, design: design, textStyle: style)
    }

    /// SwiftUI's default font for `Text`: `.body`.
    public static let body = FontSpec.style(.body)

    public func weight(_ w: FontWeight) -> FontSpec {
        var f = self
        f.weight = w
        return f
    }
    public func bold() -> FontSpec { weight(.bold) }
    public func italicized() -> FontSpec {
        var f = self
        f.italic = true
        return f
    }
    public func withMonospacedDigit() -> FontSpec {
        var f = self
        f.monospacedDigit = true
        return f
    }
    public func scaled(by k: Double) -> FontSpec {
        var f = self
        f.size *= k
        return f
    }

    public var description: String {
        "\(textStyle.map { "\($0) " } ?? "")\(size) pt \(weight)\(design == .default ? "" : " \(design)")\(italic ? " italic" : "")"
    }
}

/// SwiftUI's `TextAlignment` (for `multilineTextAlignment`).
public enum TextAlignment: String, Sendable, Hashable, CaseIterable { case leading, center, trailing }

/// Where an ellipsis replaces text that does not fit: SwiftUI's `Text.TruncationMode`.
public enum TruncationMode: String, Sendable, Hashable, CaseIterable { case head, middle, tail }
