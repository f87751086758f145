#if canImport(WidgetKit)
    import SwiftUI
    import WidgetKit
#else
    import Foundation
    import WidgetModel
#endif

// The Weather widget of Samples/weather.widget.json, written as an iOS widget extension would
// write it. Nothing below knows about widgetctl.

public struct WeatherEntry: TimelineEntry {
    public struct Hour {
        var time: String
        var temperature: Int
        var symbol: String
    }
    public struct Day {
        var name: String
        var symbol: String
        var low: Int
        var high: Int
    }

    public let date: Date
    var city: String
    var temperature: Int
    var high: Int
    var low: Int
    var condition: String
    var symbol: String
    var hours: [Hour]
    var days: [Day]
}

public struct WeatherProvider: TimelineProvider {
    public init() {}

    public func placeholder(in context: Context) -> WeatherEntry { Self.samples[0] }

    public func getSnapshot(in context: Context, completion: @escaping (WeatherEntry) -> Void) {
        completion(Self.samples[0])
    }

    public func getTimeline(in context: Context, completion: @escaping (Timeline<WeatherEntry>) -> Void) {
        completion(Timeline(entries: Self.samples, policy: .atEnd))
    }

    /// A sunny morning and a rainy evening in Cupertino.
    public static let samples: [WeatherEntry] = [
        WeatherEntry(
            date: Date(timeIntervalSince1970: 1_795_971_600),  // 2026-11-29 17:00 UTC
            city: "Cupertino", temperature: 72, high: 78, low: 61, condition: "Mostly Sunny", symbol: "sun.max.fill",
            hours: [
                .init(time: "10AM", temperature: 73, symbol: "sun.max.fill"),
                .init(time: "11AM", temperature: 75, symbol: "sun.max.fill"),
                .init(time: "12PM", temperature: 77, symbol: "cloud.sun.fill"),
                .init(time: "1PM", temperature: 78, symbol: "cloud.sun.fill"),
                .init(time: "2PM", temperature: 76, symbol: "cloud.fill"),
                .init(time: "3PM", temperature: 74, symbol: "cloud.rain.fill"),
            ],
            days: [
                .init(name: "Mon", symbol: "sun.max.fill", low: 58, high: 79),
                .init(name: "Tue", symbol: "cloud.sun.fill", low: 57, high: 75),
                .init(name: "Wed", symbol: "cloud.rain.fill", low: 54, high: 66),
                .init(name: "Thu", symbol: "cloud.bolt.fill", low: 52, high: 63),
                .init(name: "Fri", symbol: "sun.max.fill", low: 55, high: 72),
            ]),
        WeatherEntry(
            date: Date(timeIntervalSince1970: 1_796_007_600),  // 2026-11-30 03:00 UTC
            city: "Cupertino", temperature: 58, high: 66, low: 52, condition: "Light Rain", symbol: "cloud.rain.fill",
            hours: [
                .init(time: "8PM", temperature: 57, symbol: "cloud.rain.fill"),
                .init(time: "9PM", temperature: 56, symbol: "cloud.rain.fill"),
                .init(time: "10PM", temperature: 55, symbol: "cloud.heavyrain.fill"),
                .init(time: "11PM", temperature: 54, symbol: "cloud.fill"),
                .init(time: "12AM", temperature: 54, symbol: "moon.fill"),
                .init(time: "1AM", temperature: 53, symbol: "moon.fill"),
            ],
            days: [
                .init(name: "Tue", symbol: "cloud.rain.fill", low: 52, high: 66),
                .init(name: "Wed", symbol: "cloud.rain.fill", low: 54, high: 66),
                .init(name: "Thu", symbol: "cloud.bolt.fill", low: 52, high: 63),
                .init(name: "Fri", symbol: "sun.max.fill", low: 55, high: 72),
                .init(name: "Sat", symbol: "sun.max.fill", low: 56, high: 74),
            ]),
    ]
}

struct WeatherHeader: View {
    var entry: WeatherEntry
    var temperatureSize: CGFloat

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            HStack(spacing: 4) {
                Text(entry.city).font(.headline)
                Image(systemName: "location.fill").font(.caption2)
            }
            Text("\(entry.temperature)°")
                .font(.system(size: temperatureSize, weight: .light))
                .widgetAccentable()
        }
    }
}

struct ConditionSummary: View {
    var entry: WeatherEntry

    var body: some View {
        VStack(alignment: .trailing, spacing: 2) {
            Image(systemName: entry.symbol)
                .font(.subheadline)
                .foregroundStyle(.yellow)
            Text(entry.condition)
                .font(.footnote)
                .fontWeight(.semibold)
            Text("H:\(entry.high)° L:\(entry.low)°")
                .font(.footnote)
        }
    }
}

struct HourlyForecast: View {
    var hours: [WeatherEntry.Hour]

