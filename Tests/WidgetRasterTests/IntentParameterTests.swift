// App Intents parameters set from text: `WidgetDefinition.configuringIntent` and `render --intent`.
import Foundation
import WidgetCLI
import WidgetModel
import XCTest

private enum Units: String, AppEnum {
    case metric, imperial
}

private struct CityIntent: WidgetConfigurationIntent {
    static var title: LocalizedStringResource { "City" }
    @Parameter(title: "City", default: "Lisbon") var city: String
    @Parameter(title: "Days", default: 3) var days: Int
    @Parameter(title: "Units", default: .metric) var units: Units
    @Parameter(title: "Show wind", default: false) var showWind: Bool
    @Parameter(title: "Note") var note: String?
}

private struct CityEntry: TimelineEntry {
    let date: Date
    let line: String
}

private struct CityProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> CityEntry { CityEntry(date: WidgetPreviews.date, line: "—") }
    func snapshot(for configuration: CityIntent, in context: Context) async -> CityEntry { placeholder(in: context) }
    func timeline(for c: CityIntent, in context: Context) async -> Timeline<CityEntry> {
        let line = "\(c.city) \(c.days) \(c.units.rawValue) \(c.showWind) \(c.note ?? "-")"
        return Timeline(entries: [CityEntry(date: WidgetPreviews.date, line: line)], policy: .never)
    }
}

private struct CityWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "City", intent: CityIntent.self, provider: CityProvider()) { entry in
            Text(entry.line).containerBackground(for: .widget) { Color.white }
        }
    }
}

final class IntentParameterTests: XCTestCase {
    func line(_ d: WidgetDefinition) throws -> String {
        let entry = try XCTUnwrap(d.entries(for: .systemSmall, size: Size(170, 170)).first)
        let env = WidgetEnvironment(family: .systemSmall, appearance: .light, size: Size(170, 170), displayScale: 1)
        let resolved = d.resolve(entry.view, date: entry.date, environment: env)
        guard case .text(let string, _) = resolved.content.kind else { return "\(resolved.content.kind)" }
        return string
    }

    func testParametersAreListedWithTypesAndChoices() {
        let params = CityWidget.definition.intentParameters
        XCTAssertEqual(params.map(\.name), ["city", "days", "units", "showWind", "note"])
        XCTAssertEqual(params[2].choices, ["metric", "imperial"])
        XCTAssertEqual(params[0].title, "City")
    }

    func testDefaultsThenSetValues() throws {
        XCTAssertTrue(try line(CityWidget.definition).contains("Lisbon 3 metric false -"))
        let set = try CityWidget.definition.configuringIntent([
            "city": "Oslo", "days": "5", "units": "imperial", "showWind": "true", "note": "hi",
        ])
        let configured = try line(set)
        XCTAssertEqual(configured, "Oslo 5 imperial true hi")
        // The definition it came from keeps the defaults.
        XCTAssertTrue(try line(CityWidget.definition).contains("Lisbon"))
    }

    func testBadNamesAndValuesSayWhatFits() {
        XCTAssertThrowsError(try CityWidget.definition.configuringIntent(["town": "Oslo"])) {
            XCTAssertTrue("\($0)".contains("no parameter \"town\"; its parameters: city, days, units, showWind, note"), "\($0)")
        }
        XCTAssertThrowsError(try CityWidget.definition.configuringIntent(["units": "kelvin"])) {
            XCTAssertTrue("\($0)".contains("one of: metric, imperial"), "\($0)")
        }
        XCTAssertThrowsError(try CityWidget.definition.configuringIntent(["days": "many"])) {
            XCTAssertTrue("\($0)".contains("\"many\" is not a value of parameter \"days\" (Int)"), "\($0)")
        }
    }

    func testRenderIntentOption() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("widgetctl-intent-\(getpid())")
        defer { try? FileManager.default.removeItem(at: out) }
        let args = ["--out", out.path, "--families", "systemSmall", "--appearances", "light", "--quiet", "--no-contact-sheet"]
        XCTAssertEqual(WidgetCommandLine.render([CityWidget.definition], arguments: args + ["--intent", "city=Oslo"]), 0)
        let manifest = try String(contentsOf: out.appendingPathComponent("City/manifest.json"), encoding: .utf8)
        XCTAssertTrue(manifest.contains("systemSmall"), manifest)

        let messages = CorpusTests.Messages()
        let code = WidgetCommandLine.$errorSink.withValue({ messages.add($0) }) {
            WidgetCommandLine.render([CityWidget.definition], arguments: args + ["--intent", "cty=Oslo"])
        }
        XCTAssertEqual(code, 2)
        XCTAssertTrue(messages.all.contains("no widget has a parameter \"cty\" (did you mean 'city'?)"), messages.all)
        let noEquals = WidgetCommandLine.$errorSink.withValue({ messages.add($0) }) {
            WidgetCommandLine.render([CityWidget.definition], arguments: args + ["--intent", "city"])
        }
        XCTAssertEqual(noEquals, 2)
        XCTAssertTrue(messages.all.contains("--intent needs NAME=VALUE"), messages.all)
    }
}
