// SwiftUI's layout, re-implemented: a parent proposes a size, the child chooses its own, the
// parent places it. Each view and each layout modifier is a LayoutBox; modifiers wrap the box of
// the view they modify, innermost first, exactly as SwiftUI's modifiers wrap views.
//
//  • Stacks share space by flexibility: children are offered space in order of increasing
//    flexibility (max − min size along the axis, probed with 0 and ∞ proposals), each getting an
//    equal share of what remains; higher layoutPriority groups go first, after reserving the
//    minimum sizes of the lower ones. Default spacing is 8 pt.
//  • `frame(width:height:)` proposes its fixed sizes; the flexible frame clamps the proposal to
//    [min, max] and reports clamp(child, min, max) expanded towards the proposal where max allows
//    (objc.io's reconstruction of SwiftUI's algorithm).
//  • background and overlay are proposed the size of the view they decorate.
//  • Sizes are measured once per distinct proposal (a per-box cache), because stacks probe often.
import RasterCore
import WidgetModel

/// A proposed size: nil means "your ideal size"; .infinity means "as much as you like".
public struct ProposedSize: Hashable {
    public var width: Double?
    public var height: Double?
    public init(width: Double?, height: Double?) {
        self.width = width
        self.height = height
    }
    public static let unspecified = ProposedSize(width: nil, height: nil)
    public static let zero = ProposedSize(width: 0, height: 0)
    public static let infinity = ProposedSize(width: .infinity, height: .infinity)
    func replacing(_ axis: Axis, with v: Double?) -> ProposedSize {
        axis == .horizontal ? ProposedSize(width: v, height: height) : ProposedSize(width: width, height: v)
    }
    func value(_ axis: Axis) -> Double? { axis == .horizontal ? width : height }
    static func make(_ axis: Axis, main: Double?, cross: Double?) -> ProposedSize {
        axis == .horizontal ? ProposedSize(width: main, height: cross) : ProposedSize(width: cross, height: main)
    }
}

// Stacks lay out along WidgetModel's `Axis` (SwiftUI's: horizontal, vertical).

extension Size {
    func value(_ axis: Axis) -> Double { axis == .horizontal ? width : height }
    static func make(_ axis: Axis, main: Double, cross: Double) -> Size {
        axis == .horizontal ? Size(main, cross) : Size(cross, main)
    }
}

/// What layout needs from outside: text measurement and the widget's geometry.
public final class LayoutContext {
    public let text: TextLayoutEngine
    public let environment: WidgetEnvironment
    /// The widget's frame in points (for ContainerRelativeShape).
    public let widgetRect: Rect
    public let cornerRadius: Double
    public var missingSymbols: [String] = []
    /// Each unknown symbol with the view that asked for it (for `check`'s place).
    public var missingSymbolPlaces: [(name: String, source: SourceRef)] = []
    /// Texts that could not fit (for `check`).
    public var truncatedTexts: [(text: String, shown: String, source: SourceRef)] = []
    /// The first error met while laying out or recording (a font that cannot be loaded, say):
    /// layout itself does not throw, so it notes the error here and the renderer throws it.
    public private(set) var firstError: Error? = nil

    /// A text layout for drawing (a gauge label, a symbol stand-in), nil with the error noted.
    func layoutNoting(_ text: String, options: TextOptions, maxWidth: Double? = nil) -> TextLayout? {
        do { return try self.text.layout(text, options: options, maxWidth: maxWidth) } catch {
            note(error)
            return nil
        }
    }

    /// Notes an error (only the first is kept).
    public func note(_ error: Error) { if firstError == nil { firstError = error } }

    public init(text: TextLayoutEngine, environment: WidgetEnvironment, widgetRect: Rect, cornerRadius: Double) {
        self.text = text
        self.environment = environment
        self.widgetRect = widgetRect
        self.cornerRadius = cornerRadius
    }

