import WidgetModel
import WidgetTooling
import XCTest

@testable import RasterCore
@testable import WidgetLayout
@testable import WidgetRaster

final class PaintTests: XCTestCase {
    private func painted(_ paint: Paint, width: Int = 101, height: Int = 11) -> Pixmap {
        var c = Canvas(width: width, height: height)!
        c.paint(paint)
        return c.pixmap
    }

    func testLinearGradientEndColoursAndMidpoint() {
        let red = RGBA(red: 1, green: 0, blue: 0)
        let blue = RGBA(red: 0, green: 0, blue: 1)
        let p = painted(.linearGradient(stops: Paint.stops([red, blue]), start: Point(0.5, 0), end: Point(100.5, 0)))
        XCTAssertEqual(p.pixel(atX: 0, y: 5), PremultipliedPixel(red))
        XCTAssertEqual(p.pixel(atX: 100, y: 5), PremultipliedPixel(blue))
        // Halfway in Oklab (as SwiftUI interpolates; ConformanceTests, fact 5): (140, 83, 162),
        // not the sRGB midpoint (128, 0, 128).
        let mid = p.pixel(atX: 50, y: 5)
        XCTAssertEqual(Int(mid.r), 140, accuracy: 1)
        XCTAssertEqual(Int(mid.g), 83, accuracy: 1)
        XCTAssertEqual(Int(mid.b), 162, accuracy: 1)
        // Beyond the ends the end colours extend (pad).
        let padded = painted(.linearGradient(stops: Paint.stops([red, blue]), start: Point(30, 0), end: Point(60, 0)))
        XCTAssertEqual(padded.pixel(atX: 5, y: 0), PremultipliedPixel(red))
        XCTAssertEqual(padded.pixel(atX: 95, y: 0), PremultipliedPixel(blue))
    }

    /// A vertical gradient is shaded a row at a time (one colour per row): it is the horizontal
    /// one turned a quarter, within a level (the horizontal one steps t by repeated addition).
    func testVerticalGradientIsTheHorizontalOneTransposed() {
        let stops = Paint.stops([RGBA(hex: "#4A90E2")!, RGBA(hex: "#FF9F0A")!, RGBA(hex: "#1C3F94")!])
        let across = painted(.linearGradient(stops: stops, start: Point(0.5, 0), end: Point(100.5, 0)), width: 101, height: 101)
        let down = painted(.linearGradient(stops: stops, start: Point(0, 0.5), end: Point(0, 100.5)), width: 101, height: 101)
        for y in 0..<101 {
            for x in 0..<101 {
                XCTAssertEqual(down.pixels[y * 101 + x], down.pixels[y * 101], "row \(y) is one colour")
                let a = across.pixel(atX: y, y: x)
                let d = down.pixel(atX: x, y: y)
                XCTAssertEqual(Int(a.r), Int(d.r), accuracy: 1)
                XCTAssertEqual(Int(a.g), Int(d.g), accuracy: 1)
                XCTAssertEqual(Int(a.b), Int(d.b), accuracy: 1)
            }
        }
    }

    func testGradientStopsWithLocations() {
        let stops = [GradientStop(.black, at: 0.25), GradientStop(.white, at: 0.75)]
        let p = painted(.linearGradient(stops: stops, start: Point(0, 0), end: Point(101, 0)))
        XCTAssertEqual(p.pixel(atX: 10, y: 0), PremultipliedPixel(.black))
        XCTAssertEqual(p.pixel(atX: 90, y: 0), PremultipliedPixel(.white))
        // Oklab lightness 0.5 halfway: sRGB 99.
        XCTAssertEqual(Int(p.pixel(atX: 50, y: 0).r), 99, accuracy: 2)
    }

    func testFadeToClearIsInterpolatedPremultiplied() {
        let stops = Paint.stops([RGBA(red: 1, green: 0, blue: 0), .clear])
        let p = painted(.linearGradient(stops: stops, start: Point(0.5, 0), end: Point(100.5, 0)))
        let mid = p.color(atX: 50, y: 0)
        // Straight colour stays pure red halfway (no darkening through transparent black).
        XCTAssertEqual(Int(mid.r), 255, accuracy: 2)
        XCTAssertEqual(mid.g, 0)
        XCTAssertEqual(Int(mid.a), 128, accuracy: 1)
    }

    func testRadialGradientByDistance() {
        let p = painted(
            .radialGradient(stops: Paint.stops([.white, .black]), center: Point(50.5, 50.5), startRadius: 0, endRadius: 40),
            width: 101, height: 101)
        XCTAssertEqual(p.pixel(atX: 50, y: 50), PremultipliedPixel(.white))
        XCTAssertEqual(p.pixel(atX: 95, y: 50), PremultipliedPixel(.black))
        // Same distance, same colour, in any direction.
        XCTAssertEqual(p.pixel(atX: 70, y: 50), p.pixel(atX: 50, y: 30))
    }

