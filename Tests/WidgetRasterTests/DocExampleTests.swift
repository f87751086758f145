// The examples in the docs are real: docs/SPEC.md's first JSON example decodes and renders.
import Foundation
import WidgetModel
import WidgetRaster
import XCTest

final class DocExampleTests: XCTestCase {
    func testSpecReferenceExampleRenders() throws {
        let doc = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/SPEC.md")
        let text = try String(contentsOf: doc, encoding: .utf8)
        let start = try XCTUnwrap(text.range(of: "```json\n{\n  \"kind\""))
        let end = try XCTUnwrap(text.range(of: "\n```", range: start.upperBound..<text.endIndex))
        let json = String(text[text.index(start.lowerBound, offsetBy: 8)..<end.lowerBound])
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("spec-example-\(getpid()).widget.json")
        defer { try? FileManager.default.removeItem(at: file) }
        try json.write(to: file, atomically: true, encoding: .utf8)
        let spec = try WidgetSpec.load(contentsOf: file)
        XCTAssertEqual(spec.kind, "TodoWidget")
        let rendered = try SpecRenderer(spec: spec, scale: 1).render(Variant(entry: 0, family: .systemSmall, appearance: .light))
        let texts = rendered.content.ops.compactMap { op -> String? in
            if case .text(let layout, _, _, _) = op.kind { return layout.lines.map(\.text).joined() }
            return nil
        }
        XCTAssertEqual(texts, ["TODAY", "Buy milk", "Call Sam"])
    }

    /// docs/SPEC.md cannot drift from the decoder: every node type with each of its keys, every
    /// modifier, every placeholder format and every top-level key is in it.
    func testSpecReferenceCoversTheDecodersTables() throws {
        let doc = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/SPEC.md")
        let text = try String(contentsOf: doc, encoding: .utf8)
        let rows = text.components(separatedBy: "\n").filter { $0.hasPrefix("| ") }
        for (type, keys) in SpecSchema.nodeKeys {
            let row = try XCTUnwrap(
                rows.first { $0.hasPrefix("| ") && $0.components(separatedBy: "|")[1].contains("`\(type)`") }, "no row for \(type)")
            for key in keys { XCTAssertTrue(row.contains("`\(key)`"), "\(type): key \(key) is not documented") }
        }
        for modifier in SpecSchema.modifiers {
            XCTAssertTrue(
                rows.contains { $0.components(separatedBy: "|")[1].contains("`\(modifier)`") }, "modifier \(modifier) is not documented")
        }
        for format in Placeholders.formats { XCTAssertTrue(text.contains("`\(format)"), "format \(format) is not documented") }
        for key in SpecSchema.topLevelKeys { XCTAssertTrue(text.contains("`\(key)`"), "top-level key \(key) is not documented") }
    }

    /// `widgetctl schema` is JSON, names every node type and modifier, and closes each node type's keys.
    func testJSONSchemaComesFromTheDecodersTables() throws {
        let schema = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(SpecSchema.jsonSchema().utf8)) as? [String: Any])
        let defs = try XCTUnwrap(schema["$defs"] as? [String: Any])
        let view = try XCTUnwrap(defs["view"] as? [String: Any])
        let types = try XCTUnwrap((view["properties"] as? [String: Any])?["type"] as? [String: Any])
        XCTAssertEqual(types["enum"] as? [String], SpecSchema.nodeTypes)
        XCTAssertEqual((view["allOf"] as? [Any])?.count, SpecSchema.nodeKeys.count)
        let items = (defs["modifiers"] as? [String: Any])?["items"] as? [String: Any]
        XCTAssertEqual((items?["propertyNames"] as? [String: Any])?["enum"] as? [String], SpecSchema.modifiers)
    }
}
