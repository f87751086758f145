// Resolution of views: control nodes (If, Switch, ForEach) expand into the views they produce;
// every other node becomes one ViewNode with its kind, layout modifiers and inherited attributes.
import Foundation

extension ResolveRun {
    func resolve(_ node: SpecNode, _ ctxIn: ResolveContext) throws -> [ViewNode] {
        var ctx = ctxIn
        ctx.depth += 1
        if ctx.depth > limits.maxDepth { throw fail(node.at, "views nested deeper than \(limits.maxDepth) levels") }
        switch node.view {
        case .ifView, .switchView, .forEach:
            // Modifiers on a control node apply to whatever it produces (each element of a ForEach).
            let pass = try modifierPass(node, ctx)
            let nodes: [ViewNode]
            switch node.view {
            case .ifView(let condition, let then, let otherwise):
                if try holds(condition, pass.context) {
                    nodes = try resolve(then, pass.context)
                } else if let otherwise {
                    nodes = try resolve(otherwise, pass.context)
                } else {
                    nodes = []
                }
            case .switchView(let subject, let cases, let fallback):
                nodes = try resolveSwitch(subject, cases: cases, default: fallback, pass.context)
            case .forEach(let name, let content, let limit):
                nodes = try resolveForEach(name, content: content, limit: limit, pass.context)
            default: nodes = []
            }
            return nodes.map {
                var n = $0
                n.modifiers += pass.layout
                return n
            }
        default:
            try countView(node.at)
            let pass = try modifierPass(node, ctx)
            var kind = try core(node, pass.context, shapePaint: pass.shapePaint, image: pass.image)
            var modifiers = pass.layout
            // A circular gauge's label is its current value label: a text in the ring, as the DSL's.
            if case .gauge(var g) = kind, g.style.isCircular, let label = g.label {
                var attributes = pass.context.text
                attributes.font = GaugeValue.currentValueFont
                attributes.lineLimit = 1
                attributes.minimumScaleFactor = 0.5
                g.label = nil
                kind = .gauge(g)
                let text = ViewNode(.text(label, attributes), accentable: pass.context.accentable, source: node.at)
                modifiers.insert(GaugeValue.currentValueOverlay(text, accentable: pass.context.accentable), at: 0)
            }
            // An Image's contentMode is SwiftUI's aspectRatio(contentMode:) on the image itself.
            if case .image(_, _, let mode?) = node.view { modifiers.insert(.aspectRatio(nil, contentMode: try eval(mode, ctx)), at: 0) }
            return [ViewNode(kind, modifiers: modifiers, accentable: pass.context.accentable, source: node.at)]
        }
    }

    func resolveSwitch(
        _ subject: SpecSwitchSubject, cases: [(key: String, node: SpecNode)], default fallback: SpecNode?,
        _ ctx: ResolveContext
    ) throws -> [ViewNode] {
        let current: String
        switch subject {
        case .environment(let key): current = environmentValue(key)
        case .value(let f): current = Placeholders.plain(try eval(f, ctx))
        }
        if let match = cases.first(where: { $0.key == current }) { return try resolve(match.node, ctx) }
        if let fallback { return try resolve(fallback, ctx) }
        return []
    }

    func resolveForEach(_ nameField: SpecField<String>, content: SpecNode, limit: SpecField<Int>?, _ ctx: ResolveContext) throws
        -> [ViewNode]
    {
        let name = try eval(nameField, ctx)
        guard let v = ctx.scope.lookup(name) else { throw fail(nameField.at, Placeholders.missing(name, ctx.scope).message) }
        guard case .array(let items) = v else { throw fail(nameField.at, "\"\(name)\" is \(v.kindName), expected an array") }
        var count = items.count
        if let l = try eval(limit, ctx) { count = min(count, max(0, l)) }
        if count > limits.maxForEach {
            throw fail(nameField.at, "\"\(name)\" has \(items.count) items, over the ForEach limit of \(limits.maxForEach)")
        }
        var out: [ViewNode] = []
        for (i, item) in items.prefix(count).enumerated() {
            var inner = ctx
            inner.scope.item = item
            inner.scope.index = i
            out += try resolve(content, inner)
        }
        return out
    }

    // MARK: Conditions

