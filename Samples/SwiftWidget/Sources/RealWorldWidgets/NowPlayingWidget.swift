// A now-playing widget with interactive buttons: an App Intent per button, artwork stood in for by
// a blurred, desaturated gradient, a progress bar drawn with GeometryReader, a badge placed with
// position(x:y:), and privacy redaction that keeps the controls.
import AppIntents
import SwiftUI
import WidgetKit

struct TogglePlaybackIntent: AppIntent {
    static var title: LocalizedStringResource { "Play or pause" }

    func perform() async throws -> some IntentResult {
        .result()
    }
}

struct SkipTrackIntent: AppIntent {
    static var title: LocalizedStringResource { "Next track" }

    func perform() async throws -> some IntentResult {
        .result()
    }
}

struct NowPlayingEntry: TimelineEntry {
    let date: Date
    let title: String
    let artist: String
    let elapsed: Double
    let duration: Double
    let isPlaying: Bool
}

struct NowPlayingProvider: TimelineProvider {
    static let now = Date(timeIntervalSince1970: 1_795_000_000)

    func placeholder(in context: Context) -> NowPlayingEntry {
        NowPlayingEntry(date: Self.now, title: "Song", artist: "Artist", elapsed: 0, duration: 1, isPlaying: false)
    }

    func getSnapshot(in context: Context, completion: @escaping @Sendable (NowPlayingEntry) -> Void) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<NowPlayingEntry>) -> Void) {
        let entry = NowPlayingEntry(
            date: Self.now, title: "Midnight Drive", artist: "The Night Shift", elapsed: 83, duration: 214, isPlaying: true)
        completion(Timeline(entries: [entry], policy: .never))
    }
}

struct NowPlayingView: View {
    let entry: NowPlayingEntry
    @Environment(\.redactionReasons) private var redactionReasons

    var body: some View {
        HStack(spacing: 12) {
            ZStack {
                LinearGradient(colors: [.pink, .purple, .indigo], startPoint: .topLeading, endPoint: .bottomTrailing)
                    .frame(width: 84, height: 84)
                    .blur(radius: 6)
                    .saturation(entry.isPlaying ? 1 : 0.2)
                    .clipShape(RoundedRectangle(cornerRadius: 14, style: .continuous))
                Image(systemName: "music.note")
                    .font(.title)
                    .foregroundStyle(.white)
                Circle()
                    .fill(.green)
                    .frame(width: 12, height: 12)
                    .position(x: 76, y: 8)
            }
            .frame(width: 84, height: 84)

            VStack(alignment: .leading, spacing: 4) {
                Text(entry.title)
                    .font(.headline)
                    .lineLimit(1)
                Text(entry.artist)
                    .font(.subheadline)
                    .foregroundStyle(.secondary)
                    .lineLimit(1)
                GeometryReader { proxy in
                    ZStack(alignment: .leading) {
                        Capsule().fill(.quaternary)
                        Capsule()
                            .fill(.pink)
                            .frame(width: proxy.size.width * entry.elapsed / max(entry.duration, 1))
                    }
                }
                .frame(height: 4)
                HStack(spacing: 18) {
                    Button(intent: TogglePlaybackIntent()) {
                        Image(systemName: entry.isPlaying ? "pause.fill" : "play.fill")
                    }
                    Button(intent: SkipTrackIntent()) {
                        Image(systemName: "forward.fill")
                    }
                }
                .buttonStyle(.plain)
                .font(.title3)
                .symbolRenderingMode(.hierarchical)
                .imageScale(.large)
                .unredacted()
                if redactionReasons.contains(.placeholder) {
                    Text("Loading…").font(.caption2)
                }
            }
        }
    }
}

struct NowPlayingWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "NowPlayingWidget", provider: NowPlayingProvider()) { entry in
            NowPlayingView(entry: entry)
                .containerBackground(for: .widget) {
                    Color(white: 0.97)
                }
        }
        .configurationDisplayName("Now Playing")
        .supportedFamilies([.systemMedium])
    }
}

#Preview(as: .systemMedium) {
    NowPlayingWidget()
} timeline: {
    NowPlayingEntry(date: .now, title: "Midnight Drive", artist: "The Night Shift", elapsed: 83, duration: 214, isPlaying: true)
    NowPlayingEntry(date: .now, title: "Midnight Drive", artist: "The Night Shift", elapsed: 83, duration: 214, isPlaying: false)
}
