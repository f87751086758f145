// The view tree after resolution: what one variant of a widget draws, with every value concrete
// (placeholders filled, colours resolved for the colour scheme, If/Switch/ForEach expanded,
// inherited text and accent attributes pushed down to the leaves). The spec resolver and the
// SwiftUI-compatible DSL both produce it; layout and rendering consume it. Plain data, like
// usvg's tree.
import Foundation

/// SwiftUI's `UnitPoint`: a point in a view's bounds, (0, 0) top-leading to (1, 1) bottom-trailing.
public struct UnitPoint: Sendable, Hashable {
    public var x: Double, y: Double
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
    public static let topLeading = UnitPoint(x: 0, y: 0), top = UnitPoint(x: 0.5, y: 0), topTrailing = UnitPoint(x: 1, y: 0)
    public static let leading = UnitPoint(x: 0, y: 0.5), center = UnitPoint(x: 0.5, y: 0.5), trailing = UnitPoint(x: 1, y: 0.5)
    public static let bottomLeading = UnitPoint(x: 0, y: 1), bottom = UnitPoint(x: 0.5, y: 1), bottomTrailing = UnitPoint(x: 1, y: 1)
    public static let named: [String: UnitPoint] = [
        "topLeading": .topLeading, "top": .top, "topTrailing": .topTrailing, "leading": .leading, "center": .center,
        "trailing": .trailing, "bottomLeading": .bottomLeading, "bottom": .bottom, "bottomTrailing": .bottomTrailing,
    ]
}

/// How a colour, gradient or hierarchical style paints (SwiftUI's `ResolvedStyle`), resolved.
public enum ResolvedStyle: Sendable, Hashable {
    case color(RGBA)
    case linearGradient([GradientStopValue], start: UnitPoint, end: UnitPoint)
    case radialGradient([GradientStopValue], center: UnitPoint, startRadius: Double, endRadius: Double)
    case angularGradient([GradientStopValue], center: UnitPoint, startAngle: Double, endAngle: Double)

    /// The style with its opacity multiplied by `k`.
    public func opacity(_ k: Double) -> ResolvedStyle {
        switch self {
        case .color(let c): return .color(c.opacity(k))
        case .linearGradient(let s, let a, let b): return .linearGradient(s.map { $0.opacity(k) }, start: a, end: b)
        case .radialGradient(let s, let c, let r0, let r1):
            return .radialGradient(s.map { $0.opacity(k) }, center: c, startRadius: r0, endRadius: r1)
        case .angularGradient(let s, let c, let a0, let a1):
            return .angularGradient(s.map { $0.opacity(k) }, center: c, startAngle: a0, endAngle: a1)
        }
    }

    /// The colours it uses (for checks that look at hue).
    public var colors: [RGBA] {
        switch self {
        case .color(let c): return [c]
        case .linearGradient(let s, _, _), .radialGradient(let s, _, _, _), .angularGradient(let s, _, _, _): return s.map(\.color)
        }
    }
}

/// A resolved gradient stop.
public struct GradientStopValue: Sendable, Hashable {
    public var color: RGBA
    public var location: Double
    public init(color: RGBA, location: Double) {
        self.color = color
        self.location = location
    }
    func opacity(_ k: Double) -> GradientStopValue { GradientStopValue(color: color.opacity(k), location: location) }
}

/// SwiftUI's shapes.
public enum ShapeKind: Sendable, Hashable {
    case rectangle
    case roundedRectangle(cornerRadius: Double, style: RoundedCornerStyle)
    case capsule(style: RoundedCornerStyle)
    case circle
    case ellipse
    /// SVG path data in the view's own coordinate space (points), scaled to fit the frame when
    /// `fitsFrame`.
    case path(Path, fitsFrame: Bool)
    /// The widget's own shape, inset by the distance to the widget's edge.
    case containerRelative
}

/// How an image is drawn in accented mode (WidgetKit's `WidgetAccentedRenderingMode`).
public enum AccentedRenderingMode: String, Sendable, Hashable, CaseIterable {
    case accented, desaturated, accentedDesaturated, fullColor
}

