// The widget-level rules for a widget written in Swift (the spec's are in SpecRules): read from
// what the widget's body resolves to, and located at the Swift lines the DSL recorded.
import Foundation
import RasterCore
import WidgetLayout
import WidgetModel
import WidgetRaster

public enum WidgetRules {
    /// WR001 (no containerBackground), WR002 (not removable), WR003 (a background filling the
    /// root view), WR012 (glass misuse) and WR014 (timeline dates), for a Swift widget.
    public static func check(_ widget: WidgetDefinition, renderer: SpecRenderer, requireRemovable: Bool = false) -> [Finding] {
        var out: [Finding] = []
        let file = widget.source.isSwift ? widget.source.file : widget.kind + ".swift"
        let families = widget.supportedFamilies.filter { renderer.device.size(of: $0) != nil }
        // WR001: the body never calls containerBackground (looked at in each family's first entry).
        var missing: [WidgetFamily] = []
        var roots: [(WidgetFamily, ResolvedWidget)] = []
        for family in families {
            guard
                let resolved = try? renderer.resolve(
                    Variant(entry: 0, family: family, appearance: family.isAccessory ? .lockScreen : .light))
            else { continue }
            roots.append((family, resolved))
            if resolved.containerBackground == nil { missing.append(family) }
        }
        if !missing.isEmpty {
            let which = missing.count == families.count ? "" : " in \(missing.map(\.rawValue).joined(separator: ", "))"
            out.append(
                Finding(
                    rule: Rules.noContainerBackground,
                    message:
                        "\(widget.kind) has no containerBackground\(which): on iOS 17 and later it shows only \"Please adopt containerBackground API\".",
                    file: file, source: widget.source))
        }
        // WR002
        if !widget.containerBackgroundRemovable {
            out.append(
                Finding(
                    rule: Rules.notRemovable,
                    message:
                        "containerBackgroundRemovable is false: the system leaves \(widget.kind) out of StandBy and the iPad Lock Screen.",
                    file: file, source: widget.source, severity: requireRemovable ? .error : nil))
        }
        // WR003: the root view's own background (what fills the whole widget).
        var reported = Set<SourceRef>()
        for (family, resolved) in roots {
            for case .background(let node, _) in resolved.content.modifiers where reported.insert(node.source).inserted {
                out.append(
                    Finding(
                        rule: Rules.backgroundNotContainer,
                        message:
                            "the widget's root view fills the widget with .background (in \(family.rawValue)): in the Clear and Tinted looks it stays and turns into a white slab.",
                        file: file, source: node.source.isSwift ? node.source : widget.source, family: family))
            }
        }
        // WR012: glass inside glass, regular and clear mixed.
        if let (_, resolved) = roots.first {
            var variants = Set<GlassVariant>()
            var nested: [SourceRef] = []
            var budget = 100_000
            func walk(_ node: ViewNode, insideGlass: Bool) {
                budget -= 1
                guard budget > 0 else { return }
                var inside = insideGlass
                for m in node.modifiers {
                    if case .glassEffect(let variant, _, _) = m {
                        if variant != .identity { variants.insert(variant) }
                        if inside { nested.append(node.source) }
                        inside = true
                    }
                    if case .background(let n, _) = m { walk(n, insideGlass: inside) }
                    if case .overlay(let n, _) = m { walk(n, insideGlass: inside) }
                }
                for child in node.children { walk(child, insideGlass: inside) }
            }
            walk(resolved.content, insideGlass: false)
            if variants.contains(.regular) && variants.contains(.clear) {
                out.append(
                    Finding(
                        rule: Rules.glassMisuse, message: "regular and clear glassEffect are mixed in one widget.", file: file,
                        source: widget.source))
            }
            for at in nested {
                out.append(
                    Finding(
                        rule: Rules.glassMisuse, message: "a glassEffect sits inside another glassEffect (glass on glass).", file: file,
                        source: at))
            }
        }
        // WR014: entry dates out of order or repeated.
        if let family = families.first, let size = renderer.device.size(of: family) {
            let dates = widget.entries(for: family, size: size).map(\.date)
            for i in dates.indices.dropFirst() where dates[i] < dates[i - 1] {
                out.append(
                    Finding(
                        rule: Rules.timeline, message: "entry \(i) is dated before entry \(i - 1): WidgetKit shows entries in date order.",
                        fix: "Return the timeline's entries sorted by date.", file: file, source: widget.source, entry: i))
            }
            var seen: [Date: Int] = [:]
            for (i, d) in dates.enumerated() {
                if let j = seen[d] {
                    out.append(
                        Finding(
                            rule: Rules.timeline, message: "entries \(j) and \(i) have the same date.",
                            fix: "Give each entry its own date.", file: file, source: widget.source, entry: i))
                }
                seen[d] = i
            }
        }
        return out
    }
}
