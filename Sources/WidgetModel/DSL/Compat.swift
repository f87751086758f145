// SwiftUI and WidgetKit API that real widget files use, beyond the core subset: the forms a widget
// file needs to compile unchanged. Where an API has no visible effect in a still image (animation,
// accessibility, interactivity) it is accepted and does nothing; where it draws, it draws through
// the same resolved tree as everything else. What is approximated is said at each declaration.
import Foundation

// MARK: - Modifiers without an effect on a still image

/// SwiftUI's `ContentTransition` (only matters when a value animates).
public struct ContentTransition: Sendable {
    public static let identity = ContentTransition(), opacity = ContentTransition(), interpolate = ContentTransition()
    public static func numericText(countsDown: Bool = false) -> ContentTransition { ContentTransition() }
    public static func numericText(value: Double) -> ContentTransition { ContentTransition() }
    public static var symbolEffect: ContentTransition { ContentTransition() }
}

/// SwiftUI's `Animation` (accepted; a still image has no animation).
public struct Animation: Sendable {
    public static let `default` = Animation(), linear = Animation(), easeIn = Animation(), easeOut = Animation(), easeInOut = Animation()
    public static let spring = Animation(), bouncy = Animation(), smooth = Animation(), snappy = Animation()
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.8, blendDuration: Double = 0) -> Animation { Animation() }
    public static func easeInOut(duration: Double) -> Animation { Animation() }
    public static func linear(duration: Double) -> Animation { Animation() }
}

/// SwiftUI's `SymbolRenderingMode` (accepted; symbols are drawn in one colour).
public struct SymbolRenderingMode: Sendable {
    public static let monochrome = SymbolRenderingMode(), multicolor = SymbolRenderingMode()
    public static let hierarchical = SymbolRenderingMode(), palette = SymbolRenderingMode()
}

extension View {
    public func animation<V: Equatable>(_ animation: Animation?, value: V) -> Self { self }
    public func animation(_ animation: Animation?) -> Self { self }
    public func transition(_ t: Any) -> Self { self }
    public func accessibilityLabel(_ label: String) -> Self { self }
    public func accessibilityLabel(_ label: Text) -> Self { self }
    public func accessibilityValue(_ value: String) -> Self { self }
    public func accessibilityHint(_ hint: String) -> Self { self }
    public func accessibilityHidden(_ hidden: Bool) -> Self { self }
    public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> Self { self }
    public func accessibility(label: Text) -> Self { self }
    public func accessibilityIdentifier(_ id: String) -> Self { self }
    public func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> Self { self }
    public func symbolEffect(_ effect: Any, options: Any? = nil, value: Any? = nil) -> Self { self }
    public func widgetLabel<S: StringProtocol>(_ label: S) -> Self { self }
    public func widgetLabel<V: View>(@ViewBuilder label: () -> V) -> Self { self }
    public func widgetCurvesContent(_ curves: Bool = true) -> Self { self }
    public func unredacted() -> ModifiedContent<Self> { layout { _ in [.unredacted] } }

    public func toggleStyle(_ style: ToggleStyleChoice) -> Self { self }
    public func labelsHidden() -> Self { self }
    public func fontWidth(_ width: Font.Width?) -> Self { self }
    public func onAppear(perform action: (() -> Void)? = nil) -> Self { self }

    /// `textCase(.uppercase)`: the text of the subtree in upper (or lower) case, in the locale.
    public func textCase(_ textCase: Text.Case?) -> ModifiedContent<Self> { env { c in c.textCase = textCase } }

    /// SwiftUI's `environment(_:_:)`: sets a value for the subtree (as `@Environment` reads it).
    public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> ModifiedContent<Self> {
        env { c in
            c.environment[keyPath: keyPath] = value
            if keyPath == \EnvironmentValues.colorScheme {
                c.text.style = .color(SystemColors.color("primary", scheme: c.environment.colorScheme)!)
            }
        }
    }

