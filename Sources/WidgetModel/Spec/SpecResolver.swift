// Resolution of a spec body for one variant (entry × environment): placeholders filled,
// conditions decided, ForEach expanded, colours resolved for the colour scheme, inherited text
// and accent attributes pushed down to the leaves. The result is the same IR the Swift DSL builds.
//
// Modifiers apply in order, as SwiftUI's do: each wraps what came before. So an environment
// modifier (font, foregroundStyle, …) reaches the view and every modifier listed before it, but
// not the content of a background or overlay listed before it — that content sees only the
// modifiers that wrap the background.
import Foundation

/// A reference to an image the spec uses.
public enum ImageReference: Sendable, Hashable {
    case asset(name: String, url: URL)
    case file(URL)
    public var url: URL { switch self { case .asset(_, let u), .file(let u): return u } }
}

/// Resolves a spec's body into ResolvedWidget trees.
public struct SpecResolver {
    public let spec: WidgetSpec
    /// Decodes image files (provided by WidgetRaster's codecs).
    public var loadImage: (ImageReference) throws -> ImageData
    /// Allow asset and file paths outside the spec's folder.
    public var allowAbsoluteAssets = false

    public init(spec: WidgetSpec, loadImage: @escaping (ImageReference) throws -> ImageData) {
        self.spec = spec; self.loadImage = loadImage
    }

    /// The widget for timeline entry `entryIndex` in `environment`.
    /// - Throws: `SpecError` naming the file, the entry and the JSON path.
    public func resolve(entryIndex: Int, environment: WidgetEnvironment) throws -> ResolvedWidget {
        let entry = spec.timeline.entries[entryIndex]
        var env = environment
        env.date = entry.date; env.locale = spec.locale; env.timeZone = spec.timeZone
        let scope = PlaceholderScope(data: entry.data, entryIndex: entryIndex, locale: spec.locale, timeZone: spec.timeZone)
        let run = Run(resolver: self, env: env, entryIndex: entryIndex)
        var context = Context(scope: scope)
        context.text.style = .color(SystemColors.color("primary", scheme: env.colorScheme)!)
        let nodes = try run.resolve(spec.body, context)
        let content: ViewNode = nodes.count == 1 ? nodes[0] : ViewNode(.vstack(alignment: .center, spacing: nil, children: nodes))
        return ResolvedWidget(content: content, containerBackground: run.background.node,
                              contentMarginsDisabled: spec.contentMarginsDisabled,
                              containerBackgroundRemovable: spec.containerBackgroundRemovable, environment: env)
    }
}

/// What a subtree inherits from the modifiers around it.
struct Context {
    var scope: PlaceholderScope
    var text = TextAttributes()
    /// The foreground style set by a `foregroundStyle` modifier (nil: the system label colours).
    /// Hierarchical styles (.secondary, …) derive from it, as SwiftUI's do.
    var foreground: ResolvedStyle? = nil
    var accentable = false
    var tint: ResolvedStyle? = nil
    var depth = 0
}

/// One resolution pass (one variant).
final class Run {
    let resolver: SpecResolver
    let env: WidgetEnvironment
    let entryIndex: Int
    var file: String { resolver.spec.file }
    /// The container background found while resolving.
    let background = Box()
    final class Box { var node: ViewNode? }

    init(resolver: SpecResolver, env: WidgetEnvironment, entryIndex: Int) {
        self.resolver = resolver; self.env = env; self.entryIndex = entryIndex
    }

    func fail(_ node: JSONNode, _ message: String) -> SpecError {
        SpecError(file: file, node: node, "entry \(entryIndex): " + message)
    }

    func ref(_ node: JSONNode) -> SourceRef { SourceRef(path: node.path, line: node.line, column: node.column) }

    // MARK: Values

    /// A string with placeholders filled.
    func string(_ node: JSONNode, _ ctx: Context) throws -> String {
        switch node.value {
        case .string(let s):
            do { return try Placeholders.fill(s, ctx.scope) } catch let e as PlaceholderError { throw fail(node, e.message) }
        case .number, .bool: return Placeholders.plain(node.value)
        default: throw fail(node, "expected a string, found \(node.value.kindName)")
        }
    }

    /// The value after placeholder substitution, keeping numbers and booleans typed.
    func value(_ node: JSONNode, _ ctx: Context) throws -> JSONValue {
        guard case .string(let s) = node.value, s.contains("{{") else { return node.value }
        do {
            if let v = try Placeholders.singleValue(s, ctx.scope) { return v }
            return .string(try Placeholders.fill(s, ctx.scope))
        } catch let e as PlaceholderError { throw fail(node, e.message) }
    }

    func number(_ node: JSONNode, _ ctx: Context, allowInfinity: Bool = false) throws -> Double {
        let v = try value(node, ctx)
        switch v {
        case .number(let n): return n
        case .string(let s) where allowInfinity && (s == "infinity" || s == ".infinity"): return .infinity
        case .string(let s) where Double(s) != nil && Double(s)!.isFinite: return Double(s)!
        default: throw fail(node, "expected a number\(allowInfinity ? " or \"infinity\"" : ""), found \(v.kindName)")
        }
    }

