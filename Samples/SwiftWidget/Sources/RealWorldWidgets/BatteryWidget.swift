// Battery levels of nearby devices: bars sized with GeometryReader, labels with symbols, colours
// given in an explicit colour space, and a custom view modifier for the rows.
#if canImport(WidgetKit)
    import SwiftUI
    import WidgetKit
#else
    import WidgetModel
#endif

struct DeviceBattery: Identifiable {
    let id: String
    let name: String
    let symbol: String
    let level: Double
    let isCharging: Bool
}

struct BatteryEntry: TimelineEntry {
    let date: Date
    let devices: [DeviceBattery]
}

struct BatteryProvider: TimelineProvider {
    static let entry = BatteryEntry(
        date: Date(timeIntervalSince1970: 1_795_000_000),
        devices: [
            DeviceBattery(id: "phone", name: "iPhone", symbol: "iphone", level: 0.82, isCharging: false),
            DeviceBattery(id: "watch", name: "Watch", symbol: "applewatch", level: 0.34, isCharging: true),
            DeviceBattery(id: "pods", name: "AirPods", symbol: "airpodspro", level: 0.12, isCharging: false),
        ])

    func placeholder(in context: Context) -> BatteryEntry { Self.entry }
    func getSnapshot(in context: Context, completion: @escaping @Sendable (BatteryEntry) -> Void) { completion(Self.entry) }
    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<BatteryEntry>) -> Void) {
        completion(Timeline(entries: [Self.entry], policy: .never))
    }
}

struct BatteryRowStyle: ViewModifier {
    func body(content: Content) -> some View {
        content
            .font(.system(size: 13, weight: .medium))
            .padding(.vertical, 2)
    }
}

struct BatteryBar: View {
    let level: Double
    let isCharging: Bool

    private var tint: Color {
        if isCharging { return Color(.sRGB, red: 0.2, green: 0.78, blue: 0.35, opacity: 1) }
        return level < 0.2 ? .red : .primary
    }

    var body: some View {
        GeometryReader { proxy in
            ZStack(alignment: .leading) {
                Capsule().fill(.quaternary)
                Capsule()
                    .fill(tint)
                    .frame(width: max(6, proxy.size.width * level))
            }
        }
        .frame(height: 6)
    }
}

struct BatteryWidgetView: View {
    let entry: BatteryEntry

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            ForEach(entry.devices) { device in
                VStack(alignment: .leading, spacing: 3) {
                    HStack {
                        Label(device.name, systemImage: device.symbol)
                            .labelStyle(.titleAndIcon)
                        Spacer()
                        Text(device.level, format: .percent)
                            .monospacedDigit()
                        if device.isCharging {
                            Image(systemName: "bolt.fill")
                                .foregroundStyle(.green)
                                .scaleEffect(0.8)
                        }
                    }
                    .modifier(BatteryRowStyle())
                    BatteryBar(level: device.level, isCharging: device.isCharging)
                }
                .accessibilityElement(children: .combine)
                .accessibilityLabel("\(device.name) battery")
            }
        }
    }
}

struct BatteryWidget: Widget {
    let kind = "BatteryWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: BatteryProvider()) { entry in
            BatteryWidgetView(entry: entry)
                .containerBackground(.background, for: .widget)
        }
        .configurationDisplayName("Batteries")
        .supportedFamilies([.systemMedium])
    }
}
