import CKernels
import CPNG
import Foundation
import WidgetModel
import XCTest

@testable import RasterCore
@testable import WidgetRaster
@testable import WidgetTooling

/// A noisy, partly transparent test image (deterministic).
func noise(_ w: Int, _ h: Int, seed: UInt64 = 1) -> Pixmap {
    var s = seed
    var p = Pixmap(width: w, height: h)!
    for i in p.pixels.indices {
        s = s &* 6364136223846793005 &+ 1442695040888963407
        let a = UInt32(truncatingIfNeeded: s >> 56) | (i % 7 == 0 ? 0 : 0xC0)
        let v = UInt32(truncatingIfNeeded: s >> 20)
        let r = min(a, v & 0xFF)
        let g = min(a, (v >> 8) & 0xFF)
        let b = min(a, (v >> 16) & 0xFF)
        p.pixels[i] = r | g << 8 | b << 16 | a << 24
    }
    return p
}

/// The shortcuts of the speed round (issue 19) must not change a byte: each is compared with the
/// plain path it replaces.
final class SpeedPathTests: XCTestCase {
    func testPNGBytesDoNotDependOnThreads() throws {
        // Sizes around the 256-KiB block and the segment boundaries, RGBA and opaque.
        for (w, h) in [(1, 1), (300, 301), (1049, 493), (2000, 700)] {
            for opaque in [false, true] {
                var p = noise(w, h, seed: UInt64(w * h))
                if opaque { for i in p.pixels.indices { p.pixels[i] |= 0xFF00_0000 } }
                let one = try PNGCodec.encode(p)
                for t in [2, 3, 8] { XCTAssertEqual(try PNGCodec.encode(p, threads: t), one, "\(w)×\(h) with \(t) threads") }
                // And it is a PNG libpng reads back to the same pixels.
                let back = try ImageCodec.decode(one)
                XCTAssertEqual(back.width, w)
                XCTAssertEqual(back.pixels, p.pixels, "\(w)×\(h) round trip")
            }
        }
    }

    func testPreparedBlurEqualsDirectBlur() {
        let p = noise(400, 300)
        let region = IntRect(x: 30, y: 20, width: 300, height: 200)
        for sigma in [7.0, 20, 44] {
            guard let prepared = GaussianBlur.prepare(p, sigma: sigma) else { return XCTFail("σ \(sigma) takes the low-resolution path") }
            for m in [nil, ColorMatrix.saturation(1.4)] {
                XCTAssertEqual(
                    prepared.blurred(region: region, colorMatrix: m)?.pixels,
                    GaussianBlur.blurred(p, sigma: sigma, region: region, colorMatrix: m).pixels, "σ \(sigma)")
            }
        }
        XCTAssertNil(GaussianBlur.prepare(p, sigma: 3), "a small σ is blurred at full resolution")
    }