    func bool(_ node: JSONNode, _ ctx: Context) throws -> Bool {
        let v = try value(node, ctx)
        switch v {
        case .bool(let b): return b
        case .string("true"): return true
        case .string("false"): return false
        default: throw fail(node, "expected true or false, found \(v.kindName)")
        }
    }

    func optionalNumber(_ node: JSONNode?, _ ctx: Context, allowInfinity: Bool = false) throws -> Double? {
        guard let node, !node.isNull else { return nil }
        return try number(node, ctx, allowInfinity: allowInfinity)
    }

    /// A colour: "#RRGGBB", "#RRGGBBAA", a SwiftUI name, {"red","green","blue","opacity"} or
    /// {"color": …, "opacity": …}.
    func color(_ node: JSONNode, _ ctx: Context) throws -> RGBA {
        if let m = node.members {
            if let base = node["color"] {
                var c = try color(base, ctx)
                if let o = node["opacity"] { c = c.opacity(try number(o, ctx)) }
                return c
            }
            let allowed = ["red", "green", "blue", "opacity", "white"]
            for (k, v) in m where !allowed.contains(k) { throw fail(v, "unknown colour component \"\(k)\"\(DidYouMean.hint(k, among: allowed))") }
            if let w = node["white"] { return RGBA(white: try number(w, ctx), alpha: try node["opacity"].map { try number($0, ctx) } ?? 1) }
            func comp(_ k: String, _ d: Double) throws -> Double { try node[k].map { try number($0, ctx) } ?? d }
            return RGBA(red: try comp("red", 0), green: try comp("green", 0), blue: try comp("blue", 0), alpha: try comp("opacity", 1))
        }
        let s = try string(node, ctx).trimmingCharacters(in: .whitespaces)
        if s.hasPrefix("#") {
            guard let c = RGBA(hex: s) else { throw fail(node, "invalid colour \"\(s)\" (expected #RRGGBB or #RRGGBBAA)") }
            return c
        }
        guard let c = SystemColors.color(s, scheme: env.colorScheme) else {
            throw fail(node, "unknown colour \"\(s)\"\(DidYouMean.hint(s, among: SystemColors.named.keys.sorted())) (use #RRGGBB or a SwiftUI colour name)")
        }
        return c
    }

    /// A colour, gradient, or hierarchical style.
    func shapeStyle(_ node: JSONNode, _ ctx: Context) throws -> ResolvedStyle {
        if let type = node["type"]?.string {
            switch type {
            case "LinearGradient", "RadialGradient", "AngularGradient": return try gradient(node, type: type, ctx)
            case "Color":
                guard let c = node["color"] else { throw fail(node, "Color needs \"color\"") }
                return .color(try color(c, ctx))
            default: throw fail(node["type"]!, "expected a colour or a gradient, found a \(type)")
            }
        }
        return .color(try color(node, ctx))
    }

    func gradient(_ node: JSONNode, type: String, _ ctx: Context) throws -> ResolvedStyle {
        var stops: [GradientStopValue] = []
        if let colors = node["colors"] {
            guard let items = colors.elements, !items.isEmpty else { throw fail(colors, "expected a non-empty array of colours") }
            let cs = try items.map { try color($0, ctx) }
            stops = cs.enumerated().map { GradientStopValue(color: $1, location: cs.count == 1 ? 0 : Double($0) / Double(cs.count - 1)) }
        } else if let s = node["stops"] {
            guard let items = s.elements, !items.isEmpty else { throw fail(s, "expected a non-empty array of {\"color\", \"location\"}") }
            stops = try items.map { item in
                guard let c = item["color"], let l = item["location"] else { throw fail(item, "a stop needs \"color\" and \"location\"") }
                return GradientStopValue(color: try color(c, ctx), location: try number(l, ctx))
            }
        } else {
            throw fail(node, "\(type) needs \"colors\" or \"stops\"")
        }
        switch type {
        case "LinearGradient":
            return .linearGradient(stops, start: try unitPoint(node["startPoint"], .top, ctx), end: try unitPoint(node["endPoint"], .bottom, ctx))
        case "RadialGradient":
            return .radialGradient(stops, center: try unitPoint(node["center"], .center, ctx),
                                   startRadius: try optionalNumber(node["startRadius"], ctx) ?? 0,
                                   endRadius: try optionalNumber(node["endRadius"], ctx) ?? 100)
        default:
            return .angularGradient(stops, center: try unitPoint(node["center"], .center, ctx),
                                    startAngle: try optionalNumber(node["startAngle"], ctx) ?? 0,
                                    endAngle: try optionalNumber(node["endAngle"], ctx) ?? 360)
        }
    }

    func unitPoint(_ node: JSONNode?, _ d: UnitPoint, _ ctx: Context) throws -> UnitPoint {
        guard let node else { return d }
        if node.members != nil {
            return UnitPoint(x: try node["x"].map { try number($0, ctx) } ?? 0.5, y: try node["y"].map { try number($0, ctx) } ?? 0.5)
        }
        let s = try string(node, ctx)
        guard let p = UnitPoint.named[s] else { throw fail(node, "unknown point \"\(s)\"\(DidYouMean.hint(s, among: UnitPoint.named.keys.sorted())) (or {\"x\": 0.5, \"y\": 0})") }
        return p
    }

