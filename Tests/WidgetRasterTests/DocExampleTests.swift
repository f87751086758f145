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
}
