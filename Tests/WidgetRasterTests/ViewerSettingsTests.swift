import Foundation
import WidgetCLI
import WidgetModel
import WidgetTooling
import XCTest

@testable import RasterCore
@testable import WidgetLayout
@testable import WidgetRaster

/// Text size, locale and accessibility settings: the variant axis, the layout they change, and
/// what check says about them.
final class ViewerSettingsTests: XCTestCase {
    func spec(_ body: String, families: String = #"["systemSmall"]"#) throws -> WidgetSpec {
        let json = #"{"kind": "Fixture", "supportedFamilies": \#(families), "body": \#(body)}"#
        return try WidgetSpec.decode(Array(json.utf8), file: "fixture.widget.json")
    }

    func render(
        _ s: WidgetSpec, _ settings: ViewerSettings = .standard, appearance: Appearance = .light, family: WidgetFamily = .systemSmall,
        scale: Double = 1
    ) throws -> RenderedWidget {
        try SpecRenderer(spec: s, scale: scale).render(Variant(entry: 0, family: family, appearance: appearance, settings: settings))
    }

    func boxes(_ root: LayoutBox) -> [LayoutBox] {
        var out: [LayoutBox] = []
        var stack = [root]
        while let b = stack.popLast() {
            out.append(b)
            stack += b.children
        }
        return out
    }

    func textBox(_ r: RenderedWidget, _ text: String) -> TextBox? {
        boxes(r.layout).compactMap { $0 as? TextBox }.first { $0.string == text }
    }

    let bg = #"{"containerBackground": "white"}"#

    // MARK: The axis

    func testTagsReadBack() {
        let s = ViewerSettings(dynamicTypeSize: .accessibility3, locale: "ar", reduceTransparency: true)
        XCTAssertEqual(s.tag, "accessibility3+ar+reduceTransparency")
        XCTAssertEqual(ViewerSettings(tag: s.tag), s)
        XCTAssertEqual(ViewerSettings.standard.tag, "")
        XCTAssertEqual(ViewerSettings(tag: ""), .standard)
        XCTAssertNil(ViewerSettings(tag: "huge"))
        XCTAssertNil(ViewerSettings(tag: "../x"))
        XCTAssertEqual(
            Variant(entry: 1, family: .systemSmall, appearance: .dark, settings: s).path,
            "systemSmall/dark/accessibility3+ar+reduceTransparency/e1")
        XCTAssertEqual(Variant(entry: 1, family: .systemSmall, appearance: .dark).path, "systemSmall/dark/e1")
        XCTAssertTrue(ViewerSettings.isLocaleIdentifier("de_DE"))
        XCTAssertTrue(ViewerSettings.isLocaleIdentifier("zh-Hant-TW"))
        XCTAssertFalse(ViewerSettings.isLocaleIdentifier("d"))
        XCTAssertFalse(ViewerSettings.isLocaleIdentifier("de/../x"))
        XCTAssertFalse(ViewerSettings.isLocaleIdentifier(String(repeating: "a", count: 40)))
        XCTAssertEqual(ViewerSettings(locale: "ar_EG").layoutDirection, .rightToLeft)
        XCTAssertEqual(ViewerSettings(locale: "he").layoutDirection, .rightToLeft)
        XCTAssertEqual(ViewerSettings(locale: "de_DE").layoutDirection, .leftToRight)
    }

    // MARK: Dynamic Type

    /// Text without a font is body at the variant's size (HIG Dynamic Type table: body 17 pt at
    /// Large, 23 at xxxLarge, 40 at accessibility3); a fixed `.system(size:)` font does not scale
    /// (SwiftUI: only text styles follow Dynamic Type).
    func testSpecTextFollowsDynamicType() throws {
        let s = try spec(
            #"{"type": "VStack", "children": [{"type": "Text", "text": "a"}, {"type": "Text", "text": "b", "modifiers": [{"font": {"size": 13}}]}], "modifiers": [\#(bg)]}"#
        )
        for (size, body) in [(DynamicTypeSize.large, 17.0), (.xxxLarge, 23), (.accessibility3, 40)] {
            let r = try render(s, ViewerSettings(dynamicTypeSize: size))
            XCTAssertEqual(textBox(r, "a")?.attributes.font.size, body, "\(size)")
            XCTAssertEqual(textBox(r, "b")?.attributes.font.size, 13, "\(size)")
        }
    }

