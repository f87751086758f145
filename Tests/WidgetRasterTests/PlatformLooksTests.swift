import Foundation
import WidgetModel
import WidgetTooling
import XCTest

@testable import RasterCore
@testable import WidgetLayout
@testable import WidgetRaster

/// The looks of the other platforms and contexts: where each exists, what it removes or adds, and
/// the configuration keys that choose them (docs/WIDGETKIT-FACTS.md §7).
final class PlatformLooksTests: XCTestCase {
    func spec(_ body: String, families: String = #"["systemSmall"]"#, extra: String = "") throws -> WidgetSpec {
        let json = #"{"kind": "Fixture", "supportedFamilies": \#(families), \#(extra) "body": \#(body)}"#
        return try WidgetSpec.decode(Array(json.utf8), file: "fixture.widget.json")
    }

    let redBackground = #"{"type": "Text", "text": " ", "modifiers": [{"containerBackground": {"red": 1, "green": 0, "blue": 0}}]}"#

    func device(_ name: String) throws -> Device { try XCTUnwrap(DeviceCatalog.device(named: name)) }

    func pixel(_ p: Pixmap, _ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int, a: Int) {
        let v = p.pixels[y * p.width + x]
        return (Int(v & 0xFF), Int((v >> 8) & 0xFF), Int((v >> 16) & 0xFF), Int(v >> 24))
    }

    /// Each look exists only on its platforms; "all" is the device's own looks.
    func testLooksBelongToTheirPlatforms() throws {
        let iPhone = DeviceCatalog.default
        let watch = try device("Apple Watch 46mm")
        let vision = try device("Vision Pro")
        let mac = try device("Mac")
        XCTAssertEqual(Set(Appearance.all(on: watch)), [.smartStack, .watchFace, .watchFaceTinted])
        XCTAssertEqual(Set(Appearance.all(on: vision)), [.visionElevated, .visionRecessed])
        XCTAssertTrue(Appearance.all(on: mac).contains(.desktopDimmed))
        XCTAssertFalse(Appearance.all(on: mac).contains(.lockScreen))
        XCTAssertFalse(Appearance.all(on: iPhone).contains(.smartStack))
        // Families: the Smart Stack shows only accessoryRectangular; faces the accessories;
        // CarPlay systemSmall.
        XCTAssertTrue(Appearance.smartStack.shows(.accessoryRectangular, on: watch))
        XCTAssertFalse(Appearance.smartStack.shows(.accessoryCircular, on: watch))
        XCTAssertTrue(Appearance.watchFace.shows(.accessoryCorner, on: watch))
        XCTAssertTrue(Appearance.carPlay.shows(.systemSmall, on: iPhone))
        XCTAssertFalse(Appearance.carPlay.shows(.systemMedium, on: iPhone))
        XCTAssertFalse(Appearance.light.shows(.systemSmall, on: vision), "Vision Pro has its own looks")
        // Each look says how sure its rule is.
        XCTAssertFalse(Appearance.carPlay.confidence.confirmed)
        XCTAssertTrue(Appearance.standBy.confidence.confirmed)
    }

