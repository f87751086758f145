// Draws a GlassMaterial for a widget-sized shape from the backdrop behind it:
//   blur → saturation and levels → (wash, tint) → refraction in the bezel → rim highlight → outline.
// The colour steps are one affine colour matrix, applied at the blur's low resolution (they
// commute with the bilinear upsampling because the wallpaper is opaque). Refraction, rim and
// outline only touch the bezel band along the edge; the interior is the blurred, washed backdrop.
import RasterCore
import WidgetLayout
import WidgetModel

enum GlassRenderer {
    /// The outline the glass follows, in pixels.
    enum Shape {
        case roundedRect(width: Double, height: Double, radius: Double)
        case circle(width: Double, height: Double)
        /// Any outline, as a signed distance per pixel (a glass container's melted union).
        case field(DistanceField)
    }

    /// Signed distances (pixels, negative inside) sampled at pixel centres.
    struct DistanceField {
        let width: Int, height: Int
        var d: [Float]
        @inline(__always) func at(_ x: Int, _ y: Int) -> Double {
            Double(d[max(0, min(height - 1, y)) * width + max(0, min(width - 1, x))])
        }
        /// Distance and outward normal (the normalised gradient, by central differences).
        func sample(_ px: Double, _ py: Double) -> (Double, Double, Double) {
            let x = Int(px)
            let y = Int(py)
            let gx = at(x + 1, y) - at(x - 1, y)
            let gy = at(x, y + 1) - at(x, y - 1)
            let len = max(1e-9, (gx * gx + gy * gy).squareRoot())
            return (at(x, y), gx / len, gy / len)
        }
    }

    /// The colour matrix of the face: saturation, black/white levels, wash, tint.
    static func faceMatrix(_ m: GlassMaterial) -> ColorMatrix {
        var matrix = ColorMatrix.saturation(m.saturation)
        let k = m.whiteLevel - m.blackLevel
        matrix = matrix.concatenating(
            ColorMatrix([k, 0, 0, 0, m.blackLevel, 0, k, 0, 0, m.blackLevel, 0, 0, k, 0, m.blackLevel, 0, 0, 0, 1, 0]))
        func mix(_ c: RGBA, _ t: Double) -> ColorMatrix {
            ColorMatrix([1 - t, 0, 0, 0, c.red * t, 0, 1 - t, 0, 0, c.green * t, 0, 0, 1 - t, 0, c.blue * t, 0, 0, 0, 1, 0])
        }
        matrix = matrix.concatenating(mix(m.wash, m.wash.alpha))
        if let tint = m.tint { matrix = matrix.concatenating(mix(tint, m.tintOpacity)) }
        return matrix
    }

    /// The face matrix, darkened when the backdrop is bright enough to lift the face above the
    /// material's `maxFaceLuminance` (measured on the mean colour of the backdrop).
    static func adaptiveMatrix(_ m: GlassMaterial, backdrop: Pixmap) -> ColorMatrix {
        let matrix = faceMatrix(m)
        guard let target = m.maxFaceLuminance else { return matrix }
        var sum = SIMD3<Double>(0, 0, 0)
        var n = 0.0
        let step = max(1, backdrop.pixels.count / 4096)
        for i in stride(from: 0, to: backdrop.pixels.count, by: step) {
            let v = backdrop.pixels[i]
            sum += SIMD3(Double(v & 0xFF), Double((v >> 8) & 0xFF), Double((v >> 16) & 0xFF)) / 255
            n += 1
        }
        let mean = sum / max(1, n)
        let f = matrix.m
        func row(_ r: Int) -> Double { f[r * 5] * mean.x + f[r * 5 + 1] * mean.y + f[r * 5 + 2] * mean.z + f[r * 5 + 4] }
        let faceColor = RGBA(red: min(1, max(0, row(0))), green: min(1, max(0, row(1))), blue: min(1, max(0, row(2))))
        let l = faceColor.relativeLuminance
        guard l > target else { return matrix }
        // Luminance is about the 2.2 power of sRGB values: scale them by (target / l)^(1/2.2).
        let k = pow(target / l, 1 / 2.2)
        return matrix.concatenating(ColorMatrix([k, 0, 0, 0, 0, 0, k, 0, 0, 0, 0, 0, k, 0, 0, 0, 0, 0, 1, 0]))
    }