    func testBackdropCacheMakesOnceAndStaysInBudget() {
        let cache = BackdropCache(budget: 3 * 100 * 100 * 4)
        var made = 0
        func get(_ i: Int) -> Pixmap {
            cache.pixmap(.init(backdrop: "b", kind: "glass", width: 100, height: 100, shape: [Double(i)])) {
                made += 1
                return Pixmap(width: 100, height: 100, color: RGBA(white: Double(i) / 10))!
            }
        }
        XCTAssertEqual(get(1).pixels[0], get(1).pixels[0])
        XCTAssertEqual(made, 1)
        XCTAssertEqual(cache.hits, 1)
        for i in 2...6 { _ = get(i) }
        XCTAssertEqual(made, 6)
        _ = get(1)  // evicted by the budget: made again
        XCTAssertEqual(made, 7)
        // Concurrent requests for one face make it once.
        let shared = BackdropCache()
        let lock = NSLock()
        var count = 0
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            _ = shared.pixmap(.init(backdrop: "x", kind: "glass", width: 1, height: 1)) {
                lock.lock()
                count += 1
                lock.unlock()
                usleep(20_000)
                return Pixmap(width: 1, height: 1)!
            }
        }
        XCTAssertEqual(count, 1)
        // A stored nil (no low-resolution blur) is a hit, not a reason to make it again.
        var blurs = 0
        for _ in 0..<3 {
            _ = shared.blur(.init(backdrop: "x", kind: "blur", width: 1, height: 1)) {
                blurs += 1
                return nil
            }
        }
        XCTAssertEqual(blurs, 1)
    }

    /// Glass renders the same with and without the shared cache (every look of a widget).
    func testCachedGlassEqualsUncached() throws {
        let spec = try WidgetSpec.load(contentsOf: RenderTests.samples.appendingPathComponent("weather.widget.json"))
        let cached = SpecRenderer(spec: spec, scale: 1)
        for a in [Appearance.clearLight, .clearDark, .tintedLight, .tintedDark, .standBy, .standByNight] {
            for e in 0..<2 {
                let v = Variant(entry: e, family: .systemSmall, appearance: a)
                let fresh = SpecRenderer(spec: spec, scale: 1)
                XCTAssertEqual(try cached.render(v).pixmap.pixels, try fresh.render(v).pixmap.pixels, "\(a) e\(e)")
            }
        }
        XCTAssertGreaterThan(cached.backdrops.hits, 0)
    }

    /// A batch with several workers makes the backdrops first (`prepareBackdrops`): the renders
    /// then find them in the cache, and are the pixels of a renderer that made its own.
    func testPreparedBackdropsAreTheOnesRendersMake() throws {
        let spec = try WidgetSpec.load(contentsOf: RenderTests.samples.appendingPathComponent("weather.widget.json"))
        let warmed = SpecRenderer(spec: spec, scale: 1)
        let variants = [Appearance.light, .clearLight, .tintedDark, .standBy].flatMap { a in
            [WidgetFamily.systemSmall, .systemMedium].map { Variant(entry: 0, family: $0, appearance: a) }
        }
        warmed.prepareBackdrops(for: variants)
        let made = warmed.backdrops.misses
        XCTAssertGreaterThan(made, 0, "the glass and vibrant looks' backdrops are made")
        for v in variants {
            let fresh = SpecRenderer(spec: spec, scale: 1)
            XCTAssertEqual(try warmed.render(v).pixmap.pixels, try fresh.render(v).pixmap.pixels, "\(v)")
        }
        XCTAssertGreaterThan(warmed.backdrops.hits, 0, "the renders found them")
    }

    func testManifestTextMatchesJSONSerialization() throws {
        let value: [String: Any] = [
            "b": [1, 2.5, "x/y", true, [String: Any](), [Any]()], "a": ["z": "quote \" and \\ and \n", "y": 164.333, "x": 3.0],
            "empty": [Any](),
        ]
        let data = try JSONSerialization.data(withJSONObject: value, options: [.prettyPrinted, .sortedKeys])
        let foundation = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\\/", with: "/") + "\n"
        XCTAssertEqual(JSONText.pretty(value), foundation)
    }

    func testContactSheetBuilderPlacesInAnyOrder() {
        let cells = (0..<6).map { i in
            (
                Variant(entry: i / 3, family: .systemSmall, appearance: [.light, .dark, .clearLight][i % 3]),
                noise(40, 40, seed: UInt64(i + 2))
            )
        }
        let inOrder = ContactSheet.render(title: "T", subtitle: "s", cells: cells)
        let b = ContactSheet.Builder(title: "T", subtitle: "s", cells: cells.map { ($0.0, 40, 40) })
        for (v, p) in cells.reversed() { b.place(v, p) }
        XCTAssertEqual(b.finish().pixels, inOrder.pixels)
        XCTAssertEqual(b.shown.count, 6)
    }

    func testOrderStatisticIsTheSortedElement() {
        var s: UInt64 = 7
        func next() -> UInt64 {
            s = s &* 6364136223846793005 &+ 1442695040888963407
            return s >> 33
        }
        for n in [1, 2, 3, 5, 20, 101, 1000, 4097] {
            var shapes: [[Double]] = []
            shapes.append((0..<n).map { _ in Double(next() % 1000) / 7 })  // random
            shapes.append((0..<n).map { _ in Double(next() % 3) })  // few distinct values
            shapes.append((0..<n).map { Double($0) })  // sorted
            shapes.append((0..<n).map { Double(n - $0) })  // reversed
            shapes.append([Double](repeating: 4.5, count: n))  // all equal
            shapes.append((0..<n).map { i -> Double in Double((i * 7919) % 101) + (i % 2 == 0 ? 0.5 : 0) })  // interleaved
            for values in shapes {
                let sorted = values.sorted()
                for k in Set([0, n / 20, n / 2, n - 1]) {
                    var copy = values
                    XCTAssertEqual(Checker.orderStatistic(&copy, k), sorted[k], "n \(n), k \(k)")
                }
            }
        }
    }

    /// The resize's ring of rows gives what two whole passes give (a plain reference here, in
    /// the same arithmetic order), for downscales and upscales.
    func testResizeEqualsTwoPassReference() {
        let src = noise(97, 61, seed: 3)
        for (w, h) in [(71, 44), (40, 17), (97, 30), (150, 90), (13, 61), (1, 1)] {
            func taps(_ n: Int, _ m: Int) -> [[(Int, Float)]] {
                let k = Double(n) / Double(m)
                return (0..<m).map { i in
                    let a = Double(i) * k
                    let b = Double(i + 1) * k
                    var out: [(Int, Float)] = []
                    var j = Int(a)
                    while Double(j) < b && j < n {
                        let overlap = min(b, Double(j + 1)) - max(a, Double(j))
                        if overlap > 0 { out.append((j, Float(overlap / k))) }
                        j += 1
                    }
                    return out
                }
            }
            let tx = taps(src.width, w)
            let ty = taps(src.height, h)
            var tmp = [SIMD4<Float>](repeating: .zero, count: w * src.height)
            for y in 0..<src.height {
                for x in 0..<w {
                    var acc = SIMD4<Float>.zero
                    for (j, wt) in tx[x] {
                        let p = src.pixels[y * src.width + j]
                        let r = Float(p & 0xFF)
                        let g = Float((p >> 8) & 0xFF)
                        let b = Float((p >> 16) & 0xFF)
                        let v = SIMD4<Float>(r, g, b, Float(p >> 24))
                        acc += v * wt
                    }
                    tmp[y * w + x] = acc
                }
            }
            let got = src.resized(width: w, height: h)
            for y in 0..<h {
                for x in 0..<w {
                    var acc = SIMD4<Float>.zero
                    for (j, wt) in ty[y] { acc += tmp[j * w + x] * wt }
                    let q: [UInt32] = (0..<4).map { c in UInt32(max(0, min(255, acc[c])).rounded(.toNearestOrEven)) }
                    let red: UInt32 = min(q[0], q[3])
                    let green: UInt32 = min(q[1], q[3]) << 8
                    let blue: UInt32 = min(q[2], q[3]) << 16
                    let expected: UInt32 = red | green | blue | q[3] << 24
                    XCTAssertEqual(got.pixels[y * w + x], expected, "\(w)×\(h) at \(x),\(y)")
                    if got.pixels[y * w + x] != expected { return }
                }
            }
        }
    }

    /// check draws only the top rows of its wallpapers: every backdrop its glass reads (each
    /// Home Screen family, each accented look, standard and accessibility settings) must be the
    /// same as from the whole wallpaper.
    func testWallpaperRowsCoverEveryBackdrop() throws {
        let settings = [ViewerSettings.standard, ViewerSettings(reduceTransparency: true, increaseContrast: true)]
        for (name, scale) in [("iPhone 17 Pro", 1.0), ("iPhone 17 Pro", 2.0), ("iPad Pro 11-inch", 1.0)] {
            let device = try XCTUnwrap(DeviceCatalog.device(named: name))
            let screen = HomeScreen.screen(of: device)
            let w = Int((screen.width * scale).rounded())
            let h = Int((screen.height * scale).rounded())
            let rows = HomeScreen.rowsRead(device: device, scale: scale)
            XCTAssertLessThan(rows, h, "\(name): the rule reads less than the whole screen")
            let whole = Wallpaper.generate(.busy, width: w, height: h)
            let part = Wallpaper.generate(.busy, width: w, height: h, rows: rows)
            XCTAssertEqual(Array(whole.pixels[0..<(rows * w)]), Array(part.pixels[0..<(rows * w)]), "\(name): drawn rows differ")
            if let i = (0..<(rows * w)).first(where: { whole.pixels[$0] != part.pixels[$0] }) {
                print("DEBUG first diff row \(i / w) col \(i % w) of \(w)x\(h) rows \(rows)")
            }
            for family in WidgetFamily.allCases where !family.isAccessory && device.size(of: family) != nil {
                for look in Checker.accentedLooks {
                    for setting in settings {
                        let glass = GlassMaterial.preset(for: look, tint: GlassMaterial.defaultTint)?.adjusted(
                            for: setting, dark: look.colorScheme == .dark)
                        let margin = SpecRenderer.backdropMargin(glass: glass, scale: scale)
                        let a = HomeScreen.backdrop(screenWallpaper: whole, family: family, device: device, scale: scale, margin: margin)
                        let b = HomeScreen.backdrop(screenWallpaper: part, family: family, device: device, scale: scale, margin: margin)
                        XCTAssertEqual(a?.pixels, b?.pixels, "\(name) \(family) \(look)")
                    }
                }
            }
        }
    }
}

