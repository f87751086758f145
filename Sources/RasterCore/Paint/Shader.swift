import CKernels
// Per-row pixel generators for each paint. Pixel centres are sampled: pixel (x, y) covers
// [x, x+1)×[y, y+1) and its colour is the paint's value at (x + 0.5, y + 0.5).
import WidgetModel

/// Number of entries in a gradient's colour table. With 1,024 entries a step between entries is
/// under one 8-bit level for any two-colour gradient, and close stops still resolve.
let gradientTableSize = 1024

/// A paint resolved for one draw: device-space inverse transform, colour table or image.
struct Shader {
    enum Kind {
        case solid(UInt32)
        case linear(a: Double, b: Double, c: Double)  // t = a·x + b·y + c
        case radial(inverse: Transform, r0: Double, r1: Double)  // in gradient space, centre at 0
        case angular(inverse: Transform, start: Double, span: Double)
        case image(Pixmap, inverse: Transform, filter: ImageFilter)
    }
    let kind: Kind
    let table: [UInt32]
    /// A solid paint needs no per-pixel work.
    var solidColor: UInt32? {
        if case .solid(let c) = kind { return c }
        return nil
    }

    init(_ paint: Paint, transform: Transform, opacity: Double = 1) {
        let o = clamp01(opacity)
        switch paint {
        case .solid(let c):
            kind = .solid(PremultipliedPixel(c.opacity(o)).packed)
            table = []
        case .linearGradient(let stops, let start, let end):
            let p0 = transform.apply(start)
            let p1 = transform.apply(end)
            let d = p1 - p0
            let len2 = d.dot(d)
            if len2 < 1e-12 {
                kind = .linear(a: 0, b: 0, c: 1)
            } else {
                kind = .linear(a: d.x / len2, b: d.y / len2, c: -(p0.x * d.x + p0.y * d.y) / len2)
            }
            table = Shader.table(stops, opacity: o)
        case .radialGradient(let stops, let center, let r0, let r1):
            let toGradient = Transform.translation(center.x, center.y).concatenating(transform)
            kind = .radial(inverse: toGradient.inverted ?? .identity, r0: r0, r1: r1)
            table = Shader.table(stops, opacity: o)
        case .angularGradient(let stops, let center, let startAngle, let endAngle):
            let toGradient = Transform.translation(center.x, center.y).concatenating(transform)
            var span = endAngle - startAngle
            if abs(span) < 1e-9 { span = 2 * Double.pi }
            kind = .angular(inverse: toGradient.inverted ?? .identity, start: startAngle, span: span)
            table = Shader.table(stops, opacity: o)
        case .image(let image, let imageTransform, let filter):
            let full = imageTransform.concatenating(transform)
            kind = .image(image, inverse: full.inverted ?? .identity, filter: filter)
            table = o < 1 ? [UInt32(o * 255 + 0.5)] : []
        }
    }

