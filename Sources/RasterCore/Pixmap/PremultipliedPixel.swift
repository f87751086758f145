// Integer pixel arithmetic. All blending is exact integer math with round-to-nearest division
// by 255, so every machine, SIMD width and core count produces the same bytes.
import WidgetModel

/// One premultiplied RGBA8 pixel (r, g, b ≤ a).
public struct PremultipliedPixel: Hashable, Sendable, CustomStringConvertible {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    @inlinable public init(packed v: UInt32) {
        r = UInt8(truncatingIfNeeded: v)
        g = UInt8(truncatingIfNeeded: v >> 8)
        b = UInt8(truncatingIfNeeded: v >> 16)
        a = UInt8(truncatingIfNeeded: v >> 24)
    }

    /// Converts a straight colour, rounding each premultiplied component to nearest.
    public init(_ c: RGBA) {
        let a = clamp01(c.alpha)
        func q(_ v: Double) -> UInt8 { UInt8((clamp01(v) * a * 255).rounded()) }
        self.init(r: q(c.red), g: q(c.green), b: q(c.blue), a: UInt8((a * 255).rounded()))
    }

    @inlinable public var packed: UInt32 {
        UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24
    }

    /// The straight-alpha components.
    public var unpremultiplied: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let p = PremultipliedPixel(packed: PremultipliedPixel.unpremultiply(packed))
        return (p.r, p.g, p.b, p.a)
    }

    public var description: String { "rgba(\(r), \(g), \(b), \(a)) premultiplied" }

    /// Straight → premultiplied, for a packed pixel.
    @inlinable @inline(__always)
    public static func premultiply(_ v: UInt32) -> UInt32 {
        let a = v >> 24
        if a == 255 { return v }
        if a == 0 { return 0 }
        let rb = mulDiv255Pair(v & 0x00FF_00FF, a)
        let g = mulDiv255Pair((v >> 8) & 0xFF, a)
        return rb | (g << 8) | (a << 24)
    }

    /// Premultiplied → straight, for a packed pixel (components rounded to nearest).
    @inlinable @inline(__always)
    public static func unpremultiply(_ v: UInt32) -> UInt32 {
        let a = v >> 24
        if a == 255 { return v }
        if a == 0 { return 0 }
        let half = a / 2
        @inline(__always) func u(_ c: UInt32) -> UInt32 { min(255, (c * 255 + half) / a) }
        return u(v & 0xFF) | (u((v >> 8) & 0xFF) << 8) | (u((v >> 16) & 0xFF) << 16) | (a << 24)
    }
}

/// (x·a) / 255 rounded to nearest, for two 8-bit values packed at bits 0 and 16 of `pair`.
/// The classic trick: t = x·a + 128; (t + (t >> 8)) >> 8 equals round(x·a / 255) exactly
/// for x, a in 0...255.
@inlinable @inline(__always)
func mulDiv255Pair(_ pair: UInt32, _ a: UInt32) -> UInt32 {
    let t = pair &* a &+ 0x0080_0080
    return ((t &+ ((t >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
}

/// Scales all four channels of a packed pixel by `a`/255, rounding to nearest.
@inlinable @inline(__always)
package func scalePixel(_ v: UInt32, _ a: UInt32) -> UInt32 {
    mulDiv255Pair(v & 0x00FF_00FF, a) | (mulDiv255Pair((v >> 8) & 0x00FF_00FF, a) << 8)
}

/// round(x·y / 255) for 8-bit x and y.
@inlinable @inline(__always)
func div255(_ v: UInt32) -> UInt32 {
    let t = v &+ 128
    return (t &+ (t >> 8)) >> 8
}

@inlinable func clamp01(_ v: Double) -> Double { v.isNaN ? 0 : Swift.max(0, Swift.min(1, v)) }
