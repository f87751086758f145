// libFuzzer target: the whole pipeline on generated specs. The fuzzer's bytes are read as a stream
// of choices that build a structurally plausible widget spec (node types with their own keys,
// modifiers with typical arguments, numbers at the extremes, placeholders, colours, SVG path data,
// nesting, ForEach over entry data), so most inputs get past JSON syntax and the schema and reach
// resolve → layout → composite → PNG encode, where the traps and blow-ups live. The spec's rules
// (`check` without pixels) run too. Built by Fuzz/run.sh as one module with the library sources.
import Foundation
import WidgetModel

/// Reads fuzzer bytes as choices; when they run out every choice is 0.
struct Choices {
    let bytes: [UInt8]
    var i = 0
    mutating func byte() -> Int {
        defer { i += 1 }
        return i < bytes.count ? Int(bytes[i]) : 0
    }
    mutating func choose(_ n: Int) -> Int { n <= 1 ? 0 : byte() % n }
    mutating func pick<T>(_ items: [T]) -> T { items[choose(items.count)] }
    mutating func chance(_ percent: Int) -> Bool { byte() % 100 < percent }
}

enum SpecGenerator {
    static let numbers: [String] = [
        "0", "1", "-1", "0.5", "2", "16", "100", "1000", "1e5", "-1e5", "100001", "1e9", "1e19", "-1e19", "1e300", "-1e300",
        "1e-300", "4294967295", "9007199254740993", "0.0001", "360", "-90", "\"infinity\"", "\"12\"", "\"{{x}}\"", "\"{{big}}\"",
    ]
    static let strings: [String] = [
        "", "a", "Hello", "{{x}}", "{{s}}", "{{x|number:2}}", "{{x|percent}}", "{{s|upper}}", "{{missing}}", "{{item.n}}", "{{index}}",
        "{{ s }} and {{x|round}}", "#FF0000", "#12345678", "#GG0000", "red", "secondary", "accentColor", "clear", "infinity",
        "Hello مرحبا 123 שלום", "e\u{301}\u{301}\u{301}\u{301}", "systemSmall", "accessoryCircular", "fill", "fit", "round", "bevel",
        "continuous", "title", "caption2", "bold", "placeholder", "clear", "regular", "topLeading", "center", "now",
        "2026-11-29T09:00:00Z", "relative", "timer", "M0 0 L10 10 Z", "M0 0 C1e9 1e9 -1e9 1e9 0 0", "M0 0 A5 5 0 1 1 10 10",
        "star.fill", "cloud.sun.fill", "not.a.symbol",
    ]
    static let nodeTypes = SpecSchema.nodeTypes
    static let modifiers = SpecSchema.modifiers

    static func quoted(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }

    static func scalar(_ c: inout Choices) -> String {
        switch c.choose(6) {
        case 0, 1: return c.pick(numbers)
        case 2, 3: return quoted(c.pick(strings))
        case 4: return c.chance(50) ? "true" : "false"
        default:
            // A number from the bytes themselves.
            let v = Double(c.byte() << 8 | c.byte()) / Double(1 + c.byte()) * (c.chance(20) ? -1 : 1)
            return "\(v)"
        }
    }

    static func value(_ c: inout Choices, depth: Int) -> String {
        guard depth < 3 else { return scalar(&c) }
        switch c.choose(8) {
        case 0: return "[" + (0..<c.choose(4)).map { _ in value(&c, depth: depth + 1) }.joined(separator: ",") + "]"
        case 1:
            let keys = [
                "x", "y", "width", "height", "maxWidth", "radius", "color", "style", "lineWidth", "dash", "from", "to", "variant",
                "tint", "shape", "type", "cornerRadius", "red", "opacity", "white", "content", "alignment", "ratio", "contentMode",
                "edges", "length", "horizontal", "top", "size", "weight", "degrees", "colors", "stops", "startPoint",
            ]
            var used = Set<String>()
            var members: [String] = []
            for _ in 0..<c.choose(4) {
                let k = c.pick(keys)
                if used.insert(k).inserted { members.append("\(quoted(k)): \(value(&c, depth: depth + 1))") }
            }
            return "{" + members.joined(separator: ",") + "}"
        case 2: return node(&c, depth: depth + 2, budget: 2)
        default: return scalar(&c)
        }
    }

