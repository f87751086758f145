import Foundation
// The rules that need no pixels: they read the spec itself.
import RasterCore
import WidgetLayout
import WidgetModel
import WidgetRaster

public enum SpecRules {
    /// Findings from the spec alone.
    public static func check(_ spec: WidgetSpec, requireRemovable: Bool = false) -> [Finding] {
        var out: [Finding] = []
        let file = spec.file

        // WR001: no containerBackground anywhere in the body.
        var containerBackgrounds: [SourceRef] = []
        var backgrounds: [(modifier: SourceRef, owner: SpecNode)] = []
        var glass: [(at: SourceRef, variant: String, nested: Bool)] = []
        var placeholders: [(path: String, at: SourceRef, context: WalkContext)] = []
        walk(spec.body, WalkContext()) { node, ctx in
            for m in node.modifiers {
                switch m.modifier {
                case .containerBackground: containerBackgrounds.append(m.at)
                case .background: backgrounds.append((m.at, node))
                case .glassEffect(let variant, _, _):
                    glass.append((m.at, variant?.literal?.rawValue ?? variant?.template ?? GlassVariant.regular.rawValue, ctx.insideGlass))
                default: break
                }
            }
            for t in node.templates {
                for p in SpecRules.placeholderPaths(t.template) { placeholders.append((p, t.at, ctx)) }
            }
        }
        if containerBackgrounds.isEmpty {
            out.append(
                Finding(
                    rule: Rules.noContainerBackground,
                    message:
                        "\(spec.kind) has no containerBackground: on iOS 17 and later every family shows only \"Please adopt containerBackground API\".",
                    file: file, source: spec.body.at))
        }
        // WR002: non-removable background.
        if !spec.containerBackgroundRemovable {
            let at = spec.containerBackgroundRemovableAt ?? SourceRef(path: "", line: 1, column: 1)
            let contexts =
                spec.supportedFamilies.contains(.systemSmall) ? "StandBy and the iPad Lock Screen" : "the contexts that remove backgrounds"
            out.append(
                Finding(
                    rule: Rules.notRemovable,
                    message: "containerBackgroundRemovable is false: the system leaves \(spec.kind) out of \(contexts).",
                    file: file, source: at, severity: requireRemovable ? .error : nil))
        }
        // WR003: a background on the root view (or a full-size frame) used as the widget's background.
        for (m, owner) in backgrounds where owner.at.path == spec.body.at.path || isFullSize(owner) {
            out.append(
                Finding(
                    rule: Rules.backgroundNotContainer,
                    message:
                        "the view at \(owner.at.path.isEmpty ? "/" : owner.at.path) fills the widget with .background: in the Clear and Tinted looks it stays and turns into a white slab.",
                    file: file, source: m))
        }
        // WR012 (static part): regular and clear glass mixed, glass inside glass.
        let variants = Set(glass.map(\.variant))
        if variants.contains("regular") && variants.contains("clear") {
            out.append(
                Finding(
                    rule: Rules.glassMisuse, message: "regular and clear glassEffect are mixed in one widget.",
                    file: file, source: glass[0].at))
        }
        for g in glass where g.nested {
            out.append(
                Finding(
                    rule: Rules.glassMisuse, message: "glassEffect at \(g.at.path) sits inside another glassEffect (glass on glass).",
                    file: file, source: g.at))
        }
        if !glass.isEmpty && variants.count == 1 {
            out.append(
                Finding(
                    rule: Rules.glassMisuse,
                    message: "glassEffect inside the widget: on the home screen the system already draws the widget as glass.",
                    file: file, source: glass[0].at, severity: .note))
        }
        out += timelineFindings(spec, placeholders: placeholders)
        return out
    }

