import Foundation
import WidgetModel
import WidgetRaster
import WidgetTestSupport
import XCTest

@testable import RasterCore
@testable import WidgetLayout

/// One small golden per raster feature, in a folder per feature (Goldens/<feature>/<case>.png), so
/// a change re-records only what it touches and a failure names the feature that broke. Tiles are
/// 64×64 pt drawn at 2x (128×128 px) on white; tolerance 1 level per channel, 0 differing pixels.
/// Paint coordinates are in the path's own space (the transform applies to both).
/// Record with WIDGETCTL_RECORD=1 swift test --filter FeatureGoldenTests, then look at the images.
final class FeatureGoldenTests: XCTestCase {
    let blue = RGBA(hex: "#2F6FEB")!, orange = RGBA(hex: "#FF9F0A")!, green = RGBA(hex: "#30D158")!
    let ink = RGBA(hex: "#1C1C1E")!
    let s = Transform.scale(2)

    /// A 64×64 pt tile at 2x on white (or transparent).
    func tile(width: Double = 64, height: Double = 64, background: RGBA? = .white, _ draw: (inout Canvas) throws -> Void) rethrows -> Pixmap
    {
        var c = Canvas(width: Int(width * 2), height: Int(height * 2))!
        if let background { c.paint(.solid(background)) }
        try draw(&c)
        return c.pixmap
    }

    func star(center: Point, radius: Double) -> Path {
        var p = Path()
        for i in 0..<5 {
            let a = -Double.pi / 2 + Double(i) * 4 * Double.pi / 5
            let q = Point(center.x + radius * cos(a), center.y + radius * sin(a))
            if i == 0 { p.move(to: q) } else { p.addLine(to: q) }
        }
        p.closeSubpath()
        return p
    }

    // MARK: fills

    func testFillsCornerStyles() {
        let img = tile(width: 128) { c in
            c.fill(
                Path(roundedRect: Rect(x: 4, y: 4, width: 56, height: 56), cornerRadius: 18, style: .circular), with: .solid(blue),
                transform: s)
            c.fill(
                Path(roundedRect: Rect(x: 68, y: 4, width: 56, height: 56), cornerRadius: 18, style: .continuous), with: .solid(blue),
                transform: s)
        }
        assertGolden(img, named: "corner-styles", suite: "fills")
    }

    func testFillsFillRules() {
        let img = tile(width: 128) { c in
            c.fill(star(center: Point(32, 34), radius: 28), with: .solid(ink), rule: .nonZero, transform: s)
            c.fill(star(center: Point(96, 34), radius: 28), with: .solid(ink), rule: .evenOdd, transform: s)
        }
        assertGolden(img, named: "fill-rules", suite: "fills")
    }

    func testFillsCurvesAndSubpixelEdges() {
        let img = tile { c in
            c.fill(Path(circleCenter: Point(20, 20), radius: 14.3), with: .solid(orange), transform: s)
            c.fill(Path(ellipseIn: Rect(x: 36, y: 8, width: 24, height: 40)), with: .solid(green), transform: s)
            c.fill(Path(capsuleIn: Rect(x: 4.25, y: 40.5, width: 28.5, height: 13.25)), with: .solid(blue), transform: s)
        }
        assertGolden(img, named: "curves-subpixel", suite: "fills")
    }

    // MARK: strokes

    func testStrokesCapsAndJoins() {
        var zig = Path()
        zig.move(to: Point(8, 52))
        zig.addLine(to: Point(22, 14))
        zig.addLine(to: Point(36, 52))
        zig.addLine(to: Point(50, 14))
        let img = tile(width: 192) { c in
            for (i, (cap, join)) in [(LineCap.butt, LineJoin.miter), (.round, .round), (.square, .bevel)].enumerated() {
                let t = Transform.translation(Double(i) * 64, 0).concatenating(s)
                c.stroke(zig, style: StrokeStyle(lineWidth: 8, lineCap: cap, lineJoin: join), with: .solid(ink.opacity(0.85)), transform: t)
                c.stroke(zig, style: StrokeStyle(lineWidth: 0.5), with: .solid(orange), transform: t)
            }
        }
        assertGolden(img, named: "caps-joins", suite: "strokes")
    }

    func testStrokesDashesAndArcs() {
        let img = tile { c in
            c.stroke(
                Path(rect: Rect(x: 6, y: 10, width: 52, height: 0.001)),
                style: StrokeStyle(lineWidth: 3, lineCap: .round, dash: [8, 5, 1, 5]),
                with: .solid(blue), transform: s)
            var arc = Path()
            arc.addArc(center: Point(32, 40), radius: 16, startAngle: -Double.pi / 2, endAngle: Double.pi * 0.9)
            c.stroke(
                Path(circleCenter: Point(32, 40), radius: 16), style: StrokeStyle(lineWidth: 7), with: .solid(green.opacity(0.25)),
                transform: s)
            c.stroke(arc, style: StrokeStyle(lineWidth: 7, lineCap: .round), with: .solid(green), transform: s)
        }
        assertGolden(img, named: "dashes-arcs", suite: "strokes")
    }