    /// Builds the premultiplied colour table. Between stops, colours are interpolated in Oklab
    /// (a perceptual space), premultiplied by alpha so a fade to `.clear` does not darken midway:
    /// that is what SwiftUI draws — measured on iOS, (52,199,89) → (88,86,214) is (62,174,129),
    /// (71,150,165), (80,118,190) at 25/50/75%; Oklab gives (62,175,134), (71,150,165),
    /// (80,122,191), where sRGB-space interpolation gives (61,171,120), (70,142,152), (79,114,183)
    /// (the conformance tests hold these). Stops' own colours are exact at their locations.
    static func table(_ stopsIn: [GradientStop], opacity: Double) -> [UInt32] {
        var stops = stopsIn.filter { $0.location.isFinite }.sorted { $0.location < $1.location }
        if stops.isEmpty { stops = [GradientStop(.clear, at: 0)] }
        var out = [UInt32](repeating: 0, count: gradientTableSize)
        // Each stop once: Oklab L, a, b premultiplied by alpha, and alpha.
        let lab: [SIMD4<Double>] = stops.map { s in
            let a = clamp01(s.color.alpha) * opacity
            let o = Oklab.from(red: clamp01(s.color.red), green: clamp01(s.color.green), blue: clamp01(s.color.blue))
            return SIMD4(o.x * a, o.y * a, o.z * a, a)
        }
        let srgb: [SIMD3<Double>] = stops.map { SIMD3(clamp01($0.color.red), clamp01($0.color.green), clamp01($0.color.blue)) }
        var k = 0
        for i in 0..<gradientTableSize {
            let t = Double(i) / Double(gradientTableSize - 1)
            while k < stops.count && stops[k].location < t { k += 1 }
            let v: SIMD4<Double>
            if k == 0 {
                v = lab[0]
            } else if k == stops.count {
                v = lab[stops.count - 1]
            } else {
                let span = stops[k].location - stops[k - 1].location
                let f = span > 0 ? (t - stops[k - 1].location) / span : 1
                v = lab[k - 1] + (lab[k] - lab[k - 1]) * f
            }
            let alpha = v[3]
            var rgb = SIMD3<Double>(0, 0, 0)
            // One colour (beyond the ends, or a fade in alpha only): no conversion needed.
            if k == 0 {
                rgb = srgb[0]
            } else if k == stops.count {
                rgb = srgb[stops.count - 1]
            } else if srgb[k - 1] == srgb[k] {
                rgb = srgb[k]
            } else if alpha > 1e-9 {
                rgb = Oklab.toSRGB(SIMD3(v[0] / alpha, v[1] / alpha, v[2] / alpha))
            }
            let q = (SIMD4(rgb.x * alpha, rgb.y * alpha, rgb.z * alpha, alpha) * 255).rounded(.toNearestOrAwayFromZero)
            let a = UInt32(Swift.max(0, Swift.min(255, q[3])))
            func ch(_ x: Double) -> UInt32 { Swift.min(a, UInt32(Swift.max(0, Swift.min(255, x)))) }
            out[i] = ch(q[0]) | ch(q[1]) << 8 | ch(q[2]) << 16 | a << 24
        }
        return out
    }

    @inline(__always)
    private func lookup(_ t: Double, _ tab: UnsafePointer<UInt32>) -> UInt32 {
        let scaled = t * Double(gradientTableSize - 1) + 0.5
        let i = scaled.isNaN ? 0 : Int(Swift.max(0, Swift.min(Double(gradientTableSize - 1), scaled)))
        return tab[i]
    }

    /// Writes `count` premultiplied pixels of row `y` starting at column `x` into `out`.
    func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let py = Double(y) + 0.5
        switch kind {
        case .solid(let c):
            out.update(repeating: c, count: count)
        case .linear(let a, let b, let c):
            table.withUnsafeBufferPointer { tab in
                var t = a * (Double(x) + 0.5) + b * py + c
                // A vertical gradient (a widget's usual background) is one colour along a row:
                // t + 0 is t, so this is the loop's result without a lookup per pixel.
                if a == 0 { return out.update(repeating: lookup(t, tab.baseAddress!), count: count) }
                for i in 0..<count {
                    out[i] = lookup(t, tab.baseAddress!)
                    t += a
                }
            }
        case .radial(let inv, let r0, let r1) where r1 - r0 != 0:
            // In C, four distances at a time (ckernels_radial_shade; the same values).
            let p = inv.apply(Point(Double(x) + 0.5, py))
            table.withUnsafeBufferPointer { tab in
                ckernels_radial_shade(p.x, p.y, inv.a, inv.b, r0, r1 - r0, tab.baseAddress!, Int32(tab.count), count, out)
            }
        case .radial(let inv, let r0, let r1):
            let dr = r1 - r0
            table.withUnsafeBufferPointer { tab in
                var p = inv.apply(Point(Double(x) + 0.5, py))
                for i in 0..<count {
                    let dist = (p.x * p.x + p.y * p.y).squareRoot()
                    let t = dr != 0 ? (dist - r0) / dr : (dist >= r1 ? 1 : 0)
                    out[i] = lookup(t, tab.baseAddress!)
                    p.x += inv.a
                    p.y += inv.b
                }
            }
        case .angular(let inv, let start, let span):
            table.withUnsafeBufferPointer { tab in
                var p = inv.apply(Point(Double(x) + 0.5, py))
                let full = 2 * Double.pi
                for i in 0..<count {
                    var angle = atan2(p.y, p.x) - start
                    // Bring the angle into the gradient's turn: [0, 2π) for a clockwise sweep.
                    angle = angle.truncatingRemainder(dividingBy: full)
                    if span > 0 { if angle < 0 { angle += full } } else { if angle > 0 { angle -= full } }
                    out[i] = lookup(angle / span, tab.baseAddress!)
                    p.x += inv.a
                    p.y += inv.b
                }
            }
        case .image(let image, let inv, let filter):
            ImageSampler.sample(image, inverse: inv, filter: filter, x: x, y: y, count: count, into: out)
            if let o = table.first {
                for i in 0..<count { out[i] = scalePixel(out[i], o) }
            }
        }
    }
}

