// A configurable steps widget in the style App Intents widgets are written in: a goal parameter
// with a default, an async provider, a family switch, formatted numbers and percentages.
#if canImport(WidgetKit)
    import AppIntents
    import SwiftUI
    import WidgetKit
#else
    import WidgetModel
#endif

struct StepGoalIntent: WidgetConfigurationIntent {
    static var title: LocalizedStringResource { "Step goal" }
    static var description: IntentDescription { "Choose your daily step goal." }

    @Parameter(title: "Daily goal", default: 8000)
    var goal: Int
}

struct StepsEntry: TimelineEntry {
    let date: Date
    let steps: Int
    let goal: Int
    var progress: Double { min(1, Double(steps) / Double(max(goal, 1))) }
}

struct StepsProvider: AppIntentTimelineProvider {
    static let start = Date(timeIntervalSince1970: 1_795_000_000)

    func placeholder(in context: Context) -> StepsEntry {
        StepsEntry(date: Self.start, steps: 4_200, goal: 8_000)
    }

    func snapshot(for configuration: StepGoalIntent, in context: Context) async -> StepsEntry {
        StepsEntry(date: Self.start, steps: 6_512, goal: configuration.goal)
    }

    func timeline(for configuration: StepGoalIntent, in context: Context) async -> Timeline<StepsEntry> {
        let entries = (0..<2).map { hour in
            StepsEntry(date: Self.start.addingTimeInterval(Double(hour) * 3_600), steps: 5_230 + hour * 2_870, goal: configuration.goal)
        }
        return Timeline(entries: entries, policy: .atEnd)
    }
}

struct StepsWidgetView: View {
    @Environment(\.widgetFamily) private var family
    let entry: StepsEntry

    var body: some View {
        switch family {
        case .accessoryCircular:
            Gauge(value: entry.progress) {
                Image(systemName: "figure.walk")
            } currentValueLabel: {
                Text(entry.steps / 1_000, format: .number)
            }
            .gaugeStyle(.accessoryCircularCapacity)
        default:
            VStack(alignment: .leading, spacing: 4) {
                Label("Steps", systemImage: "figure.walk")
                    .font(.caption.weight(.semibold))
                    .foregroundStyle(.secondary)
                    .textCase(.uppercase)
                Spacer(minLength: 0)
                Text(entry.steps, format: .number)
                    .font(.system(size: 34, weight: .bold, design: .rounded))
                    .contentTransition(.numericText())
                    .minimumScaleFactor(0.6)
                Text("\(entry.progress, format: .percent.precision(.fractionLength(0))) of \(entry.goal, format: .number)")
                    .font(.footnote)
                    .foregroundStyle(.secondary)
                ProgressView(value: entry.progress)
                    .tint(.green)
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .leading)
        }
    }
}

struct StepsWidget: Widget {
    let kind = "StepsWidget"

    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: kind, intent: StepGoalIntent.self, provider: StepsProvider()) { entry in
            StepsWidgetView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Steps")
        .description("Today's steps against your goal.")
        .supportedFamilies([.systemSmall, .accessoryCircular])
    }
}