/// Renders read the generated wallpaper only down to `HomeScreen.rowsRead`: every glass look's
/// backdrop crop must be the same as from the whole wallpaper, on every device with a screen.
final class WallpaperRowsTests: XCTestCase {
    /// Bands split where the drawn rows end are invisible for the paint-only styles: whole or
    /// partial, they are the pixels of one undivided draw. The busy style (its stripes are cut at
    /// the sides, where rounding follows the band) keeps its bands, so a partial busy wallpaper is
    /// the whole one's top.
    func testBandedWallpaperEqualsOnePieceDraw() throws {
        for style in Wallpaper.Style.allCases {
            for (w, h) in [(120, 261), (201, 437), (834, 1194)] {
                var one = try XCTUnwrap(Canvas(width: w, height: h))
                Wallpaper.draw(style, into: &one, width: Double(w), height: Double(h))
                let whole = Wallpaper.generate(style, width: w, height: h)
                let reference = style == .busy ? whole.pixels : one.pixmap.pixels
                for rows in [nil, 1, 97, h / 2 + 3, h * 7 / 16, h] as [Int?] {
                    let banded = Wallpaper.generate(style, width: w, height: h, rows: rows)
                    let n = (rows ?? h) * w
                    XCTAssertEqual(
                        Array(banded.pixels[0..<n]), Array(reference[0..<n]), "\(style) \(w)×\(h) rows \(String(describing: rows))")
                }
            }
        }
    }

    /// A blob painted over its circle's square only is the blob painted over the whole canvas.
    func testBoundedBlobsEqualWholeCanvasPaints() throws {
        for style in Wallpaper.Style.allCases {
            for (w, h) in [(120, 261), (201, 437), (834, 1194), (1206, 2622), (2000, 900)] {
                var bounded = try XCTUnwrap(Canvas(width: w, height: h))
                Wallpaper.draw(style, into: &bounded, width: Double(w), height: Double(h))
                var whole = try XCTUnwrap(Canvas(width: w, height: h))
                Wallpaper.draw(style, into: &whole, width: Double(w), height: Double(h), boundedBlobs: false)
                XCTAssertEqual(bounded.pixmap.pixels, whole.pixmap.pixels, "\(style) \(w)×\(h)")
            }
        }
    }

    func testRenderBackdropsFromPartialWallpaperEqualWhole() throws {
        for device in DeviceCatalog.all where HomeScreen.frame(of: .systemSmall, on: device) != nil {
            let px = 1.0
            let screen = HomeScreen.screen(of: device)
            let w = Int((screen.width * px).rounded())
            let h = Int((screen.height * px).rounded())
            let rows = HomeScreen.rowsRead(device: device, scale: px)
            let whole = Wallpaper.generate(.aurora, width: w, height: h)
            let part = Wallpaper.generate(.aurora, width: w, height: h, rows: rows)
            for family in WidgetFamily.allCases where HomeScreen.frame(of: family, on: device) != nil {
                for look in Appearance.allCases {
                    let glass = GlassMaterial.preset(for: look, tint: GlassMaterial.defaultTint)
                    let margin = SpecRenderer.backdropMargin(glass: glass, scale: px)
                    let a = HomeScreen.backdrop(screenWallpaper: whole, family: family, device: device, scale: px, margin: margin)
                    let b = HomeScreen.backdrop(screenWallpaper: part, family: family, device: device, scale: px, margin: margin)
                    XCTAssertEqual(a?.pixels, b?.pixels, "\(device.name) \(family) \(look)")
                }
            }
        }
    }
}

/// The PNG writer's Adler-32 (sixteen bytes at a time) is zlib's, for any length, start and
/// running value, including the longest runs of 0xFF the 32-bit lanes must hold.
final class Adler32Tests: XCTestCase {
    func testAdler32IsZlibs() {
        var s: UInt64 = 11
        var bytes = [UInt8](repeating: 0, count: 70_000)
        for i in bytes.indices {
            s = s &* 6364136223846793005 &+ 1442695040888963407
            bytes[i] = UInt8(truncatingIfNeeded: s >> 56)
        }
        let ones = [UInt8](repeating: 0xFF, count: 70_000)
        for data in [bytes, ones] {
            data.withUnsafeBufferPointer { b in
                for (start, count) in [
                    (0, 0), (0, 1), (3, 15), (1, 16), (5, 17), (0, 5551), (0, 5552), (7, 5553), (2, 11_104), (0, 70_000), (9, 65_537),
                ] {
                    for initial: UInt32 in [1, 0xFFF0_FFF0, 0x1234_5678 % 65521] {
                        XCTAssertEqual(
                            cpng_adler32(initial, b.baseAddress! + start, count), cpng_adler32_zlib(initial, b.baseAddress! + start, count),
                            "start \(start), count \(count), initial \(initial)")
                    }
                }
            }
        }
    }
}