    /// Renders the glass face for a `width`×`height` pixel shape. `backdrop` is what lies behind it,
    /// `margin` pixels larger on every side (so the blur has real pixels at the edges).
    static func render(
        backdrop: Pixmap, margin: Int, width: Int, height: Int, shape: Shape, material m: GlassMaterial,
        scale: Double, prepared: PreparedBlur? = nil, straightSides: Bool = true
    ) -> Pixmap {
        // The blurred, washed backdrop, computed for the widget and a bezel-wide ring around it
        // (refraction samples a little outside).
        let ring = min(margin, Int((m.refraction * scale).rounded(.up)) + 2)
        // (`prepared`: the backdrop already blurred at low resolution with this σ, shared by the
        // materials that have it; the same pixels.)
        let region = IntRect(x: margin - ring, y: margin - ring, width: width + 2 * ring, height: height + 2 * ring)
        let matrix = adaptiveMatrix(m, backdrop: backdrop)
        let face =
            prepared?.blurred(region: region, colorMatrix: matrix)
            ?? GaussianBlur.blurred(backdrop, sigma: m.blur * scale, region: region, edge: .clamp, colorMatrix: matrix)
        let margin = ring
        var out = Pixmap(width: width, height: height)!
        let bezel = max(1, m.bezel * scale)
        let rim = max(0.5, m.rimWidth * scale)
        let refraction = m.refraction * scale
        let borderWidth = (m.outlineWidth ?? 0) * scale
        let la = m.lightAngle * Double.pi / 180
        let light = (cos(la), sin(la))
        let bw = face.width
        // Points further than `inner` from every side are at least a bezel deep (the corner
        // radius counts: inside the rounded corners the edge comes closer).
        let inner: Double
        switch shape {
        case .roundedRect(_, _, let r): inner = max(bezel, r)
        case .circle(let w, let h): inner = min(w, h) / 2
        case .field: inner = .infinity  // no straight interior span: every pixel asks the field
        }
        // Along a straight side every pixel of a column (or row) has the same distance and normal,
        // so the same refraction shift and rim lift: the last ones computed are kept per column
        // and for the pixel to the left, and reused when the distance and normal are equal.
        /// Refraction shift and rim lift of a bezel pixel `depth` inside the edge, normal (nx, ny).
        func bezelValue(_ depth: Double, _ nx: Double, _ ny: Double) -> SIMD2<Double> {
            // Refraction: sample the face from further inside, most at the very edge
            // (the slope of a convex squircle bezel falls off as (1 − t)³).
            let t = max(0, min(1, depth / bezel))
            let u = 1 - t
            let shift = refraction * u * u * u
            // Specular rim: strongest where the edge faces the light, weaker opposite;
            // a Gaussian falloff over the rim width (exp(−d²) ≈ 1/(1 + d² + d⁴/2)).
            let d2 = (depth / rim) * (depth / rim)
            let edge = 1 / (1 + d2 + d2 * d2 * 0.5)
            let facing = nx * light.0 + ny * light.1
            let spec = m.rimIntensity * edge * (max(0, facing) * max(0, facing) + 0.45 * max(0, -facing) * max(0, -facing))
            // A hairline fading over 1.5 px, or a solid border of the material's width.
            let hair =
                borderWidth > 0
                ? m.outlineOpacity * max(0, min(1, borderWidth + 0.5 - depth))
                : (depth < 1.5 ? m.outlineOpacity * max(0, 1 - depth / 1.5) : 0)
            return SIMD2(shift, min(1, spec + hair))
        }
        // Straight sides of a rounded rectangle, without the per-pixel distance and sampling:
        // along the top and bottom sides a row's pixels share one distance and a vertical normal,
        // so they sample the face at their own column, between two rows with one weight; along
        // the left and right sides (rows between the corners) a column's pixels share one distance
        // and a horizontal normal, so they sample their own row, between two columns with one
        // weight per column. `sample` at such points reduces exactly to those lerps (a weight of
        // 0 leaves a pixel as it is), so the pixels are the per-pixel path's (test).
        let straight: (r: Double, hx: Double, hy: Double, w: Double, h: Double)? = {
            guard straightSides, case .roundedRect(let w, let h, let rIn) = shape else { return nil }
            let r = min(rIn, min(w, h) / 2)
            return (r, w / 2 - r, h / 2 - r, w, h)
        }()
        // Per column along the left and right sides: nil (ask per pixel), copy (a bezel deep or
        // more), or the two source columns, their weight and the rim lift.
        enum SideColumn {
            case perPixel
            case copy
            case lerp(x0: Int, x1: Int, wx: UInt32, lift: Double)
        }
        var sideColumns: [SideColumn]? = nil
        func sideColumn(_ x: Int, py: Double) -> SideColumn {
            guard let g = straight else { return .perPixel }
            let px = Double(x) + 0.5
            // qx > 0 > qy: `signedDistance` takes its side branch for every such row.
            guard abs(px - g.w / 2) - g.hx > 0 else { return .perPixel }
            let (dist, nx, ny) = signedDistance(shape, px, py)
            guard ny == 0, nx != 0 else { return .perPixel }
            let depth = -dist
            if depth >= bezel { return .copy }
            let value = bezelValue(depth, nx, ny)
            let sx = px - nx * value.x + Double(margin) - 0.5
            let fx = floorExact(sx)
            let x0 = max(0, min(face.width - 1, Int(fx)))
            return .lerp(
                x0: x0, x1: min(face.width - 1, x0 + 1), wx: UInt32(max(0, min(256, roundNonNegative((sx - fx) * 256)))),
                lift: value.y)
        }
        var columnKey = [SIMD3<Double>](repeating: SIMD3(.nan, .nan, .nan), count: width)
        var columnValue = [SIMD2<Double>](repeating: .zero, count: width)
        face.pixels.withUnsafeBufferPointer { src in
            out.pixels.withUnsafeMutableBufferPointer { dst in
                for y in 0..<height {
                    var leftKey = SIMD3<Double>(.nan, .nan, .nan)
                    var leftValue = SIMD2<Double>.zero
                    let py = Double(y) + 0.5
                    let rowSrc = src.baseAddress! + (y + margin) * bw + margin
                    let rowDst = dst.baseAddress! + y * width
                    // The interior span of this row is a straight copy of the washed backdrop.
                    var spanStart = width
                    var spanEnd = width
                    if py >= inner && py <= Double(height) - inner {
                        spanStart = max(0, Int(bezel.rounded(.up)))
                        spanEnd = max(spanStart, width - Int(bezel.rounded(.up)))
                    } else if let (a, b) = cornerRowSpan(shape, py: py, bezel: bezel, width: width) {
                        spanStart = a
                        spanEnd = b
                    }
                    if spanStart < spanEnd {
                        rowDst.advanced(by: spanStart).update(from: rowSrc.advanced(by: spanStart), count: spanEnd - spanStart)
                    }
                    // A top or bottom side's span in the bezel: one distance and normal for the row.
                    var flatStart = width
                    var flatEnd = width
                    if let g = straight, spanStart >= spanEnd {
                        let dy = py - g.h / 2
                        let qy = abs(dy) - g.hy
                        // Columns with qx ≤ 0 < qy (a pixel inside the exact ones, as cornerRowSpan).
                        let a = max(0, Int((g.w / 2 - g.hx - 0.5).rounded(.up)) + 1)
                        let b = min(width, Int((g.w / 2 + g.hx - 0.5).rounded(.down)))
                        if qy > 0, a < b {
                            let (dist, nx, ny) = signedDistance(shape, Double(a) + 0.5, py)
                            let end = signedDistance(shape, Double(b - 1) + 0.5, py)
                            if nx == 0, ny != 0, end.0 == dist, end.1 == nx, end.2 == ny, -dist < bezel {
                                let value = bezelValue(-dist, nx, ny)
                                let sy = py - ny * value.x + Double(margin) - 0.5
                                let fy = floorExact(sy)
                                let y0 = max(0, min(face.height - 1, Int(fy)))
                                let y1 = min(face.height - 1, y0 + 1)
                                let wy = UInt32(max(0, min(256, roundNonNegative((sy - fy) * 256))))
                                let row0 = src.baseAddress! + y0 * bw
                                let row1 = src.baseAddress! + y1 * bw
                                let lift = value.y
                                for x in a..<b {
                                    let sx = min(bw - 1, x + margin)
                                    var c = lerpPixel256(row0[sx], row1[sx], wy)
                                    if lift > 0.002 { c = screen(c, lift) }
                                    rowDst[x] = c
                                }
                                flatStart = a
                                flatEnd = b
                            }
                        }
                    }
                    // The left and right sides' bezels, between the corners: per column values.
                    var sides = false
                    if let g = straight, spanStart < spanEnd, py >= inner, py <= Double(height) - inner,
                        abs(py - g.h / 2) - g.hy < 0
                    {
                        if sideColumns == nil {
                            sideColumns = [SideColumn](repeating: .perPixel, count: width)
                            for x in 0..<width where x < spanStart || x >= spanEnd { sideColumns![x] = sideColumn(x, py: py) }
                        }
                        sides = true
                    }
                    // The pixels left and right of the span (not a test per interior pixel).
                    var x = 0
                    while x < width {
                        if x == spanStart && spanStart < spanEnd { x = spanEnd }
                        if x == flatStart { x = flatEnd }
                        if x >= width { break }
                        if sides {
                            switch sideColumns![x] {
                            case .perPixel: break
                            case .copy:
                                rowDst[x] = rowSrc[x]
                                x += 1
                                continue
                            case .lerp(let x0, let x1, let wx, let lift):
                                let row = src.baseAddress! + max(0, min(face.height - 1, y + margin)) * bw
                                var c = lerpPixel256(row[x0], row[x1], wx)
                                if lift > 0.002 { c = screen(c, lift) }
                                rowDst[x] = c
                                x += 1
                                continue
                            }
                        }
                        let px = Double(x) + 0.5
                        let (dist, nx, ny) = signedDistance(shape, px, py)
                        let depth = -dist
                        if depth >= bezel {
                            rowDst[x] = rowSrc[x]
                            x += 1
                            continue
                        }
                        let key = SIMD3(dist, nx, ny)
                        let value: SIMD2<Double>
                        if key == leftKey {
                            value = leftValue
                        } else if key == columnKey[x] {
                            value = columnValue[x]
                        } else {
                            value = bezelValue(depth, nx, ny)
                        }
                        leftKey = key
                        leftValue = value
                        columnKey[x] = key
                        columnValue[x] = value
                        let shift = value.x
                        let lift = value.y
                        var c = sample(
                            src.baseAddress!, bw, face.height, px - nx * shift + Double(margin), py - ny * shift + Double(margin))
                        if lift > 0.002 { c = screen(c, lift) }
                        rowDst[x] = c
                        x += 1
                    }
                }
            }
        }
        return out
    }

