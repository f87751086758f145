// The spec body as typed Swift values, decoded once from the located JSON tree (SpecDecoder) and
// resolved per variant (SpecResolver). Every node type, modifier and literal is an enum case or a
// typed field here; a value written as a `{{placeholder}}` template stays a template until an
// entry fills it, and is then checked by the same parser that checked literals at decode time.
import Foundation

/// Why a value was rejected (the message, without the place).
public struct SpecValueError: Error, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// One value of the spec: a literal checked when the spec was decoded, or a template filled from
/// each timeline entry and checked then. It remembers where it was written.
public struct SpecField<T: Sendable>: Sendable {
    public enum Value: Sendable {
        case literal(T)
        /// A string with `{{…}}` placeholders.
        case template(String)
    }
    public var value: Value
    public var at: SourceRef
    /// How a template becomes a value: `true` fills it as text (strings, names), `false` keeps a
    /// lone placeholder's JSON type (numbers, booleans, raw data).
    let textual: Bool
    let parse: @Sendable (JSONValue) throws -> T

    init(_ value: Value, at: SourceRef, textual: Bool, parse: @escaping @Sendable (JSONValue) throws -> T) {
        self.value = value
        self.at = at
        self.textual = textual
        self.parse = parse
    }

    /// The literal, if the value does not depend on an entry.
    public var literal: T? {
        if case .literal(let v) = value { return v }
        return nil
    }
    /// The template text, if the value is one.
    public var template: String? {
        if case .template(let t) = value { return t }
        return nil
    }
}

/// A colour's name part: "#RRGGBB[AA]" or a SwiftUI colour name (resolved per colour scheme).
public enum SpecColorName: Sendable, Hashable {
    case rgba(RGBA)
    case system(String)
}

/// A colour as the spec writes it.
public indirect enum SpecColor: Sendable {
    case name(SpecField<SpecColorName>)
    /// {"red", "green", "blue", "opacity"} or {"white", "opacity"}.
    case components(
        red: SpecField<Double>?, green: SpecField<Double>?, blue: SpecField<Double>?,
        white: SpecField<Double>?, opacity: SpecField<Double>?)
    /// {"color": …, "opacity": …}.
    case withOpacity(SpecColor, SpecField<Double>?)
}

/// A point in a view's bounds: a name (literal or template) or {"x", "y"}.
public enum SpecUnitPoint: Sendable {
    case named(SpecField<UnitPoint>)
    case xy(x: SpecField<Double>?, y: SpecField<Double>?)
}

/// The stops of a gradient.
public enum SpecStops: Sendable {
    /// Evenly spaced colours.
    case colors([SpecColor])
    case stops([(color: SpecColor, location: SpecField<Double>)])
}

/// A colour or gradient (SwiftUI's `ShapeStyle`s the spec knows).
public enum SpecStyle: Sendable {
    case color(SpecColor)
    case linearGradient(SpecStops, start: SpecUnitPoint?, end: SpecUnitPoint?)
    case radialGradient(SpecStops, center: SpecUnitPoint?, startRadius: SpecField<Double>?, endRadius: SpecField<Double>?)
    case angularGradient(SpecStops, center: SpecUnitPoint?, startAngle: SpecField<Double>?, endAngle: SpecField<Double>?)
}

/// A foreground style: a hierarchical level of the current style, or a style of its own.
public enum SpecForeground: Sendable {
    /// "primary", "secondary", "tertiary", "quaternary" (opacity relative to the current style).
    case hierarchical(String, level: Double)
    case style(SpecStyle)
}

/// A shape.
public enum SpecShape: Sendable {
    case rectangle, circle, ellipse, containerRelative
    case roundedRectangle(cornerRadius: SpecField<Double>, style: SpecField<RoundedCornerStyle>?)
    /// A capsule; the string form "Capsule" has circular ends, the object form continuous ones.
    case capsule(style: SpecField<RoundedCornerStyle>?, defaultStyle: RoundedCornerStyle)
    /// SVG path data (parsed when decoded, or per entry for a template).
    case path(SpecField<Path>, fit: SpecField<Bool>?)
}

/// Stroke parameters.
public struct SpecStroke: Sendable {
    /// nil: the current foreground style.
    public var style: SpecStyle?
    public var lineWidth: SpecField<Double>?
    public var lineCap: SpecField<LineCap>?
    public var lineJoin: SpecField<LineJoin>?
    public var dash: [SpecField<Double>]
    public var dashPhase: SpecField<Double>?
}

/// One edge name of `padding`'s `edges`.
public enum PaddingEdge: String, Sendable, CaseIterable { case all, horizontal, vertical, top, bottom, leading, trailing }

/// The padding modifier's argument.
public enum SpecPadding: Sendable {
    /// `true` (16 pt) or a length.
    case uniform(SpecField<Double>?)
    case edges([SpecField<PaddingEdge>], length: SpecField<Double>?)
    case insets(
        all: SpecField<Double>?, horizontal: SpecField<Double>?, vertical: SpecField<Double>?,
        top: SpecField<Double>?, leading: SpecField<Double>?, bottom: SpecField<Double>?, trailing: SpecField<Double>?)
}

