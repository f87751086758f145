import WidgetModel
import WidgetTooling
import XCTest

@testable import RasterCore
@testable import WidgetLayout
@testable import WidgetRaster

final class CoverageTests: XCTestCase {
    func testCircleAreaWithinHalfPercent() {
        for r in [6.0, 10.0, 25.5, 100.0] {
            let size = Int(2 * r) + 8
            let p = filled(Path(circleCenter: Point(Double(size) / 2 + 0.3, Double(size) / 2 + 0.1), radius: r), width: size, height: size)
            let area = coveredArea(p)
            let exact = Double.pi * r * r
            XCTAssertLessThan(abs(area - exact) / exact, 0.005, "r = \(r): area \(area) vs πr² \(exact)")
        }
    }

    func testAxisAlignedRectEdgesAreExact() {
        let p = filled(Path(rect: Rect(x: 2.25, y: 3.5, width: 5.5, height: 4)), width: 12, height: 10)
        // Columns: x=2 covered 0.75, 3...6 fully, 7 covered 0.75. Rows: y=3 half, 4...6 full, 7 half.
        XCTAssertEqual(alpha(p, 2, 5), 191)
        XCTAssertEqual(alpha(p, 4, 5), 255)
        XCTAssertEqual(alpha(p, 7, 5), 191)
        XCTAssertEqual(alpha(p, 8, 5), 0)
        XCTAssertEqual(alpha(p, 4, 3), 128)
        XCTAssertEqual(alpha(p, 4, 7), 128)
        XCTAssertEqual(alpha(p, 2, 3), 96)  // 0.75 × 0.5 = 0.375
        XCTAssertEqual(alpha(p, 4, 8), 0)
        XCTAssertEqual(coveredArea(p), 5.5 * 4, accuracy: 0.05)
    }

    func testPixelAlignedRectHasHardEdges() {
        let p = filled(Path(rect: Rect(x: 1, y: 1, width: 3, height: 2)), width: 6, height: 5)
        for y in 0..<5 {
            for x in 0..<6 {
                let inside = (1...3).contains(x) && (1...2).contains(y)
                XCTAssertEqual(alpha(p, x, y), inside ? 255 : 0, "(\(x), \(y))")
            }
        }
    }

    func testFillRulesOnAStar() {
        var star = Path()
        for i in 0..<5 {
            let a = -Double.pi / 2 + Double(i) * 4 * Double.pi / 5
            let q = Point(32 + 28 * cos(a), 34 + 28 * sin(a))
            if i == 0 { star.move(to: q) } else { star.addLine(to: q) }
        }
        star.closeSubpath()
        let nonZero = filled(star, width: 64, height: 64, rule: .nonZero)
        let evenOdd = filled(star, width: 64, height: 64, rule: .evenOdd)
        XCTAssertEqual(alpha(nonZero, 32, 34), 255, "the pentagon in the middle winds twice: filled")
        XCTAssertEqual(alpha(evenOdd, 32, 34), 0, "the pentagon in the middle winds twice: a hole")
        XCTAssertEqual(alpha(evenOdd, 32, 12), 255, "a point of the star is filled by both rules")
    }

    func testOppositeWindingMakesAHoleUnderNonZero() {
        var p = Path(rect: Rect(x: 0, y: 0, width: 20, height: 20))
        var hole = Path()  // counter-clockwise on screen
        hole.move(to: Point(5, 5))
        hole.addLine(to: Point(5, 15))
        hole.addLine(to: Point(15, 15))
        hole.addLine(to: Point(15, 5))
        hole.closeSubpath()
        p.addPath(hole)
        let img = filled(p, width: 20, height: 20)
        XCTAssertEqual(alpha(img, 10, 10), 0)
        XCTAssertEqual(alpha(img, 2, 2), 255)
        XCTAssertEqual(coveredArea(img), 300, accuracy: 0.01)
    }

    func testShapesOutsideAndAcrossTheCanvasAreClipped() {
        // A rectangle sticking out on every side covers the canvas exactly.
        let p = filled(Path(rect: Rect(x: -50, y: -30, width: 200, height: 200)), width: 16, height: 8)
        XCTAssertEqual(coveredArea(p), 128, accuracy: 1e-9)
        // A triangle whose left half is off the canvas: only its visible area counts.
        var tri = Path()
        tri.move(to: Point(-10, 0))
        tri.addLine(to: Point(10, 0))
        tri.addLine(to: Point(10, 20))
        tri.closeSubpath()
        let t = filled(tri, width: 20, height: 20)
        // Visible part: x in 0...10 of the triangle below the line y = x + 10 → area 100 − 50 + ... computed exactly:
        // for 0 ≤ x ≤ 10 the column is covered from y = 0 to y = x + 10 capped at 20 → ∫(x+10)dx = 150.
        XCTAssertEqual(coveredArea(t), 150, accuracy: 0.05)
        // Nothing at all: a shape entirely outside.
        XCTAssertEqual(coveredArea(filled(Path(rect: Rect(x: 30, y: 30, width: 5, height: 5)), width: 20, height: 20)), 0)
    }

