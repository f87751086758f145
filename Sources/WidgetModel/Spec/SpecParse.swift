// Value parsers shared by decode time (literals) and resolve time (filled templates): each turns a
// JSON value into a typed one or says why not, range checks included. One parser per kind of
// value, so a literal and a placeholder holding the same text are judged the same way.
import Foundation

public enum SpecParse {
    public typealias Parser<T> = @Sendable (JSONValue) throws -> T

    /// Finite numbers beyond this magnitude are rejected everywhere (a layout in points never needs them).
    public static let maxMagnitude = 1e9
    /// Lengths in points (frames, padding, offsets, radii, stroke widths).
    public static let lengths: ClosedRange<Double> = -100_000...100_000
    public static let nonNegativeLengths: ClosedRange<Double> = 0...100_000

    static func show(_ v: Double) -> String { Placeholders.plain(.number(v)) }

    /// Text: strings, and numbers and booleans written as text.
    public static let text: Parser<String> = { v in
        switch v {
        case .string(let s): return s
        case .number, .bool: return Placeholders.plain(v)
        default: throw SpecValueError("expected a string, found \(v.kindName)")
        }
    }

    /// A number in `range` (`what` names it in messages); "infinity" when `infinity` is allowed.
    public static func number(_ what: String, _ range: ClosedRange<Double>, infinity: Bool = false) -> Parser<Double> {
        return { v in
            let n: Double
            switch v {
            case .number(let x): n = x
            case .string(let s) where infinity && (s == "infinity" || s == ".infinity"): return .infinity
            case .string(let s) where Double(s.trimmingWhitespace())?.isFinite == true:
                n = Double(s.trimmingWhitespace())!
            default:
                throw SpecValueError("expected a number\(infinity ? " or \"infinity\"" : ""), found \(v.kindName)")
            }
            guard n.isFinite, range.contains(n) else {
                throw SpecValueError("\(what) \(show(n)) is out of range (\(show(range.lowerBound))...\(show(range.upperBound)))")
            }
            return n
        }
    }

    /// A whole number in `range` (fractions are truncated, as `Int(_:)` does).
    public static func integer(_ what: String, _ range: ClosedRange<Int>) -> Parser<Int> {
        let real = number(what, Double(range.lowerBound)...Double(range.upperBound))
        return { v in Int(try real(v)) }
    }

    public static let bool: Parser<Bool> = { v in
        switch v {
        case .bool(let b): return b
        case .string("true"): return true
        case .string("false"): return false
        default: throw SpecValueError("expected true or false, found \(v.kindName)")
        }
    }

    /// The JSON value itself (conditions and Switch subjects compare raw data).
    public static let raw: Parser<JSONValue> = { $0 }

    /// A name from a closed set.
    public static func name<E: RawRepresentable & CaseIterable & Sendable>(_ type: E.Type, _ what: String) -> Parser<E>
    where E.RawValue == String {
        return { v in
            let s = try text(v)
            guard let e = E(rawValue: s) else {
                let all = E.allCases.map(\.rawValue)
                throw SpecValueError(
                    "unknown \(what) \"\(s.prefix(80))\"\(DidYouMean.hint(s, among: all)); expected one of \(all.joined(separator: ", "))")
            }
            return e
        }
    }

    /// A name looked up in a table.
    public static func named<T: Sendable>(_ table: [String: T], _ what: String, example: String = "") -> Parser<T> {
        return { v in
            let s = try text(v)
            guard let t = table[s] else {
                throw SpecValueError("unknown \(what) \"\(s.prefix(80))\"\(DidYouMean.hint(s, among: table.keys.sorted()))\(example)")
            }
            return t
        }
    }

    /// `fit` or `fill`.
    public static let contentMode: Parser<ContentMode> = { v in
        let s = try text(v)
        switch s {
        case "fit": return .fit
        case "fill": return .fill
        default:
            throw SpecValueError(
                "unknown content mode \"\(s.prefix(80))\"\(DidYouMean.hint(s, among: ["fit", "fill"])); expected fit or fill")
        }
    }

    /// "#RRGGBB", "#RRGGBBAA" or a SwiftUI colour name.
    public static let colorName: Parser<SpecColorName> = { v in
        let s = try text(v).trimmingWhitespace()
        if s.hasPrefix("#") {
            guard let c = RGBA(hex: s) else { throw SpecValueError("invalid colour \"\(s.prefix(80))\" (expected #RRGGBB or #RRGGBBAA)") }
            return .rgba(c)
        }
        guard SystemColors.named[s] != nil || SystemColors.named[s.lowercased()] != nil else {
            throw SpecValueError(
                "unknown colour \"\(s.prefix(80))\"\(DidYouMean.hint(s, among: SystemColors.named.keys.sorted())) (use #RRGGBB or a SwiftUI colour name)"
            )
        }
        return .system(s)
    }

    /// A date in a Text: "now"/"entryDate" or ISO 8601.
    public static let date: Parser<SpecDate> = { v in
        let s = try text(v)
        if s == "now" || s == "entryDate" { return .now }
        guard let d = SpecValues.parseDate(s) else {
            throw SpecValueError("expected an ISO 8601 date such as \"2026-11-29T09:00:00Z\" (or \"now\")")
        }
        return .fixed(d)
    }

    /// SVG path data.
    public static let svgPath: Parser<Path> = { v in
        let s = try text(v)
        do { return try Path(svgPathData: s) } catch let e as SVGPathError { throw SpecValueError(e.description) }
    }

    /// Text no longer than `limit` Unicode scalars (a limit on characters alone lets one
    /// grapheme of a million combining marks through).
    public static func boundedText(_ limit: Int) -> Parser<String> {
        return { v in
            let s = try text(v)
            let n = s.unicodeScalars.count
            if n > limit { throw SpecValueError("text is \(n) characters, over the limit of \(limit)") }
            return s
        }
    }
}
