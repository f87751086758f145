import XCTest

@testable import WidgetModel

final class GeometryTests: XCTestCase {
    func testTransformConcatenationAndInverse() {
        let t = Transform.translation(10, -4).rotatedBy(0.3).scaledBy(2, 3)
        let p = Point(7, 11)
        let inv = try! XCTUnwrap(t.inverted)
        let back = inv.apply(t.apply(p))
        XCTAssertEqual(back.x, p.x, accuracy: 1e-9)
        XCTAssertEqual(back.y, p.y, accuracy: 1e-9)
        // scaledBy applies the scale first, then the earlier transforms.
        let s = Transform.translation(5, 0).scaledBy(2, 2)
        XCTAssertEqual(s.apply(Point(1, 1)), Point(7, 2))
        XCTAssertNil(Transform.scale(0, 1).inverted)
    }

    func testRectIntersectionAndUnion() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        let b = Rect(x: 5, y: 5, width: 10, height: 10)
        XCTAssertEqual(a.intersection(b), Rect(x: 5, y: 5, width: 5, height: 5))
        XCTAssertEqual(a.union(b), Rect(x: 0, y: 0, width: 15, height: 15))
        XCTAssertTrue(a.intersection(Rect(x: 20, y: 20, width: 1, height: 1)).isEmpty)
    }

    func testHexColors() {
        XCTAssertEqual(RGBA(hex: "#FF8000"), RGBA(r8: 255, g8: 128, b8: 0))
        XCTAssertEqual(RGBA(hex: "ff800080")?.alpha ?? 0, 128.0 / 255, accuracy: 1e-12)
        XCTAssertEqual(RGBA(hex: "#abc"), RGBA(r8: 0xAA, g8: 0xBB, b8: 0xCC))
        XCTAssertNil(RGBA(hex: "#12345"))
        XCTAssertNil(RGBA(hex: "#GG0000"))
        XCTAssertEqual(RGBA(hex: "#4A90E2")?.hexString, "#4A90E2FF")
    }

    func testRelativeLuminanceMatchesWCAG() {
        XCTAssertEqual(RGBA.white.relativeLuminance, 1, accuracy: 1e-12)
        XCTAssertEqual(RGBA.black.relativeLuminance, 0, accuracy: 1e-12)
        // WCAG's example: #777777 on white has a contrast ratio of about 4.48.
        let grey = RGBA(hex: "#777777")!.relativeLuminance
        XCTAssertEqual((1 + 0.05) / (grey + 0.05), 4.48, accuracy: 0.01)
    }

    func testCircularRoundedRectClampsRadius() {
        let p = Path(roundedRect: Rect(x: 0, y: 0, width: 40, height: 20), cornerRadius: 50)
        XCTAssertEqual(p.controlBounds, Rect(x: 0, y: 0, width: 40, height: 20))
        // A radius of half the height: the straight top edge runs from x = 10 to x = 30.
        guard case .move(let start) = p.elements[0], case .line(let end) = p.elements[1] else { return XCTFail() }
        XCTAssertEqual(start, Point(10, 0))
        XCTAssertEqual(end, Point(30, 0))
    }

    func testContinuousCornersStartFurtherFromTheCornerAndStaySymmetric() {
        let r = 20.0
        let p = Path(roundedRect: Rect(x: 0, y: 0, width: 200, height: 100), cornerRadius: r, style: .continuous)
        guard case .move(let start) = p.elements[0] else { return XCTFail() }
        // The path starts on the top edge where the top-right corner's curve begins: 1.528 r
        // before the corner.
        XCTAssertEqual(start.x, 200 - continuousCornerExtent * r, accuracy: 1e-9)
        XCTAssertEqual(p.controlBounds, Rect(x: 0, y: 0, width: 200, height: 100))
        // Every point of the top-right corner mirrors onto the corner's diagonal.
        var pts: [Point] = [start]
        for e in p.elements[1...5] {
            switch e {
            case .line(let q): pts.append(q)
            case .cubic(let a, let b, let q): pts += [a, b, q]
            default: break
            }
        }
        let local = pts.map { Point(200 - $0.x, $0.y) }  // distances from the corner
        let mirrored = Set(local.map { Point(($0.y * 1e6).rounded() / 1e6, ($0.x * 1e6).rounded() / 1e6) })
        let rounded = Set(local.map { Point(($0.x * 1e6).rounded() / 1e6, ($0.y * 1e6).rounded() / 1e6) })
        XCTAssertEqual(mirrored, rounded)
    }

    func testContinuousCornerShrinksWhenTooLarge() {
        // 60 pt high with radius 25: 25·1.528 > 30, so the corner shrinks to fit in both directions.
        let p = Path(roundedRect: Rect(x: 0, y: 0, width: 200, height: 60), cornerRadius: 25, style: .continuous)
        guard case .move(let start) = p.elements[0] else { return XCTFail() }
        XCTAssertEqual(start.x, 170, accuracy: 1e-9)
        // A radius of half the height is a capsule with circular ends.
        let capsule = Path(roundedRect: Rect(x: 0, y: 0, width: 200, height: 60), cornerRadius: 30, style: .continuous)
        XCTAssertEqual(capsule, Path(roundedRect: Rect(x: 0, y: 0, width: 200, height: 60), cornerRadius: 30, style: .circular))
    }

    func testArcEndpointsAndDirection() {
        var p = Path()
        p.addArc(center: Point(0, 0), radius: 10, startAngle: 0, endAngle: .pi / 2)
        XCTAssertEqual(p.currentPoint!.x, 0, accuracy: 1e-9)
        XCTAssertEqual(p.currentPoint!.y, 10, accuracy: 1e-9)  // clockwise on screen: +y is down
        var q = Path()
        q.addArc(center: Point(0, 0), radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        // The other way round: three quarters of a turn, through −y.
        XCTAssertEqual(q.elements.count, 1 + 3)
        XCTAssertLessThan(q.controlBounds.minY, -9)
    }
}
