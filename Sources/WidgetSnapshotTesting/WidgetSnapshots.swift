// Snapshot assertions for widgets written with the DSL, for XCTest and Swift Testing.
//
//     assertWidgetSnapshots(of: WeatherWidget.self, families: [.systemSmall], appearances: [.light, .tintedDark])
//
// Goldens live next to the test file in __Snapshots__/<kind>/<family>-<appearance>-e<N>.png and are
// compared by decoded pixels with a per-channel tolerance. They are recorded on the first run (the
// test fails, saying so) or when WIDGETCTL_RECORD=1; WIDGETCTL_RECORD=never (and CI) records nothing.
// On a mismatch the actual image, the golden and a diff go to WIDGETCTL_ARTIFACTS, or to
// .build/widget-snapshots/ in the package, and the failure message gives their paths.
import Foundation
import WidgetModel
import WidgetRaster
import XCTest
#if canImport(Testing)
import Testing
#endif

/// Records or compares snapshots of every chosen variant of a widget.
/// - Parameter snapshotDirectory: where goldens live (default: __Snapshots__ beside the test file).
/// - Returns: the number of variants compared (recorded ones included).
@discardableResult
public func assertWidgetSnapshots<W: Widget>(of widget: W.Type, entries: [Int]? = nil, families: [WidgetFamily]? = nil,
                                             appearances: [Appearance] = [.light, .dark], device: Device = DeviceCatalog.default,
                                             scale: Double? = nil, channelTolerance: Int = 1, snapshotDirectory: URL? = nil,
                                             fileID: StaticString = #fileID, file: StaticString = #filePath,
                                             line: UInt = #line, column: UInt = #column) -> Int {
    let at = SnapshotSourceLocation(fileID: fileID, file: file, line: line, column: column)
    let renderer = SpecRenderer(widget: W.definition, device: device, scale: scale)
    let (variants, _) = renderer.variants(families: families, appearances: appearances, entries: entries)
    let testDir = URL(fileURLWithPath: "\(file)").deletingLastPathComponent()
    let goldens = (snapshotDirectory ?? testDir.appendingPathComponent("__Snapshots__")).appendingPathComponent(BatchRenderer.safeName(renderer.spec.kind))
    let env = ProcessInfo.processInfo.environment
    let mode = env["WIDGETCTL_RECORD"]?.lowercased() ?? (env["CI"] != nil ? "never" : "missing")
    let recordAll = ["1", "all", "true", "yes"].contains(mode)
    var root = testDir
    while root.path != "/" && !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
        root = root.deletingLastPathComponent()
    }
    let artifacts = env["WIDGETCTL_ARTIFACTS"].map { URL(fileURLWithPath: $0) } ?? root.appendingPathComponent(".build/widget-snapshots")
    var recorded: [String] = []
    for v in variants {
        let name = "\(v.family.rawValue)-\(v.appearance.rawValue)-e\(v.entry)"
        let goldenURL = goldens.appendingPathComponent(name + ".png")
        let actual: Pixmap
        do { actual = try renderer.render(v).pixmap } catch {
            snapshotFailure("cannot render \(v): \(error)", at); continue
        }
        guard let data = FileManager.default.contents(atPath: goldenURL.path), !recordAll else {
            if mode == "never" {
                snapshotFailure("no snapshot at \(goldenURL.path) (record with WIDGETCTL_RECORD=1)", at)
            } else {
                try? writeAtomically(try PNGCodec.encode(actual, options: .standard), to: goldenURL)
                recorded.append(name)
            }
            continue
        }
        do {
            let golden = try PNGCodec.decode([UInt8](data))
            let diff = ImageDiff(expected: golden, actual: actual, channelTolerance: channelTolerance)
            guard diff.sameSize && diff.differingPixels == 0 else {
                let dir = artifacts.appendingPathComponent(BatchRenderer.safeName(renderer.spec.kind)).appendingPathComponent(name)
                try writeAtomically(try PNGCodec.encode(actual), to: dir.appendingPathComponent("actual.png"))
                try writeAtomically(try PNGCodec.encode(golden), to: dir.appendingPathComponent("golden.png"))
                try writeAtomically(try PNGCodec.encode(diff.visualization(of: golden)), to: dir.appendingPathComponent("diff.png"))
                let what = diff.sameSize ? "\(diff.differingPixels) pixels differ (largest channel difference \(diff.maxChannelDelta))"
                                         : "size \(actual.width)×\(actual.height) differs from the snapshot's \(golden.width)×\(golden.height)"
                snapshotFailure("\(renderer.spec.kind) \(v): \(what).\n  actual: \(dir.appendingPathComponent("actual.png").path)\n  golden: \(goldenURL.path)\n  diff:   \(dir.appendingPathComponent("diff.png").path)\n  Re-record with WIDGETCTL_RECORD=1 if the change is intended.",
                                at)
                continue
            }
        } catch {
            snapshotFailure("cannot compare \(v) with \(goldenURL.path): \(error)", at)
        }
    }
    if !recorded.isEmpty {
        snapshotFailure("recorded \(recorded.count) snapshot(s) in \(goldens.path): \(recorded.joined(separator: ", ")). Look at them, then run again to verify.",
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
        Issue.record(Comment(rawValue: message),
                     sourceLocation: SourceLocation(fileID: "\(at.fileID)", filePath: "\(at.file)",
                                                    line: Int(at.line), column: Int(at.column)))
        return
    }
    #endif
    XCTFail(message, file: at.file, line: at.line)
}
