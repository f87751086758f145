// Configurable widgets: App Intents (`AppIntentConfiguration`, `AppIntentTimelineProvider`,
// `WidgetConfigurationIntent` with `@Parameter`) and the older SiriKit form (`IntentConfiguration`,
// `IntentTimelineProvider`). A configurable widget renders with its intent as `init()` makes it,
// that is with each parameter's default, as the widget gallery first shows it.
import Foundation

/// App Intents' `LocalizedStringResource` (a title; widgetctl does not localize it).
public struct LocalizedStringResource: ExpressibleByStringInterpolation, Sendable, Hashable {
    public let key: String
    public init(_ key: String) { self.key = key }
    public init(stringLiteral value: String) { key = value }
}

/// App Intents' `IntentDescription`.
public struct IntentDescription: ExpressibleByStringInterpolation, Sendable {
    public let text: String
    public init(_ text: LocalizedStringResource) { self.text = text.key }
    public init(stringLiteral value: String) { text = value }
}

/// App Intents' `AppIntent` and `WidgetConfigurationIntent`.
public protocol AppIntent {
    init()
    static var title: LocalizedStringResource { get }
}
extension AppIntent {
    public static var description: IntentDescription { IntentDescription("") }
}
public protocol WidgetConfigurationIntent: AppIntent {}

/// App Intents' `IntentResult` (what `perform()` returns; never called here).
public protocol IntentResult {}
public struct _IntentResultValue: IntentResult {}
extension IntentResult where Self == _IntentResultValue {
    public static func result() -> _IntentResultValue { _IntentResultValue() }
}

/// App Intents' `@Parameter`: a value with a title and a default. A class, as App Intents' is,
/// so an intent is configured through a `let`.
@propertyWrapper
public final class Parameter<Value> {
    private var stored: Value?
    public let title: LocalizedStringResource
    /// The value; a parameter without a default that was never set has none (as in App Intents,
    /// reading it then is a programming error).
    public var wrappedValue: Value {
        get {
            guard let v = stored else { fatalError("@Parameter \"\(title.key)\" was read before it was set and has no default") }
            return v
        }
        set { stored = newValue }
    }
    public init(title: LocalizedStringResource, description: IntentDescription? = nil, default value: Value) {
        self.title = title
        stored = value
    }
    public init(title: LocalizedStringResource, description: IntentDescription? = nil) {
        self.title = title
        // An optional parameter without a default starts as nil, as in App Intents.
        if let optional = Value.self as? any _OptionalIntentValue.Type { stored = optional._none as? Value }
    }
    public init<T>(title: LocalizedStringResource, description: IntentDescription? = nil) where Value == T? {
        self.title = title
        stored = .some(nil)
    }
    public var projectedValue: Parameter<Value> { self }
}

/// One `@Parameter` of a widget's intent, as `render --intent NAME=VALUE` sets it.
public struct IntentParameterInfo: Sendable, Equatable {
    /// The property's name (what `--intent` takes).
    public let name: String
    public let title: String
    /// The value's Swift type.
    public let type: String
    /// The values an enum parameter takes (empty for other types).
    public let choices: [String]
}

/// A bad `--intent` value or name.
public struct IntentParameterError: Error, CustomStringConvertible {
    public let description: String
}

/// A parameter that can be set from text.
protocol _TextSettableParameter: AnyObject {
    var _info: (title: String, type: String, choices: [String]) { get }
    func _set(_ text: String) -> Bool
}

extension Parameter: _TextSettableParameter {
    var _info: (title: String, type: String, choices: [String]) { (title.key, "\(Value.self)", IntentValueText.choices(Value.self)) }
    func _set(_ text: String) -> Bool {
        guard let value = IntentValueText.parse(text, as: Value.self) else { return false }
        stored = value
        return true
    }
}

/// An optional parameter value parses as its wrapped type.
protocol _OptionalIntentValue {
    static func _parse(_ text: String) -> Self?
    static var _wrappedChoices: [String] { get }
    static var _none: Self { get }
}
extension Optional: _OptionalIntentValue {
    static func _parse(_ text: String) -> Optional? { IntentValueText.parse(text, as: Wrapped.self).map { .some($0) } }
    static var _wrappedChoices: [String] { IntentValueText.choices(Wrapped.self) }
    static var _none: Optional { nil }
}