/// Horizontal, vertical and two-axis alignment.
public enum HorizontalAlignment: String, Sendable, Hashable, CaseIterable { case leading, center, trailing }
public enum VerticalAlignment: String, Sendable, Hashable, CaseIterable { case top, center, bottom, firstTextBaseline, lastTextBaseline }
public struct Alignment: Sendable, Hashable {
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment
    public init(_ h: HorizontalAlignment, _ v: VerticalAlignment) {
        horizontal = h
        vertical = v
    }
    public static let center = Alignment(.center, .center), topLeading = Alignment(.leading, .top)
    public static let top = Alignment(.center, .top), topTrailing = Alignment(.trailing, .top)
    public static let leading = Alignment(.leading, .center), trailing = Alignment(.trailing, .center)
    public static let bottomLeading = Alignment(.leading, .bottom), bottom = Alignment(.center, .bottom)
    public static let bottomTrailing = Alignment(.trailing, .bottom)
    public static let named: [String: Alignment] = [
        "topLeading": Alignment(.leading, .top), "top": Alignment(.center, .top), "topTrailing": Alignment(.trailing, .top),
        "leading": Alignment(.leading, .center), "center": .center, "trailing": Alignment(.trailing, .center),
        "bottomLeading": Alignment(.leading, .bottom), "bottom": Alignment(.center, .bottom),
        "bottomTrailing": Alignment(.trailing, .bottom),
    ]
}

/// Text drawing attributes inherited from enclosing modifiers.
public struct TextAttributes: Sendable, Hashable {
    public var font: FontSpec = .body
    public var style: ResolvedStyle? = nil  // nil: the primary label colour
    public var lineLimit: Int? = nil
    public var alignment: TextAlignment = .leading
    public var minimumScaleFactor: Double = 1
    public var truncation: TruncationMode = .tail
    public var tracking: Double = 0
    public var lineSpacing: Double = 0
    /// fontWeight/bold, italic and monospacedDigit from enclosing modifiers: they combine with
    /// whatever font an inner `font` modifier sets, as in SwiftUI.
    public var weightOverride: FontWeight? = nil
    public var italicOverride = false
    public var monospacedDigitOverride = false
    /// `strikethrough` and `underline` (nil colour: the text's own).
    public var strikethrough: RGBA?? = nil
    public var underline: RGBA?? = nil
    public init() {}

    /// Sets the font, keeping the weight, italic and tabular-figure overrides in force.
    public mutating func setFont(_ f: FontSpec) {
        font = f
        if let w = weightOverride { font.weight = w }
        if italicOverride { font.italic = true }
        if monospacedDigitOverride { font.monospacedDigit = true }
    }
    public mutating func setWeight(_ w: FontWeight) {
        weightOverride = w
        font.weight = w
    }
    public mutating func setItalic() {
        italicOverride = true
        font.italic = true
    }
    public mutating func setMonospacedDigit() {
        monospacedDigitOverride = true
        font.monospacedDigit = true
    }
}

/// Where a node came from, for messages and `check`: a JSON pointer with line and column (or a
/// Swift file's place). The pointer is spelt out only when read.
public struct SourceRef: Sendable, Hashable {
    public var pointer: JSONPointer
    public var path: String {
        get { pointer.description }
        set { pointer = newValue.isEmpty ? .root : JSONPointer(newValue) }
    }
    public var line: Int
    public var column: Int
    /// The Swift file a DSL view or modifier was written in (`#filePath`); empty for a spec, whose
    /// file is the spec's.
    public var file: String = ""
    public init(path: String = "", line: Int = 0, column: Int = 0) {
        self.pointer = path.isEmpty ? .root : JSONPointer(path)
        self.line = line
        self.column = column
    }
    /// A place in a Swift file (what the DSL records from `#filePath`, `#line`, `#column`).
    public init(file: String, line: Int, column: Int) {
        pointer = .root
        self.file = file
        self.line = line
        self.column = column
    }
    /// Where a JSON value was written.
    public init(_ node: JSONNode) {
        pointer = node.pointer
        line = node.line
        column = node.column
    }
    public var isSwift: Bool { !file.isEmpty }
    public static func == (a: SourceRef, b: SourceRef) -> Bool {
        a.line == b.line && a.column == b.column && a.file == b.file && a.path == b.path
    }
    public func hash(into h: inout Hasher) {
        h.combine(line)
        h.combine(column)
        h.combine(file)
        h.combine(path)
    }
}

/// An image source.
public enum ImageSource: Sendable, Hashable {
    /// An SF Symbol name (mapped onto the open icon set).
    case system(String)
    /// Decoded pixels (from an asset or a file), with the points-per-pixel it was declared at.
    case bitmap(ImageData)
}

/// Decoded image pixels: straight RGBA8, row-major, shared by reference.
public final class ImageData: @unchecked Sendable, Hashable {
    public let width: Int, height: Int
    public let rgba: [UInt8]
    /// Pixels per point (2 for "@2x" files).
    public let scale: Double
    public let name: String
    public init(width: Int, height: Int, rgba: [UInt8], scale: Double, name: String) {
        self.width = width
        self.height = height
        self.rgba = rgba
        self.scale = scale
        self.name = name
    }
    public static func == (a: ImageData, b: ImageData) -> Bool { a === b }
    public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }
}