    func holds(_ condition: SpecCondition, _ ctx: ResolveContext) throws -> Bool {
        switch condition {
        case .truthy(let f): return truthy(try eval(f, ctx))
        case .all(let tests):
            var result = true
            for test in tests {
                switch test {
                case .environment(let key, let wanted):
                    let values = try wanted.map { try eval($0, ctx) }
                    result = result && values.contains(environmentValue(key))
                case .not(let inner):
                    let h = try holds(inner, ctx)
                    result = result && !h
                case .value(let f, let comparison):
                    let x = try eval(f, ctx)
                    let h: Bool
                    switch comparison {
                    case .truthy: h = truthy(x)
                    case .equals(let e): h = Placeholders.plain(x) == Placeholders.plain(try eval(e, ctx))
                    case .notEquals(let e): h = Placeholders.plain(x) != Placeholders.plain(try eval(e, ctx))
                    case .greaterThan(let g): h = (numeric(x) ?? -.infinity) > (try eval(g, ctx))
                    case .lessThan(let l): h = (numeric(x) ?? .infinity) < (try eval(l, ctx))
                    case .oneOf(let list): h = try list.map { Placeholders.plain(try eval($0, ctx)) }.contains(Placeholders.plain(x))
                    }
                    result = result && h
                }
            }
            return result
        }
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

    func environmentValue(_ key: EnvironmentKey) -> String {
        switch key {
        case .renderingMode: return env.renderingMode.rawValue
        case .family: return env.family.rawValue
        case .colorScheme: return env.colorScheme.rawValue
        case .showsWidgetContainerBackground: return env.showsWidgetContainerBackground ? "true" : "false"
        case .dynamicTypeSize: return env.dynamicTypeSize.rawValue
        case .layoutDirection: return env.layoutDirection.rawValue
        case .locale: return env.locale.identifier
        case .accessibilityReduceTransparency: return env.accessibilityReduceTransparency ? "true" : "false"
        case .colorSchemeContrast: return env.colorSchemeContrast.rawValue
        }
    }

    // MARK: Views

    /// The view itself.
    func core(_ node: SpecNode, _ ctx: ResolveContext, shapePaint: ShapePaint, image: ImageOptions) throws -> ViewKind {
        func children(_ nodes: [SpecNode]) throws -> [ViewNode] {
            var out: [ViewNode] = []
            for c in nodes { out += try resolve(c, ctx) }
            return out
        }
        switch node.view {
        case .vstack(let a, let spacing, let c):
            return .vstack(alignment: try eval(a, ctx) ?? .center, spacing: try eval(spacing, ctx), children: try children(c))
        case .hstack(let a, let spacing, let c):
            return .hstack(alignment: try eval(a, ctx) ?? .center, spacing: try eval(spacing, ctx), children: try children(c))
        case .zstack(let a, let c):
            return .zstack(alignment: try eval(a, ctx) ?? .center, children: try children(c))
        case .text(let t):
            return .text(try text(t, ctx), ctx.text)
        case .image(let source, let resizable, _):
            var options = image
            if let r = try eval(resizable, ctx) { options.resizable = r }
            return .image(try imageSource(source, node, ctx), options)
        case .color(let c):
            return .fill(.color(try color(c, ctx)))
        case .gradient(let s):
            return .fill(try style(s, ctx))
        case .shape(let s):
            var paint = shapePaint
            if paint.fill == nil && paint.stroke == nil { paint.fill = ctx.text.style }
            return .shape(try shape(s, ctx), paint)
        case .spacer(let minLength):
            return .spacer(minLength: try eval(minLength, ctx))
        case .divider:
            return .divider(SystemColors.color("separator", scheme: env.colorScheme)!)
        case .gauge(let g):
            let value = GaugeValue(
                value: try eval(g.value, ctx) ?? 0, lower: try eval(g.lower, ctx) ?? 0, upper: try eval(g.upper, ctx) ?? 1,
                style: try eval(g.style, ctx) ?? (g.isProgress ? .linear : .accessoryCircular),
                tint: try g.tint.map { try style($0, ctx) } ?? ctx.tint, label: try eval(g.label, ctx))
            return g.isProgress ? .progress(value) : .gauge(value)
        case .accessoryWidgetBackground:
            return .accessoryWidgetBackground
        case .empty:
            return .empty
        case .ifView, .switchView, .forEach:
            return .empty  // expanded by resolve(_:_:)
        }
    }

    func text(_ t: SpecText, _ ctx: ResolveContext) throws -> String {
        switch t {
        case .string(let f): return try eval(f, ctx)
        case .date(let start, let to, let style):
            let formatter = DateTextFormatter(locale: env.locale, timeZone: env.timeZone)
            func date(_ f: SpecField<SpecDate>) throws -> Date {
                switch try eval(f, ctx) {
                case .now: return env.date
                case .fixed(let d): return d
                }
            }
            let from = try date(start)
            if let to { return formatter.string(from: from, to: try date(to)) }
            return formatter.string(from, style: try eval(style, ctx) ?? .date, now: env.date)
        }
    }

    func imageSource(_ source: SpecImageSource, _ node: SpecNode, _ ctx: ResolveContext) throws -> ImageSource {
        let reference: ImageReference
        switch source {
        case .system(let name): return .system(try eval(name, ctx))
        case .asset(let f):
            let name = try eval(f, ctx)
            guard let relative = resolver.spec.assets[name] else {
                throw fail(
                    f.at,
                    "no asset named \"\(name.prefix(80))\"\(DidYouMean.hint(name, among: resolver.spec.assets.keys.sorted())) in \"assets\""
                )
            }
            reference = .asset(name: name, url: try confined(relative, f.at))
        case .file(let f):
            reference = .file(try confined(try eval(f, ctx), f.at))
        }
        do { return .bitmap(try resolver.loadImage(reference)) } catch let e as SpecError { throw e } catch {
            throw fail(node.at, "cannot load image \(reference.url.lastPathComponent): \(error)")
        }
    }

    /// An asset path inside the spec's folder (no absolute paths, no "..", unless allowed).
    func confined(_ relative: String, _ at: SourceRef) throws -> URL {
        let base = resolver.spec.directory.standardizedFileURL
        if relative.hasPrefix("/") {
            guard resolver.allowAbsoluteAssets else {
                throw fail(
                    at,
                    "absolute path \"\(relative.prefix(200))\" not allowed (paths are relative to the spec's folder; --allow-absolute-assets permits them)"
                )
            }
            return URL(fileURLWithPath: relative)
        }
        let url = base.appendingPathComponent(relative).standardizedFileURL
        let resolved = url.resolvingSymlinksInPath().path
        let root = base.resolvingSymlinksInPath().path
        guard resolver.allowAbsoluteAssets || resolved == root || resolved.hasPrefix(root + "/") else {
            throw fail(at, "path \"\(relative.prefix(200))\" leaves the spec's folder")
        }
        return url
    }
}
