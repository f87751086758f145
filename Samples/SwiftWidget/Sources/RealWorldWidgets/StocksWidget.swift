// A stocks list: a Grid table with a spanning rule, currency and percent formats, colours by sign,
// monospaced digits, and a compact layout picked with ViewThatFits.
import SwiftUI
import WidgetKit

struct Quote: Identifiable {
    let symbol: String
    let price: Double
    let change: Double
    var id: String { symbol }
}

struct StocksEntry: TimelineEntry {
    let date: Date
    let quotes: [Quote]
}

struct StocksProvider: TimelineProvider {
    static let close = Date(timeIntervalSince1970: 1_795_000_000)
    static let quotes = [
        Quote(symbol: "AAPL", price: 241.84, change: 0.0123),
        Quote(symbol: "MSFT", price: 512.30, change: -0.0041),
        Quote(symbol: "NVDA", price: 1_210.55, change: 0.0317),
        Quote(symbol: "TSLA", price: 298.12, change: -0.0208),
    ]

    func placeholder(in context: Context) -> StocksEntry { StocksEntry(date: Self.close, quotes: Self.quotes) }
    func getSnapshot(in context: Context, completion: @escaping (StocksEntry) -> Void) { completion(placeholder(in: context)) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<StocksEntry>) -> Void) {
        completion(Timeline(entries: [placeholder(in: context)], policy: .never))
    }
}

struct StocksView: View {
    let entry: StocksEntry
    @Environment(\.widgetFamily) private var family

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            HStack {
                Text("Watchlist").font(.headline)
                Spacer()
                Text(entry.date, style: .time)
                    .font(.caption2)
                    .foregroundStyle(.secondary)
            }
            Grid(alignment: .leading, horizontalSpacing: 10, verticalSpacing: 4) {
                ForEach(entry.quotes.prefix(family == .systemSmall ? 3 : 4)) { quote in
                    GridRow {
                        Text(quote.symbol)
                            .font(.subheadline.weight(.semibold))
                        Text(quote.price, format: .currency(code: "USD"))
                            .monospacedDigit()
                            .gridColumnAlignment(.trailing)
                        ViewThatFits {
                            Text(quote.change, format: .percent.precision(.fractionLength(2)))
                            Text(quote.change >= 0 ? "▲" : "▼")
                        }
                        .font(.caption.weight(.medium))
                        .foregroundStyle(quote.change >= 0 ? .green : .red)
                    }
                    .font(.subheadline)
                }
                Divider()
                Text("Delayed quotes")
                    .font(.caption2)
                    .foregroundStyle(.tertiary)
            }
        }
    }
}

struct StocksWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "StocksWidget", provider: StocksProvider()) { entry in
            StocksView(entry: entry)
                .containerBackground(.background, for: .widget)
        }
        .configurationDisplayName("Stocks")
        .supportedFamilies([.systemMedium])
    }
}

#Preview(as: .systemMedium) {
    StocksWidget()
} timeline: {
    StocksEntry(date: StocksProvider.close, quotes: StocksProvider.quotes)
}