    func alignment(_ node: JSONNode?, _ d: Alignment, _ ctx: Context) throws -> Alignment {
        guard let node else { return d }
        let s = try string(node, ctx)
        guard let a = Alignment.named[s] else { throw fail(node, "unknown alignment \"\(s)\"\(DidYouMean.hint(s, among: Alignment.named.keys.sorted()))") }
        return a
    }

    func enumValue<E: RawRepresentable & CaseIterable>(_ node: JSONNode, _ type: E.Type, _ ctx: Context, what: String) throws -> E where E.RawValue == String {
        let s = try string(node, ctx)
        guard let v = E(rawValue: s) else {
            let all = E.allCases.map(\.rawValue)
            throw fail(node, "unknown \(what) \"\(s)\"\(DidYouMean.hint(s, among: all)); expected one of \(all.joined(separator: ", "))")
        }
        return v
    }

    func shapeKind(_ node: JSONNode, _ ctx: Context) throws -> ShapeKind {
        if let s = node.string {
            switch s {
            case "Rectangle": return .rectangle
            case "Circle": return .circle
            case "Ellipse": return .ellipse
            case "Capsule": return .capsule(style: .circular)
            case "ContainerRelativeShape": return .containerRelative
            default:
                let names = ["Rectangle", "Circle", "Ellipse", "Capsule", "ContainerRelativeShape", "RoundedRectangle"]
                throw fail(node, "unknown shape \"\(s)\"\(DidYouMean.hint(s, among: names)) (or {\"type\": \"RoundedRectangle\", \"cornerRadius\": 8})")
            }
        }
        guard let type = node["type"]?.string else { throw fail(node, "expected a shape name or a shape object with \"type\"") }
        return try shapeKind(type: type, node, ctx)
    }

    func shapeKind(type: String, _ node: JSONNode, _ ctx: Context) throws -> ShapeKind {
        func style() throws -> RoundedCornerStyle {
            try node["style"].map { try enumValue($0, RoundedCornerStyle.self, ctx, what: "corner style") } ?? .continuous
        }
        switch type {
        case "Rectangle": return .rectangle
        case "RoundedRectangle":
            guard let r = node["cornerRadius"] else { throw fail(node, "RoundedRectangle needs \"cornerRadius\"") }
            return .roundedRectangle(cornerRadius: try number(r, ctx), style: try style())
        case "Capsule": return .capsule(style: try style())
        case "Circle": return .circle
        case "Ellipse": return .ellipse
        case "ContainerRelativeShape": return .containerRelative
        case "Path":
            guard let d = node["data"] else { throw fail(node, "Path needs \"data\" (SVG path data)") }
            let text = try string(d, ctx)
            do {
                return .path(try Path(svgPathData: text), fitsFrame: try node["fit"].map { try bool($0, ctx) } ?? false)
            } catch let e as SVGPathError { throw fail(d, e.description) }
        default: throw fail(node["type"] ?? node, "\(type) is not a shape")
        }
    }

    // MARK: Nodes

    func resolve(_ node: JSONNode, _ ctxIn: Context) throws -> [ViewNode] {
        var ctx = ctxIn
        ctx.depth += 1
        if ctx.depth > resolver.spec.limits.maxDepth { throw fail(node, "views nested deeper than \(resolver.spec.limits.maxDepth) levels") }
        let type = node["type"]?.string ?? ""
        switch type {
        case "If", "Switch", "ForEach":
            // Modifiers on a control node apply to whatever it produces (each element of a ForEach).
            let pass = try modifierPass(node, type: type, ctx)
            let nodes: [ViewNode]
            switch type {
            case "If": nodes = try resolveIf(node, pass.context)
            case "Switch": nodes = try resolveSwitch(node, pass.context)
            default: nodes = try resolveForEach(node, pass.context)
            }
            return nodes.map { var n = $0; n.modifiers += pass.layout; return n }
        default:
            return [try resolveView(node, type: type, ctx)]
        }
    }

    func resolveIf(_ node: JSONNode, _ ctx: Context) throws -> [ViewNode] {
        let holds = try condition(node["condition"]!, ctx)
        if holds { return try resolve(node["then"]!, ctx) }
        if let e = node["else"] { return try resolve(e, ctx) }
        return []
    }

