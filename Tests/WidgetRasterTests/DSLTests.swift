import Foundation
import WidgetCLI
import WidgetTooling
import XCTest

@testable import RasterCore
@testable import WidgetLayout
@testable import WidgetModel
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
        RingsEntry(
            date: ISO8601DateFormatter().date(from: "2026-11-29T15:00:00Z")!, move: 0.64, exercise: 0.83, stand: 0.5,
            moveText: "320/500", exerciseText: "25/30", standText: "6/12"),
        RingsEntry(
            date: ISO8601DateFormatter().date(from: "2026-11-29T23:00:00Z")!, move: 1.0, exercise: 1.0, stand: 0.92,
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
                .stroke(
                    AngularGradient(colors: colors, center: .center, startAngle: .degrees(-90), endAngle: .degrees(270)),
                    style: StrokeStyle(lineWidth: 13, lineCap: .round)
                )
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
                VStack(alignment: .leading, spacing: 2) {
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

/// Renders each variant from the spec and from the Swift widget; they must match exactly.
func assertSamePixels(
    _ fromSpec: SpecRenderer, _ fromSwift: SpecRenderer, _ variants: [Variant],
    file: StaticString = #filePath, line: UInt = #line
) throws {
    for v in variants {
        let a = try fromSpec.render(v).pixmap
        let b = try fromSwift.render(v).pixmap
        let diff = ImageDiff(expected: a, actual: b, channelTolerance: 0)
        XCTAssertEqual(diff.differingPixels, 0, "\(v): spec and Swift differ in \(diff.differingPixels) pixels", file: file, line: line)
    }
}

final class DSLTests: XCTestCase {
    func testRingsWidgetRendersLikeItsSpec() throws {
        let spec = try WidgetSpec.load(contentsOf: RenderTests.samples.appendingPathComponent("fitness.widget.json"))
        let fromSpec = SpecRenderer(spec: spec, scale: 1)
        let fromSwift = SpecRenderer(widget: ActivityRingsWidget.definition, scale: 1)
        XCTAssertEqual(fromSwift.spec.kind, "ActivityRingsWidget")
        XCTAssertEqual(fromSwift.spec.supportedFamilies, [.systemSmall, .systemMedium])
        let variants = [WidgetFamily.systemSmall, .systemMedium].flatMap { family in
            [Appearance.light, .tintedDark].flatMap { appearance in
                (0..<2).map { Variant(entry: $0, family: family, appearance: appearance) }
            }
        }
        try assertSamePixels(fromSpec, fromSwift, variants)
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
        let full = def.resolve(
            V(show: true), date: Date(),
            environment: WidgetEnvironment(family: .systemSmall, appearance: .light, size: Size(100, 100), displayScale: 1))
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
        try assertSamePixels(fromSpec, fromSwift, variants)
    }
}

// The calendar Sample (calendar.widget.json) in SwiftUI syntax: date texts, limits, the system background.

struct UpNextEvent {
    var title: String, start: Date, end: Date, color: Color, place: String
}

struct UpNextEntry: TimelineEntry {
    let date: Date
    var weekday: String, day: Int
    var events: [UpNextEvent]
}

struct UpNextProvider: TimelineProvider {
    static func at(_ s: String) -> Date { ISO8601DateFormatter().date(from: s)! }
    static func rgb(_ hex: UInt32) -> Color {
        Color(red: Double(hex >> 16 & 0xFF) / 255, green: Double(hex >> 8 & 0xFF) / 255, blue: Double(hex & 0xFF) / 255)
    }
    let entries = [
        UpNextEntry(
            date: at("2026-11-30T16:05:00Z"), weekday: "MONDAY", day: 30,
            events: [
                UpNextEvent(
                    title: "Design Review", start: at("2026-11-30T16:30:00Z"), end: at("2026-11-30T17:15:00Z"), color: rgb(0xFF9500),
                    place: "Infinite Loop 2"),
                UpNextEvent(
                    title: "Team Sync", start: at("2026-11-30T18:00:00Z"), end: at("2026-11-30T18:30:00Z"), color: rgb(0x34C759),
                    place: "Zoom"),
                UpNextEvent(
                    title: "Dentist", start: at("2026-11-30T22:00:00Z"), end: at("2026-11-30T23:00:00Z"), color: rgb(0x007AFF),
                    place: "Main St"),
            ]),
        UpNextEntry(
            date: at("2026-11-30T18:10:00Z"), weekday: "MONDAY", day: 30,
            events: [
                UpNextEvent(
                    title: "Team Sync (running over, bring the Q4 roadmap)", start: at("2026-11-30T18:00:00Z"),
                    end: at("2026-11-30T18:45:00Z"), color: rgb(0x34C759), place: "Zoom"),
                UpNextEvent(
                    title: "Dentist", start: at("2026-11-30T22:00:00Z"), end: at("2026-11-30T23:00:00Z"), color: rgb(0x007AFF),
                    place: "Main St"),
            ]),
    ]
    func placeholder(in context: Context) -> UpNextEntry { entries[0] }
    func getSnapshot(in context: Context, completion: @escaping (UpNextEntry) -> Void) { completion(entries[0]) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<UpNextEntry>) -> Void) {
        completion(Timeline(entries: entries, policy: .after(Self.at("2026-11-30T20:00:00Z"))))
    }
}

struct UpNextView: View {
    var entry: UpNextEntry
    @Environment(\.widgetFamily) var family

    var body: some View {
        content.containerBackground(.background, for: .widget)
    }

    func weekday() -> some View {
        Text(entry.weekday)
            .font(.caption)
            .fontWeight(.bold)
            .foregroundStyle(.red)
            .widgetAccentable()
    }

    @ViewBuilder var content: some View {
        if family == .systemSmall {
            VStack(alignment: .leading, spacing: 4) {
                weekday()
                Text("\(entry.day)").font(.system(size: 34, weight: .regular))
                Spacer(minLength: 0)
                ForEach(entry.events.prefix(2), id: \.title) { event in
                    HStack(spacing: 6) {
                        RoundedRectangle(cornerRadius: 2).fill(event.color).frame(width: 4)
                        VStack(alignment: .leading, spacing: 0) {
                            Text(event.title).font(.footnote).fontWeight(.semibold).lineLimit(1)
                            Text(event.start...event.end).font(.caption2).foregroundStyle(.secondary).lineLimit(1)
                        }
                    }
                    .fixedSize(horizontal: false, vertical: true)
                }
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        } else {
            HStack(alignment: .top, spacing: 16) {
                VStack(alignment: .leading, spacing: 2) {
                    weekday()
                    Text("\(entry.day)").font(.system(size: 40, weight: .regular))
                    Spacer(minLength: 0)
                    Text("Next in").font(.caption2).foregroundStyle(.secondary)
                    Text(entry.events[0].start, style: .relative).font(.caption).fontWeight(.semibold).lineLimit(2)
                }
                .frame(width: 86, alignment: .leading)
                .frame(maxHeight: .infinity, alignment: .topLeading)
                VStack(alignment: .leading, spacing: 8) {
                    ForEach(entry.events.prefix(3), id: \.title) { event in
                        HStack(spacing: 8) {
                            RoundedRectangle(cornerRadius: 2).fill(event.color).frame(width: 4)
                            VStack(alignment: .leading, spacing: 1) {
                                Text(event.title).font(.subheadline).fontWeight(.semibold).lineLimit(1)
                                HStack(spacing: 4) {
                                    Text(event.start, style: .time)
                                    Text("· \(event.place)")
                                }
                                .font(.caption)
                                .foregroundStyle(.secondary)
                                .lineLimit(1)
                            }
                        }
                        .fixedSize(horizontal: false, vertical: true)
                    }
                    Spacer(minLength: 0)
                }
                .frame(maxWidth: .infinity, alignment: .leading)
            }
        }
    }
}

struct UpNextWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "UpNextWidget", provider: UpNextProvider()) { entry in
            UpNextView(entry: entry)
        }
        .configurationDisplayName("Up Next")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}

