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
    /// The intent parameters set for this render (`WidgetDefinition.configuringIntent`).
    var intentValues: [String: String] = [:]
}

/// WidgetKit's `TimelineProvider`, with the `@Sendable` completions the current SDK declares (a
/// provider written without `@Sendable` conforms too). widgetctl renders synchronously: a provider
/// must call its completion before returning (as one serving fixture data does), or its
/// placeholder entry is rendered.
public protocol TimelineProvider {
    associatedtype Entry: TimelineEntry
    typealias Context = TimelineProviderContext
    func placeholder(in context: Context) -> Entry
    func getSnapshot(in context: Context, completion: @escaping @Sendable (Entry) -> Void)
    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<Entry>) -> Void)
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
public struct StaticConfiguration<Content: View>: WidgetConfiguration, _ConfigurationModifiers {
    public var _definition: WidgetDefinition

    public init<Provider: TimelineProvider>(
        kind: String, provider: Provider, @ViewBuilder content: @escaping (Provider.Entry) -> Content, _file: String = #filePath,
        _line: Int = #line, _column: Int = #column
    ) {
        _definition = WidgetDefinition(kind: kind, provider: provider, content: content)
        _definition.source = SourceRef(file: _file, line: _line, column: _column)
    }
}

/// The modifiers every widget configuration has.
public protocol _ConfigurationModifiers: WidgetConfiguration {
    var _definition: WidgetDefinition { get set }
}

extension _ConfigurationModifiers {
    public func configurationDisplayName(_ name: String) -> Self {
        var c = self
        c._definition.displayName = name
        return c
    }
    public func configurationDisplayName(_ name: LocalizedStringResource) -> Self { configurationDisplayName(name.key) }
    public func description(_ text: String) -> Self { self }
    public func description(_ text: LocalizedStringResource) -> Self { self }
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
    /// visionOS: the widget's coating (glass by default).
    public func widgetTexture(_ texture: WidgetTexture) -> Self {
        var c = self
        c._definition.widgetTexture = texture
        return c
    }
    /// visionOS: how the widget may be mounted (elevated by default).
    public func supportedMountingStyles(_ styles: [WidgetMountingStyle]) -> Self {
        var c = self
        c._definition.supportedMountingStyles = styles.isEmpty ? [.elevated] : styles
        return c
    }
    public func disfavoredLocations(_ locations: [Any], for families: [WidgetFamily]) -> Self { self }
    public func promptsForUserConfiguration() -> Self { self }
    public func pushHandler(_ handler: Any) -> Self { self }
    public func onBackgroundURLSessionEvents(matching: String? = nil, _ handler: @escaping (String, @escaping () -> Void) -> Void) -> Self {
        self
    }
}

/// WidgetKit's `WidgetBundle` and its builder. The widgets of a bundle render like any others
/// (`WidgetCommandLine.render(MyBundle().widgets…)`).
public protocol WidgetBundle {
    associatedtype Body: Widget
    init()
    @WidgetBundleBuilder var body: Body { get }
}

extension WidgetBundle {
    /// What `@main` calls: nothing here (a bundle is a list of widgets to render, not an app).
    public static func main() {}
    /// The definitions of the bundle's widgets.
    public var widgets: [WidgetDefinition] { (body as? _WidgetList)?.definitions ?? [body.body._definition] }
}

extension Widget {
    /// What `@main` calls: nothing here; widgetctl renders the widget's definition.
    public static func main() {}
}

/// Several widgets of a bundle.
public struct _WidgetList: Widget {
    let definitions: [WidgetDefinition]
    public init() { definitions = [] }
    init(definitions: [WidgetDefinition]) { self.definitions = definitions }
    public var body: _WidgetListConfiguration { _WidgetListConfiguration(definitions: definitions) }
}

public struct _WidgetListConfiguration: WidgetConfiguration {
    let definitions: [WidgetDefinition]
    public var _definition: WidgetDefinition { definitions.first ?? WidgetDefinition(kind: "empty") { _ in [] } }
}

@resultBuilder
public enum WidgetBundleBuilder {
    public static func buildExpression<W: Widget>(_ widget: W) -> [WidgetDefinition] { [widget.body._definition] }
    public static func buildBlock(_ parts: [WidgetDefinition]...) -> _WidgetList { _WidgetList(definitions: parts.flatMap { $0 }) }
    public static func buildOptional(_ part: [WidgetDefinition]?) -> [WidgetDefinition] { part ?? [] }
    public static func buildEither(first: [WidgetDefinition]) -> [WidgetDefinition] { first }
    public static func buildEither(second: [WidgetDefinition]) -> [WidgetDefinition] { second }
    public static func buildLimitedAvailability(_ part: [WidgetDefinition]) -> [WidgetDefinition] { part }
}