    /// `scaledToFit()` / `scaledToFill()`: `aspectRatio(contentMode:)` with the view's own ratio.
    public func scaledToFit() -> ModifiedContent<Self> { layout { _ in [.aspectRatio(nil, contentMode: .fit)] } }
    public func scaledToFill() -> ModifiedContent<Self> { layout { _ in [.aspectRatio(nil, contentMode: .fill)] } }
    public func aspectRatio(_ size: CGSize, contentMode: ContentMode) -> ModifiedContent<Self> {
        let ratio = size.height > 0 ? Double(size.width / size.height) : nil
        return layout { _ in [.aspectRatio(ratio, contentMode: contentMode == .fill ? .fill : .fit)] }
    }

    /// SwiftUI's `scaleEffect`: drawn scaled about the anchor; layout keeps the unscaled size.
    public func scaleEffect(_ s: CGFloat, anchor: UnitPoint = .center) -> ModifiedContent<Self> { scaleEffect(x: s, y: s, anchor: anchor) }
    public func scaleEffect(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center) -> ModifiedContent<Self> {
        layout { _ in [.scale(x: Double(x), y: Double(y), anchor: anchor)] }
    }

    /// SwiftUI's `mask(alignment:_:)`: drawn through the mask view's alpha.
    public func mask<M: View>(alignment: Alignment = .center, @ViewBuilder _ mask: () -> M) -> ModifiedContent<Self> {
        let m = mask()
        return layout { c in [.mask(Self.single(_resolve(m, c), c), alignment: alignment)] }
    }
    /// The older `mask(_:)` that takes the mask view as a value.
    public func mask<M: View>(_ mask: M) -> ModifiedContent<Self> { self.mask(alignment: .center) { mask } }

    /// SwiftUI's `blur(radius:opaque:)`.
    public func blur(radius: CGFloat, opaque: Bool = false) -> ModifiedContent<Self> {
        let r = Double(radius).isFinite ? min(500, max(0, Double(radius))) : 0
        return layout { _ in r > 0 ? [.blur(radius: r, opaque: opaque)] : [] }
    }
    /// SwiftUI's colour adjustments.
    public func saturation(_ amount: Double) -> ModifiedContent<Self> { adjusted(.saturation(Self.finite(amount, 0...100))) }
    public func brightness(_ amount: Double) -> ModifiedContent<Self> { adjusted(.brightness(Self.finite(amount, -1...1))) }
    public func contrast(_ amount: Double) -> ModifiedContent<Self> { adjusted(.contrast(Self.finite(amount, -100...100))) }
    public func grayscale(_ amount: Double) -> ModifiedContent<Self> { adjusted(.grayscale(Self.finite(amount, 0...1))) }
    private func adjusted(_ a: ColorAdjustment) -> ModifiedContent<Self> { layout { _ in [.colorAdjustment(a)] } }
    private static func finite(_ v: Double, _ range: ClosedRange<Double>) -> Double {
        v.isFinite ? min(range.upperBound, max(range.lowerBound, v)) : 1
    }

    /// SwiftUI's `position(x:y:)`: the view fills the space offered, its content centred at the point.
    public func position(x: CGFloat = 0, y: CGFloat = 0) -> ModifiedContent<Self> {
        let px = Double(x).isFinite ? Double(x) : 0
        let py = Double(y).isFinite ? Double(y) : 0
        return layout { _ in [.position(x: px, y: py)] }
    }
    public func position(_ point: CGPoint) -> ModifiedContent<Self> { position(x: point.x, y: point.y) }

    /// A custom `ViewModifier`.
    public func modifier<M: ViewModifier>(_ modifier: M) -> M.Body { modifier.body(content: _ViewModifier_Content(AnyView(self))) }
}

public enum AccessibilityChildBehavior: Sendable { case ignore, combine, contain }

