import WidgetModel
import WidgetTooling
import XCTest

@testable import RasterCore
@testable import WidgetLayout
@testable import WidgetRaster

final class StrokeTests: XCTestCase {
    private func stroked(_ path: Path, _ style: StrokeStyle, width: Int = 60, height: Int = 40) -> Pixmap {
        var c = Canvas(width: width, height: height)!
        c.stroke(path, style: style, with: .solid(.black))
        return c.pixmap
    }

    func testHorizontalLineCoversItsWidthPerColumn() {
        for w in [1.0, 2.5, 7.0] {
            var p = Path()
            p.move(to: Point(10, 20.3))
            p.addLine(to: Point(50, 20.3))
            let img = stroked(p, StrokeStyle(lineWidth: w))
            let column = (0..<40).reduce(0.0) { $0 + Double(alpha(img, 30, $1)) / 255 }
            XCTAssertEqual(column, w, accuracy: 0.01, "line width \(w)")
            XCTAssertEqual(coveredArea(img), 40 * w, accuracy: 0.05 * w)
        }
    }

    func testCapsExtendTheLine() {
        var p = Path()
        p.move(to: Point(20, 20))
        p.addLine(to: Point(40, 20))
        let butt = coveredArea(stroked(p, StrokeStyle(lineWidth: 6, lineCap: .butt)))
        let square = coveredArea(stroked(p, StrokeStyle(lineWidth: 6, lineCap: .square)))
        let round = coveredArea(stroked(p, StrokeStyle(lineWidth: 6, lineCap: .round)))
        XCTAssertEqual(butt, 120, accuracy: 0.1)
        XCTAssertEqual(square, 120 + 2 * 3 * 6, accuracy: 0.1)
        XCTAssertEqual(round, 120 + Double.pi * 9, accuracy: 0.3)
    }

    func testMiterJoinFillsTheCornerAndBevelCutsIt() {
        var p = Path()
        p.move(to: Point(10, 30))
        p.addLine(to: Point(30, 30))
        p.addLine(to: Point(30, 10))
        let miter = stroked(p, StrokeStyle(lineWidth: 8, lineJoin: .miter))
        let bevel = stroked(p, StrokeStyle(lineWidth: 8, lineJoin: .bevel))
        let round = stroked(p, StrokeStyle(lineWidth: 8, lineJoin: .round))
        // The outer corner square is 4×4: the miter fills it, the bevel half of it, round π/4 of it.
        XCTAssertEqual(coveredArea(miter) - coveredArea(bevel), 8, accuracy: 0.1)
        XCTAssertEqual(coveredArea(round) - coveredArea(bevel), 16 * Double.pi / 4 - 8, accuracy: 0.2)
        XCTAssertEqual(alpha(miter, 33, 33), 255)
        XCTAssertEqual(alpha(bevel, 33, 33), 0)
    }

    func testClosedCircleStrokeIsARing() {
        let r = 12.0
        let w = 4.0
        let img = stroked(Path(circleCenter: Point(30, 20), radius: r), StrokeStyle(lineWidth: w))
        let exact = Double.pi * ((r + w / 2) * (r + w / 2) - (r - w / 2) * (r - w / 2))
        XCTAssertEqual(coveredArea(img), exact, accuracy: exact * 0.005)
        XCTAssertEqual(alpha(img, 30, 20), 0, "the centre stays empty")
    }

    func testDashesCoverTheirShare() {
        var p = Path()
        p.move(to: Point(0, 20))
        p.addLine(to: Point(60, 20))
        let dashed = stroked(p, StrokeStyle(lineWidth: 2, dash: [6, 4]))
        // 60 px of pattern "6 on, 4 off" = 6 dashes of 6 px.
        XCTAssertEqual(coveredArea(dashed), 6 * 6 * 2, accuracy: 0.2)
        XCTAssertEqual(alpha(dashed, 3, 20), 255)
        XCTAssertEqual(alpha(dashed, 8, 20), 0)
        // A phase shifts the pattern.
        let shifted = stroked(p, StrokeStyle(lineWidth: 2, dash: [6, 4], dashPhase: 6))
        XCTAssertEqual(alpha(shifted, 3, 20), 0)
        XCTAssertEqual(alpha(shifted, 6, 20), 255)
    }

    func testPolylineSegmentTrimsByLength() {
        let line = Polyline(points: [Point(0, 0), Point(10, 0), Point(10, 10)], isClosed: false)
        XCTAssertEqual(line.length, 20)
        let piece = try! XCTUnwrap(line.segment(from: 5, to: 15))
        XCTAssertEqual(piece.points, [Point(5, 0), Point(10, 0), Point(10, 5)])
    }

    func testZeroLengthSubpathDrawsADotWithRoundCaps() {
        var p = Path()
        p.move(to: Point(20, 20))
        p.addLine(to: Point(20, 20))
        XCTAssertEqual(coveredArea(stroked(p, StrokeStyle(lineWidth: 10, lineCap: .round))), 25 * Double.pi, accuracy: 0.5)
        XCTAssertEqual(coveredArea(stroked(p, StrokeStyle(lineWidth: 10, lineCap: .butt))), 0)
    }
}