/// The frame modifier's argument: fixed, or flexible when any min/ideal/max key is present.
public struct SpecFrame: Sendable {
    public var width, height: SpecField<Double>?
    public var minWidth, idealWidth, maxWidth: SpecField<Double>?
    public var minHeight, idealHeight, maxHeight: SpecField<Double>?
    public var alignment: SpecField<Alignment>?
    public var isFlexible: Bool
}

/// The font modifier's argument.
public enum SpecFont: Sendable {
    case style(SpecField<TextStyle>)
    case custom(
        style: SpecField<TextStyle>?, size: SpecField<Double>?, weight: SpecField<FontWeight>?,
        design: SpecField<FontDesign>?, italic: SpecField<Bool>?, monospacedDigit: SpecField<Bool>?)
}

/// The content of background, overlay and containerBackground.
public struct SpecAttached: Sendable {
    public enum Content: Sendable {
        case view(SpecNode)
        case style(SpecStyle, at: SourceRef)
    }
    public var content: Content
    public var alignment: SpecField<Alignment>?
}

/// A modifier, as written.
public enum SpecModifier: Sendable {
    // Environment: reach the view and everything it contains.
    case font(SpecFont)
    case fontWeight(SpecField<FontWeight>)
    case bold(SpecField<Bool>)
    case italic(SpecField<Bool>)
    case monospacedDigit(SpecField<Bool>)
    case foregroundStyle(SpecForeground)
    case tint(SpecStyle)
    /// nil: no limit.
    case lineLimit(SpecField<Int>?)
    case multilineTextAlignment(SpecField<TextAlignment>)
    case minimumScaleFactor(SpecField<Double>)
    /// SwiftUI's `dynamicTypeSize(_:)`: a size, or limits (`min`/`max`) the subtree's size stays within.
    case dynamicTypeSize(exactly: SpecField<DynamicTypeSize>?, min: SpecField<DynamicTypeSize>?, max: SpecField<DynamicTypeSize>?)
    case truncationMode(SpecField<TruncationMode>)
    case tracking(SpecField<Double>)
    case lineSpacing(SpecField<Double>)
    case widgetAccentable(SpecField<Bool>)
    case widgetAccentedRenderingMode(SpecField<AccentedRenderingMode>)
    case resizable(SpecField<Bool>)
    // Shape paint.
    case fill(SpecStyle)
    case stroke(SpecStroke, inset: Bool)
    case trim(from: SpecField<Double>?, to: SpecField<Double>?)
    // Layout and drawing.
    case padding(SpecPadding)
    case frame(SpecFrame)
    case background(SpecAttached)
    case overlay(SpecAttached)
    case containerBackground(SpecAttached)
    case clipShape(SpecShape)
    case cornerRadius(SpecField<Double>)
    case opacity(SpecField<Double>)
    case shadow(color: SpecColor?, radius: SpecField<Double>?, x: SpecField<Double>?, y: SpecField<Double>?)
    case offset(x: SpecField<Double>?, y: SpecField<Double>?)
    case rotationEffect(SpecField<Double>)
    case fixedSize(horizontal: SpecField<Bool>?, vertical: SpecField<Bool>?)
    case layoutPriority(SpecField<Double>)
    case aspectRatio(SpecField<Double>?, contentMode: SpecField<ContentMode>?)
    case luminanceToAlpha(SpecField<Bool>)
    case redacted(SpecField<RedactionReason>)
    case glassEffect(variant: SpecField<GlassVariant>?, tint: SpecColor?, shape: SpecShape?)
    /// Wraps the view in a `GlassEffectContainer(spacing:)`.
    case glassEffectContainer(spacing: SpecField<Double>?)
    case glassEffectUnion(id: SpecField<String>)
    /// A glass button style on the view, as if it were a Button's label.
    case buttonStyle(SpecField<GlassButtonStyle>)
    /// Accepted and without effect on a still image (contentTransition, invalidatableContent,
    /// privacySensitive).
    case noEffect
}

/// SwiftUI's redaction reasons the spec accepts.
public enum RedactionReason: String, Sendable, CaseIterable { case placeholder, privacy, invalidated, none }

/// A modifier with its name and place.
public struct SpecModifierNode: Sendable {
    public var name: String
    public var modifier: SpecModifier
    public var at: SourceRef
}

/// A Text's content.
public enum SpecText: Sendable {
    case string(SpecField<String>)
    case date(SpecField<SpecDate>, to: SpecField<SpecDate>?, style: SpecField<DateTextStyle>?)
}

/// A date in a Text: "now" (the entry's date) or a fixed one.
public enum SpecDate: Sendable {
    case now
    case fixed(Date)
}

/// Where an Image's pixels come from.
public enum SpecImageSource: Sendable {
    case system(SpecField<String>)
    case asset(SpecField<String>)
    case file(SpecField<String>)
}

/// A Gauge or ProgressView.
public struct SpecGauge: Sendable {
    public var isProgress: Bool
    public var value: SpecField<Double>?
    public var lower: SpecField<Double>?
    public var upper: SpecField<Double>?
    public var style: SpecField<GaugeDisplayStyle>?
    public var label: SpecField<String>?
    public var tint: SpecStyle?
}