/// A Swift widget, type-erased: its configuration, its timeline per family, and its views.
public struct WidgetDefinition {
    public var kind: String
    public var displayName: String
    public var supportedFamilies: [WidgetFamily] = [.systemSmall, .systemMedium, .systemLarge]
    public var containerBackgroundRemovable = true
    public var contentMarginsDisabled = false
    public var widgetTexture = WidgetTexture.glass
    public var supportedMountingStyles: [WidgetMountingStyle] = [.elevated]
    public var locale = Locale(identifier: "en_US")
    public var timeZone = TimeZone(identifier: "UTC")!
    /// Where the widget's configuration was written (for `check` findings about the whole widget).
    public var source = SourceRef()
    /// Entry dates and views, per family (a provider may give each family its own timeline).
    let timeline: (TimelineProviderContext) -> [(date: Date, view: any View)]
    /// The widget's view of an entry of its own entry type (nil for another type), for previews
    /// that give their own entries; nil for a definition made from a timeline of views.
    let content: ((any TimelineEntry) -> (any View)?)?
    /// The `@Parameter`s of an App Intents widget's intent (empty for other widgets).
    public internal(set) var intentParameters: [IntentParameterInfo] = []
    /// The parameter values this definition renders with (the intent's defaults for the others).
    public private(set) var intentValues: [String: String] = [:]
    var makeIntent: (() -> Any)?

    init<Provider: TimelineProvider, Content: View>(kind: String, provider: Provider, content: @escaping (Provider.Entry) -> Content) {
        self.init(kind: kind, content: content) { context in
            let box = ResultBox<Timeline<Provider.Entry>>()
            provider.getTimeline(in: context) { box.value = $0 }
            let entries = box.value?.entries ?? [provider.placeholder(in: context)]
            return entries.map { entry in (entry.date, content(entry) as any View) }
        }
    }

    /// A widget from a function of the context to its dated views.
    public init(kind: String, timeline: @escaping (TimelineProviderContext) -> [(date: Date, view: any View)]) {
        self.kind = kind
        displayName = kind
        self.timeline = timeline
        content = nil
    }

    /// A widget whose views are `content` of its entries.
    init<Entry: TimelineEntry, Content: View>(
        kind: String, content: @escaping (Entry) -> Content, timeline: @escaping (TimelineProviderContext) -> [(date: Date, view: any View)]
    ) {
        self.kind = kind
        displayName = kind
        self.timeline = timeline
        self.content = { entry in (entry as? Entry).map { content($0) as any View } }
    }

    /// The same widget (configuration, families, margins) with another timeline: what a preview
    /// that gives its own entries or provider renders.
    func withTimeline(kind: String, _ timeline: @escaping (TimelineProviderContext) -> [(date: Date, view: any View)]) -> WidgetDefinition {
        var d = WidgetDefinition(kind: kind, timeline: timeline)
        d.supportedFamilies = supportedFamilies
        d.containerBackgroundRemovable = containerBackgroundRemovable
        d.contentMarginsDisabled = contentMarginsDisabled
        d.widgetTexture = widgetTexture
        d.supportedMountingStyles = supportedMountingStyles
        d.locale = locale
        d.timeZone = timeZone
        d.source = source
        return d
    }

    /// The entries of the timeline for `family`.
    public func entries(for family: WidgetFamily, size: Size) -> [(date: Date, view: any View)] {
        timeline(
            TimelineProviderContext(
                family: family, displaySize: CGSize(width: size.width, height: size.height), isPreview: false, intentValues: intentValues))
    }

    /// The widget with some of its intent's parameters set from text (`["city": "Paris"]`): strings,
    /// numbers, booleans (true/false), enums by raw value. A name the intent does not have, or a value
    /// its type does not take, is an error that names the parameters or values it takes.
    public func configuringIntent(_ values: [String: String]) throws -> WidgetDefinition {
        guard let makeIntent else {
            throw IntentParameterError(description: "widget \"\(kind)\" has no App Intents configuration, so no intent parameters")
        }
        try IntentParameters.apply(values, to: makeIntent())
        var d = self
        d.intentValues.merge(values) { $1 }
        return d
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
        var spec = WidgetSpec(
            file: kind + ".swift", directory: URL(fileURLWithPath: "."), kind: kind, displayName: displayName,
            supportedFamilies: supportedFamilies, containerBackgroundRemovable: containerBackgroundRemovable,
            contentMarginsDisabled: contentMarginsDisabled,
            timeline: WidgetTimeline(entries: dates.enumerated().map { TimelineEntryData(date: $1, path: "/timeline/entries/\($0)") }),
            assets: [:], body: body, containerBackgroundRemovableAt: nil, timeZone: timeZone, locale: locale,
            limits: .default)
        spec.widgetTexture = widgetTexture
        spec.supportedMountingStyles = supportedMountingStyles
        return spec
    }
}

extension Widget {
    /// The widget's definition, for rendering.
    public static var definition: WidgetDefinition { Self().body._definition }
}

/// A view outside any widget, resolved to the view tree the renderer lays out (what
/// `ViewRenderer` draws: SwiftUI's `ImageRenderer` on Linux).
public enum StandaloneView {
    /// The tree of `view` in `environment`; a `containerBackground` in it is ignored (there is no
    /// widget to put it on), as SwiftUI ignores it outside a widget.
    public static func resolve(_ view: any View, environment: WidgetEnvironment) -> ViewNode {
        let context = _DSLContext(environment: EnvironmentValues(environment), capture: _DSLContext.Capture())
        let nodes = _resolveAny(view, context)
        return nodes.count == 1 ? nodes[0] : ViewNode(.vstack(alignment: .center, spacing: nil, children: nodes))
    }
}
