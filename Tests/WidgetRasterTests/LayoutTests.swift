import WidgetModel
import WidgetTooling
import XCTest

@testable import RasterCore
@testable import WidgetLayout
@testable import WidgetRaster

/// Layout against frames computed by hand.
final class LayoutTests: XCTestCase {
    func context(_ w: Double = 300, _ h: Double = 300) -> LayoutContext {
        LayoutContext(
            text: TextLayoutEngine(),
            environment: WidgetEnvironment(family: .systemLarge, appearance: .light, size: Size(w, h), displayScale: 1),
            widgetRect: Rect(x: 0, y: 0, width: w, height: h), cornerRadius: 20)
    }

    /// Lays `view` out in a w×h box at the origin and returns the box tree.
    func layout(_ view: ViewNode, _ w: Double = 300, _ h: Double = 300) -> LayoutBox {
        let box = LayoutBox.build(view, context(w, h))
        let s = box.sizeThatFits(ProposedSize(width: w, height: h))
        box.place(in: aligned(s, in: Rect(x: 0, y: 0, width: w, height: h), .center))
        return box
    }

    func rect(_ mods: [LayoutModifier] = []) -> ViewNode { ViewNode(.shape(.rectangle, ShapePaint(fill: .color(.black))), modifiers: mods) }
    func fixed(_ w: Double, _ h: Double) -> ViewNode { rect([.frame(width: w, height: h, alignment: .center)]) }

    func testHStackGivesFlexibleChildTheRest() {
        let box = layout(ViewNode(.hstack(alignment: .center, spacing: nil, children: [fixed(50, 20), rect()])), 200, 100)
        let c = (box as! StackBox).children
        XCTAssertEqual(c[0].frame, Rect(x: 0, y: 40, width: 50, height: 20))
        XCTAssertEqual(c[1].frame, Rect(x: 58, y: 0, width: 142, height: 100), "8 pt default spacing, the rectangle takes the rest")
    }

    /// SwiftUI (measured on iOS, body text): in a 343-pt HStack { Text; Spacer(); Text } a
    /// 177.5-pt label stays on one line; an even split of the row (the label offered half of what
    /// the short text leaves) would wrap it. Here with Inter, so the label's width is measured
    /// rather than taken from SF Pro.
    func testTextInAnHStackTakesItsIdealWidthWhenTheRowHasRoom() throws {
        var attributes = TextAttributes()
        attributes.font = .body
        let label = "Standing hours today so far"
        let ideal = try TextLayoutEngine().measure(label, options: TextOptions(font: .body)).width
        let short = try TextLayoutEngine().measure("20:32", options: TextOptions(font: .body)).width
        let row = 343.0
        XCTAssertGreaterThan(ideal, (row - 16 - short) / 2, "the label must be wider than an even split would give it")
        XCTAssertLessThan(ideal + short + 16 + 8, row, "and the row must have room for both texts and the spacer")
        let view = ViewNode(
            .hstack(
                alignment: .center, spacing: nil,
                children: [ViewNode(.text(label, attributes)), ViewNode(.spacer(minLength: nil)), ViewNode(.text("20:32", attributes))]))
        let c = (layout(view, row, 100) as! StackBox).children
        XCTAssertEqual(c[0].frame.width, ideal, accuracy: 1, "the label keeps its ideal width: one line")
        XCTAssertEqual(c[2].frame.width, short, accuracy: 1)
        XCTAssertEqual(c[2].frame.maxX, row, accuracy: 1, "the spacer pushes the short text to the end")
    }

    func testVStackSpacingAndAlignment() {
        let box = layout(ViewNode(.vstack(alignment: .leading, spacing: nil, children: [fixed(40, 20), fixed(80, 20)])), 200, 200)
        XCTAssertEqual(box.frame, Rect(x: 60, y: 76, width: 80, height: 48))
        let c = (box as! StackBox).children
        XCTAssertEqual(c[0].frame.minX, 60, "leading alignment")
        XCTAssertEqual(c[1].frame.minY, 104)
    }

    func testSpacerPushesToTheEdges() {
        let box = layout(
            ViewNode(.hstack(alignment: .center, spacing: 0, children: [fixed(30, 10), ViewNode(.spacer(minLength: nil)), fixed(30, 10)])),
            200, 50)
        let c = (box as! StackBox).children
        XCTAssertEqual(c[0].frame.minX, 0)
        XCTAssertEqual(c[2].frame.minX, 170)
        XCTAssertEqual(c[1].frame.width, 140)
    }

    func testEqualFlexibleChildrenShareEqually() {
        let box = layout(ViewNode(.hstack(alignment: .center, spacing: 10, children: [rect(), rect(), rect()])), 320, 40)
        XCTAssertEqual((box as! StackBox).children.map(\.frame.width), [100, 100, 100])
    }

    func testFrameAlignmentInAFlexibleFrame() {
        let v = fixed(100, 100)
        var outer = v
        outer.modifiers.append(
            .flexibleFrame(
                minWidth: nil, idealWidth: nil, maxWidth: .infinity, minHeight: nil, idealHeight: nil,
                maxHeight: .infinity, alignment: Alignment(.trailing, .bottom)))
        let box = layout(outer)
        XCTAssertEqual(box.frame, Rect(x: 0, y: 0, width: 300, height: 300), "maxWidth/maxHeight infinity take the offer")
        XCTAssertEqual(box.innermost.frame, Rect(x: 200, y: 200, width: 100, height: 100))
    }

