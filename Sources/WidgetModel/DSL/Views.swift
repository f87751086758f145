// The primitive views of the subset.
import Foundation

func node(_ kind: ViewKind, _ c: _DSLContext) -> ViewNode { ViewNode(kind, accentable: c.accentable) }

public struct VStack<Content: View>: _PrimitiveView {
    let alignment: HorizontalAlignment, spacing: Double?, content: Content
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing.map(Double.init)
        self.content = content()
    }
    public func _nodes(_ c: _DSLContext) -> [ViewNode] {
        [node(.vstack(alignment: alignment, spacing: spacing, children: _resolve(content, c)), c)]
    }
}

public struct HStack<Content: View>: _PrimitiveView {
    let alignment: VerticalAlignment, spacing: Double?, content: Content
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing.map(Double.init)
        self.content = content()
    }
    public func _nodes(_ c: _DSLContext) -> [ViewNode] {
        [node(.hstack(alignment: alignment, spacing: spacing, children: _resolve(content, c)), c)]
    }
}

public struct ZStack<Content: View>: _PrimitiveView {
    let alignment: Alignment, content: Content
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }
    public func _nodes(_ c: _DSLContext) -> [ViewNode] { [node(.zstack(alignment: alignment, children: _resolve(content, c)), c)] }
}

/// SwiftUI's `Text`: a string, a localized string key with interpolations (dates in a style,
/// values with a format), a date in a style, a date range, a formatted value, an attributed
/// string, or several texts joined with `+`.
public struct Text: _PrimitiveView {
    public typealias DateStyle = DateTextStyle
    /// SwiftUI's `Text.Case` (for `textCase`).
    public enum Case: Sendable, Hashable { case uppercase, lowercase }

    /// A piece of text, formatted when the variant is known (locale, time zone, entry date).
    enum Segment {
        case string(String)
        case date(Date, DateTextStyle)
        case range(Date, Date)
        case formatted((Locale, TimeZone) -> String)
    }
    let segments: [Segment]
    /// Where the Text was written (for `check` findings).
    var _at = SourceRef()

