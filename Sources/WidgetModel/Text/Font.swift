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

/// Point size, weight and line height of each text style at every Dynamic Type size (Apple HIG,
/// Typography, "Dynamic Type sizes", iOS; the columns xSmall … xxxLarge and body's accessibility
/// sizes also agree with sizes read from the iOS Simulator (UIFont.preferredFont) that public
/// projects list; body 22 and footnote 18 at `.large` and body 16 at `.medium` were also measured
/// on iOS renders, issue 16). Widgets follow the user's size on iOS, iPadOS and visionOS.
public enum TextStyleTable {
    public struct Entry: Sendable, Hashable {
        public let size: Double
        public let weight: FontWeight
        /// Distance between baselines, points.
        public let lineHeight: Double
    }

    public static let sizes: [DynamicTypeSize: [TextStyle: Entry]] = [
        .xSmall: [
            .largeTitle: Entry(size: 31, weight: .regular, lineHeight: 38),
            .title: Entry(size: 25, weight: .regular, lineHeight: 31),
            .title2: Entry(size: 19, weight: .regular, lineHeight: 24),
            .title3: Entry(size: 17, weight: .regular, lineHeight: 22),
            .headline: Entry(size: 14, weight: .semibold, lineHeight: 19),
            .body: Entry(size: 14, weight: .regular, lineHeight: 19),
            .callout: Entry(size: 13, weight: .regular, lineHeight: 18),
            .subheadline: Entry(size: 12, weight: .regular, lineHeight: 16),
            .footnote: Entry(size: 12, weight: .regular, lineHeight: 16),
            .caption: Entry(size: 11, weight: .regular, lineHeight: 13),
            .caption2: Entry(size: 11, weight: .regular, lineHeight: 13),
        ],
        .small: [
            .largeTitle: Entry(size: 32, weight: .regular, lineHeight: 39),
            .title: Entry(size: 26, weight: .regular, lineHeight: 32),
            .title2: Entry(size: 20, weight: .regular, lineHeight: 25),
            .title3: Entry(size: 18, weight: .regular, lineHeight: 23),
            .headline: Entry(size: 15, weight: .semibold, lineHeight: 20),
            .body: Entry(size: 15, weight: .regular, lineHeight: 20),
            .callout: Entry(size: 14, weight: .regular, lineHeight: 19),
            .subheadline: Entry(size: 13, weight: .regular, lineHeight: 18),
            .footnote: Entry(size: 12, weight: .regular, lineHeight: 16),
            .caption: Entry(size: 11, weight: .regular, lineHeight: 13),
            .caption2: Entry(size: 11, weight: .regular, lineHeight: 13),
        ],
        .medium: [
            .largeTitle: Entry(size: 33, weight: .regular, lineHeight: 40),
            .title: Entry(size: 27, weight: .regular, lineHeight: 33),
            .title2: Entry(size: 21, weight: .regular, lineHeight: 26),
            .title3: Entry(size: 19, weight: .regular, lineHeight: 24),
            .headline: Entry(size: 16, weight: .semibold, lineHeight: 21),
            .body: Entry(size: 16, weight: .regular, lineHeight: 21),
            .callout: Entry(size: 15, weight: .regular, lineHeight: 20),
            .subheadline: Entry(size: 14, weight: .regular, lineHeight: 19),
            .footnote: Entry(size: 12, weight: .regular, lineHeight: 16),
            .caption: Entry(size: 11, weight: .regular, lineHeight: 13),
            .caption2: Entry(size: 11, weight: .regular, lineHeight: 13),
        ],
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
        ],
        .xLarge: [
            .largeTitle: Entry(size: 36, weight: .regular, lineHeight: 43),
            .title: Entry(size: 30, weight: .regular, lineHeight: 37),
            .title2: Entry(size: 24, weight: .regular, lineHeight: 30),
            .title3: Entry(size: 22, weight: .regular, lineHeight: 28),
            .headline: Entry(size: 19, weight: .semibold, lineHeight: 24),
            .body: Entry(size: 19, weight: .regular, lineHeight: 24),
            .callout: Entry(size: 18, weight: .regular, lineHeight: 23),
            .subheadline: Entry(size: 17, weight: .regular, lineHeight: 22),
            .footnote: Entry(size: 15, weight: .regular, lineHeight: 20),
            .caption: Entry(size: 14, weight: .regular, lineHeight: 19),
            .caption2: Entry(size: 13, weight: .regular, lineHeight: 18),
        ],
        .xxLarge: [
            .largeTitle: Entry(size: 38, weight: .regular, lineHeight: 46),
            .title: Entry(size: 32, weight: .regular, lineHeight: 39),
            .title2: Entry(size: 26, weight: .regular, lineHeight: 32),
            .title3: Entry(size: 24, weight: .regular, lineHeight: 30),
            .headline: Entry(size: 21, weight: .semibold, lineHeight: 26),
            .body: Entry(size: 21, weight: .regular, lineHeight: 26),
            .callout: Entry(size: 20, weight: .regular, lineHeight: 25),
            .subheadline: Entry(size: 19, weight: .regular, lineHeight: 24),
            .footnote: Entry(size: 17, weight: .regular, lineHeight: 22),
            .caption: Entry(size: 16, weight: .regular, lineHeight: 21),
            .caption2: Entry(size: 15, weight: .regular, lineHeight: 20),
        ],
        .xxxLarge: [
            .largeTitle: Entry(size: 40, weight: .regular, lineHeight: 48),
            .title: Entry(size: 34, weight: .regular, lineHeight: 41),
            .title2: Entry(size: 28, weight: .regular, lineHeight: 34),
            .title3: Entry(size: 26, weight: .regular, lineHeight: 32),
            .headline: Entry(size: 23, weight: .semibold, lineHeight: 29),
            .body: Entry(size: 23, weight: .regular, lineHeight: 29),
            .callout: Entry(size: 22, weight: .regular, lineHeight: 28),
            .subheadline: Entry(size: 21, weight: .regular, lineHeight: 28),
            .footnote: Entry(size: 19, weight: .regular, lineHeight: 24),
            .caption: Entry(size: 18, weight: .regular, lineHeight: 23),
            .caption2: Entry(size: 17, weight: .regular, lineHeight: 22),
        ],
        .accessibility1: [
            .largeTitle: Entry(size: 44, weight: .regular, lineHeight: 52),
            .title: Entry(size: 38, weight: .regular, lineHeight: 46),
            .title2: Entry(size: 34, weight: .regular, lineHeight: 41),
            .title3: Entry(size: 31, weight: .regular, lineHeight: 38),
            .headline: Entry(size: 28, weight: .semibold, lineHeight: 34),
            .body: Entry(size: 28, weight: .regular, lineHeight: 34),
            .callout: Entry(size: 26, weight: .regular, lineHeight: 32),
            .subheadline: Entry(size: 25, weight: .regular, lineHeight: 31),
            .footnote: Entry(size: 23, weight: .regular, lineHeight: 29),
            .caption: Entry(size: 22, weight: .regular, lineHeight: 28),
            .caption2: Entry(size: 20, weight: .regular, lineHeight: 25),
        ],
        .accessibility2: [
            .largeTitle: Entry(size: 48, weight: .regular, lineHeight: 57),
            .title: Entry(size: 43, weight: .regular, lineHeight: 51),
            .title2: Entry(size: 39, weight: .regular, lineHeight: 47),
            .title3: Entry(size: 37, weight: .regular, lineHeight: 44),
            .headline: Entry(size: 33, weight: .semibold, lineHeight: 40),
            .body: Entry(size: 33, weight: .regular, lineHeight: 40),
            .callout: Entry(size: 32, weight: .regular, lineHeight: 39),
            .subheadline: Entry(size: 30, weight: .regular, lineHeight: 37),
            .footnote: Entry(size: 27, weight: .regular, lineHeight: 33),
            .caption: Entry(size: 26, weight: .regular, lineHeight: 32),
            .caption2: Entry(size: 24, weight: .regular, lineHeight: 29),
        ],
        .accessibility3: [
            .largeTitle: Entry(size: 52, weight: .regular, lineHeight: 61),
            .title: Entry(size: 48, weight: .regular, lineHeight: 57),
            .title2: Entry(size: 44, weight: .regular, lineHeight: 52),
            .title3: Entry(size: 43, weight: .regular, lineHeight: 51),
            .headline: Entry(size: 40, weight: .semibold, lineHeight: 48),
            .body: Entry(size: 40, weight: .regular, lineHeight: 48),
            .callout: Entry(size: 38, weight: .regular, lineHeight: 46),
            .subheadline: Entry(size: 36, weight: .regular, lineHeight: 43),
            .footnote: Entry(size: 33, weight: .regular, lineHeight: 40),
            .caption: Entry(size: 32, weight: .regular, lineHeight: 39),
            .caption2: Entry(size: 29, weight: .regular, lineHeight: 35),
        ],
        .accessibility4: [
            .largeTitle: Entry(size: 56, weight: .regular, lineHeight: 66),
            .title: Entry(size: 53, weight: .regular, lineHeight: 62),
            .title2: Entry(size: 50, weight: .regular, lineHeight: 59),
            .title3: Entry(size: 49, weight: .regular, lineHeight: 58),
            .headline: Entry(size: 47, weight: .semibold, lineHeight: 56),
            .body: Entry(size: 47, weight: .regular, lineHeight: 56),
            .callout: Entry(size: 44, weight: .regular, lineHeight: 52),
            .subheadline: Entry(size: 42, weight: .regular, lineHeight: 50),
            .footnote: Entry(size: 38, weight: .regular, lineHeight: 46),
            .caption: Entry(size: 37, weight: .regular, lineHeight: 44),
            .caption2: Entry(size: 34, weight: .regular, lineHeight: 41),
        ],
        .accessibility5: [
            .largeTitle: Entry(size: 60, weight: .regular, lineHeight: 70),
            .title: Entry(size: 58, weight: .regular, lineHeight: 68),
            .title2: Entry(size: 56, weight: .regular, lineHeight: 66),
            .title3: Entry(size: 55, weight: .regular, lineHeight: 65),
            .headline: Entry(size: 53, weight: .semibold, lineHeight: 62),
            .body: Entry(size: 53, weight: .regular, lineHeight: 62),
            .callout: Entry(size: 51, weight: .regular, lineHeight: 60),
            .subheadline: Entry(size: 49, weight: .regular, lineHeight: 58),
            .footnote: Entry(size: 44, weight: .regular, lineHeight: 52),
            .caption: Entry(size: 43, weight: .regular, lineHeight: 51),
            .caption2: Entry(size: 40, weight: .regular, lineHeight: 48),
        ],
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
    /// The style's line height per point of size at its Dynamic Type size (nil: the font's own).
    public var lineHeightRatio: Double?

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
        var f = FontSpec(size: e.size, weight: e.weight, design: design, textStyle: style)
        f.lineHeightRatio = e.lineHeight / e.size
        return f
    }

    /// The same font at another Dynamic Type size: a text style takes that size's point size and
    /// line height (keeping weight, design, italic and digits); a fixed size stays as it is.
    public func atDynamicTypeSize(_ size: DynamicTypeSize) -> FontSpec {
        guard let textStyle else { return self }
        var f = FontSpec.style(textStyle, dynamicType: size, design: design)
        f.weight = weight
        f.italic = italic
        f.monospacedDigit = monospacedDigit
        return f
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
