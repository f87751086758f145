import WidgetModel
import WidgetTooling
import XCTest

@testable import RasterCore
@testable import WidgetLayout
@testable import WidgetRaster

/// The blur against a direct convolution with the exact sampled Gaussian, in Double.
final class BlurTests: XCTestCase {
    /// A test picture with hard edges and noise: the worst case for box approximations.
    private func picture(width: Int, height: Int) -> Pixmap {
        var c = Canvas(width: width, height: height)!
        c.paint(.solid(RGBA(hex: "#203040")!))
        c.fill(Path(rect: Rect(x: Double(width) * 0.3, y: 0, width: Double(width) * 0.25, height: Double(height))), with: .solid(.white))
        c.fill(
            Path(circleCenter: Point(Double(width) * 0.7, Double(height) * 0.5), radius: Double(height) * 0.25),
            with: .solid(RGBA(hex: "#FF9F0A")!))
        c.fill(Path(rect: Rect(x: 0, y: Double(height) * 0.8, width: Double(width), height: 3)), with: .solid(.black))
        var p = c.pixmap
        var rng = TestRandom(seed: 3)
        for i in stride(from: 0, to: p.pixels.count, by: 7) { p.pixels[i] = 0xFF00_0000 | UInt32(rng.byte()) * 0x010101 }
        return p
    }

    /// Exact Gaussian blur with clamped edges, separable, in Double.
    private func reference(_ p: Pixmap, sigma: Double) -> [SIMD4<Double>] {
        let w = p.width
        let h = p.height
        let r = Int((4 * sigma).rounded(.up))
        var k = (-r...r).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = k.reduce(0, +)
        k = k.map { $0 / total }
        let src = p.pixels.map { SIMD4<Double>(Double($0 & 0xFF), Double(($0 >> 8) & 0xFF), Double(($0 >> 16) & 0xFF), Double($0 >> 24)) }
        var tmp = [SIMD4<Double>](repeating: .zero, count: w * h)
        var out = tmp
        for y in 0..<h {
            for x in 0..<w {
                var acc = SIMD4<Double>.zero
                for j in -r...r { acc += src[y * w + min(w - 1, max(0, x + j))] * k[j + r] }
                tmp[y * w + x] = acc
            }
        }
        for y in 0..<h {
            for x in 0..<w {
                var acc = SIMD4<Double>.zero
                for j in -r...r { acc += tmp[min(h - 1, max(0, y + j)) * w + x] * k[j + r] }
                out[y * w + x] = acc
            }
        }
        return out
    }

    private func errors(sigma: Double, width: Int, height: Int) -> (max: Double, mean: Double) {
        var p = picture(width: width, height: height)
        let ref = reference(p, sigma: sigma)
        GaussianBlur.apply(to: &p, sigma: sigma, edge: .clamp)
        var worst = 0.0
        var sum = 0.0
        var worstAt = 0
        for i in 0..<p.pixels.count {
            let v = p.pixels[i]
            let got = SIMD4<Double>(Double(v & 0xFF), Double((v >> 8) & 0xFF), Double((v >> 16) & 0xFF), Double(v >> 24))
            let d = got - ref[i]
            let m = max(abs(d[0]), abs(d[1]), abs(d[2]), abs(d[3]))
            if m > worst { worstAt = i }
            worst = max(worst, m)
            sum += m
        }
        print("σ \(sigma): max error \(worst) at (\(worstAt % width), \(worstAt / width)), mean \(sum / Double(p.pixels.count))")
        return (worst, sum / Double(p.pixels.count))
    }

    func testSmallSigmaUsesTheExactKernel() {
        let e = errors(sigma: 1.2, width: 64, height: 48)
        XCTAssertLessThanOrEqual(e.max, 1.0, "exact kernel: only rounding and the 3σ cut-off")
    }

