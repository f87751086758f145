// Colours, gradients, fonts and the other value types SwiftUI's modifiers take.
import Foundation

/// SwiftUI's `ShapeStyle`: anything that can paint (colours, gradients, hierarchical styles).
public protocol ShapeStyle {
    func _resolve(_ c: _DSLContext) -> ResolvedStyle
}

/// SwiftUI's `Color`: a view that fills its frame, and a style.
public struct Color: ShapeStyle, _PrimitiveView, Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case rgba(RGBA)
        case named(String)
    }
    let kind: Kind
    let alpha: Double

    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        kind = .rgba(RGBA(red: red, green: green, blue: blue))
        alpha = opacity
    }
    public init(white: Double, opacity: Double = 1) {
        kind = .rgba(RGBA(white: white))
        alpha = opacity
    }
    init(named: String) {
        kind = .named(named)
        alpha = 1
    }
    init(kind: Kind, alpha: Double) {
        self.kind = kind
        self.alpha = alpha
    }

    public func opacity(_ o: Double) -> Color { Color(kind: kind, alpha: alpha * o) }

    /// The colour in a colour scheme.
    public func resolve(_ scheme: ColorScheme) -> RGBA {
        switch kind {
        case .rgba(let c): return c.opacity(alpha)
        case .named(let n): return (SystemColors.color(n, scheme: scheme) ?? .black).opacity(alpha)
        }
    }
    public func _resolve(_ c: _DSLContext) -> ResolvedStyle { .color(resolve(c.environment.colorScheme)) }
    public func _nodes(_ c: _DSLContext) -> [ViewNode] { [ViewNode(.fill(_resolve(c)), accentable: c.accentable)] }

    public static let red = Color(named: "red"), orange = Color(named: "orange"), yellow = Color(named: "yellow")
    public static let green = Color(named: "green"), mint = Color(named: "mint"), teal = Color(named: "teal")
    public static let cyan = Color(named: "cyan"), blue = Color(named: "blue"), indigo = Color(named: "indigo")
    public static let purple = Color(named: "purple"), pink = Color(named: "pink"), brown = Color(named: "brown")
    public static let gray = Color(named: "gray"), white = Color(named: "white"), black = Color(named: "black")
    public static let clear = Color(named: "clear"), primary = Color(named: "primary"), secondary = Color(named: "secondary")
}

extension ShapeStyle where Self == Color {
    public static var red: Color { Color.red }
    public static var orange: Color { Color.orange }
    public static var yellow: Color { Color.yellow }
    public static var green: Color { Color.green }
    public static var mint: Color { Color.mint }
    public static var teal: Color { Color.teal }
    public static var cyan: Color { Color.cyan }
    public static var blue: Color { Color.blue }
    public static var indigo: Color { Color.indigo }
    public static var purple: Color { Color.purple }
    public static var pink: Color { Color.pink }
    public static var brown: Color { Color.brown }
    public static var gray: Color { Color.gray }
    public static var white: Color { Color.white }
    public static var black: Color { Color.black }
    public static var clear: Color { Color.clear }
}

/// SwiftUI's `BackgroundStyle` (`.background`): the system background of the colour scheme.
public struct BackgroundStyle: ShapeStyle, Sendable {
    public init() {}
    public func _resolve(_ c: _DSLContext) -> ResolvedStyle {
        .color(SystemColors.color("systemBackground", scheme: c.environment.colorScheme)!)
    }
}

extension ShapeStyle where Self == BackgroundStyle {
    public static var background: BackgroundStyle { BackgroundStyle() }
}

/// SwiftUI's materials. Inside a widget nothing but the widget's own background lies behind
/// them, so each is drawn as the system background of the colour scheme at the material's
/// opacity (ultra thin 0.35 … ultra thick 0.9: **Chosen**, docs/WIDGETKIT-FACTS.md §3.4).
public struct Material: ShapeStyle, Sendable {
    let opacity: Double
    public func _resolve(_ c: _DSLContext) -> ResolvedStyle {
        .color(SystemColors.color("systemBackground", scheme: c.environment.colorScheme)!.opacity(opacity))
    }
    public static let ultraThin = Material(opacity: 0.35), thin = Material(opacity: 0.5), regular = Material(opacity: 0.65)
    public static let thick = Material(opacity: 0.8), ultraThick = Material(opacity: 0.9), bar = Material(opacity: 0.8)
}

