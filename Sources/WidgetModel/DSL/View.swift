// A SwiftUI-compatible subset, so that a widget's view file compiles unchanged on iOS against
// SwiftUI and WidgetKit and on Linux against this module:
//
//     #if canImport(WidgetKit)
//     import SwiftUI
//     import WidgetKit
//     #else
//     import WidgetModel
//     #endif
//
// Views build the same resolved IR (ViewNode) as a spec file: a view's `body` is evaluated with the
// variant's EnvironmentValues in force (so @Environment reads what a real widget reads), and
// primitive views and modifiers emit nodes, environment modifiers (font, foregroundStyle, …)
// flowing down to the leaves exactly as the spec resolver does it.
import Foundation

/// SwiftUI's `View`.
public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError("Never has no body") }
}

/// What a subtree inherits while it is turned into nodes.
public struct _DSLContext {
    public var environment: EnvironmentValues
    var text = TextAttributes()
    var foreground: ResolvedStyle? = nil
    var accentable = false
    /// `textCase` in force (applied when a Text becomes a node).
    var textCase: Text.Case? = nil
    /// `labelStyle` in force.
    var labelStyle: LabelStyleChoice.Kind = .titleAndIcon
    var tint: ResolvedStyle? = nil
    /// `imageScale` in force: a symbol's size relative to its font.
    var imageScale = 1.0
    /// `buttonStyle` in force.
    var buttonStyle: ButtonStyleChoice.Kind = .other
    /// `gaugeStyle` in force (nil: the gauge's own).
    var gaugeStyle: GaugeDisplayStyle? = nil
    /// Where a `containerBackground(for: .widget)` is recorded.
    final class Capture { var background: ViewNode? }
    let capture: Capture

    /// A new Dynamic Type size: the font in force is resolved again at it (the default body, or
    /// the last `font` set above).
    mutating func setDynamicTypeSize(_ size: DynamicTypeSize) {
        guard size != environment.dynamicTypeSize else { return }
        environment.dynamicTypeSize = size
        text.setFont(environment.font?.resolve(size) ?? .style(.body, dynamicType: size))
    }

    init(environment: EnvironmentValues, capture: Capture) {
        self.environment = environment
        self.capture = capture
        text.style = .color(SystemColors.color("primary", scheme: environment.colorScheme)!)
        // Text without a font is body at the environment's Dynamic Type size.
        text.font = .style(.body, dynamicType: environment.dynamicTypeSize)
    }
}

/// Views that make nodes themselves instead of having a body.
public protocol _PrimitiveView: View where Body == Never {
    func _nodes(_ context: _DSLContext) -> [ViewNode]
}

extension _PrimitiveView {
    public var body: Never { fatalError("\(Self.self) is a primitive view") }
}

/// Turns any view into nodes: primitives directly, others through their body, evaluated with the
/// environment in force.
public func _resolve<V: View>(_ view: V, _ context: _DSLContext) -> [ViewNode] {
    if let primitive = view as? any _PrimitiveView { return primitive._nodes(context) }
    return EnvironmentValues.$current.withValue(context.environment) { _resolve(view.body, context) }
}

func _resolveAny(_ view: any View, _ context: _DSLContext) -> [ViewNode] { _resolve(view, context) }

/// Builds views from closures, as SwiftUI's `@ViewBuilder` does: blocks, if/else, switch,
/// optionals and availability checks.
@resultBuilder
public enum ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<V: View>(_ content: V) -> V { content }
    public static func buildBlock(_ content: any View...) -> TupleView { TupleView(content) }
    public static func buildExpression<V: View>(_ content: V) -> V { content }
    public static func buildOptional(_ content: (any View)?) -> TupleView { TupleView(content.map { [$0] } ?? []) }
    public static func buildEither(first: any View) -> TupleView { TupleView([first]) }
    public static func buildEither(second: any View) -> TupleView { TupleView([second]) }
    public static func buildLimitedAvailability(_ content: any View) -> TupleView { TupleView([content]) }
    public static func buildArray(_ components: [any View]) -> TupleView { TupleView(components) }
}

/// Several views side by side in their container.
public struct TupleView: _PrimitiveView {
    let views: [any View]
    public init(_ views: [any View]) { self.views = views }
    public func _nodes(_ c: _DSLContext) -> [ViewNode] { views.flatMap { _resolveAny($0, c) } }
}

/// SwiftUI's `EmptyView`.
public struct EmptyView: _PrimitiveView {
    public init() {}
    public func _nodes(_ c: _DSLContext) -> [ViewNode] { [] }
}

/// SwiftUI's `Group`: its content, with modifiers applying to each child.
public struct Group<Content: View>: _PrimitiveView {
    let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    public func _nodes(_ c: _DSLContext) -> [ViewNode] { _resolve(content, c) }
}

/// SwiftUI's `AnyView`.
public struct AnyView: _PrimitiveView {
    let view: any View
    public init<V: View>(_ view: V) { self.view = view }
    public func _nodes(_ c: _DSLContext) -> [ViewNode] { _resolveAny(view, c) }
}

/// SwiftUI's `ForEach` over a collection (by key path id, by Identifiable, or over a range).
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: _PrimitiveView {
    let data: Data
    let content: (Data.Element) -> Content
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
    }
    public func _nodes(_ c: _DSLContext) -> [ViewNode] { data.flatMap { _resolve(content($0), c) } }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.data = data
        self.content = content
    }
}

/// A view with a modifier: environment changes for its content, layout modifiers after it.
public struct ModifiedContent<Content: View>: _PrimitiveView {
    let content: Content
    let environment: (inout _DSLContext) -> Void
    let layout: (_DSLContext) -> [LayoutModifier]
    let transform: ((inout ViewNode) -> Void)?

    init(
        _ content: Content, environment: @escaping (inout _DSLContext) -> Void = { _ in },
        layout: @escaping (_DSLContext) -> [LayoutModifier] = { _ in [] }, transform: ((inout ViewNode) -> Void)? = nil
    ) {
        self.content = content
        self.environment = environment
        self.layout = layout
        self.transform = transform
    }

    public func _nodes(_ c: _DSLContext) -> [ViewNode] {
        var inner = c
        environment(&inner)
        let mods = layout(c)
        return _resolve(content, inner).map { node in
            var n = node
            transform?(&n)
            n.modifiers += mods
            return n
        }
    }
}
