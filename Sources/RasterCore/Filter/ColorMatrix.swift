// 4×5 colour matrices on straight (un-premultiplied) colour, as SVG's feColorMatrix and Core
// Image's CIColorMatrix define them: [r g b a]' = M·[r g b a 1], components in 0...1.
import WidgetModel

/// A 4×5 colour matrix, row-major: each row gives one output component from r, g, b, a and 1.
public struct ColorMatrix: Sendable, Hashable {
    public var m: [Double]  // 20 values

    public init(_ values: [Double]) {
        precondition(values.count == 20, "a colour matrix has 20 values")
        m = values
    }

    public static let identity = ColorMatrix([1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0])

    /// Rec. 709 luma weights, as SVG's saturate and luminanceToAlpha use.
    public static let lumaWeights = RGBA.lumaWeights

    /// Scales saturation: 0 = grey, 1 = unchanged, > 1 = more vivid (SVG `saturate`).
    public static func saturation(_ s: Double) -> ColorMatrix {
        let (lr, lg, lb) = lumaWeights
        return ColorMatrix([
            lr + (1 - lr) * s, lg - lg * s, lb - lb * s, 0, 0,
            lr - lr * s, lg + (1 - lg) * s, lb - lb * s, 0, 0,
            lr - lr * s, lg - lg * s, lb + (1 - lb) * s, 0, 0,
            0, 0, 0, 1, 0,
        ])
    }
    /// Grey at the colour's luma.
    public static let desaturate = saturation(0)
    /// Adds `amount` to r, g and b (−1...1).
    public static func brightness(_ amount: Double) -> ColorMatrix {
        ColorMatrix([1, 0, 0, 0, amount, 0, 1, 0, 0, amount, 0, 0, 1, 0, amount, 0, 0, 0, 1, 0])
    }
    /// Scales contrast around mid grey.
    public static func contrast(_ k: Double) -> ColorMatrix {
        let t = 0.5 * (1 - k)
        return ColorMatrix([k, 0, 0, 0, t, 0, k, 0, 0, t, 0, 0, k, 0, t, 0, 0, 0, 1, 0])
    }
    /// Black with alpha = luma·alpha (SwiftUI's `luminanceToAlpha()`; SVG's luminanceToAlpha
    /// ignores the source alpha, SwiftUI's keeps transparent areas transparent).
    public static let luminanceToAlpha: ColorMatrix = {
        let (lr, lg, lb) = lumaWeights
        return ColorMatrix([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, lr, lg, lb, 0, 0])
    }()
    /// Every pixel becomes `color`, keeping its alpha scaled by the colour's alpha (a template tint).
    public static func tint(red: Double, green: Double, blue: Double, alpha: Double = 1) -> ColorMatrix {
        ColorMatrix([0, 0, 0, 0, red, 0, 0, 0, 0, green, 0, 0, 0, 0, blue, 0, 0, 0, alpha, 0])
    }

    /// `other` applied after `self`.
    public func concatenating(_ other: ColorMatrix) -> ColorMatrix {
        var out = [Double](repeating: 0, count: 20)
        for r in 0..<4 {
            for c in 0..<5 {
                var v = c == 4 ? other.m[r * 5 + 4] : 0
                for k in 0..<4 { v += other.m[r * 5 + k] * m[k * 5 + c] }
                out[r * 5 + c] = v
            }
        }
        return ColorMatrix(out)
    }
}

extension ColorMatrix {
    /// Applies the matrix to every pixel of `pixmap`.
    ///
    /// The luminance-to-alpha matrix reads the source's alpha through `luminanceToAlpha`'s
    /// convention: for it, transparent pixels stay transparent (alpha multiplies the result).
    public func apply(to pixmap: inout Pixmap) {
        let f = m.map(Float.init)
        let rows = (
            SIMD4<Float>(f[0], f[1], f[2], f[3]), SIMD4<Float>(f[5], f[6], f[7], f[8]),
            SIMD4<Float>(f[10], f[11], f[12], f[13]), SIMD4<Float>(f[15], f[16], f[17], f[18])
        )
        let offset = SIMD4<Float>(f[4], f[9], f[14], f[19])
        let alphaGated = self == .luminanceToAlpha
        pixmap.pixels.withUnsafeMutableBufferPointer { buf in
            var lastIn: UInt32 = 0
            var lastOut: UInt32 = 0
            var haveLast = false
            for i in 0..<buf.count {
                let v = buf[i]
                if haveLast && v == lastIn {
                    buf[i] = lastOut
                    continue
                }
                let s = PremultipliedPixel.unpremultiply(v)
                let c = SIMD4<Float>(Float(s & 0xFF), Float((s >> 8) & 0xFF), Float((s >> 16) & 0xFF), Float(s >> 24)) / 255
                var o = SIMD4<Float>((rows.0 * c).sum(), (rows.1 * c).sum(), (rows.2 * c).sum(), (rows.3 * c).sum()) + offset
                if alphaGated { o[3] *= c[3] }
                o = o.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 1))
                let a = (o[3] * 255).rounded()
                let rgb = (o * SIMD4<Float>(repeating: a)).rounded(.toNearestOrAwayFromZero)
                let packed = UInt32(rgb[0]) | UInt32(rgb[1]) << 8 | UInt32(rgb[2]) << 16 | UInt32(a) << 24
                buf[i] = packed
                lastIn = v
                lastOut = packed
                haveLast = true
            }
        }
    }
}
