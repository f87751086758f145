// A widget document (`*.widget.json`), decoded and validated: the top level and the timeline
// here, the body into the typed tree of SpecTree.swift (SpecBodyDecoder). SpecResolver resolves
// the body per variant, filling placeholders from each timeline entry.
import Foundation

/// Limits that keep hostile input from exhausting the machine.
public struct SpecLimits: Sendable {
    public var maxFileBytes = 8 * 1024 * 1024
    /// Longest kind or display name, in UTF-8 bytes.
    public static let maxNameBytes = 256
    public var maxNodes = 20_000
    public var maxDepth = 64
    public var maxTextLength = 10_000
    public var maxForEach = 500
    /// Views one variant may resolve to (nested ForEach multiply).
    public var maxResolvedViews = 20_000
    /// Bytes one filled placeholder template may grow to.
    public var maxFilledTextBytes = 1_000_000
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
    /// The root view, typed.
    public var body: SpecNode
    /// Where `containerBackgroundRemovable` was written (nil: not written), for `check`.
    public var containerBackgroundRemovableAt: SourceRef?
    public var timeZone: TimeZone
    public var locale: Locale
    public var limits: SpecLimits
    /// visionOS: the coating over the widget (`widgetTexture`, glass by default).
    public var widgetTexture: WidgetTexture = .glass
    /// visionOS: how the widget may be mounted (`supportedMountingStyles`, elevated by default).
    public var supportedMountingStyles: [WidgetMountingStyle] = [.elevated]

    /// Reads and validates a spec file.
    /// - Throws: `SpecError` naming the file, the JSON path and what was expected.
    public static func load(contentsOf url: URL, limits: SpecLimits = .default) throws -> WidgetSpec {
        // The file as it was given (a relative path stays relative): what every message names.
        let name = url.relativePath
        let bytes: [UInt8]
        do { bytes = try BoundedFile.read(url, maxBytes: limits.maxFileBytes) } catch let e as FileReadError {
            switch e {
            case .missing: throw SpecError(file: name, path: "", message: "no such file")
            case .notRegular(_, "a folder"): throw SpecError(file: name, path: "", message: "is a folder; expected a .widget.json file")
            case .notRegular(_, let kind): throw SpecError(file: name, path: "", message: "is \(kind); expected a .widget.json file")
            case .tooLarge(_, let n, let limit):
                throw SpecError(file: name, path: "", message: "file is \(n) bytes, over the limit of \(limit)")
            case .unreadable(_, let reason): throw SpecError(file: name, path: "", message: "cannot read the file (\(reason))")
            }
        }
        return try decode(bytes, file: name, directory: url.deletingLastPathComponent(), limits: limits)
    }

    /// Decodes and validates spec bytes.
    public static func decode(
        _ bytes: [UInt8], file: String, directory: URL = URL(fileURLWithPath: "."),
        limits: SpecLimits = .default
    ) throws -> WidgetSpec {
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
            // Names, shown in titles and used for folder names: a megabyte "kind" is a mistake.
            guard s.utf8.count <= SpecLimits.maxNameBytes else {
                throw fail(n, "\(s.utf8.count) bytes, over the limit of \(SpecLimits.maxNameBytes) for \"\(key)\"")
            }
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
            guard let s = tz.string, let zone = TimeZone(identifier: s) else {
                throw fail(tz, "unknown time zone (expected an IANA name such as \"America/Los_Angeles\")")
            }
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
        guard let bodyNode = root["body"] else { throw fail(root, "missing \"body\" (the widget's root view)") }
        let body = try SpecBodyDecoder(file: file, limits: limits).node(bodyNode, depth: 0)
        let timeline = try decodeTimeline(root["timeline"], root: root)
        var texture = WidgetTexture.glass
        if let t = root["widgetTexture"] {
            guard let s = t.string, let v = WidgetTexture(rawValue: s) else {
                throw fail(t, "expected \"glass\" or \"paper\"")
            }
            texture = v
        }
        var mounting: [WidgetMountingStyle] = [.elevated]
        if let m = root["supportedMountingStyles"] {
            guard let items = m.elements, !items.isEmpty, items.count <= 2 else {
                throw fail(m, "expected a non-empty array of \"elevated\" and \"recessed\"")
            }
            mounting = try items.map { i in
                guard let s = i.string, let v = WidgetMountingStyle(rawValue: s) else {
                    throw fail(i, "unknown mounting style (expected \"elevated\" or \"recessed\")")
                }
                return v
            }
        }
        var spec = WidgetSpec(
            file: file, directory: directory, kind: kind, displayName: displayName, supportedFamilies: families,
            containerBackgroundRemovable: try bool("containerBackgroundRemovable", default: true),
            contentMarginsDisabled: try bool("contentMarginsDisabled", default: false),
            timeline: timeline, assets: assets, body: body,
            containerBackgroundRemovableAt: root["containerBackgroundRemovable"].map(SourceRef.init),
            timeZone: timeZone, locale: locale, limits: limits)
        spec.widgetTexture = texture
        spec.supportedMountingStyles = mounting
        return spec
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
            let data = e["data"] ?? JSONNode(.object([]), pointer: e.pointer.appending(key: "data"))
            guard data.members != nil else { throw fail(data, "expected an object of values") }
            return TimelineEntryData(date: date, relevance: relevance, data: data, path: e.path, dateAt: SourceRef(d))
        }
        var policy = TimelineReloadPolicy.atEnd
        var afterAt: SourceRef? = nil
        if let p = node["policy"] {
            switch p.string {
            case "atEnd": policy = .atEnd
            case "never": policy = .never
            case "after":
                guard let a = node["after"]?.string, let date = SpecValues.parseDate(a) else {
                    throw fail(node["after"] ?? p, "policy \"after\" needs \"after\": an ISO 8601 date")
                }
                policy = .after(date)
                afterAt = SourceRef(node["after"]!)
            default:
                throw fail(
                    p, "expected \"atEnd\", \"after\" or \"never\"\(DidYouMean.hint(p.string ?? "", among: ["atEnd", "after", "never"]))")
            }
        }
        var timeline = WidgetTimeline(entries: out, policy: policy)
        timeline.afterAt = afterAt
        return timeline
    }
}
