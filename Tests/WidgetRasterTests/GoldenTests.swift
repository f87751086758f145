import Foundation
import XCTest
import WidgetModel
import WidgetTestSupport
@testable import WidgetRaster

/// Whole scenes pinned as goldens (tolerance: 1 level per channel, 0 differing pixels). Record or
/// refresh with WIDGETCTL_RECORD=1 swift test, then look at the images before committing.
final class GoldenTests: XCTestCase {
    func testRasterDemoSheet() {
        assertGolden(RasterDemo.sheet(), named: "raster-demo", suite: "raster")
    }

    func testCornerStyles() {
        // Circular (left) and continuous (right) corners at a widget-like radius, 3x.
        var c = Canvas(width: 300, height: 150)!
        c.paint(.solid(.white))
        let s = Transform.scale(3)
        c.fill(Path(roundedRect: Rect(x: 4, y: 4, width: 42, height: 42), cornerRadius: 14, style: .circular), with: .solid(.black), transform: s)
        c.fill(Path(roundedRect: Rect(x: 54, y: 4, width: 42, height: 42), cornerRadius: 14, style: .continuous), with: .solid(.black), transform: s)
        assertGolden(c.pixmap, named: "corner-styles", suite: "raster")
    }

    func testDeterministicAcrossRuns() {
        XCTAssertEqual(RasterDemo.sheet(scale: 0.5), RasterDemo.sheet(scale: 0.5))
    }
}

final class ImageDiffTests: XCTestCase {
    func testToleranceAndCounts() {
        let a = Pixmap(width: 4, height: 4, color: RGBA(hex: "#808080")!)!
        var b = a
        XCTAssertEqual(ImageDiff(expected: a, actual: b).differingPixels, 0)
        b.pixels[0] = PremultipliedPixel(RGBA(hex: "#818080")!).packed
        XCTAssertEqual(ImageDiff(expected: a, actual: b).differingPixels, 0, "one level is within the default tolerance")
        b.pixels[5] = PremultipliedPixel(RGBA(hex: "#FF8080")!).packed
        let d = ImageDiff(expected: a, actual: b)
        XCTAssertEqual(d.differingPixels, 1); XCTAssertEqual(d.maxChannelDelta, 127)
        XCTAssertEqual(d.visualization(of: a).pixels[5], 0xFF00_00FF, "differences are red")
        XCTAssertEqual(ImageDiff(expected: a, actual: b, channelTolerance: 0).differingPixels, 2)
    }

    func testSizeMismatchFailsWholly() {
        let a = Pixmap(width: 4, height: 4)!, b = Pixmap(width: 5, height: 4)!
        let d = ImageDiff(expected: a, actual: b)
        XCTAssertFalse(d.sameSize); XCTAssertEqual(d.differingPixels, 20)
    }

    func testTransparentPixelsCompareEqual() {
        var a = Pixmap(width: 2, height: 1)!, b = a
        a.pixels[0] = 0; b.pixels[0] = 0
        XCTAssertEqual(ImageDiff(expected: a, actual: b, channelTolerance: 0).differingPixels, 0)
    }

    func testGoldenLocationAndRecordMode() {
        let loc = GoldenLocation(name: "x", suite: "s", testFile: #filePath)
        XCTAssertTrue(loc.golden.path.hasSuffix("Tests/WidgetRasterTests/Goldens/s/x.png"))
        let saved = ProcessInfo.processInfo.environment["WIDGETCTL_RECORD"]
        defer { if let saved { setenv("WIDGETCTL_RECORD", saved, 1) } else { unsetenv("WIDGETCTL_RECORD") } }
        setenv("WIDGETCTL_RECORD", "never", 1); XCTAssertEqual(RecordMode.current, .never)
        setenv("WIDGETCTL_RECORD", "1", 1); XCTAssertEqual(RecordMode.current, .all)
        setenv("WIDGETCTL_RECORD", "failed", 1); XCTAssertEqual(RecordMode.current, .failed)
    }
}

#if canImport(Glibc)
import Glibc
#endif
