// A widget document (`*.widget.json`), decoded and validated. The body stays a located JSON tree:
// it is checked here once (node types, modifier names, literal values) and resolved per variant
// by SpecResolver, where placeholders are filled from each timeline entry.
import Foundation

/// Limits that keep hostile input from exhausting the machine.
public struct SpecLimits: Sendable {
    public var maxFileBytes = 8 * 1024 * 1024
    public var maxNodes = 20_000
    public var maxDepth = 64
    public var maxTextLength = 10_000
    public var maxForEach = 500
    public var maxEntries = 1_000
    public init() {}
    public static let `default` = SpecLimits()
}

/// A decoded widget spec.
public struct WidgetSpec: Sendable {
    /// The file name used in messages.
    public var file: String
    /// The folder assets resolve against.
    public var directory: URL
    public var kind: String
    public var displayName: String
    public var supportedFamilies: [WidgetFamily]
    public var containerBackgroundRemovable: Bool
    public var contentMarginsDisabled: Bool
    public var timeline: WidgetTimeline
    /// Asset name → path relative to `directory`.
    public var assets: [String: String]
    public var body: JSONNode
    /// The whole document, for `check`.
    public var document: JSONNode
    public var timeZone: TimeZone
    public var locale: Locale
    public var limits: SpecLimits

    /// Reads and validates a spec file.
    /// - Throws: `SpecError` naming the file, the JSON path and what was expected.
    public static func load(contentsOf url: URL, limits: SpecLimits = .default) throws -> WidgetSpec {
        let name = url.lastPathComponent
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
        if let size = attributes?[.size] as? Int, size > limits.maxFileBytes {
            throw SpecError(file: name, path: "", message: "file is \(size) bytes, over the limit of \(limits.maxFileBytes)")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw SpecError(file: url.path, path: "", message: "no such file")
        }
        guard !isDirectory.boolValue else {
            throw SpecError(file: url.path, path: "", message: "is a folder; expected a .widget.json file")
        }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw SpecError(file: url.path, path: "", message: "cannot read the file (\(error.localizedDescription))")
        }
        return try decode([UInt8](data), file: name, directory: url.deletingLastPathComponent(), limits: limits)
    }

    /// Decodes and validates spec bytes.
    public static func decode(_ bytes: [UInt8], file: String, directory: URL = URL(fileURLWithPath: "."),
                              limits: SpecLimits = .default) throws -> WidgetSpec {
        if bytes.count > limits.maxFileBytes {
            throw SpecError(file: file, path: "", message: "file is \(bytes.count) bytes, over the limit of \(limits.maxFileBytes)")
        }
        let root: JSONNode
        do { root = try JSONParser.parse(bytes) } catch let e as JSONSyntaxError {
            throw SpecError(file: file, path: "", line: e.line, column: e.column, message: "invalid JSON: \(e.message)")
        }
        var d = SpecDecoder(file: file, limits: limits)
        return try d.decode(root, directory: directory)
    }
}

/// Top-level decoding and static validation of the body.
struct SpecDecoder {
    let file: String
    let limits: SpecLimits
    var nodeCount = 0

    func fail(_ node: JSONNode, _ message: String) -> SpecError { SpecError(file: file, node: node, message) }