    func testAngularGradientGoesClockwiseFromItsStartAngle() {
        let p = painted(
            .angularGradient(stops: Paint.stops([.black, .white]), center: Point(50, 50), startAngle: 0, endAngle: 2 * .pi),
            width: 100, height: 100)
        let east = Int(p.pixel(atX: 90, y: 50).r)
        let south = Int(p.pixel(atX: 50, y: 90).r)
        let west = Int(p.pixel(atX: 10, y: 50).r)
        let north = Int(p.pixel(atX: 50, y: 10).r)
        // Just below the +x axis the turn has barely started; clockwise on screen reaches south first.
        XCTAssertLessThan(east, 10)
        // A quarter, half and three quarters of the turn: Oklab lightness 0.25, 0.5, 0.75.
        XCTAssertEqual(south, 33, accuracy: 3)
        XCTAssertEqual(west, 99, accuracy: 3)
        XCTAssertEqual(north, 174, accuracy: 3)
    }

    func testImageNearestAndBilinear() {
        let img = RasterDemo.checkerboard(size: 2, cell: 1)
        var c = Canvas(width: 20, height: 20)!
        c.drawImage(img, in: Rect(x: 0, y: 0, width: 20, height: 20), filter: .nearest)
        XCTAssertEqual(c.pixmap.pixels[0], img.pixels[0])
        XCTAssertEqual(c.pixmap.pixels[19], img.pixels[1])
        var b = Canvas(width: 20, height: 20)!
        b.drawImage(img, in: Rect(x: 0, y: 0, width: 20, height: 20), filter: .bilinear)
        // Corners keep the texel colour (clamp to edge); the centre is the average of all four.
        XCTAssertEqual(b.pixmap.pixels[0], img.pixels[0])
        let centre = b.pixmap.pixel(atX: 10, y: 10)
        let a = PremultipliedPixel(packed: img.pixels[0])
        let d = PremultipliedPixel(packed: img.pixels[1])
        XCTAssertEqual(Int(centre.g), (Int(a.g) + Int(d.g)) / 2, accuracy: 8)
    }

    func testImageFitAndFillPlacement() {
        // A 2:1 image fit into a square leaves bands above and below; fill overflows sideways.
        let fit = Paint.imageTransform(imageWidth: 20, imageHeight: 10, in: Rect(x: 0, y: 0, width: 100, height: 100), mode: .fit)
        XCTAssertEqual(fit.apply(Point(0, 0)), Point(0, 25))
        XCTAssertEqual(fit.apply(Point(20, 10)), Point(100, 75))
        let fill = Paint.imageTransform(imageWidth: 20, imageHeight: 10, in: Rect(x: 0, y: 0, width: 100, height: 100), mode: .fill)
        XCTAssertEqual(fill.apply(Point(0, 0)), Point(-50, 0))
        XCTAssertEqual(fill.apply(Point(20, 10)), Point(150, 100))
    }

    func testClipsNestAndMultiply() {
        var c = Canvas(width: 40, height: 40)!
        c.clip(to: Path(rect: Rect(x: 0, y: 0, width: 20, height: 40)))  // left half (a rectangle)
        c.clip(to: Path(circleCenter: Point(20, 20), radius: 10))  // and a circle (a mask)
        c.paint(.solid(.black))
        XCTAssertEqual(coveredArea(c.pixmap), Double.pi * 100 / 2, accuracy: 1)
        XCTAssertEqual(alpha(c.pixmap, 15, 20), 255)
        XCTAssertEqual(alpha(c.pixmap, 25, 20), 0)
        c.restoreClip()
        c.restoreClip()
        c.paint(.solid(.black))
        XCTAssertEqual(alpha(c.pixmap, 39, 39), 255)
    }

    func testLayerOpacityAppliesOnceToOverlappingContent() {
        var c = Canvas(width: 10, height: 10)!
        c.beginLayer(opacity: 0.5)
        c.fill(Path(rect: Rect(x: 0, y: 0, width: 6, height: 10)), with: .solid(.black))
        c.fill(Path(rect: Rect(x: 4, y: 0, width: 6, height: 10)), with: .solid(.black))
        c.endLayer()
        // Inside the overlap the layer is still 50%, not 75% as two separate 50% fills would give.
        XCTAssertEqual(alpha(c.pixmap, 5, 5), 128)
        XCTAssertEqual(alpha(c.pixmap, 1, 5), 128)
    }
}
