// Decodes a spec body (located JSON) into the typed tree of SpecTree.swift, once per spec. Every
// key is checked against its node type or modifier, every literal is parsed and range-checked,
// and every template's placeholder syntax is checked, so most mistakes fail here with
// file:line:col, the JSON path and a did-you-mean, before anything renders.
import Foundation

final class SpecBodyDecoder {
    let file: String
    let limits: SpecLimits
    private var nodeCount = 0
    /// Templates read by the node being decoded (one list per node on the way down).
    private var templateStack: [[SpecTemplateUse]] = []

    init(file: String, limits: SpecLimits) {
        self.file = file
        self.limits = limits
    }

    func fail(_ node: JSONNode, _ message: String) -> SpecError { SpecError(file: file, node: node, message) }
    func ref(_ node: JSONNode) -> SourceRef { SourceRef(node) }

    // MARK: Fields

    /// A typed field: a template (syntax checked, parsed per entry) or a literal parsed now.
    func field<T>(_ node: JSONNode, textual: Bool = true, _ parse: @escaping SpecParse.Parser<T>) throws -> SpecField<T> {
        if case .string(let s) = node.value, SpecValues.isPlaceholder(s) {
            do { try Placeholders.validate(s) } catch let e as PlaceholderError { throw fail(node, e.message) }
            if !templateStack.isEmpty { templateStack[templateStack.count - 1].append(SpecTemplateUse(template: s, at: ref(node))) }
            return SpecField(.template(s), at: ref(node), textual: textual, parse: parse)
        }
        do { return SpecField(.literal(try parse(node.value)), at: ref(node), textual: textual, parse: parse) } catch let e
            as SpecValueError
        { throw fail(node, e.message) }
    }

    func optional<T>(_ node: JSONNode?, textual: Bool = true, _ parse: @escaping SpecParse.Parser<T>) throws -> SpecField<T>? {
        guard let node, !node.isNull else { return nil }
        return try field(node, textual: textual, parse)
    }

    func number(_ node: JSONNode, _ what: String, _ range: ClosedRange<Double>, infinity: Bool = false) throws -> SpecField<Double> {
        try field(node, textual: false, SpecParse.number(what, range, infinity: infinity))
    }
    @_disfavoredOverload
    func number(_ node: JSONNode?, _ what: String, _ range: ClosedRange<Double>, infinity: Bool = false) throws -> SpecField<Double>? {
        try optional(node, textual: false, SpecParse.number(what, range, infinity: infinity))
    }
    func bool(_ node: JSONNode) throws -> SpecField<Bool> { try field(node, textual: false, SpecParse.bool) }
    @_disfavoredOverload
    func bool(_ node: JSONNode?) throws -> SpecField<Bool>? { try optional(node, textual: false, SpecParse.bool) }
    func name<E: RawRepresentable & CaseIterable & Sendable>(_ node: JSONNode, _ type: E.Type, _ what: String) throws -> SpecField<E>
    where E.RawValue == String {
        try field(node, SpecParse.name(type, what))
    }
    @_disfavoredOverload
    func name<E: RawRepresentable & CaseIterable & Sendable>(_ node: JSONNode?, _ type: E.Type, _ what: String) throws -> SpecField<E>?
    where E.RawValue == String {
        try optional(node, SpecParse.name(type, what))
    }
    func alignment(_ node: JSONNode?) throws -> SpecField<Alignment>? {
        try optional(node, SpecParse.named(Alignment.named, "alignment"))
    }

    /// Rejects keys outside `allowed` with a suggestion.
    func checkKeys(_ node: JSONNode, _ allowed: [String], what: String) throws {
        for (k, v) in node.members ?? [] where !allowed.contains(k) {
            throw fail(v, "unknown \(what) \"\(k.prefix(80))\"\(DidYouMean.hint(k, among: allowed))")
        }
    }

    // MARK: Nodes

