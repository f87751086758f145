// A small JSON parser that remembers where every value came from (line, column, JSON pointer),
// so that errors and `check` findings can point into the spec file. Foundation's parser keeps no
// positions. It also enforces limits (nesting depth, size) so hostile input fails cleanly.

/// A JSON value.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONNode])
    case object([(key: String, value: JSONNode)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.number(x), .number(y)): return x == y
        case let (.string(x), .string(y)): return x == y
        case let (.array(x), .array(y)): return x.map(\.value) == y.map(\.value)
        case let (.object(x), .object(y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value.value == $1.value.value }
        default: return false
        }
    }

    /// A short name of the kind of value, for messages.
    public var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// A JSON pointer (RFC 6901) kept as a link to its parent's pointer plus one step, and spelt out
/// only when a message needs it: storing every node's full pointer as text costs the sum of all
/// path lengths (a 1 MB key above 3,000 elements would be 3 GB).
public final class JSONPointer: Sendable, CustomStringConvertible {
    enum Step: Sendable {
        case root(String)
        case key(String)
        case index(Int)
    }
    let parent: JSONPointer?
    let step: Step

    /// A pointer given as text ("" is the document).
    public init(_ text: String = "") {
        parent = nil
        step = .root(text)
    }
    init(parent: JSONPointer, step: Step) {
        self.parent = parent
        self.step = step
    }

    public static let root = JSONPointer()

    public func appending(key: String) -> JSONPointer { JSONPointer(parent: self, step: .key(key)) }
    public func appending(index: Int) -> JSONPointer { JSONPointer(parent: self, step: .index(index)) }

    /// The pointer as text, e.g. "/body/children/2".
    public var description: String {
        var steps: [Step] = []
        var p: JSONPointer? = self
        while let q = p {
            steps.append(q.step)
            p = q.parent
        }
        var out = ""
        for s in steps.reversed() {
            switch s {
            case .root(let t): out += t
            case .key(let k): out += "/" + k.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
            case .index(let i): out += "/\(i)"
            }
        }
        return out
    }
}

/// A JSON value with its place in the document.
public struct JSONNode: Sendable, Equatable {
    public var value: JSONValue
    /// Where the value is, as a pointer spelt out on demand.
    public var pointer: JSONPointer
    /// JSON pointer (RFC 6901), e.g. "/body/children/2".
    public var path: String { pointer.description }
    /// 1-based line and column of the value's first character.
    public var line: Int
    public var column: Int

    public init(_ value: JSONValue, path: String = "", line: Int = 0, column: Int = 0) {
        self.init(value, pointer: path.isEmpty ? .root : JSONPointer(path), line: line, column: column)
    }

    public init(_ value: JSONValue, pointer: JSONPointer, line: Int = 0, column: Int = 0) {
        self.value = value
        self.pointer = pointer
        self.line = line
        self.column = column
    }

    public static func == (a: JSONNode, b: JSONNode) -> Bool { a.value == b.value }

    /// The member named `key` of an object.
    public subscript(key: String) -> JSONNode? {
        if case .object(let members) = value { return members.first { $0.key == key }?.value }
        return nil
    }
    /// The members of an object, in document order.
    public var members: [(key: String, value: JSONNode)]? {
        if case .object(let m) = value { return m }
        return nil
    }
    public var elements: [JSONNode]? {
        if case .array(let a) = value { return a }
        return nil
    }
    public var string: String? {
        if case .string(let s) = value { return s }
        return nil
    }
    public var number: Double? {
        if case .number(let n) = value { return n }
        return nil
    }
    public var bool: Bool? {
        if case .bool(let b) = value { return b }
        return nil
    }
    public var isNull: Bool { value == .null }

