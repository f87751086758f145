// `check` over widgets written in Swift: the same rules as for specs, with findings located at the
// Swift lines the views were written on (text report, SARIF), through WidgetCommandLine.
import Foundation
import Testing
import WidgetCLI
import WidgetSnapshotTesting
import WidgetTooling
import XCTest

@testable import WidgetModel

private struct NoteEntry: TimelineEntry {
    let date: Date
}

private struct NoteProvider: TimelineProvider {
    func placeholder(in context: Context) -> NoteEntry { NoteEntry(date: WidgetPreviews.date) }
    func getSnapshot(in context: Context, completion: @escaping @Sendable (NoteEntry) -> Void) { completion(placeholder(in: context)) }
    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<NoteEntry>) -> Void) {
        completion(Timeline(entries: [placeholder(in: context)], policy: .never))
    }
}

/// No containerBackground (so the system shows its placeholder instead of the content).
struct BrokenNoteWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "BrokenNote", provider: NoteProvider()) { _ in
            Text("Note")
        }
        .supportedFamilies([.systemSmall])
    }
}

/// Text too small and light for glass, and a title that cannot fit on one line.
private struct FaintNoteWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "FaintNote", provider: NoteProvider()) { _ in
            VStack {
                Text("A title far too long to fit on one line of a small widget").lineLimit(1)  // marker: truncated
                Text("Faint").font(.system(size: 9, weight: .light))  // marker: faint
            }
            .containerBackground(for: .widget) { Color.white }
        }
        .supportedFamilies([.systemSmall])
    }
}

final class SwiftCheckTests: XCTestCase {
    /// Without the legibility rule (12 renders over wallpapers per variant): the places are what is tested here.
    let quick: Checker = {
        var o = CheckOptions()
        o.disabled = ["WR004"]
        return Checker(options: o)
    }()

    /// The 1-based line of this file that holds `marker`.
    func line(of marker: String) throws -> Int {
        let lines = try String(contentsOfFile: #filePath, encoding: .utf8).components(separatedBy: "\n")
        return try XCTUnwrap(lines.firstIndex { $0.contains("// marker: \(marker)") }) + 1
    }

    func testFindingsPointAtSwiftLines() throws {
        let missing = try XCTUnwrap(try quick.check(BrokenNoteWidget.definition).first { $0.rule == "WR001" })
        XCTAssertEqual(missing.file, #filePath)
        XCTAssertTrue(missing.isSwiftSource)
        let findings = try quick.check(FaintNoteWidget.definition)
        // Widget-level findings without a view of their own sit at the configuration.
        for f in findings { XCTAssertTrue(f.isSwiftSource && f.line > 0, "\(f.rule) \(f.message) has no Swift place") }
        let truncated = try XCTUnwrap(findings.first { $0.rule == "WR011" }, "\(findings.map(\.rule))")
        XCTAssertEqual(truncated.file, #filePath)
        XCTAssertEqual(truncated.line, try line(of: "truncated"))
        XCTAssertGreaterThan(truncated.column, 0)
    }

    func testConfigurationPlaceLocatesWidgetLevelFindings() throws {
        let findings = try quick.check(BrokenNoteWidget.definition)
        let missing = try XCTUnwrap(findings.first { $0.rule == "WR001" })
        let source = try String(contentsOfFile: #filePath, encoding: .utf8).components(separatedBy: "\n")
        let configuration = try XCTUnwrap(source.firstIndex { $0.contains("StaticConfiguration(kind: \"BrokenNote\"") }) + 1
        XCTAssertEqual(missing.line, configuration)
    }

    func testCommandLineCheckPrintsAndWritesSARIFAtSwiftLines() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("swift-check-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let sarif = dir.appendingPathComponent("check.sarif")
        let code = WidgetCommandLine.run(
            ["check", "--format", "sarif", "--output", sarif.path, "--wallpaper", "dark"],
            widgets: [BrokenNoteWidget.definition, FaintNoteWidget.definition])
        XCTAssertEqual(code, 1, "WR001 is an error")
        let log = try JSONSerialization.jsonObject(with: Data(contentsOf: sarif)) as? [String: Any]
        let results = (((log?["runs"] as? [[String: Any]])?.first)?["results"] as? [[String: Any]]) ?? []
        let located = results.compactMap { r -> (String, String, Int)? in
            guard let loc = ((r["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]),
                let uri = (loc["artifactLocation"] as? [String: Any])?["uri"] as? String,
                let line = (loc["region"] as? [String: Any])?["startLine"] as? Int
            else { return nil }
            return (r["ruleId"] as? String ?? "", uri, line)
        }
        // The 9-pt light text is the widget's own legibility problem (the title's is the wallpaper's).
        let faint = try line(of: "faint")
        XCTAssertTrue(located.contains { $0.0 == "WR004" && $0.1.hasSuffix("SwiftCheckTests.swift") && $0.2 == faint }, "\(located)")
        XCTAssertTrue(located.contains { $0.0 == "WR011" && $0.2 == (try? line(of: "truncated")) }, "\(located)")
    }

    /// preview runs over Swift widgets too: one sheet per widget.
    func testPreviewOfSwiftWidgets() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("swift-preview-\(getpid())")
        defer { try? FileManager.default.removeItem(at: dir) }
        let code = WidgetCommandLine.run(
            ["preview", "--out", dir.path, "--appearances", "light,tintedDark"],
            widgets: [FaintNoteWidget.definition, BrokenNoteWidget.definition])
        XCTAssertEqual(code, 0)
        for kind in ["FaintNote", "BrokenNote"] {
            let png = try Data(contentsOf: dir.appendingPathComponent("\(kind)-preview.png"))
            XCTAssertEqual(Array(png.prefix(4)), [0x89, 0x50, 0x4E, 0x47], kind)
        }
    }

    /// A `Text(variable)` records its place too (the located initialiser is preferred over the
    /// place-less one that `Text.init` references use).
    func testTextFromAVariableIsLocated() throws {
        let title = "x"
        let text = Text(title)  // marker: variable
        let nodes = _resolve(text, _DSLContext(environment: EnvironmentValues(), capture: .init()))
        XCTAssertEqual(nodes.first?.source.line, try line(of: "variable"))
        let mapped = Optional("y").map(Text.init)
        XCTAssertNotNil(mapped)
    }
}

/// Snapshot assertions can fail on check findings, each issue at the finding's Swift line.
@Suite struct SnapshotCheckTests {
    @Test func checkFindingsFailAtTheirLines() throws {
        let source = try String(contentsOfFile: #filePath, encoding: .utf8).components(separatedBy: "\n")
        let configuration = try #require(source.firstIndex { $0.contains("StaticConfiguration(kind: \"BrokenNote\"") }) + 1
        var options = CheckOptions()
        options.disabled = ["WR004", "WR008"]
        let atConfiguration = CorpusTests.Messages()
        // No appearance, so no snapshot is compared or recorded (whatever WIDGETCTL_RECORD says): only check runs.
        withKnownIssue {
            assertWidgetSnapshots(of: BrokenNoteWidget.self, appearances: [], scale: 1, failOnCheck: .error, checkOptions: options)
        } matching: { issue in
            // WR001 (an error) at the widget's configuration.
            guard issue.sourceLocation?.line == configuration && issue.sourceLocation?.fileName == "SwiftCheckTests.swift" else {
                return false
            }
            atConfiguration.add("\(issue)")
            return true
        }
        #expect(atConfiguration.all.contains("WR001"))
    }
}