    /// In a row that crosses the rounded corners, the columns between the corners are all at the
    /// same depth (the distance to the top or bottom side). When that depth is a whole bezel or
    /// more they are interior and copied as a span; the columns returned are a pixel inside the
    /// exact ones, and computed as `signedDistance` computes them, so every pixel gets the value
    /// the per-pixel path would give it.
    static func cornerRowSpan(_ s: Shape, py: Double, bezel: Double, width: Int) -> (Int, Int)? {
        guard case .roundedRect(let w, let h, let rIn) = s else { return nil }
        let r = min(rIn, min(w, h) / 2)
        let hx = w / 2 - r
        let hy = h / 2 - r
        let qy = abs(py - h / 2) - hy
        // qx ≤ 0 < qy: signedDistance returns qy − r for every column in the span.
        guard qy > 0, -(qy - r) >= bezel, hx > 2 else { return nil }
        let a = max(0, Int((w / 2 - hx - 0.5).rounded(.up)) + 1)
        let b = min(width, Int((w / 2 + hx - 0.5).rounded(.down)))
        return a < b ? (a, b) : nil
    }

    /// Signed distance (negative inside) and outward unit normal at a point, in pixels. The
    /// continuous corner is approximated by a circular one here: the difference is under a pixel
    /// in the bezel, and the canvas clip draws the true outline.
    static func signedDistance(_ s: Shape, _ x: Double, _ y: Double) -> (Double, Double, Double) {
        switch s {
        case .field(let f): return f.sample(x, y)
        case .circle(let w, let h):
            let r = min(w, h) / 2
            let dx = x - w / 2
            let dy = y - h / 2
            let len = max(1e-9, (dx * dx + dy * dy).squareRoot())
            return (len - r, dx / len, dy / len)
        case .roundedRect(let w, let h, let rIn):
            let r = min(rIn, min(w, h) / 2)
            let hx = w / 2 - r
            let hy = h / 2 - r
            let dx = x - w / 2
            let dy = y - h / 2
            let qx = abs(dx) - hx
            let qy = abs(dy) - hy
            if qx > 0 && qy > 0 {
                let len = (qx * qx + qy * qy).squareRoot()
                return (len - r, (dx < 0 ? -qx : qx) / len, (dy < 0 ? -qy : qy) / len)
            }
            if qx > qy { return (qx - r, dx < 0 ? -1 : 1, 0) }
            return (qy - r, 0, dy < 0 ? -1 : 1)
        }
    }

