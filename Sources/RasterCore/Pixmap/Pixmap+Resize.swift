// Area-averaging resize (an exact box filter for any ratio), for thumbnails and contact sheets:
// downscaling by large factors without the aliasing of point or bilinear sampling.
import CKernels
import WidgetModel

extension Pixmap {
    /// The image resized to `width`×`height` by averaging the source area under each target pixel.
    public func resized(width w: Int, height h: Int) -> Pixmap {
        guard w > 0, h > 0, w != width || h != height else { return self }
        // Exactly two thirds: the fixed kernel (the same pixels, test).
        if width % 3 == 0, height % 3 == 0, w * 3 == width * 2, h * 3 == height * 2 { return downsampledTwoThirds() }
        return areaAveraged(width: w, height: h)
    }

    /// The image at two thirds of its size, ⌈2w/3⌉ × ⌈2h/3⌉: each pixel the average of the
    /// 1.5×1.5 source pixels under it, the image padded with clear pixels to whole 3×3 blocks (so
    /// the scale is exactly 2/3 and the last column or row may be partly covered). In C, 16-bit
    /// lanes (`ckernels_downsample_3to2`): a 3x render's contact-sheet thumbnail at 2 px per point.
    public func downsampledTwoThirds() -> Pixmap {
        let w = (2 * width + 2) / 3
        let h = (2 * height + 2) / 3
        guard var out = Pixmap.unfilled(width: w, height: h) else { return self }
        let zero = [UInt32](repeating: 0, count: width)
        pixels.withUnsafeBufferPointer { src in
            zero.withUnsafeBufferPointer { z in
                out.pixels.withUnsafeMutableBufferPointer {
                    ckernels_downsample_3to2(src.baseAddress!, width, height, z.baseAddress!, $0.baseAddress!)
                }
            }
        }
        return out
    }

    /// `resized` by per-column and per-row weights, for any ratio.
    func areaAveraged(width w: Int, height h: Int) -> Pixmap {
        guard w > 0, h > 0, w != width || h != height else { return self }
        // Separable: rows, then columns (the loops are in C: ckernels_resize). Each target index
        // has a run of taps: the first source index, the count, and where its weights start in
        // one flat array.
        func weights(_ src: Int, _ dst: Int) -> (first: [Int32], count: [Int32], start: [Int32], w: [Float]) {
            let k = Double(src) / Double(dst)
            var first = [Int32](repeating: 0, count: dst)
            var count = [Int32](repeating: 0, count: dst)
            var start = [Int32](repeating: 0, count: dst)
            var w: [Float] = []
            w.reserveCapacity(dst * (Int(k.rounded(.up)) + 2))
            for i in 0..<dst {
                let a = Double(i) * k
                let b = Double(i + 1) * k
                start[i] = Int32(w.count)
                var j = Int(a)
                var firstTap = -1
                while Double(j) < b && j < src {
                    let overlap = min(b, Double(j + 1)) - max(a, Double(j))
                    if overlap > 0 {
                        if firstTap < 0 { firstTap = j }
                        w.append(Float(overlap / k))
                    }
                    j += 1
                }
                first[i] = Int32(max(0, firstTap))
                count[i] = Int32(w.count) - start[i]
            }
            return (first, count, start, w)
        }
        let wx = weights(width, w)
        let wy = weights(height, h)
        // Columns padded to one tap count (zero weights before and after the real taps, which
        // leave each sum unchanged: adding 0·v to a non-negative sum is exact), so the C loop
        // has a fixed length. Needs a row at least that wide.
        var xFirst = wx.first
        var xWeights = wx.w
        var xTaps = Int(wx.count.max() ?? 0)
        if xTaps > 0 && xTaps <= width {
            xWeights = [Float](repeating: 0, count: w * xTaps)
            for x in 0..<w {
                let f = min(Int(wx.first[x]), width - xTaps)
                let lead = Int(wx.first[x]) - f
                for k in 0..<Int(wx.count[x]) { xWeights[x * xTaps + lead + k] = wx.w[Int(wx.start[x]) + k] }
                xFirst[x] = Int32(f)
            }
        } else {
            xTaps = 0
        }
        // Source rows are resized horizontally into a small ring as the output rows need them
        // (not a whole float copy of the image: that was four times the source's size).
        let ringCount = Int(wy.count.max() ?? 0) + 1
        var ring = [Float](unsafeUninitializedCapacity: ringCount * w * 4) { _, n in n = ringCount * w * 4 }
        var tags = [Int64](repeating: -1, count: ringCount)
        var acc = [Float](repeating: 0, count: w * 4)
        var out = Pixmap.unfilled(width: w, height: h)!  // ckernels_resize writes every pixel
        pixels.withUnsafeBufferPointer { src in
            out.pixels.withUnsafeMutableBufferPointer { o in
                ring.withUnsafeMutableBufferPointer { r in
                    tags.withUnsafeMutableBufferPointer { t in
                        acc.withUnsafeMutableBufferPointer { a in
                            ckernels_resize(
                                src.baseAddress!, width, height, w, h, xFirst, wx.count, wx.start, xWeights, Int32(xTaps),
                                wy.first, wy.count, wy.start, wy.w, r.baseAddress!, t.baseAddress!, ringCount,
                                a.baseAddress!, o.baseAddress!)
                        }
                    }
                }
            }
        }
        return out
    }
}
