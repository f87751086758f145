import XCTest
import Foundation
import WidgetModel
@testable import WidgetRaster

// The activity-rings Sample written as an iOS widget would be (ordinary SwiftUI), to show the DSL
// builds the same IR as the spec: both must render to the same pixels.

struct RingsEntry: TimelineEntry {
    let date: Date
    let move: Double, exercise: Double, stand: Double
    let moveText: String, exerciseText: String, standText: String
}

struct RingsProvider: TimelineProvider {
    func placeholder(in context: Context) -> RingsEntry { entries[0] }
    func getSnapshot(in context: Context, completion: @escaping (RingsEntry) -> Void) { completion(entries[0]) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<RingsEntry>) -> Void) {
        completion(Timeline(entries: entries, policy: .atEnd))
    }
    let entries = [
        RingsEntry(date: ISO8601DateFormatter().date(from: "2026-11-29T15:00:00Z")!, move: 0.64, exercise: 0.83, stand: 0.5,
                   moveText: "320/500", exerciseText: "25/30", standText: "6/12"),
        RingsEntry(date: ISO8601DateFormatter().date(from: "2026-11-29T23:00:00Z")!, move: 1.0, exercise: 1.0, stand: 0.92,
                   moveText: "540/500", exerciseText: "41/30", standText: "11/12"),
    ]
}

struct Ring: View {
    var fraction: Double
    var colors: [Color]
    var track: Color
    var inset: CGFloat
    var accentable = false

    var body: some View {
        ZStack {
            Circle().stroke(track, lineWidth: 13).padding(inset)
            Circle()
                .trim(from: 0, to: fraction)
                .stroke(AngularGradient(colors: colors, center: .center, startAngle: .degrees(-90), endAngle: .degrees(270)),
                        style: StrokeStyle(lineWidth: 13, lineCap: .round))
                .rotationEffect(.degrees(-90))
                .widgetAccentable(accentable)
                .padding(inset)
        }
    }
}

struct RingsView: View {
    var entry: RingsEntry
    @Environment(\.widgetFamily) var family

    static func rgb(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 255) -> Color {
        Color(red: r / 255, green: g / 255, blue: b / 255, opacity: a / 255)
    }
    static let move = [rgb(250, 17, 79), rgb(255, 110, 168), rgb(250, 17, 79)]
    static let exercise = [rgb(146, 232, 42), rgb(212, 255, 92), rgb(146, 232, 42)]
    static let stand = [rgb(30, 234, 239), rgb(125, 249, 255), rgb(30, 234, 239)]

    func stat(_ title: String, _ value: String, _ color: Color, accent: Bool = false) -> some View {
        VStack(alignment: .leading, spacing: 0) {
            Text(title).font(.subheadline).fontWeight(.semibold)
            Text(value)
                .font(.system(size: 20, weight: .semibold, design: .rounded))
                .foregroundStyle(color)
                .widgetAccentable(accent)
        }
    }

    var body: some View {
        HStack(spacing: 16) {
            ZStack {
                Ring(fraction: entry.move, colors: Self.move, track: Self.rgb(250, 17, 79, 64), inset: 0, accentable: true)
                Ring(fraction: entry.exercise, colors: Self.exercise, track: Self.rgb(146, 232, 42, 64), inset: 15)
                Ring(fraction: entry.stand, colors: Self.stand, track: Self.rgb(30, 234, 239, 64), inset: 30)
            }
            .padding(6)
            .aspectRatio(1, contentMode: .fit)
            if family == .systemMedium {
                VStack(alignment: .leading, spacing: 6) {
                    stat("Move", "\(entry.moveText) CAL", Self.rgb(250, 17, 79), accent: true)
                    stat("Exercise", "\(entry.exerciseText) MIN", Self.rgb(146, 232, 42))
                    stat("Stand", "\(entry.standText) HRS", Self.rgb(30, 234, 239))
                }
                .frame(maxWidth: .infinity, alignment: .leading)
            }
        }
        .foregroundStyle(.white)
        .containerBackground(.black, for: .widget)
    }
}

struct ActivityRingsWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "ActivityRingsWidget", provider: RingsProvider()) { entry in
            RingsView(entry: entry)
        }
        .configurationDisplayName("Activity")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}

final class DSLTests: XCTestCase {
    func testRingsWidgetRendersLikeItsSpec() throws {
        let spec = try WidgetSpec.load(contentsOf: RenderTests.samples.appendingPathComponent("fitness.widget.json"))
        let fromSpec = SpecRenderer(spec: spec, scale: 1)
        let fromSwift = SpecRenderer(widget: ActivityRingsWidget.definition, scale: 1)
        XCTAssertEqual(fromSwift.spec.kind, "ActivityRingsWidget")
        XCTAssertEqual(fromSwift.spec.supportedFamilies, [.systemSmall, .systemMedium])
        for family in [WidgetFamily.systemSmall, .systemMedium] {
            for appearance in [Appearance.light, .tintedDark] {
                for entry in 0..<2 {
                    let v = Variant(entry: entry, family: family, appearance: appearance)
                    let a = try fromSpec.render(v).pixmap, b = try fromSwift.render(v).pixmap
                    let diff = ImageDiff(expected: a, actual: b, channelTolerance: 0)
                    XCTAssertEqual(diff.differingPixels, 0, "\(v): spec and Swift differ in \(diff.differingPixels) pixels")
                }
            }
        }
    }