    init(segments: [Segment]) { self.segments = segments }
    /// A string as it is (SwiftUI's `Text(_ content: some StringProtocol)`).
    /// The same without a place, for `Text.init` used as a function (`name.map(Text.init)`), where
    /// default arguments do not apply; calls prefer the one below, which records where it is.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ content: S) { segments = [.string(String(content))] }
    public init<S: StringProtocol>(_ content: S, _file: String = #filePath, _line: Int = #line, _column: Int = #column) {
        segments = [.string(String(content))]
        _at = SourceRef(file: _file, line: _line, column: _column)
    }
    /// A literal, with interpolations: `Text("Updated \(date, style: .relative) ago")`.
    public init(_ key: LocalizedStringKey, _file: String = #filePath, _line: Int = #line, _column: Int = #column) {
        segments = key.segments
        _at = SourceRef(file: _file, line: _line, column: _column)
    }
    public init(
        _ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil, _file: String = #filePath,
        _line: Int = #line, _column: Int = #column
    ) {
        segments = key.segments
        _at = SourceRef(file: _file, line: _line, column: _column)
    }
    public init(verbatim: String, _file: String = #filePath, _line: Int = #line, _column: Int = #column) {
        segments = [.string(verbatim)]
        _at = SourceRef(file: _file, line: _line, column: _column)
    }
    public init(_ date: Date, style: DateStyle, _file: String = #filePath, _line: Int = #line, _column: Int = #column) {
        segments = [.date(date, style)]
        _at = SourceRef(file: _file, line: _line, column: _column)
    }
    public init(_ range: ClosedRange<Date>) { segments = [.range(range.lowerBound, range.upperBound)] }
    public init(timerInterval: ClosedRange<Date>, pauseTime: Date? = nil, countsDown: Bool = true, showsHours: Bool = true) {
        segments = [.date(countsDown ? timerInterval.upperBound : timerInterval.lowerBound, .timer)]
    }
    /// A value with a Foundation format style (`.number`, `.percent`, `.dateTime…`), formatted in
    /// the variant's locale and time zone.
    public init<F: FormatStyle>(_ input: F.FormatInput, format: F, _file: String = #filePath, _line: Int = #line, _column: Int = #column)
    where F.FormatOutput == String {
        segments = [.formatted({ locale, zone in Text.format(input, format, locale, zone) })]
        _at = SourceRef(file: _file, line: _line, column: _column)
    }
    /// An attributed string's characters (its attributes are not drawn: one style per Text).
    public init(_ attributed: AttributedString) { segments = [.string(String(attributed.characters))] }

    static func format<F: FormatStyle>(_ input: F.FormatInput, _ format: F, _ locale: Locale, _ zone: TimeZone) -> String
    where F.FormatOutput == String {
        var f = format.locale(locale)
        if var d = f as? Date.FormatStyle {
            d.timeZone = zone
            if let back = d as? F { f = back }
        }
        return f.format(input)
    }

    /// Texts joined, as SwiftUI's `+` does. The joined text is drawn in one style (the
    /// modifiers around it); styles set on the parts with Text-returning modifiers are not kept.
    public static func + (a: Text, b: Text) -> Text { Text(segments: a.segments + b.segments) }

    /// The text for a variant.
    func string(_ c: _DSLContext) -> String {
        let f = DateTextFormatter(locale: c.environment.locale, timeZone: c.environment.timeZone)
        var s = ""
        for segment in segments {
            switch segment {
            case .string(let v): s += v
            case .date(let d, let style): s += f.string(d, style: style, now: c.environment.date)
            case .range(let a, let b): s += f.string(from: a, to: b)
            case .formatted(let make): s += make(c.environment.locale, c.environment.timeZone)
            }
        }
        switch c.textCase {
        case .uppercase?: return s.uppercased(with: c.environment.locale)
        case .lowercase?: return s.lowercased(with: c.environment.locale)
        case nil: return s
        }
    }

    public func _nodes(_ c: _DSLContext) -> [ViewNode] {
        var n = node(.text(string(c), c.text), c)
        n.source = _at
        return [n]
    }

    /// The plain string, when the text is one (for labels such as a gauge's current value).
    var plainString: String? {
        if segments.count == 1, case .string(let s) = segments[0] { return s }
        return nil
    }
}

/// SwiftUI's `LocalizedStringKey`: what a string literal given to `Text` becomes, with its
/// interpolations kept as typed values until the variant's locale and date are known.
public struct LocalizedStringKey: ExpressibleByStringInterpolation, Sendable {
    var segments: [Text.Segment] { _segments.segments }
    let _segments: Segments

    public init(_ value: String) { _segments = Segments([.string(value)]) }
    public init(stringLiteral value: String) { _segments = Segments([.string(value)]) }
    public init(stringInterpolation: StringInterpolation) { _segments = Segments(stringInterpolation.segments) }

    /// The segments, in a box so the key stays Sendable (a formatted segment holds a closure).
    final class Segments: @unchecked Sendable {
        let segments: [Text.Segment]
        init(_ s: [Text.Segment]) { segments = s }
    }

