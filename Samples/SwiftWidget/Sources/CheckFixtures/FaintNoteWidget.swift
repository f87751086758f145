// A widget with two faults on purpose, for the test of `swift package widgetctl check` (the
// Makefile runs it and Scripts/check-plugin.py reads its SARIF): text the widget itself makes
// hard to read once the background is replaced by glass. `check` must report both, at these lines.
import SwiftUI
import WidgetKit

public struct FaintNoteEntry: TimelineEntry {
    public let date: Date
    public init(date: Date) { self.date = date }
}

public struct FaintNoteProvider: TimelineProvider {
    public init() {}
    public func placeholder(in context: Context) -> FaintNoteEntry { FaintNoteEntry(date: Date(timeIntervalSince1970: 1_798_761_600)) }
    public func getSnapshot(in context: Context, completion: @escaping (FaintNoteEntry) -> Void) { completion(placeholder(in: context)) }
    public func getTimeline(in context: Context, completion: @escaping (Timeline<FaintNoteEntry>) -> Void) {
        completion(Timeline(entries: [placeholder(in: context)], policy: .never))
    }
}

public struct FaintNoteWidget: Widget {
    public init() {}
    public var body: some WidgetConfiguration {
        StaticConfiguration(kind: "FaintNote", provider: FaintNoteProvider()) { _ in
            VStack(alignment: .leading, spacing: 4) {
                Text("Groceries")
                    .font(.headline)
                    .widgetAccentable()
                Text("Milk, eggs, bread")
                    .font(.subheadline)
                Text("Updated 5 min ago")  // fault: a quarter opacity
                    .font(.caption)
                    .foregroundStyle(.white.opacity(0.25))
                Text("synced")  // fault: 9-pt ultra-light
                    .font(.system(size: 9, weight: .ultraLight))
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
            .containerBackground(for: .widget) { Color.indigo }
        }
        .supportedFamilies([.systemSmall])
    }
}