/// SwiftUI's button styles (accepted; a widget's button draws its label).
public struct ButtonStyleChoice: Sendable {
    public static let automatic = ButtonStyleChoice(), plain = ButtonStyleChoice(), borderless = ButtonStyleChoice()
    public static let bordered = ButtonStyleChoice(), borderedProminent = ButtonStyleChoice()
    public static let glass = ButtonStyleChoice(kind: .glass), glassProminent = ButtonStyleChoice(kind: .glassProminent)
    public static let glassClear = ButtonStyleChoice(kind: .glassClear)
    enum Kind: Sendable { case other, glass, glassProminent, glassClear }
    var kind: Kind = .other
    init(kind: Kind = .other) { self.kind = kind }
}

/// SwiftUI's toggle styles (accepted; a toggle draws a switch).
public struct ToggleStyleChoice: Sendable {
    public static let automatic = ToggleStyleChoice(), `switch` = ToggleStyleChoice(), button = ToggleStyleChoice()
}

extension Font {
    /// SwiftUI's `Font.custom`: the family is looked up among the fonts widgetctl has; an unknown
    /// family falls back to the system face at that size (as SwiftUI does for a missing font).
    public static func custom(_ name: String, size: CGFloat) -> Font { .system(size: size) }
    public static func custom(_ name: String, size: CGFloat, relativeTo style: TextStyle) -> Font { .system(size: size) }
    public static func custom(_ name: String, fixedSize: CGFloat) -> Font { .system(size: fixedSize) }
}

extension Image {
    /// SwiftUI's `Image.Scale` (accepted; symbols follow the font).
    public enum Scale: Sendable { case small, medium, large }
}

extension Font {
    /// SwiftUI's `Font.Width` (accepted; Inter has no condensed or expanded widths here).
    public struct Width: Sendable, Hashable {
        let value: Double
        public static let compressed = Width(value: -0.3), condensed = Width(value: -0.2), standard = Width(value: 0),
            expanded = Width(value: 0.2)
    }
    public func width(_ w: Width) -> Font { self }
}

// MARK: - ViewModifier

/// SwiftUI's `ViewModifier`.
public protocol ViewModifier {
    associatedtype Body: View
    typealias Content = _ViewModifier_Content
    @ViewBuilder func body(content: Content) -> Body
}

/// The content a `ViewModifier` wraps.
public struct _ViewModifier_Content: _PrimitiveView {
    let view: AnyView
    init(_ view: AnyView) { self.view = view }
    public func _nodes(_ c: _DSLContext) -> [ViewNode] { view._nodes(c) }
}

// MARK: - Optional views

extension Optional: View where Wrapped: View {
    public typealias Body = Never
    public var body: Never { fatalError("Optional is a primitive view") }
}

extension Optional: _PrimitiveView where Wrapped: View {
    public func _nodes(_ c: _DSLContext) -> [ViewNode] { map { _resolve($0, c) } ?? [] }
}

// MARK: - Colours

extension Color {
    /// SwiftUI's `Color.RGBColorSpace`. Linear sRGB components are converted to sRGB; Display P3 is
    /// drawn as sRGB (widgetctl renders in sRGB).
    public enum RGBColorSpace: Sendable { case sRGB, sRGBLinear, displayP3 }

    public init(_ colorSpace: RGBColorSpace, red: Double, green: Double, blue: Double, opacity: Double = 1) {
        func encode(_ v: Double) -> Double {
            guard colorSpace == .sRGBLinear else { return v }
            return v <= 0.0031308 ? 12.92 * v : 1.055 * pow(v, 1 / 2.4) - 0.055
        }
        self.init(red: encode(red), green: encode(green), blue: encode(blue), opacity: opacity)
    }
    public init(_ colorSpace: RGBColorSpace, white: Double, opacity: Double = 1) {
        self.init(colorSpace, red: white, green: white, blue: white, opacity: opacity)
    }
    /// SwiftUI's `Color.accentColor` (the system blue unless the app sets one).
    public static var accentColor: Color { .blue }
    /// SwiftUI's `Color.gradient`: the colour as a subtle top-to-bottom gradient, lighter at the top
    /// (the 12% mix with white is an approximation of the system's, UNCONFIRMED).
    public var gradient: AnyGradient { AnyGradient(color: self) }
}

