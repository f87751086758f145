// Views and modifiers that real widget files use, each against geometry computed by hand (SwiftUI's
// rules as the comments state them) and a small golden (Goldens/views/, tolerance 1 level per
// channel, 0 differing pixels; record with WIDGETCTL_RECORD=1).
import Foundation
import WidgetModel
import WidgetRaster
import WidgetTestSupport
import XCTest

final class ViewFeatureTests: XCTestCase {
    /// Renders `view` as a small widget (170×170 pt on iPhone 17 Pro) at 1x on white, light look.
    func render<V: View>(_ view: V, family: WidgetFamily = .systemSmall, appearance: Appearance = .light, scale: Double = 1) throws
        -> RenderedWidget
    {
        var definition = WidgetDefinition(kind: "feature") { _ in
            [(WidgetPreviews.date, view.containerBackground(for: .widget) { Color.white } as any View)]
        }
        definition.supportedFamilies = [family]
        return try SpecRenderer(widget: definition, scale: scale).render(Variant(entry: 0, family: family, appearance: appearance))
    }

    func texts(_ r: RenderedWidget) -> [(text: String, bounds: Rect)] {
        r.content.ops.compactMap { op in
            guard case .text(let layout, let origin, _, _) = op.kind else { return nil }
            let text = layout.lines.map(\.text).joined(separator: " ")
            return (text, Rect(x: origin.x, y: origin.y, width: layout.size.width, height: layout.size.height))
        }
    }

    /// The bounds of the fills of one colour, in drawing order.
    func fills(_ r: RenderedWidget, _ color: Color) -> [Rect] {
        let target = color.resolve(.light)
        return r.content.ops.compactMap { op in
            if case .fill(_, .color(let c), let bounds) = op.kind, c == target { return bounds }
            return nil
        }
    }

    func assertClose(_ a: Double, _ b: Double, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        // Layout snaps positions and lengths to the pixel grid (1 pt at the 1x used here).
        XCTAssertEqual(a, b, accuracy: 1.0, what, file: file, line: line)
    }

    // MARK: Grids

    /// LazyVGrid with three flexible columns in 150 pt, spacing 10: each column (150 − 2·10) / 3
    /// wide; rows as tall as their tallest cell, 6 pt apart.
    func testLazyVGridFlexibleColumns() throws {
        let columns = Array(repeating: GridItem(.flexible(), spacing: 10), count: 3)
        let r = try render(
            LazyVGrid(columns: columns, spacing: 6) {
                ForEach(0..<5, id: \.self) { i in Color.red.frame(height: i == 1 ? 30 : 20) }
            }.frame(width: 150))
        let cells = fills(r, .red)
        XCTAssertEqual(cells.count, 5)
        let w = (150 - 20) / 3.0
        for (i, c) in cells.enumerated() {
            assertClose(c.width, w, "cell \(i) width")
            assertClose(c.minX - cells[0].minX, Double(i % 3) * (w + 10), "cell \(i) x")
        }
        // Row 0 is 30 pt tall (its tallest cell); row 1 starts 30 + 6 below row 0.
        assertClose(cells[3].minY - cells[0].minY + (30 - 20) / 2, 36, "second row")
        assertGolden(r.pixmap, named: "lazyvgrid-flexible", suite: "views")
    }

    /// An adaptive item in 150 pt with minimum 40 and spacing 8 makes ⌊(150 + 8) / (40 + 8)⌋ = 3
    /// columns of (150 − 16) / 3.
    func testLazyVGridAdaptiveColumns() throws {
        let r = try render(
            LazyVGrid(columns: [GridItem(.adaptive(minimum: 40), spacing: 8)]) {
                ForEach(0..<7, id: \.self) { _ in Color.blue.frame(height: 12) }
            }.frame(width: 150))
        let cells = fills(r, .blue)
        XCTAssertEqual(cells.count, 7)
        assertClose(cells[0].width, (150 - 16) / 3.0, "adaptive width")
        assertClose(cells[3].minX, cells[0].minX, "fourth cell starts the second row")
    }