    func node(_ json: JSONNode, depth: Int) throws -> SpecNode {
        nodeCount += 1
        if nodeCount > limits.maxNodes { throw fail(json, "more than \(limits.maxNodes) nodes") }
        if depth > limits.maxDepth { throw fail(json, "views nested deeper than \(limits.maxDepth) levels") }
        guard let members = json.members else { throw fail(json, "expected a view object with \"type\", found \(json.value.kindName)") }
        guard let typeNode = json["type"] else {
            throw fail(json, "missing \"type\" (one of \(SpecSchema.nodeTypes.joined(separator: ", ")))")
        }
        guard let type = typeNode.string else { throw fail(typeNode, "expected a node type string") }
        guard let keys = SpecSchema.nodeKeys[type] else {
            throw fail(typeNode, "unknown node type \"\(type.prefix(80))\"\(DidYouMean.hint(type, among: SpecSchema.nodeTypes))")
        }
        for (key, value) in members where key != "type" && key != "modifiers" && !keys.contains(key) {
            throw fail(
                value,
                "\(type) has no \"\(key.prefix(80))\"\(DidYouMean.hint(key, among: keys))"
                    + (keys.isEmpty ? "" : "; it takes \(keys.joined(separator: ", "))"))
        }
        templateStack.append([])
        let view = try self.view(json, type: type, depth: depth)
        var modifiers: [SpecModifierNode] = []
        if let mods = json["modifiers"] {
            guard let items = mods.elements else { throw fail(mods, "expected an array of one-key modifier objects") }
            for m in items { modifiers.append(try modifier(m, owner: type, view: view, depth: depth)) }
        }
        let templates = templateStack.removeLast()
        return SpecNode(typeName: type, view: view, modifiers: modifiers, at: ref(json), templates: templates)
    }

    func children(_ json: JSONNode, depth: Int) throws -> [SpecNode] {
        guard let c = json["children"] else { return [] }
        guard let items = c.elements else { throw fail(c, "expected an array of views") }
        return try items.map { try node($0, depth: depth + 1) }
    }

    func view(_ json: JSONNode, type: String, depth: Int) throws -> SpecView {
        switch type {
        case "VStack":
            return .vstack(
                alignment: try name(json["alignment"], HorizontalAlignment.self, "alignment"),
                spacing: try number(json["spacing"], "spacing", SpecParse.lengths), children: try children(json, depth: depth))
        case "HStack":
            return .hstack(
                alignment: try name(json["alignment"], VerticalAlignment.self, "alignment"),
                spacing: try number(json["spacing"], "spacing", SpecParse.lengths), children: try children(json, depth: depth))
        case "ZStack":
            return .zstack(alignment: try alignment(json["alignment"]), children: try children(json, depth: depth))
        case "Text":
            if let t = json["text"] {
                if t.string == nil && t.number == nil { throw fail(t, "expected a string") }
                return .text(.string(try field(t, SpecParse.boundedText(limits.maxTextLength))))
            }
            guard let d = json["date"] else { throw fail(json, "Text needs \"text\" or \"date\"") }
            return .text(
                .date(
                    try field(d, SpecParse.date), to: try optional(json["to"], SpecParse.date),
                    style: try name(json["style"], DateTextStyle.self, "date style")))
        case "Image":
            let sources = ["systemName", "asset", "file"].filter { json[$0] != nil }
            if sources.count != 1 { throw fail(json, "Image needs exactly one of \"systemName\", \"asset\" or \"file\"") }
            let source: SpecImageSource
            if let n = json["systemName"] {
                source = .system(try field(n, SpecParse.text))
            } else if let a = json["asset"] {
                source = .asset(try field(a, SpecParse.text))
            } else {
                source = .file(try field(json["file"]!, SpecParse.text))
            }
            return .image(
                source, resizable: try bool(json["resizable"]), contentMode: try optional(json["contentMode"], SpecParse.contentMode))
        case "Color":
            guard let c = json["color"] else { throw fail(json, "Color needs \"color\"") }
            return .color(try color(c))
        case "LinearGradient", "RadialGradient", "AngularGradient":
            return .gradient(try gradient(json, type: type))
        case "Rectangle", "RoundedRectangle", "Capsule", "Circle", "Ellipse", "Path", "ContainerRelativeShape":
            return .shape(try shape(type: type, json))
        case "Spacer":
            return .spacer(minLength: try number(json["minLength"], "minLength", SpecParse.nonNegativeLengths))
        case "Divider": return .divider
        case "AccessoryWidgetBackground": return .accessoryWidgetBackground
        case "EmptyView": return .empty
        case "Gauge", "ProgressView":
            let values = -SpecParse.maxMagnitude...SpecParse.maxMagnitude
            var g = SpecGauge(isProgress: type == "ProgressView", value: try number(json["value"], "value", values))
            if g.isProgress { g.upper = try number(json["total"], "total", values) }
            if let range = json["in"] {
                guard let items = range.elements, items.count == 2 else { throw fail(range, "expected [lower, upper]") }
                g.lower = try number(items[0], "lower bound", values)
                g.upper = try number(items[1], "upper bound", values)
            }
            if let m = json["min"] { g.lower = try number(m, "min", values) }
            if let m = json["max"] { g.upper = try number(m, "max", values) }
            g.style = try name(json["style"], GaugeDisplayStyle.self, "gauge style")
            g.label = try optional(json["label"], SpecParse.boundedText(limits.maxTextLength))
            g.tint = try json["tint"].map { try style($0) }
            return .gauge(g)
        case "If":
            guard let c = json["condition"] else { throw fail(json, "If needs a \"condition\"") }
            guard let then = json["then"] else { throw fail(json, "If needs \"then\" (a view)") }
            let cond = try condition(c)
            return .ifView(cond, then: try node(then, depth: depth + 1), else: try json["else"].map { try node($0, depth: depth + 1) })
        case "Switch":
            return try switchView(json, depth: depth)
        case "ForEach":
            guard let inNode = json["in"], let raw = inNode.string else {
                throw fail(json["in"] ?? json, "ForEach needs \"in\": the name of an array in the entry's data")
            }
            var name = raw.trimmingWhitespace()
            if name.hasPrefix("{{") && name.hasSuffix("}}") {
                name = String(name.dropFirst(2).dropLast(2)).trimmingWhitespace()
            }
            guard !name.isEmpty, !name.contains("{{") else {
                throw fail(inNode, "expected the name of an array in the entry's data, such as \"items\"")
            }
            // Recorded as a template so that check's timeline rule sees the data it reads.
            templateStack[templateStack.count - 1].append(SpecTemplateUse(template: "{{\(name)}}", at: ref(inNode)))
            guard let content = json["content"] else { throw fail(json, "ForEach needs \"content\" (a view)") }
            let limit = try optional(json["limit"], textual: false, SpecParse.integer("limit", 0...1_000_000))
            return .forEach(
                SpecField(.literal(name), at: ref(inNode), textual: true, parse: SpecParse.text),
                content: try node(content, depth: depth + 1), limit: limit)
        default:
            throw fail(json["type"] ?? json, "unknown node type \"\(type)\"")
        }
    }

