// SwiftUI previews of widgets, both forms: `PreviewProvider` with
// `.previewContext(WidgetPreviewContext(family:))` (`WidgetPreviews.definitions(of:)`), and the
// `#Preview` macro with SwiftUI's and WidgetKit's signatures (`WidgetPreviews.declared()` in
// WidgetTooling finds every one the program declares). Either renders through WidgetCommandLine like
// any widget, the way Xcode's canvas shows them.
import Foundation

/// SwiftUI's `PreviewProvider`.
public protocol PreviewProvider {
    associatedtype Previews: View
    @ViewBuilder static var previews: Previews { get }
}

/// WidgetKit's `WidgetPreviewContext`.
public struct WidgetPreviewContext: Sendable {
    public let family: WidgetFamily
    public init(family: WidgetFamily) { self.family = family }
}

/// A view shown in a preview context.
public struct _PreviewContextView<Content: View>: _PrimitiveView, _PreviewItem {
    let content: Content
    var family: WidgetFamily
    var name: String?
    public func _nodes(_ c: _DSLContext) -> [ViewNode] { _resolve(content, c) }
    var _preview: (family: WidgetFamily, name: String?, view: any View) { (family, name, content) }
}

protocol _PreviewItem { var _preview: (family: WidgetFamily, name: String?, view: any View) { get } }

extension View {
    public func previewContext(_ context: WidgetPreviewContext) -> _PreviewContextView<Self> {
        _PreviewContextView(content: self, family: context.family, name: nil)
    }
    public func previewDisplayName(_ name: String?) -> Self { self }
    public func previewLayout(_ layout: Any) -> Self { self }
    public func previewDevice(_ device: Any?) -> Self { self }
}

extension _PreviewContextView {
    public func previewDisplayName(_ name: String?) -> _PreviewContextView {
        var v = self
        v.name = name
        return v
    }
}

public enum WidgetPreviews {
    /// The date a preview is rendered at (fixed, so previews render the same bytes every time).
    public static let date = Date(timeIntervalSince1970: 1_795_000_000)

    /// Each preview a provider declares, as a widget of one family and one entry: kind
    /// "<Provider>-<n>" (or its display name).
    public static func definitions<P: PreviewProvider>(of provider: P.Type) -> [WidgetDefinition] {
        var items: [(family: WidgetFamily, name: String?, view: any View)] = []
        collect(P.previews, into: &items)
        return items.enumerated().map { i, item in
            var d = WidgetDefinition(kind: item.name ?? "\(P.self)-\(i + 1)") { _ in [(date, item.view)] }
            d.supportedFamilies = [item.family]
            return d
        }
    }

    static func collect(_ view: any View, into items: inout [(family: WidgetFamily, name: String?, view: any View)]) {
        if let p = view as? _PreviewItem {
            items.append(p._preview)
        } else if let t = view as? TupleView {
            for v in t.views { collect(v, into: &items) }
        } else if let g = view as? _GroupContent {
            collect(g._content, into: &items)
        } else {
            items.append((.systemSmall, nil, view))
        }
    }
}

protocol _GroupContent { var _content: any View { get } }
extension Group: _GroupContent { var _content: any View { content } }

// MARK: - #Preview

/// What `#Preview` leaves in the `widgetctl_previews` section of the binary: a magic number
/// (0x57505256, "WPRV"), a reserved word, and a function that registers the preview.
public typealias _WidgetPreviewRecord = (UInt32, UInt32, @convention(c) () -> Void)

/// WidgetKit's `PreviewTimelineBuilder`: the entries of a `#Preview` timeline, one per line.
@resultBuilder
public enum PreviewTimelineBuilder<EntryType: TimelineEntry> {
    public static func buildExpression(_ entry: EntryType) -> [EntryType] { [entry] }
    public static func buildExpression(_ entries: [EntryType]) -> [EntryType] { entries }
    public static func buildBlock(_ parts: [EntryType]...) -> [EntryType] { parts.flatMap { $0 } }
    public static func buildArray(_ parts: [[EntryType]]) -> [EntryType] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [EntryType]?) -> [EntryType] { part ?? [] }
    public static func buildEither(first: [EntryType]) -> [EntryType] { first }
    public static func buildEither(second: [EntryType]) -> [EntryType] { second }
    public static func buildLimitedAvailability(_ part: [EntryType]) -> [EntryType] { part }
}

