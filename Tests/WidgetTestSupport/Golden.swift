// Golden-image assertions for the package's own tests, on WidgetTooling's GoldenComparison (the
// same comparison and record modes as the snapshot assertions users write).
//
// Goldens live in `Tests/<Target>/Goldens/<suite>/<name>.png` next to the test file that uses
// them, one small image per feature, and are compared by decoded pixels with a per-channel
// tolerance (default 1) and a maximum number of differing pixels (default 0). WIDGETCTL_RECORD
// picks the record mode (see RecordMode). On a mismatch, actual.png, expected.png and diff.png go to
// WIDGETCTL_ARTIFACTS or .build/golden-failures/<suite>-<name>/.
import Foundation
import WidgetRaster
import WidgetTooling
import XCTest

/// Compares `actual` with the golden `suite/name.png` and records according to WIDGETCTL_RECORD.
public func assertGolden(
    _ actual: Pixmap, named name: String, suite: String,
    channelTolerance: Int = 1, maxDifferingPixels: Int = 0,
    file: StaticString = #filePath, line: UInt = #line
) {
    let testFile = URL(fileURLWithPath: "\(file)")
    let golden = testFile.deletingLastPathComponent().appendingPathComponent("Goldens")
        .appendingPathComponent(suite).appendingPathComponent(name + ".png")
    var comparison = GoldenComparison(
        golden: golden,
        artifacts: GoldenComparison.artifactsBase(testFile: testFile, fallback: "golden-failures")
            .appendingPathComponent("\(suite)-\(name)"))
    comparison.channelTolerance = channelTolerance
    comparison.maxDifferingPixels = maxDifferingPixels
    switch comparison.check(actual) {
    case .matched: break
    case .recorded: XCTFail("recorded new golden \(golden.path); look at it, then re-run to verify", file: file, line: line)
    case .rerecorded: XCTFail("re-recorded \(golden.path) (WIDGETCTL_RECORD=all); re-run without it to verify", file: file, line: line)
    case .missing: XCTFail("no golden at \(golden.path) (record with WIDGETCTL_RECORD=missing or 1)", file: file, line: line)
    case .mismatch(let what, let rerecorded):
        XCTFail("\(suite)/\(name): \(what)\(rerecorded ? "; re-recorded" : ""); see \(comparison.artifacts.path)", file: file, line: line)
    case .failed(let why): XCTFail(why, file: file, line: line)
    }
}