final class DSLCalendarTests: XCTestCase {
    func testUpNextWidgetRendersLikeItsSpec() throws {
        let spec = try WidgetSpec.load(contentsOf: RenderTests.samples.appendingPathComponent("calendar.widget.json"))
        let fromSpec = SpecRenderer(spec: spec, scale: 1)
        var definition = UpNextWidget.definition
        definition.timeZone = spec.timeZone  // the device's zone on iOS; the spec states it
        let fromSwift = SpecRenderer(widget: definition, scale: 1)
        let (variants, _) = fromSpec.variants(appearances: [.light, .dark, .tintedDark])
        XCTAssertEqual(variants.count, 12)
        try assertSamePixels(fromSpec, fromSwift, variants)
    }
}

/// A widget without containerBackground, and one with a long inline accessory line.
struct BareWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Bare", provider: RingsProvider()) { _ in
            Text("Move 420 of 500 calories, exercise 25 of 30 minutes, stand 9 of 12 hours")
        }
        .supportedFamilies([.systemSmall, .accessoryInline])
    }
}

final class SystemBehaviourTests: XCTestCase {
    func texts(_ appearance: Appearance, _ family: WidgetFamily) throws -> [String] {
        let r = SpecRenderer(widget: BareWidget.definition, device: DeviceCatalog.default, scale: 1)
        let rendered = try r.render(Variant(entry: 0, family: family, appearance: appearance))
        return rendered.content.ops.compactMap { op -> String? in
            if case .text(let layout, _, _, _) = op.kind { return layout.lines.map(\.text).joined(separator: "\n") }
            return nil
        }
    }