    func testBoxApproximationError() {
        // Three extended-box passes: stated maximum error 4 levels of 255 on hard edges, mean under 1.
        let e = errors(sigma: 4, width: 96, height: 64)
        XCTAssertLessThanOrEqual(e.max, 4, "max error \(e.max)")
        XCTAssertLessThanOrEqual(e.mean, 1, "mean error \(e.mean)")
    }

    func testLargeSigmaDownsampledError() {
        // σ = 30 at quarter resolution, five extended-box passes: stated maximum error 3 levels,
        // mean under 1.
        let e = errors(sigma: 30, width: 240, height: 160)
        XCTAssertLessThanOrEqual(e.max, 3, "max error \(e.max)")
        XCTAssertLessThanOrEqual(e.mean, 1, "mean error \(e.mean)")
    }

    func testUniformImageStaysUniformAndTransparentEdgesFade() {
        var flat = Pixmap(width: 50, height: 40, color: RGBA(hex: "#336699")!)!
        let before = flat
        GaussianBlur.apply(to: &flat, sigma: 10)
        XCTAssertEqual(flat, before)
        var fade = Pixmap(width: 50, height: 40, color: .black)!
        GaussianBlur.apply(to: &fade, sigma: 5, edge: .transparent)
        XCTAssertLessThan(alpha(fade, 0, 0), 100)
        XCTAssertEqual(alpha(fade, 25, 20), 255, accuracy: 1)
    }

    func testExtendedBoxesMatchTheVarianceExactly() {
        for sigma in [2.0, 3.3, 7.5, 12] {
            let box = GaussianBlur.ExtendedBox(variance: sigma * sigma / 3)
            let r = Double(box.radius)
            let a = Double(box.alpha)
            let variance = (r * (r + 1) * (2 * r + 1) / 3 + 2 * a * (r + 1) * (r + 1)) / (2 * r + 1 + 2 * a)
            XCTAssertEqual(variance * 3, sigma * sigma, accuracy: 1e-4 * sigma * sigma, "σ = \(sigma)")
            XCTAssertTrue((0...1).contains(a))
        }
    }
}

final class ColorMatrixTests: XCTestCase {
    func testDesaturateGivesLuma() {
        var p = Pixmap(width: 1, height: 1, color: RGBA(red: 1, green: 0, blue: 0))!
        ColorMatrix.desaturate.apply(to: &p)
        let c = p.color(atX: 0, y: 0)
        XCTAssertEqual(Int(c.r), Int((0.2126 * 255).rounded()), accuracy: 1)
        XCTAssertEqual(c.r, c.g)
        XCTAssertEqual(c.g, c.b)
    }

    func testLuminanceToAlpha() {
        var p = Pixmap(width: 2, height: 1, color: .white)!
        p.pixels[1] = PremultipliedPixel(RGBA(white: 0.5, alpha: 0.5)).packed
        ColorMatrix.luminanceToAlpha.apply(to: &p)
        XCTAssertEqual(alpha(p, 0, 0), 255)
        XCTAssertEqual(p.color(atX: 0, y: 0).r, 0)
        XCTAssertEqual(alpha(p, 1, 0), 64, accuracy: 1)  // luma 0.5 × alpha 0.5
    }

    func testSaturationOneIsIdentityAndBrightnessAdds() {
        var p = Pixmap(width: 1, height: 1, color: RGBA(hex: "#4080C0")!)!
        let before = p
        ColorMatrix.saturation(1).apply(to: &p)
        XCTAssertEqual(p, before)
        ColorMatrix.brightness(0.25).apply(to: &p)
        XCTAssertEqual(Int(p.color(atX: 0, y: 0).r), 0x40 + 64, accuracy: 1)
        let composed = ColorMatrix.brightness(0.1).concatenating(.saturation(0))
        var q = Pixmap(width: 1, height: 1, color: RGBA(red: 1, green: 0, blue: 0))!
        composed.apply(to: &q)
        XCTAssertEqual(Int(q.color(atX: 0, y: 0).g), Int(((0.2126 + 0.1) * 255).rounded()), accuracy: 1)
    }
}

#if canImport(Glibc)
    import Glibc
#endif
