import Foundation
// `widgetctl check`: the rules that look at what the widget draws. Each supported family and
// entry is rendered (at 2x by default, CheckOptions.scale: the rules measure proportions and
// contrast, and 2x keeps small text's anti-aliased edges from deciding its contrast),
// in full colour for layout problems, and in the accented looks over several wallpapers for what
// breaks when the system removes the background.
import RasterCore
import WidgetLayout
import WidgetModel
import WidgetRaster

/// Options of a check run.
public struct CheckOptions: Sendable {
    /// Rule ids to skip.
    public var disabled: Set<String> = []
    /// containerBackgroundRemovable(false) is an error, not a warning.
    public var requireRemovable = false
    /// Wallpapers the legibility rule tries (name, pixels); the generated bright, dark and busy ones by default.
    public var wallpapers: [(name: String, pixmap: Pixmap)] = []
    public var device: Device = DeviceCatalog.default
    /// Pixels per point of the renders the rules look at (2: thin text looks as thin as on a
    /// device, at a quarter of the cost of 3x).
    public var scale: Double = 2
    /// Share of the widget an opaque accented fill may cover before it is a "slab".
    public var slabShare = 0.25
    /// Text sizes, locales and accessibility settings to check under (each finding under a
    /// non-standard one ends with its tag).
    public var settings: [ViewerSettings] = [.standard]
    /// Families, settings and entries checked at once (the findings do not depend on it).
    public var jobs = ProcessInfo.processInfo.activeProcessorCount
    public init() {}
}

public final class Checker {
    public let options: CheckOptions
    public let library: FontLibrary
    public init(options: CheckOptions = CheckOptions(), library: FontLibrary = .shared) {
        self.options = options
        self.library = library
    }

    static let accentedLooks: [Appearance] = [.clearLight, .clearDark, .tintedLight, .tintedDark]

    /// Every finding for a spec, sorted by family, entry and rule.
    /// - Throws: `SpecError` when a variant cannot be resolved (the spec is broken, not just risky).
    public func check(_ spec: WidgetSpec) throws -> [Finding] {
        try check(spec, rules: SpecRules.check(spec, requireRemovable: options.requireRemovable)) {
            SpecRenderer(spec: spec, device: self.options.device, scale: self.options.scale, library: self.library)
        }
    }

    /// Every finding for a widget written in Swift: the same rules, the widget-level ones read from
    /// its resolved tree (`WidgetRules`); places are the Swift lines the DSL recorded.
    public func check(_ widget: WidgetDefinition) throws -> [Finding] {
        let family = widget.supportedFamilies.first { options.device.size(of: $0) != nil } ?? .systemSmall
        let size = options.device.size(of: family) ?? Size(170, 170)
        let spec = widget.specStandIn(family: family, size: size)
        let make = { SpecRenderer(widget: widget, device: self.options.device, scale: self.options.scale, library: self.library) }
        let findings = try check(spec, rules: WidgetRules.check(widget, renderer: make(), requireRemovable: options.requireRemovable), make)
        guard widget.source.isSwift else { return findings }
        // What has no view of its own (accent balance, a system placeholder's text) is the widget's:
        // it sits at the widget's configuration.
        return findings.map { f in
            guard !f.isSwiftSource else { return f }
            var g = f
            g.file = widget.source.file
            g.isSwiftSource = true
            g.line = widget.source.line
            g.column = widget.source.column
            g.path = ""
            return g
        }
    }

