// The Liquid Glass material as data. Apple publishes no numbers for the glass that replaces a
// widget's container background in the Clear and Tinted appearances (docs/WIDGETKIT-FACTS.md §5.3,
// UNCONFIRMED); the presets start from the values recovered from a macOS 26 clear
// NSGlassEffectView (blur radius 10 pt, face wash white at 5%, black level 0.05 / white level 0.8,
// inner refraction height 20 pt, shadow 8 pt below at 10% black) and from the open recreations
// listed in §5.4 (convex-squircle bezel, refraction along the signed-distance gradient, specular rim
// from a light angle). Every number below is a named, documented parameter, so it can be tuned
// against a device capture without touching code.
import RasterCore
import WidgetLayout
import WidgetModel

public struct GlassMaterial: Sendable, Hashable {
    /// Standard deviation of the backdrop blur, points.
    public var blur: Double
    /// Backdrop saturation (1 = unchanged).
    public var saturation: Double
    /// Brightness mapping of the face: black and white levels (the recovered colour matrix's
    /// `inputFaceColorMatrixBlack/White`), applied after the blur.
    public var blackLevel: Double
    public var whiteLevel: Double
    /// Wash colour over the face and its opacity (white for light glass, black for dark).
    public var wash: RGBA
    /// Tint over the face (tinted appearances), with its opacity.
    public var tint: RGBA?
    public var tintOpacity: Double
    /// Width of the refracting bezel along the edge, points, and the largest displacement there.
    public var bezel: Double
    public var refraction: Double
    /// Rim highlight: width (points), strength (0…1), light direction (degrees, 0 = from the right,
    /// clockwise on screen; −60 lights the top-left).
    public var rimWidth: Double
    public var rimIntensity: Double
    public var lightAngle: Double
    /// A hairline outline around the shape (iOS 26 draws one on every home-screen widget).
    public var outlineOpacity: Double
    /// The outline's width in points (nil: a 1.5-pixel hairline).
    public var outlineWidth: Double? = nil
    /// Adaptive luminance: glass samples the brightness behind it and takes a darker treatment
    /// over bright backdrops (iOS 26's backdrop layers track luma, reference §5.3). The face's
    /// relative luminance is held at or below this value; nil turns adaptation off. The value is
    /// chosen so white text keeps about 4.5:1 (UNCONFIRMED for widgets).
    public var maxFaceLuminance: Double? = 0.18
    /// Drop shadow under the glass onto the wallpaper (points, opacity).
    public var shadowRadius: Double
    public var shadowOffset: Double
    public var shadowOpacity: Double

    public init(
        blur: Double, saturation: Double, blackLevel: Double, whiteLevel: Double, wash: RGBA,
        tint: RGBA? = nil, tintOpacity: Double = 0, bezel: Double, refraction: Double, rimWidth: Double,
        rimIntensity: Double, lightAngle: Double, outlineOpacity: Double, shadowRadius: Double,
        shadowOffset: Double, shadowOpacity: Double
    ) {
        self.blur = blur
        self.saturation = saturation
        self.blackLevel = blackLevel
        self.whiteLevel = whiteLevel
        self.wash = wash
        self.tint = tint
        self.tintOpacity = tintOpacity
        self.bezel = bezel
        self.refraction = refraction
        self.rimWidth = rimWidth
        self.rimIntensity = rimIntensity
        self.lightAngle = lightAngle
        self.outlineOpacity = outlineOpacity
        self.shadowRadius = shadowRadius
        self.shadowOffset = shadowOffset
        self.shadowOpacity = shadowOpacity
    }