    /// LazyHGrid: two fixed rows of 20 and 30 pt; cells fill a column at a time.
    func testLazyHGridRows() throws {
        let r = try render(
            LazyHGrid(rows: [GridItem(.fixed(20), spacing: 4), GridItem(.fixed(30))], spacing: 5) {
                ForEach(0..<4, id: \.self) { _ in Color.green.frame(width: 16) }
            })
        let cells = fills(r, .green)
        XCTAssertEqual(cells.count, 4)
        assertClose(cells[1].minY - cells[0].minY, 24, "second row starts 20 + 4 below the first")
        assertClose(cells[2].minX - cells[0].minX, 21, "second column starts 16 + 5 to the right")
        assertGolden(r.pixmap, named: "lazyhgrid-fixed", suite: "views")
    }

    /// Grid: each column as wide as its widest cell; a view that is not a GridRow spans the grid.
    func testGridColumnsFitTheirWidestCell() throws {
        let r = try render(
            Grid(alignment: .leading, horizontalSpacing: 6, verticalSpacing: 4) {
                GridRow {
                    Color.red.frame(width: 20, height: 10)
                    Color.red.frame(width: 50, height: 10)
                }
                Color.orange.frame(height: 2)
                GridRow {
                    Color.red.frame(width: 35, height: 10)
                    Color.red.frame(width: 10, height: 10)
                }
            })
        let cells = fills(r, .red)
        XCTAssertEqual(cells.count, 4)
        // Column 0 is 35 wide (its widest cell), so column 1 starts 35 + 6 after it.
        assertClose(cells[1].minX - cells[0].minX, 41, "second column")
        assertClose(cells[3].minX - cells[2].minX, 41, "second column, second row")
        let rule = try XCTUnwrap(fills(r, .orange).first)
        assertClose(rule.width, 35 + 6 + 50, "the spanning view is as wide as the grid")
        assertGolden(r.pixmap, named: "grid-rows", suite: "views")
    }

    // MARK: Drawing modifiers

    /// mask: the content shows only where the mask is opaque.
    func testMaskKeepsContentInsideTheMask() throws {
        let r = try render(Color.red.frame(width: 100, height: 100).mask { Circle() })
        let p = r.pixmap
        let cx = p.width / 2
        let cy = p.height / 2
        let centre = p.color(atX: cx, y: cy)
        XCTAssertEqual([centre.r, centre.g, centre.b], [255, 59, 48], "red inside the circle")
        let corner = p.color(atX: cx - 46, y: cy - 46)
        XCTAssertEqual([corner.r, corner.g, corner.b], [255, 255, 255], "white outside the circle, inside the frame")
        assertGolden(p, named: "mask-circle", suite: "views")
    }

    /// blur spreads ink past the view's edge; saturation(0) and grayscale(1) make grey.
    func testBlurAndColourAdjustments() throws {
        let r = try render(
            VStack(spacing: 10) {
                Color.blue.frame(width: 60, height: 30).blur(radius: 8)
                HStack(spacing: 10) {
                    Color.red.frame(width: 30, height: 30).saturation(0)
                    Color.green.frame(width: 30, height: 30).grayscale(1)
                    Color.orange.frame(width: 30, height: 30).brightness(0.2)
                }
            })
        let p = r.pixmap
        let blue = try XCTUnwrap(fills(r, .blue).first)
        // 3 pt outside the blurred rectangle there is some blue; without blur there would be none.
        let outside = p.color(atX: Int(blue.minX) - 3, y: Int(blue.midY))
        XCTAssertLessThan(outside.r, 250, "blur reaches past the edge: \(outside)")
        let row = r.content.ops.compactMap { op -> Rect? in
            if case .fill(_, _, let b) = op.kind, b.width == 30 { return b }
            return nil
        }
        XCTAssertEqual(row.count, 3)
        for cell in row.prefix(2) {
            let c = p.color(atX: Int(cell.midX), y: Int(cell.midY))
            XCTAssertEqual(c.r, c.g, "grey: \(c)")
            XCTAssertEqual(c.g, c.b, "grey: \(c)")
        }
        assertGolden(p, named: "blur-saturation", suite: "views")
    }

    /// position(x:y:) takes the space offered and centres its content at the point.
    func testPositionCentresContentAtThePoint() throws {
        let r = try render(
            Color.red.frame(width: 20, height: 10).position(x: 30, y: 40).frame(width: 120, height: 100)
        )
        let cell = try XCTUnwrap(fills(r, .red).first)
        let frame = r.pointSize
        // The 120×100 frame is centred in the widget; the point is in its coordinates.
        assertClose(cell.midX, (frame.width - 120) / 2 + 30, "x")
        assertClose(cell.midY, (frame.height - 100) / 2 + 40, "y")
    }

