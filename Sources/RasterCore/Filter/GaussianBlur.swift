import CKernels

// Gaussian blur of premultiplied pixels, separable, three ways by size:
//
//  • σ < 2: the exact sampled kernel (radius ⌈3σ⌉), convolved directly.
//  • 2 ≤ σ < 6: three "extended box" passes per axis (a box with fractional end weights,
//    Gwosdek et al. 2011), each with variance σ²/3, so the total variance is exactly σ². Max
//    error against the exact kernel is stated and tested in BlurTests.
//  • σ ≥ 6: the image is box-averaged down by k = 2, 4 or 8, blurred there with five
//    extended-box passes (lowResolutionPasses), and bilinearly upsampled. The down- and up-sampling filters are themselves blurs,
//    so their variance (k²−1)/12 + k²/6 is subtracted from σ² before blurring at low
//    resolution. At σ = 30 this is ~20× less work than full-resolution box passes and the
//    result differs from the exact Gaussian by at most a couple of 8-bit levels.
//
// Work buffers are premultiplied SIMD4<Float>; every pass is a plain running sum, done in the
// same order on every machine, so results are byte-identical across runs and core counts.

/// What the blur sees outside the image.
public enum BlurEdgeMode: Sendable {
    /// Edge pixels repeat outwards: a backdrop blur keeps its colour to the border.
    case clamp
    /// Everything outside is transparent: a shadow fades out at the border.
    case transparent
}

public enum GaussianBlur {
    /// Blurs `pixmap` in place with standard deviation `sigma` pixels (both axes).
    /// - Parameter colorMatrix: applied to the blurred colour (at the low resolution of the large-σ
    ///   path, where it is nearly free). Exact for opaque images only, where straight and
    ///   premultiplied colour agree; backdrops are opaque.
    /// The largest σ worth computing for an image: beyond a few image sizes the result no longer
    /// changes visibly, while the edge padding (`.clamp` replicates as far as the blur reaches)
    /// would grow without bound (σ = 10⁹ took minutes).
    static func effectiveSigma(_ sigma: Double, width: Int, height: Int) -> Double {
        Swift.min(sigma, Double(Swift.max(width, height)) * 2 + 16)
    }

    public static func apply(to pixmap: inout Pixmap, sigma requested: Double, edge: BlurEdgeMode = .clamp, colorMatrix: ColorMatrix? = nil)
    {
        let sigma = effectiveSigma(requested, width: pixmap.width, height: pixmap.height)
        guard sigma.isFinite, sigma > 0.3 else {
            colorMatrix?.apply(to: &pixmap)
            return
        }
        if sigma >= 6 {
            applyDownsampled(to: &pixmap, sigma: sigma, edge: edge, colorMatrix: colorMatrix)
            return
        }
        defer { colorMatrix?.apply(to: &pixmap) }
        var plane = FloatImage(pixmap)
        if sigma < 2 {
            plane.convolveExact(sigma: sigma, edge: edge)
        } else {
            plane.boxBlur(GaussianBlur.boxes(sigma: sigma), edge: edge)
        }
        plane.store(into: &pixmap)
    }

    /// σ ≥ 6: average k×k blocks straight from the pixmap into a small float image (edges
    /// replicated virtually, as far as the blur reaches), blur that, and interpolate back into
    /// the pixmap. Full-resolution pixels are read once and written once; no full-size
    /// temporary is allocated.
    /// The blur of `pixmap` computed only for `region` (the pixels outside it are read, as
    /// context, but not produced): what a backdrop blur needs when its margin only feeds the edges.
    /// Uses the same paths and gives the same pixels as `apply` followed by a crop.
    public static func blurred(
        _ pixmap: Pixmap, sigma requested: Double, region: IntRect, edge: BlurEdgeMode = .clamp,
        colorMatrix: ColorMatrix? = nil
    ) -> Pixmap {
        let sigma = effectiveSigma(requested, width: pixmap.width, height: pixmap.height)
        let r = region.intersection(pixmap.bounds)
        if sigma >= 6 && !r.isEmpty {
            var out = Pixmap(width: r.width, height: r.height)!
            downsampledBlur(pixmap, into: &out, offsetX: r.x, offsetY: r.y, sigma: sigma, edge: edge, colorMatrix: colorMatrix)
            return out
        }
        var p = pixmap
        apply(to: &p, sigma: sigma, edge: edge, colorMatrix: colorMatrix)
        return p.cropped(to: r) ?? p
    }