    /// A condition: environment keys (all must hold), "value" tests, "not", or a placeholder.
    func condition(_ node: JSONNode, _ ctx: Context) throws -> Bool {
        if node.string != nil || node.bool != nil { return truthy(try value(node, ctx)) }
        guard let members = node.members else { throw fail(node, "expected a condition object, e.g. {\"family\": \"systemSmall\"}") }
        let keys = SpecSchema.environmentKeys + ["value", "equals", "notEquals", "greaterThan", "lessThan", "in", "not"]
        for (k, v) in members where !keys.contains(k) {
            throw fail(v, "unknown condition \"\(k)\"\(DidYouMean.hint(k, among: keys))")
        }
        var result = true
        for (k, v) in members {
            switch k {
            case "renderingMode", "family", "colorScheme", "showsWidgetContainerBackground":
                let current = environmentValue(k)
                let wanted: [String] = try (v.elements ?? [v]).map { try Placeholders.plain(value($0, ctx)) }
                if k == "family" {
                    for w in wanted where WidgetFamily(rawValue: w) == nil {
                        throw fail(v, "unknown family \"\(w)\"\(DidYouMean.hint(w, among: WidgetFamily.allCases.map(\.rawValue)))")
                    }
                }
                result = result && wanted.contains(current)
            case "not": let inner = try condition(v, ctx); result = result && !inner
            case "value":
                let x = try value(v, ctx)
                let holds: Bool
                if let e = node["equals"] { holds = Placeholders.plain(x) == Placeholders.plain(try value(e, ctx)) }
                else if let e = node["notEquals"] { holds = Placeholders.plain(x) != Placeholders.plain(try value(e, ctx)) }
                else if let g = node["greaterThan"] { let limit = try number(g, ctx); holds = (numeric(x) ?? -.infinity) > limit }
                else if let l = node["lessThan"] { let limit = try number(l, ctx); holds = (numeric(x) ?? .infinity) < limit }
                else if let list = node["in"]?.elements { holds = try list.map { Placeholders.plain(try value($0, ctx)) }.contains(Placeholders.plain(x)) }
                else { holds = truthy(x) }
                result = result && holds
            default: break   // equals & co. are read with "value"
            }
        }
        return result
    }

    func numeric(_ v: JSONValue) -> Double? {
        if case .number(let n) = v { return n }
        if case .string(let s) = v { return Double(s) }
        return nil
    }

    func truthy(_ v: JSONValue) -> Bool {
        switch v {
        case .null: return false
        case .bool(let b): return b
        case .number(let n): return n != 0
        case .string(let s): return !s.isEmpty && s != "false" && s != "0"
        case .array(let a): return !a.isEmpty
        case .object: return true
        }
    }

    func environmentValue(_ key: String) -> String {
        switch key {
        case "renderingMode": return env.renderingMode.rawValue
        case "family": return env.family.rawValue
        case "colorScheme": return env.colorScheme.rawValue
        default: return env.showsWidgetContainerBackground ? "true" : "false"
        }
    }

    func resolveSwitch(_ node: JSONNode, _ ctx: Context) throws -> [ViewNode] {
        let on = node["on"]!
        let key = on.string!
        let current = SpecSchema.environmentKeys.contains(key) ? environmentValue(key) : Placeholders.plain(try value(on, ctx))
        if let match = node["cases"]?.members?.first(where: { $0.key == current }) { return try resolve(match.value, ctx) }
        if let d = node["default"] ?? node["cases"]?["default"] { return try resolve(d, ctx) }
        return []
    }

    func resolveForEach(_ node: JSONNode, _ ctx: Context) throws -> [ViewNode] {
        let inNode = node["in"]!
        var name = inNode.string!.trimmingCharacters(in: .whitespaces)
        if name.hasPrefix("{{") && name.hasSuffix("}}") { name = String(name.dropFirst(2).dropLast(2)).trimmingCharacters(in: .whitespaces) }
        guard let v = ctx.scope.lookup(name) else {
            throw fail(inNode, Placeholders.missing(name, ctx.scope).message)
        }
        guard case .array(let items) = v else { throw fail(inNode, "\"\(name)\" is \(v.kindName), expected an array") }
        var limit = items.count
        if let l = node["limit"] { limit = min(limit, max(0, Int(try number(l, ctx)))) }
        if limit > resolver.spec.limits.maxForEach {
            throw fail(inNode, "\"\(name)\" has \(items.count) items, over the ForEach limit of \(resolver.spec.limits.maxForEach)")
        }
        var out: [ViewNode] = []
        for (i, item) in items.prefix(limit).enumerated() {
            var inner = ctx
            inner.scope.item = item; inner.scope.index = i
            out += try resolve(node["content"]!, inner)
        }
        return out
    }

    /// A view node: modifiers walked from the outside in, then the view itself.
    func resolveView(_ node: JSONNode, type: String, _ ctxIn: Context) throws -> ViewNode {
        let pass = try modifierPass(node, type: type, ctxIn)
        let kind = try core(node, type: type, pass.context, shapePaint: pass.shapePaint, image: pass.image)
        return ViewNode(kind, modifiers: pass.layout, accentable: pass.context.accentable, source: ref(node))
    }

    struct ModifierPass {
        var context: Context
        /// Layout modifiers, innermost first.
        var layout: [LayoutModifier]
        var shapePaint: ShapePaint
        var image: ImageOptions
    }