    // MARK: Gauges

    /// A circular accessory gauge is a 58-pt ring (5.67-pt stroke) centred in its frame; the
    /// current value label sits in the centre and the bounds labels in the opening at the bottom
    /// (SwiftUI's documentation for accessoryCircular; the size measured on iOS 26).
    func testCircularGaugeLabelsAndSize() throws {
        let r = try render(
            Gauge(value: 72, in: 40...170) {
                Text("BPM")
            } currentValueLabel: {
                Text("72")
            } minimumValueLabel: {
                Text("40")
            } maximumValueLabel: {
                Text("170")
            }
            .gaugeStyle(.accessoryCircular),
            family: .accessoryCircular, appearance: .lockScreen, scale: 3)
        let t = texts(r)
        XCTAssertEqual(t.map(\.text), ["72", "40", "170"], "no label when bounds labels are given")
        let frame = r.pointSize
        XCTAssertEqual(t[0].bounds.midX, frame.width / 2, accuracy: 1)
        XCTAssertEqual(t[0].bounds.midY, frame.height / 2, accuracy: 2)
        XCTAssertLessThan(t[1].bounds.midX, frame.width / 2)
        XCTAssertGreaterThan(t[2].bounds.midX, frame.width / 2)
        XCTAssertGreaterThan(t[1].bounds.minY, frame.height / 2, "bounds labels sit in the bottom opening")
        assertGolden(r.pixmap, named: "gauge-circular-labels", suite: "views")
    }

    /// In a larger frame the ring stays 58 pt across (its ink on the middle row of a small widget).
    func testCircularGaugeKeepsItsSizeInALargerFrame() throws {
        let r = try render(Gauge(value: 0.5) { EmptyView() }.gaugeStyle(.accessoryCircular).tint(.blue))
        let p = r.pixmap
        let y = p.height / 2
        let ink = (0..<p.width).filter { x in
            let c = p.color(atX: x, y: y)
            return c.r < 250 || c.g < 250 || c.b < 250
        }
        let first = try XCTUnwrap(ink.first)
        let last = try XCTUnwrap(ink.last)
        XCTAssertEqual(Double(last - first + 1), 58, accuracy: 1.5, "ring width in px at 1x")
    }

    /// Without bounds labels the label takes the bottom opening.
    func testCircularGaugeLabelInTheOpening() throws {
        let r = try render(
            Gauge(value: 0.4) {
                Text("°C")
            } currentValueLabel: {
                Text("23")
            }.gaugeStyle(.accessoryCircular),
            family: .accessoryCircular, appearance: .lockScreen, scale: 3)
        let t = texts(r)
        XCTAssertEqual(t.map(\.text), ["23", "°C"])
        XCTAssertGreaterThan(t[1].bounds.minY, t[0].bounds.maxY)
    }

    // MARK: Text decoration and container-relative frames

    /// strikethrough draws a line across each text line, in the text's colour unless given one.
    func testStrikethroughCrossesTheText() throws {
        let r = try render(Text("Taken").font(.system(size: 20)).strikethrough(true, color: .red))
        let text = try XCTUnwrap(texts(r).first)
        let line = try XCTUnwrap(fills(r, .red).first)
        XCTAssertEqual(line.width, text.bounds.width, accuracy: 1)
        XCTAssertGreaterThan(line.midY, text.bounds.minY)
        XCTAssertLessThan(line.midY, text.bounds.maxY)
    }

    /// containerRelativeFrame(.horizontal, count: 2, spacing: 10): half the content area less half
    /// the gap (the small widget's 164.33-pt frame less its 16-pt margins on each side).
    func testContainerRelativeFrameSharesTheContentArea() throws {
        let r = try render(Color.red.containerRelativeFrame(.horizontal, count: 2, spacing: 10).frame(height: 20))
        let cell = try XCTUnwrap(fills(r, .red).first)
        assertClose(cell.width, ((r.pointSize.width - 32) - 10) / 2, "half of the content width less half the gap")
    }
}