/// SwiftUI's `AnyGradient`, as `Color.gradient` makes it.
public struct AnyGradient: ShapeStyle, _PrimitiveView, Sendable {
    let color: Color
    public func _resolve(_ c: _DSLContext) -> ResolvedStyle {
        let base = color.resolve(c.environment.colorScheme)
        return .linearGradient(
            [
                GradientStopValue(color: base.mix(RGBA(white: 1, alpha: base.alpha), 0.12), location: 0),
                GradientStopValue(color: base, location: 1),
            ],
            start: .top, end: .bottom)
    }
    public func _nodes(_ c: _DSLContext) -> [ViewNode] { [ViewNode(.fill(_resolve(c)), accentable: c.accentable)] }
}

// MARK: - Fill styles (`.containerBackground(.fill.tertiary, for: .widget)`)

/// SwiftUI's `FillShapeStyle`: the system fill colours, at four levels.
public struct FillShapeStyle: ShapeStyle, _PrimitiveView, Sendable {
    let name: String
    public var secondary: FillShapeStyle { FillShapeStyle(name: "secondarySystemFill") }
    public var tertiary: FillShapeStyle { FillShapeStyle(name: "tertiarySystemFill") }
    public var quaternary: FillShapeStyle { FillShapeStyle(name: "quaternarySystemFill") }
    public func _resolve(_ c: _DSLContext) -> ResolvedStyle { .color(SystemColors.color(name, scheme: c.environment.colorScheme)!) }
    public func _nodes(_ c: _DSLContext) -> [ViewNode] { [ViewNode(.fill(_resolve(c)), accentable: c.accentable)] }
}

extension ShapeStyle where Self == FillShapeStyle {
    public static var fill: FillShapeStyle { FillShapeStyle(name: "systemFill") }
}

/// SwiftUI's `TintShapeStyle`: the tint in force (the accent colour when none is set).
public struct TintShapeStyle: ShapeStyle, Sendable {
    public func _resolve(_ c: _DSLContext) -> ResolvedStyle {
        c.tint ?? .color(SystemColors.color("blue", scheme: c.environment.colorScheme)!)
    }
}

extension ShapeStyle where Self == TintShapeStyle {
    public static var tint: TintShapeStyle { TintShapeStyle() }
}

// MARK: - Static shape members (`.clipShape(.circle)`)

extension Shape where Self == Circle { public static var circle: Circle { Circle() } }
extension Shape where Self == Capsule { public static var capsule: Capsule { Capsule() } }
extension Shape where Self == Rectangle { public static var rect: Rectangle { Rectangle() } }
extension Shape where Self == Ellipse { public static var ellipse: Ellipse { Ellipse() } }
extension Shape where Self == ContainerRelativeShape {
    public static var containerRelative: ContainerRelativeShape { ContainerRelativeShape() }
}
extension Shape where Self == RoundedRectangle {
    public static func rect(cornerRadius: CGFloat, style: RoundedCornerStyle = .circular) -> RoundedRectangle {
        RoundedRectangle(cornerRadius: cornerRadius, style: style)
    }
}

// MARK: - Buttons, toggles, labels, links

/// SwiftUI's `Button`: in a widget, its label (an intent runs only on a device).
public struct Button<Label: View>: _PrimitiveView {
    let label: Label
    public init(action: @escaping () -> Void, @ViewBuilder label: () -> Label) { self.label = label() }
    public init<I>(intent: I, @ViewBuilder label: () -> Label) { self.label = label() }
    public func _nodes(_ c: _DSLContext) -> [ViewNode] {
        guard c.buttonStyle != .other else { return _resolve(label, c) }
        // Glass buttons: the label on a capsule of glass, padded as a bordered button
        // (GlassEffectDefaults, ESTIMATES); the prominent one is tinted with the accent colour (the
        // tint, else blue) and its label is white.
        var inner = c
        let prominent = c.buttonStyle == .glassProminent
        if prominent { inner.text.style = .color(.white) }
        let nodes = _resolve(label, inner)
        var body = nodes.count == 1 ? nodes[0] : ViewNode(.hstack(alignment: .center, spacing: nil, children: nodes))
        let tint: RGBA? =
            prominent
            ? (c.tint.flatMap { if case .color(let rgba) = $0 { return rgba } else { return nil } } ?? GlassEffectDefaults.prominentTint)
            : nil
        body.modifiers += [
            .padding(GlassEffectDefaults.buttonPadding),
            .glassEffect(variant: c.buttonStyle == .glassClear ? .clear : .regular, tint: tint, shape: .capsule(style: .continuous)),
        ]
        return [body]
    }
}