    func testEnvironmentAndBuilderControlFlow() {
        struct V: View {
            var show: Bool
            @Environment(\.widgetRenderingMode) var mode
            var body: some View {
                VStack {
                    if show { Text("shown") }
                    switch mode {
                    case .accented: Text("accented")
                    default: Text("full")
                    }
                    ForEach(0..<3) { i in Text("\(i)") }
                }
            }
        }
        func texts(_ n: ViewNode) -> [String] {
            switch n.kind {
            case .text(let s, _): return [s]
            case .vstack(_, _, let c), .hstack(_, _, let c), .zstack(_, let c): return c.flatMap(texts)
            default: return []
            }
        }
        let def = StaticConfiguration(kind: "T", provider: RingsProvider()) { _ in V(show: true) }._definition
        let env = WidgetEnvironment(family: .systemSmall, appearance: .clearDark, size: Size(100, 100), displayScale: 1)
        let w = def.resolve(V(show: false), date: Date(), environment: env)
        XCTAssertEqual(texts(w.content), ["accented", "0", "1", "2"])
        let full = def.resolve(V(show: true), date: Date(), environment: WidgetEnvironment(family: .systemSmall, appearance: .light, size: Size(100, 100), displayScale: 1))
        XCTAssertEqual(texts(full.content), ["shown", "full", "0", "1", "2"])
    }
}

// The Lock Screen Sample (lockscreen.widget.json) in SwiftUI syntax: accessory families, vibrant mode.

struct HydrationEntry: TimelineEntry {
    let date: Date
    let liters: Double, goal: Double, fraction: Double
}

struct HydrationProvider: TimelineProvider {
    func placeholder(in context: Context) -> HydrationEntry { entries[0] }
    func getSnapshot(in context: Context, completion: @escaping (HydrationEntry) -> Void) { completion(entries[0]) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<HydrationEntry>) -> Void) {
        completion(Timeline(entries: entries, policy: .atEnd))
    }
    let entries = [
        HydrationEntry(date: ISO8601DateFormatter().date(from: "2026-11-29T18:00:00Z")!, liters: 1.8, goal: 2.5, fraction: 0.72),
        HydrationEntry(date: ISO8601DateFormatter().date(from: "2026-11-29T22:00:00Z")!, liters: 2.6, goal: 2.5, fraction: 1.0),
    ]
}

struct HydrationView: View {
    var entry: HydrationEntry
    @Environment(\.widgetFamily) var family

    var percent: String { "\(Int((entry.fraction * 100).rounded()))%" }
    func liters(_ v: Double) -> String { String(format: "%.1f", v) }

    var body: some View {
        content.containerBackground(.clear, for: .widget)
    }

    @ViewBuilder var content: some View {
        switch family {
        case .accessoryCircular:
            ZStack {
                AccessoryWidgetBackground()
                Gauge(value: entry.fraction) {
                    Image(systemName: "drop.fill")
                } currentValueLabel: {
                    Text(percent)
                }
                .gaugeStyle(.accessoryCircularCapacity)
            }
        case .accessoryRectangular:
            VStack(alignment: .leading, spacing: 2) {
                HStack(spacing: 4) {
                    Image(systemName: "drop.fill")
                    Text("Hydration")
                }
                .font(.headline)
                .widgetAccentable()
                Text("\(liters(entry.liters)) of \(liters(entry.goal)) L").font(.body)
                ProgressView(value: entry.fraction, total: 1)
            }
            .frame(maxWidth: .infinity, alignment: .leading)
        default:
            HStack {
                Image(systemName: "drop.fill")
                Text("\(liters(entry.liters)) L · \(percent)")
            }
        }
    }
}

struct HydrationWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "HydrationWidget", provider: HydrationProvider()) { entry in
            HydrationView(entry: entry)
        }
        .configurationDisplayName("Hydration")
        .supportedFamilies([.accessoryCircular, .accessoryRectangular, .accessoryInline])
    }
}

final class DSLLockScreenTests: XCTestCase {
    func testHydrationWidgetRendersLikeItsSpec() throws {
        let spec = try WidgetSpec.load(contentsOf: RenderTests.samples.appendingPathComponent("lockscreen.widget.json"))
        let fromSpec = SpecRenderer(spec: spec, scale: 2)
        let fromSwift = SpecRenderer(widget: HydrationWidget.definition, scale: 2)
        let (variants, _) = fromSpec.variants(appearances: [.lockScreen, .light, .tintedDark])
        XCTAssertGreaterThanOrEqual(variants.count, 6)
        for v in variants {
            let a = try fromSpec.render(v).pixmap, b = try fromSwift.render(v).pixmap
            let diff = ImageDiff(expected: a, actual: b, channelTolerance: 0)
            XCTAssertEqual(diff.differingPixels, 0, "\(v): spec and Swift differ in \(diff.differingPixels) pixels")
        }
    }
}