    mutating func decode(_ root: JSONNode, directory: URL) throws -> WidgetSpec {
        guard let members = root.members else { throw fail(root, "expected a widget object, found \(root.value.kindName)") }
        for (key, value) in members where !SpecSchema.topLevelKeys.contains(key) {
            throw fail(value, "unknown key \"\(key)\"\(DidYouMean.hint(key, among: SpecSchema.topLevelKeys))")
        }
        func string(_ key: String, default d: String? = nil) throws -> String {
            guard let n = root[key] else {
                if let d { return d }
                throw fail(root, "missing \"\(key)\" (a string)")
            }
            guard let s = n.string, !s.isEmpty else { throw fail(n, "expected a non-empty string, found \(n.value.kindName)") }
            return s
        }
        func bool(_ key: String, default d: Bool) throws -> Bool {
            guard let n = root[key] else { return d }
            guard let b = n.bool else { throw fail(n, "expected true or false, found \(n.value.kindName)") }
            return b
        }
        let kind = try string("kind")
        let displayName = try string("displayName", default: kind)
        var families: [WidgetFamily] = [.systemSmall, .systemMedium, .systemLarge]
        if let f = root["supportedFamilies"] {
            guard let items = f.elements, !items.isEmpty else { throw fail(f, "expected a non-empty array of family names") }
            families = try items.map { item in
                guard let s = item.string, let fam = WidgetFamily(rawValue: s) else {
                    let text = item.string ?? item.value.kindName
                    throw fail(item, "unknown family \"\(text)\"\(DidYouMean.hint(text, among: WidgetFamily.allCases.map(\.rawValue)))")
                }
                return fam
            }
        }
        var timeZone = TimeZone(identifier: "UTC")!
        if let tz = root["timeZone"] {
            guard let s = tz.string, let zone = TimeZone(identifier: s) else { throw fail(tz, "unknown time zone (expected an IANA name such as \"America/Los_Angeles\")") }
            timeZone = zone
        }
        var locale = Locale(identifier: "en_US")
        if let l = root["locale"] {
            guard let s = l.string else { throw fail(l, "expected a locale identifier such as \"en_US\"") }
            locale = Locale(identifier: s)
        }
        var assets: [String: String] = [:]
        if let a = root["assets"] {
            guard let m = a.members else { throw fail(a, "expected an object of asset name → file path") }
            for (name, path) in m {
                guard let p = path.string, !p.isEmpty else { throw fail(path, "expected a file path string") }
                assets[name] = p
            }
        }
        guard let body = root["body"] else { throw fail(root, "missing \"body\" (the widget's root view)") }
        try validateNode(body, depth: 0)
        let timeline = try decodeTimeline(root["timeline"], root: root)
        return WidgetSpec(file: file, directory: directory, kind: kind, displayName: displayName, supportedFamilies: families,
                          containerBackgroundRemovable: try bool("containerBackgroundRemovable", default: true),
                          contentMarginsDisabled: try bool("contentMarginsDisabled", default: false),
                          timeline: timeline, assets: assets, body: body, document: root, timeZone: timeZone, locale: locale,
                          limits: limits)
    }

    func decodeTimeline(_ node: JSONNode?, root: JSONNode) throws -> WidgetTimeline {
        guard let node else {
            // No timeline: one entry at a fixed date, so output does not depend on the clock.
            return WidgetTimeline(entries: [TimelineEntryData(date: Date(timeIntervalSince1970: 1_795_000_000))])
        }
        guard node.members != nil else { throw fail(node, "expected an object with \"entries\"") }
        for (key, value) in node.members! where !["policy", "entries", "after"].contains(key) {
            throw fail(value, "unknown key \"\(key)\"\(DidYouMean.hint(key, among: ["policy", "entries", "after"]))")
        }
        guard let entries = node["entries"]?.elements, !entries.isEmpty else {
            throw fail(node["entries"] ?? node, "expected \"entries\": a non-empty array")
        }
        if entries.count > limits.maxEntries {
            throw fail(node["entries"]!, "\(entries.count) entries, over the limit of \(limits.maxEntries)")
        }
        let out: [TimelineEntryData] = try entries.map { e in
            guard e.members != nil else { throw fail(e, "expected an entry object with \"date\"") }
            for (key, value) in e.members! where !["date", "relevance", "data"].contains(key) {
                throw fail(value, "unknown key \"\(key)\"\(DidYouMean.hint(key, among: ["date", "relevance", "data"]))")
            }
            guard let d = e["date"] else { throw fail(e, "missing \"date\" (ISO 8601, e.g. \"2026-11-29T09:00:00Z\")") }
            guard let s = d.string, let date = SpecValues.parseDate(s) else {
                throw fail(d, "expected an ISO 8601 date such as \"2026-11-29T09:00:00Z\"")
            }
            var relevance: Double? = nil
            if let r = e["relevance"] {
                guard let v = r.number else { throw fail(r, "expected a number") }
                relevance = v
            }
            let data = e["data"] ?? JSONNode(.object([]), path: e.path + "/data")
            guard data.members != nil else { throw fail(data, "expected an object of values") }
            return TimelineEntryData(date: date, relevance: relevance, data: data, path: e.path)
        }
        var policy = TimelineReloadPolicy.atEnd
        if let p = node["policy"] {
            switch p.string {
            case "atEnd": policy = .atEnd
            case "never": policy = .never
            case "after":
                guard let a = node["after"]?.string, let date = SpecValues.parseDate(a) else {
                    throw fail(node["after"] ?? p, "policy \"after\" needs \"after\": an ISO 8601 date")
                }
                policy = .after(date)
            default:
                throw fail(p, "expected \"atEnd\", \"after\" or \"never\"\(DidYouMean.hint(p.string ?? "", among: ["atEnd", "after", "never"]))")
            }
        }
        return WidgetTimeline(entries: out, policy: policy)
    }