    func switchView(_ json: JSONNode, depth: Int) throws -> SpecView {
        let envKeys = EnvironmentKey.allCases.map(\.rawValue)
        guard let onNode = json["on"], let on = onNode.string else {
            throw fail(json["on"] ?? json, "Switch needs \"on\": \(envKeys.joined(separator: ", ")) or a {{placeholder}}")
        }
        let subject: SpecSwitchSubject
        if let key = EnvironmentKey(rawValue: on) {
            subject = .environment(key)
        } else if SpecValues.isPlaceholder(on) {
            subject = .value(try field(onNode, textual: false, SpecParse.raw))
        } else {
            throw fail(
                onNode,
                "cannot switch on \"\(on.prefix(80))\"\(DidYouMean.hint(on, among: envKeys)); use one of \(envKeys.joined(separator: ", ")) or a {{placeholder}}"
            )
        }
        guard let casesNode = json["cases"], let cases = casesNode.members else {
            throw fail(json["cases"] ?? json, "Switch needs \"cases\": an object of value → view")
        }
        if case .environment(let key) = subject, let allowed = key.allowedValues {
            for (k, v) in cases where k != "default" && !allowed.contains(k) {
                throw fail(v, "unknown \(key.rawValue) \"\(k.prefix(80))\"\(DidYouMean.hint(k, among: allowed))")
            }
        }
        var out: [(key: String, node: SpecNode)] = []
        var caseDefault: SpecNode? = nil
        for (k, v) in cases {
            let n = try node(v, depth: depth + 1)
            if k == "default" { caseDefault = n }
            out.append((k, n))
        }
        let d = try json["default"].map { try node($0, depth: depth + 1) } ?? caseDefault
        return .switchView(subject, cases: out, default: d)
    }

    // MARK: Conditions

    /// A value of an environment key, as text, checked against the values the key can take.
    static func environmentValue(_ key: EnvironmentKey) -> SpecParse.Parser<String> {
        { v in
            let s = try SpecParse.text(v)
            if let allowed = key.allowedValues, !allowed.contains(s) {
                throw SpecValueError("unknown \(key.rawValue) \"\(s.prefix(80))\"\(DidYouMean.hint(s, among: allowed))")
            }
            return s
        }
    }

