// Layout modifiers as boxes wrapping the box of the view they modify.
import RasterCore
import WidgetModel

/// A box that wraps another. Drawing effects (clip, opacity, shadow, …) lay out as their content.
class ModifierBox: LayoutBox {
    let inner: LayoutBox
    let modifier: LayoutModifier
    init(_ modifier: LayoutModifier, inner: LayoutBox, view: ViewNode, context: LayoutContext) {
        self.modifier = modifier
        self.inner = inner
        super.init(view: view, context: context)
    }
    override var children: [LayoutBox] { [inner] }
    override func computeSize(_ p: ProposedSize) -> Size { inner.sizeThatFits(p) }
    override func place(in rect: Rect) {
        frame = rect
        inner.place(in: rect)
    }
    override var layoutPriority: Double { inner.layoutPriority }
    override func baseline(first: Bool, size: Size) -> Double? { inner.baseline(first: first, size: size) }

    static func make(_ m: LayoutModifier, wrapping inner: LayoutBox, view: ViewNode, _ context: LayoutContext) -> LayoutBox {
        switch m {
        case .padding(let insets): return PaddingBox(m, inner: inner, view: view, context: context, insets: insets)
        case .frame(let w, let h, let a):
            return FixedFrameBox(m, inner: inner, view: view, context: context, width: w, height: h, alignment: a)
        case .flexibleFrame: return FlexibleFrameBox(m, inner: inner, view: view, context: context)
        case .background(let v, let a), .overlay(let v, let a), .mask(let v, let a):
            return DecorationBox(
                m, inner: inner, view: view, context: context,
                decoration: LayoutBox.build(v, context), alignment: a)
        case .fixedSize(let h, let v): return FixedSizeBox(m, inner: inner, view: view, context: context, horizontal: h, vertical: v)
        case .layoutPriority(let p): return PriorityBox(m, inner: inner, view: view, context: context, priority: p)
        case .aspectRatio(let r, let mode):
            return AspectRatioBox(m, inner: inner, view: view, context: context, ratio: r, fill: mode == .fill)
        case .offset(let x, let y): return OffsetBox(m, inner: inner, view: view, context: context, dx: x, dy: y)
        case .position(let x, let y): return PositionBox(m, inner: inner, view: view, context: context, x: x, y: y)
        default: return ModifierBox(m, inner: inner, view: view, context: context)
        }
    }
}

final class PaddingBox: ModifierBox {
    let insets: EdgeInsets
    init(_ m: LayoutModifier, inner: LayoutBox, view: ViewNode, context: LayoutContext, insets: EdgeInsets) {
        self.insets = insets
        super.init(m, inner: inner, view: view, context: context)
    }
    override func computeSize(_ p: ProposedSize) -> Size {
        let inside = ProposedSize(
            width: p.width.map { max(0, $0 - insets.horizontal) }, height: p.height.map { max(0, $0 - insets.vertical) })
        let s = inner.sizeThatFits(inside)
        return Size(s.width + insets.horizontal, s.height + insets.vertical)
    }
    override func place(in rect: Rect) {
        frame = rect
        inner.place(
            in: Rect(
                x: rect.minX + insets.leading, y: rect.minY + insets.top,
                width: max(0, rect.width - insets.horizontal), height: max(0, rect.height - insets.vertical)))
    }
    override func baseline(first: Bool, size: Size) -> Double? {
        inner.baseline(first: first, size: Size(size.width - insets.horizontal, size.height - insets.vertical)).map { $0 + insets.top }
    }
}

final class FixedFrameBox: ModifierBox {
    let width: Double?, height: Double?, alignment: Alignment
    init(
        _ m: LayoutModifier, inner: LayoutBox, view: ViewNode, context: LayoutContext, width: Double?, height: Double?, alignment: Alignment
    ) {
        self.width = width
        self.height = height
        self.alignment = alignment
        super.init(m, inner: inner, view: view, context: context)
    }
    override func computeSize(_ p: ProposedSize) -> Size {
        let child = inner.sizeThatFits(ProposedSize(width: width ?? p.width, height: height ?? p.height))
        return Size(width ?? child.width, height ?? child.height)
    }
    override func place(in rect: Rect) {
        frame = rect
        let child = inner.sizeThatFits(ProposedSize(width: width ?? rect.width, height: height ?? rect.height))
        inner.place(in: aligned(child, in: rect, alignment))
    }
}

