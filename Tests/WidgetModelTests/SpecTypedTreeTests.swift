import Foundation
import XCTest

@testable import WidgetModel

/// The typed spec tree: literals are parsed and range-checked once when the spec is decoded;
/// templates are parsed by the same parser when an entry fills them; the resolved tree carries
/// enums, never strings.
final class SpecTypedTreeTests: XCTestCase {
    func spec(_ body: String, data: String = "{}") throws -> WidgetSpec {
        let json = #"{"kind": "A", "timeline": {"entries": [{"date": "2026-11-29T17:41:00Z", "data": \#(data)}]}, "body": \#(body)}"#
        return try WidgetSpec.decode(Array(json.utf8), file: "t.widget.json")
    }

    func resolve(_ body: String, data: String = "{}", family: WidgetFamily = .systemSmall) throws -> ResolvedWidget {
        let s = try spec(body, data: data)
        let resolver = SpecResolver(spec: s) { _ in throw SpecError(file: "t", path: "", message: "no images") }
        return try resolver.resolve(
            entryIndex: 0, environment: WidgetEnvironment(family: family, appearance: .light, size: Size(100, 100), displayScale: 2))
    }

    /// The error thrown by `body`, whether at decode or at resolve time.
    func error(_ body: String, data: String = "{}", file: StaticString = #filePath, line: UInt = #line) -> SpecError? {
        do { _ = try resolve(body, data: data) } catch let e as SpecError { return e } catch { XCTFail("\(error)", file: file, line: line) }
        XCTFail("no error", file: file, line: line)
        return nil
    }