    /// Clear glass, light: little frost, the wallpaper shows through, a light face wash.
    public static let clearLight = GlassMaterial(
        blur: 10, saturation: 1.1, blackLevel: 0.05, whiteLevel: 0.95, wash: RGBA(white: 1, alpha: 0.12),
        bezel: 14, refraction: 12, rimWidth: 2.5, rimIntensity: 0.55, lightAngle: -60, outlineOpacity: 0.35,
        shadowRadius: 16, shadowOffset: 8, shadowOpacity: 0.12)
    /// Clear glass, dark: the same glass dimmed, for the dark home screen.
    public static let clearDark = GlassMaterial(
        blur: 10, saturation: 1.0, blackLevel: 0.0, whiteLevel: 0.7, wash: RGBA(white: 0, alpha: 0.22),
        bezel: 14, refraction: 12, rimWidth: 2.5, rimIntensity: 0.4, lightAngle: -60, outlineOpacity: 0.25,
        shadowRadius: 16, shadowOffset: 8, shadowOpacity: 0.2)
    /// Regular glass, light: more frost (UIKit's regular material blurs more than clear).
    public static let regularLight = GlassMaterial(
        blur: 22, saturation: 1.4, blackLevel: 0.1, whiteLevel: 1.0, wash: RGBA(white: 1, alpha: 0.32),
        bezel: 16, refraction: 8, rimWidth: 2, rimIntensity: 0.45, lightAngle: -60, outlineOpacity: 0.3,
        shadowRadius: 14, shadowOffset: 6, shadowOpacity: 0.12)
    /// Regular glass, dark.
    public static let regularDark = GlassMaterial(
        blur: 22, saturation: 1.2, blackLevel: 0.0, whiteLevel: 0.6, wash: RGBA(white: 0.08, alpha: 0.45),
        bezel: 16, refraction: 8, rimWidth: 2, rimIntensity: 0.3, lightAngle: -60, outlineOpacity: 0.22,
        shadowRadius: 14, shadowOffset: 6, shadowOpacity: 0.25)

    /// Tinted glass: clear glass with the user's tint washed into the face.
    public static func tinted(_ tint: RGBA, dark: Bool) -> GlassMaterial {
        var g = dark ? clearDark : clearLight
        g.tint = tint
        g.tintOpacity = dark ? 0.55 : 0.45
        g.saturation = 0.6  // the backdrop's own colour is mostly replaced by the tint
        return g
    }

    /// The preset for an appearance (nil for appearances without glass).
    public static func preset(for appearance: Appearance, tint: RGBA) -> GlassMaterial? {
        switch appearance {
        case .clearLight: return .clearLight
        case .clearDark: return .clearDark
        case .tintedLight: return .tinted(tint, dark: false)
        case .tintedDark: return .tinted(tint, dark: true)
        case .desktopDimmed: return .desktopDimmed
        default: return nil
        }
    }

    /// macOS 26 desktop widgets dimmed behind app windows: the clear dark glass, mostly
    /// desaturated and darker, so the desktop recedes (ESTIMATE: no published values).
    public static let desktopDimmed: GlassMaterial = {
        var g = GlassMaterial.clearDark
        g.saturation = 0.25
        g.whiteLevel = 0.55
        g.rimIntensity = 0.2
        return g
    }()

    /// The glass under the accessibility display settings. Apple describes both (WWDC25 "Meet
    /// Liquid Glass"; docs/WIDGETKIT-FACTS.md §5.5): Reduce Transparency makes the glass frostier
    /// and hides more of what is behind it — drawn here as an opaque fill; Increase Contrast makes
    /// it predominantly black or white with a contrasting border — drawn here dark (widget content
    /// is white in the accented looks) with a 1-pt white border. The fill colours, the border width
    /// and the 0.6 black wash are ESTIMATES, not measured.
    public func adjusted(for settings: ViewerSettings, dark: Bool) -> GlassMaterial {
        var g = self
        if settings.reduceTransparency {
            // Opaque: the face is the wash colour alone (mix with t = 1), no refraction.
            let base: RGBA
            if let tint {
                let k = dark ? 0.45 : 0.75
                base = RGBA(red: tint.red * k, green: tint.green * k, blue: tint.blue * k)
            } else {
                base = RGBA(white: dark ? 0.16 : 0.42)
            }
            g.wash = RGBA(red: base.red, green: base.green, blue: base.blue, alpha: 1)
            g.tint = nil
            g.tintOpacity = 0
            g.refraction = 0
            g.rimIntensity *= 0.5
            g.maxFaceLuminance = nil
        }
        if settings.increaseContrast {
            if settings.reduceTransparency {
                g.wash = RGBA(white: 0.04, alpha: 1)
            } else {
                g.wash = RGBA(white: 0, alpha: 0.6)
                g.maxFaceLuminance = 0.05
            }
            g.tint = nil
            g.tintOpacity = 0
            g.outlineOpacity = 1
            g.outlineWidth = 1
            g.rimIntensity = 0
        }
        return g
    }

    /// The default tint of the Tinted appearances when none is given: a blue.
    public static let defaultTint = RGBA(hex: "#3E7BFA")!
}