/// Image sampling with clamp-to-edge addressing: pixels outside the image repeat its edge, so an
/// image drawn into a rectangle has no faded border; the shape being filled limits the extent.
enum ImageSampler {
    static func sample(
        _ image: Pixmap, inverse inv: Transform, filter: ImageFilter,
        x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>
    ) {
        let w = image.width
        let h = image.height
        image.pixels.withUnsafeBufferPointer { buf in
            let px = buf.baseAddress!
            // Image-space position of this pixel's centre; +(a, b) per step along the row.
            var p = inv.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
            switch filter {
            case .nearest:
                for i in 0..<count {
                    let ix = clampIndex(floorExact(p.x), w)
                    let iy = clampIndex(floorExact(p.y), h)
                    out[i] = px[iy * w + ix]
                    p.x += inv.a
                    p.y += inv.b
                }
            case .bilinear:
                for i in 0..<count {
                    // Sample positions are relative to texel centres.
                    let sx = p.x - 0.5
                    let sy = p.y - 0.5
                    let fx = floorExact(sx)
                    let fy = floorExact(sy)
                    let wx = UInt32(Swift.max(0, Swift.min(256, roundNonNegative((sx - fx) * 256))))
                    let wy = UInt32(Swift.max(0, Swift.min(256, roundNonNegative((sy - fy) * 256))))
                    let x0 = clampIndex(fx, w)
                    let x1 = clampIndex(fx + 1, w)
                    let y0 = clampIndex(fy, h)
                    let y1 = clampIndex(fy + 1, h)
                    let top = lerpPixel256(px[y0 * w + x0], px[y0 * w + x1], wx)
                    let bottom = lerpPixel256(px[y1 * w + x0], px[y1 * w + x1], wx)
                    out[i] = lerpPixel256(top, bottom, wy)
                    p.x += inv.a
                    p.y += inv.b
                }
            }
        }
    }

    @inline(__always)
    static func clampIndex(_ v: Double, _ n: Int) -> Int {
        if !(v > 0) { return 0 }
        if v >= Double(n - 1) { return n - 1 }
        return Int(v)
    }
}

/// a + (b − a)·t/256 per channel, for t in 0...256, in packed lanes.
@inlinable @inline(__always)
package func lerpPixel256(_ a: UInt32, _ b: UInt32, _ t: UInt32) -> UInt32 {
    let it = 256 - t
    let rb = ((a & 0x00FF_00FF) &* it &+ (b & 0x00FF_00FF) &* t &+ 0x0080_0080) >> 8
    let ga = (((a >> 8) & 0x00FF_00FF) &* it &+ ((b >> 8) & 0x00FF_00FF) &* t &+ 0x0080_0080) >> 8
    return (rb & 0x00FF_00FF) | ((ga & 0x00FF_00FF) << 8)
}

/// `v.rounded(.down)` without a call into libm (baseline x86-64 has no rounding instruction,
/// and a sampler calls it twice a pixel). Exact: whole below 2⁵², truncation corrected for
/// negatives; larger, NaN or infinite values go to the library.
@inlinable @inline(__always)
package func floorExact(_ v: Double) -> Double {
    guard v.magnitude < 4.0e15 else { return v.rounded(.down) }
    let t = Double(Int(v))
    return t > v ? t - 1 : t
}

/// `v.rounded()` (half away from zero) for v ≥ 0 without libm; exact (v − ⌊v⌋ is exact).
@inlinable @inline(__always)
package func roundNonNegative(_ v: Double) -> Double {
    guard v >= 0, v < 4.0e15 else { return v.rounded() }
    let t = Double(Int(v))
    return v - t >= 0.5 ? t + 1 : t
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
