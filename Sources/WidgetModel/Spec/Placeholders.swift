// `{{path.to.value|format}}` placeholders, filled from a timeline entry's data. `item` and `index`
// name the current ForEach element. A missing key is an error naming the entry and the JSON path,
// never an empty string.
import Foundation

/// Where placeholders look values up.
public struct PlaceholderScope: Sendable {
    public var data: JSONNode
    public var item: JSONNode?
    public var index: Int?
    public var entryIndex: Int
    public var locale: Locale
    public var timeZone: TimeZone

    public init(
        data: JSONNode, item: JSONNode? = nil, index: Int? = nil, entryIndex: Int = 0,
        locale: Locale = Locale(identifier: "en_US"), timeZone: TimeZone = TimeZone(identifier: "UTC")!
    ) {
        self.data = data
        self.item = item
        self.index = index
        self.entryIndex = entryIndex
        self.locale = locale
        self.timeZone = timeZone
    }

    /// Looks up a dotted path ("hours.0.temp", "item.temp", "index").
    public func lookup(_ path: String) -> JSONValue? {
        let parts = path.split(separator: ".").map(String.init)
        guard let first = parts.first else { return nil }
        var node: JSONNode
        var rest = parts[...]
        if first == "item", let item {
            node = item
            rest = parts.dropFirst()
        } else if first == "index", let index, parts.count == 1 {
            return .number(Double(index))
        } else {
            node = data
        }
        for p in rest {
            if let m = node[p] {
                node = m
                continue
            }
            if let i = Int(p), let a = node.elements, a.indices.contains(i) {
                node = a[i]
                continue
            }
            return nil
        }
        return node.value
    }
}

/// Why a placeholder could not be filled.
public struct PlaceholderError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

public enum Placeholders {
    /// The formats `{{value|format}}` accepts.
    public static let formats = [
        "number", "percent", "upper", "lower", "capitalized", "round", "int", "abs", "date", "time",
        "sign",
    ]