/// The kinds of view.
public indirect enum ViewKind: Sendable {
    case vstack(alignment: HorizontalAlignment, spacing: Double?, children: [ViewNode])
    case hstack(alignment: VerticalAlignment, spacing: Double?, children: [ViewNode])
    case zstack(alignment: Alignment, children: [ViewNode])
    case text(String, TextAttributes)
    case image(ImageSource, ImageOptions)
    /// A colour or gradient view: fills whatever frame it gets.
    case fill(ResolvedStyle)
    case shape(ShapeKind, ShapePaint)
    case spacer(minLength: Double?)
    case divider(RGBA)
    case gauge(GaugeValue)
    case progress(GaugeValue)
    case accessoryWidgetBackground
    /// SwiftUI's `ViewThatFits`: the first child whose ideal size fits along the given axes.
    case viewThatFits(horizontal: Bool, vertical: Bool, children: [ViewNode])
    /// SwiftUI's `GeometryReader`: content built by layout for the size it is offered. (The one
    /// place the resolved tree holds code rather than data: the content depends on layout.)
    case geometryReader(DeferredContent)
    /// SwiftUI's grids: `LazyVGrid`/`LazyHGrid` (tracks given by `GridItem`s, cells flowing along
    /// them) and `Grid` (explicit rows, columns as wide as their widest cell).
    case grid(GridLayout)
    case empty
}

/// A grid: its tracks, its cells and its spacing.
public struct GridLayout: Sendable {
    /// One track (a column of a vertical grid, a row of a horizontal one): SwiftUI's `GridItem`.
    public struct Track: Sendable {
        public enum Size: Sendable, Hashable {
            case fixed(Double)
            case flexible(minimum: Double, maximum: Double)
            /// As many tracks of at least `minimum` as fit.
            case adaptive(minimum: Double, maximum: Double)
        }
        public var size: Size
        /// Space after this track (nil: 8 pt).
        public var spacing: Double?
        public var alignment: Alignment?
        public init(size: Size, spacing: Double? = nil, alignment: Alignment? = nil) {
            self.size = size
            self.spacing = spacing
            self.alignment = alignment
        }
    }
    public enum Flow: Sendable { case rows, columns }
    /// `.rows`: LazyVGrid and Grid (tracks are columns, cells fill a row at a time); `.columns`:
    /// LazyHGrid (tracks are rows, cells fill a column at a time).
    public var flow: Flow
    /// LazyVGrid/LazyHGrid's tracks; empty for Grid, whose columns size to their cells.
    public var tracks: [Track]
    /// Grid's rows (GridRow children; a lone view spans the row); for the lazy grids one list of
    /// cells that the layout splits into lines.
    public var lines: [[ViewNode]]
    /// Between lines (rows of a vertical grid); nil: 8 pt.
    public var lineSpacing: Double?
    /// Between tracks for Grid (its horizontalSpacing); nil: 8 pt.
    public var trackSpacing: Double?
    public var alignment: Alignment
    /// Grid: whether each line is a GridRow (false: one view spanning every column).
    public var isRow: [Bool]
    /// A GridRow's own node (a one-row grid; a Grid takes its cells as one of its rows).
    public var isGridRow = false
    public init(
        flow: Flow, tracks: [Track], lines: [[ViewNode]], lineSpacing: Double?, trackSpacing: Double?, alignment: Alignment,
        isRow: [Bool] = []
    ) {
        self.flow = flow
        self.tracks = tracks
        self.lines = lines
        self.lineSpacing = lineSpacing
        self.trackSpacing = trackSpacing
        self.alignment = alignment
        self.isRow = isRow
    }
}

/// Content that needs its offered size before it can be built (GeometryReader's closure).
public final class DeferredContent: @unchecked Sendable {
    public let build: (Size) -> [ViewNode]
    public init(_ build: @escaping (Size) -> [ViewNode]) { self.build = build }
}

/// Image options.
public struct ImageOptions: Sendable, Hashable {
    public var resizable = false
    /// Symbol size comes from the font; tint from the foreground style.
    public var font: FontSpec = .body
    public var style: ResolvedStyle? = nil
    public var accentedMode: AccentedRenderingMode? = nil
    /// `imageScale`: a symbol's size relative to its font (small 0.78, medium 1, large 1.29).
    public var symbolScale: Double = 1
    public init() {}
}

