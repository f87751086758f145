// The rules that need no pixels: they read the spec itself.
import Foundation

public enum SpecRules {
    /// Findings from the spec alone.
    public static func check(_ spec: WidgetSpec, requireRemovable: Bool = false) -> [Finding] {
        var out: [Finding] = []
        let file = spec.file
        func ref(_ n: JSONNode) -> SourceRef { SourceRef(path: n.path, line: n.line, column: n.column) }

        // WR001: no containerBackground anywhere in the body.
        var containerBackgrounds: [JSONNode] = []
        var backgrounds: [(modifier: JSONNode, owner: JSONNode)] = []
        var glass: [(node: JSONNode, variant: String, nested: Bool)] = []
        var placeholders: [(path: String, node: JSONNode, context: WalkContext)] = []
        walk(spec.body, WalkContext()) { node, ctx in
            for m in node["modifiers"]?.elements ?? [] {
                guard let (name, arg) = m.members?.first else { continue }
                switch name {
                case "containerBackground": containerBackgrounds.append(m)
                case "background": backgrounds.append((m, node))
                case "glassEffect": glass.append((m, arg["variant"]?.string ?? arg.string ?? "regular", ctx.insideGlass))
                default: break
                }
            }
        } strings: { node, ctx in
            guard let s = node.string else { return }
            for p in SpecRules.placeholderPaths(s) { placeholders.append((p, node, ctx)) }
        }
        if containerBackgrounds.isEmpty {
            out.append(Finding(rule: Rules.noContainerBackground,
                               message: "\(spec.kind) has no containerBackground: on iOS 17 and later every family shows only \"Please adopt containerBackground API\".",
                               file: file, source: ref(spec.body)))
        }
        // WR002: non-removable background.
        if !spec.containerBackgroundRemovable {
            let node = spec.document["containerBackgroundRemovable"] ?? spec.document
            let contexts = spec.supportedFamilies.contains(.systemSmall) ? "StandBy and the iPad Lock Screen" : "the contexts that remove backgrounds"
            out.append(Finding(rule: Rules.notRemovable,
                               message: "containerBackgroundRemovable is false: the system leaves \(spec.kind) out of \(contexts).",
                               file: file, source: ref(node), severity: requireRemovable ? .error : nil))
        }
        // WR003: a background on the root view (or a full-size frame) used as the widget's background.
        for (m, owner) in backgrounds where owner.path == spec.body.path || isFullSize(owner) {
            out.append(Finding(rule: Rules.backgroundNotContainer,
                               message: "the view at \(owner.path.isEmpty ? "/" : owner.path) fills the widget with .background: in the Clear and Tinted looks it stays and turns into a white slab.",
                               file: file, source: ref(m)))
        }
        // WR012 (static part): regular and clear glass mixed, glass inside glass.
        let variants = Set(glass.map(\.variant))
        if variants.contains("regular") && variants.contains("clear") {
            out.append(Finding(rule: Rules.glassMisuse, message: "regular and clear glassEffect are mixed in one widget.",
                               file: file, source: ref(glass[0].node)))
        }
        for g in glass where g.nested {
            out.append(Finding(rule: Rules.glassMisuse, message: "glassEffect at \(g.node.path) sits inside another glassEffect (glass on glass).",
                               file: file, source: ref(g.node)))
        }
        if !glass.isEmpty && variants.count == 1 {
            out.append(Finding(rule: Rules.glassMisuse, message: "glassEffect inside the widget: on the home screen the system already draws the widget as glass.",
                               file: file, source: ref(glass[0].node), severity: .note))
        }
        out += timelineFindings(spec, placeholders: placeholders)
        return out
    }

