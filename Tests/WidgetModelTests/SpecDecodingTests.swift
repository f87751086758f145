import Foundation
import XCTest

@testable import WidgetModel

/// One test per kind of decoding error: the message, the JSON path and the position are checked.
final class SpecDecodingTests: XCTestCase {
    func decode(_ json: String) throws -> WidgetSpec {
        try WidgetSpec.decode(Array(json.utf8), file: "test.widget.json")
    }

    func expectError(_ json: String, path: String, contains text: String, line: Int? = nil, file: StaticString = #filePath, l: UInt = #line)
    {
        XCTAssertThrowsError(try decode(json), file: file, line: l) { error in
            guard let e = error as? SpecError else { return XCTFail("\(error)", file: file, line: l) }
            XCTAssertEqual(e.path, path, "\(e)", file: file, line: l)
            XCTAssertTrue(e.description.contains(text), "“\(e)” should contain “\(text)”", file: file, line: l)
            XCTAssertTrue(e.description.hasPrefix("test.widget.json"), file: file, line: l)
            if let line { XCTAssertEqual(e.line, line, file: file, line: l) }
        }
    }

    let body = #"{"type": "Text", "text": "hi"}"#

    func testInvalidJSONGivesLineAndColumn() {
        expectError(
            "{\n  \"kind\": \"A\",\n  \"body\": {,}\n}", path: "", contains: "3:12: invalid JSON: expected a quoted key", line: 3)
        expectError("{\"kind\": \"A\"", path: "", contains: "unexpected end of file")
        expectError("", path: "", contains: "expected a value")
    }

    func testUnknownTopLevelKeySuggestsTheRightOne() {
        expectError(
            #"{"kind": "A", "supportedFamily": ["systemSmall"], "body": \#(body)}"#, path: "/supportedFamily",
            contains: "unknown key \"supportedFamily\" (did you mean \"supportedFamilies\"?)")
    }

    func testMissingKindAndBody() {
        expectError(#"{"body": \#(body)}"#, path: "", contains: "missing \"kind\"")
        expectError(#"{"kind": "A"}"#, path: "", contains: "missing \"body\"")
    }

    func testUnknownFamily() {
        expectError(
            #"{"kind": "A", "supportedFamilies": ["systemSmal"], "body": \#(body)}"#, path: "/supportedFamilies/0",
            contains: "unknown family \"systemSmal\" (did you mean \"systemSmall\"?)")
    }

    func testUnknownNodeTypeDeepInside() {
        let json =
            #"{"kind": "A", "body": {"type": "VStack", "children": [{"type": "Text", "text": "a"}, {"type": "Switch", "on": "family", "cases": {"default": {"type": "Foreach", "in": "x"}}}]}}"#
        expectError(
            json, path: "/body/children/1/cases/default/type", contains: "unknown node type \"Foreach\" (did you mean \"ForEach\"?)")
    }

    func testUnknownModifierAndNodeKey() {
        expectError(
            #"{"kind": "A", "body": {"type": "Text", "text": "a", "modifiers": [{"paddin": 8}]}}"#, path: "/body/modifiers/0",
            contains: "unknown modifier \"paddin\" (did you mean \"padding\"?)")
        expectError(
            #"{"kind": "A", "body": {"type": "VStack", "spacng": 4}}"#, path: "/body/spacng",
            contains: "VStack has no \"spacng\" (did you mean \"spacing\"?)")
        expectError(
            #"{"kind": "A", "body": {"type": "Text", "text": "a", "modifiers": [{"padding": 8, "font": "body"}]}}"#,
            path: "/body/modifiers/0", contains: "a modifier is an object with one key")
    }

    func testBadLiteralValues() {
        expectError(
            #"{"kind": "A", "body": {"type": "Text", "text": "a", "modifiers": [{"font": "headlin"}]}}"#, path: "/body/modifiers/0/font",
            contains: "unknown text style \"headlin\" (did you mean \"headline\"?)")
        expectError(
            #"{"kind": "A", "body": {"type": "Image"}}"#, path: "/body", contains: "exactly one of \"systemName\", \"asset\" or \"file\"")
        expectError(
            #"{"kind": "A", "body": {"type": "Switch", "on": "famly", "cases": {}}}"#, path: "/body/on",
            contains: "(did you mean \"family\"?)")
    }

    func testTimelineErrors() {
        expectError(
            #"{"kind": "A", "timeline": {"entries": [{"date": "yesterday"}]}, "body": \#(body)}"#, path: "/timeline/entries/0/date",
            contains: "expected an ISO 8601 date")
        expectError(
            #"{"kind": "A", "timeline": {"entries": []}, "body": \#(body)}"#, path: "/timeline/entries", contains: "non-empty array")
        expectError(
            #"{"kind": "A", "timeline": {"policy": "atEnds", "entries": [{"date": "2026-01-01T00:00:00Z"}]}, "body": \#(body)}"#,
            path: "/timeline/policy", contains: "(did you mean \"atEnd\"?)")
    }

    func testLimits() {
        var limits = SpecLimits()
        limits.maxDepth = 3
        let deep =
            #"{"kind": "A", "body": {"type": "VStack", "children": [{"type": "VStack", "children": [{"type": "VStack", "children": [{"type": "VStack", "children": [{"type": "Text", "text": "x"}]}]}]}]}}"#
        XCTAssertThrowsError(try WidgetSpec.decode(Array(deep.utf8), file: "t", limits: limits)) {
            XCTAssertTrue("\($0)".contains("nested deeper than 3"))
        }
        limits = SpecLimits()
        limits.maxFileBytes = 10
        XCTAssertThrowsError(try WidgetSpec.decode(Array(deep.utf8), file: "t", limits: limits)) {
            XCTAssertTrue("\($0)".contains("over the limit of 10"))
        }
    }

    func testAValidSpecDecodes() throws {
        let spec = try decode(
            #"{"kind": "A", "displayName": "A widget", "supportedFamilies": ["systemSmall", "accessoryInline"], "containerBackgroundRemovable": false, "timeline": {"policy": "never", "entries": [{"date": "2026-11-29T09:00:00Z", "relevance": 0.5, "data": {"x": 1}}]}, "body": \#(body)}"#
        )
        XCTAssertEqual(spec.kind, "A")
        XCTAssertEqual(spec.displayName, "A widget")
        XCTAssertEqual(spec.supportedFamilies, [.systemSmall, .accessoryInline])
        XCTAssertFalse(spec.containerBackgroundRemovable)
        XCTAssertEqual(spec.timeline.policy, .never)
        XCTAssertEqual(spec.timeline.entries[0].relevance, 0.5)
    }
}

/// Resolution errors name the entry and the path; placeholders fill with formats.
final class SpecResolutionTests: XCTestCase {
    func resolve(
        _ body: String, data: String = #"{"city": "Cupertino", "temp": 72.5, "items": [{"n": 1}, {"n": 2}], "ok": true}"#,
        family: WidgetFamily = .systemSmall, appearance: Appearance = .light
    ) throws -> ResolvedWidget {
        let json = #"{"kind": "A", "timeline": {"entries": [{"date": "2026-11-29T17:41:00Z", "data": \#(data)}]}, "body": \#(body)}"#
        let spec = try WidgetSpec.decode(Array(json.utf8), file: "r.widget.json")
        let resolver = SpecResolver(spec: spec) { _ in throw SpecError(file: "r", path: "", message: "no images") }
        return try resolver.resolve(
            entryIndex: 0, environment: WidgetEnvironment(family: family, appearance: appearance, size: Size(100, 100), displayScale: 3))
    }

    func text(_ w: ResolvedWidget) -> String? {
        if case .text(let s, _) = w.content.kind { return s }
        return nil
    }

    func testPlaceholdersAndFormats() throws {
        XCTAssertEqual(
            text(try resolve(#"{"type": "Text", "text": "{{city|upper}} {{temp|number:1}}° {{temp|round}} {{ok}}"}"#)),
            "CUPERTINO 72.5° 73 true")
        XCTAssertEqual(text(try resolve(#"{"type": "Text", "text": "{{items.1.n}}"}"#)), "2")
        XCTAssertEqual(text(try resolve(#"{"type": "Text", "text": "{{temp}}"}"#)), "72.5")
    }

    func testMissingKeyNamesEntryAndPath() {
        XCTAssertThrowsError(try resolve(#"{"type": "VStack", "children": [{"type": "Text", "text": "{{cty}}"}]}"#)) { error in
            let e = error as! SpecError
            XCTAssertEqual(e.path, "/body/children/0/text")
            XCTAssertTrue(e.description.contains("entry 0: no value for {{cty}} (did you mean \"city\"?)"), "\(e)")
        }
    }

    func testPlaceholderOfTheWrongType() {
        XCTAssertThrowsError(try resolve(#"{"type": "Rectangle", "modifiers": [{"frame": {"height": "{{city}}"}}]}"#)) { error in
            XCTAssertEqual((error as! SpecError).path, "/body/modifiers/0/frame/height")
            XCTAssertTrue("\(error)".contains("expected a number"), "\(error)")
        }
    }

    func testUnknownColourAndFormat() {
        XCTAssertThrowsError(try resolve(#"{"type": "Color", "color": "bleu"}"#)) {
            XCTAssertTrue("\($0)".contains("(did you mean \"blue\"?)"), "\($0)")
        }
        XCTAssertThrowsError(try resolve(#"{"type": "Text", "text": "{{temp|numbr}}"}"#)) {
            XCTAssertTrue("\($0)".contains("unknown format \"numbr\""), "\($0)")
        }
    }

    func testControlFlowAndEnvironment() throws {
        let body =
            #"{"type": "If", "condition": {"family": ["systemMedium", "systemLarge"]}, "then": {"type": "Text", "text": "wide"}, "else": {"type": "Text", "text": "small"}}"#
        XCTAssertEqual(text(try resolve(body)), "small")
        XCTAssertEqual(text(try resolve(body, family: .systemLarge)), "wide")
        let mode =
            #"{"type": "Switch", "on": "renderingMode", "cases": {"accented": {"type": "Text", "text": "A"}}, "default": {"type": "Text", "text": "F"}}"#
        XCTAssertEqual(text(try resolve(mode)), "F")
        XCTAssertEqual(text(try resolve(mode, appearance: .tintedDark)), "A")
        let forEach = try resolve(
            #"{"type": "HStack", "children": [{"type": "ForEach", "in": "items", "content": {"type": "Text", "text": "{{index}}:{{item.n}}"}}]}"#
        )
        guard case .hstack(_, _, let children) = forEach.content.kind else { return XCTFail() }
        XCTAssertEqual(
            children.compactMap {
                if case .text(let s, _) = $0.kind { return s }
                return nil
            }, ["0:1", "1:2"])
        XCTAssertThrowsError(try resolve(#"{"type": "ForEach", "in": "city", "content": {"type": "Text", "text": "x"}}"#)) {
            XCTAssertTrue("\($0)".contains("expected an array"), "\($0)")
        }
    }

    func testColoursResolvePerSchemeAndHierarchicalStylesFollowTheForeground() throws {
        let light = try resolve(#"{"type": "Text", "text": "a", "modifiers": [{"foregroundStyle": "blue"}]}"#)
        let dark = try resolve(#"{"type": "Text", "text": "a", "modifiers": [{"foregroundStyle": "blue"}]}"#, appearance: .dark)
        guard case .text(_, let la) = light.content.kind, case .text(_, let da) = dark.content.kind else { return XCTFail() }
        XCTAssertEqual(la.style, .color(RGBA(hex: "#007AFF")!))
        XCTAssertEqual(da.style, .color(RGBA(hex: "#0A84FF")!))
        // .secondary under a white foreground is white at 60%, not the system grey.
        let nested = try resolve(
            #"{"type": "VStack", "children": [{"type": "Text", "text": "a", "modifiers": [{"foregroundStyle": "secondary"}]}], "modifiers": [{"foregroundStyle": "white"}]}"#
        )
        guard case .vstack(_, _, let c) = nested.content.kind, case .text(_, let attrs) = c[0].kind else { return XCTFail() }
        XCTAssertEqual(attrs.style, .color(RGBA(white: 1, alpha: 0.6)))
    }

    func testModifierOrderDecidesWhatInherits() throws {
        // font after background reaches the background's content; before it, it does not.
        let after = try resolve(
            #"{"type": "Text", "text": "a", "modifiers": [{"background": {"type": "Text", "text": "b"}}, {"font": "title"}]}"#)
        let before = try resolve(
            #"{"type": "Text", "text": "a", "modifiers": [{"font": "title"}, {"background": {"type": "Text", "text": "b"}}]}"#)
        func backgroundFont(_ w: ResolvedWidget) -> Double? {
            for m in w.content.modifiers { if case .background(let v, _) = m, case .text(_, let a) = v.kind { return a.font.size } }
            return nil
        }
        XCTAssertEqual(backgroundFont(after), 28)
        XCTAssertEqual(backgroundFont(before), 17)
    }

    func testAccentableInheritsDownAndContainerBackgroundIsExtracted() throws {
        let w = try resolve(
            #"{"type": "VStack", "children": [{"type": "Text", "text": "a"}], "modifiers": [{"widgetAccentable": true}, {"containerBackground": "red"}]}"#
        )
        guard case .vstack(_, _, let c) = w.content.kind else { return XCTFail() }
        XCTAssertTrue(c[0].accentable)
        guard case .fill(.color(let bg))? = w.containerBackground?.kind else { return XCTFail("no container background") }
        XCTAssertEqual(bg, RGBA(hex: "#FF3B30")!)
    }

    func testDateTexts() throws {
        XCTAssertEqual(text(try resolve(#"{"type": "Text", "date": "now", "style": "time"}"#)), "5:41\u{202F}PM")
        XCTAssertEqual(text(try resolve(#"{"type": "Text", "date": "2026-11-29T18:00:00Z", "style": "relative"}"#)), "19 minutes")
    }

    func testSVGPathData() throws {
        let p = try Path(svgPathData: "M0 0 L10 0 l0 10 H0 Z m 20 20 c 5 0 10 5 10 10 s 5 10 10 10 Q 50 50 60 40 T 80 40 A 5 5 0 0 1 90 40")
        XCTAssertEqual(p.controlBounds.minX, 0)
        XCTAssertGreaterThan(p.elements.count, 8)
        XCTAssertThrowsError(try Path(svgPathData: "M 0 0 X 5")) { XCTAssertTrue("\($0)".contains("character")) }
        XCTAssertThrowsError(try Path(svgPathData: "L 0")) { XCTAssertTrue("\($0)".contains("expected a number")) }
    }
}
