// Porter-Duff and separable blend modes on premultiplied 8-bit pixels, in exact integer math.
//
// Formulas are the W3C Compositing and Blending Level 1 ones written for premultiplied colour
// (s = source, d = destination, components and alpha in 0...1):
//   sourceOver      s + d·(1 − αs)
//   multiply        s·d + s·(1 − αd) + d·(1 − αs)
//   screen          s + d − s·d
//   overlay         s·(1 − αd) + d·(1 − αs) + (2d ≤ αd ? 2·s·d : αs·αd − 2·(αd − d)·(αs − s))
//   darken/lighten  s + d − max/min(s·αd, d·αs)
//   plusLighter     min(1, s + d)               (Apple's plusLighter; also for alpha)
//   destinationOut  d·(1 − αs)
//   destinationIn   d·αs
//   sourceIn        s·αd
//   sourceAtop      s·αd + d·(1 − αs)
//   copy            s
// Alpha for the separable modes is αs + αd − αs·αd. Most modes leave the destination unchanged
// for a transparent source and are linear in the (premultiplied) source, so partial coverage is
// applied by scaling the source before blending. The ones that clear, replace or saturate
// (destinationIn, sourceIn, copy, plusLighter) instead interpolate between the destination and
// the full blend by coverage: the area-weighted mean of "covered" and "not covered".
import WidgetModel

/// How a source pixel combines with the pixel below it.
public enum BlendMode: String, Sendable, Hashable, CaseIterable {
    case sourceOver, multiply, screen, overlay, darken, lighten, plusLighter
    case destinationOut, destinationIn, sourceIn, sourceAtop, copy

    /// True for modes that may change destination pixels where the source is transparent, so a
    /// layer must be composited over its whole area, not only where it has content.
    public var affectsTransparentSource: Bool { self == .destinationIn || self == .sourceIn || self == .copy }

    /// Modes that are not linear in the source (they clear, replace or saturate), so partial
    /// coverage must interpolate between the destination and the full blend.
    var coverageByInterpolation: Bool { affectsTransparentSource || self == .plusLighter }
}

/// The blend of `s` onto `d` at partial coverage `c` (0...255).
@inline(__always)
func blendPixel(_ s: UInt32, _ d: UInt32, coverage c: UInt32, _ mode: BlendMode) -> UInt32 {
    if c == 255 { return blendPixel(s, d, mode) }
    if mode.coverageByInterpolation { return lerpPixel256(d, blendPixel(s, d, mode), c + (c >> 7)) }
    return blendPixel(scalePixel(s, c), d, mode)
}

/// Source-over for one packed pixel: s + d·(255 − αs)/255.
@inline(__always)
func sourceOver(_ s: UInt32, _ d: UInt32) -> UInt32 {
    let ia = 255 &- (s >> 24)
    return s &+ scalePixel(d, ia)
}

/// The blend of one premultiplied source pixel onto one destination pixel.
@inline(__always)
func blendPixel(_ s: UInt32, _ d: UInt32, _ mode: BlendMode) -> UInt32 {
    switch mode {
    case .sourceOver: return sourceOver(s, d)
    case .copy: return s
    case .destinationOut: return scalePixel(d, 255 &- (s >> 24))
    case .destinationIn: return scalePixel(d, s >> 24)
    case .sourceIn: return scalePixel(s, d >> 24)
    case .sourceAtop: return scalePixel(s, d >> 24) &+ scalePixel(d, 255 &- (s >> 24))
    case .plusLighter:
        // Per-channel saturating add; a premultiplied sum clamped per channel stays valid
        // because alpha saturates no later than any colour channel.
        var r: UInt32 = 0
        for shift in stride(from: UInt32(0), through: 24, by: 8) {
            r |= min(255, ((s >> shift) & 0xFF) + ((d >> shift) & 0xFF)) << shift
        }
        return r
    default:
        return separable(s, d, mode)
    }
}

/// The separable modes, one channel at a time in 0...255² fixed point.
@inline(__always)
private func separable(_ s: UInt32, _ d: UInt32, _ mode: BlendMode) -> UInt32 {
    let sa = Int(s >> 24)
    let da = Int(d >> 24)
    var out = UInt32(div255(UInt32(sa * 255 + da * 255 - sa * da))) << 24
    for shift in stride(from: 0, through: 16, by: 8) {
        let sc = Int((s >> UInt32(shift)) & 0xFF)
        let dc = Int((d >> UInt32(shift)) & 0xFF)
        // Everything below is scaled by 255 (products of two 8-bit values).
        let base = sc * (255 - da) + dc * (255 - sa)
        var v: Int
        switch mode {
        case .multiply: v = base + sc * dc
        case .screen: v = (sc + dc) * 255 - sc * dc
        case .overlay: v = base + (2 * dc <= da ? 2 * sc * dc : sa * da - 2 * (da - dc) * (sa - sc))
        case .darken: v = (sc + dc) * 255 - max(sc * da, dc * sa)
        case .lighten: v = (sc + dc) * 255 - min(sc * da, dc * sa)
        default: v = base
        }
        let c = min(Int(div255(UInt32(max(0, v)))), Int(out >> 24))
        out |= UInt32(c) << UInt32(shift)
    }
    return out
}