/// The glass face copies the columns between the rounded corners as one span in rows that are
/// a bezel or more deep; that is exact only if every copied pixel is one the per-pixel path
/// would copy too (depth ≥ bezel by `signedDistance`).
final class GlassSpanTests: XCTestCase {
    func testCornerRowSpansHoldOnlyInteriorPixels() {
        var spans = 0
        for (w, h) in [(493, 493), (1049, 493), (1049, 1095), (174, 174), (333, 333), (40, 300), (301, 37)] {
            for r in [0.0, 5.5, 30, 63.75, 69, 200] {
                for bezel in [1.0, 8, 28, 42, 48.5] {
                    let shape = GlassRenderer.Shape.roundedRect(width: Double(w), height: Double(h), radius: r)
                    for y in 0..<h {
                        let py = Double(y) + 0.5
                        guard let (a, b) = GlassRenderer.cornerRowSpan(shape, py: py, bezel: bezel, width: w) else { continue }
                        XCTAssert(0 <= a && a < b && b <= w)
                        spans += 1
                        for x in a..<b {
                            let depth = -GlassRenderer.signedDistance(shape, Double(x) + 0.5, py).0
                            if depth < bezel {
                                XCTFail("\(w)×\(h) r \(r) bezel \(bezel): (\(x), \(y)) is \(depth) deep")
                                return
                            }
                        }
                    }
                }
            }
        }
        // The rows between the bezel and the corner radius of a 3x widget do get spans.
        XCTAssertGreaterThan(spans, 1000)
        let small = GlassRenderer.Shape.roundedRect(width: 493, height: 493, radius: 69)
        XCTAssertNotNil(GlassRenderer.cornerRowSpan(small, py: 50.5, bezel: 42, width: 493))
        XCTAssertNil(GlassRenderer.cornerRowSpan(small, py: 20.5, bezel: 42, width: 493))
        XCTAssertNil(GlassRenderer.cornerRowSpan(.circle(width: 174, height: 174), py: 50.5, bezel: 10, width: 174))
    }
}

/// Along a rounded rectangle's straight sides the glass face skips the per-pixel distance and
/// bilinear sample (a row, or a column, shares one distance and normal there); the pixels must
/// be the per-pixel path's for every size, corner radius, material and scale.
final class GlassStraightSideTests: XCTestCase {
    func testStraightSidesEqualThePerPixelPath() {
        // A backdrop with detail in both directions, so a wrong row or column shows.
        func backdrop(_ w: Int, _ h: Int) -> Pixmap {
            var p = Pixmap(width: w, height: h)!
            for y in 0..<h {
                for x in 0..<w {
                    let r = UInt32((x * 7 + y * 3) & 0xFF)
                    let g = UInt32((x * x / 5 + y) & 0xFF)
                    let b = UInt32((y * y / 7 + x / 3) & 0xFF)
                    p.pixels[y * w + x] = 0xFF00_0000 | b << 16 | g << 8 | r
                }
            }
            return p
        }
        var compared = 0
        for look in [Appearance.clearLight, .clearDark, .tintedLight, .tintedDark] {
            guard var m = GlassMaterial.preset(for: look, tint: GlassMaterial.defaultTint) else { return XCTFail("\(look)") }
            for outline in [nil, 1.0] {
                m.outlineWidth = outline
                for (w, h, r, scale) in [(493, 493, 69.0, 3.0), (329, 155, 46, 2), (160, 300, 20.5, 2), (120, 90, 60, 3), (90, 90, 8, 2)] {
                    let margin = SpecRenderer.backdropMargin(glass: m, scale: scale)
                    let back = backdrop(w + 2 * margin, h + 2 * margin)
                    let shape = GlassRenderer.Shape.roundedRect(width: Double(w), height: Double(h), radius: r)
                    let fast = GlassRenderer.render(
                        backdrop: back, margin: margin, width: w, height: h, shape: shape, material: m, scale: scale)
                    let slow = GlassRenderer.render(
                        backdrop: back, margin: margin, width: w, height: h, shape: shape, material: m, scale: scale,
                        straightSides: false)
                    if let i = fast.pixels.indices.first(where: { fast.pixels[$0] != slow.pixels[$0] }) {
                        return XCTFail("\(look) \(w)×\(h) r \(r) @\(scale)x: pixel (\(i % w), \(i / w)) differs")
                    }
                    compared += 1
                }
            }
        }
        XCTAssertEqual(compared, 40)
    }
}

/// The widget outline's clip mask is rasterized once per outline, scale and size and reused:
/// the kept mask is the one `clip(to:)` makes on a fresh canvas, for every family's outline.
final class ClipMaskReuseTests: XCTestCase {
    func testKeptOutlineMaskEqualsAFreshClip() throws {
        let device = DeviceCatalog.default
        for family in [WidgetFamily.systemSmall, .systemMedium, .systemLarge, .accessoryCircular, .accessoryRectangular] {
            for scale in [1.0, 2, 3] {
                guard let frame = WidgetRenderer.frame(family: family, device: device, scale: scale), let shape = frame.shape else {
                    continue
                }
                let t = Transform.scale(frame.scale)
                var reference = Canvas(width: frame.pixelWidth, height: frame.pixelHeight)!
                reference.clip(to: shape, transform: t)
                for _ in 0..<2 {  // the first makes and keeps the mask, the second reuses it
                    var c = Canvas(width: frame.pixelWidth, height: frame.pixelHeight)!
                    Compositor.clip(&c, to: shape, transform: t)
                    XCTAssertEqual(c.clipMask, reference.clipMask, "\(family) @\(scale)x")
                    XCTAssertEqual(c.clipDepth, 1)
                }
                let key = Compositor.ClipMasks.Key(path: shape, transform: t, width: frame.pixelWidth, height: frame.pixelHeight)
                XCTAssertEqual(Compositor.clipMasks.mask(key) != nil, reference.clipMask != nil, "\(family) @\(scale)x kept")
            }
        }
    }
}

