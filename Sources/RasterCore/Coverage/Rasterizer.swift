// Exact-area anti-aliased scan conversion.
//
// Each line segment deposits, into a dense accumulation buffer covering the path's bounds, the
// signed area it sweeps inside every pixel cell it crosses plus the change of winding it causes
// to the cells on its right (the "signed area accumulation" method used by font-rs, FreeType's
// smooth rasterizer and stb_truetype 2). A running sum along each row then yields, for every
// pixel, the exact area of the pixel covered by the path, weighted by winding. There is no
// supersampling: a pixel half covered reads exactly 0.5.
//
// Non-zero clamps |winding area| to 1; even-odd folds it modulo 2. Where sub-paths of opposite
// direction overlap *inside one pixel* the result is the usual approximation of area-based
// rasterizers (FreeType, font-rs), exact everywhere else.
//
// Speed: every cell an edge touches is also marked in a bit-vector per row (as Blend2D does).
// Between two touched cells the running sum cannot change, so the row is emitted as
// alternating pieces: per-pixel coverage where edges pass, and constant runs in between. The
// inside of a large shape costs nothing here, and the blitter fills it as one run (a plain store
// for an opaque colour). Work is proportional to the length of the edges, not the area.
import WidgetModel

/// How overlapping or self-intersecting sub-paths decide what is inside.
public enum FillRule: String, Sendable, Hashable, CaseIterable {
    case nonZero
    case evenOdd
}

/// Receives the coverage of one row, left to right, in pieces.
public protocol CoverageSink {
    /// Pixels x..<x+coverage.count of row y, each with its own coverage (0...255).
    mutating func blend(y: Int, x: Int, coverage: UnsafeBufferPointer<UInt8>)
    /// Pixels x..<x+count of row y, all with the same coverage (1...255).
    mutating func blend(y: Int, x: Int, count: Int, coverage: UInt8)
}

/// Turns polygons into rows of 8-bit coverage. One per worker: it keeps its buffers between fills.
public final class CoverageRasterizer {
    private var acc: [Float] = []
    private var touched: [UInt64] = []
    private var rowMin: [Int32] = []
    private var rowMax: [Int32] = []
    private var coverage: [UInt8] = []

    public init() {}

    /// Rasterizes the closed polygons in `polylines` (each is closed implicitly) within `clip`
    /// and hands the coverage to `sink` row by row, top to bottom.
    public func rasterize<Sink: CoverageSink>(_ polylines: [Polyline], rule: FillRule, clip: IntRect, into sink: inout Sink) {
        // Bounds of all points, snapped out to whole pixels and clipped.
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        for line in polylines where line.points.count > 1 {
            for p in line.points {
                guard p.x.isFinite, p.y.isFinite else { return }  // a NaN or infinity draws nothing
                if p.x < minX { minX = p.x }
                if p.x > maxX { maxX = p.x }
                if p.y < minY { minY = p.y }
                if p.y > maxY { maxY = p.y }
            }
        }
        guard minX <= maxX else { return }
        // Parts of the path left or right of the clip are moved onto its edges (see
        // `addClipped`), so the clipped box is all that needs a buffer.
        let region = IntRect(enclosing: Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)).intersection(clip)
        guard !region.isEmpty else { return }
        let w = region.width
        let h = region.height
        let stride = w + 2
        let words = (stride + 63) / 64
        if acc.count < stride * h { acc = [Float](repeating: 0, count: stride * h) }
        if touched.count < words * h { touched = [UInt64](repeating: 0, count: words * h) }
        if rowMin.count < h {
            rowMin = [Int32](repeating: Int32.max, count: h)
            rowMax = [Int32](repeating: Int32.min, count: h)
        }
        if coverage.count < stride { coverage = [UInt8](repeating: 0, count: stride) }

        let ox = Double(region.x)
        let oy = Double(region.y)
        acc.withUnsafeMutableBufferPointer { accBuf in
            touched.withUnsafeMutableBufferPointer { bits in
                rowMin.withUnsafeMutableBufferPointer { rmin in
                    rowMax.withUnsafeMutableBufferPointer { rmax in
                        var edges = EdgeAccumulator(
                            acc: accBuf.baseAddress!, touched: bits.baseAddress!, words: words,
                            rowMin: rmin.baseAddress!, rowMax: rmax.baseAddress!,
                            width: w, height: h, stride: stride)
                        for line in polylines where line.points.count > 1 {
                            let pts = line.points
                            var prev = pts[pts.count - 1]
                            for p in pts {
                                edges.addClipped(Float(prev.x - ox), Float(prev.y - oy), Float(p.x - ox), Float(p.y - oy))
                                prev = p
                            }
                        }
                    }
                }
            }
        }

