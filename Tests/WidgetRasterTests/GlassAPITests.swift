import Foundation
import WidgetModel
import WidgetTestSupport
import WidgetTooling
import XCTest

@testable import RasterCore
@testable import WidgetLayout
@testable import WidgetRaster

/// Liquid Glass inside a widget: containers that melt nearby shapes, unions, glass buttons, and
/// the design guidance as check rules (each with a near miss that must not fire).
final class GlassAPITests: XCTestCase {
    func spec(_ body: String, family: String = "systemMedium") throws -> WidgetSpec {
        let json = #"{"kind": "Glass", "supportedFamilies": ["\#(family)"], "body": \#(body)}"#
        return try WidgetSpec.decode(Array(json.utf8), file: "glass.widget.json")
    }

    let background =
        #"{"containerBackground": {"type": "LinearGradient", "colors": ["pink", "teal"], "startPoint": "topLeading", "endPoint": "bottomTrailing"}}"#

    /// Two 40-pt circles `gap` apart in a container of spacing 20.
    func pair(gap: Double) -> String {
        let circle =
            #"{"type": "Color", "color": "clear", "modifiers": [{"frame": {"width": 40, "height": 40}}, {"glassEffect": {"shape": "Circle"}}]}"#
        return
            #"{"type": "HStack", "spacing": \#(gap), "children": [\#(circle), \#(circle)], "modifiers": [{"glassEffectContainer": {"spacing": 20}}, \#(background)]}"#
    }

    func render(_ s: WidgetSpec, _ look: Appearance = .light) throws -> RenderedWidget {
        try SpecRenderer(spec: s, scale: 1).render(Variant(entry: 0, family: .systemMedium, appearance: look))
    }