    func check(_ spec: WidgetSpec, rules: [Finding], _ makeRenderer: () -> SpecRenderer) throws -> [Finding] {
        var findings = rules
        let legibility = !options.disabled.contains(Rules.legibility.id)
        let wallpapers =
            !legibility
            ? []
            : (options.wallpapers.isEmpty
                ? Checker.defaultWallpapers(options.device, options.scale) : options.wallpapers)
        let base = makeRenderer()
        let lookRenderers = wallpapers.map { wp -> (String, SpecRenderer) in
            let r = makeRenderer()
            r.wallpaper = wp.pixmap
            return (wp.name, r)
        }
        // An entry that cannot render because a key is missing is already a WR014 error.
        let missingKeyEntries = Set(findings.filter { $0.rule == Rules.timeline.id && $0.severity == .error }.compactMap(\.entry))
        // Every (family, setting, entry) is checked on its own, concurrently; the findings are then
        // put together in that order, so the report is the same for any number of jobs.
        // The legibility of each accented look is a task of its own, right after its variant's:
        // two workers then make different looks' glass at once instead of one waiting for the
        // other's (the faces are shared through the renderers' backdrop caches).
        struct Task {
            let family: WidgetFamily
            let look: Appearance
            let setting: ViewerSettings
            let entry: Int
            /// nil: the variant's own rules; a look: legibility in that look over every wallpaper.
            let legibilityLook: Appearance?
        }
        var tasks: [Task] = []
        for family in spec.supportedFamilies where options.device.size(of: family) != nil {
            let look: Appearance = family.isAccessory ? .lockScreen : .light
            for setting in options.settings.isEmpty ? [.standard] : options.settings {
                for entry in spec.timeline.entries.indices where !missingKeyEntries.contains(entry) {
                    tasks.append(Task(family: family, look: look, setting: setting, entry: entry, legibilityLook: nil))
                    guard !family.isAccessory, spec.containerBackgroundRemovable, legibility else { continue }
                    for accented in Checker.accentedLooks {
                        tasks.append(Task(family: family, look: look, setting: setting, entry: entry, legibilityLook: accented))
                    }
                }
            }
        }
        var results = [Result<[Finding], Error>?](repeating: nil, count: tasks.count)
        // Taken largest family first (the tasks of a family in their order): the last tasks are
        // then a small widget's, not a large one's legibility alone on one core at the end. The
        // findings keep the task order.
        let area = { (f: WidgetFamily) -> Double in self.options.device.size(of: f).map { $0.width * $0.height } ?? 0 }
        let order = tasks.indices.sorted { a, b in
            let (fa, fb) = (area(tasks[a].family), area(tasks[b].family))
            return fa != fb ? fa > fb : a < b
        }
        let lock = NSLock()
        var next = 0
        DispatchQueue.concurrentPerform(iterations: max(1, min(options.jobs, tasks.count))) { _ in
            while true {
                lock.lock()
                let k = next
                next += 1
                lock.unlock()
                guard k < tasks.count else { return }
                let i = order[k]
                let t = tasks[i]
                let r = Result {
                    if let accented = t.legibilityLook {
                        return try legibilityFindings(
                            spec, family: t.family, entry: t.entry, look: accented, setting: t.setting, base: base,
                            lookRenderers: lookRenderers)
                    }
                    return try checkVariant(spec, family: t.family, entry: t.entry, look: t.look, setting: t.setting, base: base)
                }
                lock.lock()
                results[i] = r
                lock.unlock()
            }
        }
        for (t, r) in zip(tasks, results) {
            guard let r else { continue }
            var found = try r.get()
            // Findings under other settings say which (the standard ones say nothing more).
            if !t.setting.isStandard { for i in found.indices { found[i].message += " [\(t.setting.tag)]" } }
            findings += found
        }
        return Checker.deduplicate(findings).filter { !options.disabled.contains($0.rule) }
    }

    /// The rendering rules for one entry of one family under one viewer setting (legibility
    /// apart: `legibilityFindings(_:family:entry:look:…)`).
    func checkVariant(
        _ spec: WidgetSpec, family: WidgetFamily, entry: Int, look: Appearance, setting: ViewerSettings, base: SpecRenderer
    ) throws -> [Finding] {
        var findings: [Finding] = []
        let full = try base.render(Variant(entry: entry, family: family, appearance: look, settings: setting))
        findings += layoutFindings(spec, full, family: family, entry: entry)
        // The larger sizes are tried from the user's size (only when that is the default, Large).
        if !options.disabled.contains(Rules.dynamicType.id), setting.dynamicTypeSize == .large {
            var ladderSetting = setting
            findings += try dynamicTypeFindings(spec, base, full, family: family, entry: entry, look: look) { size in
                ladderSetting.dynamicTypeSize = size
                return ladderSetting
            }
        }
        if !options.disabled.contains(Rules.fixedDirection.id) {
            findings += directionFindings(
                spec, try base.resolve(Variant(entry: entry, family: family, appearance: look, settings: setting)), family, entry)
        }
        if family.isAccessory {
            findings += hueFindings(spec, full, family: family, entry: entry)
            return findings
        }
        // What the accented looks draw (their own resolution: If/Switch may differ).
        let accented = try base.render(Variant(entry: entry, family: family, appearance: .clearLight, settings: setting))
        findings += accentedFindings(spec, accented, family: family, entry: entry)
        return findings
    }

    /// WR004 for one entry of one family in one accented look, over every wallpaper.
    func legibilityFindings(
        _ spec: WidgetSpec, family: WidgetFamily, entry: Int, look appearance: Appearance, setting: ViewerSettings,
        base: SpecRenderer, lookRenderers: [(String, SpecRenderer)]
    ) throws -> [Finding] {
        // Resolved and laid out once per look: the wallpaper changes pixels, not the layout.
        let v = Variant(entry: entry, family: family, appearance: appearance, settings: setting)
        let widget = try base.resolve(v)
        guard
            let laidOut = try base.renderer.render(
                widget, device: options.device, scale: options.scale, options: CompositeOptions(), layoutOnly: true)
        else { return [] }
        // Each text's glyph mask depends on the layout only: drawn once for all the wallpapers.
        let masks = textMasks(laidOut, family: family)
        var findings: [Finding] = []
        for (name, r) in lookRenderers {
            findings += legibilityFindings(spec, r, v, widget: widget, laidOut: laidOut, masks: masks, wallpaper: name)
        }
        return findings
    }

    /// A text's glyphs drawn alone (white) over its box, with the box's place in the frame and
    /// the mask's highest alpha.
    struct TextMask {
        let pixmap: Pixmap
        let x0: Int
        let y0: Int
        let peak: UInt32
    }