    func shape(_ modifiers: String, data: String = "{}") throws -> (ShapePaint, [LayoutModifier]) {
        let w = try resolve(#"{"type": "Circle", "modifiers": [\#(modifiers)]}"#, data: data)
        guard case .shape(_, let paint) = w.content.kind else {
            XCTFail("not a shape")
            throw SpecError(file: "", path: "", message: "")
        }
        return (paint, w.content.modifiers)
    }

    func testLiteralEnumsAreCheckedWhenDecodedAndTemplatesWhenResolved() throws {
        // A literal typo fails at decode time (no entry in the message) ...
        XCTAssertThrowsError(try spec(#"{"type": "Circle", "modifiers": [{"stroke": {"lineCap": "rond"}}]}"#)) { e in
            let s = "\(e)"
            XCTAssertTrue(s.contains("/body/modifiers/0/stroke/lineCap: unknown line cap \"rond\" (did you mean \"round\"?)"), s)
            XCTAssertFalse(s.contains("entry"), s)
        }
        // ... the same typo from an entry fails with the same words, naming the entry.
        let e = error(#"{"type": "Circle", "modifiers": [{"stroke": {"lineCap": "{{cap}}"}}]}"#, data: #"{"cap": "rond"}"#)
        XCTAssertEqual(e?.path, "/body/modifiers/0/stroke/lineCap")
        XCTAssertTrue(e?.message.hasPrefix("entry 0: unknown line cap \"rond\"") ?? false, "\(String(describing: e))")
        // And a good template gives the enum.
        let (paint, _) = try shape(#"{"stroke": {"lineCap": "{{cap}}", "lineJoin": "bevel", "lineWidth": 3}}"#, data: #"{"cap": "round"}"#)
        XCTAssertEqual(paint.stroke?.stroke.lineCap, .round)
        XCTAssertEqual(paint.stroke?.stroke.lineJoin, .bevel)
        XCTAssertEqual(paint.stroke?.stroke.lineWidth, 3)
    }

    func testGlassVariantIsValidated() throws {
        // A typo used to render regular glass silently.
        XCTAssertThrowsError(try spec(#"{"type": "Text", "text": "a", "modifiers": [{"glassEffect": {"variant": "claer"}}]}"#)) { e in
            XCTAssertTrue("\(e)".contains("unknown glass variant \"claer\" (did you mean \"clear\"?)"), "\(e)")
        }
        let w = try resolve(#"{"type": "Text", "text": "a", "modifiers": [{"glassEffect": "clear"}]}"#)
        guard case .glassEffect(let variant, _, _)? = w.content.modifiers.first else { return XCTFail("no glass") }
        XCTAssertEqual(variant, .clear)
    }

    func testGaugeStyleIsAnEnum() throws {
        let w = try resolve(#"{"type": "Gauge", "value": 0.5, "style": "accessoryCircularCapacity"}"#)
        guard case .gauge(let g) = w.content.kind else { return XCTFail("not a gauge") }
        XCTAssertEqual(g.style, .accessoryCircularCapacity)
        XCTAssertTrue(g.style.isCircular && g.style.isCapacityRing)
        XCTAssertThrowsError(try spec(#"{"type": "Gauge", "value": 0.5, "style": "circle"}"#)) { e in
            XCTAssertTrue("\(e)".contains("unknown gauge style \"circle\""), "\(e)")
        }
        let p = try resolve(#"{"type": "ProgressView", "value": 2, "total": 4}"#)
        guard case .progress(let pv) = p.content.kind else { return XCTFail("not a progress view") }
        XCTAssertEqual(pv.style, .linear)
        XCTAssertEqual(pv.fraction, 0.5)
    }

    func testImageContentModeIsRead() throws {
        // SwiftUI: Image(…).resizable().aspectRatio(contentMode: .fill), innermost on the image.
        let w = try resolve(
            #"{"type": "Image", "systemName": "star", "resizable": true, "contentMode": "fill", "modifiers": [{"padding": 4}]}"#)
        guard case .aspectRatio(nil, let mode)? = w.content.modifiers.first else { return XCTFail("\(w.content.modifiers)") }
        XCTAssertEqual(mode, .fill)
        guard case .padding? = w.content.modifiers.last else { return XCTFail("padding should wrap the image") }
        XCTAssertThrowsError(try spec(#"{"type": "Image", "systemName": "star", "contentMode": "stretch"}"#))
    }

    func testAspectRatioContentModeIsAnEnum() throws {
        let w = try resolve(
            #"{"type": "Color", "color": "red", "modifiers": [{"aspectRatio": {"ratio": 2, "contentMode": "fill"}}, {"aspectRatio": 1}]}"#)
        guard case .aspectRatio(2, .fill)? = w.content.modifiers.first, case .aspectRatio(1, .fit)? = w.content.modifiers.last else {
            return XCTFail("\(w.content.modifiers)")
        }
    }

    /// Numbers from outside are range-checked before use (these trapped or ran for minutes).
    func testHugeNumbersAreRejectedWithThePlace() {
        let cases: [(String, String, String)] = [
            (#"{"type": "Text", "text": "a", "modifiers": [{"frame": {"width": 1e308}}]}"#, "/body/modifiers/0/frame/width", "width 1"),
            (#"{"type": "Text", "text": "a", "modifiers": [{"lineLimit": 1e19}]}"#, "/body/modifiers/0/lineLimit", "line limit"),
            (
                #"{"type": "Text", "text": "a", "modifiers": [{"shadow": {"radius": 1e9}}]}"#, "/body/modifiers/0/shadow/radius",
                "shadow radius"
            ),
            (#"{"type": "Text", "text": "a", "modifiers": [{"shadow": {"x": 1e19}}]}"#, "/body/modifiers/0/shadow/x", "out of range"),
            (#"{"type": "Text", "text": "a", "modifiers": [{"padding": -1e12}]}"#, "/body/modifiers/0/padding", "out of range"),
        ]
        for (body, path, text) in cases {
            XCTAssertThrowsError(try spec(body), body) { e in
                guard let e = e as? SpecError else { return XCTFail("\(e)") }
                XCTAssertEqual(e.path, path, body)
                XCTAssertTrue(e.message.contains(text), "\(e)")
            }
        }
        // Through a placeholder, the same check at resolve time.
        let e = error(#"{"type": "Text", "text": "a", "modifiers": [{"lineLimit": "{{n}}"}]}"#, data: #"{"n": 1e19}"#)
        XCTAssertTrue(e?.message.contains("entry 0: line limit") ?? false, "\(String(describing: e))")
    }

    func testNestedForEachHasABudget() {
        let items = "[" + Array(repeating: "0", count: 100).joined(separator: ",") + "]"
        let body =
            #"{"type": "ForEach", "in": "a", "content": {"type": "ForEach", "in": "a", "content": {"type": "ForEach", "in": "a", "content": {"type": "Text", "text": "x"}}}}"#
        let e = error(body, data: #"{"a": \#(items)}"#)
        XCTAssertTrue(e?.message.contains("more than 20000 views") ?? false, "\(String(describing: e))")
    }

    func testRepeatedLargePlaceholderHasABudget() {
        let big = String(repeating: "x", count: 100_000)
        let template = String(repeating: "{{s}}", count: 200)
        let e = error(#"{"type": "Text", "text": "\#(template)"}"#, data: #"{"s": "\#(big)"}"#)
        XCTAssertTrue(e?.message.contains("over 1000000 bytes") ?? false, "\(String(describing: e))")
    }

    func testPlaceholderSyntaxIsCheckedWhenDecoded() {
        XCTAssertThrowsError(try spec(#"{"type": "Text", "text": "{{temp|nubmer}}"}"#)) { e in
            XCTAssertTrue("\(e)".contains("unknown format \"nubmer\" (did you mean \"number\"?)"), "\(e)")
        }
        XCTAssertThrowsError(try spec(#"{"type": "Text", "text": "{{}}"}"#)) { e in
            XCTAssertTrue("\(e)".contains("empty placeholder"), "\(e)")
        }
        XCTAssertThrowsError(try spec(#"{"type": "Text", "text": "{{temp"}"#)) { e in
            XCTAssertTrue("\(e)".contains("unclosed placeholder"), "\(e)")
        }
    }

    func testModifiersThatNeedAShapeOrImageFailWhenDecoded() {
        XCTAssertThrowsError(try spec(#"{"type": "Text", "text": "a", "modifiers": [{"fill": "red"}]}"#)) { e in
            XCTAssertTrue("\(e)".contains("fill applies to shapes (Rectangle, Circle, …), not Text"), "\(e)")
        }
        XCTAssertThrowsError(try spec(#"{"type": "Text", "text": "a", "modifiers": [{"resizable": true}]}"#)) { e in
            XCTAssertTrue("\(e)".contains("resizable applies to Image, not Text"), "\(e)")
        }
    }

    func testTheTreeRecordsTheTemplatesEachNodeReads() throws {
        let s = try spec(
            #"{"type": "VStack", "children": [{"type": "Text", "text": "{{a}} {{b|upper}}", "modifiers": [{"opacity": "{{o}}"}]}, {"type": "ForEach", "in": "items", "content": {"type": "Text", "text": "{{item.n}}"}}]}"#
        )
        guard case .vstack(_, _, let children) = s.body.view else { return XCTFail() }
        XCTAssertEqual(children[0].templates.map(\.template), ["{{a}} {{b|upper}}", "{{o}}"])
        XCTAssertEqual(children[1].templates.map(\.template), ["{{items}}"])
        XCTAssertEqual(children[1].children.first?.via, .forEachContent)
    }
}