/// SwiftUI's preview traits (a view preview's layout and orientation; the preview renders in a
/// small widget's frame whatever they say).
public struct PreviewTrait<T>: Sendable {
    let label: String
}
public enum _PreviewViewTraits {}
extension PreviewTrait where T == _PreviewViewTraits {
    public static var sizeThatFitsLayout: PreviewTrait { PreviewTrait(label: "sizeThatFitsLayout") }
    public static var defaultLayout: PreviewTrait { PreviewTrait(label: "defaultLayout") }
    public static func fixedLayout(width: CGFloat, height: CGFloat) -> PreviewTrait { PreviewTrait(label: "fixedLayout") }
    public static var portrait: PreviewTrait { PreviewTrait(label: "portrait") }
    public static var portraitUpsideDown: PreviewTrait { PreviewTrait(label: "portraitUpsideDown") }
    public static var landscapeLeft: PreviewTrait { PreviewTrait(label: "landscapeLeft") }
    public static var landscapeRight: PreviewTrait { PreviewTrait(label: "landscapeRight") }
}

/// A widget preview: the widget with a timeline given as entries.
@freestanding(declaration)
public macro Preview<W: Widget, Entry: TimelineEntry>(
    _ name: String? = nil, as family: WidgetFamily, widget: @escaping () -> W,
    @PreviewTimelineBuilder<Entry> timeline: @escaping () async -> [Entry]
) = #externalMacro(module: "WidgetPreviewMacros", type: "PreviewMacro")

/// A widget preview: the widget with a timeline from a provider.
@freestanding(declaration)
public macro Preview<W: Widget, Provider: TimelineProvider>(
    _ name: String? = nil, as family: WidgetFamily, widget: @escaping () -> W, timelineProvider: @escaping () -> Provider
) = #externalMacro(module: "WidgetPreviewMacros", type: "PreviewMacro")

/// A configurable widget's preview with an intent and entries.
@freestanding(declaration)
public macro Preview<W: Widget, Intent: WidgetConfigurationIntent, Entry: TimelineEntry>(
    _ name: String? = nil, as family: WidgetFamily, using intent: Intent, widget: @escaping () -> W,
    @PreviewTimelineBuilder<Entry> timeline: @escaping () async -> [Entry]
) = #externalMacro(module: "WidgetPreviewMacros", type: "PreviewMacro")

/// A configurable widget's preview with an intent and an App Intents provider.
@freestanding(declaration)
public macro Preview<W: Widget, Provider: AppIntentTimelineProvider>(
    _ name: String? = nil, as family: WidgetFamily, using intent: Provider.Intent, widget: @escaping () -> W,
    timelineProvider: @escaping () -> Provider
) = #externalMacro(module: "WidgetPreviewMacros", type: "PreviewMacro")

/// A view preview (rendered in a small widget's frame).
@freestanding(declaration)
public macro Preview(
    _ name: String? = nil, traits: PreviewTrait<_PreviewViewTraits>..., @ViewBuilder body: @escaping () -> any View
) = #externalMacro(module: "WidgetPreviewMacros", type: "PreviewMacro")

/// A `#Preview` found in the program: where it was written, and how to make its widget.
package struct RegisteredPreview {
    package let file: String
    package let line: Int
    package let name: String?
    package let family: WidgetFamily
    package let make: () -> WidgetDefinition
}

/// The previews registered by the records the program has walked so far.
package final class PreviewRegistry: @unchecked Sendable {
    package static let shared = PreviewRegistry()
    private let lock = NSLock()
    private var items: [RegisteredPreview] = []
    package func add(_ item: RegisteredPreview) { lock.withLock { items.append(item) } }
    /// Takes what was registered (and empties the registry).
    package func take() -> [RegisteredPreview] {
        lock.withLock {
            defer { items = [] }
            return items
        }
    }
}