    /// The alpha-independent test of "one body": the glass face at the midpoint between the two
    /// circles differs from the bare background when they melt, and equals it when they do not.
    func testContainerMeltsShapesCloserThanItsSpacing() throws {
        let bare = try render(spec(#"{"type": "Color", "color": "clear", "modifiers": [\#(background)]}"#)).pixmap
        func midpointDiffers(_ gap: Double) throws -> Bool {
            let p = try render(spec(pair(gap: gap))).pixmap
            // The pair is centred in the 349.67 × 164.33 widget: the gap's middle is the centre.
            let x = p.width / 2
            let y = p.height / 2
            let a = p.pixels[y * p.width + x]
            let b = bare.pixels[y * p.width + x]
            for channel in 0..<3 {
                let shift = UInt32(channel * 8)
                let ca = Int((a >> shift) & 0xFF)
                let cb = Int((b >> shift) & 0xFF)
                if abs(ca - cb) > 6 { return true }
            }
            return false
        }
        XCTAssertTrue(try midpointDiffers(8), "8 pt apart in a 20-pt container: one body")
        XCTAssertFalse(try midpointDiffers(30), "30 pt apart: two shapes")
        // Outside a container the same 8-pt gap stays a gap.
        let loose =
            #"{"type": "HStack", "spacing": 8, "children": [{"type": "Color", "color": "clear", "modifiers": [{"frame": {"width": 40, "height": 40}}, {"glassEffect": {"shape": "Circle"}}]}, {"type": "Color", "color": "clear", "modifiers": [{"frame": {"width": 40, "height": 40}}, {"glassEffect": {"shape": "Circle"}}]}], "modifiers": [\#(background)]}"#
        let p = try render(spec(loose)).pixmap
        let i = (p.height / 2) * p.width + p.width / 2
        XCTAssertEqual(p.pixels[i], bare.pixels[i])
    }

    /// Goldens (1x, tolerance 1): a container at gaps below and above its spacing, a union, a
    /// glass button and a prominent one, in full colour and in the Clear (dark) look.
    func testGlassGoldens() throws {
        let union =
            #"{"type": "HStack", "spacing": 60, "children": [{"type": "Image", "systemName": "star.fill", "modifiers": [{"frame": {"width": 36, "height": 36}}, {"glassEffect": {"shape": "Circle"}}, {"glassEffectUnion": "u"}]}, {"type": "Image", "systemName": "bell.fill", "modifiers": [{"frame": {"width": 36, "height": 36}}, {"glassEffect": {"shape": "Circle"}}, {"glassEffectUnion": "u"}]}], "modifiers": [{"glassEffectContainer": true}, \#(background)]}"#
        let buttons =
            #"{"type": "HStack", "spacing": 12, "children": [{"type": "Text", "text": "Later", "modifiers": [{"buttonStyle": "glass"}]}, {"type": "Text", "text": "Start", "modifiers": [{"buttonStyle": "glassProminent"}]}], "modifiers": [{"glassEffectContainer": {"spacing": 4}}, {"tint": "orange"}, \#(background)]}"#
        for (name, body) in [("container-8pt", pair(gap: 8)), ("container-30pt", pair(gap: 30)), ("union", union), ("buttons", buttons)] {
            for look in [Appearance.light, .clearDark] {
                assertGolden(try render(spec(body), look).pixmap, named: "\(name)-\(look.rawValue)", suite: "glass")
            }
        }
    }

    // MARK: Rules

    func rules(_ body: String, family: String = "systemMedium") throws -> [Finding] {
        var o = CheckOptions()
        o.scale = 1
        o.disabled = ["WR004", "WR016", "WR008"]
        return try Checker(options: o).check(spec(body, family: family))
    }

    func glassText(_ text: String, tint: String? = nil) -> String {
        let t = tint.map { #", "tint": "\#($0)""# } ?? ""
        return #"{"type": "Text", "text": "\#(text)", "modifiers": [{"padding": 8}, {"glassEffect": {"variant": "regular"\#(t)}}]}"#
    }

    func testWR018TintOnlyThePrimaryAction() throws {
        let two =
            #"{"type": "HStack", "spacing": 30, "children": [\#(glassText("A", tint: "blue")), \#(glassText("B", tint: "red"))], "modifiers": [{"glassEffectContainer": true}, \#(background)]}"#
        XCTAssertEqual(try rules(two).filter { $0.rule == "WR018" }.count, 1)
        let one =
            #"{"type": "HStack", "spacing": 30, "children": [\#(glassText("A", tint: "blue")), \#(glassText("B"))], "modifiers": [{"glassEffectContainer": true}, \#(background)]}"#
        XCTAssertTrue(try rules(one).filter { $0.rule == "WR018" }.isEmpty)
    }

    func testWR012NearbyGlassWantsAContainer() throws {
        let loose =
            #"{"type": "HStack", "spacing": 10, "children": [\#(glassText("A")), \#(glassText("B"))], "modifiers": [\#(background)]}"#
        XCTAssertTrue(try rules(loose).contains { $0.rule == "WR012" && $0.message.contains("GlassEffectContainer") })
        let contained =
            #"{"type": "HStack", "spacing": 10, "children": [\#(glassText("A")), \#(glassText("B"))], "modifiers": [{"glassEffectContainer": true}, \#(background)]}"#
        XCTAssertFalse(try rules(contained).contains { $0.rule == "WR012" && $0.message.contains("GlassEffectContainer") })
        let apart =
            #"{"type": "HStack", "spacing": 60, "children": [\#(glassText("A")), \#(glassText("B"))], "modifiers": [\#(background)]}"#
        XCTAssertFalse(try rules(apart).contains { $0.rule == "WR012" && $0.message.contains("GlassEffectContainer") })
    }

    /// The widget's corner is 20 pt (docs/WIDGETKIT-FACTS.md §1.8) and its content margin 16 pt:
    /// a card filling the content area is concentric at 4 pt, not at 16.
    func testWR019ConcentricCorners() throws {
        func card(_ r: Double) -> String {
            #"{"type": "RoundedRectangle", "cornerRadius": \#(r), "modifiers": [{"fill": "white"}, {"frame": {"maxWidth": "infinity", "maxHeight": "infinity"}}, \#(background)]}"#
        }
        let wrong = try rules(card(16)).filter { $0.rule == "WR019" }
        XCTAssertEqual(wrong.count, 1)
        XCTAssertTrue(wrong.first?.message.contains("concentric is 4 pt") ?? false, wrong.first?.message ?? "")
        XCTAssertTrue(try rules(card(4)).filter { $0.rule == "WR019" }.isEmpty)
        XCTAssertTrue(
            try rules(#"{"type": "ContainerRelativeShape", "modifiers": [{"fill": "white"}, \#(background)]}"#).filter {
                $0.rule == "WR019"
            }.isEmpty)
    }

    func testWR020ContentHalfUnderGlass() throws {
        let overlapping =
            #"{"type": "ZStack", "children": [{"type": "Text", "text": "Overlapping words", "modifiers": [{"offset": {"x": 30}}]}, {"type": "Color", "color": "clear", "modifiers": [{"frame": {"width": 60, "height": 40}}, {"glassEffect": {"shape": {"type": "RoundedRectangle", "cornerRadius": 12}}}, {"offset": {"x": -40}}]}], "modifiers": [\#(background)]}"#
        XCTAssertEqual(try rules(overlapping).filter { $0.rule == "WR020" }.count, 1)
        // Near miss: the glass's own label sits inside it.
        let label = #"{"type": "Text", "text": "On glass", "modifiers": [{"padding": 10}, {"glassEffect": true}, \#(background)]}"#
        XCTAssertTrue(try rules(label).filter { $0.rule == "WR020" }.isEmpty)
    }

    func testWR021GlassOnContentRows() throws {
        let rows =
            #"{"type": "VStack", "spacing": 4, "children": [\#(glassText("Milk")), \#(glassText("Eggs")), \#(glassText("Bread"))], "modifiers": [{"glassEffectContainer": true}, \#(background)]}"#
        XCTAssertEqual(try rules(rows, family: "systemLarge").filter { $0.rule == "WR021" }.count, 1)
        // Near miss: three glass controls side by side are controls, not rows.
        let controls =
            #"{"type": "HStack", "spacing": 4, "children": [\#(glassText("⏮")), \#(glassText("⏯")), \#(glassText("⏭"))], "modifiers": [{"glassEffectContainer": true}, \#(background)]}"#
        XCTAssertTrue(try rules(controls, family: "systemLarge").filter { $0.rule == "WR021" }.isEmpty)
    }

    /// The DSL: GlassEffectContainer, glassEffectUnion, Glass.interactive() and the button styles
    /// build the same nodes as the spec.
    func testDSLGlassAPI() {
        struct V: View {
            @Namespace var ns
            var body: some View {
                GlassEffectContainer(spacing: 12) {
                    HStack {
                        Button("Go") {}.buttonStyle(.glassProminent)
                        Image(systemName: "star").glassEffect(.regular.interactive()).glassEffectUnion(id: 1, namespace: ns)
                    }
                }
            }
        }
        let def = WidgetDefinition(kind: "T") { _ in [(Date(), V() as any View)] }
        let env = WidgetEnvironment(family: .systemSmall, appearance: .light, size: Size(170, 170), displayScale: 1)
        let root = def.resolve(V(), date: Date(), environment: env).content
        XCTAssertTrue(root.modifiers.contains { if case .glassContainer(12) = $0 { return true } else { return false } })
        let children = root.children
        XCTAssertEqual(children.count, 2)
        XCTAssertTrue(
            children[0].modifiers.contains {
                if case .glassEffect(.regular, let tint?, .capsule) = $0 {
                    return tint == GlassEffectDefaults.prominentTint
                } else {
                    return false
                }
            })
        XCTAssertTrue(children[1].modifiers.contains { if case .glassUnion("1") = $0 { return true } else { return false } })
    }
}
