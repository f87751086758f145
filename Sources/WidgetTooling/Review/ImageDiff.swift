// Pixel comparison for goldens, snapshot assertions and `render --verify`. Images are compared as
// decoded straight-alpha RGBA8, never as file bytes (PNG bytes depend on zlib and its settings).

import RasterCore
import WidgetLayout
import WidgetModel
import WidgetRaster

/// The result of comparing two images pixel by pixel.
public struct ImageDiff: Sendable {
    /// Pixels where any channel differs by more than the tolerance.
    public let differingPixels: Int
    /// The largest absolute difference seen in any channel of any pixel.
    public let maxChannelDelta: Int
    /// Both images had the same size; when false every other figure counts the whole image.
    public let sameSize: Bool
    public let width: Int, height: Int
    /// The tolerance the comparison used.
    public let channelTolerance: Int
    /// One byte per pixel of `expected`'s size: 255 where the pixel differs.
    public let mask: [UInt8]

    /// Compares `actual` with `expected`. Pixels transparent in both count as equal whatever their
    /// colour bytes (premultiplied storage keeps them all zero anyway).
    public init(expected: Pixmap, actual: Pixmap, channelTolerance: Int = 1) {
        self.channelTolerance = channelTolerance
        width = expected.width
        height = expected.height
        guard expected.width == actual.width, expected.height == actual.height else {
            sameSize = false
            differingPixels = max(expected.width * expected.height, actual.width * actual.height)
            maxChannelDelta = 255
            mask = [UInt8](repeating: 255, count: expected.width * expected.height)
            return
        }
        sameSize = true
        var count = 0
        var maxDelta = 0
        var m = [UInt8](repeating: 0, count: expected.width * expected.height)
        for i in 0..<expected.pixels.count {
            let a = expected.pixels[i]
            let b = actual.pixels[i]
            if a == b { continue }
            let ua = PremultipliedPixel.unpremultiply(a)
            let ub = PremultipliedPixel.unpremultiply(b)
            if ua >> 24 == 0 && ub >> 24 == 0 { continue }
            var d = 0
            for shift in stride(from: UInt32(0), through: 24, by: 8) {
                d = max(d, abs(Int((ua >> shift) & 0xFF) - Int((ub >> shift) & 0xFF)))
            }
            maxDelta = max(maxDelta, d)
            if d > channelTolerance {
                count += 1
                m[i] = 255
            }
        }
        differingPixels = count
        maxChannelDelta = maxDelta
        mask = m
    }

    /// The share of pixels that differ, 0...1.
    public var differingFraction: Double {
        let n = width * height
        return n == 0 ? 0 : Double(differingPixels) / Double(n)
    }

    /// A picture of the differences: `expected` faded to a light grey, differing pixels in red.
    public func visualization(of expected: Pixmap) -> Pixmap {
        var out = Pixmap(width: expected.width, height: expected.height, color: .white)!
        guard sameSize else {
            out.fill(RGBA(red: 1, green: 0, blue: 0))
            return out
        }
        for i in 0..<out.pixels.count {
            if mask[i] != 0 { continue }
            // Faded copy: the expected pixel's luma, lifted towards white.
            let c = PremultipliedPixel.unpremultiply(expected.pixels[i])
            let a = Int(c >> 24)
            let y = (Int(c & 0xFF) * 54 + Int((c >> 8) & 0xFF) * 183 + Int((c >> 16) & 0xFF) * 19) >> 8
            let v = UInt32(255 - (255 - y) * a / 255 / 4)
            out.pixels[i] = v | v << 8 | v << 16 | 0xFF00_0000
        }
        // A light red halo around each difference, so a single pixel is visible at a glance,
        // and the differing pixels themselves in pure red.
        let w = out.width
        let h = out.height
        let halo = PremultipliedPixel(RGBA(red: 1, green: 0.55, blue: 0.55)).packed
        for i in 0..<mask.count where mask[i] != 0 {
            let x = i % w
            let y = i / w
            for dy in -3...3 {
                for dx in -3...3 {
                    let xx = x + dx
                    let yy = y + dy
                    if xx >= 0 && yy >= 0 && xx < w && yy < h && mask[yy * w + xx] == 0 { out.pixels[yy * w + xx] = halo }
                }
            }
        }
        for i in 0..<mask.count where mask[i] != 0 { out.pixels[i] = 0xFF00_00FF }
        return out
    }
}
