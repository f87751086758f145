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
/// - Parameter failOnCheck: also run `check` on the widget (with `checkOptions`) and fail for each
///   finding of this severity or worse in the chosen families (e.g. `.warning`: the test fails
///   when the widget breaks in the Tinted look). Under Swift Testing each failure points at the
///   Swift line the finding is about; under XCTest at the assertion, naming that line. Off by default.
/// - Returns: the number of variants compared (recorded ones included).
@discardableResult
public func assertWidgetSnapshots<W: Widget>(
    of widget: W.Type, entries: [Int]? = nil, families: [WidgetFamily]? = nil,
    appearances: [Appearance] = [.light, .dark], device: Device = DeviceCatalog.default,
    scale: Double? = nil, channelTolerance: Int = 1, failOnCheck: Severity? = nil, checkOptions: CheckOptions = CheckOptions(),
    snapshotDirectory: URL? = nil,
    fileID: StaticString = #fileID, file: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
) -> Int {
    let at = SnapshotSourceLocation(fileID: fileID, file: file, line: line, column: column)
    if let threshold = failOnCheck {
        var options = checkOptions
        options.device = device
        checkFailures(W.definition, threshold: threshold, families: families, options: options, at)
    }
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
        if compareSnapshot(comparison, actual, subject: "\(renderer.spec.kind) \(v)", at) { recorded.append(name) }
    }
    if !recorded.isEmpty {
        snapshotFailure(
            "recorded \(recorded.count) snapshot(s) in \(goldens.path): \(recorded.joined(separator: ", ")). Look at them, then run again to verify.",
            at)
    }
    return variants.count
}

/// Records or compares a snapshot of any view (not only a widget), rendered as SwiftUI's
/// `ImageRenderer` would: the view gets `proposal` and the image has the size it chose
/// (`ViewRenderer`). Goldens live in __Snapshots__/<test file name>/<name>.png beside the test.
/// - Returns: the rendered view's size in points (nil when it could not be rendered).
@discardableResult
public func assertViewSnapshot(
    of view: any View, named name: String, proposal: ViewProposal = .fitting, scale: Double = 2,
    colorScheme: ColorScheme = .light, channelTolerance: Int = 1, snapshotDirectory: URL? = nil,
    fileID: StaticString = #fileID, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> Size? {
    let at = SnapshotSourceLocation(fileID: fileID, file: file, line: line, column: column)
    let rendered: RenderedView
    do { rendered = try ViewRenderer(scale: scale, colorScheme: colorScheme).render(view, proposal: proposal) } catch {
        snapshotFailure("cannot render the view \"\(name)\": \(error)", at)
        return nil
    }
    let testFile = URL(fileURLWithPath: "\(file)")
    let folder = BatchRenderer.safeName(testFile.deletingPathExtension().lastPathComponent)
    let safe = BatchRenderer.safeName(name)
    let goldens = (snapshotDirectory ?? testFile.deletingLastPathComponent().appendingPathComponent("__Snapshots__"))
        .appendingPathComponent(folder)
    var comparison = GoldenComparison(
        golden: goldens.appendingPathComponent(safe + ".png"),
        artifacts: GoldenComparison.artifactsBase(testFile: testFile, fallback: "widget-snapshots").appendingPathComponent(folder)
            .appendingPathComponent(safe))
    comparison.channelTolerance = channelTolerance
    comparison.encoding = .standard
    if compareSnapshot(comparison, rendered.pixmap, subject: "view \"\(name)\"", at) {
        snapshotFailure("recorded the snapshot \(comparison.golden.path). Look at it, then run again to verify.", at)
    }
    return rendered.size
}

/// Compares one snapshot and fails the test on a missing golden, a mismatch (naming the actual,
/// expected and diff images) or an error. Returns whether the golden was (re-)recorded.
func compareSnapshot(_ comparison: GoldenComparison, _ actual: Pixmap, subject: String, _ at: SnapshotSourceLocation) -> Bool {
    switch comparison.check(actual) {
    case .matched: return false
    case .recorded, .rerecorded: return true
    case .missing: snapshotFailure("no snapshot at \(comparison.golden.path) (record with WIDGETCTL_RECORD=1)", at)
    case .mismatch(let what, let rerecorded):
        let dir = comparison.artifacts
        snapshotFailure(
            "\(subject): \(what).\n  actual:   \(dir.appendingPathComponent("actual.png").path)\n  expected: \(comparison.golden.path)\n  diff:     \(dir.appendingPathComponent("diff.png").path)\n  "
                + (rerecorded ? "Re-recorded (WIDGETCTL_RECORD)." : "Re-record with WIDGETCTL_RECORD=1 if the change is intended."), at)
    case .failed(let why): snapshotFailure(why, at)
    }
    return false
}

/// Fails once per `check` finding at or above `threshold` (in `families`, when given).
func checkFailures(
    _ widget: WidgetDefinition, threshold: Severity, families: [WidgetFamily]?, options: CheckOptions, _ at: SnapshotSourceLocation
) {
    let findings: [Finding]
    do { findings = try Checker(options: options).check(widget) } catch {
        snapshotFailure("cannot check \(widget.kind): \(error)", at)
        return
    }
    for f in findings where f.severity >= threshold && (families == nil || f.family == nil || families!.contains(f.family!)) {
        let place = f.line > 0 ? "\((f.file as NSString).lastPathComponent):\(f.line):\(f.column)" : f.file
        let message = "\(widget.kind): \(f.severity.rawValue) \(f.rule) \(f.message) (at \(place))"
        var findingAt = at
        findingAt.findingFile = f.isSwiftSource && f.line > 0 ? (f.file, f.line, f.column) : nil
        snapshotFailure(message, findingAt)
    }
}

/// Where the assertion was written, for the failure to point at.
struct SnapshotSourceLocation {
    var fileID: StaticString, file: StaticString, line: UInt, column: UInt
    /// A check finding's own Swift place (Swift Testing points the issue there).
    var findingFile: (path: String, line: Int, column: Int)? = nil
}

/// Fails the running test, in whichever framework runs it, at the assertion's source line.
func snapshotFailure(_ message: String, _ at: SnapshotSourceLocation) {
    #if canImport(Testing)
        if Test.current != nil {
            var location = SourceLocation(fileID: "\(at.fileID)", filePath: "\(at.file)", line: Int(at.line), column: Int(at.column))
            if let f = at.findingFile {
                // The module of the assertion's file ID stands for the finding's (a fileID is "Module/File.swift").
                let module = "\(at.fileID)".split(separator: "/").first.map(String.init) ?? "Widget"
                location = SourceLocation(
                    fileID: module + "/" + (f.path as NSString).lastPathComponent, filePath: f.path, line: max(1, f.line),
                    column: max(1, f.column))
            }
            Issue.record(Comment(rawValue: message), sourceLocation: location)
            return
        }
    #endif
    XCTFail(message, file: at.file, line: at.line)
}