/// The opaque test that picks RGB over RGBA (64 pixels at a time in C) is the plain one: one
/// translucent pixel anywhere — in a whole block, in the tail — makes the image not opaque.
final class OpaqueScanTests: XCTestCase {
    func testAllOpaqueFindsEveryTranslucentPixel() {
        for count in [0, 1, 63, 64, 65, 127, 128, 1000, 4097] {
            var pixels = [UInt32](repeating: 0xFF12_3456, count: count)
            XCTAssertEqual(cpng_all_opaque(pixels, count), 1, "\(count) opaque")
            for at in Set([0, count / 2, count - 1, (count / 64) * 64]) where at >= 0 && at < count {
                for alpha: UInt32 in [0, 1, 254] {
                    pixels[at] = alpha << 24 | 0x12_3456
                    XCTAssertEqual(cpng_all_opaque(pixels, count), 0, "\(count) with alpha \(alpha) at \(at)")
                    pixels[at] = 0xFF12_3456
                }
            }
        }
    }
}

/// Flushing to the disk (`--fsync`) is about durability only: the same files either way, and
/// no temporary file left behind.
final class FlushTests: XCTestCase {
    func testFlushedBatchWritesTheSameFiles() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("widgetctl-flush-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let spec = try WidgetSpec.load(contentsOf: RenderTests.samples.appendingPathComponent("weather.widget.json"))
        var trees: [[String: [UInt8]]] = []
        for flush in [false, true] {
            let dir = root.appendingPathComponent(flush ? "flushed" : "plain")
            var options = BatchOptions(outputDirectory: dir)
            options.scale = 0.5
            options.families = [.systemSmall]
            options.appearances = [.light, .clearDark]
            options.flushToDisk = flush
            _ = try BatchRenderer(options: options).run([spec])
            var tree: [String: [UInt8]] = [:]
            let e = FileManager.default.enumerator(at: dir, includingPropertiesForKeys: nil)!
            for case let url as URL in e where !url.hasDirectoryPath {
                XCTAssertFalse(url.lastPathComponent.hasSuffix(".tmp"), "left behind: \(url.path)")
                tree[Verifier.relativePath(url, from: dir)] = try BoundedFile.read(url, maxBytes: 1 << 26)
            }
            trees.append(tree)
        }
        XCTAssertGreaterThan(trees[0].count, 4)
        XCTAssertEqual(trees[0], trees[1])
    }
}

/// The contact sheet is encoded band by band while a batch renders (`PNGRowEncoder`,
/// `ContactSheet.Builder(streaming:)`): the file must be the one-shot encoding of the whole sheet.
final class StreamingEncodeTests: XCTestCase {
    /// Rows y0..<y1 of `p` as a pixmap of their own.
    func rows(_ p: Pixmap, _ y0: Int, _ y1: Int) -> Pixmap {
        Pixmap(width: p.width, height: y1 - y0, premultiplied: Array(p.pixels[(y0 * p.width)..<(y1 * p.width)]))
    }

    func testRowEncoderGivesTheSameBytesForAnyBandsAndThreads() throws {
        // 700×400 RGBA is 1.1 MB filtered: five deflate blocks (256 KiB), whose boundaries fall
        // inside rows; noise (literals) above flat rows (runs) so both kinds of block occur.
        var image = noise(700, 400, seed: 5)
        for i in (700 * 250)..<(700 * 330) { image.pixels[i] = 0xFF33_6699 }
        let opaque = Pixmap(width: 700, height: 400, premultiplied: image.pixels.map { $0 | 0xFF00_0000 })
        for (picture, dropAlpha) in [(image, false), (opaque, true)] {
            let whole = FastPNGEncoder.encode(picture, dropAlpha: dropAlpha, threads: 1)
            XCTAssertEqual(try PNGCodec.decode(whole), picture)
            for (cuts, threads) in [([1, 2, 93, 94, 250, 399, 400], 1), ([37, 38, 300, 400], 3), ([400], 4), ([5, 200, 400], 2)] {
                // Bands as pixmaps of their own…
                var banded = PNGRowEncoder(width: 700, height: 400, opaque: dropAlpha)
                // …and as row ranges of the whole image.
                var ranged = PNGRowEncoder(width: 700, height: 400, opaque: dropAlpha)
                var y = 0
                for cut in cuts {
                    banded.append(rows(picture, y, cut), threads: threads)
                    ranged.append(picture, rows: y..<cut, threads: threads)
                    y = cut
                }
                XCTAssertEqual(banded.rowsAppended, 400)
                XCTAssertEqual(banded.finish(), whole, "bands \(cuts), \(threads) threads, opaque \(dropAlpha)")
                XCTAssertEqual(ranged.finish(), whole, "ranges \(cuts), \(threads) threads, opaque \(dropAlpha)")
            }
        }
    }

    func testBandEncoderGivesTheRowEncodersBytesInAnyOrder() throws {
        // 700×400 RGBA (five 256-KiB deflate blocks, boundaries inside rows) and opaque RGB;
        // bands smaller than a block, bands spanning several, a one-row band, bands cut where a
        // block begins; every order of up to three bands, scrambled orders of more.
        var image = noise(700, 400, seed: 9)
        for i in (700 * 120)..<(700 * 260) { image.pixels[i] = 0xFF12_3456 }
        let opaque = Pixmap(width: 700, height: 400, premultiplied: image.pixels.map { $0 | 0xFF00_0000 })
        func permutations(_ n: Int) -> [[Int]] {
            guard n > 1 else { return [[0]] }
            return permutations(n - 1).flatMap { p in
                (0...p.count).map { i in
                    var q = p
                    q.insert(n - 1, at: i)
                    return q
                }
            }
        }
        var seed: UInt64 = 42
        func scrambled(_ n: Int) -> [Int] {
            var a = Array(0..<n)
            for i in stride(from: n - 1, to: 0, by: -1) {
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                a.swapAt(i, Int(seed >> 33) % (i + 1))
            }
            return a
        }
        for (picture, dropAlpha) in [(image, false), (opaque, true)] {
            let whole = FastPNGEncoder.encode(picture, dropAlpha: dropAlpha, threads: 1)
            // The first block boundary falls 1,651 bytes into row 93 of the RGBA image (93 rows of
            // 2,801 bytes are 260,493): cuts at rows 93, 94 and 95 around it.
            for cuts in [
                [94, 400], [93, 95, 400], [1, 2, 250, 399, 400], [37, 38, 300, 400], [400], [10, 60, 110, 160, 210, 260, 310, 360, 400],
            ] {
                let ranges = zip([0] + cuts.dropLast(), cuts).map { $0..<$1 }
                let orders = ranges.count <= 3 ? permutations(ranges.count) : (0..<4).map { _ in scrambled(ranges.count) }
                for order in orders {
                    for threads in [1, 3] {
                        let encoder = PNGBandEncoder(width: 700, height: 400, opaque: dropAlpha, bands: ranges)
                        XCTAssertFalse(encoder.isComplete)
                        picture.pixels.withUnsafeBufferPointer { px in
                            for b in order {
                                let above = b == 0 ? nil : px.baseAddress! + (ranges[b].lowerBound - 1) * 700
                                encoder.encode(
                                    band: b, pixels: px.baseAddress! + ranges[b].lowerBound * 700, above: above, threads: threads)
                                XCTAssertTrue(encoder.isEncoded(b))
                            }
                            // A second call for a band does nothing.
                            encoder.encode(
                                band: order[0], pixels: px.baseAddress! + ranges[order[0]].lowerBound * 700,
                                above: order[0] == 0 ? nil : px.baseAddress! + (ranges[order[0]].lowerBound - 1) * 700)
                        }
                        XCTAssertTrue(encoder.isComplete)
                        XCTAssertEqual(encoder.finish(), whole, "bands \(cuts) in order \(order), \(threads) threads, opaque \(dropAlpha)")
                    }
                }
            }
        }
    }

