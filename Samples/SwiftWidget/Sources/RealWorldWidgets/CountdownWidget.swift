// A countdown to an event, written the way many static widgets are: a fixed list of events,
// relative dates in text interpolation, joined texts, a layout that picks what fits, and a
// PreviewProvider with a preview context.
#if canImport(WidgetKit)
    import SwiftUI
    import WidgetKit
#else
    import WidgetModel
#endif

struct CountdownEntry: TimelineEntry {
    let date: Date
    let title: String
    let eventDate: Date
    let emoji: String
}

struct CountdownProvider: TimelineProvider {
    static let now = Date(timeIntervalSince1970: 1_795_000_000)
    static let sample = CountdownEntry(
        date: now, title: "Summer trip", eventDate: now.addingTimeInterval(86_400 * 12 + 3_600 * 5), emoji: "🏖")

    func placeholder(in context: Context) -> CountdownEntry { Self.sample }

    func getSnapshot(in context: Context, completion: @escaping (CountdownEntry) -> Void) {
        completion(Self.sample)
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<CountdownEntry>) -> Void) {
        let later = CountdownEntry(
            date: Self.now.addingTimeInterval(86_400 * 11), title: "Summer trip", eventDate: Self.sample.eventDate, emoji: "🏖")
        completion(Timeline(entries: [Self.sample, later], policy: .atEnd))
    }
}

struct CountdownView: View {
    let entry: CountdownEntry

    private var daysLeft: Int {
        max(0, Int(entry.eventDate.timeIntervalSince(entry.date) / 86_400))
    }

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            Text(entry.title)
                .font(.headline)
                .lineLimit(1)
            ViewThatFits(in: .horizontal) {
                Text("\(daysLeft) days to go")
                Text("\(daysLeft) d")
            }
            .font(.system(.title, design: .rounded).bold())
            .foregroundStyle(.orange)
            Spacer(minLength: 0)
            (Text("in ") + Text(entry.eventDate, style: .relative))
                .font(.caption)
                .foregroundStyle(.secondary)
        }
        .frame(maxWidth: .infinity, alignment: .leading)
    }
}

struct CountdownWidget: Widget {
    let kind: String = "CountdownWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: CountdownProvider()) { entry in
            CountdownView(entry: entry)
                .containerBackground(for: .widget) {
                    LinearGradient(colors: [Color(red: 1, green: 0.95, blue: 0.85), .white], startPoint: .top, endPoint: .bottom)
                }
        }
        .configurationDisplayName("Countdown")
        .description("Days until your next event.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}

struct CountdownWidget_Previews: PreviewProvider {
    static var previews: some View {
        CountdownView(entry: CountdownProvider.sample)
            .previewContext(WidgetPreviewContext(family: .systemSmall))
        CountdownView(entry: CountdownProvider.sample)
            .previewContext(WidgetPreviewContext(family: .systemMedium))
            .previewDisplayName("Medium")
    }
}