    /// `dynamicTypeSize` in a spec caps (or sets) the subtree's size, as SwiftUI's modifier does.
    func testDynamicTypeSizeModifierLimitsTheSubtree() throws {
        let s = try spec(
            #"{"type": "VStack", "children": [{"type": "Text", "text": "capped", "modifiers": [{"font": "headline"}, {"dynamicTypeSize": {"max": "xLarge"}}]}, {"type": "Text", "text": "free", "modifiers": [{"font": "headline"}]}], "modifiers": [\#(bg)]}"#
        )
        let r = try render(s, ViewerSettings(dynamicTypeSize: .accessibility2))
        XCTAssertEqual(textBox(r, "capped")?.attributes.font.size, TextStyleTable.entry(.headline, size: .xLarge).size)
        XCTAssertEqual(textBox(r, "free")?.attributes.font.size, TextStyleTable.entry(.headline, size: .accessibility2).size)
        XCTAssertEqual(textBox(r, "capped")?.attributes.font.weight, .semibold)
        // Below the cap nothing changes.
        let small = try render(s, ViewerSettings(dynamicTypeSize: .small))
        XCTAssertEqual(textBox(small, "capped")?.attributes.font.size, TextStyleTable.entry(.headline, size: .small).size)
        XCTAssertThrowsError(try spec(#"{"type": "Text", "text": "a", "modifiers": [{"dynamicTypeSize": "huge"}]}"#))
    }

    /// Spec conditions read the new environment values.
    func testConditionsReadTheSettings() throws {
        let s = try spec(
            #"{"type": "Switch", "on": "layoutDirection", "cases": {"rightToLeft": {"type": "Text", "text": "rtl"}, "default": {"type": "Text", "text": "ltr"}}, "modifiers": [\#(bg)]}"#
        )
        XCTAssertNotNil(textBox(try render(s, ViewerSettings(locale: "ar")), "rtl"))
        XCTAssertNotNil(textBox(try render(s), "ltr"))
        let big = try spec(
            #"{"type": "If", "condition": {"dynamicTypeSize": ["accessibility1", "accessibility2", "accessibility3", "accessibility4", "accessibility5"]}, "then": {"type": "Text", "text": "big"}, "else": {"type": "Text", "text": "small"}, "modifiers": [\#(bg)]}"#
        )
        XCTAssertNotNil(textBox(try render(big, ViewerSettings(dynamicTypeSize: .accessibility1)), "big"))
        XCTAssertNotNil(textBox(try render(big, ViewerSettings(dynamicTypeSize: .xxxLarge)), "small"))
        XCTAssertThrowsError(
            try spec(#"{"type": "Switch", "on": "colorSchemeContrast", "cases": {"high": {"type": "Text", "text": "x"}}}"#))
    }

    // MARK: Right to left

    /// SwiftUI flips the horizontal axis of layout for right-to-left locales: the first view of an
    /// HStack is on the right, `.leading` frames align right, leading padding is on the right;
    /// text glyphs are not mirrored.
    func testRightToLeftMirrorsLayout() throws {
        let s = try spec(
            #"{"type": "HStack", "spacing": 0, "children": [{"type": "Rectangle", "modifiers": [{"fill": "red"}, {"frame": {"width": 20, "height": 20}}]}, {"type": "Rectangle", "modifiers": [{"fill": "blue"}, {"frame": {"width": 30, "height": 20}}]}], "modifiers": [{"frame": {"maxWidth": "infinity", "alignment": "leading"}}, {"padding": {"leading": 10}}, \#(bg)]}"#
        )
        let ltr = try render(s)
        let rtl = try render(s, ViewerSettings(locale: "ar"))
        let w = ltr.pointSize.width
        func rects(_ r: RenderedWidget) -> [Rect] {
            boxes(r.layout).filter { b in
                if b is ModifierBox { return false }
                if case .shape = b.view.kind { return true } else { return false }
            }.map(\.frame)
                .sorted { $0.width < $1.width }
        }
        let (l, r) = (rects(ltr), rects(rtl))
        XCTAssertEqual(l.count, 2)
        // Left to right: red at the leading edge (16-pt margin + 10-pt padding), blue after it.
        XCTAssertEqual(l[0].minX, 26, accuracy: 0.01)
        XCTAssertEqual(l[1].minX, 46, accuracy: 0.01)
        // Right to left: the same distances from the right edge.
        XCTAssertEqual(w - r[0].maxX, 26, accuracy: 0.01)
        XCTAssertEqual(w - r[1].maxX, 46, accuracy: 0.01)
        // Pixels agree: the red square is drawn where its mirrored frame is, right of the blue one.
        let p = rtl.pixmap
        let red = p.pixels[Int(r[0].midY) * p.width + Int(r[0].midX)]
        let blue = p.pixels[Int(r[1].midY) * p.width + Int(r[1].midX)]
        XCTAssertGreaterThan(red & 0xFF, 200)
        XCTAssertLessThan((red >> 16) & 0xFF, 100)
        XCTAssertGreaterThan((blue >> 16) & 0xFF, 200)
        XCTAssertGreaterThan(r[0].minX, r[1].maxX - 0.01)
    }

    /// A multi-line text aligned `.leading` is ragged on the left in a right-to-left layout, and
    /// an Arabic paragraph runs right to left with a number kept left to right inside it (UAX #9).
    func testRightToLeftTextAlignmentAndBidi() throws {
        let engine = TextLayoutEngine()
        var o = TextOptions(font: .style(.body), alignment: .leading)
        o.layoutDirection = .rightToLeft
        let l = try engine.layout("one two three four five six", options: o, maxWidth: 100)
        XCTAssertGreaterThan(l.lines.count, 1)
        // Every line ends at the right edge of the box.
        for line in l.lines { XCTAssertEqual(line.x + line.width, l.size.width, accuracy: 0.01) }
        // Levels: Arabic letters 1, the digits inside 2 (left to right), the paragraph right to left.
        let scalars = Array("سعر 25 ريال".unicodeScalars)
        let levels = TextLayoutEngine.bidiLevels(scalars)
        XCTAssertEqual(levels[0], 1)
        XCTAssertEqual(levels[4], 2)
        XCTAssertEqual(levels[5], 2)
        XCTAssertEqual(levels[6], 1)
        // A string without letters is left to right whatever the layout: "72°" does not become "°72".
        XCTAssertEqual(TextLayoutEngine.bidiLevels(Array("72°".unicodeScalars)), [0, 0, 0])
        // An English word inside an Arabic paragraph is a left-to-right island (level 2).
        XCTAssertEqual(TextLayoutEngine.bidiLevels(Array("في Paris".unicodeScalars)).suffix(5), [2, 2, 2, 2, 2])
    }

    /// Directional symbols flip; left/right ones do not (SF Symbols' directional names).
    func testDirectionalSymbols() {
        XCTAssertEqual(SymbolTable.directional("chevron.forward", layoutDirection: .leftToRight), "chevron.right")
        XCTAssertEqual(SymbolTable.directional("chevron.forward", layoutDirection: .rightToLeft), "chevron.left")
        XCTAssertEqual(SymbolTable.directional("chevron.backward", layoutDirection: .rightToLeft), "chevron.right")
        XCTAssertEqual(SymbolTable.directional("chevron.right", layoutDirection: .rightToLeft), "chevron.right")
        XCTAssertEqual(SymbolTable.directional("forward.fill", layoutDirection: .rightToLeft), "forward.fill")
        XCTAssertEqual(Checker.directionalName(for: "chevron.right"), "chevron.forward")
        XCTAssertEqual(Checker.directionalName(for: "arrow.up.right"), "arrow.up.forward")
        XCTAssertNil(Checker.directionalName(for: "arrow.left.and.right"))
        XCTAssertNil(Checker.directionalName(for: "chevron.forward"))
        XCTAssertNil(Checker.directionalName(for: "hand.point.right"))
    }

    // MARK: Accessibility glass

    /// Reduce Transparency: the glass is one opaque colour (no wallpaper shows through); Increase
    /// Contrast: a white border at the very edge and a dark face. Both fills are estimates
    /// (GlassMaterial.adjusted), the tests hold what the rule promises.
    func testAccessibilityGlass() throws {
        let s = try spec(#"{"type": "Text", "text": " ", "modifiers": [\#(bg)]}"#)
        let standard = try render(s, appearance: .clearLight, scale: 1).pixmap
        let reduced = try render(s, ViewerSettings(reduceTransparency: true), appearance: .clearLight, scale: 1).pixmap
        let contrast = try render(s, ViewerSettings(increaseContrast: true), appearance: .clearLight, scale: 1).pixmap
        func spread(_ p: Pixmap) -> Int {
            // Range of red values over the interior (away from the bezel).
            var lo = 255
            var hi = 0
            for y in stride(from: 50, to: p.height - 50, by: 3) {
                for x in stride(from: 50, to: p.width - 50, by: 3) {
                    let r = Int(p.pixels[y * p.width + x] & 0xFF)
                    lo = min(lo, r)
                    hi = max(hi, r)
                }
            }
            return hi - lo
        }
        XCTAssertGreaterThan(spread(standard), 10, "the clear glass shows the wallpaper")
        XCTAssertLessThanOrEqual(spread(reduced), 1, "Reduce Transparency: an opaque fill")
        // Increase Contrast: the face is darker than the standard glass and the edge is white.
        func luma(_ p: Pixmap, _ x: Int, _ y: Int) -> Double {
            let v = p.pixels[y * p.width + x]
            return (Double(v & 0xFF) + Double((v >> 8) & 0xFF) + Double((v >> 16) & 0xFF)) / 3
        }
        let mid = contrast.height / 2
        XCTAssertLessThan(luma(contrast, contrast.width / 2, mid), luma(standard, standard.width / 2, mid))
        XCTAssertGreaterThan((0...2).map { luma(contrast, $0, mid) }.max()!, 200, "a white border at the edge")
        XCTAssertLessThan((0...2).map { luma(standard, $0, mid) }.max()!, 200, "no such border without the setting")
    }

    // MARK: Swift DSL

    /// `@Environment` reads the settings, and `.dynamicTypeSize(...)` limits a subtree (the text
    /// inside is resolved again at the limited size, as SwiftUI resolves fonts where the text is).
    func testDSLReadsTheSettings() {
        struct V: View {
            @Environment(\.dynamicTypeSize) var size
            @Environment(\.layoutDirection) var direction
            @Environment(\.accessibilityReduceTransparency) var reduce
            @Environment(\.colorSchemeContrast) var contrast
            var body: some View {
                VStack {
                    Text("\(size.rawValue) \(direction.rawValue) \(reduce) \(contrast.rawValue)")
                    Text("capped").font(.headline).dynamicTypeSize(...DynamicTypeSize.xLarge)
                    Text("set").dynamicTypeSize(.small)
                    Text("free").font(.headline)
                }
            }
        }
        func texts(_ n: ViewNode) -> [(String, TextAttributes)] {
            switch n.kind {
            case .text(let s, let a): return [(s, a)]
            default: return n.children.flatMap(texts)
            }
        }
        let settings = ViewerSettings(dynamicTypeSize: .accessibility2, locale: "he", reduceTransparency: true, increaseContrast: true)
        let env = WidgetEnvironment(family: .systemSmall, appearance: .light, size: Size(170, 170), displayScale: 1, settings: settings)
        let def = WidgetDefinition(kind: "T") { _ in [(Date(), V() as any View)] }
        let t = texts(def.resolve(V(), date: Date(), environment: env).content)
        XCTAssertEqual(t.first?.0, "accessibility2 rightToLeft true increased")
        XCTAssertEqual(t[1].1.font.size, TextStyleTable.entry(.headline, size: .xLarge).size)
        XCTAssertEqual(t[2].1.font.size, TextStyleTable.entry(.body, size: .small).size)
        XCTAssertEqual(t[3].1.font.size, TextStyleTable.entry(.headline, size: .accessibility2).size)
        XCTAssertEqual(env.locale.identifier, "he")
    }

    // MARK: Batches

    /// The settings axis goes through shards, merge and verify like any other: three shards
    /// merged equal one run, byte for byte, and the manifest names each variant's settings.
    func testSettingsSurviveShardsMergeAndVerify() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("widgetctl-settings-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let spec = try WidgetSpec.load(contentsOf: RenderTests.samples.appendingPathComponent("transit.widget.json"))
        var options = BatchOptions(outputDirectory: root.appendingPathComponent("whole"))
        options.scale = 0.5
        options.families = [.systemSmall]
        options.appearances = [.light, .clearDark]
        options.entries = [0]
        options.settings = [.standard, ViewerSettings(dynamicTypeSize: .xxxLarge, locale: "ar"), ViewerSettings(reduceTransparency: true)]
        let whole = try BatchRenderer(options: options).run([spec])
        XCTAssertEqual(whole.files.count, 6)
        XCTAssertTrue(whole.files.contains { $0.relativePath == "systemSmall/clearDark/xxxLarge+ar/e0.png" })
        for i in 1...3 {
            options.outputDirectory = root.appendingPathComponent("s\(i)")
            options.shard = (i, 3)
            _ = try BatchRenderer(options: options).run([spec])
        }
        let merged = try Merger.merge((1...3).map { root.appendingPathComponent("s\($0)") }, into: root.appendingPathComponent("merged"))
        XCTAssertEqual(merged.variants, 6)
        let report = try Verifier.compare(
            expected: root.appendingPathComponent("whole"), actual: root.appendingPathComponent("merged"),
            reportDir: root.appendingPathComponent("v"))
        XCTAssertFalse(report.failed)
        let m = try ManifestFile.read(root.appendingPathComponent("merged/TransitWidget"))
        XCTAssertEqual(Set(m.variants.map(\.settings)), ["", "xxxLarge+ar", "reduceTransparency"])
        // The gallery offers the settings as a filter.
        let page = try String(contentsOf: root.appendingPathComponent("whole/TransitWidget/index.html"), encoding: .utf8)
        XCTAssertTrue(page.contains("<select id=\"settings\">"))
        XCTAssertTrue(page.contains("xxxLarge+ar"))
    }

    /// A matrix of thousands of variants makes a bounded contact sheet instead of a pixmap over
    /// the size limit (it used to trap: 2,112 variants of the transit Sample, 1.2 GB, signal 4).
    func testContactSheetOfAHugeMatrixIsBounded() throws {
        let thumb = try XCTUnwrap(Pixmap(width: 360, height: 360, color: .white))  // one buffer, shared
        var cells: [(Variant, Pixmap)] = []
        for size in DynamicTypeSize.allCases {
            for e in 0..<200 {
                cells.append(
                    (Variant(entry: e, family: .systemSmall, appearance: .light, settings: ViewerSettings(dynamicTypeSize: size)), thumb))
            }
        }
        let sheet = ContactSheet.render(title: "Big", subtitle: "matrix", cells: cells, total: cells.count)
        XCTAssertGreaterThan(sheet.width, 1)
        XCTAssertLessThanOrEqual(sheet.width * sheet.height, Pixmap.maxPixels / 4)
        // At most maxCells rows of one cell each.
        XCTAssertLessThanOrEqual(sheet.height, 84 + 24 + ContactSheet.maxCells * (360 + 28 + 24))
    }

    /// The command-line flags: lists, "all", and errors that say what was expected.
    func testCommandLineFlags() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("widgetctl-flags-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let sample = RenderTests.samples.appendingPathComponent("transit.widget.json").path
        func run(_ args: [String]) -> (Int32, String) {
            let messages = CorpusTests.Messages()
            let code = WidgetCommandLine.$errorSink.withValue({ messages.add($0) }) { WidgetCommandLine.run(args) }
            return (code, messages.all)
        }
        let base = ["render", sample, "--out", out.path, "--quiet", "--families", "systemSmall", "--entries", "0", "--scale", "0.5"]
        XCTAssertEqual(run(base + ["--dynamic-type", "huge"]).0, 2)
        XCTAssertTrue(run(base + ["--dynamic-type", "xxLarg"]).1.contains("xxLarge"), "did you mean")
        XCTAssertTrue(run(base + ["--locale", "../etc"]).1.contains("not a locale identifier"))
        XCTAssertTrue(run(base + ["--accessibility", "reduceTransparancy"]).1.contains("reduceTransparency"))
        XCTAssertEqual(run(base + ["--dynamic-type", "large,accessibility2", "--locale", "he", "--appearances", "light"]).0, 0)
        let m = try ManifestFile.read(out.appendingPathComponent("TransitWidget"))
        XCTAssertEqual(Set(m.variants.map(\.settings)), ["he", "accessibility2+he"])
        // "all" on a watch is the watch's looks.
        XCTAssertEqual(
            run(["render", sample, "--out", out.path, "--quiet", "--device", "Apple Watch 46mm", "--appearances", "all", "--scale", "0.5"])
                .0, 0)
        let w = try ManifestFile.read(out.appendingPathComponent("TransitWidget"))
        XCTAssertEqual(Set(w.variants.map(\.appearance)), ["smartStack", "watchFace", "watchFaceTinted"])
    }

    // MARK: check

    func testWR016NamesTheFirstSizeThatCuts() throws {
        // A fixed 120-pt column: "Wednesday" fits at Large (body 17) and is cut from some larger size.
        let s = try spec(
            #"{"type": "Text", "text": "Wednesday", "modifiers": [{"lineLimit": 1}, {"frame": {"width": 96}}, \#(bg)]}"#)
        var o = CheckOptions()
        o.scale = 1
        o.disabled = ["WR004"]
        let findings = try Checker(options: o).check(s).filter { $0.rule == "WR016" }
        let f = try XCTUnwrap(findings.first)
        // The first size that cuts it, found by layout: every smaller one fits.
        let renderer = SpecRenderer(spec: s, scale: 1)
        let firstCut = try XCTUnwrap(
            Checker.dynamicTypeLadder.first { size in
                try! !renderer.render(
                    Variant(entry: 0, family: .systemSmall, appearance: .light, settings: ViewerSettings(dynamicTypeSize: size)),
                    layoutOnly: true
                ).truncatedTexts.isEmpty
            })
        XCTAssertTrue(f.message.contains("from Dynamic Type size \(firstCut.rawValue) on"), f.message)
        XCTAssertEqual(f.severity, firstCut.isAccessibilitySize ? .note : .warning)
        // Near miss: capping the size (the rule's own advice) keeps it whole at every size.
        let capped = try spec(
            #"{"type": "Text", "text": "Wednesday", "modifiers": [{"lineLimit": 1}, {"dynamicTypeSize": {"max": "large"}}, {"frame": {"width": 96}}, \#(bg)]}"#
        )
        XCTAssertTrue(try Checker(options: o).check(capped).filter { $0.rule == "WR016" }.isEmpty)
    }

    func testWR017FixedDirectionSymbol() throws {
        var o = CheckOptions()
        o.scale = 1
        o.disabled = ["WR004", "WR016"]
        let fixed = try spec(#"{"type": "Image", "systemName": "chevron.right", "modifiers": [\#(bg)]}"#)
        let f = try Checker(options: o).check(fixed).filter { $0.rule == "WR017" }
        XCTAssertEqual(f.count, 1)
        XCTAssertTrue(f.first?.message.contains("chevron.forward") ?? false)
        let directional = try spec(#"{"type": "Image", "systemName": "chevron.forward", "modifiers": [\#(bg)]}"#)
        XCTAssertTrue(try Checker(options: o).check(directional).filter { $0.rule == "WR017" }.isEmpty)
    }
}