final class FlexibleFrameBox: ModifierBox {
    override func computeSize(_ p: ProposedSize) -> Size {
        guard case .flexibleFrame(let minW, let idealW, let maxW, let minH, let idealH, let maxH, _) = modifier else { return .zero }
        func axis(_ proposed: Double?, _ mn: Double?, _ ideal: Double?, _ mx: Double?, _ childSize: (Double?) -> Double) -> Double {
            var q = proposed ?? ideal
            if let mn, mn > (q ?? -.infinity) { q = mn }
            if let mx, mx < (q ?? .infinity) { q = mx }
            var r = childSize(q)
            if let mn { r = max(mn, min(r, proposed ?? mn)) }
            if let mx { r = min(mx, max(r, proposed ?? mx)) }
            if proposed == nil, let ideal { r = ideal }
            return r
        }
        // Each axis's child size depends on the other axis's proposal; measure with both clamped.
        func clamp(_ v: Double?, _ mn: Double?, _ ideal: Double?, _ mx: Double?) -> Double? {
            var q = v ?? ideal
            if let mn, mn > (q ?? -.infinity) { q = mn }
            if let mx, mx < (q ?? .infinity) { q = mx }
            return q
        }
        let childProposal = ProposedSize(width: clamp(p.width, minW, idealW, maxW), height: clamp(p.height, minH, idealH, maxH))
        let child = inner.sizeThatFits(childProposal)
        let w = axis(p.width, minW, idealW, maxW) { _ in child.width }
        let h = axis(p.height, minH, idealH, maxH) { _ in child.height }
        return Size(w, h)
    }
    override func place(in rect: Rect) {
        frame = rect
        guard case .flexibleFrame(let minW, let idealW, let maxW, let minH, let idealH, let maxH, let alignment) = modifier else { return }
        func clamp(_ v: Double, _ mn: Double?, _ mx: Double?) -> Double {
            var q = v
            if let mn, mn > q { q = mn }
            if let mx, mx < q { q = mx }
            return q
        }
        _ = (idealW, idealH)
        let child = inner.sizeThatFits(ProposedSize(width: clamp(rect.width, minW, maxW), height: clamp(rect.height, minH, maxH)))
        inner.place(in: aligned(child, in: rect, alignment))
    }
}

/// background, overlay and mask: the decoration is offered exactly the size of the view it decorates.
final class DecorationBox: ModifierBox {
    let decoration: LayoutBox
    let alignment: Alignment
    var isBackground: Bool {
        if case .background = modifier { return true }
        return false
    }
    init(_ m: LayoutModifier, inner: LayoutBox, view: ViewNode, context: LayoutContext, decoration: LayoutBox, alignment: Alignment) {
        self.decoration = decoration
        self.alignment = alignment
        super.init(m, inner: inner, view: view, context: context)
    }
    override var children: [LayoutBox] { isBackground ? [decoration, inner] : [inner, decoration] }
    override func place(in rect: Rect) {
        frame = rect
        inner.place(in: rect)
        let s = decoration.sizeThatFits(ProposedSize(width: rect.width, height: rect.height))
        decoration.place(in: aligned(s, in: rect, alignment))
    }
}

final class FixedSizeBox: ModifierBox {
    let horizontal: Bool, vertical: Bool
    init(_ m: LayoutModifier, inner: LayoutBox, view: ViewNode, context: LayoutContext, horizontal: Bool, vertical: Bool) {
        self.horizontal = horizontal
        self.vertical = vertical
        super.init(m, inner: inner, view: view, context: context)
    }
    func childProposal(_ p: ProposedSize) -> ProposedSize {
        ProposedSize(width: horizontal ? nil : p.width, height: vertical ? nil : p.height)
    }
    override func computeSize(_ p: ProposedSize) -> Size { inner.sizeThatFits(childProposal(p)) }
    override func place(in rect: Rect) {
        frame = rect
        let s = inner.sizeThatFits(childProposal(ProposedSize(width: rect.width, height: rect.height)))
        inner.place(in: aligned(s, in: rect, .center))
    }
}

