import Foundation
import WidgetModel
import WidgetTestSupport
import WidgetTooling
import XCTest

@testable import RasterCore
@testable import WidgetLayout
@testable import WidgetRaster

/// Pixel properties of each rendering mode.
final class ModeTests: XCTestCase {
    func spec(_ body: String, removable: Bool = true, background: String = #""containerBackground": "red""#) throws -> WidgetSpec {
        let json =
            #"{"kind": "T", "supportedFamilies": ["systemSmall", "accessoryRectangular"], "containerBackgroundRemovable": \#(removable), "body": {"type": "ZStack", "children": [\#(body)], "modifiers": [{"frame": {"maxWidth": "infinity", "maxHeight": "infinity"}}, {\#(background)}]}}"#
        return try WidgetSpec.decode(Array(json.utf8), file: "t.widget.json")
    }

    func render(_ s: WidgetSpec, _ appearance: Appearance, family: WidgetFamily = .systemSmall, wallpaper: RGBA? = nil) throws
        -> RenderedWidget
    {
        let r = SpecRenderer(spec: s, scale: 1)
        if let wallpaper { r.wallpaper = Pixmap(width: 402, height: 874, color: wallpaper) }
        return try r.render(Variant(entry: 0, family: family, appearance: appearance))
    }

    /// Draws a display list in accented mode onto a transparent canvas (no glass).
    func accented(_ s: WidgetSpec) throws -> Pixmap {
        let r = SpecRenderer(spec: s, scale: 1)
        let out = try r.render(Variant(entry: 0, family: .systemSmall, appearance: .clearLight))
        var painter = Painter(
            canvas: Canvas(width: out.pixmap.width, height: out.pixmap.height)!, base: .identity,
            environment: r.environment(for: Variant(entry: 0, family: .systemSmall, appearance: .clearLight)),
            mode: .accented(.iOS26))
        painter.draw(out.content)
        return painter.canvas.pixmap
    }

    func testAccentedContentIsWhiteWithVaryingAlpha() throws {
        let s = try spec(
            ##"{"type": "VStack", "children": [{"type": "Text", "text": "Hello", "modifiers": [{"foregroundStyle": "orange"}, {"font": "title"}]}, {"type": "Circle", "modifiers": [{"fill": {"type": "LinearGradient", "colors": ["#FF000080", "#0000FF"]}}, {"frame": {"width": 40, "height": 40}}]}]}"##
        )
        let p = try accented(s)
        var alphas = Set<UInt8>()
        for i in 0..<p.pixels.count where p.pixels[i] >> 24 > 0 {
            let c = p.color(atX: i % p.width, y: i / p.width)
            XCTAssertEqual(c.r, 255)
            XCTAssertEqual(c.g, 255)
            XCTAssertEqual(c.b, 255)
            alphas.insert(c.a)
        }
        XCTAssertGreaterThan(alphas.count, 20, "anti-aliasing and the gradient keep varying alpha")
    }

    func testAccentGroupIsBrighterThanTheDefaultGroup() throws {
        let s = try spec(
            #"{"type": "HStack", "spacing": 0, "children": [{"type": "Rectangle", "modifiers": [{"fill": "blue"}, {"widgetAccentable": true}]}, {"type": "Rectangle", "modifiers": [{"fill": "blue"}]}]}"#
        )
        let p = try accented(s)
        let y = p.height / 2
        XCTAssertEqual(Int(p.pixel(atX: 30, y: y).a), 255, "accent group at full opacity")
        XCTAssertEqual(Int(p.pixel(atX: p.width - 30, y: y).a), Int((AccentColors.iOS26.defaultGroupOpacity * 255).rounded()), accuracy: 1)
    }

    func testDesaturatedImageAlphaIsItsLuminance() throws {
        // A 2×1 image: mid grey and pure green, drawn desaturated.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("wm-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var img = Pixmap(width: 2, height: 1)!
        img.pixels[0] = PremultipliedPixel(RGBA(r8: 128, g8: 128, b8: 128)).packed
        img.pixels[1] = PremultipliedPixel(RGBA(r8: 0, g8: 255, b8: 0)).packed
        try Data(PNGCodec.encode(img)).write(to: dir.appendingPathComponent("i.png"))
        let json =
            #"{"kind": "I", "supportedFamilies": ["systemSmall"], "assets": {"i": "i.png"}, "body": {"type": "Image", "asset": "i", "modifiers": [{"resizable": true}, {"widgetAccentedRenderingMode": "desaturated"}, {"frame": {"width": 100, "height": 50}}, {"containerBackground": "black"}]}}"#
        try Data(json.utf8).write(to: dir.appendingPathComponent("i.widget.json"))
        let s = try WidgetSpec.load(contentsOf: dir.appendingPathComponent("i.widget.json"))
        let r = SpecRenderer(spec: s, scale: 1)
        let v = Variant(entry: 0, family: .systemSmall, appearance: .tintedDark)
        let out = try r.render(v)
        var painter = Painter(
            canvas: Canvas(width: out.pixmap.width, height: out.pixmap.height)!, base: .identity,
            environment: r.environment(for: v), mode: .accented(.iOS26))
        painter.draw(out.content)
        let p = painter.canvas.pixmap
        let cy = p.height / 2
        let cx = p.width / 2
        let grey = p.color(atX: cx - 30, y: cy)
        let green = p.color(atX: cx + 30, y: cy)
        let k = AccentColors.iOS26.defaultGroupOpacity  // desaturated images belong to the default group
        XCTAssertEqual(Double(grey.a), 128 * k, accuracy: 2)
        XCTAssertEqual(Double(green.a), 255 * 0.7152 * k, accuracy: 2)
        XCTAssertEqual(grey.r, 255)
    }