/// How a shape is painted.
public struct ShapePaint: Sendable, Hashable {
    /// nil: filled with the foreground style (SwiftUI's default for a bare shape).
    public var fill: ResolvedStyle?
    public var stroke: (style: ResolvedStyle, stroke: StrokeOptions)?
    public var trim: (from: Double, to: Double)?
    public init(fill: ResolvedStyle? = nil) { self.fill = fill }

    public static func == (a: ShapePaint, b: ShapePaint) -> Bool {
        a.fill == b.fill && a.stroke?.style == b.stroke?.style && a.stroke?.stroke == b.stroke?.stroke
            && a.trim?.from == b.trim?.from && a.trim?.to == b.trim?.to
    }
    public func hash(into h: inout Hasher) { h.combine(fill) }
}

/// Stroke parameters as the spec gives them.
public struct StrokeOptions: Sendable, Hashable {
    public var lineWidth: Double = 1
    public var lineCap: LineCap = .butt
    public var lineJoin: LineJoin = .miter
    public var dash: [Double] = []
    public var dashPhase: Double = 0
    /// `strokeBorder`: the stroke lies inside the shape's edge.
    public var inset = false
    public init() {}
}

/// How a gauge or progress view is drawn: SwiftUI's gauge and progress view styles.
public enum GaugeDisplayStyle: String, Sendable, Hashable, CaseIterable {
    /// A bar (ProgressView's default).
    case linear
    /// A full ring filled clockwise from the top (ProgressView's `.circular`).
    case circular
    /// A 240° arc open at the bottom with a marker at the value (Gauge's Lock Screen default).
    case accessoryCircular
    /// A full ring filled clockwise from the top.
    case accessoryCircularCapacity
    case accessoryLinear, accessoryLinearCapacity, linearCapacity

    /// Drawn as a ring or an arc rather than a bar.
    public var isCircular: Bool { self == .circular || self == .accessoryCircular || self == .accessoryCircularCapacity }
    /// A full ring that fills with the value (rather than an arc with a marker).
    public var isCapacityRing: Bool { self == .circular || self == .accessoryCircularCapacity }
}

/// Defaults of the glass API that Apple does not state (ESTIMATES, named so they can change).
public enum GlassEffectDefaults {
    /// `GlassEffectContainer()` without a spacing.
    public static let containerSpacing = 20.0
    /// A glass button's label padding (a bordered button's).
    public static let buttonPadding = EdgeInsets(top: 6, leading: 12, bottom: 6, trailing: 12)
    /// `.glassProminent` without a tint: the system blue.
    public static let prominentTint = RGBA(hex: "#0A84FF")!
}

/// SwiftUI's glass button styles: `.glass`, `.glassProminent` (tinted with the accent colour),
/// `.glassClear`.
public enum GlassButtonStyle: String, Sendable, Hashable, CaseIterable { case glass, glassProminent, glassClear }

/// The glass of a `glassEffect`: SwiftUI's `Glass` variants.
public enum GlassVariant: String, Sendable, Hashable, CaseIterable {
    case regular, clear
    /// No glass at all.
    case identity
}

/// A gauge or progress view.
public struct GaugeValue: Sendable, Hashable {
    public var value: Double
    public var lower: Double
    public var upper: Double
    public var style: GaugeDisplayStyle
    public var tint: ResolvedStyle?
    public var label: String?
    public init(
        value: Double, lower: Double = 0, upper: Double = 1, style: GaugeDisplayStyle = .linear, tint: ResolvedStyle? = nil,
        label: String? = nil
    ) {
        self.value = value
        self.lower = lower
        self.upper = upper
        self.style = style
        self.tint = tint
        self.label = label
    }
    public var fraction: Double { upper > lower ? max(0, min(1, (value - lower) / (upper - lower))) : 0 }
    /// A circular accessory gauge's ring: 58 pt across with a 5.67 pt stroke, whatever frame it is
    /// given (measured on iOS 26 Lock Screen renders; docs/WIDGETKIT-FACTS.md).
    public static let circularDiameter = 58.0
    public static let circularStroke = 5.67
    /// The current value label's font in a circular gauge (an inner `font` wins).
    public static let currentValueFont = FontSpec(size: 18, weight: .semibold, design: .rounded)
    /// The current value label in the ring: centred, inset from the stroke.
    public static func currentValueOverlay(_ label: ViewNode, accentable: Bool) -> LayoutModifier {
        let inset = ViewNode(
            .zstack(alignment: .center, children: [label]), modifiers: [.padding(EdgeInsets(all: circularStroke + 3))],
            accentable: accentable)
        return .overlay(inset, alignment: .center)
    }
}