    /// The glyph mask of each text of `rendered`'s content, by the index of its op in `inkOps`
    /// (nil for ops that are not measured texts or fall outside the frame). The box is the text's
    /// plus a margin for overhanging ink, not the whole frame: a label covers a few percent of a
    /// widget.
    func textMasks(_ rendered: RenderedWidget, family: WidgetFamily) -> [TextMask?] {
        guard let frame = WidgetRenderer.frame(family: family, device: options.device, scale: options.scale) else { return [] }
        return rendered.content.inkOps.map { op -> TextMask? in
            // Text only: the "?" an unknown symbol's placeholder draws is part of an image (WR015 reports it).
            guard case .text(let layout, let origin, _, _) = op.kind, !op.isImage, !layout.lines.isEmpty else { return nil }
            let k = frame.scale
            let pad = layout.font.size * 0.75 + 2
            // (Clamped before the Int conversion: a far-off text cannot trap it.)
            func px(_ v: Double) -> Int { v.isFinite ? Int(max(-1e6, min(1e6, v))) : 0 }
            let x0 = max(0, px(((origin.x - pad) * k).rounded(.down)))
            let y0 = max(0, px(((origin.y - pad) * k).rounded(.down)))
            let x1 = min(frame.pixelWidth, px(((origin.x + layout.size.width + pad) * k).rounded(.up)))
            let y1 = min(frame.pixelHeight, px(((origin.y + layout.size.height + pad) * k).rounded(.up)))
            guard x1 > x0, y1 > y0, var mask = Canvas(width: x1 - x0, height: y1 - y0) else { return nil }
            mask.draw(
                layout, at: origin, with: .solid(.white),
                transform: Transform.scale(k).concatenating(.translation(Double(-x0), Double(-y0))))
            let peak = mask.pixmap.pixels.reduce(UInt32(0)) { max($0, $1 >> 24) }
            return TextMask(pixmap: mask.pixmap, x0: x0, y0: y0, peak: peak)
        }
    }

    /// Generated wallpapers at the screen size of the device (shared, made once per size). Only
    /// the rows a backdrop reads are drawn (`HomeScreen.rowsRead`).
    static func defaultWallpapers(_ device: Device, _ scale: Double) -> [(name: String, pixmap: Pixmap)] {
        let s = HomeScreen.screen(of: device)
        let w = Int((s.width * scale).rounded())
        let h = Int((s.height * scale).rounded())
        let rows = HomeScreen.rowsRead(device: device, scale: scale)
        let styles: [Wallpaper.Style] = [.bright, .dark, .busy]
        var made = [Pixmap?](repeating: nil, count: styles.count)
        let lock = NSLock()
        // At once, each in bands of its own. The busy one first: its two bands are the screen's
        // halves and only the top one has rows to draw, so it is the longest single piece; started
        // last, one core drew it alone while the other idled.
        let start = [2, 0, 1]
        DispatchQueue.concurrentPerform(iterations: styles.count) { k in
            let i = start[k]
            let p = GeneratedWallpapers.shared.wallpaper(styles[i], width: w, height: h, rows: rows)
            lock.lock()
            made[i] = p
            lock.unlock()
        }
        return zip(styles, made).compactMap { style, p in p.map { (style.rawValue, $0) } }
    }

    // MARK: Larger text, right-to-left

    /// The Dynamic Type sizes above Large, in order: check finds the first that cuts a text.
    public static let dynamicTypeLadder: [DynamicTypeSize] = DynamicTypeSize.allCases.filter { $0 > .large }