    /// iOS 17+ replaces a widget without containerBackground by "Please adopt containerBackground
    /// API" in every appearance (it showed the content in the accented looks before).
    func testNoContainerBackgroundIsThePlaceholderInEveryLook() throws {
        for appearance in [Appearance.light, .dark, .tintedDark, .clearLight] {
            let t = try texts(appearance, .systemSmall)
            XCTAssertTrue(t.joined().contains("Please adopt"), "\(appearance): \(t)")
            XCTAssertFalse(t.joined().contains("calories"), "\(appearance): \(t)")
        }
    }

    /// A trimmed shape returned as `some Shape` keeps its trim when stroked (the protocol's
    /// `stroke` used to be chosen statically and drop it).
    func testTrimSurvivesSomeShape() {
        func ring() -> some Shape { Circle().trim(from: 0, to: 0.25) }
        let nodes = _resolve(ring().stroke(Color.red, lineWidth: 4), _DSLContext(environment: EnvironmentValues(), capture: .init()))
        guard case .shape(_, let paint)? = nodes.first?.kind else { return XCTFail("not a shape") }
        XCTAssertEqual(paint.trim?.to, 0.25)
    }

    /// The inline accessory shows one line, truncated, whatever the text's line limit.
    func testInlineAccessoryIsOneTruncatedLine() throws {
        let t = try texts(.lockScreen, .accessoryInline)
        XCTAssertEqual(t.count, 1)
        XCTAssertFalse(t[0].contains("\n"), t[0])
        XCTAssertTrue(t[0].hasSuffix("…"), t[0])
    }
}

final class SymbolTableTests: XCTestCase {
    /// Every mapped name has a glyph in the installed icon font (a code point the font lacks would
    /// silently draw the placeholder).
    func testEveryMappedSymbolHasAGlyph() throws {
        let missing = SymbolTable.names.filter { SymbolTable.outline(for: $0, library: .shared) == nil }
        XCTAssertEqual(missing, [])
        XCTAssertGreaterThanOrEqual(SymbolTable.names.count, 400)
    }

    /// Outline and filled variants are different glyphs, as in SF Symbols.
    func testOutlineAndFillDiffer() {
        for base in ["heart", "star", "bell", "bookmark", "lock", "person", "flag", "circle", "checkmark.circle", "plus.circle"] {
            XCTAssertNotEqual(SymbolTable.codePoints[base], SymbolTable.codePoints[base + ".fill"], base)
        }
    }

    func testSymbolsCommandListsAndChecksNames() {
        XCTAssertEqual(WidgetCommandLine.run(["symbols", "heart", "clock.arrow.circlepath"]), 0)
        XCTAssertEqual(WidgetCommandLine.run(["symbols", "no.such.symbol"]), 1)
    }
}