    /// Walks a node's modifiers from the outermost in: environment modifiers change the context its
    /// content sees, the others become layout modifiers (whose own content sees the context as it
    /// is at their position).
    func modifierPass(_ node: JSONNode, type: String, _ ctxIn: Context) throws -> ModifierPass {
        var ctx = ctxIn
        var layout: [LayoutModifier] = []          // outermost first while collecting
        var shapePaint = ShapePaint()
        var image = ImageOptions()
        let isShape = ["Rectangle", "RoundedRectangle", "Capsule", "Circle", "Ellipse", "Path", "ContainerRelativeShape"].contains(type)
        var resizable = false
        let mods = node["modifiers"]?.elements ?? []
        for m in mods.reversed() {
            let (name, arg) = m.members![0]
            func ensureShape() throws { if !isShape { throw fail(m, "\(name) applies to shapes (Rectangle, Circle, …), not \(type)") } }
            switch name {
            // Environment: reach this view and everything it contains.
            case "font": ctx.text.setFont(try font(arg, base: ctx.text.font, ctx))
            case "fontWeight": ctx.text.setWeight(try enumValue(arg, FontWeight.self, ctx, what: "weight"))
            case "bold": if try arg.bool ?? bool(arg, ctx) { ctx.text.setWeight(max(ctx.text.font.weight, .bold)) }
            case "italic": if try arg.bool ?? bool(arg, ctx) { ctx.text.setItalic() }
            case "foregroundStyle", "foregroundColor":
                let style = try foreground(arg, ctx)
                ctx.text.style = style
                if !(arg.string.map(Run.hierarchical.keys.contains) ?? false) { ctx.foreground = style }
            case "tint": ctx.tint = try shapeStyle(arg, ctx)
            case "lineLimit": ctx.text.lineLimit = arg.isNull ? nil : max(1, Int(try number(arg, ctx)))
            case "multilineTextAlignment": ctx.text.alignment = try enumValue(arg, TextAlignment.self, ctx, what: "alignment")
            case "minimumScaleFactor": ctx.text.minimumScaleFactor = min(1, max(0.01, try number(arg, ctx)))
            case "monospacedDigit": if try arg.bool ?? bool(arg, ctx) { ctx.text.setMonospacedDigit() }
            case "truncationMode": ctx.text.truncation = try enumValue(arg, TruncationMode.self, ctx, what: "truncation mode")
            case "tracking", "kerning": ctx.text.tracking = try number(arg, ctx)
            case "lineSpacing": ctx.text.lineSpacing = try number(arg, ctx)
            case "widgetAccentable": if try arg.bool ?? bool(arg, ctx) { ctx.accentable = true }
            case "widgetAccentedRenderingMode":
                guard type == "Image" else { throw fail(m, "widgetAccentedRenderingMode applies to Image, not \(type)") }
                image.accentedMode = try enumValue(arg, AccentedRenderingMode.self, ctx, what: "accented rendering mode")
            case "resizable":
                guard type == "Image" else { throw fail(m, "resizable applies to Image, not \(type)") }
                resizable = try arg.bool ?? bool(arg, ctx)
            // Shape paint.
            case "fill":
                try ensureShape()
                if shapePaint.fill == nil { shapePaint.fill = try shapeStyle(arg, ctx) }
            case "stroke", "strokeBorder":
                try ensureShape()
                if shapePaint.stroke == nil { shapePaint.stroke = try stroke(arg, ctx, inset: name == "strokeBorder") }
            case "trim":
                try ensureShape()
                shapePaint.trim = (try number(arg["from"] ?? JSONNode(.number(0)), ctx), try number(arg["to"] ?? JSONNode(.number(1)), ctx))
            // Layout and drawing.
            case "padding": layout.append(.padding(try padding(arg, ctx)))
            case "frame": layout.append(try frame(arg, ctx))
            case "background", "overlay":
                let (content, alignment) = try attached(arg, ctx)
                layout.append(name == "background" ? .background(content, alignment: alignment) : .overlay(content, alignment: alignment))
            case "containerBackground":
                let (content, _) = try attached(arg, ctx)
                background.node = content
            case "clipShape": layout.append(.clipShape(try shapeKind(arg, ctx)))
            case "cornerRadius": layout.append(.clipShape(.roundedRectangle(cornerRadius: try number(arg, ctx), style: .circular)))
            case "opacity": layout.append(.opacity(min(1, max(0, try number(arg, ctx)))))
            case "shadow":
                layout.append(.shadow(color: try arg["color"].map { try color($0, ctx) } ?? RGBA(white: 0, alpha: 0.33),
                                      radius: try optionalNumber(arg["radius"], ctx) ?? 5,
                                      x: try optionalNumber(arg["x"], ctx) ?? 0, y: try optionalNumber(arg["y"], ctx) ?? 0))
            case "offset": layout.append(.offset(x: try optionalNumber(arg["x"], ctx) ?? 0, y: try optionalNumber(arg["y"], ctx) ?? 0))
            case "rotationEffect":
                layout.append(.rotation(degrees: try arg.members != nil ? number(arg["degrees"] ?? arg, ctx) : number(arg, ctx)))
            case "fixedSize":
                if let b = arg.bool { if b { layout.append(.fixedSize(horizontal: true, vertical: true)) } }
                else { layout.append(.fixedSize(horizontal: try arg["horizontal"].map { try bool($0, ctx) } ?? false,
                                                vertical: try arg["vertical"].map { try bool($0, ctx) } ?? false)) }
            case "layoutPriority": layout.append(.layoutPriority(try number(arg, ctx)))
            case "aspectRatio":
                if arg.members != nil {
                    layout.append(.aspectRatio(try optionalNumber(arg["ratio"], ctx),
                                               contentMode: try arg["contentMode"].map { try string($0, ctx) } ?? "fit"))
                } else { layout.append(.aspectRatio(try number(arg, ctx), contentMode: "fit")) }
            case "luminanceToAlpha": if try arg.bool ?? bool(arg, ctx) { layout.append(.luminanceToAlpha) }
            case "redacted": if try string(arg, ctx) == "placeholder" { layout.append(.redacted) }
            case "glassEffect":
                let variant = try arg["variant"].map { try string($0, ctx) } ?? (arg.string ?? "regular")
                layout.append(.glassEffect(variant: variant, tint: try arg["tint"].map { try color($0, ctx) },
                                           shape: try arg["shape"].map { try shapeKind($0, ctx) } ?? .capsule(style: .continuous)))
            case "contentTransition", "invalidatableContent", "privacySensitive": break   // no effect on a still image
            default: throw fail(m, "unknown modifier \"\(name)\"")
            }
        }
        layout.reverse()   // innermost first
        image.resizable = resizable
        image.font = ctx.text.font
        image.style = ctx.text.style
        return ModifierPass(context: ctx, layout: layout, shapePaint: shapePaint, image: image)
    }