final class PriorityBox: ModifierBox {
    let priority: Double
    init(_ m: LayoutModifier, inner: LayoutBox, view: ViewNode, context: LayoutContext, priority: Double) {
        self.priority = priority
        super.init(m, inner: inner, view: view, context: context)
    }
    override var layoutPriority: Double { priority }
}

final class AspectRatioBox: ModifierBox {
    let ratio: Double?
    let fill: Bool
    init(_ m: LayoutModifier, inner: LayoutBox, view: ViewNode, context: LayoutContext, ratio: Double?, fill: Bool) {
        self.ratio = ratio
        self.fill = fill
        super.init(m, inner: inner, view: view, context: context)
    }
    /// The proposal reshaped to the ratio (width / height): fit inside, or fill around.
    func shaped(_ p: ProposedSize) -> ProposedSize {
        let ideal = inner.sizeThatFits(.unspecified)
        let r = ratio ?? (ideal.height > 0 ? ideal.width / ideal.height : 1)
        guard r > 0, r.isFinite else { return p }
        let w = p.width.flatMap { $0.isFinite ? $0 : nil }
        let h = p.height.flatMap { $0.isFinite ? $0 : nil }
        switch (w, h) {
        case let (w?, h?):
            let byWidth = Size(w, w / r)
            let byHeight = Size(h * r, h)
            let pick = fill ? (byWidth.height >= h ? byWidth : byHeight) : (byWidth.height <= h ? byWidth : byHeight)
            return ProposedSize(width: pick.width, height: pick.height)
        case let (w?, nil): return ProposedSize(width: w, height: w / r)
        case let (nil, h?): return ProposedSize(width: h * r, height: h)
        default: return ProposedSize(width: ideal.width, height: ideal.width / r)
        }
    }
    override func computeSize(_ p: ProposedSize) -> Size { inner.sizeThatFits(shaped(p)) }
    override func place(in rect: Rect) {
        frame = rect
        let s = inner.sizeThatFits(shaped(ProposedSize(width: rect.width, height: rect.height)))
        inner.place(in: aligned(s, in: rect, .center))
    }
}

/// offset: no effect on layout; the content is drawn moved.
final class OffsetBox: ModifierBox {
    let dx: Double, dy: Double
    init(_ m: LayoutModifier, inner: LayoutBox, view: ViewNode, context: LayoutContext, dx: Double, dy: Double) {
        self.dx = dx
        self.dy = dy
        super.init(m, inner: inner, view: view, context: context)
    }
    override func place(in rect: Rect) {
        frame = rect
        inner.place(in: rect.offsetBy(dx: dx, dy: dy))
    }
}

/// position(x:y:): takes the whole proposal (its content's size on an unspecified axis) and places
/// the content's centre at the point, in the box's own coordinates.
final class PositionBox: ModifierBox {
    let x: Double, y: Double
    init(_ m: LayoutModifier, inner: LayoutBox, view: ViewNode, context: LayoutContext, x: Double, y: Double) {
        self.x = x
        self.y = y
        super.init(m, inner: inner, view: view, context: context)
    }
    override func computeSize(_ p: ProposedSize) -> Size {
        let child = inner.sizeThatFits(p)
        return Size(p.width.flatMap { $0.isFinite ? $0 : nil } ?? child.width, p.height.flatMap { $0.isFinite ? $0 : nil } ?? child.height)
    }
    override func place(in rect: Rect) {
        frame = rect
        let s = inner.sizeThatFits(ProposedSize(width: rect.width, height: rect.height))
        inner.place(in: Rect(x: rect.minX + x - s.width / 2, y: rect.minY + y - s.height / 2, width: s.width, height: s.height))
    }
    override func baseline(first: Bool, size: Size) -> Double? { nil }
}