/// Modifiers that affect layout or drawing, in the order they wrap the view (innermost first).
public enum LayoutModifier: Sendable {
    case padding(EdgeInsets)
    case frame(width: Double?, height: Double?, alignment: Alignment)
    case flexibleFrame(
        minWidth: Double?, idealWidth: Double?, maxWidth: Double?,
        minHeight: Double?, idealHeight: Double?, maxHeight: Double?, alignment: Alignment)
    case background(ViewNode, alignment: Alignment)
    case overlay(ViewNode, alignment: Alignment)
    case clipShape(ShapeKind)
    case opacity(Double)
    case shadow(color: RGBA, radius: Double, x: Double, y: Double)
    case offset(x: Double, y: Double)
    case rotation(degrees: Double)
    case fixedSize(horizontal: Bool, vertical: Bool)
    case layoutPriority(Double)
    case aspectRatio(Double?, contentMode: ContentMode)
    case luminanceToAlpha
    case glassEffect(variant: GlassVariant, tint: RGBA?, shape: ShapeKind)
    /// SwiftUI's `GlassEffectContainer(spacing:)`: the glass inside is drawn together — shapes
    /// nearer than `spacing` melt into one body — with one rim and shadow.
    case glassContainer(spacing: Double)
    /// SwiftUI's `glassEffectUnion(id:namespace:)`: glass shapes with the same id are one shape.
    case glassUnion(id: String)
    case redacted
    /// SwiftUI's `unredacted()`: the subtree is drawn even inside a redacted one.
    case unredacted
    /// SwiftUI's `scaleEffect`: drawn scaled about the anchor; layout keeps the unscaled size.
    case scale(x: Double, y: Double, anchor: UnitPoint)
    /// SwiftUI's `mask(alignment:_:)`: the view is drawn through the alpha of the mask view, which is
    /// laid out in the view's frame like an overlay.
    case mask(ViewNode, alignment: Alignment)
    /// SwiftUI's `blur(radius:opaque:)` (radius in points; opaque keeps the edges solid).
    case blur(radius: Double, opaque: Bool)
    /// SwiftUI's colour adjustments: `saturation`, `brightness`, `contrast`, `grayscale`.
    case colorAdjustment(ColorAdjustment)
    /// SwiftUI's `position(x:y:)`: the view takes the space offered and centres its content there.
    case position(x: Double, y: Double)
    /// SwiftUI's `gridColumnAlignment`: on a cell of a Grid, aligns its whole column.
    case gridColumnAlignment(HorizontalAlignment)
}

/// A colour adjustment of a subtree's pixels (straight colour, Rec. 709 luma).
public enum ColorAdjustment: Sendable, Hashable {
    /// 0 grey, 1 unchanged, more vivid above 1.
    case saturation(Double)
    /// Added to red, green and blue (−1…1).
    case brightness(Double)
    /// Scaled about mid grey (1 unchanged).
    case contrast(Double)
    /// 0 unchanged, 1 grey.
    case grayscale(Double)
}

/// A view in the resolved tree.
public struct ViewNode: Sendable {
    public var kind: ViewKind
    public var modifiers: [LayoutModifier]
    /// Inside a `widgetAccentable()` subtree (inherited downwards, no opting out).
    public var accentable: Bool
    public var source: SourceRef

    /// The views inside this one (stacks, ViewThatFits, grid cells); a GeometryReader's content is
    /// built by layout and is not listed.
    public var children: [ViewNode] {
        switch kind {
        case .vstack(_, _, let c), .hstack(_, _, let c), .zstack(_, let c), .viewThatFits(_, _, let c): return c
        case .grid(let g): return g.lines.flatMap { $0 }
        default: return []
        }
    }

    public init(_ kind: ViewKind, modifiers: [LayoutModifier] = [], accentable: Bool = false, source: SourceRef = SourceRef()) {
        self.kind = kind
        self.modifiers = modifiers
        self.accentable = accentable
        self.source = source
    }
}

/// A resolved widget variant: its content, its container background, and its configuration.
public struct ResolvedWidget: Sendable {
    public var content: ViewNode
    /// The `containerBackground(for: .widget)` view, if any.
    public var containerBackground: ViewNode?
    public var contentMarginsDisabled: Bool
    public var containerBackgroundRemovable: Bool
    public var environment: WidgetEnvironment
    public init(
        content: ViewNode, containerBackground: ViewNode?, contentMarginsDisabled: Bool,
        containerBackgroundRemovable: Bool, environment: WidgetEnvironment
    ) {
        self.content = content
        self.containerBackground = containerBackground
        self.contentMarginsDisabled = contentMarginsDisabled
        self.containerBackgroundRemovable = containerBackgroundRemovable
        self.environment = environment
    }
}
