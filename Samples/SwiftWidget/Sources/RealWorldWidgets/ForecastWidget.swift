// An hourly forecast row and a widget bundle marked @main, as a widget extension's entry file
// declares it: hours formatted with date styles, optional texts, symbols, a tinted card.
#if canImport(WidgetKit)
    import SwiftUI
    import WidgetKit
#else
    import WidgetModel
#endif

struct HourForecast: Identifiable {
    var id: Date { time }
    let time: Date
    let symbol: String
    let temperature: Int
}

struct ForecastEntry: TimelineEntry {
    let date: Date
    let place: String
    let summary: String?
    let hours: [HourForecast]
}

struct ForecastProvider: TimelineProvider {
    static let start = Date(timeIntervalSince1970: 1_795_010_400)
    static let symbols = ["cloud.sun.fill", "sun.max.fill", "sun.max.fill", "cloud.fill", "cloud.rain.fill"]
    static let temperatures = [14, 16, 18, 17, 13]
    static let entry = ForecastEntry(
        date: start, place: "Cupertino", summary: "Clearing later",
        hours: (0..<5).map { i in
            HourForecast(time: start.addingTimeInterval(Double(i) * 3_600), symbol: symbols[i], temperature: temperatures[i])
        })

    func placeholder(in context: Context) -> ForecastEntry { Self.entry }
    func getSnapshot(in context: Context, completion: @escaping (ForecastEntry) -> Void) { completion(Self.entry) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<ForecastEntry>) -> Void) {
        completion(Timeline(entries: [Self.entry], policy: .after(Self.start.addingTimeInterval(3_600))))
    }
}

struct ForecastView: View {
    let entry: ForecastEntry

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            HStack(alignment: .firstTextBaseline) {
                Text(entry.place)
                    .font(.headline)
                Spacer()
                entry.summary.map(Text.init)
                    .font(.caption)
                    .foregroundStyle(.white.opacity(0.8))
            }
            HStack(spacing: 0) {
                ForEach(entry.hours) { hour in
                    VStack(spacing: 6) {
                        Text(hour.time, format: .dateTime.hour())
                            .font(.caption2)
                            .foregroundStyle(.white.opacity(0.8))
                        Image(systemName: hour.symbol)
                            .symbolRenderingMode(.multicolor)
                            .font(.title3)
                        Text("\(hour.temperature)°")
                            .font(.system(.callout, design: .rounded).weight(.semibold))
                    }
                    .frame(maxWidth: .infinity)
                }
            }
        }
        .foregroundStyle(.white)
    }
}

struct ForecastWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "ForecastWidget", provider: ForecastProvider()) { entry in
            ForecastView(entry: entry)
                .containerBackground(Color.blue.gradient, for: .widget)
        }
        .configurationDisplayName("Hourly")
        .supportedFamilies([.systemMedium])
    }
}

@main
struct RealWorldWidgetBundle: WidgetBundle {
    var body: some Widget {
        StepsWidget()
        CountdownWidget()
        BatteryWidget()
        HabitWidget()
        ForecastWidget()
        WaterWidget()
        ContributionsWidget()
        StocksWidget()
        AgendaWidget()
        NowPlayingWidget()
    }
}