extension ShapeStyle where Self == Material {
    public static var ultraThinMaterial: Material { .ultraThin }
    public static var thinMaterial: Material { .thin }
    public static var regularMaterial: Material { .regular }
    public static var thickMaterial: Material { .thick }
    public static var ultraThickMaterial: Material { .ultraThick }
    public static var bar: Material { .bar }
}

/// SwiftUI's hierarchical styles: the current foreground style at a level of emphasis.
public struct HierarchicalShapeStyle: ShapeStyle {
    let level: String
    public func _resolve(_ c: _DSLContext) -> ResolvedStyle {
        let levels: [String: Double] = ["primary": 1, "secondary": 0.6, "tertiary": 0.3, "quaternary": 0.18]
        let opacity = levels[level] ?? 1
        if let base = c.foreground { return base.opacity(opacity) }
        return .color(SystemColors.color(level, scheme: c.environment.colorScheme)!)
    }
    public static let primary = HierarchicalShapeStyle(level: "primary")
    public static let secondary = HierarchicalShapeStyle(level: "secondary")
    public static let tertiary = HierarchicalShapeStyle(level: "tertiary")
    public static let quaternary = HierarchicalShapeStyle(level: "quaternary")
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    public static var primary: HierarchicalShapeStyle { HierarchicalShapeStyle.primary }
    public static var secondary: HierarchicalShapeStyle { HierarchicalShapeStyle.secondary }
    public static var tertiary: HierarchicalShapeStyle { HierarchicalShapeStyle.tertiary }
    public static var quaternary: HierarchicalShapeStyle { HierarchicalShapeStyle.quaternary }
}

/// SwiftUI's `Gradient`.
public struct Gradient: Sendable {
    public struct Stop: Sendable {
        public var color: Color
        public var location: Double
        public init(color: Color, location: Double) {
            self.color = color
            self.location = location
        }
    }
    public var stops: [Stop]
    public init(colors: [Color]) {
        stops = colors.enumerated().map { Stop(color: $1, location: colors.count < 2 ? 0 : Double($0) / Double(colors.count - 1)) }
    }
    public init(stops: [Stop]) { self.stops = stops }
    func resolve(_ scheme: ColorScheme) -> [GradientStopValue] {
        stops.map { GradientStopValue(color: $0.color.resolve(scheme), location: $0.location) }
    }
}

/// SwiftUI's `LinearGradient` (a style and a view).
public struct LinearGradient: ShapeStyle, _PrimitiveView {
    let gradient: Gradient, start: UnitPoint, end: UnitPoint
    public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {
        self.gradient = gradient
        start = startPoint
        end = endPoint
    }
    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(colors: colors), startPoint: startPoint, endPoint: endPoint)
    }
    public init(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(stops: stops), startPoint: startPoint, endPoint: endPoint)
    }
    public func _resolve(_ c: _DSLContext) -> ResolvedStyle {
        .linearGradient(gradient.resolve(c.environment.colorScheme), start: start, end: end)
    }
    public func _nodes(_ c: _DSLContext) -> [ViewNode] { [ViewNode(.fill(_resolve(c)), accentable: c.accentable)] }
}

/// SwiftUI's `RadialGradient`.
public struct RadialGradient: ShapeStyle, _PrimitiveView {
    let gradient: Gradient, center: UnitPoint, startRadius: Double, endRadius: Double
    public init(gradient: Gradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.gradient = gradient
        self.center = center
        self.startRadius = Double(startRadius)
        self.endRadius = Double(endRadius)
    }
    public init(colors: [Color], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.init(gradient: Gradient(colors: colors), center: center, startRadius: startRadius, endRadius: endRadius)
    }
    public func _resolve(_ c: _DSLContext) -> ResolvedStyle {
        .radialGradient(gradient.resolve(c.environment.colorScheme), center: center, startRadius: startRadius, endRadius: endRadius)
    }
    public func _nodes(_ c: _DSLContext) -> [ViewNode] { [ViewNode(.fill(_resolve(c)), accentable: c.accentable)] }
}

/// SwiftUI's `AngularGradient`.
public struct AngularGradient: ShapeStyle, _PrimitiveView {
    let gradient: Gradient, center: UnitPoint, start: Angle, end: Angle
    public init(gradient: Gradient, center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .degrees(360)) {
        self.gradient = gradient
        self.center = center
        start = startAngle
        end = endAngle
    }
    public init(colors: [Color], center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .degrees(360)) {
        self.init(gradient: Gradient(colors: colors), center: center, startAngle: startAngle, endAngle: endAngle)
    }
    public func _resolve(_ c: _DSLContext) -> ResolvedStyle {
        .angularGradient(gradient.resolve(c.environment.colorScheme), center: center, startAngle: start.degrees, endAngle: end.degrees)
    }
    public func _nodes(_ c: _DSLContext) -> [ViewNode] { [ViewNode(.fill(_resolve(c)), accentable: c.accentable)] }
}