    func condition(_ json: JSONNode) throws -> SpecCondition {
        if json.string != nil || json.bool != nil { return .truthy(try field(json, textual: false, SpecParse.raw)) }
        guard let members = json.members else { throw fail(json, "expected a condition object, e.g. {\"family\": \"systemSmall\"}") }
        let comparisons = ["equals", "notEquals", "greaterThan", "lessThan", "in"]
        let keys = EnvironmentKey.allCases.map(\.rawValue) + ["value"] + comparisons + ["not"]
        try checkKeys(json, keys, what: "condition")
        var tests: [SpecConditionTest] = []
        for (k, v) in members {
            if let key = EnvironmentKey(rawValue: k) {
                let parse = SpecBodyDecoder.environmentValue(key)
                tests.append(.environment(key, oneOf: try (v.elements ?? [v]).map { try field($0, parse) }))
            } else if k == "not" {
                tests.append(.not(try condition(v)))
            } else if k == "value" {
                let value = try field(v, textual: false, SpecParse.raw)
                let comparison: SpecComparison
                if let e = json["equals"] {
                    comparison = .equals(try field(e, textual: false, SpecParse.raw))
                } else if let e = json["notEquals"] {
                    comparison = .notEquals(try field(e, textual: false, SpecParse.raw))
                } else if let g = json["greaterThan"] {
                    comparison = .greaterThan(
                        try number(g, "greaterThan", -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude))
                } else if let l = json["lessThan"] {
                    comparison = .lessThan(try number(l, "lessThan", -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude))
                } else if let list = json["in"] {
                    guard let items = list.elements else { throw fail(list, "expected an array of values") }
                    comparison = .oneOf(try items.map { try field($0, textual: false, SpecParse.raw) })
                } else {
                    comparison = .truthy
                }
                tests.append(.value(value, comparison))
            } else if json["value"] == nil {
                throw fail(v, "\"\(k)\" compares \"value\", which this condition does not have")
            }
        }
        return .all(tests)
    }

    // MARK: Colours and styles

    func color(_ json: JSONNode) throws -> SpecColor {
        guard json.members != nil else { return .name(try field(json, SpecParse.colorName)) }
        let component = SpecParse.number("colour component", -10...10)
        if let base = json["color"] {
            try checkKeys(json, ["color", "opacity"], what: "colour key")
            return .withOpacity(try color(base), try optional(json["opacity"], textual: false, component))
        }
        try checkKeys(json, ["red", "green", "blue", "opacity", "white"], what: "colour component")
        func c(_ k: String) throws -> SpecField<Double>? { try optional(json[k], textual: false, component) }
        return .components(red: try c("red"), green: try c("green"), blue: try c("blue"), white: try c("white"), opacity: try c("opacity"))
    }

    /// A colour, gradient, or {"type": "Color", "color": …}.
    func style(_ json: JSONNode) throws -> SpecStyle {
        if let type = json["type"]?.string {
            switch type {
            case "LinearGradient", "RadialGradient", "AngularGradient": return try gradient(json, type: type)
            case "Color":
                try checkKeys(json, ["type", "color"], what: "Color key")
                guard let c = json["color"] else { throw fail(json, "Color needs \"color\"") }
                return .color(try color(c))
            default: throw fail(json["type"]!, "expected a colour or a gradient, found a \(type.prefix(80))")
            }
        }
        return .color(try color(json))
    }

    func gradient(_ json: JSONNode, type: String) throws -> SpecStyle {
        try checkKeys(json, ["type", "modifiers"] + (SpecSchema.nodeKeys[type] ?? []), what: "\(type) key")
        let stops: SpecStops
        if let colors = json["colors"] {
            guard let items = colors.elements, !items.isEmpty else { throw fail(colors, "expected a non-empty array of colours") }
            if items.count > 256 { throw fail(colors, "\(items.count) colours, over the limit of 256") }
            stops = .colors(try items.map { try color($0) })
        } else if let s = json["stops"] {
            guard let items = s.elements, !items.isEmpty else { throw fail(s, "expected a non-empty array of {\"color\", \"location\"}") }
            if items.count > 256 { throw fail(s, "\(items.count) stops, over the limit of 256") }
            stops = .stops(
                try items.map { item in
                    guard let c = item["color"], let l = item["location"] else {
                        throw fail(item, "a stop needs \"color\" and \"location\"")
                    }
                    return (try color(c), try number(l, "location", -1_000...1_000))
                })
        } else {
            throw fail(json, "\(type) needs \"colors\" or \"stops\"")
        }
        switch type {
        case "LinearGradient":
            return .linearGradient(stops, start: try unitPoint(json["startPoint"]), end: try unitPoint(json["endPoint"]))
        case "RadialGradient":
            return .radialGradient(
                stops, center: try unitPoint(json["center"]),
                startRadius: try number(json["startRadius"], "startRadius", SpecParse.nonNegativeLengths),
                endRadius: try number(json["endRadius"], "endRadius", SpecParse.nonNegativeLengths))
        default:
            let angles = -36_000.0...36_000.0
            return .angularGradient(
                stops, center: try unitPoint(json["center"]),
                startAngle: try number(json["startAngle"], "startAngle", angles),
                endAngle: try number(json["endAngle"], "endAngle", angles))
        }
    }

