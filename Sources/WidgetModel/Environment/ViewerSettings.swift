// The settings of the person looking at a widget that cross every appearance: text size, language
// and region, and the accessibility display settings that change glass. A variant is entry ×
// family × appearance × these settings; the standard settings (Large text, the widget's own locale,
// no accessibility setting) leave a variant's path and pixels as they were.
import Foundation

/// SwiftUI's `LayoutDirection`.
public enum LayoutDirection: String, Sendable, Hashable, CaseIterable, Codable {
    case leftToRight, rightToLeft
}

/// SwiftUI's `ColorSchemeContrast` (`.increased` under Settings › Accessibility › Increase Contrast).
public enum ColorSchemeContrast: String, Sendable, Hashable, CaseIterable, Codable {
    case standard, increased
}

/// Text size, locale and accessibility display settings of one variant.
public struct ViewerSettings: Sendable, Hashable, CustomStringConvertible {
    public var dynamicTypeSize: DynamicTypeSize
    /// A locale identifier such as "ar" or "de_DE" (nil: the widget's own locale).
    public var locale: String?
    /// Settings › Accessibility › Display & Text Size › Reduce Transparency.
    public var reduceTransparency: Bool
    /// Settings › Accessibility › Display & Text Size › Increase Contrast.
    public var increaseContrast: Bool

    public init(
        dynamicTypeSize: DynamicTypeSize = .large, locale: String? = nil, reduceTransparency: Bool = false,
        increaseContrast: Bool = false
    ) {
        self.dynamicTypeSize = dynamicTypeSize
        self.locale = locale
        self.reduceTransparency = reduceTransparency
        self.increaseContrast = increaseContrast
    }

    public static let standard = ViewerSettings()
    public var isStandard: Bool { self == .standard }

    /// The contrast setting as SwiftUI's environment reports it.
    public var colorSchemeContrast: ColorSchemeContrast { increaseContrast ? .increased : .standard }

    /// The layout direction of the locale (nil locale: left to right).
    public var layoutDirection: LayoutDirection { locale.map(ViewerSettings.direction(ofLocale:)) ?? .leftToRight }

    /// A short name used in output paths and reports: "" for the standard settings, otherwise the
    /// non-standard parts joined by "+", e.g. "accessibility3+ar+reduceTransparency".
    public var tag: String {
        var parts: [String] = []
        if dynamicTypeSize != .large { parts.append(dynamicTypeSize.rawValue) }
        if let locale { parts.append(locale) }
        if reduceTransparency { parts.append("reduceTransparency") }
        if increaseContrast { parts.append("increaseContrast") }
        return parts.joined(separator: "+")
    }
    public var description: String { isStandard ? "standard" : tag }

    /// Reads a tag back (the inverse of `tag`; "" or "standard" is the standard settings).
    public init?(tag: String) {
        self.init()
        guard !tag.isEmpty, tag != "standard" else { return }
        guard tag.utf8.count <= 128 else { return nil }
        for part in tag.split(separator: "+", omittingEmptySubsequences: false).map(String.init) {
            if let d = DynamicTypeSize(rawValue: part) {
                dynamicTypeSize = d
            } else if part == "reduceTransparency" {
                reduceTransparency = true
            } else if part == "increaseContrast" {
                increaseContrast = true
            } else if ViewerSettings.isLocaleIdentifier(part), locale == nil {
                locale = part
            } else {
                return nil
            }
        }
    }

    /// Languages written right to left (ISO 639 codes): Arabic, Hebrew, Persian, Urdu, Yiddish,
    /// Pashto, Sorani Kurdish, Dhivehi, Uyghur, Sindhi.
    public static let rightToLeftLanguages: Set<String> = ["ar", "he", "iw", "fa", "ur", "yi", "ps", "ckb", "dv", "ug", "sd"]

    /// The direction a locale's language is written in.
    public static func direction(ofLocale id: String) -> LayoutDirection {
        let language = id.split(whereSeparator: { $0 == "_" || $0 == "-" }).first.map { $0.lowercased() } ?? ""
        return rightToLeftLanguages.contains(language) ? .rightToLeft : .leftToRight
    }

    /// A plausible locale identifier: a 2–3 letter language, then up to three `_`/`-` parts of 2–8
    /// letters or digits ("ar", "de_DE", "zh-Hant-TW", "sr_Latn_RS"). At most 32 characters.
    public static func isLocaleIdentifier(_ s: String) -> Bool {
        guard (2...32).contains(s.utf8.count) else { return false }
        let parts = s.split(separator: "_", omittingEmptySubsequences: false).flatMap {
            $0.split(separator: "-", omittingEmptySubsequences: false)
        }
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }),
            parts.count <= 4
        else { return false }
        return parts.dropFirst().allSatisfy { p in (2...8).contains(p.count) && p.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }

    /// Every combination of the given values, in a fixed order (text size, then locale, then the
    /// accessibility settings).
    public static func matrix(
        dynamicTypeSizes: [DynamicTypeSize] = [.large], locales: [String?] = [nil],
        accessibility: [(reduceTransparency: Bool, increaseContrast: Bool)] = [(false, false)]
    ) -> [ViewerSettings] {
        var out: [ViewerSettings] = []
        for d in dynamicTypeSizes {
            for l in locales {
                for a in accessibility {
                    let s = ViewerSettings(dynamicTypeSize: d, locale: l, reduceTransparency: a.0, increaseContrast: a.1)
                    if !out.contains(s) { out.append(s) }
                }
            }
        }
        return out
    }
}

/// WidgetKit's `WidgetTexture` (visionOS 26): the coating over a widget. `glass` is "a reflective,
/// clear glass-like texture" and the default; `paper` "a matte, paper-like texture" (Apple).
public enum WidgetTexture: String, Sendable, Hashable, CaseIterable, Codable {
    case glass, paper
}

/// WidgetKit's `WidgetMountingStyle` (visionOS 26): `elevated` surrounds the widget with a
/// composite material (it sits on a surface); `recessed` shows it inside a recessed portal (set into
/// a wall) (Apple). Widgets are elevated unless they declare otherwise (third-party guides; not
/// stated by Apple).
public enum WidgetMountingStyle: String, Sendable, Hashable, CaseIterable, Codable {
    case elevated, recessed

    /// The appearance that shows a widget mounted this way.
    public var appearance: Appearance { self == .elevated ? .visionElevated : .visionRecessed }
}
