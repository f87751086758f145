import WidgetModel
import WidgetTooling

@testable import RasterCore
@testable import WidgetLayout
@testable import WidgetRaster

/// Total coverage of a pixmap in pixels: the sum of alpha / 255.
func coveredArea(_ p: Pixmap) -> Double {
    p.pixels.reduce(0.0) { $0 + Double($1 >> 24) / 255 }
}

/// A canvas with one path filled in opaque black.
func filled(_ path: Path, width: Int, height: Int, rule: FillRule = .nonZero, transform: Transform = .identity) -> Pixmap {
    var c = Canvas(width: width, height: height)!
    c.fill(path, with: .solid(.black), rule: rule, transform: transform)
    return c.pixmap
}

func alpha(_ p: Pixmap, _ x: Int, _ y: Int) -> Int { Int(p.pixels[y * p.width + x] >> 24) }

/// A deterministic pseudo-random generator for test images (xorshift64*).
struct TestRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed | 1 }
    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 2685821657736338717
    }
    mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next() >> 32) }
}

/// A premultiplied pixel with random straight components.
func randomPixel(_ r: inout TestRandom) -> UInt32 {
    let a = UInt32(r.byte())
    let c = UInt32(r.byte()) | UInt32(r.byte()) << 8 | UInt32(r.byte()) << 16 | a << 24
    return PremultipliedPixel.premultiply(c)
}
