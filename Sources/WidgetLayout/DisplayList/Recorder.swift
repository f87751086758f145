// Walks a placed layout tree and records its display list.
import RasterCore
import WidgetModel

package struct Recorder {
    let context: LayoutContext
    package var list = DisplayList()
    var redacted = false
    /// Open `GlassEffectContainer`s, innermost last: the glass shapes recorded inside each.
    var glassContainers: [[GlassShape]] = []
    /// The `glassEffectUnion` id around the glass being recorded.
    var glassUnionID: String? = nil

    package init(context: LayoutContext) { self.context = context }

    /// SF Pro's natural line height per point of size (measured on iOS: 20.3 pt for 17-pt body,
    /// 15.66 pt for `.system(size: 13)`; issue 16, fact 2).
    static let naturalLineHeight = 1.2
    /// Redaction (fact 6): bar height as a share of the natural line height, the text colour's
    /// opacity in a bar, and the primary colour's opacity over an image.
    static let redactionBarShare = 0.6
    static let redactionOpacity = 0.16
    static let redactedImageOpacity = 0.21

    package mutating func record(_ box: LayoutBox) {
        if let m = box as? ModifierBox {
            recordModifier(m)
            return
        }
        let v = box.view
        let f = box.frame
        switch box {
        case let t as TextBox:
            guard let layout = t.placedLayout, !layout.lines.isEmpty else { return }
            let style = t.attributes.style ?? .color(SystemColors.color("primary", scheme: context.environment.colorScheme)!)
            // Lines are laid out inside the width the text reported; place that box by alignment.
            let origin = Point(f.minX + max(0, (f.width - layout.size.width)) * alignmentFactor(t.attributes.alignment), f.minY)
            if redacted {
                // Measured on iOS (issue 16, fact 6): each line becomes a bar 0.6 of the line's
                // natural height tall (20 pt for a 28-pt title, 10.5 for a 15-pt subheadline),
                // centred on the line, (214,214,214) on white: the text's colour at 16%.
                let size = layout.font.size
                let natural = size * Recorder.naturalLineHeight
                let h = natural * Recorder.redactionBarShare
                for line in layout.lines where line.width > 0 {
                    let top = origin.y + line.baseline - layout.firstBaseline
                    let r = Rect(x: origin.x + line.x, y: top + (natural - h) / 2, width: line.width, height: h)
                    emit(
                        v,
                        .fill(
                            Path(roundedRect: r, cornerRadius: h / 4, style: .continuous), style.opacity(Recorder.redactionOpacity),
                            bounds: r))
                }
                return
            }
            emit(v, .text(layout, origin: origin, style, bounds: f))
            // Strikethrough through the middle of the x-height, underline just below the baseline;
            // both 1/15 of the font size thick (Chosen).
            let size = layout.font.size
            let thickness = max(0.5, size / 15)
            for (decoration, offset) in [(t.attributes.strikethrough, -size * 0.27), (t.attributes.underline, size * 0.12)] {
                guard let colour = decoration else { continue }
                let paint = colour.map { ResolvedStyle.color($0) } ?? style
                for line in layout.lines where line.width > 0 {
                    let r = Rect(
                        x: origin.x + line.x, y: origin.y + line.baseline + offset - thickness / 2, width: line.width, height: thickness)
                    emit(v, .fill(Path(rect: r), paint, bounds: r))
                }
            }
        case let img as ImageBox:
            if redacted {
                // An image placeholder is (202,202,202) on white (fact 6): primary at 21%.
                let primary = SystemColors.color("primary", scheme: context.environment.colorScheme)!
                emit(
                    v,
                    .fill(
                        Path(roundedRect: f, cornerRadius: min(f.width, f.height) / 4, style: .continuous),
                        .color(primary.opacity(Recorder.redactedImageOpacity)), bounds: f), true)
                return
            }
            recordImage(img)
        case is FlexibleBox:
            recordShapeLike(v, f)
        case is DividerBox:
            if case .divider(let c) = v.kind { emit(v, .fill(Path(rect: f), .color(c), bounds: f)) }
        case let g as GaugeBox:
            recordGauge(g)
        case is SpacerBox:
            break
        default:
            for c in box.children { record(c) }
        }
    }

    mutating func emit(_ v: ViewNode, _ kind: DrawOp.Kind, _ image: Bool = false, _ mode: AccentedRenderingMode? = nil) {
        list.ops.append(DrawOp(kind, accentable: v.accentable, isImage: image, accentedMode: mode, source: v.source))
    }

    func alignmentFactor(_ a: TextAlignment) -> Double {
        switch a {
        case .leading: return 0
        case .center: return 0.5
        case .trailing: return 1
        }
    }

    mutating func recordModifier(_ m: ModifierBox) {
        var group = DrawGroup()
        let f = m.frame
        switch m.modifier {
        case .clipShape(let shape): group.clip = path(for: shape, in: f)
        case .opacity(let o): group.opacity = o
        case .shadow(let c, let r, let x, let y): group.shadow = (c, r, x, y)
        case .rotation(let degrees):
            let a = degrees * Double.pi / 180
            group.transform = Transform.translation(-f.midX, -f.midY).concatenating(.rotation(a)).concatenating(
                .translation(f.midX, f.midY))
        case .scale(let x, let y, let anchor):
            let ax = f.minX + anchor.x * f.width
            let ay = f.minY + anchor.y * f.height
            group.transform = Transform.translation(-ax, -ay).concatenating(.scale(x, y)).concatenating(.translation(ax, ay))
        case .unredacted:
            let was = redacted
            redacted = false
            for c in m.children { record(c) }
            redacted = was
            return
        case .luminanceToAlpha: group.luminanceToAlpha = true
        case .blur(let radius, let opaque): group.blur = (radius, opaque)
        case .colorAdjustment(let a): group.colorAdjustments = [a]
        case .mask:
            guard let d = m as? DecorationBox else { break }
            group.masked = true
            list.ops.append(DrawOp(.beginGroup(group), accentable: m.view.accentable, source: m.view.source))
            record(d.inner)
            list.ops.append(DrawOp(.beginMask, accentable: m.view.accentable, source: m.view.source))
            let was = redacted
            redacted = false  // a mask's shape is kept when the content is redacted
            record(d.decoration)
            redacted = was
            list.ops.append(DrawOp(.endGroup, accentable: m.view.accentable, source: m.view.source))
            return
        case .glassEffect(let variant, let tint, let shape):
            if glassContainers.isEmpty {
                group.glass = (variant, tint, shape, path(for: shape, in: f), f)
            } else if variant != .identity {
                // Drawn by the container, with its neighbours.
                glassContainers[glassContainers.count - 1].append(
                    GlassShape(variant: variant, tint: tint, shape: shape, frame: f, unionID: glassUnionID, source: m.view.source))
            }
        case .glassUnion(let id):
            let was = glassUnionID
            glassUnionID = id
            for c in m.children { record(c) }
            glassUnionID = was
            return
        case .glassContainer(let spacing):
            // The container's group is written once its glass is known (after its content).
            let index = list.ops.count
            list.ops.append(DrawOp(.beginGroup(DrawGroup()), accentable: m.view.accentable, source: m.view.source))
            glassContainers.append([])
            for c in m.children { record(c) }
            let shapes = glassContainers.removeLast()
            var container = DrawGroup()
            if !shapes.isEmpty { container.glassContainer = (spacing, shapes) }
            list.ops[index].kind = .beginGroup(container)
            list.ops.append(DrawOp(.endGroup, accentable: m.view.accentable, source: m.view.source))
            return
        case .redacted:
            let was = redacted
            redacted = true
            for c in m.children { record(c) }
            redacted = was
            return
        default:
            for c in m.children { record(c) }
            return
        }
        list.ops.append(DrawOp(.beginGroup(group), accentable: m.view.accentable, source: m.view.source))
        for c in m.children { record(c) }
        list.ops.append(DrawOp(.endGroup, accentable: m.view.accentable, source: m.view.source))
    }

    /// The outline of a shape in a frame (points).
    func path(for shape: ShapeKind, in f: Rect) -> Path {
        switch shape {
        case .rectangle: return Path(rect: f)
        case .roundedRectangle(let r, let style): return Path(roundedRect: f, cornerRadius: r, style: style)
        case .capsule(let style): return Path(capsuleIn: f, style: style)
        case .circle:
            let d = min(f.width, f.height)
            return Path(ellipseIn: Rect(x: f.midX - d / 2, y: f.midY - d / 2, width: d, height: d))
        case .ellipse: return Path(ellipseIn: f)
        case .path(let p, let fits):
            if fits {
                let b = p.controlBounds
                guard b.width > 0 || b.height > 0 else { return p }
                let sx = b.width > 0 ? f.width / b.width : 1
                let sy = b.height > 0 ? f.height / b.height : 1
                return p.applying(
                    Transform.translation(-b.minX, -b.minY).concatenating(.scale(sx, sy)).concatenating(.translation(f.minX, f.minY)))
            }
            return p.applying(.translation(f.minX, f.minY))
        case .containerRelative:
            let w = context.widgetRect
            if context.environment.family == .accessoryCircular {
                return path(for: .circle, in: f)
            }
            let inset = max(0, min(f.minX - w.minX, f.minY - w.minY, w.maxX - f.maxX, w.maxY - f.maxY))
            return Path(roundedRect: f, cornerRadius: max(0, context.cornerRadius - inset), style: .continuous)
        }
    }

    mutating func recordShapeLike(_ v: ViewNode, _ f: Rect) {
        switch v.kind {
        case .fill(let style):
            emit(v, .fill(Path(rect: f), style, bounds: f))
        case .accessoryWidgetBackground:
            emit(v, .fill(path(for: .containerRelative, in: f), .color(RGBA(white: 1, alpha: 0.25)), bounds: f))
        case .shape(let kind, let paint):
            var outline = path(for: kind, in: f)
            if let trim = paint.trim { outline = trimmed(outline, from: trim.from, to: trim.to) }
            if let fill = paint.fill { emit(v, .fill(outline, redacted ? .color(RGBA(white: 0.5, alpha: 0.25)) : fill, bounds: f)) }
            if let s = paint.stroke {
                var shapePath = outline
                if s.stroke.inset {
                    let d = s.stroke.lineWidth / 2
                    shapePath = path(for: kind, in: f.insetBy(dx: d, dy: d))
                    if let trim = paint.trim { shapePath = trimmed(shapePath, from: trim.from, to: trim.to) }
                }
                emit(v, .stroke(shapePath, s.style, strokeStyle(s.stroke), bounds: f))
            }
        default:
            break
        }
    }

    func strokeStyle(_ o: StrokeOptions) -> StrokeStyle {
        StrokeStyle(lineWidth: o.lineWidth, lineCap: o.lineCap, lineJoin: o.lineJoin, dash: o.dash, dashPhase: o.dashPhase)
    }

    /// The part of a path between fractions of its length (SwiftUI's `trim(from:to:)`).
    func trimmed(_ p: Path, from: Double, to: Double) -> Path {
        let a = max(0, min(1, from))
        let b = max(0, min(1, to))
        guard b > a else { return Path() }
        if a == 0 && b == 1 { return p }
        var out = Path()
        for line in p.flattened(tolerance: 0.01) {
            let len = line.length
            guard let piece = line.segment(from: a * len, to: b * len) else { continue }
            for (i, pt) in piece.points.enumerated() { if i == 0 { out.move(to: pt) } else { out.addLine(to: pt) } }
        }
        return out
    }

    mutating func recordImage(_ img: ImageBox) {
        let f = img.frame
        let v = img.view
        let style = img.options.style ?? .color(SystemColors.color("primary", scheme: context.environment.colorScheme)!)
        switch img.source {
        case .system(let name):
            let drawn = SymbolTable.directional(name, layoutDirection: context.environment.layoutDirection)
            if let glyph = SymbolTable.outline(for: drawn, library: context.text.library) {
                // MDI glyphs sit on a 24-unit grid with 2 units of margin: a symbol at its font's
                // size draws its 20-unit ink as wide as the font size (× imageScale); a resizable
                // one fills its frame's smaller side with the whole grid.
                let em = img.options.resizable ? min(f.width, f.height) : img.options.font.size * img.options.symbolScale * 24 / 20
                let k = em / glyph.unitsPerEm
                let t = Transform(
                    a: k, b: 0, c: 0, d: -k, tx: f.midX - glyph.unitsPerEm * k / 2,
                    ty: f.midY + glyph.unitsPerEm * k / 2 - glyph.unitsPerEm * k * 0.125)
                emit(v, .fill(glyph.path.applying(t), style, bounds: f), true, img.options.accentedMode)
            } else {
                // Unknown symbol: a visible placeholder (dashed rounded square with a question mark).
                context.missingSymbols.append(name)
                context.missingSymbolPlaces.append((name, v.source))
                let r = f.insetBy(dx: f.width * 0.1, dy: f.height * 0.1)
                emit(
                    v,
                    .stroke(
                        Path(roundedRect: r, cornerRadius: r.width * 0.2, style: .continuous), style,
                        StrokeStyle(lineWidth: max(1, r.width * 0.08), dash: [r.width * 0.15, r.width * 0.1]), bounds: f), true,
                    img.options.accentedMode)
                if let q = context.layoutNoting(
                    "?",
                    options: TextOptions(
                        font: FontSpec(size: r.height * 0.6, weight: .bold),
                        displayScale: context.environment.displayScale))
                {
                    emit(
                        v, .text(q, origin: Point(f.midX - q.size.width / 2, f.midY - q.size.height / 2), style, bounds: f), true,
                        img.options.accentedMode)
                }
            }
        case .bitmap(let data):
            var rect = f
            if !img.options.resizable {
                let i = img.intrinsic
                rect = Rect(x: f.midX - i.width / 2, y: f.midY - i.height / 2, width: i.width, height: i.height)
            }
            emit(v, .image(data, rect: rect, clip: f), true, img.options.accentedMode)
        }
    }

    mutating func recordGauge(_ g: GaugeBox) {
        let f = g.frame
        let view = g.view
        let v = g.gauge
        let primary = SystemColors.color("primary", scheme: context.environment.colorScheme)!
        let tint = v.tint ?? .color(primary)
        let track = ResolvedStyle.color(primary.opacity(0.25))
        if g.isCircular {
            let d = min(f.width, f.height)
            let lw = max(1, d * GaugeValue.circularStroke / GaugeValue.circularDiameter)
            let c = Point(f.midX, f.midY)
            let r = d / 2 - lw / 2
            let capacity = v.style.isCapacityRing
            // Capacity: a full ring filled clockwise from the top. Otherwise a 240° arc open at the
            // bottom with a marker at the value, as the accessoryCircular gauge draws it.
            let start = capacity ? -Double.pi / 2 : Double.pi * 5 / 6
            let sweep = capacity ? 2 * Double.pi : Double.pi * 4 / 3
            var ring = Path()
            ring.addArc(center: c, radius: r, startAngle: start, endAngle: start + sweep)
            let round = StrokeStyle(lineWidth: lw, lineCap: .round)
            // A capacity ring's track is the tint at 35% (measured on iOS over black, issue 16, fact 8).
            emit(view, .stroke(ring, capacity ? tint.opacity(0.35) : tint.opacity(0.5), round, bounds: f))
            if capacity {
                if v.fraction > 0 {
                    var arc = Path()
                    arc.addArc(center: c, radius: r, startAngle: start, endAngle: start + sweep * v.fraction)
                    emit(view, .stroke(arc, tint, round, bounds: f))
                }
            } else {
                let a = start + sweep * v.fraction
                let p = Point(c.x + r * cos(a), c.y + r * sin(a))
                emit(view, .fill(Path(circleCenter: p, radius: lw * 0.75), .color(primary), bounds: f))
            }
            if let label = v.label,
                let l = context.layoutNoting(
                    label,
                    options: TextOptions(
                        font: FontSpec(size: max(8, d * 0.3), weight: .semibold), lineLimit: 1, minimumScaleFactor: 0.5,
                        displayScale: context.environment.displayScale), maxWidth: d - 2 * lw - 2)
            {
                emit(view, .text(l, origin: Point(c.x - l.size.width / 2, c.y - l.size.height / 2), .color(primary), bounds: f))
            }
            return
        }
        // Linear: a capsule track and a filled capsule.
        let barY = v.label == nil ? f.minY : f.maxY - 6
        let bar = Rect(x: f.minX, y: barY, width: f.width, height: 6)
        emit(view, .fill(Path(capsuleIn: bar), track, bounds: bar))
        if v.fraction > 0 {
            let filled = Rect(x: bar.minX, y: bar.minY, width: max(6, bar.width * v.fraction), height: bar.height)
            emit(view, .fill(Path(capsuleIn: filled), tint, bounds: bar))
        }
        if let label = v.label,
            let l = context.layoutNoting(
                label,
                options: TextOptions(
                    font: .style(.caption), lineLimit: 1,
                    displayScale: context.environment.displayScale), maxWidth: f.width)
        {
            emit(view, .text(l, origin: Point(f.minX, f.minY), .color(primary), bounds: f))
        }
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