        let evenOdd = rule == .evenOdd
        @inline(__always) func toCoverage(_ sum: Float) -> UInt8 {
            let a = abs(sum)
            let c: Float
            if evenOdd {
                let m = a.truncatingRemainder(dividingBy: 2)
                c = m > 1 ? 2 - m : m
            } else {
                c = min(a, 1)
            }
            return UInt8(c * 255 + 0.5)
        }
        acc.withUnsafeMutableBufferPointer { accBuf in
            touched.withUnsafeMutableBufferPointer { bitsBuf in
                coverage.withUnsafeMutableBufferPointer { covBuf in
                    let cov = covBuf.baseAddress!
                    for row in 0..<h {
                        let lo = Int(rowMin[row])
                        let hi = Int(rowMax[row])
                        guard lo <= hi else { continue }
                        rowMin[row] = Int32.max
                        rowMax[row] = Int32.min
                        let line = accBuf.baseAddress! + row * stride
                        let bits = bitsBuf.baseAddress! + row * words
                        let y = region.y + row
                        let lastWord = hi >> 6
                        /// The first touched cell at or after `from`, or Int.max.
                        @inline(__always) func nextTouched(_ from: Int) -> Int {
                            var word = from >> 6
                            if word > lastWord { return Int.max }
                            var m = bits[word] & (~UInt64(0) << UInt64(from & 63))
                            while m == 0 {
                                word += 1
                                if word > lastWord { return Int.max }
                                m = bits[word]
                            }
                            return (word << 6) + m.trailingZeroBitCount
                        }
                        @inline(__always) func isTouched(_ i: Int) -> Bool { (bits[i >> 6] >> UInt64(i & 63)) & 1 != 0 }
                        var sum: Float = 0
                        var x = lo  // first cell not yet emitted
                        var cell = nextTouched(lo)
                        while cell <= hi {
                            // Cells x..<cell are untouched: the coverage stays constant.
                            if cell > x && x < w {
                                let c = toCoverage(sum)
                                if c != 0 { sink.blend(y: y, x: region.x + x, count: min(cell, w) - x, coverage: c) }
                            }
                            // A cluster of consecutive touched cells, each with its own coverage.
                            var end = cell
                            while end <= hi && isTouched(end) {
                                sum += line[end]
                                line[end] = 0
                                if end < w { cov[end] = toCoverage(sum) }
                                end += 1
                            }
                            let visibleEnd = min(end, w)
                            if visibleEnd > cell {
                                sink.blend(
                                    y: y, x: region.x + cell, coverage: UnsafeBufferPointer(start: cov + cell, count: visibleEnd - cell))
                            }
                            x = end
                            cell = nextTouched(end)
                        }
                        for k in (lo >> 6)...min(lastWord, words - 1) { bits[k] = 0 }
                    }
                }
            }
        }
    }

    /// Rasterizes into closures, for callers that only want per-pixel coverage (runs are expanded).
    public func rasterize(
        _ polylines: [Polyline], rule: FillRule, clip: IntRect,
        span: (Int, Int, UnsafeBufferPointer<UInt8>) -> Void
    ) {
        withoutActuallyEscaping(span) { span in
            var sink = ClosureSink(span: span)
            rasterize(polylines, rule: rule, clip: clip, into: &sink)
        }
    }
}

/// Adapts a closure to `CoverageSink`, expanding runs into per-pixel coverage.
struct ClosureSink: CoverageSink {
    let span: (Int, Int, UnsafeBufferPointer<UInt8>) -> Void
    var scratch: [UInt8] = []
    mutating func blend(y: Int, x: Int, coverage: UnsafeBufferPointer<UInt8>) { span(y, x, coverage) }
    mutating func blend(y: Int, x: Int, count: Int, coverage: UInt8) {
        if scratch.count < count { scratch = [UInt8](repeating: 0, count: count) }
        scratch.withUnsafeMutableBufferPointer { b in
            b.baseAddress!.update(repeating: coverage, count: count)
            span(y, x, UnsafeBufferPointer(start: b.baseAddress!, count: count))
        }
    }
}

/// Deposits signed areas of line segments into the accumulation buffer.
struct EdgeAccumulator {
    let acc: UnsafeMutablePointer<Float>
    let touched: UnsafeMutablePointer<UInt64>
    let words: Int
    let rowMin: UnsafeMutablePointer<Int32>
    let rowMax: UnsafeMutablePointer<Int32>
    let width: Int, height: Int, stride: Int

