// WidgetKit's widget, configuration and timeline types, and the bridge that turns a Swift widget
// into resolved variants like a spec file.
import Foundation

/// WidgetKit's `TimelineEntry`.
public protocol TimelineEntry {
    var date: Date { get }
    var relevance: TimelineEntryRelevance? { get }
}
extension TimelineEntry { public var relevance: TimelineEntryRelevance? { nil } }

/// WidgetKit's `TimelineEntryRelevance`.
public struct TimelineEntryRelevance: Sendable {
    public var score: Float, duration: TimeInterval
    public init(score: Float, duration: TimeInterval = 0) {
        self.score = score
        self.duration = duration
    }
}

/// WidgetKit's `Timeline`.
public struct Timeline<EntryType: TimelineEntry> {
    public var entries: [EntryType]
    public var policy: TimelineReloadPolicy
    public init(entries: [EntryType], policy: TimelineReloadPolicy) {
        self.entries = entries
        self.policy = policy
    }
}

/// WidgetKit's `TimelineProviderContext`.
public struct TimelineProviderContext: Sendable {
    public var family: WidgetFamily
    public var displaySize: CGSize
    public var isPreview: Bool
}

/// WidgetKit's `TimelineProvider`. Completion handlers must be called before the method returns
/// (widgetctl renders synchronously).
public protocol TimelineProvider {
    associatedtype Entry: TimelineEntry
    typealias Context = TimelineProviderContext
    func placeholder(in context: Context) -> Entry
    func getSnapshot(in context: Context, completion: @escaping (Entry) -> Void)
    func getTimeline(in context: Context, completion: @escaping (Timeline<Entry>) -> Void)
}

/// WidgetKit's `WidgetConfiguration`.
public protocol WidgetConfiguration {
    var _definition: WidgetDefinition { get }
}

/// WidgetKit's `Widget`.
public protocol Widget {
    associatedtype Body: WidgetConfiguration
    init()
    var body: Body { get }
}

/// WidgetKit's `StaticConfiguration`.
public struct StaticConfiguration<Content: View>: WidgetConfiguration {
    public var _definition: WidgetDefinition

    public init<Provider: TimelineProvider>(kind: String, provider: Provider, @ViewBuilder content: @escaping (Provider.Entry) -> Content) {
        _definition = WidgetDefinition(kind: kind, provider: provider, content: content)
    }
    public func configurationDisplayName(_ name: String) -> Self {
        var c = self
        c._definition.displayName = name
        return c
    }
    public func description(_ text: String) -> Self { self }
    public func supportedFamilies(_ families: [WidgetFamily]) -> Self {
        var c = self
        c._definition.supportedFamilies = families
        return c
    }
    public func containerBackgroundRemovable(_ removable: Bool = true) -> Self {
        var c = self
        c._definition.containerBackgroundRemovable = removable
        return c
    }
    public func contentMarginsDisabled() -> Self {
        var c = self
        c._definition.contentMarginsDisabled = true
        return c
    }
}

/// A Swift widget, type-erased: its configuration, its timeline per family, and its views.
public struct WidgetDefinition {
    public var kind: String
    public var displayName: String
    public var supportedFamilies: [WidgetFamily] = [.systemSmall, .systemMedium, .systemLarge]
    public var containerBackgroundRemovable = true
    public var contentMarginsDisabled = false
    public var locale = Locale(identifier: "en_US")
    public var timeZone = TimeZone(identifier: "UTC")!
    /// Entry dates and views, per family (a provider may give each family its own timeline).
    let timeline: (TimelineProviderContext) -> [(date: Date, view: any View)]

    init<Provider: TimelineProvider, Content: View>(kind: String, provider: Provider, content: @escaping (Provider.Entry) -> Content) {
        self.kind = kind
        displayName = kind
        timeline = { context in
            var result: Timeline<Provider.Entry>? = nil
            provider.getTimeline(in: context) { result = $0 }
            let entries = result?.entries ?? [provider.placeholder(in: context)]
            return entries.map { entry in (entry.date, content(entry) as any View) }
        }
    }

    /// The entries of the timeline for `family`.
    public func entries(for family: WidgetFamily, size: Size) -> [(date: Date, view: any View)] {
        timeline(TimelineProviderContext(family: family, displaySize: CGSize(width: size.width, height: size.height), isPreview: false))
    }

    /// Resolves entry `index` of `view`'s timeline in an environment: the same IR a spec gives.
    public func resolve(_ view: any View, date: Date, environment: WidgetEnvironment) -> ResolvedWidget {
        var env = environment
        env.date = date
        env.locale = locale
        env.timeZone = timeZone
        let values = EnvironmentValues(env)
        let capture = _DSLContext.Capture()
        let context = _DSLContext(environment: values, capture: capture)
        let nodes = _resolveAny(view, context)
        let content = nodes.count == 1 ? nodes[0] : ViewNode(.vstack(alignment: .center, spacing: nil, children: nodes))
        return ResolvedWidget(
            content: content, containerBackground: capture.background,
            contentMarginsDisabled: contentMarginsDisabled,
            containerBackgroundRemovable: containerBackgroundRemovable, environment: env)
    }

    /// A spec-shaped description (kind, families, dates) so the batch, preview and check
    /// machinery can treat the Swift widget like a spec file.
    public func specStandIn(family: WidgetFamily = .systemSmall, size: Size = Size(164, 164)) -> WidgetSpec {
        let dates = entries(for: family, size: size).map(\.date)
        let clear = SpecField<SpecColorName>(.literal(.system("clear")), at: SourceRef(), textual: true, parse: SpecParse.colorName)
        let background = SpecModifierNode(
            name: "containerBackground",
            modifier: .containerBackground(SpecAttached(content: .style(.color(.name(clear)), at: SourceRef()), alignment: nil)),
            at: SourceRef(path: "/body/modifiers/0"))
        let body = SpecNode(typeName: "EmptyView", view: .empty, modifiers: [background], at: SourceRef(path: "/body"), templates: [])
        return WidgetSpec(
            file: kind + ".swift", directory: URL(fileURLWithPath: "."), kind: kind, displayName: displayName,
            supportedFamilies: supportedFamilies, containerBackgroundRemovable: containerBackgroundRemovable,
            contentMarginsDisabled: contentMarginsDisabled,
            timeline: WidgetTimeline(entries: dates.enumerated().map { TimelineEntryData(date: $1, path: "/timeline/entries/\($0)") }),
            assets: [:], body: body, containerBackgroundRemovableAt: nil, timeZone: timeZone, locale: locale,
            limits: .default)
    }
}

extension Widget {
    /// The widget's definition, for rendering.
    public static var definition: WidgetDefinition { Self().body._definition }
}
