// A calendar agenda for the Lock Screen and the Home Screen: times and weekdays formatted from
// dates, uppercase captions, labels with symbols, a container-relative shape, a faded mask at the
// bottom of a list, and a deep link.
import SwiftUI
import WidgetKit

struct AgendaEvent: Identifiable {
    let id = UUID()
    let title: String
    let start: Date
    let color: Color
}

struct AgendaEntry: TimelineEntry {
    let date: Date
    let events: [AgendaEvent]
}

struct AgendaProvider: TimelineProvider {
    static let today = Date(timeIntervalSince1970: 1_795_000_000)

    static var events: [AgendaEvent] {
        [
            AgendaEvent(title: "Design review", start: today.addingTimeInterval(3_600), color: .purple),
            AgendaEvent(title: "Lunch with Sam", start: today.addingTimeInterval(10_800), color: .orange),
            AgendaEvent(title: "Gym", start: today.addingTimeInterval(25_200), color: .green),
            AgendaEvent(title: "Call parents", start: today.addingTimeInterval(32_400), color: .blue),
        ]
    }

    func placeholder(in context: Context) -> AgendaEntry { AgendaEntry(date: Self.today, events: Self.events) }
    func getSnapshot(in context: Context, completion: @escaping (AgendaEntry) -> Void) { completion(placeholder(in: context)) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<AgendaEntry>) -> Void) {
        completion(Timeline(entries: [placeholder(in: context)], policy: .atEnd))
    }
}

struct AgendaView: View {
    let entry: AgendaEntry
    @Environment(\.widgetFamily) private var family

    var body: some View {
        if family == .accessoryRectangular, let next = entry.events.first {
            VStack(alignment: .leading, spacing: 1) {
                Label(next.start.formatted(date: .omitted, time: .shortened), systemImage: "calendar")
                    .font(.caption.bold())
                    .widgetAccentable()
                Text(next.title)
                    .font(.headline)
                    .lineLimit(1)
                Text("\(entry.events.count - 1) more today")
                    .font(.caption)
                    .foregroundStyle(.secondary)
            }
            .frame(maxWidth: .infinity, alignment: .leading)
        } else {
            VStack(alignment: .leading, spacing: 4) {
                Text(entry.date.formatted(.dateTime.weekday(.wide)))
                    .font(.caption.bold())
                    .textCase(.uppercase)
                    .foregroundStyle(.red)
                Text(entry.date, format: .dateTime.day())
                    .font(.system(size: 34, weight: .semibold, design: .rounded))
                VStack(alignment: .leading, spacing: 4) {
                    ForEach(entry.events.prefix(3)) { event in
                        HStack(spacing: 6) {
                            ContainerRelativeShape()
                                .fill(event.color)
                                .frame(width: 4, height: 26)
                            VStack(alignment: .leading, spacing: 0) {
                                Text(event.title)
                                    .font(.caption.weight(.semibold))
                                    .lineLimit(1)
                                Text(event.start, style: .time)
                                    .font(.caption2)
                                    .foregroundStyle(.secondary)
                            }
                        }
                    }
                }
                .frame(maxHeight: .infinity, alignment: .top)
                .mask {
                    LinearGradient(colors: [.black, .black, .clear], startPoint: .top, endPoint: .bottom)
                }
            }
            .frame(maxWidth: .infinity, alignment: .leading)
            .widgetURL(URL(string: "agenda://today"))
        }
    }
}

struct AgendaWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "AgendaWidget", provider: AgendaProvider()) { entry in
            AgendaView(entry: entry)
                .containerBackground(.background, for: .widget)
        }
        .configurationDisplayName("Agenda")
        .supportedFamilies([.systemSmall, .accessoryRectangular])
    }
}

#Preview(as: .accessoryRectangular) {
    AgendaWidget()
} timeline: {
    AgendaEntry(date: AgendaProvider.today, events: AgendaProvider.events)
}