    func unitPoint(_ json: JSONNode?) throws -> SpecUnitPoint? {
        guard let json else { return nil }
        if json.members != nil {
            try checkKeys(json, ["x", "y"], what: "point key")
            let unit = -1_000.0...1_000.0
            return .xy(x: try number(json["x"], "x", unit), y: try number(json["y"], "y", unit))
        }
        return .named(try field(json, SpecParse.named(UnitPoint.named, "point", example: " (or {\"x\": 0.5, \"y\": 0})")))
    }

    // MARK: Shapes

    static let shapeNames = ["Rectangle", "Circle", "Ellipse", "Capsule", "ContainerRelativeShape", "RoundedRectangle"]

    /// A shape name or a shape object with "type".
    func shape(_ json: JSONNode) throws -> SpecShape {
        if let s = json.string {
            switch s {
            case "Rectangle": return .rectangle
            case "Circle": return .circle
            case "Ellipse": return .ellipse
            case "Capsule": return .capsule(style: nil, defaultStyle: .circular)
            case "ContainerRelativeShape": return .containerRelative
            default:
                throw fail(
                    json,
                    "unknown shape \"\(s.prefix(80))\"\(DidYouMean.hint(s, among: Self.shapeNames)) (or {\"type\": \"RoundedRectangle\", \"cornerRadius\": 8})"
                )
            }
        }
        guard let type = json["type"]?.string else { throw fail(json, "expected a shape name or a shape object with \"type\"") }
        guard let keys = SpecSchema.nodeKeys[type], Self.shapeNames.contains(type) || type == "Path" else {
            throw fail(json["type"] ?? json, "\(type.prefix(80)) is not a shape")
        }
        try checkKeys(json, ["type"] + keys, what: "\(type) key")
        return try shape(type: type, json)
    }

    func shape(type: String, _ json: JSONNode) throws -> SpecShape {
        switch type {
        case "Rectangle": return .rectangle
        case "RoundedRectangle":
            guard let r = json["cornerRadius"] else { throw fail(json, "RoundedRectangle needs \"cornerRadius\"") }
            return .roundedRectangle(
                cornerRadius: try number(r, "cornerRadius", SpecParse.nonNegativeLengths),
                style: try name(json["style"], RoundedCornerStyle.self, "corner style"))
        case "Capsule": return .capsule(style: try name(json["style"], RoundedCornerStyle.self, "corner style"), defaultStyle: .continuous)
        case "Circle": return .circle
        case "Ellipse": return .ellipse
        case "ContainerRelativeShape": return .containerRelative
        case "Path":
            guard let d = json["data"] else { throw fail(json, "Path needs \"data\" (SVG path data)") }
            return .path(try field(d, SpecParse.svgPath), fit: try bool(json["fit"]))
        default: throw fail(json["type"] ?? json, "\(type) is not a shape")
        }
    }

    // MARK: Modifiers

