import Foundation
import WidgetModel
import WidgetTooling
import XCTest

@testable import RasterCore
@testable import WidgetLayout
@testable import WidgetRaster

/// Every rule: a spec that triggers it, and a near miss that does not.
final class CheckTests: XCTestCase {
    /// A systemSmall widget with `body`; `extra` adds top-level keys.
    func spec(_ body: String, extra: String = "", families: String = #"["systemSmall"]"#) throws -> WidgetSpec {
        let json = #"{"kind": "Fixture", "supportedFamilies": \#(families), \#(extra) "body": \#(body)}"#
        return try WidgetSpec.decode(Array(json.utf8), file: "fixture.widget.json")
    }

    /// Checks at 1x; the legibility rule (many renders) only where a test asks for it, over the
    /// busy wallpaper alone.
    static func options(legibility: Bool = false) -> CheckOptions {
        var o = CheckOptions()
        o.scale = 1
        if legibility { o.wallpapers = [("busy", Wallpaper.generate(.busy, width: 402, height: 874))] } else { o.disabled = ["WR004"] }
        return o
    }
    let checker = Checker(options: CheckTests.options())

    /// Tasks run largest family first, but the report keeps the task order: the same findings,
    /// in the same order, for any number of jobs.
    func testReportIsTheSameForAnyNumberOfJobs() throws {
        // Faint text in three families, two entries: findings from many tasks.
        let spec = try spec(
            #"{"type": "Text", "text": "small print {{n}}", "modifiers": [{"font": {"size": 10, "weight": "ultraLight"}}, \#(bg)]}"#,
            extra:
                #""timeline": {"entries": [{"date": "2026-01-01T00:00:00Z", "data": {"n": 1}}, {"date": "2026-01-02T00:00:00Z", "data": {"n": 2}}]},"#,
            families: #"["systemSmall", "systemMedium", "systemLarge"]"#)
        var reports: [[String]] = []
        for jobs in [1, 3] {
            var o = CheckTests.options(legibility: true)
            o.jobs = jobs
            reports.append(try Checker(options: o).check(spec).map { "\($0.rule) \($0.family.map(\.rawValue) ?? "") \($0.message)" })
        }
        XCTAssertGreaterThanOrEqual(Set(reports[0].map { $0.split(separator: " ")[1] }).count, 3, "findings in every family")
        XCTAssertEqual(reports[0], reports[1])
    }

    func rules(_ s: WidgetSpec, legibility: Bool = false) throws -> Set<String> {
        Set(try Checker(options: CheckTests.options(legibility: legibility)).check(s).map(\.rule))
    }

    let bg = #"{"containerBackground": "blue"}"#

    func testWR001MissingContainerBackground() throws {
        XCTAssertTrue(try rules(spec(#"{"type": "Text", "text": "a"}"#)).contains("WR001"))
        XCTAssertFalse(try rules(spec(#"{"type": "Text", "text": "a", "modifiers": [\#(bg)]}"#)).contains("WR001"))
    }

    func testWR002NotRemovable() throws {
        let body = #"{"type": "Text", "text": "a", "modifiers": [\#(bg)]}"#
        let fixed = try spec(body, extra: #""containerBackgroundRemovable": false,"#)
        let f = try checker.check(fixed).first { $0.rule == "WR002" }
        XCTAssertEqual(f?.severity, .warning)
        XCTAssertTrue(f?.message.contains("StandBy") ?? false)
        var strict = CheckTests.options()
        strict.requireRemovable = true
        XCTAssertEqual(try Checker(options: strict).check(fixed).first { $0.rule == "WR002" }?.severity, .error)
        XCTAssertFalse(try rules(spec(body)).contains("WR002"))
    }

    func testWR003BackgroundInsteadOfContainerBackground() throws {
        XCTAssertTrue(try rules(spec(#"{"type": "Text", "text": "a", "modifiers": [{"background": "blue"}, \#(bg)]}"#)).contains("WR003"))
        // A background on an inner element is fine.
        XCTAssertFalse(
            try rules(
                spec(
                    #"{"type": "VStack", "children": [{"type": "Text", "text": "a", "modifiers": [{"background": "blue"}]}], "modifiers": [\#(bg)]}"#
                )
            ).contains("WR003"))
    }

    /// WR004 reports what the widget does to its text's contrast, not the wallpaper's doing: plain
    /// primary text over the busy wallpaper (which no widget's white text survives in the Clear
    /// looks) is the near miss that must stay quiet; a faint face, a low opacity, or a fill left
    /// behind the text each fire (issue 17: 46 of 48 findings on the Samples were the wallpaper's).
    func testWR004LegibilityOverWallpapers() throws {
        func wr004(_ text: String, _ modifiers: String) throws -> Finding? {
            try Checker(options: CheckTests.options(legibility: true)).check(
                spec(#"{"type": "Text", "text": "\#(text)", "modifiers": [\#(modifiers)\#(modifiers.isEmpty ? "" : ", ")\#(bg)]}"#)
            ).first { $0.rule == "WR004" }
        }
        // The near misses: plain text, and the secondary style (about 40% of the system's contrast).
        XCTAssertNil(try wr004("plain words", #"{"font": "body"}"#))
        XCTAssertNil(try wr004("secondary words", #"{"font": "body"}, {"foregroundStyle": {"white": 1, "opacity": 0.6}}"#))
        // A faint face: 10 pt ultra-light.
        let faint = try XCTUnwrap(try wr004("small print", #"{"font": {"size": 10, "weight": "ultraLight"}}"#))
        XCTAssertNotNil(faint.appearance)
        XCTAssertEqual(faint.family, .systemSmall)
        XCTAssertTrue(faint.message.contains("small print") && faint.message.contains("needs 4.5:1"), faint.message)
        XCTAssertTrue(faint.message.contains("the system's own text reaches"), faint.message)
        XCTAssertTrue(faint.fix.contains("11 pt"), faint.fix)
        // A low opacity: a quarter.
        let dim = try XCTUnwrap(try wr004("dim words", #"{"font": "body"}, {"foregroundStyle": {"white": 1, "opacity": 0.25}}"#))
        XCTAssertTrue(dim.fix.contains("25%"), dim.fix)
        XCTAssertLessThan(try XCTUnwrap(dim.measure), 4.5)
        // A near-white fill left behind the text when the background goes.
        let onFill = try XCTUnwrap(
            try wr004(
                "on a pill",
                ##"{"font": "body"}, {"padding": 6}, {"background": {"type": "Capsule", "modifiers": [{"fill": "#F0F0F0E0"}]}}"##))
        XCTAssertTrue(onFill.fix.contains("behind this text"), onFill.fix)
        // Large, heavy, accentable text passes 3:1 over the dark wallpaper alone.
        var o = CheckTests.options(legibility: true)
        o.wallpapers = [("dark", Wallpaper.generate(.dark, width: 402, height: 874))]
        let strong = try spec(
            #"{"type": "Text", "text": "72°", "modifiers": [{"font": {"size": 48, "weight": "bold"}}, {"widgetAccentable": true}, \#(bg)]}"#
        )
        XCTAssertFalse(Set(try Checker(options: o).check(strong).map(\.rule)).contains("WR004"))
    }

    func testWR005TextOnSameGroupFill() throws {
        let pill =
            #"{"type": "Text", "text": "LIVE", "modifiers": [{"padding": 6}, {"background": {"type": "Capsule", "modifiers": [{"fill": "red"}]}}, \#(bg)]}"#
        XCTAssertTrue(try rules(spec(pill)).contains("WR005"))
        let translucent =
            ##"{"type": "Text", "text": "LIVE", "modifiers": [{"padding": 6}, {"background": {"type": "Capsule", "modifiers": [{"fill": "#FF000040"}]}}, \##(bg)]}"##
        XCTAssertFalse(try rules(spec(translucent)).contains("WR005"))
    }

    func testWR006WhiteSlab() throws {
        XCTAssertTrue(
            try rules(spec(#"{"type": "RoundedRectangle", "cornerRadius": 8, "modifiers": [{"fill": "orange"}, \#(bg)]}"#)).contains(
                "WR006"))
        XCTAssertFalse(
            try rules(
                spec(
                    #"{"type": "RoundedRectangle", "cornerRadius": 8, "modifiers": [{"fill": "orange"}, {"frame": {"width": 40, "height": 40}}, \#(bg)]}"#
                )
            ).contains("WR006"))
    }

    func testWR007AndWR009Images() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(PNGCodec.encode(RasterDemo.checkerboard(size: 64, cell: 8))).write(to: dir.appendingPathComponent("art.png"))
        func check(_ mods: String) throws -> Set<String> {
            let json =
                #"{"kind": "Img", "supportedFamilies": ["systemSmall"], "assets": {"art": "art.png"}, "body": {"type": "Image", "asset": "art", "modifiers": [{"resizable": true}, \#(mods) \#(bg)]}}"#
            try Data(json.utf8).write(to: dir.appendingPathComponent("img.widget.json"))
            return try rules(try WidgetSpec.load(contentsOf: dir.appendingPathComponent("img.widget.json")))
        }
        XCTAssertTrue(try check("").contains("WR007"))
        XCTAssertFalse(try check(#"{"widgetAccentedRenderingMode": "desaturated"},"#).contains("WR007"))
        XCTAssertTrue(try check(#"{"widgetAccentedRenderingMode": "fullColor"},"#).contains("WR009"))
        XCTAssertFalse(
            try check(#"{"widgetAccentedRenderingMode": "fullColor"}, {"frame": {"width": 50, "height": 50}},"#).contains("WR009"))
    }

    func testWR008AccentBalance() throws {
        XCTAssertTrue(try rules(spec(#"{"type": "Text", "text": "a", "modifiers": [\#(bg)]}"#)).contains("WR008"))
        XCTAssertTrue(
            try rules(spec(#"{"type": "Text", "text": "a", "modifiers": [{"widgetAccentable": true}, \#(bg)]}"#)).contains("WR008"))
        XCTAssertFalse(
            try rules(
                spec(
                    #"{"type": "VStack", "children": [{"type": "Text", "text": "72°", "modifiers": [{"widgetAccentable": true}]}, {"type": "Text", "text": "Sunny"}], "modifiers": [\#(bg)]}"#
                )
            ).contains("WR008"))
    }

    func testWR010ClippedByCorners() throws {
        let corner =
            #"{"type": "Text", "text": "corner", "modifiers": [{"frame": {"maxWidth": "infinity", "maxHeight": "infinity", "alignment": "topLeading"}}, \#(bg)]}"#
        XCTAssertTrue(try rules(spec(corner, extra: #""contentMarginsDisabled": true,"#)).contains("WR010"))
        XCTAssertFalse(try rules(spec(corner)).contains("WR010"), "inside the 16 pt margins the corners never cut")
    }

    /// A to-do list one row too long for systemSmall: its stack overflows the 138-pt content area,
    /// is centred (as SwiftUI centres an overflowing stack), and its first and last rows' ink
    /// crosses the 16-pt content margins (issue 17). The near miss: one row fewer fits.
    func testWR010InkCrossingTheContentMargins() throws {
        func todo(_ rows: Int, spacing: Int = 8) throws -> [Finding] {
            let items = (0..<rows).map { #"{"type": "Text", "text": "Milk \#($0)", "modifiers": [{"font": "body"}]}"# }
            let body =
                #"{"type": "VStack", "alignment": "leading", "spacing": \#(spacing), "children": [\#(items.joined(separator: ", "))], "modifiers": [\#(bg)]}"#
            return try checker.check(spec(body)).filter { $0.rule == "WR010" }
        }
        // 5 body lines at this package's 21-pt line height (issue 16: SwiftUI's is 22) and 4 gaps of 8 pt: 137 pt, fits.
        XCTAssertEqual(try todo(5), [])
        let over = try todo(6)
        XCTAssertFalse(over.isEmpty)
        XCTAssertTrue(over.allSatisfy { $0.message.contains("inside the 16-pt content margin") }, "\(over.map(\.message))")
        XCTAssertTrue(over.contains { $0.message.contains("top edge") } && over.contains { $0.message.contains("bottom edge") })
        XCTAssertTrue(over.contains { $0.path == "/body/children/0" }, "\(over.map(\.path))")
        // A negative padding pulls text into the margin too.
        let pulled =
            #"{"type": "Text", "text": "edge", "modifiers": [{"padding": -8}, {"frame": {"maxWidth": "infinity", "maxHeight": "infinity", "alignment": "topLeading"}}, \#(bg)]}"#
        XCTAssertTrue(try rules(spec(pulled)).contains("WR010"))
        // Margins disabled: the widget's own 12-pt padding is enough; 4 pt is not.
        func ownPadding(_ p: Int) throws -> Set<String> {
            let b =
                #"{"type": "Text", "text": "Title", "modifiers": [{"frame": {"maxWidth": "infinity", "maxHeight": "infinity", "alignment": "leading"}}, {"padding": \#(p)}, \#(bg)]}"#
            return try rules(spec(b, extra: #""contentMarginsDisabled": true,"#))
        }
        XCTAssertFalse(try ownPadding(12).contains("WR010"))
        XCTAssertTrue(try ownPadding(4).contains("WR010"))
    }

    func testWR011Truncation() throws {
        XCTAssertTrue(
            try rules(
                spec(
                    #"{"type": "Text", "text": "A very long headline that cannot possibly fit on one line", "modifiers": [{"lineLimit": 1}, \#(bg)]}"#
                )
            ).contains("WR011"))
        XCTAssertFalse(try rules(spec(#"{"type": "Text", "text": "Short", "modifiers": [{"lineLimit": 1}, \#(bg)]}"#)).contains("WR011"))
    }

    func testWR012Glass() throws {
        let mixed =
            #"{"type": "VStack", "children": [{"type": "Text", "text": "a", "modifiers": [{"glassEffect": {"variant": "regular"}}]}, {"type": "Text", "text": "b", "modifiers": [{"glassEffect": {"variant": "clear"}}]}], "modifiers": [\#(bg)]}"#
        let nested =
            #"{"type": "VStack", "children": [{"type": "Text", "text": "a", "modifiers": [{"glassEffect": {"variant": "regular"}}]}], "modifiers": [{"glassEffect": {"variant": "regular"}}, \#(bg)]}"#
        let mixedFindings = try checker.check(spec(mixed)).filter { $0.rule == "WR012" }
        XCTAssertTrue(mixedFindings.contains { $0.message.contains("mixed") })
        XCTAssertTrue(try checker.check(spec(nested)).contains { $0.rule == "WR012" && $0.message.contains("glass on glass") })
        XCTAssertFalse(try rules(spec(#"{"type": "Text", "text": "a", "modifiers": [\#(bg)]}"#)).contains("WR012"))
    }

    func testWR013HueOnlyOnTheLockScreen() throws {
        // Red and green of about the same brightness: the same grey in vibrant rendering.
        let hue =
            ##"{"type": "HStack", "children": [{"type": "Circle", "modifiers": [{"fill": "#E04040"}]}, {"type": "Circle", "modifiers": [{"fill": "#3C8C3C"}]}], "modifiers": [{"containerBackground": "clear"}]}"##
        XCTAssertTrue(try rules(spec(hue, families: #"["accessoryRectangular"]"#)).contains("WR013"))
        let bright =
            ##"{"type": "HStack", "children": [{"type": "Circle", "modifiers": [{"fill": "#E04040"}]}, {"type": "Circle", "modifiers": [{"fill": "#A0FFA0"}]}], "modifiers": [{"containerBackground": "clear"}]}"##
        XCTAssertFalse(try rules(spec(bright, families: #"["accessoryRectangular"]"#)).contains("WR013"))
    }

    func testWR014Timeline() throws {
        let body = #"{"type": "Text", "text": "{{t}}", "modifiers": [\#(bg)]}"#
        let bad = try spec(
            body,
            extra:
                #""timeline": {"policy": "after", "after": "2026-01-01T00:00:00Z", "entries": [{"date": "2026-01-03T00:00:00Z", "data": {"t": 1}}, {"date": "2026-01-02T00:00:00Z", "data": {"t": 2}}, {"date": "2026-01-02T00:00:00Z", "data": {}}]},"#
        )
        let found = try checker.check(bad).filter { $0.rule == "WR014" }.map(\.message)
        XCTAssertTrue(found.contains { $0.contains("out of date order") })
        XCTAssertTrue(found.contains { $0.contains("same date") })
        XCTAssertTrue(found.contains { $0.contains("reload date") })
        XCTAssertTrue(found.contains { $0.contains("entry 2 has no \"t\"") })
        let good = try spec(
            body,
            extra:
                #""timeline": {"policy": "after", "after": "2026-01-09T00:00:00Z", "entries": [{"date": "2026-01-02T00:00:00Z", "data": {"t": 1}}, {"date": "2026-01-03T00:00:00Z", "data": {"t": 2}}]},"#
        )
        XCTAssertFalse(try rules(good).contains("WR014"))
    }

    func testWR015UnknownSymbol() throws {
        XCTAssertTrue(
            try rules(spec(#"{"type": "Image", "systemName": "sparkles.rectangle.stack", "modifiers": [\#(bg)]}"#)).contains("WR015"))
        XCTAssertFalse(try rules(spec(#"{"type": "Image", "systemName": "sun.max.fill", "modifiers": [\#(bg)]}"#)).contains("WR015"))
    }

    /// WR015 points at the Image that names the symbol, and the placeholder's "?" is not judged as
    /// text by the legibility rule (issue 17).
    func testWR015IsLocatedAndItsPlaceholderIsNotText() throws {
        let s = try spec(
            #"{"type": "VStack", "children": [{"type": "Text", "text": "Hello"}, {"type": "Image", "systemName": "no.such.symbol"}], "modifiers": [\#(bg)]}"#
        )
        let findings = try Checker(options: CheckTests.options(legibility: true)).check(s)
        let symbol = try XCTUnwrap(findings.first { $0.rule == "WR015" })
        XCTAssertEqual(symbol.path, "/body/children/1")
        XCTAssertGreaterThan(symbol.line, 0)
        XCTAssertFalse(findings.contains { $0.rule == "WR004" && $0.message.contains("“?”") }, "\(findings.map(\.message))")
    }

    func testSARIFHasWhatCodeScanningNeeds() throws {
        let s = try spec(#"{"type": "Text", "text": "a"}"#)
        let sarif = CheckReport.sarif([
            CheckReport.Widget(kind: s.kind, path: "Samples/fixture.widget.json", findings: try checker.check(s))
        ])
        let json = try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as! [String: Any]
        XCTAssertEqual(json["version"] as? String, "2.1.0")
        let run = (json["runs"] as! [[String: Any]])[0]
        let driver = (run["tool"] as! [String: Any])["driver"] as! [String: Any]
        XCTAssertEqual(driver["name"] as? String, "widgetctl")
        let rules = driver["rules"] as! [[String: Any]]
        XCTAssertEqual(rules.count, Rules.all.count)
        XCTAssertNotNil(rules[0]["shortDescription"])
        XCTAssertNotNil(rules[0]["defaultConfiguration"])
        let results = run["results"] as! [[String: Any]]
        let wr001 = results.first { $0["ruleId"] as? String == "WR001" }!
        XCTAssertEqual(wr001["level"] as? String, "error")
        XCTAssertNotNil((wr001["message"] as! [String: Any])["text"])
        let location = (wr001["locations"] as! [[String: Any]])[0]["physicalLocation"] as! [String: Any]
        XCTAssertEqual((location["artifactLocation"] as! [String: Any])["uri"] as? String, "Samples/fixture.widget.json")
        let region = location["region"] as! [String: Any]
        XCTAssertGreaterThanOrEqual(region["startLine"] as! Int, 1)
        XCTAssertNotNil(wr001["partialFingerprints"])
    }

    func testSamplesHaveNoErrors() throws {
        for name in ["weather", "calendar", "fitness", "stocks", "lockscreen"] {
            let s = try WidgetSpec.load(contentsOf: RenderTests.samples.appendingPathComponent("\(name).widget.json"))
            let errors = try checker.check(s).filter { $0.severity == .error }
            XCTAssertTrue(errors.isEmpty, "\(name): \(errors.map(\.message))")
        }
    }
}
