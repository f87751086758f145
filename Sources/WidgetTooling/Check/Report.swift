import Foundation
// Check reports as text (for people), JSON (for scripts) and SARIF 2.1.0 (for GitHub code scanning).
import RasterCore
import WidgetLayout
import WidgetModel
import WidgetRaster

public enum CheckReport {
    /// A widget's findings with where its spec lives (as the user named it).
    public struct Widget {
        public var kind: String
        public var path: String
        public var findings: [Finding]
        public init(kind: String, path: String, findings: [Finding]) {
            self.kind = kind
            self.path = path
            self.findings = findings
        }
    }

    /// Grouped by widget, then family; ANSI colours when `color` is set.
    public static func text(_ widgets: [Widget], color: Bool, seconds: Double? = nil) -> String {
        func paint(_ s: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }
        var out = ""
        for w in widgets {
            out += paint("\(w.kind)", "1") + " (\(w.path))\n"
            if w.findings.isEmpty {
                out += "  " + paint("no problems found", "32") + "\n"
                continue
            }
            let groups = Dictionary(grouping: w.findings) { $0.family?.rawValue ?? "widget" }
            var explained = Set<String>()  // each rule's fix is printed once per widget
            for key in groups.keys.sorted(by: { ($0 == "widget" ? "" : $0) < ($1 == "widget" ? "" : $1) }) {
                out += "  \(key)\n"
                for f in groups[key]! {
                    let label: String
                    switch f.severity {
                    case .error: label = paint("error", "31;1")
                    case .warning: label = paint("warning", "33;1")
                    case .note: label = paint("note", "36")
                    }
                    let file = f.isSwiftSource ? CheckReport.relative(f.file) : w.path
                    let place = f.line > 0 ? "\(file):\(f.line):\(f.column)" : file
                    out += "    \(label) \(f.rule) \(f.message)\n"
                    out += "      at \(place)\(f.path.isEmpty ? "" : " \(f.path)")\n"
                    if explained.insert(f.rule + f.fix).inserted { out += "      fix: \(f.fix)\n" }
                }
            }
        }
        let all = widgets.flatMap(\.findings)
        let e = all.filter { $0.severity == .error }.count
        let wn = all.filter { $0.severity == .warning }.count
        let n = all.filter { $0.severity == .note }.count
        out +=
            "\(e) error\(e == 1 ? "" : "s"), \(wn) warning\(wn == 1 ? "" : "s"), \(n) note\(n == 1 ? "" : "s") in \(widgets.count) widget\(widgets.count == 1 ? "" : "s")"
        if let seconds { out += String(format: " (%.1f s)", seconds) }
        return out + "\n"
    }

    /// A path relative to the current directory when it lies inside it (how code scanning wants a
    /// SARIF location, and shorter to read); otherwise as it is.
    public static func relative(_ path: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        let prefix = cwd.hasSuffix("/") ? cwd : cwd + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    static func dict(_ f: Finding, path: String) -> [String: Any] {
        var d: [String: Any] = [
            "rule": f.rule, "severity": f.severity.rawValue, "message": f.message, "fix": f.fix,
            "file": path, "jsonPath": f.path, "line": f.line, "column": f.column,
        ]
        if let fam = f.family { d["family"] = fam.rawValue }
        if let a = f.appearance { d["appearance"] = a.rawValue }
        if let e = f.entry { d["entry"] = e }
        return d
    }

    public static func json(_ widgets: [Widget]) -> String {
        let root: [String: Any] = [
            "tool": "widgetctl \(widgetctlVersion)",
            "widgets": widgets.map { w in
                [
                    "kind": w.kind, "file": w.path,
                    "findings": w.findings.map { dict($0, path: $0.isSwiftSource ? relative($0.file) : w.path) },
                ] as [String: Any]
            },
        ]
        return serialize(root)
    }

    /// SARIF 2.1.0 with one run, the rule table, and results located in the spec files.
    public static func sarif(_ widgets: [Widget]) -> String {
        let rules = Rules.all
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
        func level(_ s: Severity) -> String { s.rawValue }
        var results: [[String: Any]] = []
        for w in widgets {
            for f in w.findings {
                var region: [String: Any] = ["startLine": max(1, f.line)]
                if f.column > 0 { region["startColumn"] = f.column }
                var properties: [String: Any] = ["jsonPath": f.path]
                if let fam = f.family { properties["family"] = fam.rawValue }
                if let a = f.appearance { properties["appearance"] = a.rawValue }
                if let e = f.entry { properties["entry"] = e }
                results.append([
                    "ruleId": f.rule,
                    "ruleIndex": ruleIndex[f.rule] ?? 0,
                    "level": level(f.severity),
                    "message": ["text": "\(f.message) Fix: \(f.fix)"],
                    "locations": [
                        [
                            "physicalLocation": [
                                "artifactLocation": ["uri": f.isSwiftSource ? relative(f.file) : w.path],
                                "region": region,
                            ]
                        ]
                    ],
                    "partialFingerprints": ["widgetctl/v1": fingerprint(f, f.isSwiftSource ? relative(f.file) : w.path)],
                    "properties": properties,
                ])
            }
        }
        let driver: [String: Any] = [
            "name": "widgetctl",
            "version": widgetctlVersion,
            "semanticVersion": widgetctlVersion,
            "informationUri":
                "https://developer.apple.com/documentation/widgetkit/optimizing-your-widget-for-accented-rendering-mode-and-liquid-glass",
            "rules": rules.map { r -> [String: Any] in
                [
                    "id": r.id, "name": r.name,
                    "shortDescription": ["text": r.summary],
                    "fullDescription": ["text": r.summary + " " + r.help],
                    "help": ["text": r.help],
                    "defaultConfiguration": ["level": level(r.severity)],
                ]
            },
        ]
        let root: [String: Any] = [
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "version": "2.1.0",
            "runs": [["tool": ["driver": driver], "results": results, "columnKind": "utf16CodeUnits"]],
        ]
        return serialize(root)
    }

    /// A stable identity for a finding across runs (rule, file, JSON path, family), so code scanning
    /// tracks it when lines move.
    static func fingerprint(_ f: Finding, _ path: String) -> String {
        var h: UInt64 = 0xcbf29ce484222325
        for b in "\(f.rule)|\(path)|\(f.path)|\(f.family?.rawValue ?? "")".utf8 { h = (h ^ UInt64(b)) &* 0x100000001b3 }
        return String(h, radix: 16)
    }

    static func serialize(_ o: Any) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: o, options: [.prettyPrinted, .sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\\/", with: "/") + "\n"
    }
}
