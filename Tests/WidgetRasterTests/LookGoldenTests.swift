import Foundation
import WidgetModel
import WidgetTestSupport
import WidgetTooling
import XCTest

@testable import RasterCore
@testable import WidgetLayout
@testable import WidgetRaster

/// Goldens of every look this round added, each on two Samples, at 1x (small files; the look's
/// rules are about colours and placement, which 1x shows). Tolerance: 1 per channel, no pixel
/// over it (the project's golden default). Record with WIDGETCTL_RECORD=all.
final class LookGoldenTests: XCTestCase {
    func sample(_ name: String) throws -> WidgetSpec {
        try WidgetSpec.load(contentsOf: RenderTests.samples.appendingPathComponent("\(name).widget.json"))
    }

    func golden(
        _ specName: String, _ family: WidgetFamily, _ look: Appearance, device: String? = nil,
        settings: ViewerSettings = .standard, mounting: [WidgetMountingStyle]? = nil, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        var spec = try sample(specName)
        if let mounting { spec.supportedMountingStyles = mounting }
        let d = try XCTUnwrap(device.map { DeviceCatalog.device(named: $0) } ?? DeviceCatalog.default)
        let r = SpecRenderer(spec: spec, device: d, scale: 1)
        let v = Variant(entry: 0, family: family, appearance: look, settings: settings)
        XCTAssertTrue(
            r.variants(families: [family], appearances: [look], settings: [settings]).render.contains(v), "\(v) is not offered", file: file,
            line: line)
        let name =
            "\(specName)-\(family.rawValue)-\(look.rawValue)"
            + (settings.isStandard ? "" : "-\(settings.tag.replacingOccurrences(of: "+", with: "-"))")
        assertGolden(try r.render(v).pixmap, named: name, suite: "looks", file: file, line: line)
    }

    func testPlatformLooks() throws {
        for s in ["weather", "transit"] {
            try golden(s, .systemSmall, .carPlay)
            try golden(s, .systemSmall, .desktopDimmed, device: "Mac")
            try golden(s, .systemSmall, .visionElevated, device: "Vision Pro")
            try golden(s, .systemSmall, .visionRecessed, device: "Vision Pro", mounting: [.elevated, .recessed])
        }
        for s in ["lockscreen", "transit"] {
            try golden(s, .accessoryRectangular, .smartStack, device: "Apple Watch 46mm")
            try golden(s, .accessoryRectangular, .watchFace, device: "Apple Watch 46mm")
            try golden(s, .accessoryCircular, .watchFaceTinted, device: "Apple Watch 46mm")
        }
    }

    func testSettingsLooks() throws {
        for s in ["weather", "transit"] {
            try golden(s, .systemSmall, .clearLight, settings: ViewerSettings(reduceTransparency: true))
            try golden(s, .systemSmall, .clearDark, settings: ViewerSettings(increaseContrast: true))
            try golden(s, .systemSmall, .light, settings: ViewerSettings(locale: "ar"))
            try golden(s, .systemSmall, .light, settings: ViewerSettings(dynamicTypeSize: .accessibility3))
        }
    }
}