    /// Bilinear sample of a premultiplied pixmap at a continuous position (pixel centres at +0.5).
    @inline(__always)
    static func sample(_ p: UnsafePointer<UInt32>, _ w: Int, _ h: Int, _ x: Double, _ y: Double) -> UInt32 {
        let sx = x - 0.5
        let sy = y - 0.5
        let fx = floorExact(sx)
        let fy = floorExact(sy)
        let x0 = max(0, min(w - 1, Int(fx)))
        let y0 = max(0, min(h - 1, Int(fy)))
        let x1 = min(w - 1, x0 + 1)
        let y1 = min(h - 1, y0 + 1)
        let wx = UInt32(max(0, min(256, roundNonNegative((sx - fx) * 256))))
        let wy = UInt32(max(0, min(256, roundNonNegative((sy - fy) * 256))))
        let top = lerpPixel256(p[y0 * w + x0], p[y0 * w + x1], wx)
        let bottom = lerpPixel256(p[y1 * w + x0], p[y1 * w + x1], wx)
        return lerpPixel256(top, bottom, wy)
    }

    /// Screen-blends white at `amount` (0…1) onto an opaque pixel: c + (1 − c)·amount.
    @inline(__always)
    static func screen(_ c: UInt32, _ amount: Double) -> UInt32 {
        let k = UInt32(amount * 255 + 0.5)
        let inv = scalePixel(0x00FF_FFFF & ~c | (c & 0xFF00_0000), k)
        return c &+ (inv & 0x00FF_FFFF)
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
