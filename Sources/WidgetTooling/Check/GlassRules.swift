// The Liquid Glass design guidance as rules over the placed layout of a variant (so they hold for
// spec and Swift widgets alike): tint only the primary action (WR018), glass belongs together in a
// container when it sits close (WR012), nested rounded corners are concentric (WR019), nothing
// sits half under glass (WR020), and glass is for controls, not repeated content rows (WR021).
import RasterCore
import WidgetLayout
import WidgetModel
import WidgetRaster

enum GlassRules {
    /// Glass shapes nearer than this (points) want one GlassEffectContainer: the container's own
    /// default spacing (GlassEffectDefaults.containerSpacing).
    static let nearby = GlassEffectDefaults.containerSpacing
    /// A nested corner radius within this much (points, or 20% of the outer radius) of the
    /// concentric one passes.
    static let radiusSlack = 2.0

    struct Glass {
        let box: LayoutBox
        let frame: Rect
        let tinted: Bool
        let container: ObjectIdentifier?
        let source: SourceRef
    }

    static func check(
        _ spec: WidgetSpec, _ r: RenderedWidget, family: WidgetFamily, entry: Int, widgetRect: Rect, widgetRadius: Double
    ) -> [Finding] {
        var glasses: [Glass] = []
        var leaves: [(box: LayoutBox, glassAncestors: Set<ObjectIdentifier>)] = []
        var rounded: [(frame: Rect, radius: Double, source: SourceRef)] = []
        var rowStacks: [(count: Int, source: SourceRef)] = []
        // Depth-first, with the glass and container boxes above each box.
        var stack: [(LayoutBox, Set<ObjectIdentifier>, ObjectIdentifier?)] = [(r.layout, [], nil)]
        var budget = 200_000
        while let (box, glassAbove, container) = stack.popLast(), budget > 0 {
            budget -= 1
            var glassHere = glassAbove
            var containerHere = container
            switch box.layoutModifier {
            case .glassEffect(let variant, let tint, _)? where variant != .identity:
                glasses.append(Glass(box: box, frame: box.frame, tinted: tint != nil, container: container, source: box.view.source))
                glassHere.insert(ObjectIdentifier(box))
            case .glassContainer?: containerHere = ObjectIdentifier(box)
            case .clipShape(.roundedRectangle(let radius, _))?: rounded.append((box.frame, radius, box.view.source))
            default: break
            }
            if box.layoutModifier == nil {
                switch box.view.kind {
                case .text, .image: leaves.append((box, glassAbove))
                case .shape(.roundedRectangle(let radius, _), _): rounded.append((box.frame, radius, box.view.source))
                case .vstack(_, _, let children):
                    // Rows: children of a VStack that each carry glass.
                    let withGlass = children.filter { c in
                        c.modifiers.contains { if case .glassEffect = $0 { return true } else { return false } }
                    }
                    if withGlass.count >= 3 { rowStacks.append((withGlass.count, box.view.source)) }
                default: break
                }
            }
            for c in box.subboxes { stack.append((c, glassHere, containerHere)) }
        }
        var out: [Finding] = []
        func finding(_ rule: Rule, _ message: String, _ source: SourceRef) -> Finding {
            Finding(rule: rule, message: message, file: spec.file, source: source, family: family, entry: entry)
        }
        let tinted = glasses.filter(\.tinted)
        if tinted.count > 1 {
            out.append(
                finding(
                    Rules.tintedGlass,
                    "\(tinted.count) glass elements are tinted in \(family.rawValue); when every element is tinted, nothing stands out.",
                    tinted[1].source))
        }
        // Close glass with no container around one of them (nested glass is WR012's glass on
        // glass already; two containers side by side are a deliberate split).
        for (i, a) in glasses.enumerated() {
            for b in glasses[(i + 1)...] where a.container == nil || b.container == nil {
                let nested = holds(a.frame, b.frame) || holds(b.frame, a.frame)
                if !nested && gap(a.frame, b.frame) < nearby {
                    out.append(
                        finding(
                            Rules.glassMisuse,
                            "two glass shapes \(fmt(gap(a.frame, b.frame))) pt apart are not in one GlassEffectContainer: glass cannot sample glass, so they draw as two panes instead of one body.",
                            b.source))
                }
            }
        }
        // Concentric corners.
        let widget = (frame: widgetRect, radius: family.isSystem ? widgetRadius : 0)
        for s in rounded where s.radius > 0 {
            let parents = rounded.filter { $0.frame != s.frame && holds($0.frame, s.frame) && $0.radius > 0 }
            let parent =
                parents.min { $0.frame.width * $0.frame.height < $1.frame.width * $1.frame.height }.map { ($0.frame, $0.radius) }
                ?? (widget.frame, widget.radius)
            guard parent.1 > 0, let inset = cornerInset(s.frame, in: parent.0, radius: parent.1) else { continue }
            let expected = max(0, parent.1 - inset)
            if abs(s.radius - expected) > max(radiusSlack, 0.2 * parent.1) {
                out.append(
                    finding(
                        Rules.concentric,
                        "a corner radius of \(fmt(s.radius)) pt sits \(fmt(inset)) pt inside a \(fmt(parent.1))-pt corner; concentric is \(fmt(expected)) pt (the outer radius minus the padding) — or use ContainerRelativeShape.",
                        s.source))
            }
        }
        // Content half under glass.
        for g in glasses {
            for leaf in leaves where !leaf.glassAncestors.contains(ObjectIdentifier(g.box)) {
                let f = leaf.box.frame
                let i = f.intersection(g.frame)
                guard i.width * i.height > 2, !holds(g.frame, f) else { continue }
                out.append(
                    finding(
                        Rules.underGlass,
                        "content sits partly under a glass element (\(fmt(i.width))×\(fmt(i.height)) pt overlap): keep content clear of glass, or put it on the glass.",
                        leaf.box.view.source))
            }
        }
        for rows in rowStacks {
            out.append(
                finding(
                    Rules.glassRows,
                    "\(rows.count) rows of a stack each carry glass: glass is for controls and floating elements, not for content rows.",
                    rows.source))
        }
        return out
    }

    /// Whether `outer` holds `inner` (half a point of slack for snapping).
    static func holds(_ outer: Rect, _ inner: Rect) -> Bool {
        inner.minX >= outer.minX - 0.5 && inner.minY >= outer.minY - 0.5 && inner.maxX <= outer.maxX + 0.5 && inner.maxY <= outer.maxY + 0.5
    }

    /// The gap between two frames (0 when they touch or overlap).
    static func gap(_ a: Rect, _ b: Rect) -> Double {
        let dx = max(0, max(a.minX - b.maxX, b.minX - a.maxX))
        let dy = max(0, max(a.minY - b.maxY, b.minY - a.maxY))
        return (dx * dx + dy * dy).squareRoot()
    }

    /// When `inner` sits in a corner of `outer` (both insets at that corner under the outer
    /// radius), the inset there (the mean of the two); nil otherwise.
    static func cornerInset(_ inner: Rect, in outer: Rect, radius: Double) -> Double? {
        let left = inner.minX - outer.minX
        let right = outer.maxX - inner.maxX
        let top = inner.minY - outer.minY
        let bottom = outer.maxY - inner.maxY
        for (dx, dy) in [(left, top), (right, top), (left, bottom), (right, bottom)] where dx >= -0.5 && dy >= -0.5 {
            if dx < radius && dy < radius { return max(0, (dx + dy) / 2) }
        }
        return nil
    }

    static func fmt(_ v: Double) -> String {
        v == v.rounded() ? String(Int(v)) : String(format: "%.1f", v)
    }
}
