// Resolution of colours, gradients, points, shapes, fonts and strokes.
import Foundation

extension ResolveRun {
    func color(_ c: SpecColor, _ ctx: ResolveContext) throws -> RGBA {
        switch c {
        case .name(let f):
            switch try eval(f, ctx) {
            case .rgba(let rgba): return rgba
            case .system(let name): return SystemColors.color(name, scheme: env.colorScheme)!
            }
        case .components(let r, let g, let b, let w, let o):
            let alpha = try eval(o, ctx) ?? 1
            if let w { return RGBA(white: try eval(w, ctx), alpha: alpha) }
            return RGBA(red: try eval(r, ctx) ?? 0, green: try eval(g, ctx) ?? 0, blue: try eval(b, ctx) ?? 0, alpha: alpha)
        case .withOpacity(let base, let o):
            var rgba = try color(base, ctx)
            if let o { rgba = rgba.opacity(try eval(o, ctx)) }
            return rgba
        }
    }

    func style(_ s: SpecStyle, _ ctx: ResolveContext) throws -> ResolvedStyle {
        switch s {
        case .color(let c): return .color(try color(c, ctx))
        case .linearGradient(let stops, let start, let end):
            return .linearGradient(
                try self.stops(stops, ctx), start: try unitPoint(start, .top, ctx), end: try unitPoint(end, .bottom, ctx))
        case .radialGradient(let stops, let center, let r0, let r1):
            return .radialGradient(
                try self.stops(stops, ctx), center: try unitPoint(center, .center, ctx),
                startRadius: try eval(r0, ctx) ?? 0, endRadius: try eval(r1, ctx) ?? 100)
        case .angularGradient(let stops, let center, let a0, let a1):
            return .angularGradient(
                try self.stops(stops, ctx), center: try unitPoint(center, .center, ctx),
                startAngle: try eval(a0, ctx) ?? 0, endAngle: try eval(a1, ctx) ?? 360)
        }
    }

    func stops(_ s: SpecStops, _ ctx: ResolveContext) throws -> [GradientStopValue] {
        switch s {
        case .colors(let colors):
            let cs = try colors.map { try color($0, ctx) }
            return cs.enumerated().map { GradientStopValue(color: $1, location: cs.count == 1 ? 0 : Double($0) / Double(cs.count - 1)) }
        case .stops(let list):
            return try list.map { GradientStopValue(color: try color($0.color, ctx), location: try eval($0.location, ctx)) }
        }
    }

    func unitPoint(_ p: SpecUnitPoint?, _ d: UnitPoint, _ ctx: ResolveContext) throws -> UnitPoint {
        switch p {
        case nil: return d
        case .named(let f): return try eval(f, ctx)
        case .xy(let x, let y): return UnitPoint(x: try eval(x, ctx) ?? 0.5, y: try eval(y, ctx) ?? 0.5)
        }
    }

    /// A foreground style: a hierarchical level of the current style or the system label colour,
    /// or a style of its own.
    func foreground(_ f: SpecForeground, _ ctx: ResolveContext) throws -> ResolvedStyle {
        switch f {
        case .hierarchical(let name, let level):
            if let base = ctx.foreground { return base.opacity(level) }
            return .color(SystemColors.color(name, scheme: env.colorScheme)!)
        case .style(let s): return try style(s, ctx)
        }
    }

    func shape(_ s: SpecShape, _ ctx: ResolveContext) throws -> ShapeKind {
        switch s {
        case .rectangle: return .rectangle
        case .circle: return .circle
        case .ellipse: return .ellipse
        case .containerRelative: return .containerRelative
        case .roundedRectangle(let r, let style):
            return .roundedRectangle(cornerRadius: try eval(r, ctx), style: try eval(style, ctx) ?? .continuous)
        case .capsule(let style, let d): return .capsule(style: try eval(style, ctx) ?? d)
        case .path(let data, let fit): return .path(try eval(data, ctx), fitsFrame: try eval(fit, ctx) ?? false)
        }
    }

    func font(_ f: SpecFont, base: FontSpec, _ ctx: ResolveContext) throws -> FontSpec {
        switch f {
        case .style(let s): return .style(try eval(s, ctx), dynamicType: ctx.dynamicTypeSize ?? env.dynamicTypeSize)
        case .custom(let style, let size, let weight, let design, let italic, let monospacedDigit):
            var font: FontSpec
            if let style {
                font = .style(try eval(style, ctx), dynamicType: ctx.dynamicTypeSize ?? env.dynamicTypeSize)
            } else if let size {
                font = FontSpec(size: try eval(size, ctx))
            } else {
                font = base
            }
            if let w = try eval(weight, ctx) { font.weight = w }
            if let d = try eval(design, ctx) { font.design = d }
            if let i = try eval(italic, ctx) { font.italic = i }
            if let m = try eval(monospacedDigit, ctx) { font.monospacedDigit = m }
            return font
        }
    }

    func stroke(_ s: SpecStroke, inset: Bool, _ ctx: ResolveContext) throws -> (style: ResolvedStyle, stroke: StrokeOptions) {
        var o = StrokeOptions()
        let style =
            try s.style.map { try self.style($0, ctx) } ?? ctx.text.style ?? .color(SystemColors.color("primary", scheme: env.colorScheme)!)
        if let w = try eval(s.lineWidth, ctx) { o.lineWidth = w }
        if let c = try eval(s.lineCap, ctx) { o.lineCap = c }
        if let j = try eval(s.lineJoin, ctx) { o.lineJoin = j }
        o.dash = try s.dash.map { try eval($0, ctx) }
        if let p = try eval(s.dashPhase, ctx) { o.dashPhase = p }
        o.inset = inset
        return (style, o)
    }
}