    /// The content of background/overlay/containerBackground: a view, or a colour/gradient shorthand.
    func attached(_ arg: JSONNode, _ ctx: Context) throws -> (ViewNode, Alignment) {
        var alignment = Alignment.center
        var target = arg
        if let content = arg["content"] {
            target = content
            alignment = try self.alignment(arg["alignment"], .center, ctx)
        }
        if let t = target["type"]?.string, SpecSchema.nodeKeys[t] != nil, !["LinearGradient", "RadialGradient", "AngularGradient"].contains(t) {
            let nodes = try resolve(target, ctx)
            let node = nodes.count == 1 ? nodes[0] : ViewNode(.zstack(alignment: .center, children: nodes), accentable: ctx.accentable)
            return (node, alignment)
        }
        return (ViewNode(.fill(try shapeStyle(target, ctx)), accentable: ctx.accentable, source: ref(target)), alignment)
    }

    /// Opacity of each hierarchical level relative to the current foreground style (the alphas of
    /// UIKit's label, secondaryLabel, tertiaryLabel and quaternaryLabel).
    static let hierarchical: [String: Double] = ["primary": 1, "secondary": 0.6, "tertiary": 0.3, "quaternary": 0.18]

    func foreground(_ node: JSONNode, _ ctx: Context) throws -> ResolvedStyle {
        if let s = node.string, let level = Run.hierarchical[s] {
            // Without a foreground style of its own, the system label colours; with one, that
            // style at the level's opacity.
            if let base = ctx.foreground { return base.opacity(level) }
            return .color(SystemColors.color(s, scheme: env.colorScheme)!)
        }
        return try shapeStyle(node, ctx)
    }

    func font(_ node: JSONNode, base: FontSpec, _ ctx: Context) throws -> FontSpec {
        if node.string != nil {
            return FontSpec.style(try enumValue(node, TextStyle.self, ctx, what: "text style"), dynamicType: env.dynamicTypeSize)
        }
        guard let m = node.members else { throw fail(node, "expected a text style name or {\"size\": 17, \"weight\": \"bold\"}") }
        let keys = ["style", "size", "weight", "design", "italic", "monospacedDigit"]
        for (k, v) in m where !keys.contains(k) { throw fail(v, "unknown font key \"\(k)\"\(DidYouMean.hint(k, among: keys))") }
        var f: FontSpec
        if let s = node["style"] { f = .style(try enumValue(s, TextStyle.self, ctx, what: "text style"), dynamicType: env.dynamicTypeSize) }
        else if let size = node["size"] {
            let v = try number(size, ctx)
            guard v > 0, v <= 1000 else { throw fail(size, "font size \(v) is out of range (1...1000)") }
            f = FontSpec(size: v)
        } else { f = base }
        if let w = node["weight"] { f.weight = try enumValue(w, FontWeight.self, ctx, what: "weight") }
        if let d = node["design"] { f.design = try enumValue(d, FontDesign.self, ctx, what: "design") }
        if let i = node["italic"] { f.italic = try bool(i, ctx) }
        if let md = node["monospacedDigit"] { f.monospacedDigit = try bool(md, ctx) }
        return f
    }

    func stroke(_ node: JSONNode, _ ctx: Context, inset: Bool) throws -> (style: ResolvedStyle, stroke: StrokeOptions) {
        var o = StrokeOptions()
        var style: ResolvedStyle = ctx.text.style ?? .color(SystemColors.color("primary", scheme: env.colorScheme)!)
        if node.members != nil && node["type"] == nil && node["red"] == nil {
            if let s = node["style"] ?? node["color"] { style = try shapeStyle(s, ctx) }
            if let w = node["lineWidth"] { o.lineWidth = try number(w, ctx) }
            if let c = node["lineCap"] { o.lineCap = try enumValue(c, LineCapName.self, ctx, what: "line cap").rawValue }
            if let j = node["lineJoin"] { o.lineJoin = try enumValue(j, LineJoinName.self, ctx, what: "line join").rawValue }
            if let d = node["dash"] { o.dash = try (d.elements ?? []).map { try number($0, ctx) } }
            if let p = node["dashPhase"] { o.dashPhase = try number(p, ctx) }
        } else {
            style = try shapeStyle(node, ctx)
        }
        o.inset = inset
        return (style, o)
    }