    /// Adds a segment after splitting it where it crosses x = 0 and x = width; the parts outside
    /// are moved onto those lines, where they still change the winding of the pixels to their right.
    @inline(__always)
    mutating func addClipped(_ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float) {
        if y0 == y1 { return }
        let w = Float(width)
        if x0 >= 0 && x1 >= 0 && x0 <= w && x1 <= w {
            add(x0, y0, x1, y1)
            return
        }
        // Split at the vertical boundaries the segment crosses (at most two), in order of t.
        var ta: Float = 1
        var tb: Float = 1
        if x0 * x1 < 0 { ta = -x0 / (x1 - x0) }
        if (x0 - w) * (x1 - w) < 0 { tb = (w - x0) / (x1 - x0) }
        if tb < ta { swap(&ta, &tb) }
        var previous: Float = 0
        for t in [ta, tb, 1] where t > previous {
            let ya = y0 + (y1 - y0) * previous
            let yb = y0 + (y1 - y0) * t
            let xa = min(max(x0 + (x1 - x0) * previous, 0), w)
            let xb = min(max(x0 + (x1 - x0) * t, 0), w)
            add(xa, ya, xb, yb)
            previous = t
        }
    }

    /// Adds a segment whose x lies within 0...width.
    @inline(__always)
    mutating func add(_ ax: Float, _ ay: Float, _ bx: Float, _ by: Float) {
        if ay == by { return }
        let dir: Float
        var x0 = ax
        var y0 = ay
        var x1 = bx
        var y1 = by
        if y0 < y1 {
            dir = 1
        } else {
            dir = -1
            swap(&x0, &x1)
            swap(&y0, &y1)
        }
        let h = Float(height)
        if y1 <= 0 || y0 >= h { return }
        let dxdy = (x1 - x0) / (y1 - y0)
        var x = x0
        if y0 < 0 {
            x -= y0 * dxdy
            y0 = 0
        }
        if y1 > h { y1 = h }
        let yStart = Int(y0)
        let yEnd = Int(y1.rounded(.up))
        let w = Float(width)
        for y in yStart..<yEnd {
            let fy = Float(y)
            let dy = min(fy + 1, y1) - max(fy, y0)
            var xNext = x + dxdy * dy
            xNext = min(max(xNext, 0), w)  // rounding can step a hair outside
            let d = dy * dir
            let line = acc + y * stride
            let (lo, hi) = x < xNext ? (x, xNext) : (xNext, x)
            let loFloor = lo.rounded(.down)
            let loI = Int(loFloor)
            let hiCeil = hi.rounded(.up)
            let hiI = Int(hiCeil)
            if hiI <= loI + 1 {
                // The segment stays within one pixel column on this row.
                let xmf = 0.5 * (x + xNext) - loFloor
                line[loI] += d - d * xmf
                line[loI + 1] += d * xmf
                touch(y, loI, loI + 1)
            } else {
                let s = 1 / (hi - lo)
                let loF = lo - loFloor
                let a0 = 0.5 * s * (1 - loF) * (1 - loF)
                let hiF = hi - hiCeil + 1
                let am = 0.5 * s * hiF * hiF
                line[loI] += d * a0
                if hiI == loI + 2 {
                    line[loI + 1] += d * (1 - a0 - am)
                } else {
                    let a1 = s * (1.5 - loF)
                    line[loI + 1] += d * (a1 - a0)
                    var xi = loI + 2
                    while xi < hiI - 1 {
                        line[xi] += d * s
                        xi += 1
                    }
                    let a2 = a1 + Float(hiI - loI - 3) * s
                    line[hiI - 1] += d * (1 - a2 - am)
                }
                line[hiI] += d * am
                touch(y, loI, hiI)
            }
            x = xNext
        }
    }

    /// Marks cells lo...hi of row y as touched.
    @inline(__always)
    private func touch(_ y: Int, _ lo: Int, _ hi: Int) {
        if Int32(lo) < rowMin[y] { rowMin[y] = Int32(lo) }
        if Int32(hi) > rowMax[y] { rowMax[y] = Int32(hi) }
        let bits = touched + y * words
        var w0 = lo >> 6
        let w1 = hi >> 6
        let first = ~UInt64(0) << UInt64(lo & 63)
        let last = ~UInt64(0) >> UInt64(63 - (hi & 63))
        if w0 == w1 {
            bits[w0] |= first & last
            return
        }
        bits[w0] |= first
        w0 += 1
        while w0 < w1 {
            bits[w0] = ~0
            w0 += 1
        }
        bits[w1] |= last
    }
}