extension Button where Label == Text {
    public init(_ title: LocalizedStringKey, action: @escaping () -> Void) { label = Text(title) }
    public init<I>(_ title: LocalizedStringKey, intent: I) { label = Text(title) }
}

/// SwiftUI's `Toggle` in a widget: its label and, after a spacer, the switch (drawn in its on or
/// off state: a capsule tinted green when on, grey when off, with a white knob).
public struct Toggle<Label: View>: _PrimitiveView {
    let label: Label
    let isOn: Bool
    public init<I>(isOn: Bool, intent: I, @ViewBuilder label: () -> Label) {
        self.isOn = isOn
        self.label = label()
    }
    public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {
        self.isOn = isOn.wrappedValue
        self.label = label()
    }
    public func _nodes(_ c: _DSLContext) -> [ViewNode] {
        let green = SystemColors.color("green", scheme: c.environment.colorScheme)!
        let off = SystemColors.color("systemFill", scheme: c.environment.colorScheme)!
        var track = ViewNode(.shape(.capsule(style: .circular), ShapePaint(fill: .color(isOn ? green : off))), accentable: c.accentable)
        track.modifiers = [.frame(width: 51, height: 31, alignment: .center)]
        var knob = ViewNode(.shape(.circle, ShapePaint(fill: .color(.white))), accentable: c.accentable)
        knob.modifiers = [.frame(width: 27, height: 27, alignment: .center), .padding(EdgeInsets(all: 2))]
        let toggle = ViewNode(.zstack(alignment: isOn ? .trailing : .leading, children: [track, knob]), accentable: c.accentable)
        let children = _resolve(label, c) + [ViewNode(.spacer(minLength: 8)), toggle]
        return [node(.hstack(alignment: .center, spacing: nil, children: children), c)]
    }
}

/// SwiftUI's `Binding` (what `Toggle(isOn:)` takes; a widget reads its value once).
@propertyWrapper
public struct Binding<Value> {
    public var wrappedValue: Value
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
    public static func constant(_ value: Value) -> Binding<Value> { Binding(wrappedValue: value) }
}

/// SwiftUI's `Label`: an icon and a title side by side (`labelStyle` chooses which to show).
public struct Label<Title: View, Icon: View>: _PrimitiveView {
    let title: Title, icon: Icon
    public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {
        self.title = title()
        self.icon = icon()
    }
    public func _nodes(_ c: _DSLContext) -> [ViewNode] {
        let icon = _resolve(self.icon, c)
        let title = _resolve(self.title, c)
        switch c.labelStyle {
        case .iconOnly: return icon
        case .titleOnly: return title
        case .titleAndIcon: return [node(.hstack(alignment: .center, spacing: 4, children: icon + title), c)]
        }
    }
}

extension Label where Title == Text, Icon == Image {
    public init(_ title: LocalizedStringKey, systemImage: String) {
        self.title = Text(title)
        icon = Image(systemName: systemImage)
    }
    public init<S: StringProtocol>(_ title: S, systemImage: String) {
        self.title = Text(title)
        icon = Image(systemName: systemImage)
    }
    public init(_ title: LocalizedStringKey, image: String) {
        self.title = Text(title)
        icon = Image(image)
    }
}

