// A water-intake widget as Xcode's App Intents template grows into one: plain framework imports,
// an enum parameter and a numeric one, gauges with every label, and #Preview timelines.
import AppIntents
import SwiftUI
import WidgetKit

enum VolumeUnit: String, AppEnum {
    case milliliters, ounces

    static var typeDisplayRepresentation: TypeDisplayRepresentation { "Unit" }
    static var caseDisplayRepresentations: [VolumeUnit: DisplayRepresentation] {
        [.milliliters: "Milliliters", .ounces: "Ounces"]
    }
}

struct WaterGoalIntent: WidgetConfigurationIntent {
    static var title: LocalizedStringResource { "Water goal" }
    static var description: IntentDescription { "How much you want to drink a day." }

    @Parameter(title: "Goal", default: 2000)
    var goal: Int

    @Parameter(title: "Unit", default: .milliliters)
    var unit: VolumeUnit
}

struct WaterEntry: TimelineEntry {
    let date: Date
    let drunk: Int
    let goal: Int
    let unit: VolumeUnit

    var fraction: Double { min(1, Double(drunk) / Double(max(goal, 1))) }
    var unitSymbol: String { unit == .milliliters ? "ml" : "oz" }
}

struct WaterProvider: AppIntentTimelineProvider {
    static let morning = Date(timeIntervalSince1970: 1_795_000_000)

    func placeholder(in context: Context) -> WaterEntry {
        WaterEntry(date: Self.morning, drunk: 750, goal: 2000, unit: .milliliters)
    }

    func snapshot(for configuration: WaterGoalIntent, in context: Context) async -> WaterEntry {
        WaterEntry(date: Self.morning, drunk: 1250, goal: configuration.goal, unit: configuration.unit)
    }

    func timeline(for configuration: WaterGoalIntent, in context: Context) async -> Timeline<WaterEntry> {
        let sips = [500, 1_400]
        let entries = sips.enumerated().map { i, drunk in
            WaterEntry(
                date: Self.morning.addingTimeInterval(Double(i) * 10_800), drunk: drunk, goal: configuration.goal, unit: configuration.unit)
        }
        return Timeline(entries: entries, policy: .after(Self.morning.addingTimeInterval(21_600)))
    }
}

struct WaterWidgetView: View {
    var entry: WaterEntry
    @Environment(\.widgetFamily) private var family

    var body: some View {
        switch family {
        case .accessoryCircular:
            Gauge(value: entry.fraction) {
                Image(systemName: "drop.fill")
            } currentValueLabel: {
                Text(entry.fraction, format: .percent.precision(.fractionLength(0)))
            } minimumValueLabel: {
                Text("0")
            } maximumValueLabel: {
                Text("\(entry.goal / 1000)L")
            }
            .gaugeStyle(.accessoryCircular)
            .widgetAccentable()
        case .accessoryRectangular:
            VStack(alignment: .leading) {
                Label("Water", systemImage: "drop.fill")
                    .font(.headline)
                    .widgetAccentable()
                Gauge(value: entry.fraction) {
                    Text("Today")
                } currentValueLabel: {
                    Text(entry.drunk, format: .number)
                }
                .gaugeStyle(.accessoryLinearCapacity)
            }
        default:
            VStack(alignment: .leading, spacing: 6) {
                HStack {
                    Image(systemName: "drop.fill")
                        .foregroundStyle(.cyan)
                    Text("Water")
                        .font(.headline)
                    Spacer()
                }
                Spacer(minLength: 0)
                Text("\(entry.drunk) \(entry.unitSymbol)")
                    .font(.system(.title, design: .rounded).weight(.bold))
                    .contentTransition(.numericText())
                Gauge(value: entry.fraction) {
                    EmptyView()
                }
                .tint(.cyan)
                Text("of \(entry.goal) \(entry.unitSymbol)")
                    .font(.caption)
                    .foregroundStyle(.secondary)
            }
        }
    }
}

struct WaterWidget: Widget {
    let kind: String = "WaterWidget"

    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: kind, intent: WaterGoalIntent.self, provider: WaterProvider()) { entry in
            WaterWidgetView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Water")
        .description("Track what you drink.")
        .supportedFamilies([.systemSmall, .accessoryCircular, .accessoryRectangular])
    }
}

extension WaterGoalIntent {
    fileprivate static var ounces: WaterGoalIntent {
        let intent = WaterGoalIntent()
        intent.goal = 64
        intent.unit = .ounces
        return intent
    }
}

#Preview(as: .systemSmall) {
    WaterWidget()
} timeline: {
    WaterEntry(date: .now, drunk: 600, goal: 2000, unit: .milliliters)
    WaterEntry(date: .now, drunk: 1800, goal: 2000, unit: .milliliters)
}

#Preview("Lock Screen", as: .accessoryCircular, using: WaterGoalIntent.ounces) {
    WaterWidget()
} timeline: {
    WaterEntry(date: .now, drunk: 40, goal: 64, unit: .ounces)
}