    // MARK: gradients

    func testGradients() {
        let img = tile(width: 192) { c in
            c.fill(
                Path(roundedRect: Rect(x: 4, y: 4, width: 56, height: 56), cornerRadius: 12, style: .continuous),
                with: .linearGradient(
                    stops: Paint.stops([RGBA(hex: "#34C759")!, RGBA(hex: "#5856D6")!]), start: Point(4, 0), end: Point(60, 0)), transform: s
            )
            c.fill(
                Path(rect: Rect(x: 68, y: 4, width: 56, height: 56)),
                with: .radialGradient(
                    stops: [
                        GradientStop(.white, at: 0), GradientStop(orange, at: 0.5), GradientStop(RGBA(hex: "#FF453A")!.opacity(0), at: 1),
                    ],
                    center: Point(96, 32), startRadius: 0, endRadius: 28), transform: s)
            c.stroke(
                Path(circleCenter: Point(160, 32), radius: 20), style: StrokeStyle(lineWidth: 10),
                with: .angularGradient(
                    stops: Paint.stops([RGBA(hex: "#FA114F")!, RGBA(hex: "#FF6EA8")!, RGBA(hex: "#FA114F")!]),
                    center: Point(160, 32), startAngle: -Double.pi / 2, endAngle: 1.5 * Double.pi), transform: s)
        }
        assertGolden(img, named: "linear-radial-angular", suite: "gradients")
    }

    func testGradientFadeToClearDoesNotDarken() {
        // Premultiplied interpolation: a fade from orange to clear stays orange, never greyish.
        let img = tile(background: nil) { c in
            c.fill(
                Path(rect: Rect(x: 0, y: 0, width: 64, height: 64)),
                with: .linearGradient(stops: [GradientStop(orange, at: 0), GradientStop(.clear, at: 1)], start: .zero, end: Point(128, 0)))
        }
        assertGolden(img, named: "fade-to-clear", suite: "gradients")
    }

    // MARK: blend modes

    func testBlendModes() {
        let modes: [BlendMode] = [.sourceOver, .multiply, .screen, .overlay, .darken, .lighten, .plusLighter, .destinationOut]
        let img = tile(width: 64 * 4, height: 128) { c in
            for (i, mode) in modes.enumerated() {
                let x = Double(i % 4) * 64
                let y = Double(i / 4) * 64
                c.beginLayer()
                c.fill(Path(rect: Rect(x: x + 6, y: y + 6, width: 34, height: 34)), with: .solid(blue), transform: s)
                c.fill(
                    Path(circleCenter: Point(x + 38, y + 38), radius: 20), with: .solid(orange.opacity(0.9)), transform: s, blendMode: mode)
                c.endLayer()
            }
        }
        assertGolden(img, named: "modes", suite: "blend")
    }

    func testLayerOpacity() {
        let img = tile { c in
            c.beginLayer(opacity: 0.5)
            c.fill(Path(rect: Rect(x: 8, y: 8, width: 32, height: 40)), with: .solid(.black), transform: s)
            c.fill(Path(rect: Rect(x: 24, y: 20, width: 32, height: 40)), with: .solid(.black), transform: s)
            c.endLayer()
        }
        assertGolden(img, named: "layer-opacity", suite: "blend")
    }

    // MARK: clips

    func testClips() {
        let img = tile(width: 128) { c in
            // A pixel-aligned rectangle clip, then a circular mask clip, then nested (mask × mask).
            c.clip(to: Path(rect: Rect(x: 4, y: 4, width: 24, height: 56)), transform: s)
            c.paint(.solid(blue))
            c.restoreClip()
            c.clip(to: Path(circleCenter: Point(56, 32), radius: 22), transform: s)
            // paint() is in device pixels.
            c.paint(.linearGradient(stops: Paint.stops([blue, green]), start: Point(68, 0), end: Point(156, 0)))
            c.restoreClip()
            c.clip(to: Path(circleCenter: Point(100, 32), radius: 22), transform: s)
            c.clip(
                to: Path(rect: Rect(x: 90, y: 0, width: 40, height: 64)).applying(
                    Transform.translation(-100, -32).concatenating(.rotation(0.3)).concatenating(.translation(100, 32))), transform: s)
            c.paint(.solid(orange))
            c.restoreClip()
            c.restoreClip()
        }
        assertGolden(img, named: "rect-mask-nested", suite: "clips")
    }

    // MARK: blur and colour matrices

    func testBlurSigmas() {
        // σ 1.2 (exact kernel), 4 (box passes), 12 (downsampled), on the same square.
        let img = tile(width: 192, background: nil) { c in
            for (i, sigma) in [1.2, 4.0, 12.0].enumerated() {
                var p = Pixmap(width: 128, height: 128)!
                var pc = Canvas(p)
                pc.fill(
                    Path(roundedRect: Rect(x: 16, y: 16, width: 32, height: 32), cornerRadius: 6, style: .continuous),
                    with: .solid(RGBA(hex: "#5E5CE6")!), transform: s)
                p = pc.pixmap
                GaussianBlur.apply(to: &p, sigma: sigma, edge: .transparent)
                c.drawImage(p, in: Rect(x: Double(i) * 128, y: 0, width: 128, height: 128), filter: .nearest)
            }
        }
        assertGolden(img, named: "sigmas", suite: "blur")
    }