    /// Rounds a length or position to the device pixel grid.
    func snap(_ v: Double) -> Double { (v * environment.displayScale).rounded() / environment.displayScale }
    func snap(_ r: Rect) -> Rect {
        let x0 = snap(r.minX)
        let y0 = snap(r.minY)
        let x1 = snap(r.maxX)
        let y1 = snap(r.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

/// One node of the layout tree.
public class LayoutBox {
    /// The view this box draws (or decorates).
    public let view: ViewNode
    /// Where layout placed it, in widget points.
    public internal(set) var frame = Rect.zero
    let context: LayoutContext
    private var cache: [ProposedSize: Size] = [:]

    init(view: ViewNode, context: LayoutContext) {
        self.view = view
        self.context = context
    }

    /// The size this box chooses for a proposal (cached).
    public final func sizeThatFits(_ proposal: ProposedSize) -> Size {
        if let s = cache[proposal] { return s }
        let s = computeSize(proposal)
        cache[proposal] = s
        return s
    }

    func computeSize(_ proposal: ProposedSize) -> Size { .zero }

    /// Places the box in `rect` (its chosen size, positioned by the parent).
    package func place(in rect: Rect) { frame = rect }

    /// Sub-boxes, for drawing.
    var children: [LayoutBox] { [] }
    /// The boxes inside this one (for checks that walk the placed layout).
    public var subboxes: [LayoutBox] { children }
    /// The layout modifier this box applies, when it is a modifier's box.
    public var layoutModifier: LayoutModifier? { (self as? ModifierBox)?.modifier }

    var layoutPriority: Double { 0 }

    /// First and last text baselines, relative to the box's top, if it contains text.
    func baseline(first: Bool, size: Size) -> Double? { nil }

    /// Right-to-left layout: SwiftUI flips the horizontal axis of layout, so stacks run from the
    /// right, `.leading` alignment and padding are on the right, and offsets point the other way;
    /// what a view draws inside its frame (glyphs, images, shapes) is not mirrored. Laying out
    /// left to right and then reflecting every placed frame about the widget's vertical centre line
    /// gives exactly that. `width` is the widget's width in points.
    public func mirrorHorizontally(width: Double) {
        var stack: [LayoutBox] = [self]
        var budget = 1_000_000
        while let b = stack.popLast(), budget > 0 {
            budget -= 1
            b.frame = Rect(x: width - b.frame.maxX, y: b.frame.minY, width: b.frame.width, height: b.frame.height)
            stack += b.children
        }
    }
}

// MARK: - Building

extension LayoutBox {
    /// The box tree for a view: the view's own box wrapped by one box per layout modifier.
    package static func build(_ view: ViewNode, _ context: LayoutContext) -> LayoutBox {
        var box: LayoutBox
        switch view.kind {
        case .vstack(let alignment, let spacing, let children):
            box = StackBox(
                view: view, context: context, axis: .vertical, spacing: spacing,
                children: children.map { build($0, context) }, vAlign: nil, hAlign: alignment)
        case .hstack(let alignment, let spacing, let children):
            box = StackBox(
                view: view, context: context, axis: .horizontal, spacing: spacing,
                children: children.map { build($0, context) }, vAlign: alignment, hAlign: nil)
        case .zstack(let alignment, let children):
            box = ZStackBox(view: view, context: context, alignment: alignment, children: children.map { build($0, context) })
        case .text(let string, let attributes):
            box = TextBox(view: view, context: context, string: string, attributes: attributes)
        case .image(let source, let options):
            box = ImageBox(view: view, context: context, source: source, options: options)
        case .spacer(let minLength):
            box = SpacerBox(view: view, context: context, minLength: minLength)
        case .divider:
            box = DividerBox(view: view, context: context)
        case .gauge(let g), .progress(let g):
            box = GaugeBox(view: view, context: context, gauge: g)
        case .empty:
            box = LayoutBox(view: view, context: context)
        case .viewThatFits(let horizontal, let vertical, let children):
            box = ViewThatFitsBox(
                view: view, context: context, horizontal: horizontal, vertical: vertical, children: children.map { build($0, context) })
        case .geometryReader(let content):
            box = GeometryReaderBox(view: view, context: context, content: content)
        case .grid(let grid):
            box = GridBox(view: view, context: context, grid: grid)
        case .fill, .shape, .accessoryWidgetBackground:
            box = FlexibleBox(view: view, context: context)
        }
        for modifier in view.modifiers {
            box = ModifierBox.make(modifier, wrapping: box, view: view, context)
        }
        return box
    }
}

// MARK: - Leaves

/// Colours, gradients and shapes: they take whatever they are offered, even infinity (10×10 when
/// asked for their ideal size), as SwiftUI's shapes do.
final class FlexibleBox: LayoutBox {
    override func computeSize(_ p: ProposedSize) -> Size {
        Size(p.width ?? 10, p.height ?? 10)
    }
    override func place(in rect: Rect) { frame = context.snap(rect) }
}

final class SpacerBox: LayoutBox {
    let minLength: Double?
    /// The axis of the enclosing stack, set by the stack.
    var axis: Axis? = nil
    init(view: ViewNode, context: LayoutContext, minLength: Double?) {
        self.minLength = minLength
        super.init(view: view, context: context)
    }
    /// Along its stack's axis a spacer takes everything it is offered (infinity included), never
    /// less than its minimum length; across, nothing.
    override func computeSize(_ p: ProposedSize) -> Size {
        let m = minLength ?? 8
        switch axis {
        case .horizontal?: return Size(max(m, p.width ?? m), 0)
        case .vertical?: return Size(0, max(m, p.height ?? m))
        case nil: return Size(max(m, p.width ?? m), max(m, p.height ?? m))
        }
    }
}

final class DividerBox: LayoutBox {
    var axis: Axis? = nil
    var thickness: Double { 1 / context.environment.displayScale }
    override func computeSize(_ p: ProposedSize) -> Size {
        // A line across the stack: horizontal in a VStack, vertical in an HStack.
        if axis == .horizontal { return Size(thickness, finiteOr(p.height, 0)) }
        return Size(finiteOr(p.width, 0), thickness)
    }
    override func place(in rect: Rect) { frame = context.snap(rect) }
}

final class TextBox: LayoutBox {
    let string: String
    let attributes: TextAttributes
    private var layouts: [Key: TextLayout] = [:]
    private(set) var placedLayout: TextLayout?

    init(view: ViewNode, context: LayoutContext, string: String, attributes: TextAttributes) {
        self.string = string
        self.attributes = attributes
        super.init(view: view, context: context)
    }

    func options(maxLines: Int? = nil) -> TextOptions {
        // An inline accessory is one line of text: the system truncates, never wraps.
        let inline = context.environment.family == .accessoryInline
        var limit = inline ? 1 : attributes.lineLimit
        if let m = maxLines { limit = min(limit ?? m, m) }
        var o = TextOptions(
            font: attributes.font, lineLimit: limit, truncation: attributes.truncation,
            alignment: attributes.alignment, minimumScaleFactor: attributes.minimumScaleFactor,
            tracking: attributes.tracking, lineSpacing: attributes.lineSpacing,
            displayScale: context.environment.displayScale)
        o.layoutDirection = context.environment.layoutDirection
        return o
    }

    struct Key: Hashable {
        var width: Double
        var lines: Int
    }

    func layout(width: Double?, maxLines: Int? = nil) -> TextLayout {
        let key = Key(width: width.map { $0.isFinite ? $0 : -1 } ?? -1, lines: maxLines ?? -1)
        if let l = layouts[key] { return l }
        let l: TextLayout
        do {
            l = try context.text.layout(string, options: options(maxLines: maxLines), maxWidth: key.width < 0 ? nil : key.width)
        } catch {
            context.note(error)
            l = TextLayout(
                lines: [], size: .zero, firstBaseline: 0, lastBaseline: 0, isTruncated: false, fontScale: 1,
                font: attributes.font, missingCharacters: [])
        }
        layouts[key] = l
        return l
    }

    /// The layout for a proposal. Text truncates to the proposed height, as SwiftUI's does: it
    /// keeps the lines that fit (at least one) and ends the last with "…" (measured on iOS: a
    /// 446-character paragraph proposed 200×100 pt shows 3 lines, the last ending "…").
    func layout(width: Double?, height: Double?) -> TextLayout {
        let full = layout(width: width)
        // Half a point of slack: a frame snapped to the pixel grid must not lose a line.
        let slack = 0.5
        guard let h = height, h.isFinite, full.lines.count > 1, full.size.height > h + slack else { return full }
        // Lines are `pitch` apart below a first line of the natural height.
        let n = Double(full.lines.count)
        let pitch = (full.lines[full.lines.count - 1].baseline - full.lines[0].baseline) / (n - 1)
        let first = full.size.height - pitch * (n - 1)
        let fits = pitch > 0 ? Int(((h + slack - first) / pitch).rounded(.down)) + 1 : 1
        return layout(width: width, maxLines: max(1, min(full.lines.count - 1, fits)))
    }

    override func computeSize(_ p: ProposedSize) -> Size {
        let l = layout(width: p.width, height: p.height)
        // Text reports its lines' size, never more than offered.
        return Size(min(l.size.width, p.width ?? .infinity), l.size.height)
    }

    override func place(in rect: Rect) {
        frame = rect
        let l = layout(width: rect.width + 1e-6, height: rect.height + 1e-6)
        placedLayout = l
        if l.isTruncated { context.truncatedTexts.append((string, l.lines.map(\.text).joined(separator: " "), view.source)) }
    }

    override func baseline(first: Bool, size: Size) -> Double? {
        let l = layout(width: size.width + 1e-6, height: size.height + 1e-6)
        return first ? l.firstBaseline : l.lastBaseline
    }
}

final class ImageBox: LayoutBox {
    let source: ImageSource
    let options: ImageOptions
    init(view: ViewNode, context: LayoutContext, source: ImageSource, options: ImageOptions) {
        self.source = source
        self.options = options
        super.init(view: view, context: context)
    }

    /// The natural size: a symbol is as tall as its font's line and as wide as its ink plus a
    /// thin side bearing; a bitmap its pixels / scale. Measured on iOS: `checkmark.circle.fill` at
    /// body has 17×17 pt of ink (the font's size) and 9–10 pt of ink gap to a following Text in
    /// an HStack (8 pt of spacing, so about half a point of bearing each side).
    var intrinsic: Size {
        switch source {
        case .system:
            let ink = options.font.size * options.symbolScale
            return Size(ink + 2 * ImageBox.symbolBearing * options.symbolScale, max(ink, options.font.size * 1.2))
        case .bitmap(let data):
            return Size(Double(data.width) / data.scale, Double(data.height) / data.scale)
        }
    }

    /// A symbol's side bearing at medium scale, points.
    static let symbolBearing = 0.5

    override func computeSize(_ p: ProposedSize) -> Size {
        guard options.resizable else { return intrinsic }
        let i = intrinsic
        return Size(p.width.flatMap { $0.isFinite ? $0 : nil } ?? i.width, p.height.flatMap { $0.isFinite ? $0 : nil } ?? i.height)
    }
    override func place(in rect: Rect) { frame = context.snap(rect) }
}

final class GaugeBox: LayoutBox {
    let gauge: GaugeValue
    init(view: ViewNode, context: LayoutContext, gauge: GaugeValue) {
        self.gauge = gauge
        super.init(view: view, context: context)
    }
    var isCircular: Bool { gauge.style.isCircular }
    override func computeSize(_ p: ProposedSize) -> Size {
        if isCircular {
            // A ring of fixed size (58 pt), centred in a larger frame; smaller only when offered less.
            let d = GaugeValue.circularDiameter
            let w = p.width.flatMap { $0.isFinite ? $0 : nil } ?? d
            let h = p.height.flatMap { $0.isFinite ? $0 : nil } ?? d
            let side = max(0, min(d, w, h))
            return Size(side, side)
        }
        // A linear bar: as wide as offered (even unbounded, as a shape is), 100 pt ideal; 6 pt tall
        // (plus a label line when it has one).
        let w = p.width ?? 100
        return Size(w, gauge.label == nil ? 6 : 6 + 4 + 15)
    }
    override func place(in rect: Rect) { frame = context.snap(rect) }
}

// MARK: - Stacks

final class StackBox: LayoutBox {
    let axis: Axis
    let spacing: Double
    let stackChildren: [LayoutBox]
    let vAlign: VerticalAlignment?
    let hAlign: HorizontalAlignment?

    init(
        view: ViewNode, context: LayoutContext, axis: Axis, spacing: Double?, children: [LayoutBox],
        vAlign: VerticalAlignment?, hAlign: HorizontalAlignment?
    ) {
        self.axis = axis
        self.spacing = spacing ?? 8
        self.stackChildren = children
        self.vAlign = vAlign
        self.hAlign = hAlign
        super.init(view: view, context: context)
        for c in children {
            if let s = c.innermost as? SpacerBox { s.axis = axis }
            if let d = c.innermost as? DividerBox { d.axis = axis }
        }
    }
    override var children: [LayoutBox] { stackChildren }

    /// Whether every child has the same layout priority.
    var hasUniformPriority: Bool { Set(stackChildren.map(\.layoutPriority)).count <= 1 }

    /// Main-axis sizes for a proposal: SwiftUI's distribution by flexibility and priority.
    func distribute(_ p: ProposedSize) -> [Size] {
        let n = stackChildren.count
        guard n > 0 else { return [] }
        let cross = p.value(axis == .horizontal ? .vertical : .horizontal)
        let totalSpacing = spacing * Double(n - 1)
        guard let available = p.value(axis) else {
            return stackChildren.map { $0.sizeThatFits(p.replacing(axis, with: nil)) }
        }
        func probe(_ c: LayoutBox, _ v: Double) -> Double {
            c.sizeThatFits(ProposedSize.make(axis, main: v, cross: cross)).value(axis)
        }
        let mins = stackChildren.map { probe($0, 0) }
        let maxs = stackChildren.map { probe($0, .infinity) }
        var remaining = available - totalSpacing
        // When the row has room for every bounded child at its ideal size (text on one line, an
        // image at its size) and every unbounded one (spacers, shapes) at its minimum, the bounded
        // ones take their ideal size and the unbounded share the rest: SwiftUI keeps a 177.5-pt
        // text on one line in HStack { Text; Spacer(); Text } 343 pt wide, where an even split
        // would wrap it. (Measured on iOS; see the conformance notes.)
        let bounded = (0..<n).map { maxs[$0].isFinite }
        let need = (0..<n).reduce(0) { $0 + (bounded[$1] ? maxs[$1] : mins[$1]) }
        if need <= remaining + 1e-9 && bounded.contains(true) && hasUniformPriority {
            var sizes = [Size?](repeating: nil, count: n)
            for i in 0..<n where bounded[i] {
                sizes[i] = stackChildren[i].sizeThatFits(ProposedSize.make(axis, main: maxs[i], cross: cross))
                remaining -= sizes[i]!.value(axis)
            }
            let open = (0..<n).filter { !bounded[$0] }.sorted { (maxs[$0] - mins[$0], $0) < (maxs[$1] - mins[$1], $1) }
            var left = open.count
            for i in open {
                let s = stackChildren[i].sizeThatFits(ProposedSize.make(axis, main: max(0, remaining / Double(left)), cross: cross))
                sizes[i] = s
                remaining -= s.value(axis)
                left -= 1
            }
            return sizes.map { $0! }
        }
        var sizes = [Size?](repeating: nil, count: n)
        let priorities = Set(stackChildren.map(\.layoutPriority)).sorted(by: >)
        for priority in priorities {
            let group = (0..<n).filter { stackChildren[$0].layoutPriority == priority }
            // Space the lower-priority children need at least stays reserved for them.
            let reserved = (0..<n).filter { stackChildren[$0].layoutPriority < priority }.reduce(0) { $0 + mins[$1] }
            var budget = remaining - reserved
            let ordered = group.sorted { (maxs[$0] - mins[$0], $0) < (maxs[$1] - mins[$1], $1) }
            var left = ordered.count
            for i in ordered {
                let share = max(0, budget / Double(left))
                let s = stackChildren[i].sizeThatFits(ProposedSize.make(axis, main: share, cross: cross))
                sizes[i] = s
                budget -= s.value(axis)
                remaining -= s.value(axis)
                left -= 1
            }
        }
        return sizes.map { $0! }
    }

    override func computeSize(_ p: ProposedSize) -> Size {
        let sizes = distribute(p)
        guard !sizes.isEmpty else { return .zero }
        let main = sizes.reduce(0) { $0 + $1.value(axis) } + spacing * Double(sizes.count - 1)
        let crossAxis: Axis = axis == .horizontal ? .vertical : .horizontal
        let cross = sizes.map { $0.value(crossAxis) }.max() ?? 0
        return Size.make(axis, main: main, cross: cross)
    }

    override func place(in rect: Rect) {
        frame = rect
        let sizes = distribute(ProposedSize(width: rect.width, height: rect.height))
        var pos = axis == .horizontal ? rect.minX : rect.minY
        // Baseline alignment: align every child's baseline to the first child's that has one.
        var baselineOffset: Double? = nil
        if let v = vAlign, v == .firstTextBaseline || v == .lastTextBaseline {
            baselineOffset = zip(stackChildren, sizes).compactMap { $0.baseline(first: v == .firstTextBaseline, size: $1) }.max()
        }
        for (child, size) in zip(stackChildren, sizes) {
            var origin = Point.zero
            if axis == .horizontal {
                origin.x = pos
                switch vAlign ?? .center {
                case .top: origin.y = rect.minY
                case .bottom: origin.y = rect.maxY - size.height
                case .center: origin.y = rect.minY + (rect.height - size.height) / 2
                case .firstTextBaseline, .lastTextBaseline:
                    if let b = child.baseline(first: vAlign == .firstTextBaseline, size: size), let target = baselineOffset {
                        origin.y = rect.minY + target - b
                    } else {
                        origin.y = rect.minY + (rect.height - size.height) / 2
                    }
                }
                pos += size.width + spacing
            } else {
                origin.y = pos
                switch hAlign ?? .center {
                case .leading: origin.x = rect.minX
                case .trailing: origin.x = rect.maxX - size.width
                case .center: origin.x = rect.minX + (rect.width - size.width) / 2
                }
                pos += size.height + spacing
            }
            child.place(in: Rect(origin: origin, size: size))
        }
    }

    override func baseline(first: Bool, size: Size) -> Double? {
        let sizes = distribute(ProposedSize(width: size.width, height: size.height))
        if axis == .vertical {
            var y = 0.0
            let order = first ? Array(zip(stackChildren, sizes)) : Array(zip(stackChildren, sizes))
            var found: Double? = nil
            for (c, s) in order {
                if let b = c.baseline(first: first, size: s) {
                    found = y + b
                    if first { return found }
                }
                y += s.height + spacing
            }
            return found
        }
        return zip(stackChildren, sizes).compactMap { $0.baseline(first: first, size: $1) }.max()
    }
}

final class ZStackBox: LayoutBox {
    let alignment: Alignment
    let stackChildren: [LayoutBox]
    init(view: ViewNode, context: LayoutContext, alignment: Alignment, children: [LayoutBox]) {
        self.alignment = alignment
        self.stackChildren = children
        super.init(view: view, context: context)
    }
    override var children: [LayoutBox] { stackChildren }
    override func computeSize(_ p: ProposedSize) -> Size {
        let sizes = stackChildren.map { $0.sizeThatFits(p) }
        return Size(sizes.map(\.width).max() ?? 0, sizes.map(\.height).max() ?? 0)
    }
    override func place(in rect: Rect) {
        frame = rect
        for c in stackChildren {
            let s = c.sizeThatFits(ProposedSize(width: rect.width, height: rect.height))
            c.place(in: aligned(s, in: rect, alignment))
        }
    }
    override func baseline(first: Bool, size: Size) -> Double? {
        stackChildren.compactMap { $0.baseline(first: first, size: $0.sizeThatFits(ProposedSize(width: size.width, height: size.height))) }
            .first
    }
}

/// SwiftUI's ViewThatFits: the first child whose ideal size (unconstrained along the chosen axes)
/// fits the proposal along those axes; the last child when none does.
final class ViewThatFitsBox: LayoutBox {
    let horizontal: Bool, vertical: Bool
    let options: [LayoutBox]
    init(view: ViewNode, context: LayoutContext, horizontal: Bool, vertical: Bool, children: [LayoutBox]) {
        self.horizontal = horizontal
        self.vertical = vertical
        options = children
        super.init(view: view, context: context)
    }
    private var chosenIndex: Int? = nil
    func choose(_ p: ProposedSize) -> LayoutBox? {
        for c in options {
            let ideal = c.sizeThatFits(ProposedSize(width: horizontal ? nil : p.width, height: vertical ? nil : p.height))
            let fitsH = !horizontal || p.width == nil || ideal.width <= p.width! + 1e-9
            let fitsV = !vertical || p.height == nil || ideal.height <= p.height! + 1e-9
            if fitsH && fitsV { return c }
        }
        return options.last
    }
    override var children: [LayoutBox] { chosenIndex.map { [options[$0]] } ?? [] }
    override func computeSize(_ p: ProposedSize) -> Size { choose(p)?.sizeThatFits(p) ?? .zero }
    override func place(in rect: Rect) {
        frame = rect
        let p = ProposedSize(width: rect.width, height: rect.height)
        guard let c = choose(p) else { return }
        chosenIndex = options.firstIndex { $0 === c }
        c.place(in: aligned(c.sizeThatFits(p), in: rect, .center))
    }
    override func baseline(first: Bool, size: Size) -> Double? {
        let p = ProposedSize(width: size.width, height: size.height)
        return choose(p)?.baseline(first: first, size: size)
    }
}

/// SwiftUI's GeometryReader: takes all it is offered, then builds its content for that size and
/// lays it out from the top leading corner.
final class GeometryReaderBox: LayoutBox {
    let content: DeferredContent
    private var built: [LayoutBox] = []
    init(view: ViewNode, context: LayoutContext, content: DeferredContent) {
        self.content = content
        super.init(view: view, context: context)
    }
    override var children: [LayoutBox] { built }
    override func computeSize(_ p: ProposedSize) -> Size { Size(finiteOr(p.width, 10), finiteOr(p.height, 10)) }
    override func place(in rect: Rect) {
        frame = rect
        built = content.build(rect.size).map { LayoutBox.build($0, context) }
        for c in built {
            let s = c.sizeThatFits(ProposedSize(width: rect.width, height: rect.height))
            c.place(in: aligned(s, in: rect, .topLeading))
        }
    }
}

/// A proposed length, or `d` when it is unspecified or infinite.
func finiteOr(_ v: Double?, _ d: Double) -> Double {
    guard let v, v.isFinite else { return d }
    return v
}

/// Places a size inside a rect by alignment.
package func aligned(_ s: Size, in rect: Rect, _ a: Alignment) -> Rect {
    let x: Double
    switch a.horizontal {
    case .leading: x = rect.minX
    case .center: x = rect.minX + (rect.width - s.width) / 2
    case .trailing: x = rect.maxX - s.width
    }
    let y: Double
    switch a.vertical {
    case .top, .firstTextBaseline: y = rect.minY
    case .center: y = rect.minY + (rect.height - s.height) / 2
    case .bottom, .lastTextBaseline: y = rect.maxY - s.height
    }
    return Rect(x: x, y: y, width: s.width, height: s.height)
}

extension LayoutBox {
    /// The box of the view itself, under its modifier boxes.
    var innermost: LayoutBox {
        var b: LayoutBox = self
        while let m = b as? ModifierBox { b = m.inner }
        return b
    }
}
