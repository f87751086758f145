// `#Preview` compiles with SwiftUI's signatures and `WidgetPreviews.declared()` finds every one.
import WidgetModel
import WidgetRaster
import WidgetTooling
import XCTest

private struct CupEntry: TimelineEntry {
    let date: Date
    let cups: Int
}

private struct CupProvider: TimelineProvider {
    func placeholder(in context: Context) -> CupEntry { CupEntry(date: WidgetPreviews.date, cups: 0) }
    func getSnapshot(in context: Context, completion: @escaping @Sendable (CupEntry) -> Void) { completion(placeholder(in: context)) }
    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<CupEntry>) -> Void) {
        completion(Timeline(entries: [CupEntry(date: WidgetPreviews.date, cups: 5)], policy: .never))
    }
}

private struct CupWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Cups", provider: CupProvider()) { entry in
            Text("\(entry.cups) cups")
                .font(.title)
                .containerBackground(for: .widget) { Color.blue }
        }
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}

#Preview(as: .systemSmall) {
    CupWidget()
} timeline: {
    CupEntry(date: WidgetPreviews.date, cups: 1)
    CupEntry(date: WidgetPreviews.date.addingTimeInterval(3600), cups: 2)
    CupEntry(date: WidgetPreviews.date.addingTimeInterval(7200), cups: 3)
}

#Preview("Provider", as: .systemMedium, widget: { CupWidget() }, timelineProvider: { CupProvider() })

#Preview("Badge", traits: .sizeThatFitsLayout) {
    Text("Badge").padding()
}

final class PreviewMacroTests: XCTestCase {
    /// The kind of the unnamed preview: this file's name and the line its `#Preview` is written on.
    private var unnamedKind: String {
        get throws {
            let source = try String(contentsOfFile: #filePath, encoding: .utf8)
            let line = try XCTUnwrap(
                source.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("#Preview(as:") })
            return "PreviewMacroTests:\(line + 1)"
        }
    }

    func testDeclaredPreviewsInSourceOrder() throws {
        let previews = WidgetPreviews.declared().filter {
            $0.kind.hasPrefix("PreviewMacroTests") || ["Provider", "Badge"].contains($0.kind)
        }
        XCTAssertEqual(previews.map(\.kind), [try unnamedKind, "Provider", "Badge"])
        XCTAssertEqual(previews.map(\.supportedFamilies), [[.systemSmall], [.systemMedium], [.systemSmall]])
        let size = Size(170, 170)
        // The entries the preview gives, in order, through the widget's own content.
        XCTAssertEqual(previews[0].entries(for: .systemSmall, size: size).count, 3)
        // The provider's timeline (one entry).
        XCTAssertEqual(previews[1].entries(for: .systemMedium, size: size).count, 1)
        XCTAssertEqual(previews[2].entries(for: .systemSmall, size: size).count, 1)
        // Walking the records again finds the same previews.
        XCTAssertEqual(WidgetPreviews.declared().map(\.kind), WidgetPreviews.declared().map(\.kind))
    }

    func testPreviewRendersTheWidgetsContentForEachEntry() throws {
        let preview = try XCTUnwrap(WidgetPreviews.declared().first { $0.kind == (try? unnamedKind) })
        let entries = preview.entries(for: .systemSmall, size: Size(170, 170))
        let env = WidgetEnvironment(family: .systemSmall, appearance: .light, size: Size(170, 170), displayScale: 1)
        let resolved = preview.resolve(entries[1].view, date: entries[1].date, environment: env)
        XCTAssertNotNil(resolved.containerBackground, "the widget's containerBackground is kept")
        XCTAssertTrue("\(resolved.content)".contains("2 cups"), "\(resolved.content)")
    }
}
