// Colour values: straight (not premultiplied) sRGB with alpha, as Double 0...1. Pixels are
// premultiplied 8-bit in WidgetRaster; the conversion happens there, once per paint.

/// A colour in the sRGB space with straight alpha, each component in 0...1.
public struct RGBA: Hashable, Sendable, CustomStringConvertible {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }
    /// From 8-bit components.
    public init(r8: Int, g8: Int, b8: Int, a8: Int = 255) {
        self.init(red: Double(r8) / 255, green: Double(g8) / 255, blue: Double(b8) / 255, alpha: Double(a8) / 255)
    }
    /// A grey of the given white level.
    public init(white: Double, alpha: Double = 1) { self.init(red: white, green: white, blue: white, alpha: alpha) }

    /// Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA` (case-insensitive, `#` optional).
    public init?(hex: String) {
        var s = Substring(hex)
        if s.hasPrefix("#") { s = s.dropFirst() }
        // ASCII only: Character.isHexDigit also accepts full-width digits ("０-９", "Ａ-Ｆ").
        guard s.count <= 8, s.allSatisfy({ $0.isASCII && $0.isHexDigit }) else { return nil }
        let digits = s.compactMap { $0.hexDigitValue }
        switch digits.count {
        case 3:
            self.init(r8: digits[0] * 17, g8: digits[1] * 17, b8: digits[2] * 17)
        case 6, 8:
            let byte = { (i: Int) in digits[2 * i] * 16 + digits[2 * i + 1] }
            self.init(r8: byte(0), g8: byte(1), b8: byte(2), a8: digits.count == 8 ? byte(3) : 255)
        default:
            return nil
        }
    }

    public static let clear = RGBA(red: 0, green: 0, blue: 0, alpha: 0)
    public static let black = RGBA(white: 0)
    public static let white = RGBA(white: 1)

    /// The same colour with its alpha multiplied by `factor`.
    public func opacity(_ factor: Double) -> RGBA { RGBA(red: red, green: green, blue: blue, alpha: alpha * factor) }

    /// Component-wise interpolation of straight components.
    public func mix(_ other: RGBA, _ t: Double) -> RGBA {
        RGBA(
            red: red + (other.red - red) * t, green: green + (other.green - green) * t,
            blue: blue + (other.blue - blue) * t, alpha: alpha + (other.alpha - alpha) * t)
    }

    /// Rec. 709 luma weights of R, G and B (sRGB shares Rec. 709's primaries).
    public static let lumaWeights = (r: 0.2126, g: 0.7152, b: 0.0722)

    /// Luma of encoded components (any scale: 0...1 or 0...255 in, the same scale out).
    @inline(__always)
    public static func luma(_ r: Double, _ g: Double, _ b: Double) -> Double {
        lumaWeights.r * r + lumaWeights.g * g + lumaWeights.b * b
    }

    /// Luma of the encoded (not linearised) colour, ignoring alpha.
    public var luma: Double { RGBA.luma(red, green, blue) }

    /// Relative luminance per WCAG 2.x (linearised sRGB, Rec. 709 weights), ignoring alpha.
    public var relativeLuminance: Double {
        func lin(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        return RGBA.luma(lin(red), lin(green), lin(blue))
    }

    /// `#RRGGBBAA` with each component rounded to 8 bits.
    public var hexString: String {
        func h(_ c: Double) -> String {
            let v = Int((Swift.max(0, Swift.min(1, c)) * 255).rounded())
            let s = String(v, radix: 16, uppercase: true)
            return s.count == 1 ? "0" + s : s
        }
        return "#" + h(red) + h(green) + h(blue) + h(alpha)
    }
    public var description: String { hexString }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