    func modifier(_ m: JSONNode, owner: String, view: SpecView, depth: Int) throws -> SpecModifierNode {
        guard let members = m.members, members.count == 1, let (name, arg) = members.first else {
            throw fail(m, "a modifier is an object with one key, such as {\"padding\": 8}")
        }
        guard SpecSchema.modifiers.contains(name) else {
            throw fail(m, "unknown modifier \"\(name.prefix(80))\"\(DidYouMean.hint(name, among: SpecSchema.modifiers))")
        }
        func onlyShapes() throws {
            if !view.isShape { throw fail(m, "\(name) applies to shapes (Rectangle, Circle, …), not \(owner)") }
        }
        func onlyImages() throws {
            if case .image = view { return }
            throw fail(m, "\(name) applies to Image, not \(owner)")
        }
        let lengths = SpecParse.lengths
        let modifier: SpecModifier
        switch name {
        case "font": modifier = .font(try font(arg))
        case "fontWeight": modifier = .fontWeight(try self.name(arg, FontWeight.self, "weight"))
        case "bold": modifier = .bold(try bool(arg))
        case "italic": modifier = .italic(try bool(arg))
        case "monospacedDigit": modifier = .monospacedDigit(try bool(arg))
        case "foregroundStyle", "foregroundColor":
            if let s = arg.string, let level = SpecBodyDecoder.hierarchical[s] {
                modifier = .foregroundStyle(.hierarchical(s, level: level))
            } else {
                modifier = .foregroundStyle(.style(try style(arg)))
            }
        case "tint": modifier = .tint(try style(arg))
        case "lineLimit":
            modifier = .lineLimit(arg.isNull ? nil : try field(arg, textual: false, SpecParse.integer("line limit", 0...10_000)))
        case "multilineTextAlignment": modifier = .multilineTextAlignment(try self.name(arg, TextAlignment.self, "alignment"))
        case "minimumScaleFactor": modifier = .minimumScaleFactor(try number(arg, "minimumScaleFactor", 0...1))
        case "dynamicTypeSize":
            if arg.members != nil {
                try checkKeys(arg, ["min", "max"], what: "dynamicTypeSize key")
                modifier = .dynamicTypeSize(
                    exactly: nil, min: try self.name(arg["min"], DynamicTypeSize.self, "Dynamic Type size"),
                    max: try self.name(arg["max"], DynamicTypeSize.self, "Dynamic Type size"))
            } else {
                modifier = .dynamicTypeSize(exactly: try self.name(arg, DynamicTypeSize.self, "Dynamic Type size"), min: nil, max: nil)
            }
        case "truncationMode": modifier = .truncationMode(try self.name(arg, TruncationMode.self, "truncation mode"))
        case "tracking", "kerning": modifier = .tracking(try number(arg, name, -1_000...1_000))
        case "lineSpacing": modifier = .lineSpacing(try number(arg, name, -1_000...1_000))
        case "widgetAccentable": modifier = .widgetAccentable(try bool(arg))
        case "widgetAccentedRenderingMode":
            try onlyImages()
            modifier = .widgetAccentedRenderingMode(try self.name(arg, AccentedRenderingMode.self, "accented rendering mode"))
        case "resizable":
            try onlyImages()
            modifier = .resizable(try bool(arg))
        case "fill":
            try onlyShapes()
            modifier = .fill(try style(arg))
        case "stroke", "strokeBorder":
            try onlyShapes()
            modifier = .stroke(try stroke(arg), inset: name == "strokeBorder")
        case "trim":
            try onlyShapes()
            guard arg.members != nil else { throw fail(arg, "expected {\"from\": 0, \"to\": 0.75}") }
            try checkKeys(arg, ["from", "to"], what: "trim key")
            modifier = .trim(from: try number(arg["from"], "from", -1_000...1_000), to: try number(arg["to"], "to", -1_000...1_000))
        case "padding": modifier = .padding(try padding(arg))
        case "frame": modifier = .frame(try frame(arg))
        case "background", "overlay", "containerBackground":
            let a = try attached(arg, depth: depth)
            modifier = name == "background" ? .background(a) : name == "overlay" ? .overlay(a) : .containerBackground(a)
        case "clipShape": modifier = .clipShape(try shape(arg))
        case "cornerRadius": modifier = .cornerRadius(try number(arg, "cornerRadius", SpecParse.nonNegativeLengths))
        case "opacity": modifier = .opacity(try number(arg, "opacity", -SpecParse.maxMagnitude...SpecParse.maxMagnitude))
        case "shadow":
            guard arg.members != nil else { throw fail(arg, "expected {\"color\": …, \"radius\": 4, \"x\": 0, \"y\": 2}") }
            try checkKeys(arg, ["color", "radius", "x", "y"], what: "shadow key")
            modifier = .shadow(
                color: try arg["color"].map { try color($0) }, radius: try number(arg["radius"], "shadow radius", 0...1_000),
                x: try number(arg["x"], "x", lengths), y: try number(arg["y"], "y", lengths))
        case "offset":
            guard arg.members != nil else { throw fail(arg, "expected {\"x\": 0, \"y\": 4}") }
            try checkKeys(arg, ["x", "y"], what: "offset key")
            modifier = .offset(x: try number(arg["x"], "x", lengths), y: try number(arg["y"], "y", lengths))
        case "rotationEffect":
            if arg.members != nil { try checkKeys(arg, ["degrees"], what: "rotation key") }
            modifier = .rotationEffect(try number(arg["degrees"] ?? arg, "degrees", -36_000...36_000))
        case "fixedSize":
            if let b = arg.bool {
                let f = SpecField<Bool>(.literal(b), at: ref(arg), textual: false, parse: SpecParse.bool)
                modifier = .fixedSize(horizontal: f, vertical: f)
            } else {
                guard arg.members != nil else { throw fail(arg, "expected true or {\"horizontal\": true, \"vertical\": false}") }
                try checkKeys(arg, ["horizontal", "vertical"], what: "fixedSize key")
                modifier = .fixedSize(horizontal: try bool(arg["horizontal"]), vertical: try bool(arg["vertical"]))
            }
        case "layoutPriority": modifier = .layoutPriority(try number(arg, "layoutPriority", -1_000_000...1_000_000))
        case "aspectRatio":
            let ratios = 1e-4...1e4
            if arg.members != nil {
                try checkKeys(arg, ["ratio", "contentMode"], what: "aspectRatio key")
                modifier = .aspectRatio(
                    try number(arg["ratio"], "ratio", ratios), contentMode: try optional(arg["contentMode"], SpecParse.contentMode))
            } else {
                modifier = .aspectRatio(try number(arg, "ratio", ratios), contentMode: nil)
            }
        case "luminanceToAlpha": modifier = .luminanceToAlpha(try bool(arg))
        case "redacted": modifier = .redacted(try self.name(arg, RedactionReason.self, "redaction reason"))
        case "glassEffect":
            if arg.members != nil {
                try checkKeys(arg, ["variant", "tint", "shape", "interactive"], what: "glassEffect key")
                if let i = arg["interactive"], i.bool == nil { throw fail(i, "expected true or false") }
                modifier = .glassEffect(
                    variant: try self.name(arg["variant"], GlassVariant.self, "glass variant"),
                    tint: try arg["tint"].map { try color($0) }, shape: try arg["shape"].map { try shape($0) })
            } else if arg.bool == true {
                modifier = .glassEffect(variant: nil, tint: nil, shape: nil)
            } else {
                modifier = .glassEffect(variant: try self.name(arg, GlassVariant.self, "glass variant"), tint: nil, shape: nil)
            }
        case "glassEffectContainer":
            if arg.members != nil {
                try checkKeys(arg, ["spacing"], what: "glassEffectContainer key")
                modifier = .glassEffectContainer(spacing: try arg["spacing"].map { try number($0, "spacing", 0...1_000) })
            } else if arg.bool == true {
                modifier = .glassEffectContainer(spacing: nil)
            } else {
                modifier = .glassEffectContainer(spacing: try number(arg, "spacing", 0...1_000))
            }
        case "glassEffectUnion":
            let idNode = arg.members != nil ? arg["id"] : arg
            if arg.members != nil { try checkKeys(arg, ["id"], what: "glassEffectUnion key") }
            guard let idNode else { throw fail(arg, "glassEffectUnion needs an \"id\"") }
            modifier = .glassEffectUnion(id: try field(idNode, SpecParse.text))
        case "buttonStyle": modifier = .buttonStyle(try self.name(arg, GlassButtonStyle.self, "button style"))
        case "glassEffectID", "glassEffectTransition", "backgroundExtensionEffect", "contentTransition", "invalidatableContent",
            "privacySensitive":
            modifier = .noEffect
        default: throw fail(m, "unknown modifier \"\(name)\"")
        }
        return SpecModifierNode(name: name, modifier: modifier, at: ref(m))
    }