    func testPaddingThenBackgroundDiffersFromBackgroundThenPadding() {
        let bg = ViewNode(.fill(.color(.white)))
        let paddingFirst = layout(
            ViewNode(
                .shape(.rectangle, ShapePaint()),
                modifiers: [
                    .frame(width: 50, height: 50, alignment: .center), .padding(EdgeInsets(all: 10)), .background(bg, alignment: .center),
                ]))
        let backgroundFirst = layout(
            ViewNode(
                .shape(.rectangle, ShapePaint()),
                modifiers: [
                    .frame(width: 50, height: 50, alignment: .center), .background(bg, alignment: .center), .padding(EdgeInsets(all: 10)),
                ]))
        func backgroundFrame(_ b: LayoutBox) -> Rect? {
            var box: LayoutBox? = b
            while let m = box as? ModifierBox {
                if let d = m as? DecorationBox { return d.decoration.frame }
                box = m.inner
            }
            return nil
        }
        XCTAssertEqual(backgroundFrame(paddingFirst)?.size, Size(70, 70))
        XCTAssertEqual(backgroundFrame(backgroundFirst)?.size, Size(50, 50))
        XCTAssertEqual(paddingFirst.frame.size, Size(70, 70))
        XCTAssertEqual(backgroundFirst.frame.size, Size(70, 70))
    }

    func testLayoutPriorityWinsTheSpace() {
        var attrs = TextAttributes()
        attrs.lineLimit = 1
        let long = "A rather long piece of text"
        let a = ViewNode(.text(long, attrs))
        let b = ViewNode(.text(long, attrs), modifiers: [.layoutPriority(1)])
        let box = layout(ViewNode(.hstack(alignment: .center, spacing: 0, children: [a, b])), 300, 50)
        let full = try! TextLayoutEngine().measure(long, options: TextOptions(font: .body)).width
        let c = (box as! StackBox).children
        XCTAssertEqual(c[1].frame.width, full, accuracy: 0.01, "the priority text gets its ideal width")
        // The other is offered what is left and truncates within it.
        XCTAssertLessThanOrEqual(c[0].frame.width, 300 - full + 0.01)
        XCTAssertGreaterThan(c[0].frame.width, 60)
    }

    func testZStackAlignsChildren() {
        let box = layout(ViewNode(.zstack(alignment: Alignment(.leading, .top), children: [fixed(100, 60), fixed(20, 20)])), 300, 300)
        let c = (box as! ZStackBox).children
        XCTAssertEqual(c[1].frame.origin, c[0].frame.origin)
    }

    func testTextWrapsToTheOfferedWidth() {
        let box = layout(ViewNode(.text("The quick brown fox jumps over the lazy dog", TextAttributes())), 120, 300)
        XCTAssertLessThanOrEqual(box.frame.width, 120)
        XCTAssertGreaterThan(box.frame.height, 40, "several lines")
    }
}

/// Family sizes from the device table (docs/WIDGETKIT-FACTS.md §1.3, §1.4).
final class DeviceTests: XCTestCase {
    func px(_ d: String, _ f: WidgetFamily) -> [Int]? {
        DeviceCatalog.device(named: d)?.pixelSize(of: f).map { [$0.width, $0.height] }
    }

    func testIPhone17Pro() {
        XCTAssertEqual(DeviceCatalog.default.name, "iPhone 17 Pro")
        XCTAssertEqual(px("iPhone17Pro", .systemSmall), [493, 493])
        XCTAssertEqual(px("iphone 17 pro", .systemMedium), [1049, 493])
        XCTAssertEqual(px("iPhone 17 Pro", .systemLarge), [1049, 1095])
        XCTAssertEqual(px("iPhone 17 Pro", .accessoryCircular), [174, 174])
        XCTAssertEqual(px("iPhone 17 Pro", .accessoryRectangular), [444, 174])
        XCTAssertEqual(px("iPhone 17 Pro", .accessoryInline), [1026, 108])
        XCTAssertNil(px("iPhone 17 Pro", .systemExtraLarge))
    }

    func testIPhoneSEAt2x() {
        XCTAssertEqual(px("iPhone SE", .systemSmall), [292, 292])
        XCTAssertEqual(px("iPhone SE", .systemMedium), [638, 292])
        XCTAssertEqual(px("iPhone SE", .systemLarge), [638, 636])
    }

    func testIPadCanvasAndFrame() {
        let ipad = DeviceCatalog.device(named: "iPad Pro 11-inch")!
        XCTAssertEqual(px("iPad Pro 11-inch", .systemSmall), [272, 272])
        XCTAssertEqual(px("iPad Pro 11-inch", .systemExtraLarge), [1256, 600])
        XCTAssertEqual(ipad.layoutSize(of: .systemSmall), Size(155, 155), "laid out on the larger canvas")
        let frame = WidgetRenderer.frame(family: .systemSmall, device: ipad)!
        XCTAssertEqual(frame.scale, 272.0 / 155, accuracy: 1e-12)
    }
}