    public struct StringInterpolation: StringInterpolationProtocol {
        var segments: [Text.Segment] = []
        public init(literalCapacity: Int, interpolationCount: Int) {}
        public mutating func appendLiteral(_ literal: String) { segments.append(.string(literal)) }
        public mutating func appendInterpolation<T>(_ value: T) { segments.append(.string("\(value)")) }
        public mutating func appendInterpolation(_ string: String) { segments.append(.string(string)) }
        public mutating func appendInterpolation(_ date: Date, style: Text.DateStyle) { segments.append(.date(date, style)) }
        public mutating func appendInterpolation(_ range: ClosedRange<Date>) { segments.append(.range(range.lowerBound, range.upperBound)) }
        public mutating func appendInterpolation(_ text: Text) { segments += text.segments }
        public mutating func appendInterpolation<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatOutput == String {
            segments.append(.formatted({ locale, zone in Text.format(input, format, locale, zone) }))
        }
        public mutating func appendInterpolation(_ image: Image) {}
    }
}

/// SwiftUI's `Image`: an SF Symbol, or a named image registered with `WidgetAssets`.
public struct Image: _PrimitiveView {
    enum Source {
        case system(String)
        case named(String)
    }
    let source: Source
    var isResizable = false
    var accentedMode: AccentedRenderingMode? = nil
    var _at = SourceRef()
    public init(systemName: String, _file: String = #filePath, _line: Int = #line, _column: Int = #column) {
        source = .system(systemName)
        _at = SourceRef(file: _file, line: _line, column: _column)
    }
    /// An image by name from `WidgetAssets` (an asset catalog stand-in).
    public init(_ name: String, _file: String = #filePath, _line: Int = #line, _column: Int = #column) {
        source = .named(name)
        _at = SourceRef(file: _file, line: _line, column: _column)
    }
    public func resizable() -> Image {
        var i = self
        i.isResizable = true
        return i
    }
    public func widgetAccentedRenderingMode(_ mode: WidgetAccentedRenderingMode?) -> Image {
        var i = self
        i.accentedMode = mode
        return i
    }

    public func _nodes(_ c: _DSLContext) -> [ViewNode] {
        var o = ImageOptions()
        o.resizable = isResizable
        o.font = c.text.font
        o.style = c.text.style
        o.accentedMode = accentedMode
        o.symbolScale = c.imageScale
        var n: ViewNode
        switch source {
        case .system(let name): n = node(.image(.system(name), o), c)
        case .named(let name):
            if let data = WidgetAssets.image(named: name) {
                n = node(.image(.bitmap(data), o), c)
            } else {
                n = node(.image(.system("questionmark.square.dashed"), o), c)
            }
        }
        n.source = _at
        return [n]
    }
}

/// Named images for `Image(_:)`, registered by the code that renders (in place of an asset catalog).
public enum WidgetAssets {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var images: [String: ImageData] = [:]
    public static func register(_ data: ImageData, named name: String) {
        lock.lock()
        images[name] = data
        lock.unlock()
    }
    public static func image(named name: String) -> ImageData? {
        lock.lock()
        defer { lock.unlock() }
        return images[name]
    }
}

public struct Spacer: _PrimitiveView {
    let minLength: Double?
    public init(minLength: CGFloat? = nil) { self.minLength = minLength.map(Double.init) }
    public func _nodes(_ c: _DSLContext) -> [ViewNode] { [node(.spacer(minLength: minLength), c)] }
}

public struct Divider: _PrimitiveView {
    public init() {}
    public func _nodes(_ c: _DSLContext) -> [ViewNode] {
        [node(.divider(SystemColors.color("separator", scheme: c.environment.colorScheme)!), c)]
    }
}

/// WidgetKit's `AccessoryWidgetBackground`.
public struct AccessoryWidgetBackground: _PrimitiveView {
    public init() {}
    public func _nodes(_ c: _DSLContext) -> [ViewNode] { [node(.accessoryWidgetBackground, c)] }
}

/// SwiftUI's `Gauge` (value in a range, a label shown in the middle of circular styles).
public struct Gauge<Label: View>: _PrimitiveView {
    let value: Double, range: ClosedRange<Double>, label: Label
    let currentValueLabel: (any View)?, minimumValueLabel: (any View)?, maximumValueLabel: (any View)?
    var style: GaugeDisplayStyle? = nil

    public init<V: BinaryFloatingPoint>(value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label) {
        self.init(value, bounds, label(), nil, nil, nil)
    }
    public init<V: BinaryFloatingPoint, Current: View>(
        value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label, @ViewBuilder currentValueLabel: () -> Current
    ) {
        self.init(value, bounds, label(), currentValueLabel(), nil, nil)
    }
    public init<V: BinaryFloatingPoint, Current: View, Bound: View>(
        value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label, @ViewBuilder currentValueLabel: () -> Current,
        @ViewBuilder minimumValueLabel: () -> Bound, @ViewBuilder maximumValueLabel: () -> Bound
    ) {
        self.init(value, bounds, label(), currentValueLabel(), minimumValueLabel(), maximumValueLabel())
    }
    /// The label closures of a gauge whose current value label is left out.
    public init<V: BinaryFloatingPoint, Bound: View>(
        value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
        @ViewBuilder minimumValueLabel: () -> Bound, @ViewBuilder maximumValueLabel: () -> Bound
    ) {
        self.init(value, bounds, label(), nil, minimumValueLabel(), maximumValueLabel())
    }