    /// WR014: order, duplicates, the after-date, and data a template reads that an entry lacks.
    static func timelineFindings(_ spec: WidgetSpec, placeholders: [(path: String, node: JSONNode, context: WalkContext)]) -> [Finding] {
        var out: [Finding] = []
        let entries = spec.timeline.entries
        let file = spec.file
        func node(_ path: String) -> SourceRef {
            let n = lookup(spec.document, path)
            return SourceRef(path: path, line: n?.line ?? 0, column: n?.column ?? 0)
        }
        for i in entries.indices.dropFirst() where entries[i].date < entries[i - 1].date {
            out.append(Finding(rule: Rules.timeline, message: "entry \(i) (\(iso(entries[i].date))) comes before entry \(i - 1) (\(iso(entries[i - 1].date))): entries are out of date order.",
                               fix: "Sort the timeline's entries by date.", file: file, source: node(entries[i].path + "/date"), entry: i))
        }
        var seen: [Date: Int] = [:]
        for (i, e) in entries.enumerated() {
            if let j = seen[e.date] {
                out.append(Finding(rule: Rules.timeline, message: "entries \(j) and \(i) have the same date \(iso(e.date)).",
                                   fix: "Give each entry its own date.", file: file, source: node(e.path + "/date"), entry: i))
            }
            seen[e.date] = i
        }
        if case .after(let date) = spec.timeline.policy, let last = entries.map(\.date).max(), date < last {
            out.append(Finding(rule: Rules.timeline, message: "the reload date \(iso(date)) is before the last entry (\(iso(last))): WidgetKit may reload before the timeline has played.",
                               fix: "Set \"after\" to a date after the last entry.", file: file, source: node("/timeline/after")))
        }
        for (i, e) in entries.enumerated() {
            for p in placeholders where !p.context.inForEach && !p.path.hasPrefix("item") && p.path != "index" {
                guard PlaceholderScope(data: e.data).lookup(p.path) == nil else { continue }
                // Inside an If/Switch the branch may never be taken for this entry: a warning then.
                let certain = !p.context.inConditional
                out.append(Finding(rule: Rules.timeline,
                                   message: "entry \(i) has no \"\(p.path)\", which \(p.node.path) reads" + (certain ? ": rendering entry \(i) fails." : " when that branch is shown."),
                                   fix: "Add \"\(p.path)\" to every entry's data.", file: file,
                                   source: SourceRef(path: p.node.path, line: p.node.line, column: p.node.column), entry: i,
                                   severity: certain ? .error : .warning))
            }
        }
        return out
    }

    static func iso(_ d: Date) -> String { ISO8601DateFormatter().string(from: d) }

    /// Placeholder paths in a string ("{{a.b|upper}}" → "a.b").
    public static func placeholderPaths(_ s: String) -> [String] {
        var out: [String] = []
        var rest = Substring(s)
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            let inner = rest[open.upperBound..<close.lowerBound].split(separator: "|").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            if !inner.isEmpty { out.append(inner) }
            rest = rest[close.upperBound...]
        }
        return out
    }

    static func isFullSize(_ node: JSONNode) -> Bool {
        for m in node["modifiers"]?.elements ?? [] {
            if let f = m["frame"], f["maxWidth"]?.string == "infinity", f["maxHeight"]?.string == "infinity" { return true }
        }
        return false
    }

    /// Where a node sits: inside a ForEach's content, inside an If/Switch branch, under glass.
    struct WalkContext { var inForEach = false; var inConditional = false; var insideGlass = false }

    /// Visits every view node (and every string value) of a body with its context.
    static func walk(_ node: JSONNode, _ ctx: WalkContext, _ visit: (JSONNode, WalkContext) -> Void, strings: (JSONNode, WalkContext) -> Void) {
        switch node.value {
        case .object(let members):
            let type = node["type"]?.string
            if type != nil { visit(node, ctx) }
            var inner = ctx
            if type == "If" || type == "Switch" { inner.inConditional = true }
            if (node["modifiers"]?.elements ?? []).contains(where: { $0["glassEffect"] != nil }) { inner.insideGlass = true }
            for (key, value) in members {
                if key == "in", type == "ForEach" {
                    strings(JSONNode(.string("{{\(value.string ?? "")}}"), path: value.path, line: value.line, column: value.column), ctx)
                    continue
                }
                var c = key == "modifiers" ? ctx : inner
                if key == "content", type == "ForEach" { c.inForEach = true }
                walk(value, c, visit, strings: strings)
            }
        case .array(let items):
            for i in items { walk(i, ctx, visit, strings: strings) }
        case .string:
            strings(node, ctx)
        default: break
        }
    }

    /// The node at a JSON pointer.
    static func lookup(_ root: JSONNode, _ pointer: String) -> JSONNode? {
        var n = root
        for part in pointer.split(separator: "/") {
            let key = part.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            if let m = n[key] { n = m } else if let i = Int(key), let a = n.elements, a.indices.contains(i) { n = a[i] } else { return nil }
        }
        return n
    }
}