    /// Replaces every placeholder in `template` with its formatted value.
    /// - Parameter maxBytes: the most UTF-8 bytes the result may have (a template that repeats a
    ///   large value fails here instead of filling memory).
    public static func fill(_ template: String, _ scope: PlaceholderScope, maxBytes: Int = 1_000_000) throws -> String {
        guard template.contains("{{") else { return template }
        var out = ""
        var rest = Substring(template)
        while let open = rest.range(of: "{{") {
            out += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "}}") else {
                throw PlaceholderError(message: "unclosed placeholder \"\(rest[open.lowerBound...].prefix(60))\" (missing }})")
            }
            let inner = String(rest[open.upperBound..<close.lowerBound]).trimmingWhitespace()
            out += try format(inner, scope)
            if out.utf8.count > maxBytes {
                throw PlaceholderError(message: "the filled text is over \(maxBytes) bytes")
            }
            rest = rest[close.upperBound...]
        }
        return out + rest
    }

    /// Checks a template's syntax without data: every `{{` closed, every format known. Run once
    /// when the spec is decoded, so these mistakes fail before any entry is rendered.
    public static func validate(_ template: String) throws {
        var rest = Substring(template)
        while let open = rest.range(of: "{{") {
            guard let close = rest[open.upperBound...].range(of: "}}") else {
                throw PlaceholderError(message: "unclosed placeholder \"\(rest[open.lowerBound...].prefix(60))\" (missing }})")
            }
            let inner = rest[open.upperBound..<close.lowerBound].trimmingWhitespace()
            if inner.isEmpty { throw PlaceholderError(message: "empty placeholder {{}}") }
            let pieces = inner.split(separator: "|", maxSplits: 1).map { $0.trimmingWhitespace() }
            if pieces.count == 2 {
                let name = String(pieces[1].split(separator: ":", maxSplits: 1).first ?? "")
                if !formats.contains(name) {
                    throw PlaceholderError(
                        message:
                            "{{\(inner.prefix(60))}}: unknown format \"\(name.prefix(60))\"\(DidYouMean.hint(name, among: formats)); formats are \(formats.joined(separator: ", "))"
                    )
                }
            }
            rest = rest[close.upperBound...]
        }
    }

    /// The raw value when `template` is exactly one placeholder without a format (so numbers and
    /// booleans keep their type), else nil.
    public static func singleValue(_ template: String, _ scope: PlaceholderScope) throws -> JSONValue? {
        let t = template.trimmingWhitespace()
        guard t.hasPrefix("{{"), t.hasSuffix("}}"), t.components(separatedBy: "{{").count == 2 else { return nil }
        let inner = String(t.dropFirst(2).dropLast(2)).trimmingWhitespace()
        if inner.contains("|") { return nil }
        guard let v = scope.lookup(inner) else { throw missing(inner, scope) }
        return v
    }

    static func missing(_ path: String, _ scope: PlaceholderScope) -> PlaceholderError {
        var available: [String] = []
        if path.hasPrefix("item."), let m = scope.item?.members {
            available = m.map { "item." + $0.key }
        } else if let m = scope.data.members {
            available = m.map(\.key)
        }
        let hint = DidYouMean.hint(path, among: available)
        return PlaceholderError(
            message: "no value for {{\(path)}}\(hint)"
                + (available.isEmpty ? " (its data is empty)" : "; its data has \(available.joined(separator: ", "))"))
    }

    static func format(_ inner: String, _ scope: PlaceholderScope) throws -> String {
        let pieces = inner.split(separator: "|", maxSplits: 1).map { $0.trimmingWhitespace() }
        guard let path = pieces.first else { throw PlaceholderError(message: "empty placeholder {{}}") }
        guard let value = scope.lookup(path) else { throw missing(path, scope) }
        guard pieces.count == 2 else { return plain(value) }
        let spec = pieces[1]
        let parts = spec.split(separator: ":", maxSplits: 1).map(String.init)
        let name = parts[0]
        let arg = parts.count > 1 ? parts[1] : nil
        func number() throws -> Double {
            if case .number(let n) = value { return n }
            if case .string(let s) = value, let n = Double(s) { return n }
            throw PlaceholderError(message: "{{\(inner)}}: \"\(name)\" needs a number, found \(value.kindName)")
        }
        func fixed(_ v: Double, _ decimals: Int) -> String {
            let f = NumberFormatter()
            f.locale = scope.locale
            f.numberStyle = .decimal
            f.minimumFractionDigits = decimals
            f.maximumFractionDigits = decimals
            return f.string(from: NSNumber(value: v)) ?? String(v)
        }
        switch name {
        case "number": return fixed(try number(), Int(arg ?? "0") ?? 0)
        case "percent": return fixed(try number() * 100, Int(arg ?? "0") ?? 0) + "%"
        case "round", "int": return fixed((try number()).rounded(), 0)
        case "abs": return plain(.number(abs(try number())))
        case "sign":
            let n = try number()
            return (n > 0 ? "+" : "") + plain(.number(n))
        case "upper": return plain(value).uppercased()
        case "lower": return plain(value).lowercased()
        case "capitalized": return plain(value).capitalized
        case "date", "time":
            guard case .string(let s) = value, let date = SpecValues.parseDate(s) else {
                throw PlaceholderError(message: "{{\(inner)}}: \"\(name)\" needs an ISO 8601 date string")
            }
            let f = DateFormatter()
            f.locale = scope.locale
            f.timeZone = scope.timeZone
            let style: DateFormatter.Style
            switch arg ?? (name == "time" ? "short" : "medium") {
            case "short": style = .short
            case "medium": style = .medium
            case "long": style = .long
            case "full": style = .full
            case let other:
                // A custom pattern, e.g. date:EEE for "Sun".
                f.dateFormat = other
                return f.string(from: date)
            }
            if name == "time" {
                f.timeStyle = style
                f.dateStyle = .none
            } else {
                f.dateStyle = style
                f.timeStyle = .none
            }
            return f.string(from: date)
        default:
            throw PlaceholderError(
                message:
                    "{{\(inner)}}: unknown format \"\(name)\"\(DidYouMean.hint(name, among: formats)); formats are \(formats.joined(separator: ", "))"
            )
        }
    }

    /// A value as text: integers without a decimal point, other numbers with up to 2 decimals.
    public static func plain(_ v: JSONValue) -> String {
        switch v {
        case .null: return ""
        case .bool(let b): return b ? "true" : "false"
        case .string(let s): return s
        case .number(let n):
            if n == n.rounded(), abs(n) < 1e15 { return String(Int64(n)) }
            var s = String(format: "%.2f", n)
            while s.hasSuffix("0") { s.removeLast() }
            if s.hasSuffix(".") { s.removeLast() }
            return s
        case .array(let a): return a.map { plain($0.value) }.joined(separator: ", ")
        case .object: return "{…}"
        }
    }
}