    /// Checks a view node: its type, its keys, its modifiers, its children.
    mutating func validateNode(_ node: JSONNode, depth: Int) throws {
        nodeCount += 1
        if nodeCount > limits.maxNodes { throw fail(node, "more than \(limits.maxNodes) nodes") }
        if depth > limits.maxDepth { throw fail(node, "views nested deeper than \(limits.maxDepth) levels") }
        guard node.members != nil else { throw fail(node, "expected a view object with \"type\", found \(node.value.kindName)") }
        guard let typeNode = node["type"] else { throw fail(node, "missing \"type\" (one of \(SpecSchema.nodeTypes.joined(separator: ", ")))") }
        guard let type = typeNode.string else { throw fail(typeNode, "expected a node type string") }
        guard let keys = SpecSchema.nodeKeys[type] else {
            throw fail(typeNode, "unknown node type \"\(type)\"\(DidYouMean.hint(type, among: SpecSchema.nodeTypes))")
        }
        for (key, value) in node.members! where key != "type" && key != "modifiers" && !keys.contains(key) {
            throw fail(value, "\(type) has no \"\(key)\"\(DidYouMean.hint(key, among: keys))" + (keys.isEmpty ? "" : "; it takes \(keys.joined(separator: ", "))"))
        }
        // Required keys and child nodes.
        switch type {
        case "VStack", "HStack", "ZStack":
            if let c = node["children"] {
                guard let items = c.elements else { throw fail(c, "expected an array of views") }
                for item in items { try validateNode(item, depth: depth + 1) }
            }
        case "Text":
            if node["text"] == nil && node["date"] == nil { throw fail(node, "Text needs \"text\" or \"date\"") }
            if let t = node["text"], t.string == nil, t.number == nil { throw fail(t, "expected a string") }
            if let s = node["style"], let name = s.string, !SpecValues.isPlaceholder(name), DateTextStyle(rawValue: name) == nil {
                throw fail(s, "unknown date style \"\(name)\"\(DidYouMean.hint(name, among: DateTextStyle.allCases.map(\.rawValue)))")
            }
        case "Image":
            let sources = ["systemName", "asset", "file"].filter { node[$0] != nil }
            if sources.count != 1 { throw fail(node, "Image needs exactly one of \"systemName\", \"asset\" or \"file\"") }
        case "If":
            guard node["condition"] != nil else { throw fail(node, "If needs a \"condition\"") }
            guard let then = node["then"] else { throw fail(node, "If needs \"then\" (a view)") }
            try validateNode(then, depth: depth + 1)
            if let e = node["else"] { try validateNode(e, depth: depth + 1) }
        case "Switch":
            guard let on = node["on"]?.string else { throw fail(node["on"] ?? node, "Switch needs \"on\": \(SpecSchema.environmentKeys.joined(separator: ", ")) or a {{placeholder}}") }
            if !SpecValues.isPlaceholder(on) && !SpecSchema.environmentKeys.contains(on) {
                throw fail(node["on"]!, "cannot switch on \"\(on)\"\(DidYouMean.hint(on, among: SpecSchema.environmentKeys)); use one of \(SpecSchema.environmentKeys.joined(separator: ", ")) or a {{placeholder}}")
            }
            guard let cases = node["cases"]?.members else { throw fail(node["cases"] ?? node, "Switch needs \"cases\": an object of value → view") }
            if on == "family" {
                for (k, v) in cases where k != "default" && WidgetFamily(rawValue: k) == nil {
                    throw fail(v, "unknown family \"\(k)\"\(DidYouMean.hint(k, among: WidgetFamily.allCases.map(\.rawValue)))")
                }
            }
            for (_, v) in cases { try validateNode(v, depth: depth + 1) }
            if let d = node["default"] { try validateNode(d, depth: depth + 1) }
        case "ForEach":
            guard node["in"]?.string != nil else { throw fail(node["in"] ?? node, "ForEach needs \"in\": the name of an array in the entry's data") }
            guard let content = node["content"] else { throw fail(node, "ForEach needs \"content\" (a view)") }
            try validateNode(content, depth: depth + 1)
        default:
            break
        }
        if let mods = node["modifiers"] {
            guard let items = mods.elements else { throw fail(mods, "expected an array of one-key modifier objects") }
            for m in items { try validateModifier(m, depth: depth) }
        }
    }

