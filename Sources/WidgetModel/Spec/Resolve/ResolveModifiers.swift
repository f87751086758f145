// Resolution of a node's modifiers, walked from the outermost in: environment modifiers change the
// context the view's content sees, shape and image modifiers collect paint and options, and the
// rest become layout modifiers (whose own content sees the context as it is at their position).
import Foundation

extension ResolveRun {
    struct ModifierPass {
        var context: ResolveContext
        /// Layout modifiers, innermost first.
        var layout: [LayoutModifier]
        var shapePaint: ShapePaint
        var image: ImageOptions
    }

    func modifierPass(_ node: SpecNode, _ ctxIn: ResolveContext) throws -> ModifierPass {
        var ctx = ctxIn
        var layout: [LayoutModifier] = []  // outermost first while collecting
        var shapePaint = ShapePaint()
        var image = ImageOptions()
        var resizable = false
        for m in node.modifiers.reversed() {
            switch m.modifier {
            // Environment: reach this view and everything it contains.
            case .font(let f): ctx.text.setFont(try font(f, base: ctx.text.font, ctx))
            case .fontWeight(let w): ctx.text.setWeight(try eval(w, ctx))
            case .bold(let b): if try eval(b, ctx) { ctx.text.setWeight(max(ctx.text.font.weight, .bold)) }
            case .italic(let b): if try eval(b, ctx) { ctx.text.setItalic() }
            case .monospacedDigit(let b): if try eval(b, ctx) { ctx.text.setMonospacedDigit() }
            case .foregroundStyle(let f):
                let style = try foreground(f, ctx)
                ctx.text.style = style
                if case .style = f { ctx.foreground = style }
            case .tint(let s): ctx.tint = try style(s, ctx)
            case .lineLimit(let n): ctx.text.lineLimit = try eval(n, ctx).map { max(1, $0) }
            case .multilineTextAlignment(let a): ctx.text.alignment = try eval(a, ctx)
            case .minimumScaleFactor(let k): ctx.text.minimumScaleFactor = min(1, max(0.01, try eval(k, ctx)))
            case .dynamicTypeSize(let exactly, let lower, let upper):
                var size = try eval(exactly, ctx) ?? ctx.dynamicTypeSize ?? env.dynamicTypeSize
                if let l = try eval(lower, ctx) { size = max(size, l) }
                if let u = try eval(upper, ctx) { size = min(size, u) }
                ctx.dynamicTypeSize = size
                ctx.text.setFont(ctx.text.font.atDynamicTypeSize(size))
            case .truncationMode(let t): ctx.text.truncation = try eval(t, ctx)
            case .tracking(let t): ctx.text.tracking = try eval(t, ctx)
            case .lineSpacing(let s): ctx.text.lineSpacing = try eval(s, ctx)
            case .widgetAccentable(let b): if try eval(b, ctx) { ctx.accentable = true }
            case .widgetAccentedRenderingMode(let mode): image.accentedMode = try eval(mode, ctx)
            case .resizable(let b): resizable = try eval(b, ctx)
            // Shape paint: the outermost fill and stroke win.
            case .fill(let s): if shapePaint.fill == nil { shapePaint.fill = try style(s, ctx) }
            case .stroke(let s, let inset): if shapePaint.stroke == nil { shapePaint.stroke = try stroke(s, inset: inset, ctx) }
            case .trim(let from, let to): shapePaint.trim = (try eval(from, ctx) ?? 0, try eval(to, ctx) ?? 1)
            // Layout and drawing.
            case .padding(let p): layout.append(.padding(try padding(p, ctx)))
            case .frame(let f): layout.append(try frame(f, ctx))
            case .background(let a):
                let (content, alignment) = try attached(a, ctx)
                layout.append(.background(content, alignment: alignment))
            case .overlay(let a):
                let (content, alignment) = try attached(a, ctx)
                layout.append(.overlay(content, alignment: alignment))
            case .containerBackground(let a): containerBackground = try attached(a, ctx).0
            case .clipShape(let s): layout.append(.clipShape(try shape(s, ctx)))
            case .cornerRadius(let r): layout.append(.clipShape(.roundedRectangle(cornerRadius: try eval(r, ctx), style: .circular)))
            case .opacity(let o): layout.append(.opacity(min(1, max(0, try eval(o, ctx)))))
            case .shadow(let c, let r, let x, let y):
                layout.append(
                    .shadow(
                        color: try c.map { try color($0, ctx) } ?? RGBA(white: 0, alpha: 0.33), radius: try eval(r, ctx) ?? 5,
                        x: try eval(x, ctx) ?? 0, y: try eval(y, ctx) ?? 0))
            case .offset(let x, let y): layout.append(.offset(x: try eval(x, ctx) ?? 0, y: try eval(y, ctx) ?? 0))
            case .rotationEffect(let d): layout.append(.rotation(degrees: try eval(d, ctx)))
            case .fixedSize(let h, let v):
                let horizontal = try eval(h, ctx) ?? false
                let vertical = try eval(v, ctx) ?? false
                if horizontal || vertical { layout.append(.fixedSize(horizontal: horizontal, vertical: vertical)) }
            case .layoutPriority(let p): layout.append(.layoutPriority(try eval(p, ctx)))
            case .aspectRatio(let r, let mode): layout.append(.aspectRatio(try eval(r, ctx), contentMode: try eval(mode, ctx) ?? .fit))
            case .luminanceToAlpha(let b): if try eval(b, ctx) { layout.append(.luminanceToAlpha) }
            case .redacted(let r): if try eval(r, ctx) == .placeholder { layout.append(.redacted) }
            case .glassEffect(let variant, let tint, let s):
                layout.append(
                    .glassEffect(
                        variant: try eval(variant, ctx) ?? .regular, tint: try tint.map { try color($0, ctx) },
                        shape: try s.map { try shape($0, ctx) } ?? .capsule(style: .continuous)))
            case .glassEffectContainer(let spacing):
                layout.append(.glassContainer(spacing: try eval(spacing, ctx) ?? GlassEffectDefaults.containerSpacing))
            case .glassEffectUnion(let id): layout.append(.glassUnion(id: try eval(id, ctx)))
            case .buttonStyle(let s):
                // The view as a glass Button's label: padded, on a glass capsule; prominent is
                // tinted with the tint in force (else blue) and its text is white.
                let style = try eval(s, ctx)
                var tint: RGBA? = nil
                if style == .glassProminent {
                    ctx.text.style = .color(.white)
                    if case .color(let c)? = ctx.tint { tint = c } else { tint = GlassEffectDefaults.prominentTint }
                }
                layout.append(
                    .glassEffect(variant: style == .glassClear ? .clear : .regular, tint: tint, shape: .capsule(style: .continuous)))
                layout.append(.padding(GlassEffectDefaults.buttonPadding))
            case .noEffect: break  // no effect on a still image
            }
        }
        layout.reverse()  // innermost first
        image.resizable = resizable
        image.font = ctx.text.font
        image.style = ctx.text.style
        return ModifierPass(context: ctx, layout: layout, shapePaint: shapePaint, image: image)
    }