    /// The colour-independent part of `blurred` for a large σ: the source downsampled and blurred
    /// at low resolution, kept so that several regions and colour matrices (the glass looks that
    /// share a blur radius) can be finished from one blur. nil when σ takes the full-resolution
    /// path (then call `blurred`).
    public static func prepare(_ pixmap: Pixmap, sigma requested: Double, edge: BlurEdgeMode = .clamp) -> PreparedBlur? {
        let sigma = effectiveSigma(requested, width: pixmap.width, height: pixmap.height)
        guard sigma >= 6 else { return nil }
        let (k, pad, boxes, lowSigma) = downsampling(sigma: sigma, edge: edge)
        var small = FloatImage.downsampling(pixmap, by: k, pad: pad)
        if lowSigma >= 2 { small.boxBlur(boxes, edge: edge) } else if lowSigma > 0.3 { small.convolveExact(sigma: lowSigma, edge: edge) }
        return PreparedBlur(small: small, k: k, pad: pad, edge: edge, bounds: pixmap.bounds)
    }

    /// The low-resolution factor, padding and box passes of the large-σ path.
    static func downsampling(sigma: Double, edge: BlurEdgeMode) -> (k: Int, pad: Int, boxes: [ExtendedBox], lowSigma: Double) {
        let k = sigma >= 24 ? 8 : (sigma >= 12 ? 4 : 2)
        let samplingVariance = Double(k * k - 1) / 12 + Double(k * k) / 6
        let lowSigma = (Swift.max(0, sigma * sigma - samplingVariance)).squareRoot() / Double(k)
        let boxes = GaussianBlur.boxes(sigma: lowSigma, passes: lowResolutionPasses)
        // Clamped edges are replicated at full resolution before averaging: a single edge pixel
        // must extend outwards, not its block's average. `pad` is a multiple of k.
        let pad = edge == .clamp ? (boxes.reduce(0) { $0 + $1.reach } + 2) * k : 0
        return (k, pad, boxes, lowSigma)
    }

    static func applyDownsampled(to pixmap: inout Pixmap, sigma: Double, edge: BlurEdgeMode, colorMatrix: ColorMatrix? = nil) {
        let source = pixmap
        downsampledBlur(source, into: &pixmap, offsetX: 0, offsetY: 0, sigma: sigma, edge: edge, colorMatrix: colorMatrix)
    }

    /// The large-σ path, writing `out` as the region of the blurred source at (offsetX, offsetY).
    static func downsampledBlur(
        _ pixmap: Pixmap, into out: inout Pixmap, offsetX: Int, offsetY: Int, sigma: Double,
        edge: BlurEdgeMode, colorMatrix: ColorMatrix?
    ) {
        let (k, pad, boxes, lowSigma) = downsampling(sigma: sigma, edge: edge)
        var small = FloatImage.downsampling(pixmap, by: k, pad: pad)
        if lowSigma >= 2 { small.boxBlur(boxes, edge: edge) } else if lowSigma > 0.3 { small.convolveExact(sigma: lowSigma, edge: edge) }
        if let colorMatrix { small.apply(colorMatrix) }
        small.upsample(by: k, pad: pad, offsetX: offsetX, offsetY: offsetY, into: &out, edge: edge)
    }

    /// Box passes at low resolution, where the image is k² times smaller: five passes follow the
    /// Gaussian's shape more closely than three (the step response error drops from ~1% to ~0.4%).
    static let lowResolutionPasses = 5

    /// An "extended box" (Gwosdek, Grewenig, Bruhn, Weickert 2011): a box of radius r plus a
    /// fractional weight α at ±(r + 1), so its variance can be any value, not only r(r + 1)/3.
    /// `passes` of them, each with variance σ²/passes, add up to exactly σ².
    struct ExtendedBox: Equatable {
        let radius: Int
        let alpha: Float
        /// 1 / total weight.
        let scale: Float