    func testColorMatrices() {
        let img = tile(width: 128, background: nil) { c in
            var wheel = Pixmap(width: 128, height: 128)!
            var wc = Canvas(wheel)
            wc.fill(
                Path(circleCenter: Point(32, 32), radius: 28),
                with: .angularGradient(
                    stops: Paint.stops([RGBA(hex: "#FF0000")!, RGBA(hex: "#00FF00")!, RGBA(hex: "#0000FF")!, RGBA(hex: "#FF0000")!]),
                    center: Point(32, 32), startAngle: 0, endAngle: 2 * Double.pi), transform: s)
            wheel = wc.pixmap
            var grey = wheel
            ColorMatrix.desaturate.apply(to: &grey)
            c.drawImage(wheel, in: Rect(x: 0, y: 0, width: 128, height: 128), filter: .nearest)
            c.drawImage(grey, in: Rect(x: 128, y: 0, width: 128, height: 128), filter: .nearest)
        }
        assertGolden(img, named: "desaturate", suite: "filters")
    }

    // MARK: images

    func testImageSampling() {
        let checker = checkerboard()
        let img = tile(width: 128) { c in
            c.drawImage(checker, in: Rect(x: 4, y: 4, width: 56, height: 56), mode: .fill, filter: .nearest, transform: s)
            c.drawImage(checker, in: Rect(x: 68, y: 4, width: 56, height: 56), mode: .fill, filter: .bilinear, transform: s)
        }
        assertGolden(img, named: "nearest-bilinear", suite: "images")
    }

    func checkerboard() -> Pixmap {
        var p = Pixmap(width: 8, height: 8)!
        let a = PremultipliedPixel(ink).packed
        let b = PremultipliedPixel(RGBA(hex: "#FFD60A")!).packed
        for y in 0..<8 { for x in 0..<8 { p.pixels[y * 8 + x] = (x + y) % 2 == 0 ? a : b } }
        return p
    }

    // MARK: text

    func text(_ string: String, _ options: TextOptions, width: Double = 160, maxWidth: Double? = nil, height: Double = 40) throws -> Pixmap
    {
        var o = options
        o.displayScale = 2
        let layout = try TextLayoutEngine().layout(string, options: o, maxWidth: maxWidth)
        return tile(width: width, height: height) { c in c.draw(layout, at: Point(4, 4), with: .solid(.black), transform: s) }
    }

    func testTextShapingKerningAndLigatures() throws {
        assertGolden(try text("AVA To office ff fi", TextOptions(font: .style(.title3))), named: "kerning-ligatures", suite: "text-shaping")
    }

    func testTextWeightsAndItalic() throws {
        let img = try tile(width: 200, height: 64) { c in
            var y = 4.0
            for (weight, italic) in [(FontWeight.ultraLight, false), (.regular, true), (.heavy, false)] {
                let l = try TextLayoutEngine().layout(
                    "Cupertino 72°", options: TextOptions(font: FontSpec(size: 15, weight: weight, italic: italic), displayScale: 2))
                c.draw(l, at: Point(4, y), with: .solid(.black), transform: s)
                y += 19
            }
        }
        assertGolden(img, named: "weights-italic", suite: "text-shaping")
    }

    func testTextTabularFigures() throws {
        assertGolden(
            try text("10:09 11:11", TextOptions(font: FontSpec(size: 17, monospacedDigit: true))), named: "tabular", suite: "text-shaping")
    }

    func testTextBidi() throws {
        assertGolden(try text("Hi مرحبا 123 שלום ok", TextOptions(font: .body), width: 180), named: "mixed-scripts", suite: "text-bidi")
    }

    func testTextTruncation() throws {
        let sentence = "The quick brown fox jumps over the lazy dog"
        let img = try tile(width: 140, height: 72) { c in
            var y = 4.0
            for mode in [TruncationMode.tail, .middle, .head] {
                let l = try TextLayoutEngine().layout(
                    sentence, options: TextOptions(font: .style(.footnote), lineLimit: 1, truncation: mode, displayScale: 2), maxWidth: 130)
                c.draw(l, at: Point(4, y), with: .solid(.black), transform: s)
                y += 20
            }
        }
        assertGolden(img, named: "tail-middle-head", suite: "text-truncation")
    }

    func testTextWrapAndCentre() throws {
        let img = try text(
            "The quick brown fox jumps over the lazy dog near the riverbank, twice.",
            TextOptions(font: .body, lineLimit: 3, alignment: .center), width: 130, maxWidth: 120, height: 72)
        assertGolden(img, named: "wrap-centre-limit", suite: "text-truncation")
    }
}