    func testNonFiniteCoordinatesDrawNothing() {
        var p = Path()
        p.move(to: Point(0, 0))
        p.addLine(to: Point(.nan, 5))
        p.addLine(to: Point(5, .infinity))
        p.closeSubpath()
        XCTAssertEqual(coveredArea(filled(p, width: 10, height: 10)), 0)
    }

    func testAntiAliasingOffSnapsCoverage() {
        var c = Canvas(width: 20, height: 20)!
        c.antiAlias = false
        c.fill(Path(circleCenter: Point(10, 10), radius: 7), with: .solid(.black))
        XCTAssertTrue(c.pixmap.pixels.allSatisfy { $0 >> 24 == 0 || $0 >> 24 == 255 })
    }

    func testTransformedFillMatchesPreTransformedGeometry() {
        let path = Path(roundedRect: Rect(x: 0, y: 0, width: 10, height: 6), cornerRadius: 2, style: .continuous)
        let t = Transform.scale(3).concatenating(.translation(4, 5))
        let a = filled(path, width: 40, height: 30, transform: t)
        let b = filled(path.applying(t), width: 40, height: 30)
        XCTAssertEqual(a, b)
    }
}

/// A fill whose path, transform, tolerance, rule and clip were seen before replays the recorded
/// coverage (CoverageCache): the pixels must be those of rasterizing again, for any paint, under
/// a clip mask, and the cache must stay within its byte budget.
final class CoverageCacheTests: XCTestCase {
    /// A star of `points` spikes (2·points line elements) and a curved blob: both over the
    /// minimum element count, with even-odd and non-zero.
    func shapes() -> [(Path, FillRule)] {
        var star = Path()
        for i in 0..<40 {
            let a = Double(i) * Double.pi / 20
            let r = i % 2 == 0 ? 30.0 : 12.5
            let p = Point(40 + r * cos(a), 38 + r * sin(a))
            if i == 0 { star.move(to: p) } else { star.addLine(to: p) }
        }
        star.closeSubpath()
        var blob = Path()
        blob.move(to: Point(10, 20))
        for i in 0..<24 {
            let x = 10 + Double(i) * 2.9
            blob.addCurve(to: Point(x + 2.9, 20 + Double(i % 3) * 9), control1: Point(x + 1, 2), control2: Point(x + 2, 60))
        }
        blob.closeSubpath()
        return [(star, .nonZero), (star, .evenOdd), (blob, .nonZero)]
    }

    func testReplayedCoverageGivesTheRasterizedPixels() {
        let cache = CoverageCache(budget: 8 << 20)
        let paints: [Paint] = [
            .solid(RGBA(red: 0.9, green: 0.2, blue: 0.1, alpha: 0.8)),
            .linearGradient(stops: Paint.stops([.white, .black]), start: Point(0, 0), end: Point(80, 80)),
        ]
        var replays = 0
        for (path, rule) in shapes() {
            XCTAssertGreaterThanOrEqual(path.elements.count, CoverageCache.minimumElements)
            for t in [Transform.identity, Transform.scale(1.7), Transform(a: 1, b: 0.2, c: -0.1, d: 1, tx: 3.25, ty: 0.5)] {
                for masked in [false, true] {
                    for paint in paints {
                        func draw(_ cache: CoverageCache?) -> [UInt32] {
                            var c = Canvas(width: 150, height: 140)!
                            c.paint(.solid(RGBA(red: 0.2, green: 0.5, blue: 0.9)))
                            c.coverageCache = cache
                            if masked { c.clip(to: Path(circleCenter: Point(60, 55), radius: 41.3)) }
                            c.fill(path, with: paint, rule: rule, transform: t)
                            return c.pixmap.pixels
                        }
                        let reference = draw(nil)
                        XCTAssertEqual(draw(cache), reference, "recorded: \(rule) \(t) masked \(masked)")
                        XCTAssertEqual(draw(cache), reference, "replayed: \(rule) \(t) masked \(masked)")
                        replays += 1
                    }
                }
            }
        }
        XCTAssertEqual(replays, 36)
        XCTAssertGreaterThan(cache.heldBytes, 0)
    }

    func testTheCacheKeepsWithinItsBudget() {
        let cache = CoverageCache(budget: 64 << 10)
        let (star, _) = shapes()[0]
        for i in 0..<200 {
            var c = Canvas(width: 120, height: 120)!
            c.coverageCache = cache
            c.fill(star, with: .solid(.black), transform: .translation(Double(i % 37) * 0.37, Double(i / 37)))
            XCTAssertLessThanOrEqual(cache.heldBytes, 64 << 10)
        }
        XCTAssertGreaterThan(cache.heldBytes, 0)
    }
}