    /// Opacity of each hierarchical level relative to the current foreground style (the alphas of
    /// UIKit's label, secondaryLabel, tertiaryLabel and quaternaryLabel).
    static let hierarchical: [String: Double] = ["primary": 1, "secondary": 0.6, "tertiary": 0.3, "quaternary": 0.18]

    func font(_ json: JSONNode) throws -> SpecFont {
        if json.string != nil { return .style(try name(json, TextStyle.self, "text style")) }
        guard json.members != nil else { throw fail(json, "expected a text style name or {\"size\": 17, \"weight\": \"bold\"}") }
        try checkKeys(json, ["style", "size", "weight", "design", "italic", "monospacedDigit"], what: "font key")
        return .custom(
            style: try name(json["style"], TextStyle.self, "text style"), size: try number(json["size"], "font size", 1...1000),
            weight: try name(json["weight"], FontWeight.self, "weight"), design: try name(json["design"], FontDesign.self, "design"),
            italic: try bool(json["italic"]), monospacedDigit: try bool(json["monospacedDigit"]))
    }

    func stroke(_ json: JSONNode) throws -> SpecStroke {
        // An object of stroke options, or else the stroke's colour or gradient itself.
        guard json.members != nil && json["type"] == nil && json["red"] == nil && json["white"] == nil else {
            return SpecStroke(style: try style(json), dash: [])
        }
        try checkKeys(json, ["style", "color", "lineWidth", "lineCap", "lineJoin", "dash", "dashPhase"], what: "stroke key")
        var dash: [SpecField<Double>] = []
        if let d = json["dash"] {
            guard let items = d.elements else { throw fail(d, "expected an array of dash lengths") }
            if items.count > 64 { throw fail(d, "\(items.count) dash lengths, over the limit of 64") }
            dash = try items.map { try number($0, "dash length", SpecParse.nonNegativeLengths) }
        }
        return SpecStroke(
            style: try (json["style"] ?? json["color"]).map { try style($0) },
            lineWidth: try number(json["lineWidth"], "lineWidth", SpecParse.nonNegativeLengths),
            lineCap: try name(json["lineCap"], LineCap.self, "line cap"),
            lineJoin: try name(json["lineJoin"], LineJoin.self, "line join"),
            dash: dash, dashPhase: try number(json["dashPhase"], "dashPhase", SpecParse.lengths))
    }

