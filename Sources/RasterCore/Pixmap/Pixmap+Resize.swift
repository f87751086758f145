// Area-averaging resize (an exact box filter for any ratio), for thumbnails and contact sheets:
// downscaling by large factors without the aliasing of point or bilinear sampling.
import WidgetModel

extension Pixmap {
    /// The image resized to `width`×`height` by averaging the source area under each target pixel.
    public func resized(width w: Int, height h: Int) -> Pixmap {
        guard w > 0, h > 0, w != width || h != height else { return self }
        // Separable: rows first into a float buffer, then columns.
        func weights(_ src: Int, _ dst: Int) -> [[(Int, Float)]] {
            let k = Double(src) / Double(dst)
            return (0..<dst).map { i in
                let a = Double(i) * k
                let b = Double(i + 1) * k
                var taps: [(Int, Float)] = []
                var j = Int(a)
                while Double(j) < b && j < src {
                    let overlap = min(b, Double(j + 1)) - max(a, Double(j))
                    if overlap > 0 { taps.append((j, Float(overlap / k))) }
                    j += 1
                }
                return taps
            }
        }
        let wx = weights(width, w)
        let wy = weights(height, h)
        var tmp = [SIMD4<Float>](repeating: .zero, count: w * height)
        for y in 0..<height {
            for x in 0..<w {
                var acc = SIMD4<Float>.zero
                for (j, wt) in wx[x] {
                    let v = pixels[y * width + j]
                    acc += SIMD4(Float(v & 0xFF), Float((v >> 8) & 0xFF), Float((v >> 16) & 0xFF), Float(v >> 24)) * wt
                }
                tmp[y * w + x] = acc
            }
        }
        var out = Pixmap(width: w, height: h)!
        for y in 0..<h {
            for x in 0..<w {
                var acc = SIMD4<Float>.zero
                for (j, wt) in wy[y] { acc += tmp[j * w + x] * wt }
                out.pixels[y * w + x] = FloatImage.quantize(acc)
            }
        }
        return out
    }
}
