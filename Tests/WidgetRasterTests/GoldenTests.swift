import Foundation
import WidgetModel
import WidgetTestSupport
import WidgetTooling
import XCTest

@testable import RasterCore
@testable import WidgetLayout
@testable import WidgetRaster

/// The demo sheets `widgetctl demo` writes are not pinned as goldens (the per-feature goldens in
/// FeatureGoldenTests are); they must still be deterministic.
final class DemoSheetTests: XCTestCase {
    func testDeterministicAcrossRuns() throws {
        XCTAssertEqual(RasterDemo.sheet(scale: 0.5), RasterDemo.sheet(scale: 0.5))
        XCTAssertEqual(try RasterDemo.textSheet(), try RasterDemo.textSheet())
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
        XCTAssertEqual(d.differingPixels, 1)
        XCTAssertEqual(d.maxChannelDelta, 127)
        XCTAssertEqual(d.visualization(of: a).pixels[5], 0xFF00_00FF, "differences are red")
        XCTAssertEqual(ImageDiff(expected: a, actual: b, channelTolerance: 0).differingPixels, 2)
    }

    func testSizeMismatchFailsWholly() {
        let a = Pixmap(width: 4, height: 4)!
        let b = Pixmap(width: 5, height: 4)!
        let d = ImageDiff(expected: a, actual: b)
        XCTAssertFalse(d.sameSize)
        XCTAssertEqual(d.differingPixels, 20)
    }

    func testTransparentPixelsCompareEqual() {
        var a = Pixmap(width: 2, height: 1)!
        var b = a
        a.pixels[0] = 0
        b.pixels[0] = 0
        XCTAssertEqual(ImageDiff(expected: a, actual: b, channelTolerance: 0).differingPixels, 0)
    }

    func testRecordModeFromTheEnvironment() {
        XCTAssertEqual(RecordMode.from(["WIDGETCTL_RECORD": "never"]), .never)
        XCTAssertEqual(RecordMode.from(["WIDGETCTL_RECORD": "1"]), .all)
        XCTAssertEqual(RecordMode.from(["WIDGETCTL_RECORD": "failed"]), .failed)
        XCTAssertEqual(RecordMode.from(["CI": "true"]), .never)
        XCTAssertEqual(RecordMode.from([:]), .missing)
    }

    /// The one comparison behind assertGolden and assertWidgetSnapshots: what each mode writes.
    func testGoldenComparisonOutcomesPerMode() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("golden-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let red = Pixmap(width: 4, height: 4, color: RGBA(hex: "#FF0000")!)!
        let blue = Pixmap(width: 4, height: 4, color: RGBA(hex: "#0000FF")!)!
        var c = GoldenComparison(golden: dir.appendingPathComponent("g/x.png"), artifacts: dir.appendingPathComponent("fail"))
        c.mode = .never
        XCTAssertEqual(c.check(red), .missing)
        XCTAssertFalse(FileManager.default.fileExists(atPath: c.golden.path))
        c.mode = .missing
        XCTAssertEqual(c.check(red), .recorded)
        XCTAssertEqual(c.check(red), .matched)
        guard case .mismatch(let what, false) = c.check(blue) else { return XCTFail("expected a mismatch") }
        XCTAssertTrue(what.contains("16 pixels differ"), what)
        for name in ["actual.png", "expected.png", "diff.png"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: c.artifacts.appendingPathComponent(name).path), name)
        }
        c.mode = .failed
        guard case .mismatch(_, true) = c.check(blue) else { return XCTFail("expected a re-recorded mismatch") }
        c.mode = .never
        XCTAssertEqual(c.check(blue), .matched, "failed mode rewrote the golden")
        c.mode = .all
        XCTAssertEqual(c.check(blue), .rerecorded)
    }
}

#if canImport(Glibc)
    import Glibc
#endif
