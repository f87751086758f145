// Area-averaging resize (an exact box filter for any ratio), for thumbnails and contact sheets:
// downscaling by large factors without the aliasing of point or bilinear sampling.
import CKernels
import WidgetModel

extension Pixmap {
    /// The image resized to `width`×`height` by averaging the source area under each target pixel.
    public func resized(width w: Int, height h: Int) -> Pixmap {
        guard w > 0, h > 0, w != width || h != height else { return self }
        // Separable: rows first into a float buffer, then columns (the loops are in C:
        // ckernels_resize_*). Each target index has a run of taps: the first source index, the
        // count, and where its weights start in one flat array.
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
        // Every element is written by the horizontal pass before the vertical one reads it.
        var tmp = [Float](unsafeUninitializedCapacity: w * height * 4) { _, n in n = w * height * 4 }
        var out = Pixmap(width: w, height: h)!
        pixels.withUnsafeBufferPointer { src in
            tmp.withUnsafeMutableBufferPointer { t in
                ckernels_resize_horizontal(
                    src.baseAddress!, width, height, w, wx.first, wx.count, wx.start, wx.w, t.baseAddress!)
            }
        }
        var acc = [Float](repeating: 0, count: w * 4)
        tmp.withUnsafeBufferPointer { t in
            out.pixels.withUnsafeMutableBufferPointer { o in
                acc.withUnsafeMutableBufferPointer { a in
                    ckernels_resize_vertical(t.baseAddress!, w, h, wy.first, wy.count, wy.start, wy.w, a.baseAddress!, o.baseAddress!)
                }
            }
        }
        return out
    }
}