    /// Converts to plain Swift values (Dictionary, Array, String, Double, Bool, NSNull-free nil).
    public var plain: Any? {
        switch value {
        case .null: return nil
        case .bool(let b): return b
        case .number(let n): return n
        case .string(let s): return s
        case .array(let a): return a.map { $0.plain as Any }
        case .object(let m): return Dictionary(m.map { ($0.key, $0.value.plain as Any) }, uniquingKeysWith: { a, _ in a })
        }
    }
}

/// A syntax error, with where it happened.
public struct JSONSyntaxError: Error, CustomStringConvertible, Equatable {
    public let message: String
    public let line: Int
    public let column: Int
    public var description: String { "\(line):\(column): \(message)" }
}

/// Parses JSON text (RFC 8259) into located nodes.
public struct JSONParser {
    /// Deepest nesting of arrays and objects accepted.
    public static let maxDepth = 256
    /// Longest object key accepted, in bytes (keys are names, never content).
    public static let maxKeyBytes = 4096

    private let bytes: [UInt8]
    private var i = 0
    private var line = 1
    private var lineStart = 0

    public static func parse(_ text: String) throws -> JSONNode {
        try parse(Array(text.utf8))
    }

    public static func parse(_ bytes: [UInt8]) throws -> JSONNode {
        var p = JSONParser(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            p.i = 3
            p.lineStart = 3
        }  // UTF-8 byte order mark
        p.skipWhitespace()
        let node = try p.value(pointer: .root, depth: 0)
        p.skipWhitespace()
        if p.i < bytes.count { throw p.error("unexpected \(p.describe(p.bytes[p.i])) after the end of the document") }
        return node
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    /// 1-based column in bytes (equal to characters for ASCII lines; constant time, so a
    /// one-line multi-megabyte file does not parse in quadratic time).
    private var column: Int { i - lineStart + 1 }

    private func error(_ message: String) -> JSONSyntaxError { JSONSyntaxError(message: message, line: line, column: column) }

    private func describe(_ b: UInt8) -> String {
        if b >= 0x20 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        return "byte 0x" + String(b, radix: 16, uppercase: true)
    }

    private mutating func skipWhitespace() {
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x09, 0x0D: i += 1
            case 0x0A:
                i += 1
                line += 1
                lineStart = i
            default: return
            }
        }
    }

    private mutating func value(pointer: JSONPointer, depth: Int) throws -> JSONNode {
        guard i < bytes.count else { throw error("unexpected end of file: expected a value") }
        let startLine = line
        let startColumn = column
        func node(_ v: JSONValue) -> JSONNode { JSONNode(v, pointer: pointer, line: startLine, column: startColumn) }
        switch bytes[i] {
        case UInt8(ascii: "{"):
            guard depth < JSONParser.maxDepth else { throw error("nesting deeper than \(JSONParser.maxDepth) levels") }
            i += 1
            var members: [(key: String, value: JSONNode)] = []
            var keys = Set<String>()
            skipWhitespace()
            if i < bytes.count && bytes[i] == UInt8(ascii: "}") {
                i += 1
                return node(.object(members))
            }
            while true {
                skipWhitespace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else {
                    throw error(
                        i < bytes.count ? "expected a quoted key, found \(describe(bytes[i]))" : "unexpected end of file inside an object")
                }
                let keyStart = i
                let key = try string()
                if i - keyStart > JSONParser.maxKeyBytes {
                    throw error("a key of \(i - keyStart) bytes, over the limit of \(JSONParser.maxKeyBytes)")
                }
                if !keys.insert(key).inserted { throw error("duplicate key \"\(key.prefix(80))\"") }
                skipWhitespace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw error("expected ':' after key \"\(key.prefix(80))\"") }
                i += 1
                skipWhitespace()
                members.append((key, try value(pointer: pointer.appending(key: key), depth: depth + 1)))
                skipWhitespace()
                guard i < bytes.count else { throw error("unexpected end of file inside an object") }
                if bytes[i] == UInt8(ascii: ",") {
                    i += 1
                    continue
                }
                if bytes[i] == UInt8(ascii: "}") {
                    i += 1
                    return node(.object(members))
                }
                throw error("expected ',' or '}' in an object, found \(describe(bytes[i]))")
            }
        case UInt8(ascii: "["):
            guard depth < JSONParser.maxDepth else { throw error("nesting deeper than \(JSONParser.maxDepth) levels") }
            i += 1
            var items: [JSONNode] = []
            skipWhitespace()
            if i < bytes.count && bytes[i] == UInt8(ascii: "]") {
                i += 1
                return node(.array(items))
            }
            while true {
                skipWhitespace()
                items.append(try value(pointer: pointer.appending(index: items.count), depth: depth + 1))
                skipWhitespace()
                guard i < bytes.count else { throw error("unexpected end of file inside an array") }
                if bytes[i] == UInt8(ascii: ",") {
                    i += 1
                    continue
                }
                if bytes[i] == UInt8(ascii: "]") {
                    i += 1
                    return node(.array(items))
                }
                throw error("expected ',' or ']' in an array, found \(describe(bytes[i]))")
            }
        case UInt8(ascii: "\""):
            return node(.string(try string()))
        case UInt8(ascii: "t"):
            try literal("true")
            return node(.bool(true))
        case UInt8(ascii: "f"):
            try literal("false")
            return node(.bool(false))
        case UInt8(ascii: "n"):
            try literal("null")
            return node(.null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return node(.number(try number()))
        default:
            throw error("unexpected \(describe(bytes[i])): expected a value")
        }
    }

    private mutating func literal(_ word: String) throws {
        let w = Array(word.utf8)
        guard i + w.count <= bytes.count, Array(bytes[i..<(i + w.count)]) == w else { throw error("invalid literal: expected \(word)") }
        i += w.count
    }

    private mutating func number() throws -> Double {
        let start = i
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        func digits() -> Int {
            let s = i
            while i < bytes.count, (0x30...0x39).contains(bytes[i]) { i += 1 }
            return i - s
        }
        guard i < bytes.count else { throw error("incomplete number") }
        if bytes[i] == UInt8(ascii: "0") { i += 1 } else if digits() == 0 { throw error("invalid number") }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            if digits() == 0 { throw error("expected digits after '.'") }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            if digits() == 0 { throw error("expected digits in the exponent") }
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        guard let v = Double(text), v.isFinite else { throw error("number \(text) is out of range") }
        return v
    }

    private mutating func string() throws -> String {
        i += 1  // opening quote
        var out: [UInt8] = []
        while true {
            guard i < bytes.count else { throw error("unterminated string") }
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                i += 1
                break
            }
            if b < 0x20 { throw error(b == 0x0A ? "line break inside a string (use \\n)" : "control character inside a string") }
            if b != UInt8(ascii: "\\") {
                out.append(b)
                i += 1
                continue
            }
            i += 1
            guard i < bytes.count else { throw error("unterminated escape") }
            let e = bytes[i]
            i += 1
            switch e {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800...0xDBFF).contains(code) {
                    guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                        throw error("unpaired surrogate \\u\(String(code, radix: 16))")
                    }
                    i += 2
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw error("invalid low surrogate") }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(code) {
                    throw error("unpaired surrogate \\u\(String(code, radix: 16))")
                }
                out.append(contentsOf: Array(String(Character(Unicode.Scalar(code)!)).utf8))
            default:
                throw error("invalid escape \\\(Character(Unicode.Scalar(e)))")
            }
        }
        guard let s = String(validating: out, as: UTF8.self) else { throw error("invalid UTF-8 in a string") }
        return s
    }

    private mutating func hex4() throws -> UInt32 {
        guard i + 4 <= bytes.count else { throw error("incomplete \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard let d = Character(Unicode.Scalar(bytes[i])).hexDigitValue else { throw error("invalid \\u escape") }
            v = v * 16 + UInt32(d)
            i += 1
        }
        return v
    }
}