extension WidgetPreviews {
    /// The view for an entry the widget cannot show (its content takes another entry type).
    static func mismatch(_ entry: any TimelineEntry, widget: Any.Type) -> any View {
        Text("#Preview: \(type(of: entry)) is not the entry type of \(widget)").font(.caption).foregroundStyle(.red)
    }

    static func entryViews<W: Widget>(_ widget: W.Type, _ base: WidgetDefinition, _ entries: [any TimelineEntry]) -> [(
        date: Date, view: any View
    )] {
        entries.map { entry in (entry.date, base.content?(entry) ?? mismatch(entry, widget: W.self)) }
    }
}

// The functions a `#Preview` expands to call (see Sources/WidgetPreviewMacros): the macros' own
// signatures, plus where the preview was written.

public func __widgetctl_preview<W: Widget, Entry: TimelineEntry>(
    _file: String, _line: Int, _ name: String? = nil, as family: WidgetFamily, widget: @escaping () -> W,
    @PreviewTimelineBuilder<Entry> timeline: @escaping () async -> [Entry]
) {
    PreviewRegistry.shared.add(
        RegisteredPreview(file: _file, line: _line, name: name, family: family) {
            let base = widget().body._definition
            return base.withTimeline(kind: base.kind) { _ in
                WidgetPreviews.entryViews(W.self, base, runBlocking { await timeline() } ?? [])
            }
        })
}

public func __widgetctl_preview<W: Widget, Provider: TimelineProvider>(
    _file: String, _line: Int, _ name: String? = nil, as family: WidgetFamily, widget: @escaping () -> W,
    timelineProvider: @escaping () -> Provider
) {
    PreviewRegistry.shared.add(
        RegisteredPreview(file: _file, line: _line, name: name, family: family) {
            let base = widget().body._definition
            let provider = timelineProvider()
            return base.withTimeline(kind: base.kind) { context in
                let box = ResultBox<Timeline<Provider.Entry>>()
                provider.getTimeline(in: context) { box.value = $0 }
                let entries = box.value?.entries ?? [provider.placeholder(in: context)]
                return WidgetPreviews.entryViews(W.self, base, entries)
            }
        })
}

public func __widgetctl_preview<W: Widget, Intent: WidgetConfigurationIntent, Entry: TimelineEntry>(
    _file: String, _line: Int, _ name: String? = nil, as family: WidgetFamily, using intent: Intent, widget: @escaping () -> W,
    @PreviewTimelineBuilder<Entry> timeline: @escaping () async -> [Entry]
) {
    __widgetctl_preview(_file: _file, _line: _line, name, as: family, widget: widget, timeline: timeline)
}

public func __widgetctl_preview<W: Widget, Provider: AppIntentTimelineProvider>(
    _file: String, _line: Int, _ name: String? = nil, as family: WidgetFamily, using intent: Provider.Intent,
    widget: @escaping () -> W, timelineProvider: @escaping () -> Provider
) {
    let configuration = UncheckedSendable(intent)
    PreviewRegistry.shared.add(
        RegisteredPreview(file: _file, line: _line, name: name, family: family) {
            let base = widget().body._definition
            let provider = timelineProvider()
            return base.withTimeline(kind: base.kind) { context in
                let timeline = runBlocking { await provider.timeline(for: configuration.value, in: context) }
                let entries =
                    timeline.map { $0.entries.isEmpty ? [provider.placeholder(in: context)] : $0.entries } ?? [
                        provider.placeholder(in: context)
                    ]
                return WidgetPreviews.entryViews(W.self, base, entries)
            }
        })
}

public func __widgetctl_preview(
    _file: String, _line: Int, _ name: String? = nil, traits: PreviewTrait<_PreviewViewTraits>...,
    @ViewBuilder body: @escaping () -> any View
) {
    PreviewRegistry.shared.add(
        RegisteredPreview(file: _file, line: _line, name: name, family: .systemSmall) {
            var d = WidgetDefinition(kind: "preview") { _ in [(WidgetPreviews.date, body())] }
            d.supportedFamilies = [.systemSmall]
            return d
        })
}