/// SwiftUI's `Angle`.
public struct Angle: Sendable, Hashable {
    public var degrees: Double
    public var radians: Double { degrees * Double.pi / 180 }
    public init(degrees: Double) { self.degrees = degrees }
    public init(radians: Double) { degrees = radians * 180 / Double.pi }
    public static func degrees(_ d: Double) -> Angle { Angle(degrees: d) }
    public static func radians(_ r: Double) -> Angle { Angle(radians: r) }
    public static let zero = Angle(degrees: 0)
}

/// SwiftUI's `Font`.
public struct Font: Sendable, Hashable {
    public typealias Weight = FontWeight
    public typealias Design = FontDesign
    public typealias TextStyle = WidgetModel.TextStyle
    var style: TextStyle?
    var spec: FontSpec

    init(style: TextStyle) {
        self.style = style
        spec = .style(style)
    }
    init(spec: FontSpec) {
        style = nil
        self.spec = spec
    }

    public static let largeTitle = Font(style: .largeTitle), title = Font(style: .title), title2 = Font(style: .title2)
    public static let title3 = Font(style: .title3), headline = Font(style: .headline), subheadline = Font(style: .subheadline)
    public static let body = Font(style: .body), callout = Font(style: .callout), footnote = Font(style: .footnote)
    public static let caption = Font(style: .caption), caption2 = Font(style: .caption2)

    public static func system(size: CGFloat, weight: Weight? = nil, design: Design? = nil) -> Font {
        Font(spec: FontSpec(size: Double(size), weight: weight ?? .regular, design: design ?? .default))
    }
    public static func system(_ style: TextStyle, design: Design = .default, weight: Weight? = nil) -> Font {
        var f = Font(style: style)
        f.spec.design = design
        if let weight { f.spec.weight = weight }
        return f
    }
    public func weight(_ w: Weight) -> Font {
        var f = self
        f.spec.weight = w
        return f
    }
    public func bold() -> Font { weight(.bold) }
    public func italic() -> Font {
        var f = self
        f.spec.italic = true
        return f
    }
    public func monospacedDigit() -> Font {
        var f = self
        f.spec.monospacedDigit = true
        return f
    }

    /// The font at a Dynamic Type size.
    func resolve(_ size: DynamicTypeSize) -> FontSpec {
        guard let style else { return spec }
        var f = FontSpec.style(style, dynamicType: size, design: spec.design)
        f.weight = spec.weight
        f.italic = spec.italic
        f.monospacedDigit = spec.monospacedDigit
        return f
    }
}

/// SwiftUI's `Edge` and `Edge.Set` (for padding).
public enum Edge: Int8, Sendable, CaseIterable {
    case top, leading, bottom, trailing
    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let top = Set(rawValue: 1), leading = Set(rawValue: 2), bottom = Set(rawValue: 4), trailing = Set(rawValue: 8)
        public static let horizontal: Set = [.leading, .trailing], vertical: Set = [.top, .bottom],
            all: Set = [.top, .leading, .bottom, .trailing]
    }
}

/// WidgetKit's `WidgetAccentedRenderingMode`.
public typealias WidgetAccentedRenderingMode = AccentedRenderingMode

/// SwiftUI's `RedactionReasons`.
public struct RedactionReasons: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let placeholder = RedactionReasons(rawValue: 1)
    public static let privacy = RedactionReasons(rawValue: 2)
    public static let invalidated = RedactionReasons(rawValue: 4)
}

/// SwiftUI's `ContainerBackgroundPlacement` (only `.widget` matters here).
public struct ContainerBackgroundPlacement: Sendable { public static let widget = ContainerBackgroundPlacement() }

/// SwiftUI's `Glass` for `glassEffect`.
public struct Glass: Sendable {
    let variant: GlassVariant
    var tintColor: Color? = nil
    public static let regular = Glass(variant: .regular), clear = Glass(variant: .clear), identity = Glass(variant: .identity)
    public func tint(_ color: Color?) -> Glass {
        var g = self
        g.tintColor = color
        return g
    }
    /// Reacts to touch on a device; a still image shows no difference.
    public func interactive(_ isEnabled: Bool = true) -> Glass { self }
}