    func testBandEncoderWithBandsCutExactlyAtBlocks() {
        // Opaque rows 5,461 wide are 16,384 bytes filtered: every 16th row starts a deflate block,
        // so a band can begin exactly where a block does (its first byte's predecessor, the
        // block's lead, is then the band above's last byte).
        let picture = Pixmap(width: 5461, height: 40, premultiplied: noise(5461, 40, seed: 4).pixels.map { $0 | 0xFF00_0000 })
        let whole = FastPNGEncoder.encode(picture, dropAlpha: true, threads: 1)
        for cuts in [[16, 32, 40], [15, 16, 17, 40], [32, 40]] {
            let ranges = zip([0] + cuts.dropLast(), cuts).map { $0..<$1 }
            for order in [Array(ranges.indices), Array(ranges.indices.reversed())] {
                let encoder = PNGBandEncoder(width: 5461, height: 40, opaque: true, bands: ranges)
                picture.pixels.withUnsafeBufferPointer { px in
                    for b in order {
                        encoder.encode(
                            band: b, pixels: px.baseAddress! + ranges[b].lowerBound * 5461,
                            above: b == 0 ? nil : px.baseAddress! + (ranges[b].lowerBound - 1) * 5461, threads: 2)
                    }
                }
                XCTAssertEqual(encoder.finish(), whole, "bands \(cuts) in order \(order)")
            }
        }
    }

    func testSheetBandsEncodedAsTheyCompleteInAnyOrder() throws {
        // Every thumbnail order of a 2×3 sheet whose bands complete in different orders, each band
        // encoded when complete; one thumbnail taller than its cell is cut above the band's
        // bottom margin — the same in the kept and the streamed sheet.
        let looks: [Appearance] = [.light, .dark]
        var cells: [(Variant, Pixmap)] = []
        for (r, family) in [WidgetFamily.systemSmall, .systemMedium, .systemLarge].enumerated() {
            for (c, look) in looks.enumerated() {
                cells.append(
                    (Variant(entry: 0, family: family, appearance: look), noise(90 + 40 * r, 70 + 60 * r, seed: UInt64(7 * r + c))))
            }
        }
        let sizes = cells.map { ($0.0, $0.1.width, $0.1.height) }
        cells[3].1 = noise(130, 400, seed: 99)  // taller than the medium row was laid out for
        func permutations(_ items: [Int]) -> [[Int]] {
            guard let first = items.first else { return [[]] }
            return permutations(Array(items.dropFirst())).flatMap { p in
                (0...p.count).map { i in
                    var q = p
                    q.insert(first, at: i)
                    return q
                }
            }
        }
        let kept = ContactSheet.Builder(title: "Sheet", subtitle: "any order", cells: sizes)
        for (v, p) in cells { kept.place(v, p) }
        let whole = try PNGCodec.encode(kept.finish())
        for (n, order) in permutations(Array(cells.indices)).enumerated() where n % 37 == 0 {
            let streamed = ContactSheet.Builder(title: "Sheet", subtitle: "any order", cells: sizes, streaming: true)
            for i in order { streamed.place(cells[i].0, cells[i].1) }
            XCTAssertEqual(try streamed.finishPNG(), whole, "order \(order)")
        }
    }

    func testStreamingSheetIsTheWholeSheetEncoded() throws {
        // Three rows of cells of different heights; translucent thumbnails (a sheet is still
        // opaque: they are drawn over its opaque ground); placed in a scrambled order, some with
        // encoding deferred to the end, as a batch's last variants are.
        let looks: [Appearance] = [.light, .dark, .clearLight]
        var cells: [(Variant, Pixmap)] = []
        for (r, family) in [WidgetFamily.systemSmall, .systemMedium, .systemLarge].enumerated() {
            for (c, look) in looks.enumerated() {
                let w = family == .systemSmall ? 60 : 130
                let h = family == .systemLarge ? 140 : 60
                cells.append(
                    (Variant(entry: 0, family: family, appearance: look), noise(w, h, seed: UInt64(10 * r + c + 1))))
            }
        }
        let sizes = cells.map { ($0.0, $0.1.width, $0.1.height) }
        let kept = ContactSheet.Builder(title: "Sheet", subtitle: "streamed", cells: sizes)
        let streamed = ContactSheet.Builder(title: "Sheet", subtitle: "streamed", cells: sizes, streaming: true)
        let order = [4, 0, 8, 1, 2, 7, 3, 5, 6]
        for (n, i) in order.enumerated() {
            kept.place(cells[i].0, cells[i].1)
            streamed.place(cells[i].0, cells[i].1, encode: n < 6)
        }
        let whole = kept.finish()
        XCTAssertTrue(whole.pixels.allSatisfy { $0 >> 24 == 255 }, "every sheet pixel is opaque")
        XCTAssertEqual(try streamed.finishPNG(threads: 2), try PNGCodec.encode(whole))
        // The one-call path draws the same sheet.
        XCTAssertEqual(ContactSheet.render(title: "Sheet", subtitle: "streamed", cells: cells).pixels, whole.pixels)
    }