    mutating func validateModifier(_ m: JSONNode, depth: Int) throws {
        guard let members = m.members, members.count == 1, let (name, arg) = members.first else {
            throw fail(m, "a modifier is an object with one key, such as {\"padding\": 8}")
        }
        guard SpecSchema.modifiers.contains(name) else {
            throw fail(m, "unknown modifier \"\(name)\"\(DidYouMean.hint(name, among: SpecSchema.modifiers))")
        }
        switch name {
        case "background", "overlay", "containerBackground":
            // A view, or a colour/gradient shorthand.
            if let content = arg["content"] { try validateNode(content, depth: depth + 1) }
            else if arg["type"] != nil && SpecSchema.nodeKeys[arg["type"]?.string ?? ""] != nil && !SpecValues.styleTypes.contains(arg["type"]?.string ?? "") {
                try validateNode(arg, depth: depth + 1)
            } else if arg["type"] != nil, let t = arg["type"]?.string, SpecSchema.nodeKeys[t] == nil {
                throw fail(arg["type"]!, "unknown node type \"\(t)\"\(DidYouMean.hint(t, among: SpecSchema.nodeTypes))")
            }
        case "font":
            if let s = arg.string, !SpecValues.isPlaceholder(s), TextStyle(rawValue: s) == nil {
                throw fail(arg, "unknown text style \"\(s)\"\(DidYouMean.hint(s, among: TextStyle.allCases.map(\.rawValue)))")
            }
        case "fontWeight":
            if let s = arg.string, !SpecValues.isPlaceholder(s), FontWeight(rawValue: s) == nil {
                throw fail(arg, "unknown weight \"\(s)\"\(DidYouMean.hint(s, among: FontWeight.allCases.map(\.rawValue)))")
            }
        case "widgetAccentedRenderingMode":
            if let s = arg.string, AccentedRenderingMode(rawValue: s) == nil {
                throw fail(arg, "unknown mode \"\(s)\"\(DidYouMean.hint(s, among: AccentedRenderingMode.allCases.map(\.rawValue)))")
            }
        default:
            break
        }
    }
}