/// Text → parameter values: strings, integers, numbers, booleans, enums by raw value, optionals.
enum IntentValueText {
    static func parse<V>(_ text: String, as type: V.Type) -> V? {
        if V.self == String.self { return text as? V }
        if V.self == Int.self { return Int(text) as? V }
        if V.self == Double.self { return Double(text).flatMap { $0.isFinite ? $0 : nil } as? V }
        if V.self == Bool.self {
            switch text.lowercased() {
            case "true", "yes", "1", "on": return true as? V
            case "false", "no", "0", "off": return false as? V
            default: return nil
            }
        }
        if let optional = V.self as? any _OptionalIntentValue.Type { return optional._parse(text) as? V }
        if let raw = V.self as? any RawRepresentable.Type { return rawValue(text, raw) as? V }
        return nil
    }

    private static func rawValue<R: RawRepresentable>(_ text: String, _ type: R.Type) -> R? {
        if let raw = text as? R.RawValue { return R(rawValue: raw) }
        if let n = Int(text), let raw = n as? R.RawValue { return R(rawValue: raw) }
        return nil
    }

    static func choices<V>(_ type: V.Type) -> [String] {
        if let optional = V.self as? any _OptionalIntentValue.Type { return optional._wrappedChoices }
        if let cases = V.self as? any CaseIterable.Type { return allRawValues(cases) }
        return []
    }

    private static func allRawValues<C: CaseIterable>(_ type: C.Type) -> [String] {
        C.allCases.compactMap { ($0 as? any RawRepresentable).map { "\($0.rawValue)" } }
    }
}

/// The `@Parameter`s of an intent value (its stored properties, and a class's superclasses').
enum IntentParameters {
    static func slots(of intent: Any) -> [(name: String, slot: _TextSettableParameter)] {
        var out: [(name: String, slot: _TextSettableParameter)] = []
        var mirror: Mirror? = Mirror(reflecting: intent)
        var depth = 0
        while let m = mirror, depth < 32 {
            for child in m.children {
                guard let label = child.label, let slot = child.value as? _TextSettableParameter else { continue }
                out.append((label.hasPrefix("_") ? String(label.dropFirst()) : label, slot))
            }
            mirror = m.superclassMirror
            depth += 1
        }
        return out
    }

    static func info(of intent: Any) -> [IntentParameterInfo] {
        slots(of: intent).map {
            IntentParameterInfo(name: $0.name, title: $0.slot._info.title, type: $0.slot._info.type, choices: $0.slot._info.choices)
        }
    }

    /// Sets `values` on `intent`; the first name or value that does not fit is an error.
    static func apply(_ values: [String: String], to intent: Any) throws {
        let slots = slots(of: intent)
        for (name, text) in values.sorted(by: { $0.key < $1.key }) {
            guard let slot = slots.first(where: { $0.name == name })?.slot else {
                let names = slots.map(\.name)
                throw IntentParameterError(
                    description: "the intent \(type(of: intent)) has no parameter \"\(name)\""
                        + (names.isEmpty ? " (it has none)" : "; its parameters: \(names.joined(separator: ", "))"))
            }
            guard slot._set(text) else {
                let info = slot._info
                throw IntentParameterError(
                    description: "\"\(text)\" is not a value of parameter \"\(name)\" (\(info.type))"
                        + (info.choices.isEmpty ? "" : "; one of: \(info.choices.joined(separator: ", "))"))
            }
        }
    }
}

/// App Intents' `AppEnum` and `AppEntity` (a parameter's type): only what declaring them needs.
public protocol AppEnum: CaseIterable, RawRepresentable {}
public struct TypeDisplayRepresentation: ExpressibleByStringInterpolation, Sendable {
    public init(stringLiteral value: String) {}
    public init(name: LocalizedStringResource) {}
}
public struct DisplayRepresentation: ExpressibleByStringInterpolation, Sendable {
    public let title: LocalizedStringResource
    public init(stringLiteral value: String) { title = LocalizedStringResource(value) }
    public init(title: LocalizedStringResource, subtitle: LocalizedStringResource? = nil, image: Any? = nil) { self.title = title }
}

/// WidgetKit's `AppIntentTimelineProvider`.
public protocol AppIntentTimelineProvider {
    associatedtype Entry: TimelineEntry
    associatedtype Intent: WidgetConfigurationIntent
    typealias Context = TimelineProviderContext
    func placeholder(in context: Context) -> Entry
    func snapshot(for configuration: Intent, in context: Context) async -> Entry
    func timeline(for configuration: Intent, in context: Context) async -> Timeline<Entry>
}