    func padding(_ node: JSONNode, _ ctx: Context) throws -> EdgeInsets {
        if node.bool == true { return EdgeInsets(all: 16) }
        if node.number != nil || node.string != nil { return EdgeInsets(all: try number(node, ctx)) }
        guard let m = node.members else { throw fail(node, "expected a number or {\"horizontal\": 8, \"top\": 4, …}") }
        let keys = ["all", "horizontal", "vertical", "top", "leading", "bottom", "trailing", "edges", "length"]
        for (k, v) in m where !keys.contains(k) { throw fail(v, "unknown padding edge \"\(k)\"\(DidYouMean.hint(k, among: keys))") }
        var e = EdgeInsets()
        if let edges = node["edges"] {
            let length = try node["length"].map { try number($0, ctx) } ?? 16
            for name in try (edges.elements ?? [edges]).map({ try string($0, ctx) }) {
                switch name {
                case "all": e = EdgeInsets(all: length)
                case "horizontal": e.leading = length; e.trailing = length
                case "vertical": e.top = length; e.bottom = length
                case "top": e.top = length
                case "bottom": e.bottom = length
                case "leading": e.leading = length
                case "trailing": e.trailing = length
                default: throw fail(edges, "unknown edge \"\(name)\"")
                }
            }
            return e
        }
        if let v = node["all"] { e = EdgeInsets(all: try number(v, ctx)) }
        if let v = node["horizontal"] { let x = try number(v, ctx); e.leading = x; e.trailing = x }
        if let v = node["vertical"] { let x = try number(v, ctx); e.top = x; e.bottom = x }
        if let v = node["top"] { e.top = try number(v, ctx) }
        if let v = node["bottom"] { e.bottom = try number(v, ctx) }
        if let v = node["leading"] { e.leading = try number(v, ctx) }
        if let v = node["trailing"] { e.trailing = try number(v, ctx) }
        return e
    }

    func frame(_ node: JSONNode, _ ctx: Context) throws -> LayoutModifier {
        guard let m = node.members else { throw fail(node, "expected {\"width\": …, \"height\": …, \"maxWidth\": \"infinity\", \"alignment\": …}") }
        let keys = ["width", "height", "minWidth", "idealWidth", "maxWidth", "minHeight", "idealHeight", "maxHeight", "alignment"]
        for (k, v) in m where !keys.contains(k) { throw fail(v, "unknown frame key \"\(k)\"\(DidYouMean.hint(k, among: keys))") }
        let alignment = try self.alignment(node["alignment"], .center, ctx)
        func n(_ k: String, inf: Bool = false) throws -> Double? {
            let v = try optionalNumber(node[k], ctx, allowInfinity: inf)
            if let v, v < 0 || v.isNaN { throw fail(node[k]!, "\(k) must not be negative") }
            return v
        }
        let flexible = ["minWidth", "idealWidth", "maxWidth", "minHeight", "idealHeight", "maxHeight"].contains { node[$0] != nil }
        if !flexible { return .frame(width: try n("width"), height: try n("height"), alignment: alignment) }
        var minW = try n("minWidth"), maxW = try n("maxWidth", inf: true)
        var minH = try n("minHeight"), maxH = try n("maxHeight", inf: true)
        if let w = try n("width") { minW = w; maxW = w }
        if let h = try n("height") { minH = h; maxH = h }
        return .flexibleFrame(minWidth: minW, idealWidth: try n("idealWidth"), maxWidth: maxW,
                              minHeight: minH, idealHeight: try n("idealHeight"), maxHeight: maxH, alignment: alignment)
    }

