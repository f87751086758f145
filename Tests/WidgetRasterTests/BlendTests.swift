import WidgetModel
import WidgetTooling
import XCTest

@testable import RasterCore
@testable import WidgetLayout
@testable import WidgetRaster

/// Each blend mode against its W3C formula in floating point, over random premultiplied pixels.
final class BlendTests: XCTestCase {
    private func reference(_ s: SIMD4<Double>, _ d: SIMD4<Double>, _ mode: BlendMode) -> SIMD4<Double> {
        let sa = s[3]
        let da = d[3]
        var out = SIMD4<Double>.zero
        let alpha = sa + da - sa * da
        for i in 0..<3 {
            let sc = s[i]
            let dc = d[i]
            switch mode {
            case .sourceOver: out[i] = sc + dc * (1 - sa)
            case .multiply: out[i] = sc * dc + sc * (1 - da) + dc * (1 - sa)
            case .screen: out[i] = sc + dc - sc * dc
            case .overlay:
                out[i] = sc * (1 - da) + dc * (1 - sa) + (2 * dc <= da ? 2 * sc * dc : sa * da - 2 * (da - dc) * (sa - sc))
            case .darken: out[i] = sc + dc - max(sc * da, dc * sa)
            case .lighten: out[i] = sc + dc - min(sc * da, dc * sa)
            case .plusLighter: out[i] = min(1, sc + dc)
            case .destinationOut: out[i] = dc * (1 - sa)
            case .destinationIn: out[i] = dc * sa
            case .sourceIn: out[i] = sc * da
            case .sourceAtop: out[i] = sc * da + dc * (1 - sa)
            case .copy: out[i] = sc
            }
        }
        switch mode {
        case .plusLighter: out[3] = min(1, sa + da)
        case .destinationOut: out[3] = da * (1 - sa)
        case .destinationIn: out[3] = da * sa
        case .sourceIn: out[3] = sa * da
        case .sourceAtop: out[3] = da
        case .copy: out[3] = sa
        default: out[3] = alpha
        }
        return out
    }

    private func unpack(_ v: UInt32) -> SIMD4<Double> {
        SIMD4(Double(v & 0xFF), Double((v >> 8) & 0xFF), Double((v >> 16) & 0xFF), Double(v >> 24)) / 255
    }

    func testEveryModeMatchesItsFormula() {
        var rng = TestRandom(seed: 42)
        for mode in BlendMode.allCases {
            var worst = 0.0
            for _ in 0..<4000 {
                let s = randomPixel(&rng)
                let d = randomPixel(&rng)
                let got = unpack(blendPixel(s, d, mode))
                let want = reference(unpack(s), unpack(d), mode)
                let diff = (got - want) * 255
                for i in 0..<4 { worst = max(worst, abs(diff[i])) }
                let g = blendPixel(s, d, mode)
                XCTAssertLessThanOrEqual((g >> 0) & 0xFF, g >> 24, "\(mode) broke premultiplication")
                XCTAssertLessThanOrEqual((g >> 8) & 0xFF, g >> 24, "\(mode) broke premultiplication")
                XCTAssertLessThanOrEqual((g >> 16) & 0xFF, g >> 24, "\(mode) broke premultiplication")
            }
            // Integer rounding of intermediate products costs at most one level.
            XCTAssertLessThanOrEqual(worst, 1.0 + 1e-9, "\(mode): worst error \(worst) levels")
        }
    }

    func testPartialCoverageInterpolatesTowardsDestination() {
        var rng = TestRandom(seed: 7)
        for mode in BlendMode.allCases {
            for _ in 0..<500 {
                let s = randomPixel(&rng)
                let d = randomPixel(&rng)
                XCTAssertEqual(blendPixel(s, d, coverage: 0, mode), d, "\(mode): no coverage leaves the destination")
                let half = unpack(blendPixel(s, d, coverage: 128, mode))
                let full = unpack(blendPixel(s, d, mode))
                let dst = unpack(d)
                let expected = dst + (full - dst) * (128.0 / 255)
                let err = ((half - expected) * 255)
                XCTAssertLessThanOrEqual(max(abs(err[0]), abs(err[1]), abs(err[2]), abs(err[3])), 2.01, "\(mode)")
            }
        }
    }

    func testSourceOverOpaqueFastPathEqualsGeneralPath() {
        var rng = TestRandom(seed: 9)
        for _ in 0..<1000 {
            let d = randomPixel(&rng)
            let s = PremultipliedPixel.premultiply(UInt32(rng.byte()) | UInt32(rng.byte()) << 8 | UInt32(rng.byte()) << 16 | 0xFF00_0000)
            XCTAssertEqual(sourceOver(s, d), s)
        }
    }

    func testPremultiplyRoundTrip() {
        for a in stride(from: 1, through: 255, by: 17) {
            for c in stride(from: 0, through: 255, by: 5) {
                let straight = UInt32(c) | UInt32(c) << 8 | UInt32(c) << 16 | UInt32(a) << 24
                let back = PremultipliedPixel.unpremultiply(PremultipliedPixel.premultiply(straight))
                // Premultiplying quantises colour to a levels; the round trip is within 255 / (2a).
                XCTAssertLessThanOrEqual(abs(Int(back & 0xFF) - c), 255 / (2 * a) + 1)
            }
        }
    }
}
