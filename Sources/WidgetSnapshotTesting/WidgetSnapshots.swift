// Snapshot assertions for widgets written with the DSL, for XCTest and Swift Testing.
//
//     assertWidgetSnapshots(of: WeatherWidget.self, families: [.systemSmall], appearances: [.light, .tintedDark])
//
// Goldens live next to the test file in __Snapshots__/<kind>/<family>-<appearance>-e<N>.png and are
// compared by decoded pixels with a per-channel tolerance, through the same GoldenComparison (record
// modes, artefacts) as the package's own golden tests. They are recorded on the first run (the test
// fails, saying so) or when WIDGETCTL_RECORD=1; WIDGETCTL_RECORD=never (and CI) records nothing.
// On a mismatch actual.png, expected.png and diff.png go to WIDGETCTL_ARTIFACTS, or to
// .build/widget-snapshots/ in the package, and the failure message gives their paths.
import Foundation
import WidgetModel
import WidgetRaster
import WidgetTooling
import XCTest

#if canImport(Testing)
    import Testing
#endif

/// Records or compares snapshots of every chosen variant of a widget.
/// - Parameter snapshotDirectory: where goldens live (default: __Snapshots__ beside the test file).
/// - Returns: the number of variants compared (recorded ones included).
@discardableResult
public func assertWidgetSnapshots<W: Widget>(
    of widget: W.Type, entries: [Int]? = nil, families: [WidgetFamily]? = nil,
    appearances: [Appearance] = [.light, .dark], device: Device = DeviceCatalog.default,
    scale: Double? = nil, channelTolerance: Int = 1, snapshotDirectory: URL? = nil,
    fileID: StaticString = #fileID, file: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
) -> Int {
    let at = SnapshotSourceLocation(fileID: fileID, file: file, line: line, column: column)
    let renderer = SpecRenderer(widget: W.definition, device: device, scale: scale)
    let (variants, _) = renderer.variants(families: families, appearances: appearances, entries: entries)
    let testFile = URL(fileURLWithPath: "\(file)")
    let kindFolder = BatchRenderer.safeName(renderer.spec.kind)
    let goldens = (snapshotDirectory ?? testFile.deletingLastPathComponent().appendingPathComponent("__Snapshots__"))
        .appendingPathComponent(kindFolder)
    let artifacts = GoldenComparison.artifactsBase(testFile: testFile, fallback: "widget-snapshots").appendingPathComponent(kindFolder)
    var recorded: [String] = []
    for v in variants {
        let name = "\(v.family.rawValue)-\(v.appearance.rawValue)-e\(v.entry)"
        let actual: Pixmap
        do { actual = try renderer.render(v).pixmap } catch {
            snapshotFailure("cannot render \(v): \(error)", at)
            continue
        }
        var comparison = GoldenComparison(
            golden: goldens.appendingPathComponent(name + ".png"), artifacts: artifacts.appendingPathComponent(name))
        comparison.channelTolerance = channelTolerance
        comparison.encoding = .standard
        switch comparison.check(actual) {
        case .matched: break
        case .recorded, .rerecorded: recorded.append(name)
        case .missing: snapshotFailure("no snapshot at \(comparison.golden.path) (record with WIDGETCTL_RECORD=1)", at)
        case .mismatch(let what, let rerecorded):
            let dir = comparison.artifacts
            snapshotFailure(
                "\(renderer.spec.kind) \(v): \(what).\n  actual:   \(dir.appendingPathComponent("actual.png").path)\n  expected: \(comparison.golden.path)\n  diff:     \(dir.appendingPathComponent("diff.png").path)\n  "
                    + (rerecorded ? "Re-recorded (WIDGETCTL_RECORD)." : "Re-record with WIDGETCTL_RECORD=1 if the change is intended."), at)
        case .failed(let why): snapshotFailure(why, at)
        }
    }
    if !recorded.isEmpty {
        snapshotFailure(
            "recorded \(recorded.count) snapshot(s) in \(goldens.path): \(recorded.joined(separator: ", ")). Look at them, then run again to verify.",
            at)
    }
    return variants.count
}

/// Where the assertion was written, for the failure to point at.
struct SnapshotSourceLocation {
    var fileID: StaticString, file: StaticString, line: UInt, column: UInt
}

/// Fails the running test, in whichever framework runs it, at the assertion's source line.
func snapshotFailure(_ message: String, _ at: SnapshotSourceLocation) {
    #if canImport(Testing)
        if Test.current != nil {
            Issue.record(
                Comment(rawValue: message),
                sourceLocation: SourceLocation(
                    fileID: "\(at.fileID)", filePath: "\(at.file)",
                    line: Int(at.line), column: Int(at.column)))
            return
        }
    #endif
    XCTFail(message, file: at.file, line: at.line)
}