    var body: some View {
        HStack(spacing: 0) {
            ForEach(hours, id: \.time) { hour in
                VStack(spacing: 4) {
                    Text(hour.time)
                        .font(.caption2)
                        .fontWeight(.medium)
                        .foregroundStyle(.secondary)
                    Image(systemName: hour.symbol)
                        .font(.footnote)
                        .foregroundStyle(.yellow)
                    Text("\(hour.temperature)°")
                        .font(.footnote)
                        .fontWeight(.semibold)
                }
                .frame(maxWidth: .infinity)
            }
        }
    }
}

struct DailyForecast: View {
    var days: [WeatherEntry.Day]

    static let range = LinearGradient(
        colors: [
            Color(red: 0x5A / 255, green: 0xC8 / 255, blue: 0xFA / 255),
            Color(red: 0xFF / 255, green: 0xD6 / 255, blue: 0x0A / 255),
            Color(red: 0xFF / 255, green: 0x9F / 255, blue: 0x0A / 255),
        ],
        startPoint: .leading, endPoint: .trailing)

    var body: some View {
        VStack(spacing: 8) {
            Divider().overlay(Color.white.opacity(0.25))
            ForEach(days, id: \.name) { day in
                HStack(spacing: 10) {
                    Text(day.name)
                        .font(.subheadline)
                        .fontWeight(.semibold)
                        .frame(width: 40, alignment: .leading)
                    Image(systemName: day.symbol)
                        .font(.body)
                        .foregroundStyle(.yellow)
                        .frame(width: 26)
                    Text("\(day.low)°")
                        .font(.subheadline)
                        .foregroundStyle(.secondary)
                        .monospacedDigit()
                    Capsule()
                        .fill(Self.range)
                        .frame(height: 5)
                    Text("\(day.high)°")
                        .font(.subheadline)
                        .monospacedDigit()
                }
            }
        }
    }
}

public struct WeatherWidgetView: View {
    var entry: WeatherEntry
    @Environment(\.widgetFamily) private var family
    @Environment(\.colorScheme) private var colorScheme

    public init(entry: WeatherEntry) { self.entry = entry }

    public var body: some View {
        content
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
            .foregroundStyle(.white)
            .containerBackground(for: .widget) {
                if colorScheme == .dark {
                    LinearGradient(
                        colors: [
                            Color(red: 0x1B / 255, green: 0x2C / 255, blue: 0x4F / 255),
                            Color(red: 0x0B / 255, green: 0x14 / 255, blue: 0x26 / 255),
                        ],
                        startPoint: .top, endPoint: .bottom)
                } else {
                    LinearGradient(
                        colors: [
                            Color(red: 0x4A / 255, green: 0x90 / 255, blue: 0xE2 / 255),
                            Color(red: 0x1C / 255, green: 0x3F / 255, blue: 0x94 / 255),
                        ],
                        startPoint: .top, endPoint: .bottom)
                }
            }
    }

    @ViewBuilder
    var content: some View {
        switch family {
        case .systemSmall:
            VStack(alignment: .leading, spacing: 2) {
                HStack(spacing: 4) {
                    Text(entry.city).font(.headline)
                    Image(systemName: "location.fill").font(.caption2)
                }
                Text("\(entry.temperature)°")
                    .font(.system(size: 44, weight: .light))
                    .widgetAccentable()
                Spacer(minLength: 0)
                Image(systemName: entry.symbol)
                    .font(.subheadline)
                    .foregroundStyle(.yellow)
                Text(entry.condition)
                    .font(.subheadline)
                    .fontWeight(.medium)
                    .lineLimit(1)
                Text("H:\(entry.high)° L:\(entry.low)°")
                    .font(.subheadline)
            }
        case .systemMedium:
            VStack(spacing: 0) {
                HStack(alignment: .top) {
                    WeatherHeader(entry: entry, temperatureSize: 40)
                    Spacer()
                    ConditionSummary(entry: entry)
                }
                Spacer(minLength: 0)
                HourlyForecast(hours: entry.hours)
            }
        default:
            VStack(spacing: 10) {
                HStack(alignment: .top) {
                    WeatherHeader(entry: entry, temperatureSize: 40)
                    Spacer()
                    ConditionSummary(entry: entry)
                }
                HourlyForecast(hours: entry.hours)
                DailyForecast(days: entry.days)
                Spacer(minLength: 0)
            }
        }
    }
}

public struct WeatherWidget: Widget {
    public init() {}

    public var body: some WidgetConfiguration {
        StaticConfiguration(kind: "WeatherWidget", provider: WeatherProvider()) { entry in
            WeatherWidgetView(entry: entry)
        }
        .configurationDisplayName("Weather")
        .description("Current conditions and the forecast.")
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge])
    }
}