        init(variance v: Double) {
            var r = Int(((12 * v + 1).squareRoot() - 1) / 2)
            while Double(r * (r + 1)) / 3 > v { r -= 1 }
            while Double((r + 1) * (r + 2)) / 3 <= v { r += 1 }
            let rr = Double(r)
            let a = (2 * rr + 1) * (rr * (rr + 1) / 3 - v) / (2 * (v - (rr + 1) * (rr + 1)))
            radius = r
            alpha = Float(Swift.max(0, Swift.min(1, a)))
            scale = 1 / (Float(2 * r + 1) + 2 * alpha)
        }
        /// How far the filter reads from the output pixel.
        var reach: Int { radius + 1 }
    }

    /// The boxes whose variances add up to σ².
    static func boxes(sigma: Double, passes: Int = 3) -> [ExtendedBox] {
        Array(repeating: ExtendedBox(variance: sigma * sigma / Double(passes)), count: passes)
    }
}

/// A source blurred at low resolution (`GaussianBlur.prepare`), from which regions are finished.
public final class PreparedBlur: @unchecked Sendable {
    let small: FloatImage
    let k: Int
    let pad: Int
    let edge: BlurEdgeMode
    /// The source's bounds.
    public let bounds: IntRect
    init(small: FloatImage, k: Int, pad: Int, edge: BlurEdgeMode, bounds: IntRect) {
        self.small = small
        self.k = k
        self.pad = pad
        self.edge = edge
        self.bounds = bounds
    }
    /// Bytes held.
    public var byteCount: Int { small.px.count * 16 }

    /// The same pixels as `GaussianBlur.blurred(source, sigma:, region:, edge:, colorMatrix:)`.
    public func blurred(region: IntRect, colorMatrix: ColorMatrix? = nil) -> Pixmap? {
        let r = region.intersection(bounds)
        // The upsample writes every pixel.
        guard !r.isEmpty, var out = Pixmap.unfilled(width: r.width, height: r.height) else { return nil }
        if let colorMatrix {
            var s = small
            s.apply(colorMatrix)
            s.upsample(by: k, pad: pad, offsetX: r.x, offsetY: r.y, into: &out, edge: edge)
        } else {
            small.upsample(by: k, pad: pad, offsetX: r.x, offsetY: r.y, into: &out, edge: edge)
        }
        return out
    }
}