    func testStreamingSheetWithCellsNeverPlacedIsComplete() throws {
        let cells = (0..<4).map { i in
            (Variant(entry: i / 2, family: .systemSmall, appearance: i % 2 == 0 ? .light : .dark), noise(50, 50, seed: 3))
        }
        let sizes = cells.map { ($0.0, 50, 50) }
        let kept = ContactSheet.Builder(title: "T", subtitle: "s", cells: sizes)
        let streamed = ContactSheet.Builder(title: "T", subtitle: "s", cells: sizes, streaming: true)
        for (v, p) in cells.prefix(3) {
            kept.place(v, p)
            streamed.place(v, p)
            streamed.place(v, p)  // twice: drawn once
        }
        let png = try streamed.finishPNG()
        XCTAssertEqual(png, try PNGCodec.encode(kept.finish()))
        let size = try PNGCodec.size(of: png)
        XCTAssertEqual(size.width, streamed.width)
        XCTAssertEqual(size.height, streamed.height)
    }
}

/// The two-thirds kernel behind 3x contact-sheet thumbnails (`Pixmap.downsampledTwoThirds`,
/// 16-bit lanes in C) is the area-average resize of the image padded with clear pixels to whole
/// 3×3 blocks — the general float path, pixel for pixel.
final class TwoThirdsTests: XCTestCase {
    func testDivisionByNineRoundsEverySumToNearest() {
        for s in 0...2295 {
            XCTAssertEqual(Int(ckernels_div9_for_test(UInt32(s))), Int((Double(s) / 9).rounded()), "sum \(s)")
        }
    }

    func testTwoThirdsIsTheAreaAverageOfThePaddedImage() throws {
        // Sizes with every remainder mod 3, a 1-pixel side, and widths past the vector loop.
        for (w, h) in [(3, 3), (1, 1), (2, 5), (4, 4), (12, 9), (31, 17), (493, 61), (100, 3), (1049, 20)] {
            let p = noise(w, h, seed: UInt64(w * 1000 + h))
            let fast = p.downsampledTwoThirds()
            XCTAssertEqual(fast.width, Int((Double(2 * w) / 3).rounded(.up)))
            XCTAssertEqual(fast.height, Int((Double(2 * h) / 3).rounded(.up)))
            // The reference: pad to multiples of 3 with clear pixels, average, crop.
            let pw = (w + 2) / 3 * 3
            let ph = (h + 2) / 3 * 3
            var padded = try XCTUnwrap(Pixmap(width: pw, height: ph))
            for y in 0..<h { for x in 0..<w { padded.pixels[y * pw + x] = p.pixels[y * w + x] } }
            let whole = padded.areaAveraged(width: pw * 2 / 3, height: ph * 2 / 3)
            for y in 0..<fast.height {
                for x in 0..<fast.width {
                    XCTAssertEqual(fast.pixels[y * fast.width + x], whole.pixels[y * whole.width + x], "\(w)×\(h) at (\(x), \(y))")
                }
            }
            // Premultiplied stays valid: no colour above its alpha.
            for px in fast.pixels {
                let a = px >> 24
                XCTAssertTrue(px & 0xFF <= a && (px >> 8) & 0xFF <= a && (px >> 16) & 0xFF <= a)
            }
            // Exact thirds go through the same kernel from `resized`.
            if w % 3 == 0 && h % 3 == 0 {
                XCTAssertEqual(
                    p.resized(width: w * 2 / 3, height: h * 2 / 3).pixels, p.areaAveraged(width: w * 2 / 3, height: h * 2 / 3).pixels)
            }
        }
    }
}

/// Ending a layer hands the parent's pixels back without a copy: the frame's buffer is the same
/// one before the layer and after it (a second reference left in the popped record made the
/// composite copy the whole frame on write).
final class LayerCopyTests: XCTestCase {
    func testEndingALayerDoesNotCopyTheFrame() throws {
        var c = try XCTUnwrap(Canvas(width: 300, height: 200))
        c.fill(Path(rect: Rect(x: 10, y: 10, width: 100, height: 100)), with: .solid(.black))
        func address(_ c: Canvas) -> UInt { c.pixmap.pixels.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } }
        let frame = address(c)
        c.beginLayer(opacity: 0.5)
        c.fill(Path(rect: Rect(x: 50, y: 50, width: 100, height: 100)), with: .solid(.white))
        c.endLayer()
        XCTAssertEqual(address(c), frame, "endLayer")
        // The pixels are right: the half-opaque white square over black is mid grey.
        XCTAssertEqual(Int(c.pixmap.pixel(atX: 60, y: 60).r), 128, accuracy: 1)
        c.beginLayer(opacity: 1)
        c.fill(Path(rect: Rect(x: 0, y: 0, width: 30, height: 30)), with: .solid(.white))
        c.endLayer(effects: LayerEffects(shadow: nil, luminanceToAlpha: false, colorMatrices: [], blurSigma: 2, blurOpaque: false))
        XCTAssertEqual(address(c), frame, "endLayer(effects:)")
        c.beginLayer(opacity: 1)
        c.fill(Path(rect: Rect(x: 0, y: 0, width: 30, height: 30)), with: .solid(.white))
        let mask = try XCTUnwrap(c.takeLayer())
        c.applyMask(mask)
        XCTAssertEqual(address(c), frame, "takeLayer")
    }
}

/// The encoder's parallel loop runs every index once, and on more than one thread even when
/// called from inside `concurrentPerform` (where a nested apply ran on the caller's thread only:
/// a batch's last band was encoded on one core).
final class ParallelLoopTests: XCTestCase {
    func testEveryIndexOnceForAnyThreadCount() {
        for threads in [1, 2, 3, 8] {
            for n in [0, 1, 2, 7, 100] {
                let lock = NSLock()
                var seen = [Int](repeating: 0, count: n)
                Parallel.forEach(iterations: n, threads: threads) { i in
                    lock.lock()
                    seen[i] += 1
                    lock.unlock()
                }
                XCTAssertEqual(seen, [Int](repeating: 1, count: n), "\(n) iterations on \(threads) threads")
            }
        }
    }

