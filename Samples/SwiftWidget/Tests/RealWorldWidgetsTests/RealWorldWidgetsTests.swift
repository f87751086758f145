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