/// WidgetKit's `AppIntentConfiguration`.
public struct AppIntentConfiguration<Content: View>: WidgetConfiguration {
    public var _definition: WidgetDefinition
    public init<Intent: WidgetConfigurationIntent, Provider: AppIntentTimelineProvider>(
        kind: String, intent: Intent.Type = Intent.self, provider: Provider,
        @ViewBuilder content: @escaping (Provider.Entry) -> Content, _file: String = #filePath, _line: Int = #line, _column: Int = #column
    ) where Provider.Intent == Intent {
        _definition = WidgetDefinition(kind: kind, content: content) { context in
            let intent = Intent()
            // Values were checked by `configuringIntent`; the intent is made afresh per timeline.
            try? IntentParameters.apply(context.intentValues, to: intent)
            let timeline = runBlocking { await provider.timeline(for: intent, in: context) }
            let entries =
                timeline.map { $0.entries.isEmpty ? [provider.placeholder(in: context)] : $0.entries } ?? [
                    provider.placeholder(in: context)
                ]
            return entries.map { ($0.date, content($0) as any View) }
        }
        _definition.makeIntent = { Intent() }
        _definition.source = SourceRef(file: _file, line: _line, column: _column)
        _definition.intentParameters = IntentParameters.info(of: Intent())
    }
}

/// SiriKit's `INIntent`, the base of the intent classes Xcode generates for `IntentConfiguration`
/// (a widget file's own stand-in subclass declares the parameters).
open class INIntent {
    public required init() {}
}

/// WidgetKit's `IntentTimelineProvider`.
public protocol IntentTimelineProvider {
    associatedtype Entry: TimelineEntry
    associatedtype Intent: INIntent
    typealias Context = TimelineProviderContext
    func placeholder(in context: Context) -> Entry
    func getSnapshot(for configuration: Intent, in context: Context, completion: @escaping @Sendable (Entry) -> Void)
    func getTimeline(for configuration: Intent, in context: Context, completion: @escaping @Sendable (Timeline<Entry>) -> Void)
}

/// WidgetKit's `IntentConfiguration`.
public struct IntentConfiguration<Content: View>: WidgetConfiguration {
    public var _definition: WidgetDefinition
    public init<Intent: INIntent, Provider: IntentTimelineProvider>(
        kind: String, intent: Intent.Type, provider: Provider, @ViewBuilder content: @escaping (Provider.Entry) -> Content,
        _file: String = #filePath, _line: Int = #line, _column: Int = #column
    ) where Provider.Intent == Intent {
        _definition = WidgetDefinition(kind: kind, content: content) { context in
            let box = ResultBox<Timeline<Provider.Entry>>()
            provider.getTimeline(for: Intent(), in: context) { box.value = $0 }
            let entries = box.value?.entries ?? [provider.placeholder(in: context)]
            return entries.map { ($0.date, content($0) as any View) }
        }
        _definition.source = SourceRef(file: _file, line: _line, column: _column)
    }
}

// Configuration modifiers shared by every configuration type.
extension AppIntentConfiguration: _ConfigurationModifiers {}
extension IntentConfiguration: _ConfigurationModifiers {}

/// A value set from another thread (a completion handler, an async task).
final class ResultBox<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: T?
    var value: T? {
        get {
            lock.lock()
            defer { lock.unlock() }
            return stored
        }
        set {
            lock.lock()
            stored = newValue
            lock.unlock()
        }
    }
}

/// Runs an async provider method to completion from synchronous rendering code, on a task
/// executor of its own (a serial queue): waiting for it never ties up the cooperative thread pool
/// that the caller (a Swift Testing test, a concurrent batch) may be running on. A provider that
/// has not returned after `timeout` seconds gives nil, and the widget's placeholder is rendered.
func runBlocking<T>(timeout: Double = 30, _ operation: @escaping () async -> T) -> T? {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    let work = UncheckedSendable(operation)
    Task.detached(executorPreference: ProviderExecutor.shared) {
        box.value = await work.value()
        done.signal()
    }
    guard done.wait(timeout: .now() + timeout) == .success else { return nil }
    return box.value
}

/// A task executor on a serial dispatch queue, outside the cooperative pool.
final class ProviderExecutor: TaskExecutor, @unchecked Sendable {
    static let shared = ProviderExecutor()
    private let queue = DispatchQueue(label: "widgetctl.timeline-provider")
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}

/// Carries a value the compiler cannot prove Sendable across a task boundary (the provider and
/// the content closure of a widget, used by one render at a time).
struct UncheckedSendable<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