    /// CarPlay and StandBy remove the background and show the widget on black; the Smart Stack
    /// shows the container background (it replaces the stack's material).
    func testBackgroundsRemovedOrShown() throws {
        let s = try spec(redBackground)
        let carPlay = try SpecRenderer(spec: s, scale: 1).render(Variant(entry: 0, family: .systemSmall, appearance: .carPlay)).pixmap
        let mid = pixel(carPlay, carPlay.width / 2, carPlay.height / 2)
        XCTAssertEqual([mid.r, mid.g, mid.b, mid.a], [0, 0, 0, 255])
        let rect = try spec(redBackground, families: #"["accessoryRectangular"]"#)
        let watch = try device("Apple Watch 46mm")
        let stack = try SpecRenderer(spec: rect, device: watch, scale: 1).render(
            Variant(entry: 0, family: .accessoryRectangular, appearance: .smartStack)
        ).pixmap
        let c = pixel(stack, stack.width / 2, stack.height / 2)
        XCTAssertGreaterThan(c.r, 200)
        XCTAssertLessThan(c.g, 60)
        let face = try SpecRenderer(spec: rect, device: watch, scale: 1).render(
            Variant(entry: 0, family: .accessoryRectangular, appearance: .watchFace)
        ).pixmap
        let f = pixel(face, face.width / 2, face.height / 2)
        XCTAssertEqual([f.r, f.g, f.b], [0, 0, 0], "a face shows no background")
    }

    /// A tinted watch face: primary content white, the accent group in the face colour (the tint).
    func testTintedWatchFaceColoursTheAccentGroup() throws {
        let body = #"""
            {"type": "VStack", "spacing": 0, "children": [
              {"type": "Rectangle", "modifiers": [{"fill": "red"}, {"frame": {"height": 30}}]},
              {"type": "Rectangle", "modifiers": [{"fill": "red"}, {"frame": {"height": 30}}, {"widgetAccentable": true}]}],
             "modifiers": [{"containerBackground": "blue"}]}
            """#
        let s = try spec(body, families: #"["accessoryRectangular"]"#)
        let r = SpecRenderer(spec: s, device: try device("Apple Watch 46mm"), scale: 1)
        r.tint = RGBA(hex: "#00FF00")!
        let p = try r.render(Variant(entry: 0, family: .accessoryRectangular, appearance: .watchFaceTinted)).pixmap
        // The 60-pt stack is centred in the 80.5-pt frame: rows 10–40 and 40–70.
        let top = pixel(p, p.width / 2, 20)
        let bottom = pixel(p, p.width / 2, 60)
        XCTAssertEqual([top.r, top.g, top.b], [255, 255, 255])
        XCTAssertEqual([bottom.r, bottom.g, bottom.b], [0, 255, 0])
    }

    /// visionOS: the texture and mount are configuration; a mount the widget does not support is
    /// left out with its reason; paper has grain and glass a sheen (both Chosen looks, see
    /// VisionFinish), so the two textures differ.
    func testVisionTexturesAndMounts() throws {
        let vision = try device("Vision Pro")
        let glass = try spec(redBackground)
        let paper = try spec(redBackground, extra: #""widgetTexture": "paper", "supportedMountingStyles": ["elevated", "recessed"],"#)
        XCTAssertEqual(glass.widgetTexture, .glass)
        XCTAssertEqual(glass.supportedMountingStyles, [.elevated])
        XCTAssertEqual(paper.widgetTexture, .paper)
        let (render, skipped) = SpecRenderer(spec: glass, device: vision, scale: 1).variants(appearances: Appearance.all(on: vision))
        XCTAssertEqual(render.map(\.appearance), [.visionElevated])
        XCTAssertEqual(skipped.first?.variant.appearance, .visionRecessed)
        XCTAssertEqual(skipped.first?.excluded, true)
        XCTAssertEqual(SpecRenderer(spec: paper, device: vision).variants(appearances: Appearance.all(on: vision)).render.count, 2)
        let g = try SpecRenderer(spec: glass, device: vision, scale: 1).render(
            Variant(entry: 0, family: .systemSmall, appearance: .visionElevated)
        )
        .pixmap
        let p = try SpecRenderer(spec: paper, device: vision, scale: 1).render(
            Variant(entry: 0, family: .systemSmall, appearance: .visionElevated)
        )
        .pixmap
        // Paper: neighbouring pixels of the flat red differ (grain); glass: they are equal.
        let y = p.height / 2
        let paperRow = (60..<90).map { pixel(p, $0, y).r }
        let glassRow = (60..<90).map { pixel(g, $0, y).r }
        XCTAssertGreaterThan(Set(paperRow).count, 2)
        XCTAssertEqual(Set(glassRow).count, 1)
        // Elevated: the 6-pt band of material at the edge is not red.
        let edge = pixel(g, 3, g.height / 2)
        XCTAssertGreaterThan(edge.g, 150)
        XCTAssertThrowsError(try spec(redBackground, extra: #""widgetTexture": "wood","#))
        XCTAssertThrowsError(try spec(redBackground, extra: #""supportedMountingStyles": [],"#))
        // Recessed: the top edge is in the portal's shadow, darker than the middle.
        let rec = try SpecRenderer(spec: paper, device: vision, scale: 1).render(
            Variant(entry: 0, family: .systemSmall, appearance: .visionRecessed)
        ).pixmap
        XCTAssertLessThan(pixel(rec, rec.width / 2, 1).r, pixel(rec, rec.width / 2, rec.height / 2).r - 40)
    }

    /// The Mac: desktop widgets do not follow Dynamic Type (Apple: on macOS the size cannot be
    /// changed and does not affect text), so such variants are left out with the reason.
    func testMacIgnoresDynamicType() throws {
        let s = try spec(redBackground)
        let mac = try device("Mac")
        let (render, skipped) = SpecRenderer(spec: s, device: mac).variants(
            appearances: [.light, .desktopDimmed], settings: [.standard, ViewerSettings(dynamicTypeSize: .accessibility2)])
        XCTAssertEqual(render.count, 2)
        XCTAssertEqual(skipped.count, 2)
        XCTAssertTrue(skipped.allSatisfy { $0.reason.contains("Dynamic Type") && !$0.excluded }, "not the system leaving it out")
        // Dimmed: accented white content over a desaturated glass (no red left in the face).
        let p = try SpecRenderer(spec: s, device: mac, scale: 1).render(Variant(entry: 0, family: .systemSmall, appearance: .desktopDimmed))
            .pixmap
        let c = pixel(p, p.width / 2, p.height / 2)
        XCTAssertLessThan(abs(c.r - c.g), 40)
    }

    /// Relative dates name their units in the locale (Foundation's Duration format), keeping the
    /// same truncation as the English text.
    func testRelativeDatesFollowTheLocale() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let later = now.addingTimeInterval(2 * 3600 + 23 * 60 + 59)
        XCTAssertEqual(DateTextFormatter().string(later, style: .relative, now: now), "2 hours, 23 minutes")
        let german = DateTextFormatter(locale: Locale(identifier: "de_DE")).string(later, style: .relative, now: now)
        XCTAssertTrue(german.contains("Stunden") && german.contains("23"), german)
        XCTAssertFalse(german.contains("24"))
    }
}