    func testVibrantIsGrayscaleBeforeTheMaterial() {
        var content = Pixmap(width: 3, height: 1)!
        content.pixels[0] = PremultipliedPixel(RGBA(red: 1, green: 0, blue: 0)).packed
        content.pixels[1] = PremultipliedPixel(RGBA(red: 0, green: 0.5, blue: 1)).packed
        content.pixels[2] = PremultipliedPixel(RGBA(white: 1, alpha: 0.5)).packed
        let black = Pixmap(width: 3, height: 1, color: .black)!
        let out = Vibrancy.apply(content: content, material: black, behind: black, tint: .white)
        for x in 0..<3 {
            let c = out.color(atX: x, y: 0)
            XCTAssertEqual(c.r, c.g)
            XCTAssertEqual(c.g, c.b)
        }
        XCTAssertEqual(Int(out.color(atX: 0, y: 0).r), Int((0.2126 * 255).rounded()), accuracy: 1, "red → its luminance")
        XCTAssertEqual(Int(out.color(atX: 2, y: 0).r), 128, accuracy: 1, "alpha is material strength")
    }

    func testGlassComesFromTheWallpaperNotTheRemovedBackground() throws {
        // A red container background over a green wallpaper: the clear glass is green-ish, never red.
        let s = try spec(#"{"type": "Color", "color": "clear"}"#)
        let out = try render(s, .clearLight, wallpaper: RGBA(red: 0, green: 0.6, blue: 0.2))
        let c = out.pixmap.color(atX: out.pixmap.width / 2, y: out.pixmap.height / 2)
        XCTAssertGreaterThan(Int(c.g), Int(c.r) + 60, "\(c)")
        XCTAssertLessThan(Int(c.r), 120)
        // In full colour the red background is there.
        let full = try render(s, .light).pixmap.color(atX: 80, y: 80)
        XCTAssertGreaterThan(full.r, 200)
    }

    func testNonRemovableBackgroundIsKeptAndItsExclusionsListed() throws {
        let s = try spec(#"{"type": "Color", "color": "clear"}"#, removable: false)
        let out = try render(s, .clearLight, wallpaper: RGBA(red: 0, green: 0.6, blue: 0.2))
        XCTAssertGreaterThan(out.pixmap.color(atX: 80, y: 80).r, 200, "the system keeps a non-removable background")
        let (_, skipped) = SpecRenderer(spec: s).variants(appearances: Appearance.allCases)
        XCTAssertTrue(skipped.contains { $0.excluded && $0.variant.appearance == .standBy })
        let env = SpecRenderer(spec: s).environment(for: Variant(entry: 0, family: .systemSmall, appearance: .clearLight))
        XCTAssertTrue(env.showsWidgetContainerBackground)
    }

    func testEnvironmentFollowsTheAppearance() throws {
        let body =
            #"{"type": "Switch", "on": "renderingMode", "cases": {"accented": {"type": "Text", "text": "A"}, "vibrant": {"type": "Text", "text": "V"}}, "default": {"type": "Text", "text": "F"}}"#
        let s = try spec(body)
        func shown(_ a: Appearance, _ f: WidgetFamily = .systemSmall) throws -> String {
            let out = try render(s, a, family: f)
            return out.content.ops.compactMap { op -> String? in
                if case .text(let l, _, _, _) = op.kind { return l.lines.first?.text }
                return nil
            }.joined()
        }
        XCTAssertEqual(try shown(.light), "F")
        XCTAssertEqual(try shown(.tintedDark), "A")
        XCTAssertEqual(try shown(.lockScreen, .accessoryRectangular), "V")
    }

    /// Every appearance of the weather Sample (systemSmall; accessory-only ones skipped), 1x.
    func testWeatherInEveryAppearance() throws {
        let s = try WidgetSpec.load(contentsOf: RenderTests.samples.appendingPathComponent("weather.widget.json"))
        let r = SpecRenderer(spec: s, scale: 1)
        for a in Appearance.allCases where a.shows(.systemSmall, on: r.device) {
            assertGolden(
                try r.render(Variant(entry: 0, family: .systemSmall, appearance: a)).pixmap,
                named: "weather-small-\(a.rawValue)", suite: "modes")
        }
        let lock = SpecRenderer(
            spec: try WidgetSpec.load(contentsOf: RenderTests.samples.appendingPathComponent("lockscreen.widget.json")), scale: 1)
        for f in [WidgetFamily.accessoryCircular, .accessoryRectangular, .accessoryInline] {
            assertGolden(
                try lock.render(Variant(entry: 0, family: f, appearance: .lockScreen)).pixmap, named: "hydration-\(f.rawValue)",
                suite: "modes")
        }
    }

    /// The wallpaper is drawn in parallel bands; the bands must add up to the one-piece drawing,
    /// byte for byte, for every style (odd height, so the bands differ in size).
    func testBandedWallpaperEqualsOnePieceDrawing() {
        for style in Wallpaper.Style.allCases {
            let w = 123
            let h = 257
            var c = Canvas(width: w, height: h)!
            Wallpaper.draw(style, into: &c, width: Double(w), height: Double(h))
            let banded = Wallpaper.generate(style, width: w, height: h)
            XCTAssertEqual(banded.pixels, c.pixmap.pixels, "\(style)")
        }
    }
}