    func testNestedInConcurrentPerformStillUsesTwoThreads() {
        let lock = NSLock()
        var threads = Set<UInt64>()
        let met = DispatchSemaphore(value: 0)
        DispatchQueue.concurrentPerform(iterations: 2) { outer in
            guard outer == 0 else { return }  // the other worker is done, as at a batch's end
            Parallel.forEach(iterations: 2, threads: 2) { _ in
                var tid: UInt64 = 0
                pthread_threadid(&tid)
                lock.lock()
                threads.insert(tid)
                let both = threads.count == 2
                lock.unlock()
                // The first index waits (at most 5 s) for the second to start on another thread.
                if both { met.signal() } else { _ = met.wait(timeout: .now() + 5) }
            }
        }
        XCTAssertEqual(threads.count, 2)
    }
}

/// The calling thread's id.
private func pthread_threadid(_ id: inout UInt64) {
    id = UInt64(pthread_self())
}

/// The PNG filter predicts in unsigned byte lanes with a saturating pc (half the instructions of
/// 16-bit lanes); the prediction must be Paeth's own for every (a, b, c) — 16.7 million cases.
final class PaethByteLaneTests: XCTestCase {
    func testBytePaethEqualsTheDefinitionEverywhere() {
        XCTAssertEqual(cpng_paeth_mismatches(), 0)
    }
}

/// The deflate encoder's first pass (cpng_deflate_symbols: sixteen positions tested at once for a
/// run's start) gives the symbols and counts of the plain byte-by-byte rule — a literal, or a
/// run of 3…258 of the byte before — on data full of pairs, triples and long runs, from any
/// start (block starts see the byte before them) to any end.
final class DeflateSymbolTests: XCTestCase {
    func reference(_ p: [UInt8], _ start: Int, _ end: Int) -> (symbols: [UInt16], counts: [Int]) {
        var symbols: [UInt16] = []
        var counts = [Int](repeating: 0, count: 286)
        var i = start
        while i < end {
            let b = p[i]
            if i > 0 && p[i - 1] == b {
                var run = 1
                while run < min(258, end - i) && p[i + run] == b { run += 1 }
                if run >= 3 {
                    symbols.append(UInt16(256 + run))
                    counts[257 + Int(Deflate.lengthSymbol[run])] += 1
                    i += run
                    continue
                }
            }
            symbols.append(UInt16(b))
            counts[Int(b)] += 1
            i += 1
        }
        return (symbols, counts)
    }

    func testSymbolsEqualTheByteByByteRule() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        var data: [UInt8] = []
        while data.count < 40_000 {
            let b = UInt8(next() % 4)  // few values: many accidental pairs and triples
            let kind = next() % 10
            let length = kind < 6 ? 1 : kind < 8 ? 2 + next() % 3 : kind < 9 ? 5 + next() % 40 : 200 + next() % 400
            data += [UInt8](repeating: b, count: length)
        }
        var cases = 0
        for (start, end) in [(0, data.count), (1, 17), (0, 18), (5, 40), (3, 1000), (777, 39_999), (12_345, 12_380), (100, 100)] {
            var sym = [UInt16](repeating: 0, count: end - start + 1)
            var counts = [UInt32](repeating: 0, count: 4 * 286)
            let n = cpng_deflate_symbols(data, start, end, Deflate.lengthSymbol, &sym, &counts)
            let r = reference(data, start, end)
            XCTAssertEqual(Array(sym.prefix(n)), r.symbols, "\(start)..<\(end)")
            var summed = [Int](repeating: 0, count: 286)
            for t in 0..<4 {
                for k in 0..<286 { summed[k] += Int(counts[t * 286 + k]) }
            }
            XCTAssertEqual(summed, r.counts, "\(start)..<\(end)")
            cases += 1
        }
        XCTAssertEqual(cases, 8)
    }
}

/// Image rows blend four pixels at a time (opaque stored, clear skipped, translucent in four
/// SIMD lanes); every pixel must be the scalar source-over's, for full and partial alpha, with
/// sources of every kind (including colour without alpha, which the scalar loop skips or not).
final class BlitRowLaneTests: XCTestCase {
    func testRowsEqualTheScalarBlend() {
        var state: UInt64 = 12345
        func next() -> UInt32 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt32(truncatingIfNeeded: state >> 32)
        }
        func pixel() -> UInt32 {
            switch next() % 5 {
            case 0: return 0
            case 1: return 0xFF00_0000 | next() & 0xFF_FFFF
            case 2: return next() & 0xFF_FFFF  // alpha 0, colour left in (malformed)
            default:
                let a = next() % 256
                let c = { UInt32(next() % (a + 1)) }
                return a << 24 | c() << 16 | c() << 8 | c()
            }
        }
        for alpha: UInt32 in [255, 254, 128, 1, 0] {
            for count in [0, 1, 3, 4, 5, 17, 64, 103] {
                let src = (0..<count).map { _ in pixel() }
                let dst = (0..<count).map { _ in pixel() | 0xFF00_0000 }
                var expected = dst
                for i in 0..<count {
                    let s = src[i]
                    if alpha == 255 {
                        let a = s >> 24
                        if a == 0 { continue }
                        expected[i] = a == 255 ? s : sourceOver(s, expected[i])
                    } else {
                        if s == 0 { continue }
                        expected[i] = sourceOver(scalePixel(s, alpha), expected[i])
                    }
                }
                var out = dst
                src.withUnsafeBufferPointer { s in
                    out.withUnsafeMutableBufferPointer { d in
                        if count > 0 { Blit.row(s.baseAddress!, count: count, alpha: alpha, into: d.baseAddress!, mode: .sourceOver) }
                    }
                }
                XCTAssertEqual(out, expected, "alpha \(alpha), \(count) pixels")
            }
        }
    }
}