/// SwiftUI's label styles.
public struct LabelStyleChoice: Sendable, Hashable {
    let kind: Kind
    enum Kind: Sendable, Hashable { case titleAndIcon, iconOnly, titleOnly }
    public static let titleAndIcon = LabelStyleChoice(kind: .titleAndIcon), iconOnly = LabelStyleChoice(kind: .iconOnly)
    public static let titleOnly = LabelStyleChoice(kind: .titleOnly), automatic = LabelStyleChoice(kind: .titleAndIcon)
}

extension View {
    public func labelStyle(_ style: LabelStyleChoice) -> ModifiedContent<Self> { env { c in c.labelStyle = style.kind } }
}

/// SwiftUI's `Link`: its label (the URL opens only on a device).
public struct Link<Label: View>: _PrimitiveView {
    let label: Label
    public init(destination: URL, @ViewBuilder label: () -> Label) { self.label = label() }
    public func _nodes(_ c: _DSLContext) -> [ViewNode] { _resolve(label, c) }
}

// MARK: - ViewThatFits, GeometryReader

/// SwiftUI's `ViewThatFits`: the first child whose ideal size fits the space offered along the
/// given axes (the last child if none does).
public struct ViewThatFits<Content: View>: _PrimitiveView {
    let axes: Axis.Set, content: Content
    public init(in axes: Axis.Set = [.horizontal, .vertical], @ViewBuilder content: () -> Content) {
        self.axes = axes
        self.content = content()
    }
    public func _nodes(_ c: _DSLContext) -> [ViewNode] {
        [node(.viewThatFits(horizontal: axes.contains(.horizontal), vertical: axes.contains(.vertical), children: _resolve(content, c)), c)]
    }
}

/// SwiftUI's `Axis`.
public enum Axis: Sendable, Hashable {
    case horizontal, vertical
    public struct Set: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let horizontal = Set(rawValue: 1), vertical = Set(rawValue: 2)
    }
}

/// SwiftUI's `GeometryProxy`: the size the reader was given.
public struct GeometryProxy: Sendable {
    public let size: CGSize
    public var safeAreaInsets: EdgeInsets { EdgeInsets() }
}

/// SwiftUI's `GeometryReader`: fills the space offered and lays its content out at the top
/// leading corner; the content is built when layout knows that space.
public struct GeometryReader<Content: View>: _PrimitiveView {
    let content: (GeometryProxy) -> Content
    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) { self.content = content }
    public func _nodes(_ c: _DSLContext) -> [ViewNode] {
        let build = content
        let reader = DeferredContent { size in
            let proxy = GeometryProxy(size: CGSize(width: size.width, height: size.height))
            return EnvironmentValues.$current.withValue(c.environment) { _resolve(build(proxy), c) }
        }
        return [node(.geometryReader(reader), c)]
    }
}

/// SwiftUI's `@Namespace` (for glass ids; a still image needs no identity).
@propertyWrapper
public struct Namespace: Sendable {
    public struct ID: Hashable, Sendable {}
    public init() {}
    public var wrappedValue: ID { ID() }
}

/// SwiftUI's `GlassEffectTransition` (animations only).
public struct GlassEffectTransition: Sendable {
    public static let matchedGeometry = GlassEffectTransition(), materialize = GlassEffectTransition(), identity = GlassEffectTransition()
}

/// SwiftUI's `GlassEffectContainer`: its glass is drawn together; shapes nearer than `spacing`
/// melt into one body (the default spacing, GlassEffectDefaults.containerSpacing, is an ESTIMATE).
public struct GlassEffectContainer<Content: View>: _PrimitiveView {
    let spacing: Double
    let content: Content
    public init(spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.spacing = spacing.map { max(0, min(1_000, Double($0))) } ?? GlassEffectDefaults.containerSpacing
        self.content = content()
    }
    public func _nodes(_ c: _DSLContext) -> [ViewNode] {
        let nodes = _resolve(content, c)
        let inner = nodes.count == 1 ? nodes[0] : ViewNode(.zstack(alignment: .center, children: nodes))
        var out = inner
        out.modifiers.append(.glassContainer(spacing: spacing))
        return [out]
    }
}
