import Foundation
import Testing
import WeatherWidget
import WidgetModel
import WidgetRaster
import WidgetSnapshotTesting
import WidgetTooling

@Suite struct WeatherWidgetTests {
    /// Every family × the appearances that change how it draws, compared with the recorded PNGs in
    /// __Snapshots__ (recorded on first run, or again with WIDGETCTL_RECORD=1).
    @Test func snapshots() throws {
        assertWidgetSnapshots(
            of: WeatherWidget.self,
            families: [.systemSmall, .systemMedium, .systemLarge],
            appearances: [.light, .dark, .tintedDark], scale: 1)
    }

    /// The Swift widget and Samples/weather.widget.json describe the same widget: same pixels.
    @Test func rendersLikeTheSpec() throws {
        let specURL = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().appendingPathComponent("../../../weather.widget.json").standardizedFileURL
        let fromSpec = SpecRenderer(spec: try WidgetSpec.load(contentsOf: specURL), scale: 1)
        let fromSwift = SpecRenderer(widget: WeatherWidget.definition, scale: 1)
        for family in [WidgetFamily.systemSmall, .systemMedium, .systemLarge] {
            for appearance in [Appearance.light, .dark, .clearDark] {
                for entry in 0..<2 {
                    let v = Variant(entry: entry, family: family, appearance: appearance)
                    let diff = ImageDiff(
                        expected: try fromSpec.render(v).pixmap, actual: try fromSwift.render(v).pixmap,
                        channelTolerance: 0)
                    #expect(diff.differingPixels == 0, "\(v): the spec and the Swift widget differ in \(diff.differingPixels) pixels")
                }
            }
        }
    }
}
