// Pretty-printed JSON with sorted keys, written directly into a byte buffer: the format
// Foundation's JSONSerialization writes with [.prettyPrinted, .sortedKeys] (two-space indent,
// "key" : value, an empty array as "[", an empty line, "]"), with plain "/" instead of "\/".
// Manifests of tens of thousands of variants went through NSDictionary bridging before (tens of
// megabytes at the end of a large render); this keeps them to the text itself.
import Foundation

enum JSONText {
    /// `value`: dictionaries [String: Any], arrays [Any], String, Bool, integers and Doubles.
    static func pretty(_ value: Any) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        write(value, indent: 0, into: &out)
        out.append(UInt8(ascii: "\n"))
        return String(decoding: out, as: UTF8.self)
    }

    static func write(_ value: Any, indent: Int, into out: inout [UInt8]) {
        switch value {
        case let d as [String: Any]:
            let keys = d.keys.sorted()
            container("{", "}", count: keys.count, indent: indent, into: &out) { i, out in
                string(keys[i], into: &out)
                out.append(contentsOf: Array(" : ".utf8))
                write(d[keys[i]]!, indent: indent + 1, into: &out)
            }
        case let a as [Any]:
            container("[", "]", count: a.count, indent: indent, into: &out) { i, out in write(a[i], indent: indent + 1, into: &out) }
        case let s as String: string(s, into: &out)
        case let b as Bool: out.append(contentsOf: Array((b ? "true" : "false").utf8))
        case let i as Int: out.append(contentsOf: Array(String(i).utf8))
        case let x as Double: out.append(contentsOf: Array(number(x).utf8))
        case let x as Float: out.append(contentsOf: Array(number(Double(x)).utf8))
        default: out.append(contentsOf: Array("null".utf8))
        }
    }

    /// An object or array: one member per line, indented; an empty one as open, an empty line, close.
    static func container(
        _ open: String, _ close: String, count: Int, indent: Int, into out: inout [UInt8], member: (Int, inout [UInt8]) -> Void
    ) {
        func pad(_ n: Int) { out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: n * 2)) }
        out.append(contentsOf: Array((open + "\n").utf8))
        if count == 0 { out.append(UInt8(ascii: "\n")) }
        for i in 0..<count {
            pad(indent + 1)
            member(i, &out)
            out.append(contentsOf: Array((i == count - 1 ? "\n" : ",\n").utf8))
        }
        pad(indent)
        out.append(contentsOf: Array(close.utf8))
    }

    /// Integral values without a fraction ("3"), others in Swift's shortest form ("164.333").
    static func number(_ x: Double) -> String {
        guard x.isFinite else { return "null" }
        if x == x.rounded(), abs(x) < 1e15 { return String(Int(x)) }
        return "\(x)"
    }

    static func string(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "\""): out.append(contentsOf: [92, 34])
            case UInt8(ascii: "\\"): out.append(contentsOf: [92, 92])
            case 0x0A: out.append(contentsOf: [92, UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [92, UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [92, UInt8(ascii: "t")])
            case 0x08: out.append(contentsOf: [92, UInt8(ascii: "b")])
            case 0x0C: out.append(contentsOf: [92, UInt8(ascii: "f")])
            case 0..<0x20: out.append(contentsOf: Array(String(format: "\\u%04x", Int(b)).utf8))
            default: out.append(b)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