    /// The view itself.
    func core(_ node: JSONNode, type: String, _ ctx: Context, shapePaint: ShapePaint, image: ImageOptions) throws -> ViewKind {
        func children() throws -> [ViewNode] {
            var out: [ViewNode] = []
            for c in node["children"]?.elements ?? [] { out += try resolve(c, ctx) }
            return out
        }
        switch type {
        case "VStack":
            let a = try node["alignment"].map { try enumValue($0, HorizontalAlignment.self, ctx, what: "alignment") } ?? .center
            return .vstack(alignment: a, spacing: try optionalNumber(node["spacing"], ctx), children: try children())
        case "HStack":
            let a = try node["alignment"].map { try enumValue($0, VerticalAlignment.self, ctx, what: "alignment") } ?? .center
            return .hstack(alignment: a, spacing: try optionalNumber(node["spacing"], ctx), children: try children())
        case "ZStack":
            return .zstack(alignment: try alignment(node["alignment"], .center, ctx), children: try children())
        case "Text":
            return .text(try text(node, ctx), ctx.text)
        case "Image":
            var options = image
            if let r = node["resizable"] { options.resizable = try bool(r, ctx) }
            if let name = node["systemName"] { return .image(.system(try string(name, ctx)), options) }
            let reference: ImageReference
            if let a = node["asset"] {
                let name = try string(a, ctx)
                guard let rel = resolver.spec.assets[name] else {
                    throw fail(a, "no asset named \"\(name)\"\(DidYouMean.hint(name, among: resolver.spec.assets.keys.sorted())) in \"assets\"")
                }
                reference = .asset(name: name, url: try confined(rel, a))
            } else {
                reference = .file(try confined(try string(node["file"]!, ctx), node["file"]!))
            }
            do { return .image(.bitmap(try resolver.loadImage(reference)), options) }
            catch let e as SpecError { throw e }
            catch { throw fail(node, "cannot load image \(reference.url.lastPathComponent): \(error)") }
        case "Color":
            guard let c = node["color"] else { throw fail(node, "Color needs \"color\"") }
            return .fill(.color(try color(c, ctx)))
        case "LinearGradient", "RadialGradient", "AngularGradient":
            return .fill(try gradient(node, type: type, ctx))
        case "Rectangle", "RoundedRectangle", "Capsule", "Circle", "Ellipse", "Path", "ContainerRelativeShape":
            var paint = shapePaint
            if paint.fill == nil && paint.stroke == nil { paint.fill = ctx.text.style }
            return .shape(try shapeKind(type: type, node, ctx), paint)
        case "Spacer":
            return .spacer(minLength: try optionalNumber(node["minLength"], ctx))
        case "Divider":
            return .divider(SystemColors.color("separator", scheme: env.colorScheme)!)
        case "Gauge", "ProgressView":
            let v = try optionalNumber(node["value"], ctx) ?? 0
            var lo = 0.0, hi = 1.0
            if type == "ProgressView" { hi = try optionalNumber(node["total"], ctx) ?? 1 }
            if let range = node["in"]?.elements, range.count == 2 { lo = try number(range[0], ctx); hi = try number(range[1], ctx) }
            if let m = node["min"] { lo = try number(m, ctx) }
            if let m = node["max"] { hi = try number(m, ctx) }
            let style = try node["style"].map { try string($0, ctx) } ?? (type == "Gauge" ? "accessoryCircular" : "linear")
            let tint = try node["tint"].map { try shapeStyle($0, ctx) } ?? ctx.tint
            let label = try node["label"].map { try string($0, ctx) }
            let g = GaugeValue(value: v, lower: lo, upper: hi, style: style, tint: tint, label: label)
            return type == "Gauge" ? .gauge(g) : .progress(g)
        case "AccessoryWidgetBackground":
            return .accessoryWidgetBackground
        case "EmptyView":
            return .empty
        default:
            throw fail(node["type"] ?? node, "unknown node type \"\(type)\"\(DidYouMean.hint(type, among: SpecSchema.nodeTypes))")
        }
    }

    func text(_ node: JSONNode, _ ctx: Context) throws -> String {
        if let t = node["text"] {
            let s = try string(t, ctx)
            if s.count > resolver.spec.limits.maxTextLength {
                throw fail(t, "text is \(s.count) characters, over the limit of \(resolver.spec.limits.maxTextLength)")
            }
            return s
        }
        let d = node["date"]!
        let formatter = DateTextFormatter(locale: env.locale, timeZone: env.timeZone)
        func date(_ n: JSONNode) throws -> Date {
            let s = try string(n, ctx)
            if s == "now" || s == "entryDate" { return env.date }
            guard let v = SpecValues.parseDate(s) else { throw fail(n, "expected an ISO 8601 date such as \"2026-11-29T09:00:00Z\" (or \"now\")") }
            return v
        }
        let start = try date(d)
        if let to = node["to"] { return formatter.string(from: start, to: try date(to)) }
        let style = try node["style"].map { try enumValue($0, DateTextStyle.self, ctx, what: "date style") } ?? .date
        return formatter.string(start, style: style, now: env.date)
    }

    /// An asset path inside the spec's folder (no absolute paths, no "..", unless allowed).
    func confined(_ relative: String, _ node: JSONNode) throws -> URL {
        let base = resolver.spec.directory.standardizedFileURL
        if relative.hasPrefix("/") {
            guard resolver.allowAbsoluteAssets else { throw fail(node, "absolute path \"\(relative)\" not allowed (paths are relative to the spec's folder; --allow-absolute-assets permits them)") }
            return URL(fileURLWithPath: relative)
        }
        let url = base.appendingPathComponent(relative).standardizedFileURL
        let resolved = url.resolvingSymlinksInPath().path
        let root = base.resolvingSymlinksInPath().path
        guard resolver.allowAbsoluteAssets || resolved == root || resolved.hasPrefix(root + "/") else {
            throw fail(node, "path \"\(relative)\" leaves the spec's folder")
        }
        return url
    }
}

enum LineCapName: String, CaseIterable { case butt, round, square }
enum LineJoinName: String, CaseIterable { case miter, round, bevel }