    static func node(_ c: inout Choices, depth: Int, budget: Int) -> String {
        let type = depth > 5 ? c.pick(["Text", "Circle", "Color", "Spacer"]) : c.pick(nodeTypes)
        var members = ["\"type\": \(quoted(type))"]
        for key in SpecSchema.nodeKeys[type] ?? [] where c.chance(60) {
            let v: String
            switch key {
            case "children":
                v =
                    "["
                    + (0..<(budget > 0 ? c.choose(4) : 0)).map { _ in node(&c, depth: depth + 1, budget: budget - 1) }.joined(
                        separator: ",") + "]"
            case "then", "else", "content", "default":
                v = node(&c, depth: depth + 1, budget: budget - 1)
            case "cases":
                v = "{\"systemSmall\": \(node(&c, depth: depth + 1, budget: budget - 1)), \"default\": {\"type\": \"EmptyView\"}}"
            case "in":
                v = type == "ForEach" ? quoted(c.pick(["items", "{{items}}", "s", "missing"])) : value(&c, depth: 1)
            case "condition":
                v = c.pick([
                    "{\"family\": \"systemSmall\"}", "\"{{flag}}\"", "{\"value\": \"{{x}}\", \"greaterThan\": 3}", "true",
                    "{\"not\": {\"colorScheme\": \"dark\"}}",
                ])
            case "on":
                v = quoted(c.pick(["family", "renderingMode", "{{s}}", "colorScheme"]))
            default:
                v = value(&c, depth: 1)
            }
            members.append("\(quoted(key)): \(v)")
        }
        if c.chance(60) {
            let mods = (0..<c.choose(5)).map { _ in "{\(quoted(c.pick(modifiers))): \(value(&c, depth: 1))}" }
            members.append("\"modifiers\": [\(mods.joined(separator: ","))]")
        }
        return "{" + members.joined(separator: ",") + "}"
    }

    static func spec(_ c: inout Choices) -> String {
        let body = node(&c, depth: 0, budget: 4)
        let items = (0..<c.choose(6)).map { i in "{\"n\": \(i), \"name\": \"item \(i)\"}" }.joined(separator: ",")
        let family = c.pick(["systemSmall", "systemMedium", "accessoryCircular", "accessoryRectangular", "accessoryInline", "systemLarge"])
        let data =
            "{\"x\": \(c.pick(numbers.filter { !$0.hasPrefix("\"") })), \"s\": \(quoted(c.pick(strings))), \"flag\": \(c.chance(50)), \"items\": [\(items)], \"big\": 1e300}"
        return """
            {"kind": "Fuzz", "supportedFamilies": ["\(family)"], "timeline": {"entries": [{"date": "2026-11-29T09:00:00Z", "data": \(data)}]},
             "body": {"type": "ZStack", "children": [\(body)], "modifiers": [{"containerBackground": "blue"}]}}
            """
    }
}

struct NoImages: Error {}

@_cdecl("LLVMFuzzerTestOneInput")
public func pipelineFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var choices = Choices(bytes: Array(UnsafeBufferPointer(start: data, count: size)))
    let json = SpecGenerator.spec(&choices)
    guard let spec = try? WidgetSpec.decode(Array(json.utf8), file: "fuzz.widget.json") else { return 0 }
    _ = SpecRules.check(spec)
    let renderer = SpecRenderer(spec: spec, device: DeviceCatalog.default, scale: 1)
    let appearance: Appearance = choices.pick([.light, .dark, .tintedDark, .clearLight, .lockScreen, .standBy])
    let (variants, _) = renderer.variants(appearances: [appearance])
    for v in variants.prefix(1) {
        guard let rendered = try? renderer.render(v) else { continue }
        _ = try? PNGCodec.encode(rendered.pixmap)
    }
    return 0
}
