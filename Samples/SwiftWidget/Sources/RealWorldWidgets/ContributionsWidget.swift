// A contributions graph: weeks as columns of day cells in a LazyHGrid, shaded by level, with a
// legend; a static provider serving fixture data, and a #Preview with a provider.
import SwiftUI
import WidgetKit

struct ContributionDay: Identifiable {
    let id: Int
    let count: Int

    var level: Int {
        switch count {
        case 0: return 0
        case 1...2: return 1
        case 3...5: return 2
        case 6...9: return 3
        default: return 4
        }
    }
}

struct ContributionsEntry: TimelineEntry {
    let date: Date
    let user: String
    let days: [ContributionDay]
    var total: Int { days.reduce(0) { $0 + $1.count } }
}

struct ContributionsProvider: TimelineProvider {
    static let date = Date(timeIntervalSince1970: 1_795_000_000)

    /// A deterministic pattern standing in for the network call a real widget makes.
    static func sample(weeks: Int) -> ContributionsEntry {
        let days = (0..<(weeks * 7)).map { i in ContributionDay(id: i, count: (i * 7 + i / 5) % 11 == 0 ? 0 : (i * 13) % 12) }
        return ContributionsEntry(date: date, user: "octo", days: days)
    }

    func placeholder(in context: Context) -> ContributionsEntry { Self.sample(weeks: 10) }

    func getSnapshot(in context: Context, completion: @escaping (ContributionsEntry) -> Void) {
        completion(Self.sample(weeks: 10))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<ContributionsEntry>) -> Void) {
        let weeks = context.family == .systemSmall ? 8 : 19
        completion(Timeline(entries: [Self.sample(weeks: weeks)], policy: .atEnd))
    }
}

struct ContributionCell: View {
    let level: Int

    var body: some View {
        RoundedRectangle(cornerRadius: 2, style: .continuous)
            .fill(level == 0 ? Color.gray.opacity(0.2) : Color.green.opacity(0.25 + 0.1875 * Double(level)))
            .frame(width: 11, height: 11)
    }
}

struct ContributionsView: View {
    let entry: ContributionsEntry
    private let rows = Array(repeating: GridItem(.fixed(11), spacing: 3), count: 7)

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            HStack {
                Text("@\(entry.user)")
                    .font(.caption.bold())
                Spacer()
                Text("\(entry.total) contributions")
                    .font(.caption2)
                    .foregroundStyle(.secondary)
            }
            LazyHGrid(rows: rows, spacing: 3) {
                ForEach(entry.days) { day in
                    ContributionCell(level: day.level)
                }
            }
            HStack(spacing: 3) {
                Spacer()
                Text("Less").font(.system(size: 9)).foregroundStyle(.secondary)
                ForEach(0..<5, id: \.self) { level in
                    ContributionCell(level: level)
                }
                Text("More").font(.system(size: 9)).foregroundStyle(.secondary)
            }
        }
    }
}

struct ContributionsWidget: Widget {
    let kind = "ContributionsWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: ContributionsProvider()) { entry in
            ContributionsView(entry: entry)
                .containerBackground(for: .widget) {
                    Color(.sRGB, red: 0.98, green: 0.99, blue: 0.98, opacity: 1)
                }
        }
        .configurationDisplayName("Contributions")
        .supportedFamilies([.systemMedium])
    }
}

#Preview("Contributions", as: .systemMedium, widget: { ContributionsWidget() }, timelineProvider: { ContributionsProvider() })
