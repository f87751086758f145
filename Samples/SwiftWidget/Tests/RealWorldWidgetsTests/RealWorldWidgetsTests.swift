import Foundation
import Testing
import WidgetCLI
import WidgetModel
import WidgetSnapshotTesting

@testable import RealWorldWidgets

/// The real-world-style widgets compile unchanged (their only edit is the import header) and render
/// like their snapshots in the looks users check most.
@Suite struct RealWorldWidgetsTests {
    @Test func stepsWidget() {
        #expect(assertWidgetSnapshots(of: StepsWidget.self, entries: [0], appearances: [.light, .tintedDark, .lockScreen], scale: 2) > 0)
    }
    @Test func countdownWidget() {
        #expect(assertWidgetSnapshots(of: CountdownWidget.self, appearances: [.light, .dark], scale: 2) == 4 * 2 / 2 * 2)
    }
    @Test func batteryWidget() {
        #expect(assertWidgetSnapshots(of: BatteryWidget.self, appearances: [.light, .dark], scale: 2) == 2)
    }
    @Test func habitWidget() {
        #expect(assertWidgetSnapshots(of: HabitWidget.self, appearances: [.light, .clearDark], scale: 2) == 2)
    }
    @Test func forecastWidget() {
        #expect(assertWidgetSnapshots(of: ForecastWidget.self, appearances: [.light, .tintedLight], scale: 2) == 2)
    }

    // The five files that import SwiftUI, WidgetKit and AppIntents with no header.
    @Test func waterWidget() {
        #expect(assertWidgetSnapshots(of: WaterWidget.self, entries: [1], appearances: [.light, .lockScreen], scale: 2) == 3)
    }
    @Test func contributionsWidget() {
        #expect(assertWidgetSnapshots(of: ContributionsWidget.self, appearances: [.light, .dark], scale: 2) == 2)
    }
    @Test func stocksWidget() {
        #expect(assertWidgetSnapshots(of: StocksWidget.self, appearances: [.light, .dark], scale: 2) == 2)
    }
    @Test func agendaWidget() {
        #expect(assertWidgetSnapshots(of: AgendaWidget.self, appearances: [.light, .lockScreen], scale: 2) == 2)
    }
    @Test func nowPlayingWidget() {
        #expect(assertWidgetSnapshots(of: NowPlayingWidget.self, appearances: [.light, .tintedDark], scale: 2) == 2)
    }

    /// Every `#Preview` in the target is found, in source order, and renders through the command line.
    @Test func macroPreviewsRender() throws {
        let previews = WidgetPreviews.declared()
        // What the sources declare: each `#Preview` line, by file then line; its name, or file:line.
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sources/RealWorldWidgets")
        var expected: [String] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() {
            let lines = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8).components(separatedBy: "\n")
            for (i, line) in lines.enumerated() where line.hasPrefix("#Preview") {
                if line.hasPrefix("#Preview(\""), let close = line.dropFirst(10).firstIndex(of: "\"") {
                    expected.append(String(line[line.index(line.startIndex, offsetBy: 10)..<close]))
                } else {
                    expected.append("\(file.replacingOccurrences(of: ".swift", with: "")):\(i + 1)")
                }
            }
        }
        #expect(expected.count == 6)
        #expect(previews.map(\.kind) == expected)
        #expect(
            previews.map(\.supportedFamilies) == [
                [.accessoryRectangular], [.systemMedium], [.systemMedium], [.systemMedium], [.systemSmall], [.accessoryCircular],
            ])
        // The second preview's entries are the ones its timeline lists; the intent preview keeps its family.
        #expect(previews[4].entries(for: .systemSmall, size: Size(170, 170)).count == 2)
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("macro-previews-\(getpid())")
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(WidgetCommandLine.render(previews, arguments: ["--out", out.path, "--quiet", "--appearances", "light"]) == 0)
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("Contributions/systemMedium/light/e0.png").path))
    }

    /// `render --intent` sets a parameter of an App Intents widget.
    @Test func intentOptionSetsAParameter() throws {
        let configured = try WaterWidget.definition.configuringIntent(["goal": "3000", "unit": "ounces"])
        let base = WaterWidget.definition
        #expect(base.intentParameters.map(\.name) == ["goal", "unit"])
        #expect(base.intentParameters[1].choices == ["milliliters", "ounces"])
        #expect(configured.intentValues == ["goal": "3000", "unit": "ounces"])
    }

    /// The intent's parameter default reaches the entries (the gallery's first rendering).
    @Test func appIntentDefaultsReachTheTimeline() {
        let entries = StepsWidget.definition.entries(for: .systemSmall, size: Size(170, 170))
        #expect(entries.count == 2)
    }

    /// A @main bundle lists its widgets for rendering.
    @Test func bundleListsItsWidgets() {
        #expect(
            RealWorldWidgetBundle().widgets.map(\.kind) == [
                "StepsWidget", "CountdownWidget", "BatteryWidget", "HabitWidget", "ForecastWidget",
                "WaterWidget", "ContributionsWidget", "StocksWidget", "AgendaWidget", "NowPlayingWidget",
            ])
    }

    /// A PreviewProvider's previews render like widgets: one per preview, in its preview family.
    @Test func previewsRender() {
        let previews = WidgetPreviews.definitions(of: CountdownWidget_Previews.self)
        #expect(previews.map(\.supportedFamilies) == [[.systemSmall], [.systemMedium]])
        #expect(previews.map(\.kind) == ["CountdownWidget_Previews-1", "Medium"])
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("previews-\(getpid())")
        defer { try? FileManager.default.removeItem(at: out) }
        let code = WidgetCommandLine.render(previews, arguments: ["--out", out.path, "--quiet", "--appearances", "light"])
        #expect(code == 0)
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("Medium/systemMedium/light/e0.png").path))
    }
}
