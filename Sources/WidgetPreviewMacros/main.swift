// The compiler plugin behind `#Preview`: the Swift compiler starts it and talks to it over stdin and
// stdout (each message an 8-byte little-endian length and a JSON body, the compiler's plugin
// protocol). It needs nothing but Foundation: no SwiftSyntax package, which SwiftPM could not fetch.
//
// The expansion is textual and small. `#Preview(…) { … }` becomes one record in the
// `widgetctl_previews` section of the binary:
//
//     @section("widgetctl_previews") @used private let <unique>: _WidgetPreviewRecord =
//         (0x57505256, 0, { __widgetctl_preview(_file: "<fileID>", _line: <line>, …the arguments as written…) })
//
// so the arguments are type-checked against functions with SwiftUI's own signatures, and
// `WidgetPreviews.declared()` finds every preview of the program by walking that section.
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The largest message accepted from the compiler (a macro call is a few kilobytes).
let maximumMessageBytes = 64 << 20

func readExactly(_ count: Int) -> [UInt8]? {
    var bytes = [UInt8](repeating: 0, count: count)
    var filled = 0
    while filled < count {
        let n = bytes.withUnsafeMutableBytes { read(0, $0.baseAddress! + filled, count - filled) }
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { return nil }
        filled += n
    }
    return bytes
}

func send(_ object: [String: Any]) {
    guard let body = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return }
    var message = [UInt8](repeating: 0, count: 8)
    var length = UInt64(body.count).littleEndian
    withUnsafeBytes(of: &length) { for i in 0..<8 { message[i] = $0[i] } }
    message.append(contentsOf: body)
    var sent = 0
    while sent < message.count {
        let n = message.withUnsafeBytes { write(1, $0.baseAddress! + sent, message.count - sent) }
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { exit(1) }
        sent += n
    }
}

func failure(_ message: String, location: [String: Any]?) -> [String: Any] {
    let position: [String: Any] = ["fileName": location?["fileName"] as? String ?? "", "offset": location?["offset"] as? Int ?? 0]
    let diagnostic: [String: Any] = [
        "message": message, "severity": "error", "position": position, "highlights": [], "notes": [], "fixIts": [],
    ]
    return ["expandMacroResult": ["diagnostics": [diagnostic]]]
}

/// A Swift string literal holding `text`.
func literal(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        default:
            if scalar.value < 0x20 { out += "\\u{\(String(scalar.value, radix: 16))}" } else { out.unicodeScalars.append(scalar) }
        }
    }
    return out + "\""
}

/// The expansion of one `#Preview` call, or an error message.
func expand(_ request: [String: Any]) -> Result<String, ExpansionError> {
    guard let syntax = request["syntax"] as? [String: Any], let source = syntax["source"] as? String else {
        return .failure(ExpansionError("the compiler sent no macro call"))
    }
    let macroName = (request["macro"] as? [String: Any])?["name"] as? String ?? "Preview"
    guard let hash = source.range(of: "#" + macroName) else {
        return .failure(ExpansionError("cannot find #\(macroName) in the macro call"))
    }
    let location = syntax["location"] as? [String: Any]
    let fileID = location?["fileID"] as? String ?? "?"
    // The location is where the call's leading trivia starts: count the lines before the `#`.
    let line = (location?["line"] as? Int ?? 0) + source[..<hash.lowerBound].reduce(0) { $0 + ($1 == "\n" || $1 == "\r\n" ? 1 : 0) }
    let discriminator = request["discriminator"] as? String ?? ""
    guard discriminator.hasPrefix("$"), discriminator.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }) else {
        return .failure(ExpansionError("unexpected macro discriminator \(literal(discriminator))"))
    }
    // A unique name, mangled the way the compiler's own macro contexts mangle them.
    let name = discriminator + "6recordfMu_"
    let location_ = "_file: \(literal(fileID)), _line: \(line)"
    var rest = source[hash.upperBound...]
    let leading = rest.prefix { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    rest = rest.dropFirst(leading.count)
    let call: String
    if rest.first == "(" {
        let inside = rest.dropFirst()
        let empty = inside.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }.first == ")"
        call = "(" + location_ + (empty ? "" : ", ") + inside
    } else {
        call = "(" + location_ + ")" + leading + rest
    }
    return .success(
        "@section(\"widgetctl_previews\") @used private let \(name): _WidgetPreviewRecord = "
            + "(0x5750_5256, 0, { __widgetctl_preview\(call) })")
}

struct ExpansionError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

while let header = readExactly(8) {
    let length = header.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }.littleEndian
    if length == 0 { continue }
    guard length <= UInt64(maximumMessageBytes), let body = readExactly(Int(length)) else { exit(1) }
    guard let message = (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] else { exit(1) }
    if message["getCapability"] != nil {
        send(["getCapabilityResult": ["capability": ["protocolVersion": 7]]])
    } else if message["loadPluginLibrary"] != nil {
        send(["loadPluginLibraryResult": ["loaded": false, "diagnostics": []]])
    } else if let request = message["expandFreestandingMacro"] as? [String: Any] {
        let location = (request["syntax"] as? [String: Any])?["location"] as? [String: Any]
        switch expand(request) {
        case .success(let source): send(["expandMacroResult": ["expandedSource": source, "diagnostics": []]])
        case .failure(let error): send(failure(error.message, location: location))
        }
    } else {
        let request = message.values.first as? [String: Any]
        let location = (request?["syntax"] as? [String: Any])?["location"] as? [String: Any]
        send(failure("widgetctl's preview plugin only expands #Preview", location: location))
    }
}
