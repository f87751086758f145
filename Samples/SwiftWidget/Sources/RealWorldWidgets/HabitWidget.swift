// An interactive habit tracker in the SiriKit-intent style older widgets use: an intent class,
// buttons and toggles that run App Intents on a device, a redacted placeholder with one part kept.
#if canImport(WidgetKit)
    import AppIntents
    import Intents
    import SwiftUI
    import WidgetKit
#else
    import WidgetModel
#endif

/// Stand-in for the intent class Xcode generates from the widget's .intentdefinition file.
final class HabitListIntent: INIntent {
    var showCompleted: NSNumber? = NSNumber(value: true)
}

struct ToggleHabitIntent: AppIntent {
    static var title: LocalizedStringResource = "Toggle habit"

    @Parameter(title: "Habit")
    var habitID: String

    init() {}
    init(habitID: String) { self.habitID = habitID }

    func perform() async throws -> some IntentResult { .result() }
}

struct Habit: Identifiable, Hashable {
    let id: String
    let name: String
    let symbol: String
    let done: Bool
}

struct HabitEntry: TimelineEntry {
    let date: Date
    let habits: [Habit]
    let streak: Int
}

struct HabitProvider: IntentTimelineProvider {
    static let entry = HabitEntry(
        date: Date(timeIntervalSince1970: 1_795_000_000),
        habits: [
            Habit(id: "water", name: "Drink water", symbol: "drop.fill", done: true),
            Habit(id: "read", name: "Read 20 min", symbol: "book.fill", done: false),
            Habit(id: "walk", name: "Evening walk", symbol: "figure.walk", done: false),
        ],
        streak: 6)

    func placeholder(in context: Context) -> HabitEntry { Self.entry }

    func getSnapshot(for configuration: HabitListIntent, in context: Context, completion: @escaping (HabitEntry) -> Void) {
        completion(Self.entry)
    }

    func getTimeline(for configuration: HabitListIntent, in context: Context, completion: @escaping (Timeline<HabitEntry>) -> Void) {
        completion(Timeline(entries: [Self.entry], policy: .never))
    }
}

struct HabitWidgetView: View {
    @Environment(\.redactionReasons) private var redactionReasons
    let entry: HabitEntry

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            HStack {
                Text("Today")
                    .font(.headline)
                Spacer()
                Label("\(entry.streak)", systemImage: "flame.fill")
                    .font(.subheadline.bold())
                    .foregroundStyle(.orange)
                    .unredacted()
            }
            ForEach(entry.habits) { habit in
                Toggle(isOn: habit.done, intent: ToggleHabitIntent(habitID: habit.id)) {
                    Label(habit.name, systemImage: habit.symbol)
                        .font(.subheadline)
                }
            }
            if redactionReasons.isEmpty {
                Button(intent: ToggleHabitIntent(habitID: "all")) {
                    Text("Mark all done")
                        .font(.caption.bold())
                        .foregroundStyle(.blue)
                }
                .buttonStyle(.plain)
            }
        }
    }
}

struct HabitWidget: Widget {
    let kind: String = "HabitWidget"

    var body: some WidgetConfiguration {
        IntentConfiguration(kind: kind, intent: HabitListIntent.self, provider: HabitProvider()) { entry in
            HabitWidgetView(entry: entry)
                .containerBackground(.fill.quaternary, for: .widget)
        }
        .configurationDisplayName("Habits")
        .description("Check off today's habits.")
        .supportedFamilies([.systemLarge])
    }
}