    func padding(_ json: JSONNode) throws -> SpecPadding {
        if json.bool == true { return .uniform(nil) }
        let lengths = SpecParse.lengths
        if json.number != nil || json.string != nil || json.bool != nil { return .uniform(try number(json, "padding", lengths)) }
        guard json.members != nil else { throw fail(json, "expected a number or {\"horizontal\": 8, \"top\": 4, …}") }
        try checkKeys(
            json, ["all", "horizontal", "vertical", "top", "leading", "bottom", "trailing", "edges", "length"], what: "padding edge")
        if let edges = json["edges"] {
            let names = try (edges.elements ?? [edges]).map { try name($0, PaddingEdge.self, "edge") }
            return .edges(names, length: try number(json["length"], "length", lengths))
        }
        func n(_ k: String) throws -> SpecField<Double>? { try number(json[k], k, lengths) }
        return .insets(
            all: try n("all"), horizontal: try n("horizontal"), vertical: try n("vertical"),
            top: try n("top"), leading: try n("leading"), bottom: try n("bottom"), trailing: try n("trailing"))
    }

    func frame(_ json: JSONNode) throws -> SpecFrame {
        guard json.members != nil else {
            throw fail(json, "expected {\"width\": …, \"height\": …, \"maxWidth\": \"infinity\", \"alignment\": …}")
        }
        let keys = ["width", "height", "minWidth", "idealWidth", "maxWidth", "minHeight", "idealHeight", "maxHeight", "alignment"]
        try checkKeys(json, keys, what: "frame key")
        func n(_ k: String, inf: Bool = false) throws -> SpecField<Double>? {
            guard let v = json[k], !v.isNull else { return nil }
            if let x = v.number, x < 0 { throw fail(v, "\(k) must not be negative") }
            return try number(v, k, SpecParse.nonNegativeLengths, infinity: inf)
        }
        let flexible = ["minWidth", "idealWidth", "maxWidth", "minHeight", "idealHeight", "maxHeight"].contains { json[$0] != nil }
        return SpecFrame(
            width: try n("width"), height: try n("height"),
            minWidth: try n("minWidth"), idealWidth: try n("idealWidth"), maxWidth: try n("maxWidth", inf: true),
            minHeight: try n("minHeight"), idealHeight: try n("idealHeight"), maxHeight: try n("maxHeight", inf: true),
            alignment: try alignment(json["alignment"]), isFlexible: flexible)
    }

    /// A view, or a colour/gradient shorthand, optionally as {"content": …, "alignment": …}.
    func attached(_ arg: JSONNode, depth: Int) throws -> SpecAttached {
        var target = arg
        var alignment: SpecField<Alignment>? = nil
        if let content = arg["content"] {
            try checkKeys(arg, ["content", "alignment"], what: "key")
            target = content
            alignment = try self.alignment(arg["alignment"])
            if content.members == nil || content["type"] == nil { throw fail(content, "expected a view object with \"type\"") }
        }
        if let t = target["type"]?.string, SpecSchema.nodeKeys[t] != nil,
            !["LinearGradient", "RadialGradient", "AngularGradient"].contains(t)
        {
            return SpecAttached(content: .view(try node(target, depth: depth + 1)), alignment: alignment)
        }
        if let t = target["type"]?.string, SpecSchema.nodeKeys[t] == nil {
            throw fail(target["type"]!, "unknown node type \"\(t.prefix(80))\"\(DidYouMean.hint(t, among: SpecSchema.nodeTypes))")
        }
        return SpecAttached(content: .style(try style(target), at: ref(target)), alignment: alignment)
    }
}