    private init<V: BinaryFloatingPoint>(
        _ value: V, _ bounds: ClosedRange<V>, _ label: Label, _ current: (any View)?, _ lo: (any View)?, _ hi: (any View)?
    ) {
        let v = Double(value)
        self.value = v.isFinite ? v : 0
        let lower = Double(bounds.lowerBound)
        let upper = Double(bounds.upperBound)
        range = lower.isFinite && upper.isFinite ? lower...upper : 0...1
        self.label = label
        currentValueLabel = current
        minimumValueLabel = lo
        maximumValueLabel = hi
    }

    public func gaugeStyle(_ style: GaugeStyle) -> Gauge {
        var g = self
        g.style = style.kind
        return g
    }

    /// The gauge node with its label views as overlays (circular: the current value in the centre,
    /// the bounds or else the label in the opening at the bottom of the ring, as SwiftUI's
    /// documentation places them) or around the bar (linear: label and current value above, the
    /// bounds at its ends).
    public func _nodes(_ c: _DSLContext) -> [ViewNode] {
        // `.automatic`: a circular gauge in a circular accessory, a capacity bar elsewhere (Chosen;
        // iOS's default gauge outside widgets is the linear capacity bar).
        let style = self.style ?? c.gaugeStyle ?? (c.environment.widgetFamily == .accessoryCircular ? .accessoryCircular : .linear)
        let gauge = ViewNode(
            .gauge(GaugeValue(value: value, lower: range.lowerBound, upper: range.upperBound, style: style, tint: c.tint, label: nil)),
            accentable: c.accentable)
        func resolved(_ view: any View, _ font: Font) -> ViewNode? {
            let nodes = _resolveAny(AnyView(view).font(font).lineLimit(1).minimumScaleFactor(0.5), c)
            guard !nodes.isEmpty else { return nil }
            return nodes.count == 1
                ? nodes[0] : ViewNode(.hstack(alignment: .center, spacing: 2, children: nodes), accentable: c.accentable)
        }
        let hasLabel = !(label is EmptyView)
        let boundsFont = Font.system(size: style.isCircular ? 9 : 10, weight: .semibold)
        let lo = minimumValueLabel.flatMap { resolved($0, boundsFont) }
        let hi = maximumValueLabel.flatMap { resolved($0, boundsFont) }
        if style.isCircular {
            var node = gauge
            let ring = GaugeValue.circularStroke
            let f = GaugeValue.currentValueFont
            if let current = currentValueLabel.flatMap({ resolved($0, .system(size: f.size, weight: f.weight, design: f.design)) }) {
                node.modifiers.append(GaugeValue.currentValueOverlay(current, accentable: c.accentable))
            }
            if !style.isCapacityRing {
                var bottom: ViewNode?
                if lo != nil || hi != nil {
                    // In the opening, near the ends of the arc (which are ±0.87 r from the centre).
                    bottom = ViewNode(
                        .hstack(
                            alignment: .lastTextBaseline, spacing: 0, children: [lo, ViewNode(.spacer(minLength: 0)), hi].compactMap { $0 }),
                        modifiers: [.padding(EdgeInsets(top: 0, leading: ring + 5, bottom: 7, trailing: ring + 5))])
                } else if hasLabel, let l = resolved(label, .system(size: 10, weight: .semibold)) {
                    bottom = l
                }
                if let bottom { node.modifiers.append(.overlay(bottom, alignment: Alignment(.center, .bottom))) }
            }
            return [node]
        }
        var rows: [ViewNode] = []
        let current = currentValueLabel.flatMap { resolved($0, .caption) }
        let title = hasLabel ? resolved(label, .caption) : nil
        if title != nil || current != nil {
            rows.append(
                ViewNode(
                    .hstack(
                        alignment: .firstTextBaseline, spacing: 4,
                        children: [title, ViewNode(.spacer(minLength: 0)), current].compactMap { $0 })))
        }
        // A bar without bounds labels stays a bare gauge node.
        rows.append(
            lo == nil && hi == nil ? gauge : ViewNode(.hstack(alignment: .center, spacing: 4, children: [lo, gauge, hi].compactMap { $0 })))
        if rows.count == 1 { return [rows[0]] }
        return [ViewNode(.vstack(alignment: .leading, spacing: 4, children: rows), accentable: c.accentable)]
    }
}

extension View {
    /// SwiftUI's `gaugeStyle(_:)`: the style of every gauge inside.
    public func gaugeStyle(_ style: GaugeStyle) -> ModifiedContent<Self> { env { c in c.gaugeStyle = style.kind } }
}

/// Gauge styles.
public struct GaugeStyle: Sendable {
    let kind: GaugeDisplayStyle
    public static let accessoryCircular = GaugeStyle(kind: .accessoryCircular)
    public static let accessoryCircularCapacity = GaugeStyle(kind: .accessoryCircularCapacity)
    public static let accessoryLinear = GaugeStyle(kind: .accessoryLinear)
    public static let accessoryLinearCapacity = GaugeStyle(kind: .accessoryLinearCapacity)
    // Drawn as the plain bar, as before the style became an enum.
    public static let linearCapacity = GaugeStyle(kind: .linear)
}

/// SwiftUI's `ProgressView` with a value.
public struct ProgressView: _PrimitiveView {
    let value: Double, total: Double
    public init(value: Double?, total: Double = 1) {
        self.value = value ?? 0
        self.total = total
    }
    public func _nodes(_ c: _DSLContext) -> [ViewNode] {
        [node(.progress(GaugeValue(value: value, lower: 0, upper: total, style: .linear, tint: c.tint)), c)]
    }
}

// MARK: - Shapes

/// SwiftUI's `Shape`: a view that fills with the foreground style, and can be filled, stroked, trimmed.
public protocol Shape: _PrimitiveView {
    var _kind: ShapeKind { get }
    /// The part of the outline kept by `trim(from:to:)`, if any. A requirement, so a trimmed
    /// shape returned as `some Shape` keeps its trim when filled or stroked.
    var _trim: (from: Double, to: Double)? { get }
    /// Where the shape was written (for `check` findings).
    var _at: SourceRef { get }
}

extension Shape {
    public var _trim: (from: Double, to: Double)? { nil }
    public var _at: SourceRef { SourceRef() }
    public func _nodes(_ c: _DSLContext) -> [ViewNode] {
        var p = ShapePaint(fill: c.text.style)
        p.trim = _trim
        var n = node(.shape(_kind, p), c)
        n.source = _at
        return [n]
    }
    public func fill<S: ShapeStyle>(_ style: S) -> _ShapeView {
        var v = _ShapeView(kind: _kind, fill: { style._resolve($0) })
        v.trim = _trim
        v.at = _at
        return v
    }
    public func stroke<S: ShapeStyle>(_ style: S, lineWidth: CGFloat = 1) -> _ShapeView {
        stroke(style, style: StrokeStyle(lineWidth: Double(lineWidth)))
    }
    public func stroke<S: ShapeStyle>(_ style: S, style stroke: StrokeStyle) -> _ShapeView {
        var v = _ShapeView(kind: _kind, stroke: ({ style._resolve($0) }, stroke))
        v.trim = _trim
        v.at = _at
        return v
    }
    /// `stroke(style:)` and `stroke(lineWidth:)`: in the foreground style.
    public func stroke(style stroke: StrokeStyle) -> _ShapeView {
        var v = _ShapeView(kind: _kind, stroke: ({ c in c.text.style ?? .color(.black) }, stroke))
        v.trim = _trim
        v.at = _at
        return v
    }
    public func stroke(lineWidth: CGFloat = 1) -> _ShapeView { stroke(style: StrokeStyle(lineWidth: Double(lineWidth))) }
    public func strokeBorder<S: ShapeStyle>(_ style: S, lineWidth: CGFloat = 1) -> _ShapeView {
        var v = _ShapeView(kind: _kind, stroke: ({ style._resolve($0) }, StrokeStyle(lineWidth: Double(lineWidth))), inset: true)
        v.trim = _trim
        v.at = _at
        return v
    }
    public func trim(from: CGFloat = 0, to: CGFloat = 1) -> _TrimmedShape {
        _TrimmedShape(base: _kind, from: Double(from), to: Double(to), _at: _at)
    }
}

/// A trimmed shape (it can still be filled or stroked).
public struct _TrimmedShape: Shape {
    let base: ShapeKind, from: Double, to: Double
    public let _at: SourceRef
    public var _kind: ShapeKind { base }
    public var _trim: (from: Double, to: Double)? { (from, to) }
}

/// A filled or stroked shape.
public struct _ShapeView: _PrimitiveView {
    let kind: ShapeKind
    var fill: ((_DSLContext) -> ResolvedStyle)? = nil
    var stroke: ((_DSLContext) -> ResolvedStyle, StrokeStyle)? = nil
    var inset = false
    var trim: (Double, Double)? = nil
    var at = SourceRef()
    public func _nodes(_ c: _DSLContext) -> [ViewNode] {
        var p = ShapePaint()
        p.fill = fill?(c)
        if let (style, s) = stroke {
            var o = StrokeOptions()
            o.lineWidth = s.lineWidth
            o.lineCap = s.lineCap
            o.lineJoin = s.lineJoin
            o.dash = s.dash
            o.dashPhase = s.dashPhase
            o.inset = inset
            p.stroke = (style(c), o)
        }
        p.trim = trim
        var n = node(.shape(kind, p), c)
        n.source = at
        return [n]
    }
}

public struct Rectangle: Shape {
    public let _at: SourceRef
    public init(_file: String = #filePath, _line: Int = #line, _column: Int = #column) {
        _at = SourceRef(file: _file, line: _line, column: _column)
    }
    public var _kind: ShapeKind { .rectangle }
}
public struct Circle: Shape {
    public let _at: SourceRef
    public init(_file: String = #filePath, _line: Int = #line, _column: Int = #column) {
        _at = SourceRef(file: _file, line: _line, column: _column)
    }
    public var _kind: ShapeKind { .circle }
}
public struct Ellipse: Shape {
    public let _at: SourceRef
    public init(_file: String = #filePath, _line: Int = #line, _column: Int = #column) {
        _at = SourceRef(file: _file, line: _line, column: _column)
    }
    public var _kind: ShapeKind { .ellipse }
}
public struct ContainerRelativeShape: Shape {
    public let _at: SourceRef
    public init(_file: String = #filePath, _line: Int = #line, _column: Int = #column) {
        _at = SourceRef(file: _file, line: _line, column: _column)
    }
    public var _kind: ShapeKind { .containerRelative }
}
public struct Capsule: Shape {
    let style: RoundedCornerStyle
    public let _at: SourceRef
    public init(style: RoundedCornerStyle = .circular, _file: String = #filePath, _line: Int = #line, _column: Int = #column) {
        self.style = style
        _at = SourceRef(file: _file, line: _line, column: _column)
    }
    public var _kind: ShapeKind { .capsule(style: style) }
}
public struct RoundedRectangle: Shape {
    let radius: Double, style: RoundedCornerStyle
    public let _at: SourceRef
    public init(
        cornerRadius: CGFloat, style: RoundedCornerStyle = .circular, _file: String = #filePath, _line: Int = #line, _column: Int = #column
    ) {
        radius = Double(cornerRadius)
        self.style = style
        _at = SourceRef(file: _file, line: _line, column: _column)
    }
    public var _kind: ShapeKind { .roundedRectangle(cornerRadius: radius, style: style) }
}

extension Path: Shape {
    public var _kind: ShapeKind { .path(self, fitsFrame: false) }
}