    /// WR014: order, duplicates, the after-date, and data a template reads that an entry lacks.
    static func timelineFindings(_ spec: WidgetSpec, placeholders: [(path: String, at: SourceRef, context: WalkContext)]) -> [Finding] {
        var out: [Finding] = []
        let entries = spec.timeline.entries
        let file = spec.file
        for i in entries.indices.dropFirst() where entries[i].date < entries[i - 1].date {
            out.append(
                Finding(
                    rule: Rules.timeline,
                    message:
                        "entry \(i) (\(iso(entries[i].date))) comes before entry \(i - 1) (\(iso(entries[i - 1].date))): entries are out of date order.",
                    fix: "Sort the timeline's entries by date.", file: file, source: entries[i].dateAt, entry: i))
        }
        var seen: [Date: Int] = [:]
        for (i, e) in entries.enumerated() {
            if let j = seen[e.date] {
                out.append(
                    Finding(
                        rule: Rules.timeline, message: "entries \(j) and \(i) have the same date \(iso(e.date)).",
                        fix: "Give each entry its own date.", file: file, source: e.dateAt, entry: i))
            }
            seen[e.date] = i
        }
        if case .after(let date) = spec.timeline.policy, let last = entries.map(\.date).max(), date < last {
            out.append(
                Finding(
                    rule: Rules.timeline,
                    message:
                        "the reload date \(iso(date)) is before the last entry (\(iso(last))): WidgetKit may reload before the timeline has played.",
                    fix: "Set \"after\" to a date after the last entry.", file: file,
                    source: spec.timeline.afterAt ?? SourceRef(path: "/timeline/after")))
        }
        for (i, e) in entries.enumerated() {
            for p in placeholders where !p.context.inForEach && !p.path.hasPrefix("item") && p.path != "index" {
                guard PlaceholderScope(data: e.data).lookup(p.path) == nil else { continue }
                // Inside an If/Switch the branch may never be taken for this entry: a warning then.
                let certain = !p.context.inConditional
                out.append(
                    Finding(
                        rule: Rules.timeline,
                        message: "entry \(i) has no \"\(p.path)\", which \(p.at.path) reads"
                            + (certain ? ": rendering entry \(i) fails." : " when that branch is shown."),
                        fix: "Add \"\(p.path)\" to every entry's data.", file: file,
                        source: p.at, entry: i,
                        severity: certain ? .error : .warning))
            }
        }
        return out
    }

    static func iso(_ d: Date) -> String { SpecValues.formatDate(d) }

    /// Placeholder paths in a string ("{{a.b|upper}}" → "a.b").
    public static func placeholderPaths(_ s: String) -> [String] {
        var out: [String] = []
        var rest = Substring(s)
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            let inner =
                rest[open.upperBound..<close.lowerBound].split(separator: "|").first.map { $0.trimmingWhitespace() } ?? ""
            if !inner.isEmpty { out.append(inner) }
            rest = rest[close.upperBound...]
        }
        return out
    }

    /// A view with `frame(maxWidth: .infinity, maxHeight: .infinity)`.
    static func isFullSize(_ node: SpecNode) -> Bool {
        node.modifiers.contains { m in
            if case .frame(let f) = m.modifier { return f.maxWidth?.literal == .infinity && f.maxHeight?.literal == .infinity }
            return false
        }
    }

    /// Where a node sits: inside a ForEach's content, inside an If/Switch branch, under glass.
    struct WalkContext {
        var inForEach = false
        var inConditional = false
        var insideGlass = false
    }

    /// Visits every view node of a body with its context. The views of a node's own modifiers
    /// (background, overlay) sit where the node sits; its content sits inside it.
    static func walk(_ node: SpecNode, _ ctx: WalkContext, _ visit: (SpecNode, WalkContext) -> Void) {
        visit(node, ctx)
        var inner = ctx
        switch node.view {
        case .ifView, .switchView: inner.inConditional = true
        default: break
        }
        if node.modifiers.contains(where: {
            if case .glassEffect = $0.modifier { return true }
            return false
        }) {
            inner.insideGlass = true
        }
        for (child, edge) in node.children {
            var c = edge == .modifier ? ctx : inner
            if edge == .forEachContent { c.inForEach = true }
            walk(child, c, visit)
        }
    }
}
