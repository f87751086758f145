// Oklab, the perceptual colour space gradients are interpolated in (Björn Ottosson's published
// matrices, 2020). sRGB components 0…1 in and out; out-of-gamut results are clamped.
import Foundation

enum Oklab {
    static func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
    static func encoded(_ c: Double) -> Double {
        let v = Swift.max(0, Swift.min(1, c))
        return v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055
    }

    /// Oklab (L, a, b) of an sRGB colour.
    static func from(red: Double, green: Double, blue: Double) -> SIMD3<Double> {
        let r = linear(red)
        let g = linear(green)
        let b = linear(blue)
        let l = cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
        let m = cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
        let s = cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
        return SIMD3(
            0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
            1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
            0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s)
    }

    /// sRGB components (0…1, clamped) of an Oklab colour.
    static func toSRGB(_ lab: SIMD3<Double>) -> SIMD3<Double> {
        let l1 = lab.x + 0.3963377774 * lab.y + 0.2158037573 * lab.z
        let m1 = lab.x - 0.1055613458 * lab.y - 0.0638541728 * lab.z
        let s1 = lab.x - 0.0894841775 * lab.y - 1.2914855480 * lab.z
        let l = l1 * l1 * l1
        let m = m1 * m1 * m1
        let s = s1 * s1 * s1
        return SIMD3(
            encoded(4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s),
            encoded(-1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s),
            encoded(-0.0041960863 * l - 0.7034186147 * m + 1.7076147010 * s))
    }
}