/// The environment values `If` and `Switch` can test.
public enum EnvironmentKey: String, Sendable, CaseIterable {
    case renderingMode, family, colorScheme, showsWidgetContainerBackground
    case dynamicTypeSize, layoutDirection, locale, accessibilityReduceTransparency, colorSchemeContrast

    /// The values this key can take (nil: any text, as for `locale`).
    public var allowedValues: [String]? {
        switch self {
        case .renderingMode: return WidgetRenderingMode.allCases.map(\.rawValue)
        case .family: return WidgetFamily.allCases.map(\.rawValue)
        case .colorScheme: return ColorScheme.allCases.map(\.rawValue)
        case .showsWidgetContainerBackground, .accessibilityReduceTransparency: return ["true", "false"]
        case .dynamicTypeSize: return DynamicTypeSize.allCases.map(\.rawValue)
        case .layoutDirection: return LayoutDirection.allCases.map(\.rawValue)
        case .colorSchemeContrast: return ColorSchemeContrast.allCases.map(\.rawValue)
        case .locale: return nil
        }
    }
}

/// An `If` condition.
public indirect enum SpecCondition: Sendable {
    /// A placeholder or literal, tested for truth.
    case truthy(SpecField<JSONValue>)
    /// An object of tests, all of which must hold.
    case all([SpecConditionTest])
}

public enum SpecConditionTest: Sendable {
    /// The environment value is one of these (family names are checked).
    case environment(EnvironmentKey, oneOf: [SpecField<String>])
    case not(SpecCondition)
    case value(SpecField<JSONValue>, SpecComparison)
}

public enum SpecComparison: Sendable {
    case truthy
    case equals(SpecField<JSONValue>)
    case notEquals(SpecField<JSONValue>)
    case greaterThan(SpecField<Double>)
    case lessThan(SpecField<Double>)
    case oneOf([SpecField<JSONValue>])
}

/// What a `Switch` looks at.
public enum SpecSwitchSubject: Sendable {
    case environment(EnvironmentKey)
    case value(SpecField<JSONValue>)
}

/// A view, as written.
public indirect enum SpecView: Sendable {
    case vstack(alignment: SpecField<HorizontalAlignment>?, spacing: SpecField<Double>?, children: [SpecNode])
    case hstack(alignment: SpecField<VerticalAlignment>?, spacing: SpecField<Double>?, children: [SpecNode])
    case zstack(alignment: SpecField<Alignment>?, children: [SpecNode])
    case text(SpecText)
    case image(SpecImageSource, resizable: SpecField<Bool>?, contentMode: SpecField<ContentMode>?)
    case color(SpecColor)
    case gradient(SpecStyle)
    case shape(SpecShape)
    case spacer(minLength: SpecField<Double>?)
    case divider
    case gauge(SpecGauge)
    case accessoryWidgetBackground
    case empty
    case ifView(SpecCondition, then: SpecNode, else: SpecNode?)
    case switchView(SpecSwitchSubject, cases: [(key: String, node: SpecNode)], default: SpecNode?)
    /// The data array's name (a dotted path), its content, and an optional item limit.
    case forEach(SpecField<String>, content: SpecNode, limit: SpecField<Int>?)

    /// Shapes take fill, stroke and trim.
    public var isShape: Bool {
        if case .shape = self { return true }
        return false
    }
}

/// A placeholder template a node reads, for `check`'s timeline rule.
public struct SpecTemplateUse: Sendable {
    public var template: String
    public var at: SourceRef
}

/// A view node with its modifiers (in the order written, outermost last) and its place.
public struct SpecNode: Sendable {
    /// The node's "type" as written (for messages).
    public var typeName: String
    public var view: SpecView
    public var modifiers: [SpecModifierNode]
    public var at: SourceRef
    /// Every template the node's own keys and modifiers hold (not its child views').
    public var templates: [SpecTemplateUse]

    /// The child views: stack children, branches, ForEach content and the views of background,
    /// overlay and containerBackground modifiers, with the way each is reached.
    public var children: [(node: SpecNode, via: SpecEdge)] {
        var out: [(SpecNode, SpecEdge)] = []
        for m in modifiers {
            switch m.modifier {
            case .background(let a), .overlay(let a), .containerBackground(let a):
                if case .view(let n) = a.content { out.append((n, .modifier)) }
            default: break
            }
        }
        switch view {
        case .vstack(_, _, let c), .hstack(_, _, let c), .zstack(_, let c): out += c.map { ($0, .child) }
        case .ifView(_, let t, let e):
            out.append((t, .branch))
            if let e { out.append((e, .branch)) }
        case .switchView(_, let cases, let d):
            out += cases.map { ($0.node, .branch) }
            if let d { out.append((d, .branch)) }
        case .forEach(_, let content, _): out.append((content, .forEachContent))
        default: break
        }
        return out
    }
}

/// How a child view hangs from its parent.
public enum SpecEdge: Sendable { case child, branch, forEachContent, modifier }