    /// The content of background/overlay/containerBackground: a view, or a colour/gradient shorthand.
    func attached(_ a: SpecAttached, _ ctx: ResolveContext) throws -> (ViewNode, Alignment) {
        let alignment = try eval(a.alignment, ctx) ?? .center
        switch a.content {
        case .view(let n):
            let nodes = try resolve(n, ctx)
            let node = nodes.count == 1 ? nodes[0] : ViewNode(.zstack(alignment: .center, children: nodes), accentable: ctx.accentable)
            return (node, alignment)
        case .style(let s, let at):
            return (ViewNode(.fill(try style(s, ctx)), accentable: ctx.accentable, source: at), alignment)
        }
    }

    func padding(_ p: SpecPadding, _ ctx: ResolveContext) throws -> EdgeInsets {
        switch p {
        case .uniform(let length): return EdgeInsets(all: try eval(length, ctx) ?? 16)
        case .edges(let names, let lengthField):
            let length = try eval(lengthField, ctx) ?? 16
            var e = EdgeInsets()
            for name in try names.map({ try eval($0, ctx) }) {
                switch name {
                case .all: e = EdgeInsets(all: length)
                case .horizontal:
                    e.leading = length
                    e.trailing = length
                case .vertical:
                    e.top = length
                    e.bottom = length
                case .top: e.top = length
                case .bottom: e.bottom = length
                case .leading: e.leading = length
                case .trailing: e.trailing = length
                }
            }
            return e
        case .insets(let all, let horizontal, let vertical, let top, let leading, let bottom, let trailing):
            var e = EdgeInsets()
            if let v = try eval(all, ctx) { e = EdgeInsets(all: v) }
            if let x = try eval(horizontal, ctx) {
                e.leading = x
                e.trailing = x
            }
            if let x = try eval(vertical, ctx) {
                e.top = x
                e.bottom = x
            }
            if let v = try eval(top, ctx) { e.top = v }
            if let v = try eval(bottom, ctx) { e.bottom = v }
            if let v = try eval(leading, ctx) { e.leading = v }
            if let v = try eval(trailing, ctx) { e.trailing = v }
            return e
        }
    }

    func frame(_ f: SpecFrame, _ ctx: ResolveContext) throws -> LayoutModifier {
        let alignment = try eval(f.alignment, ctx) ?? .center
        if !f.isFlexible { return .frame(width: try eval(f.width, ctx), height: try eval(f.height, ctx), alignment: alignment) }
        var minW = try eval(f.minWidth, ctx)
        var maxW = try eval(f.maxWidth, ctx)
        var minH = try eval(f.minHeight, ctx)
        var maxH = try eval(f.maxHeight, ctx)
        if let w = try eval(f.width, ctx) {
            minW = w
            maxW = w
        }
        if let h = try eval(f.height, ctx) {
            minH = h
            maxH = h
        }
        return .flexibleFrame(
            minWidth: minW, idealWidth: try eval(f.idealWidth, ctx), maxWidth: maxW,
            minHeight: minH, idealHeight: try eval(f.idealHeight, ctx), maxHeight: maxH, alignment: alignment)
    }
}