/// A premultiplied image as SIMD4<Float> (r, g, b, a in 0...255) for filtering.
struct FloatImage {
    let width: Int
    let height: Int
    var px: [SIMD4<Float>]

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        px = [SIMD4<Float>](repeating: .zero, count: width * height)
    }

    init(_ p: Pixmap) {
        self.init(width: p.width, height: p.height)
        px.withUnsafeMutableBufferPointer { out in
            p.pixels.withUnsafeBufferPointer { src in
                for i in 0..<src.count {
                    let v = src[i]
                    out[i] = SIMD4(Float(v & 0xFF), Float((v >> 8) & 0xFF), Float((v >> 16) & 0xFF), Float(v >> 24))
                }
            }
        }
    }

    func store(into p: inout Pixmap) {
        px.withUnsafeBufferPointer { src in
            p.pixels.withUnsafeMutableBufferPointer { out in
                for i in 0..<out.count { out[i] = FloatImage.quantize(src[i]) }
            }
        }
    }

    // MARK: Box passes

    /// Three extended-box passes per axis. With `.clamp`, the image is first padded with copies of
    /// its edge pixels as far as the passes reach, so every pass sees the same extended image a
    /// single Gaussian would (re-clamping after each pass would repeat already-blurred edges).
    mutating func boxBlur(_ boxes: [GaussianBlur.ExtendedBox], edge: BlurEdgeMode) {
        if edge == .clamp {
            let pad = boxes.reduce(0) { $0 + $1.reach }
            var big = padded(by: pad)
            big.boxPasses(boxes, edge: .clamp)
            self = big.cropped(by: pad, width: width, height: height)
        } else {
            boxPasses(boxes, edge: .transparent)
        }
    }

    private mutating func boxPasses(_ boxes: [GaussianBlur.ExtendedBox], edge: BlurEdgeMode) {
        var tmp = FloatImage(width: width, height: height)
        for box in boxes {
            boxHorizontal(into: &tmp, box, edge: edge)
            tmp.boxVertical(into: &self, box, edge: edge)
        }
    }

    /// The image grown by `pad` pixels on every side, edge pixels repeated outwards.
    func padded(by pad: Int) -> FloatImage {
        var out = FloatImage(width: width + 2 * pad, height: height + 2 * pad)
        let ow = out.width
        px.withUnsafeBufferPointer { src in
            out.px.withUnsafeMutableBufferPointer { dst in
                for y in 0..<out.height {
                    let sy = Swift.max(0, Swift.min(height - 1, y - pad))
                    let srow = src.baseAddress! + sy * width
                    let drow = dst.baseAddress! + y * ow
                    drow.update(repeating: srow[0], count: pad)
                    (drow + pad).update(from: srow, count: width)
                    (drow + pad + width).update(repeating: srow[width - 1], count: pad)
                }
            }
        }
        return out
    }

    /// The inner `width`×`height` pixels of an image padded by `pad`.
    func cropped(by pad: Int, width w: Int, height h: Int) -> FloatImage {
        var out = FloatImage(width: w, height: h)
        px.withUnsafeBufferPointer { src in
            out.px.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h {
                    (dst.baseAddress! + y * w).update(from: src.baseAddress! + (y + pad) * width + pad, count: w)
                }
            }
        }
        return out
    }

    /// Each output pixel is the weighted mean of the 2r+1 pixels centred on it along the row,
    /// plus α of the next pixel on each side: a running sum, so the cost does not grow with r.
    func boxHorizontal(into out: inout FloatImage, _ box: GaussianBlur.ExtendedBox, edge: BlurEdgeMode) {
        let w = width
        let r = box.radius
        let scale = SIMD4<Float>(repeating: box.scale)
        let alpha = SIMD4<Float>(repeating: box.alpha)
        let clamp = edge == .clamp
        px.withUnsafeBufferPointer { src in
            out.px.withUnsafeMutableBufferPointer { dst in
                for y in 0..<height {
                    let row = src.baseAddress! + y * w
                    let o = dst.baseAddress! + y * w
                    @inline(__always) func at(_ x: Int) -> SIMD4<Float> {
                        if x < 0 { return clamp ? row[0] : .zero }
                        if x >= w { return clamp ? row[w - 1] : .zero }
                        return row[x]
                    }
                    var sum = SIMD4<Float>.zero
                    for x in -r...r { sum += at(x) }
                    for x in 0..<w {
                        let outer = at(x - r - 1) + at(x + r + 1)
                        o[x] = (sum + alpha * outer) * scale
                        sum += at(x + r + 1) - at(x - r)
                    }
                }
            }
        }
    }

    /// The same along columns, a whole row at a time so memory is read in order.
    func boxVertical(into out: inout FloatImage, _ box: GaussianBlur.ExtendedBox, edge: BlurEdgeMode) {
        let w = width
        let h = height
        let r = box.radius
        let scale = SIMD4<Float>(repeating: box.scale)
        let alpha = SIMD4<Float>(repeating: box.alpha)
        let clamp = edge == .clamp
        var sums = [SIMD4<Float>](repeating: .zero, count: w)
        let zeros = [SIMD4<Float>](repeating: .zero, count: w)
        px.withUnsafeBufferPointer { src in
            out.px.withUnsafeMutableBufferPointer { dst in
                sums.withUnsafeMutableBufferPointer { s in
                    zeros.withUnsafeBufferPointer { z in
                        let base = src.baseAddress!
                        @inline(__always) func row(_ y: Int) -> UnsafePointer<SIMD4<Float>> {
                            if y < 0 { return clamp ? base : z.baseAddress! }
                            if y >= h { return clamp ? base + (h - 1) * w : z.baseAddress! }
                            return base + y * w
                        }
                        for y in -r...r {
                            let p = row(y)
                            for x in 0..<w { s[x] += p[x] }
                        }
                        for y in 0..<h {
                            let o = dst.baseAddress! + y * w
                            let above = row(y - r - 1)
                            let below = row(y + r + 1)
                            let leaving = row(y - r)
                            for x in 0..<w {
                                o[x] = (s[x] + alpha * (above[x] + below[x])) * scale
                                s[x] += below[x] - leaving[x]
                            }
                        }
                    }
                }
            }
        }
    }

    // MARK: Exact kernel

    mutating func convolveExact(sigma: Double, edge: BlurEdgeMode) {
        let kernel = FloatImage.gaussianKernel(sigma: sigma)
        var tmp = FloatImage(width: width, height: height)
        convolve(kernel, into: &tmp, horizontal: true, edge: edge)
        tmp.convolve(kernel, into: &self, horizontal: false, edge: edge)
    }

    /// Normalised weights for offsets −r...r, r = ⌈3σ⌉.
    static func gaussianKernel(sigma: Double) -> [Float] {
        let r = Swift.max(1, Int((3 * sigma).rounded(.up)))
        var k = (-r...r).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = k.reduce(0, +)
        k = k.map { $0 / total }
        return k.map(Float.init)
    }

    func convolve(_ kernel: [Float], into out: inout FloatImage, horizontal: Bool, edge: BlurEdgeMode) {
        let r = kernel.count / 2
        let w = width
        let h = height
        let clamp = edge == .clamp
        let (n, lines, step, lineStep) = horizontal ? (w, h, 1, w) : (h, w, w, 1)
        px.withUnsafeBufferPointer { src in
            out.px.withUnsafeMutableBufferPointer { dst in
                kernel.withUnsafeBufferPointer { k in
                    for line in 0..<lines {
                        let base = src.baseAddress! + line * lineStep
                        let o = dst.baseAddress! + line * lineStep
                        for i in 0..<n {
                            var acc = SIMD4<Float>.zero
                            for j in -r...r {
                                var t = i + j
                                if t < 0 || t >= n {
                                    if !clamp { continue }
                                    t = t < 0 ? 0 : n - 1
                                }
                                acc += base[t * step] * k[j + r]
                            }
                            o[i * step] = acc
                        }
                    }
                }
            }
        }
    }

    /// Applies a colour matrix to opaque premultiplied (= straight) pixels in 0…255.
    mutating func apply(_ m: ColorMatrix) {
        let f = m.m.map(Float.init)
        let r0 = SIMD4<Float>(f[0], f[1], f[2], 0)
        let r1 = SIMD4<Float>(f[5], f[6], f[7], 0)
        let r2 = SIMD4<Float>(f[10], f[11], f[12], 0)
        let off = SIMD4<Float>(f[4], f[9], f[14], 0) * 255
        px.withUnsafeMutableBufferPointer { p in
            for i in 0..<p.count {
                let c = p[i]
                let a = c[3]
                var o = SIMD4<Float>((r0 * c).sum(), (r1 * c).sum(), (r2 * c).sum(), 0) + off * (a / 255)
                o = o.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: a))
                o[3] = a
                p[i] = o
            }
        }
    }

    // MARK: Resampling

    /// Box-averages k×k blocks of `p`, seen as padded by `pad` pixels of replicated edge on each
    /// side (`pad` = 0: no padding; partial blocks at the right and bottom count the missing
    /// pixels as transparent).
    static func downsampling(_ p: Pixmap, by k: Int, pad: Int) -> FloatImage {
        let w = p.width
        let h = p.height
        let pw = w + 2 * pad
        let ph = h + 2 * pad
        let sw = (pw + k - 1) / k
        let sh = (ph + k - 1) / k
        var out = FloatImage(width: sw, height: sh)
        // Source column of each padded column; -1 past the right edge when unpadded.
        let columns: [Int] = (0..<(sw * k)).map { x in
            let sx = x - pad
            if pad > 0 { return Swift.max(0, Swift.min(w - 1, sx)) }
            return sx < w ? sx : -1
        }
        let norm = 1 / Float(k * k)
        var acc = [SIMD4<UInt32>](repeating: .zero, count: sw)
        p.pixels.withUnsafeBufferPointer { src in
            out.px.withUnsafeMutableBufferPointer { dst in
                columns.withUnsafeBufferPointer { cols in
                    acc.withUnsafeMutableBufferPointer { a in
                        for sy in 0..<sh {
                            a.update(repeating: .zero)
                            for j in 0..<k {
                                let y = sy * k + j - pad
                                if pad == 0 && y >= h { break }
                                let row = src.baseAddress! + Swift.max(0, Swift.min(h - 1, y)) * w
                                for sx in 0..<sw {
                                    var sum = SIMD4<UInt32>.zero
                                    for i in 0..<k {
                                        let c = cols[sx * k + i]
                                        if c < 0 { break }
                                        let v = row[c]
                                        sum &+= SIMD4(v & 0xFF, (v >> 8) & 0xFF, (v >> 16) & 0xFF, v >> 24)
                                    }
                                    a[sx] &+= sum
                                }
                            }
                            let o = dst.baseAddress! + sy * sw
                            for sx in 0..<sw {
                                let v = a[sx]
                                o[sx] = SIMD4(Float(v[0]), Float(v[1]), Float(v[2]), Float(v[3])) * norm
                            }
                        }
                    }
                }
            }
        }
        return out
    }

    /// Bilinear upsampling by k into `p`, whose pixel (x, y) sits at (x + pad, y + pad) of the
    /// padded image this one was made from. Low-resolution texel centres are at k·(i + 0.5).
    func upsample(by k: Int, pad: Int, offsetX: Int = 0, offsetY: Int = 0, into p: inout Pixmap, edge: BlurEdgeMode) {
        let w = p.width
        let h = p.height
        let sw = width
        let sh = height
        let transparent = edge == .transparent && pad == 0
        // Per output column: the left texel (−1...sw−1, already clamped) and the weight of the right one.
        var x0s = [Int32](repeating: 0, count: w)
        var fxs = [Float](repeating: 0, count: w)
        for x in 0..<w {
            let s = (Double(x + offsetX + pad) + 0.5) / Double(k) - 0.5
            let f = s.rounded(.down)
            x0s[x] = Int32(Swift.max(-1, Swift.min(sw - 1, Int(f))))
            fxs[x] = Float(s - f)
            if Int(f) >= sw - 1 { fxs[x] = Int(f) >= sw ? 1 : fxs[x] }
        }
        // One interpolated low-resolution row, with a transparent (or repeated) texel each side.
        var line = [SIMD4<Float>](repeating: .zero, count: sw + 2)
        px.withUnsafeBufferPointer { src in
            p.pixels.withUnsafeMutableBufferPointer { out in
                line.withUnsafeMutableBufferPointer { ln in
                    let l = ln.baseAddress! + 1
                    for y in 0..<h {
                        let s = (Double(y + offsetY + pad) + 0.5) / Double(k) - 0.5
                        let f = s.rounded(.down)
                        let j0 = Int(f)
                        let fy = Float(s - f)
                        var wTop = 1 - fy
                        var wBottom = fy
                        if transparent {
                            if j0 < 0 { wTop = 0 }
                            if j0 + 1 >= sh { wBottom = 0 }
                        }
                        let r0 = src.baseAddress! + Swift.max(0, Swift.min(sh - 1, j0)) * sw
                        let r1 = src.baseAddress! + Swift.max(0, Swift.min(sh - 1, j0 + 1)) * sw
                        let vt = SIMD4<Float>(repeating: wTop)
                        let vb = SIMD4<Float>(repeating: wBottom)
                        for i in 0..<sw { l[i] = r0[i] * vt + r1[i] * vb }
                        l[-1] = transparent ? .zero : l[0]
                        l[sw] = transparent ? .zero : l[sw - 1]
                        let o = out.baseAddress! + y * w
                        x0s.withUnsafeBufferPointer { xs in
                            fxs.withUnsafeBufferPointer { fs in
                                // a + (b − a)·f and quantize, per pixel, in C (ckernels_upsample_row).
                                UnsafeRawPointer(ln.baseAddress!).withMemoryRebound(to: Float.self, capacity: (sw + 2) * 4) { flat in
                                    ckernels_upsample_row(flat, w, xs.baseAddress!, fs.baseAddress!, o)
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Rounds a premultiplied float pixel (components in 0...255) to packed RGBA8, keeping
    /// colour ≤ alpha. Adding 1.5·2²³ puts the rounded integer in the low mantissa bits (round to
    /// nearest even), which vectorises where a per-lane Float→Int conversion does not.
    @inline(__always)
    static func quantize(_ f: SIMD4<Float>) -> UInt32 {
        let magic = SIMD4<Float>(repeating: 12_582_912)
        let clamped = f.replacing(with: 0, where: f .< 0).replacing(with: 255, where: f .> 255)
        let bits = unsafeBitCast(clamped + magic, to: SIMD4<UInt32>.self) & 0xFF
        let a = bits[3]
        return Swift.min(bits[0], a) | Swift.min(bits[1], a) << 8 | Swift.min(bits[2], a) << 16 | a << 24
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