    /// WR016: texts that fit at Large but are cut at a larger size, with the first size that cuts
    /// them. Truncation only grows with the text size, so the first breaking size is found by a
    /// binary search over the ladder (at most four layouts, nothing drawn).
    func dynamicTypeFindings(
        _ spec: WidgetSpec, _ renderer: SpecRenderer, _ baseline: RenderedWidget, family: WidgetFamily, entry: Int,
        look: Appearance, settings: (DynamicTypeSize) -> ViewerSettings = { ViewerSettings(dynamicTypeSize: $0) }
    ) throws -> [Finding] {
        let before = Set(baseline.truncatedTexts.map(\.text))
        func cut(_ size: DynamicTypeSize) throws -> [(text: String, shown: String, source: SourceRef)] {
            let v = Variant(entry: entry, family: family, appearance: look, settings: settings(size))
            return try renderer.render(v, layoutOnly: true).truncatedTexts.filter { !before.contains($0.text) }
        }
        let ladder = Checker.dynamicTypeLadder
        var worst = try cut(ladder[ladder.count - 1])
        guard !worst.isEmpty else { return [] }
        var lo = 0
        var hi = ladder.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            let c = try cut(ladder[mid])
            if c.isEmpty {
                lo = mid + 1
            } else {
                hi = mid
                worst = c
            }
        }
        let first = ladder[hi]
        var seen = Set<String>()
        return worst.filter { seen.insert($0.text).inserted }.prefix(3).map { t in
            Finding(
                rule: Rules.dynamicType,
                message:
                    "“\(t.text)” fits at the default text size but is cut to “\(t.shown)” from Dynamic Type size \(first.rawValue) on (\(family.rawValue), entry \(entry)).",
                file: spec.file, source: t.source, family: family, entry: entry,
                severity: first.isAccessibilitySize ? .note : .warning)
        }
    }

    /// WR017: symbols named left/right where a forward/backward symbol exists (they do not flip
    /// in right-to-left layouts).
    func directionFindings(_ spec: WidgetSpec, _ widget: ResolvedWidget, _ family: WidgetFamily, _ entry: Int) -> [Finding] {
        var out: [Finding] = []
        var stack = [widget.content] + (widget.containerBackground.map { [$0] } ?? [])
        var budget = 100_000
        while let node = stack.popLast(), budget > 0 {
            budget -= 1
            stack += node.children
            for m in node.modifiers {
                switch m {
                case .background(let v, _), .overlay(let v, _), .mask(let v, _): stack.append(v)
                default: break
                }
            }
            guard case .image(.system(let name), _) = node.kind, let better = Checker.directionalName(for: name) else { continue }
            out.append(
                Finding(
                    rule: Rules.fixedDirection,
                    message: "the symbol \"\(name)\" points the same way in every language; \"\(better)\" flips for right-to-left layouts.",
                    file: spec.file, source: node.source, family: family, entry: entry))
        }
        return out
    }

    /// The forward/backward name for a symbol that says left or right, when SF Symbols has one
    /// (the chevrons, arrows and their circle/square/fill forms; not `arrow.left.and.right` etc.).
    public static func directionalName(for name: String) -> String? {
        guard SymbolTable.isFixedDirection(name) else { return nil }
        let parts = name.split(separator: ".").map(String.init)
        guard let head = parts.first, ["chevron", "arrow", "arrowshape", "arrowtriangle"].contains(head) else { return nil }
        // Only the first direction word: "arrow.up.right" becomes "arrow.up.forward".
        guard let i = parts.indices.dropFirst().first(where: { parts[$0] == "left" || parts[$0] == "right" }) else { return nil }
        if parts.dropFirst(i + 1).contains(where: { $0 == "left" || $0 == "right" }) { return nil }
        var q = parts
        q[i] = parts[i] == "right" ? "forward" : "backward"
        return q.joined(separator: ".")
    }

    // MARK: Layout: truncation, clipping, symbols

    func layoutFindings(_ spec: WidgetSpec, _ r: RenderedWidget, family: WidgetFamily, entry: Int) -> [Finding] {
        var out: [Finding] = []
        for t in r.truncatedTexts {
            out.append(
                Finding(
                    rule: Rules.truncated, message: "“\(t.text)” is cut to “\(t.shown)” in \(family.rawValue), entry \(entry).",
                    file: spec.file, source: t.source, family: family, entry: entry))
        }
        var seenSymbols = Set<String>()
        for (name, source) in r.missingSymbolPlaces
        where seenSymbols.insert("\(name)|\(source.file)|\(source.line)|\(source.path)").inserted {
            out.append(
                Finding(
                    rule: Rules.unknownSymbol, message: "no stand-in for the SF Symbol \"\(name)\" (drawn as a placeholder).",
                    file: spec.file, source: source, family: family, entry: entry))
        }
        // Text and images cut by the corners or leaving the widget.
        let size = r.pointSize
        let frame = WidgetRenderer.frame(family: family, device: options.device, scale: options.scale)
        let layoutSize = frame?.size ?? size
        let radius = frame?.cornerRadius ?? Device.widgetCornerRadius
        let widget = Rect(x: 0, y: 0, width: layoutSize.width, height: layoutSize.height)
        out += GlassRules.check(spec, r, family: family, entry: entry, widgetRect: widget, widgetRadius: radius)
        for op in r.content.inkOps {
            let bounds: Rect
            let what: String
            switch op.kind {
            case .text(let l, let origin, _, _):
                guard !l.lines.isEmpty else { continue }
                // The glyphs' ink, not the line boxes: a line box's leading may cross a margin
                // or a corner without anything visible doing so.
                bounds = l.path(at: origin).controlBounds
                what = "“\(l.lines.map(\.text).joined(separator: " "))”"
            case .image(_, let rect, _):
                bounds = rect
                what = "an image"
            default: continue
            }
            guard family != .accessoryInline else { continue }
            let outside = bounds.minX < -0.5 || bounds.minY < -0.5 || bounds.maxX > widget.maxX + 0.5 || bounds.maxY > widget.maxY + 0.5
            let cut = family.isSystem && cornersCut(bounds.insetBy(dx: 1, dy: 1), widget, radius)
            let problem: String?
            if outside {
                problem = "extends outside the widget"
            } else if cut {
                problem = "is cut by the widget's rounded corners"
            } else if let m = marginCrossing(op, bounds, widget, family: family, marginsDisabled: r.contentMarginsDisabled) {
                problem = m
            } else {
                problem = nil
            }
            if let problem {
                out.append(
                    Finding(
                        rule: Rules.clipped, message: "\(what) in \(family.rawValue), entry \(entry) \(problem).",
                        file: spec.file, source: op.source, family: family, entry: entry))
            }
        }
        return out
    }

    /// Text or a symbol nearer the widget's edge than the content margins allow: pushed there by
    /// an overflowing stack, a negative padding, an offset or a position. With the margins on,
    /// the limit is the margin (16 pt in system families, half a point of slack); with
    /// `contentMarginsDisabled` the widget draws its own, and only text closer than half the margin is
    /// reported (an estimate: Apple asks for "your own padding" without a number). Full-bleed
    /// images are a design choice; only images smaller than half the widget each way are judged.
    func marginCrossing(_ op: DrawOp, _ b: Rect, _ widget: Rect, family: WidgetFamily, marginsDisabled: Bool) -> String? {
        guard family.isSystem, b.width > 0, b.height > 0 else { return nil }
        if case .image = op.kind {
            guard !marginsDisabled, b.width < widget.width / 2, b.height < widget.height / 2 else { return nil }
        }
        let margin = marginsDisabled ? Device.systemContentMargin / 2 : Device.systemContentMargin
        let gaps = [
            ("leading", b.minX - widget.minX), ("top", b.minY - widget.minY),
            ("trailing", widget.maxX - b.maxX), ("bottom", widget.maxY - b.maxY),
        ]
        guard let (edge, gap) = gaps.min(by: { $0.1 < $1.1 }), gap < margin - 0.5 else { return nil }
        return String(
            format: "is %.1f pt from the %@ edge, inside the %g-pt content margin%@", max(0, gap), edge, margin,
            marginsDisabled ? " (the margins are disabled: keep your own padding)" : "")
    }

    /// Whether any corner of `r` lies outside a rounded rect of `radius` (continuous corners are
    /// approximated by circular ones of 1.2× the radius, a little tighter).
    func cornersCut(_ r: Rect, _ w: Rect, _ radius: Double) -> Bool {
        guard r.width > 0, r.height > 0 else { return false }
        let rr = radius * 1.2
        for p in [Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.minX, r.maxY), Point(r.maxX, r.maxY)] {
            let cx = p.x < w.minX + rr ? w.minX + rr : (p.x > w.maxX - rr ? w.maxX - rr : p.x)
            let cy = p.y < w.minY + rr ? w.minY + rr : (p.y > w.maxY - rr ? w.maxY - rr : p.y)
            if (p.x - cx) * (p.x - cx) + (p.y - cy) * (p.y - cy) > rr * rr { return true }
        }
        return false
    }

    // MARK: Accented: slabs, same-group text, images, balance

    func accentedFindings(_ spec: WidgetSpec, _ r: RenderedWidget, family: WidgetFamily, entry: Int) -> [Finding] {
        var out: [Finding] = []
        let frame = WidgetRenderer.frame(family: family, device: options.device, scale: options.scale)
        let widgetArea = (frame?.size.width ?? r.pointSize.width) * (frame?.size.height ?? r.pointSize.height)
        var fills: [(bounds: Rect, accentable: Bool)] = []
        var accentable = 0
        var plain = 0
        for op in r.content.inkOps {
            switch op.kind {
            case .fill(let path, let style, _):
                if op.accentable { accentable += 1 } else { plain += 1 }
                guard !op.isImage, isOpaque(style) else { continue }
                let b = path.controlBounds
                fills.append((b, op.accentable))
                if b.width * b.height > options.slabShare * widgetArea {
                    out.append(
                        Finding(
                            rule: Rules.whiteSlab,
                            message:
                                "an opaque shape covering \(Int((b.width * b.height / widgetArea * 100).rounded()))% of \(family.rawValue) turns into a white slab in the Clear and Tinted looks.",
                            file: spec.file, source: op.source, family: family, entry: entry))
                }
            case .stroke:
                if op.accentable { accentable += 1 } else { plain += 1 }
            case .text(let l, let origin, _, _):
                if op.accentable { accentable += 1 } else { plain += 1 }
                let tb = Rect(x: origin.x, y: origin.y, width: l.size.width, height: l.size.height)
                if fills.contains(where: {
                    $0.accentable == op.accentable
                        && $0.bounds.intersection(tb).width * $0.bounds.intersection(tb).height > 0.8 * tb.width * tb.height
                }) {
                    out.append(
                        Finding(
                            rule: Rules.sameGroupFill,
                            message:
                                "“\(l.lines.map(\.text).joined(separator: " "))” sits on an opaque fill of the same group: in \(family.rawValue) both turn white and the text disappears.",
                            file: spec.file, source: op.source, family: family, entry: entry))
                }
            case .image(let data, let rect, _):
                if op.accentable || op.accentedMode == .accented || op.accentedMode == .accentedDesaturated {
                    accentable += 1
                } else {
                    plain += 1
                }
                if op.accentedMode == nil {
                    out.append(
                        Finding(
                            rule: Rules.imageSilhouette,
                            message:
                                "the image “\(data.name)” in \(family.rawValue) has no widgetAccentedRenderingMode: it becomes a white silhouette in the Clear and Tinted looks.",
                            file: spec.file, source: op.source, family: family, entry: entry))
                }
                if op.accentedMode == .fullColor && rect.width * rect.height > 0.5 * widgetArea {
                    out.append(
                        Finding(
                            rule: Rules.largeFullColorImage,
                            message:
                                "the full-colour image “\(data.name)” covers \(Int((rect.width * rect.height / widgetArea * 100).rounded()))% of \(family.rawValue) in the accented looks.",
                            file: spec.file, source: op.source, family: family, entry: entry))
                }
            default: break
            }
        }
        if accentable == 0 && plain > 0 {
            out.append(
                Finding(
                    rule: Rules.accentBalance,
                    message:
                        "nothing in \(family.rawValue) is widgetAccentable: the Clear and Tinted looks show it all in one dimmed white.",
                    file: spec.file, family: family, entry: entry))
        } else if plain == 0 && accentable > 0 {
            out.append(
                Finding(
                    rule: Rules.accentBalance,
                    message: "everything in \(family.rawValue) is widgetAccentable: when every element is tinted, nothing stands out.",
                    file: spec.file, family: family, entry: entry))
        }
        return out
    }

    func isOpaque(_ s: ResolvedStyle) -> Bool { s.colors.allSatisfy { $0.alpha >= 0.9 } }

    // MARK: Legibility without the background

    /// WCAG 2 contrast of each text run against what is behind it in an accented look over a
    /// wallpaper. The text's own pixels come from drawing it alone; the worst 5% of its pixels
    /// decide (busy wallpapers are uneven).
    /// `laidOut` is the variant's layout-only render (its display lists); `renderer` draws over
    /// the wallpaper named `wallpaper`.
    func legibilityFindings(
        _ spec: WidgetSpec, _ renderer: SpecRenderer, _ v: Variant, widget: ResolvedWidget, laidOut rendered: RenderedWidget,
        masks: [TextMask?], wallpaper: String
    ) -> [Finding] {
        guard let frame = WidgetRenderer.frame(family: v.family, device: options.device, scale: options.scale) else { return [] }
        var behindList = DisplayList()
        behindList.ops = rendered.content.ops.filter {
            if case .text = $0.kind { return false }
            return true
        }
        let env = widget.environment
        // The glass alone: what the system gives any widget at this place over this wallpaper.
        // Without a background it depends on the look, material and frame only, not on the entry:
        // made once per look and wallpaper.
        let glassOptions = renderer.compositeOptions(for: v)
        func glass() -> Pixmap {
            Compositor().render(
                content: DisplayList(), background: rendered.background,
                showBackground: env.showsWidgetContainerBackground, frame: frame,
                environment: env, options: glassOptions)
        }
        let glassOnly =
            env.showsWidgetContainerBackground
            ? glass()
            : renderer.backdrops.pixmap(
                BackdropCache.Key(
                    backdrop: glassOptions.backdropKey ?? "", kind: "system glass \(v.appearance.rawValue)",
                    width: frame.pixelWidth, height: frame.pixelHeight, material: glassOptions.glass), make: glass)
        // What is behind the text: the glass and everything but text. With nothing but text in
        // the widget that is the glass alone, already made.
        let behind =
            behindList.ops.isEmpty
            ? glassOnly
            : Compositor().render(
                content: behindList, background: rendered.background,
                showBackground: env.showsWidgetContainerBackground, frame: frame,
                environment: env, options: renderer.compositeOptions(for: v))
        let colors = renderer.accent
        var out: [Finding] = []
        for (index, op) in rendered.content.inkOps.enumerated() {
            // The texts with a glyph mask (`textMasks`, drawn once for every wallpaper).
            guard index < masks.count, let textMask = masks[index], case .text(let layout, _, let style, _) = op.kind else { continue }
            let mask = textMask.pixmap
            let x0 = textMask.x0
            let y0 = textMask.y0
            // The system's share: the text's group colour at the group's opacity on the glass alone
            // (the same glyph pixels, so ordinary anti-aliasing is nobody's fault). The widget's
            // share: the style's own alpha (secondary styles, opacity), whatever it drew behind the
            // text, and a face too small or too light for glass (under 11 pt, or light and thinner
            // under 17 pt: Apple's guidance for legible text).
            let groupOpacity = op.accentable ? 1 : colors.defaultGroupOpacity
            let ownAlpha = style.colors.map(\.alpha).min() ?? 1
            let ink = op.accentable ? colors.accent : colors.primary
            let inkRGB = RGBA(red: ink.red, green: ink.green, blue: ink.blue)
            // The glyphs' own pixels: those at least half as covered as the most covered one. Thin
            // strokes never cover a pixel fully, so their colour is blended by coverage — faint
            // text measures faint, as it looks.
            let mw = mask.width
            var ratios: [Double] = []
            var baseline: [Double] = []
            // Fully covered glyph pixels mix by one amount, so their linearised channels depend on
            // the 8-bit channel alone: kept per text (the same `pow` results, computed once).
            var fullInk = MixedLuminance(ink: inkRGB, amount: groupOpacity * ownAlpha)
            var fullSystem = MixedLuminance(ink: inkRGB, amount: groupOpacity)
            let peak = textMask.peak
            mask.pixels.withUnsafeBufferPointer { m in
                guard peak > 0 else { return }
                behind.pixels.withUnsafeBufferPointer { bh in
                    glassOnly.pixels.withUnsafeBufferPointer { gl in
                        for my in 0..<mask.height {
                            for mx in 0..<mw {
                                let a = m[my * mw + mx] >> 24
                                guard a * 2 >= peak else { continue }
                                let i = (y0 + my) * frame.pixelWidth + x0 + mx
                                if a == 255 {
                                    ratios.append(Checker.contrast(fullInk.luminance(bh[i]), Checker.luminance8(bh[i])))
                                    baseline.append(Checker.contrast(fullSystem.luminance(gl[i]), Checker.luminance8(gl[i])))
                                    continue
                                }
                                let coverage = Double(a) / 255
                                let b = Checker.rgb(bh[i])
                                ratios.append(
                                    Checker.contrast(
                                        b.mix(inkRGB, groupOpacity * ownAlpha * coverage).relativeLuminance, Checker.luminance8(bh[i])))
                                let g = Checker.rgb(gl[i])
                                baseline.append(
                                    Checker.contrast(g.mix(inkRGB, groupOpacity * coverage).relativeLuminance, Checker.luminance8(gl[i])))
                            }
                        }
                    }
                }
            }
            guard !ratios.isEmpty else { continue }
            // The worst 5% decide (busy wallpapers are uneven).
            let worst = Checker.orderStatistic(&ratios, ratios.count / 20)
            let system = Checker.orderStatistic(&baseline, baseline.count / 20)
            let font = layout.font
            let large = font.size >= 18 || (font.size >= 14 && font.weight >= .bold)
            let needed = large ? 3.0 : 4.5
            // Reported only when the widget's own choices make the text fail: the wallpaper is the
            // user's, and the system's white-on-glass text over a bright or busy one falls under
            // WCAG for every widget alike. So the text fails, and either its face is faint, or the
            // system's own text passes at this place with a margin (a quarter above the threshold:
            // at the threshold itself, which text fails is noise), or the widget costs more than half of the
            // contrast the system's text gets there (the secondary style alone costs about 40%).
            let faint = font.size < 11 || (font.size < 17 && font.weight <= .light)
            guard worst < needed, faint || system >= 1.25 * needed || worst < Checker.ownShareLimit * system else { continue }
            let text = layout.lines.map(\.text).joined(separator: " ")
            out.append(
                Finding(
                    rule: Rules.legibility,
                    message: String(
                        format:
                            "“%@” in %@ · %@ over the %@ wallpaper: contrast %.1f:1 (the system's own text reaches %.1f:1 there), needs %.1f:1%@.",
                        text, v.family.rawValue, v.appearance.rawValue, wallpaper, worst, system, needed, large ? " (large text)" : ""),
                    fix: faint
                        ? "Over glass and the user's wallpaper, small or light text is the first to go: use at least 11 pt, and regular weight or heavier below 17 pt."
                        : ownAlpha < 0.999
                            ? "The text's own opacity (\(Int((ownAlpha * 100).rounded()))%) is kept in the Clear and Tinted looks, where the text is white over glass: use the primary style for key text, or a heavier weight."
                            : "What the widget draws behind this text stays when the background is replaced by glass: remove that fill in accented mode (widgetRenderingMode), make it translucent, or move the text off it.",
                    file: spec.file, source: op.source, family: v.family, appearance: v.appearance, entry: v.entry,
                    measure: worst))
        }
        return out
    }

    /// The share of the system's contrast a widget may lose to its own choices before WR004 reports it.
    static let ownShareLimit = 0.5

    static func rgb(_ premultiplied: UInt32) -> RGBA {
        let p = PremultipliedPixel.unpremultiply(premultiplied)
        return RGBA(r8: Int(p & 0xFF), g8: Int((p >> 8) & 0xFF), b8: Int((p >> 16) & 0xFF))
    }

    /// `rgb(p).mix(ink, amount * 255 / 255).relativeLuminance` — a pixel under fully covered ink —
    /// with each linearised channel remembered by its 8-bit value: the same arithmetic (the
    /// coverage factor is exactly 1), three `pow` calls at most once per channel value.
    struct MixedLuminance {
        let ink: RGBA
        let amount: Double
        private var linear = [Double](repeating: .nan, count: 3 * 256)

        init(ink: RGBA, amount: Double) {
            self.ink = ink
            self.amount = amount * (Double(255) / 255)
        }

        mutating func luminance(_ premultiplied: UInt32) -> Double {
            let p = PremultipliedPixel.unpremultiply(premultiplied)
            func channel(_ k: Int, _ v8: UInt32, _ target: Double) -> Double {
                let slot = k * 256 + Int(v8)
                let known = linear[slot]
                if !known.isNaN { return known }
                let c = Double(v8) / 255
                let mixed = c + (target - c) * amount
                let l = mixed <= 0.04045 ? mixed / 12.92 : pow((mixed + 0.055) / 1.055, 2.4)
                linear[slot] = l
                return l
            }
            return RGBA.luma(channel(0, p & 0xFF, ink.red), channel(1, (p >> 8) & 0xFF, ink.green), channel(2, (p >> 16) & 0xFF, ink.blue))
        }
    }

    /// WCAG 2 contrast ratio of two relative luminances.
    static func contrast(_ l1: Double, _ l2: Double) -> Double { (max(l1, l2) + 0.05) / (min(l1, l2) + 0.05) }

    /// The sRGB transfer function of each 8-bit value, as `RGBA.relativeLuminance` computes it.
    static let linear8: [Double] = (0..<256).map { i -> Double in
        let c = Double(i) / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    /// The `k`-th smallest of `values` (what `values.sorted()[k]` is), by selection: the array
    /// is partly reordered. Linear on average; after a budget of passes it sorts what is left,
    /// so no input makes it quadratic. Values with NaN are sorted as `sort()` would.
    static func orderStatistic(_ values: inout [Double], _ k: Int) -> Double {
        precondition(values.indices.contains(k), "orderStatistic: k out of range")
        if values.contains(where: \.isNaN) {
            values.sort()
            return values[k]
        }
        return values.withUnsafeMutableBufferPointer { a -> Double in
            var lo = 0
            var hi = a.count - 1
            var passes = 0
            while lo < hi {
                passes += 1
                if passes > 64 {
                    a[lo...hi].sort()
                    break
                }
                // Median of three as the pivot, then a three-way partition: < pivot, = pivot, > pivot.
                let mid = lo + (hi - lo) / 2
                let pivot = Swift.max(Swift.min(a[lo], a[mid]), Swift.min(Swift.max(a[lo], a[mid]), a[hi]))
                var lt = lo
                var i = lo
                var gt = hi
                while i <= gt {
                    if a[i] < pivot {
                        a.swapAt(lt, i)
                        lt += 1
                        i += 1
                    } else if a[i] > pivot {
                        a.swapAt(i, gt)
                        gt -= 1
                    } else {
                        i += 1
                    }
                }
                if k < lt {
                    hi = lt - 1
                } else if k > gt {
                    lo = gt + 1
                } else {
                    return pivot
                }
            }
            return a[k]
        }
    }

    /// `rgb(p).relativeLuminance` from a table: the same value, without three `pow` calls.
    static func luminance8(_ premultiplied: UInt32) -> Double {
        let p = PremultipliedPixel.unpremultiply(premultiplied)
        return RGBA.luma(linear8[Int(p & 0xFF)], linear8[Int((p >> 8) & 0xFF)], linear8[Int((p >> 16) & 0xFF)])
    }

    // MARK: Lock Screen: hue only

    func hueFindings(_ spec: WidgetSpec, _ r: RenderedWidget, family: WidgetFamily, entry: Int) -> [Finding] {
        var colors: [(RGBA, SourceRef)] = []
        for op in r.content.inkOps {
            switch op.kind {
            case .fill(_, let s, _), .stroke(_, let s, _, _), .text(_, _, let s, _):
                for c in s.colors where c.alpha > 0.5 && saturation(c) > 0.35 { colors.append((c, op.source)) }
            default: break
            }
        }
        for i in colors.indices {
            for j in colors.indices where j > i {
                let a = colors[i].0
                let b = colors[j].0
                if hueDistance(a, b) > 40 && abs(a.luma - b.luma) < 0.08 {
                    return [
                        Finding(
                            rule: Rules.hueOnly,
                            message:
                                "\(family.rawValue) uses \(a.hexString.prefix(7)) and \(b.hexString.prefix(7)), which differ in hue but not in brightness: vibrant rendering shows them the same.",
                            file: spec.file, source: colors[j].1, family: family, entry: entry)
                    ]
                }
            }
        }
        return []
    }

    func saturation(_ c: RGBA) -> Double {
        let mx = max(c.red, c.green, c.blue)
        let mn = min(c.red, c.green, c.blue)
        return mx > 0 ? (mx - mn) / mx : 0
    }
    func hue(_ c: RGBA) -> Double {
        let mx = max(c.red, c.green, c.blue)
        let mn = min(c.red, c.green, c.blue)
        let d = mx - mn
        guard d > 0 else { return 0 }
        var h: Double
        if mx == c.red {
            h = (c.green - c.blue) / d
        } else if mx == c.green {
            h = 2 + (c.blue - c.red) / d
        } else {
            h = 4 + (c.red - c.green) / d
        }
        h *= 60
        return h < 0 ? h + 360 : h
    }
    func hueDistance(_ a: RGBA, _ b: RGBA) -> Double {
        let d = abs(hue(a) - hue(b))
        return min(d, 360 - d)
    }

    // MARK: Output order

    /// One finding per rule, place and family (the first entry/appearance that shows it),
    /// sorted by severity, family and rule.
    static func deduplicate(_ findings: [Finding]) -> [Finding] {
        var seen = Set<String>()
        var out: [Finding] = []
        // For contrast, keep the worst case of each text: order those findings by their ratio.
        func ratio(_ f: Finding) -> Double { f.rule == Rules.legibility.id ? f.measure ?? 0 : 0 }
        let ordered = findings.enumerated().sorted { a, b in
            let ra = ratio(a.element)
            let rb = ratio(b.element)
            return ra != rb ? ra < rb : a.offset < b.offset
        }.map(\.element)
        for f in ordered {
            // A Swift finding has no JSON path: its line and column tell the views apart.
            let key = [
                f.rule, f.path, "\(f.line):\(f.column)", f.family?.rawValue ?? "", f.rule == Rules.timeline.id ? f.message : "",
            ].joined(separator: "|")
            if seen.insert(key).inserted { out.append(f) }
        }
        return out.sorted { a, b in
            (a.severity != b.severity)
                ? a.severity > b.severity
                : (a.family?.rawValue ?? "", a.rule, a.path, a.entry ?? 0) < (b.family?.rawValue ?? "", b.rule, b.path, b.entry ?? 0)
        }
    }
}
