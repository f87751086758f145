// A small argument reader: flags with values (`--out DIR` or `--out=DIR`), switches, positionals.
import Foundation
import WidgetModel

struct Arguments {
    private var items: [String]
    private(set) var positionals: [String] = []
    let command: String

    init(_ args: [String], command: String) {
        items = args
        self.command = command
    }

    /// Takes the value of `--name`, or nil when absent.
    mutating func value(_ name: String) throws -> String? {
        var found: String? = nil
        var i = 0
        while i < items.count {
            let a = items[i]
            if a == name {
                guard i + 1 < items.count, !items[i + 1].hasPrefix("--") || Double(items[i + 1]) != nil else {
                    throw UsageError("\(name) needs a value")
                }
                found = items[i + 1]
                items.removeSubrange(i...(i + 1))
                continue
            }
            if a.hasPrefix(name + "=") {
                found = String(a.dropFirst(name.count + 1))
                items.remove(at: i)
                continue
            }
            i += 1
        }
        if let f = found, f.trimmingWhitespace().isEmpty {
            throw UsageError("\(name) needs a value, not an empty string")
        }
        return found
    }

    /// Takes every value of a repeatable `--name`.
    mutating func values(_ name: String) throws -> [String] {
        var out: [String] = []
        while let v = try value(name) { out.append(v) }
        return out
    }

    /// Takes a switch `--name`.
    mutating func flag(_ name: String) -> Bool {
        if let i = items.firstIndex(of: name) {
            items.remove(at: i)
            return true
        }
        return false
    }

    /// What is left: positionals; any remaining `--option` is unknown.
    mutating func finish(known: [String]) throws -> [String] {
        for a in items where a.hasPrefix("-") && a != "-" {
            let name = a.split(separator: "=").first.map(String.init) ?? a
            let hint = DidYouMeanCLI.hint(name, among: known)
            throw UsageError("\(command): unknown option '\(name)'\(hint). Run 'widgetctl \(command) --help'.")
        }
        positionals = items
        return items
    }
}

enum DidYouMeanCLI {
    /// " (did you mean '--x'?)" or "", in the shell's quoting.
    static func hint(_ word: String, among: [String]) -> String {
        let found = DidYouMean.suggestions(word, among: among, maxDistance: 3)
        return found.isEmpty ? "" : " (did you mean \(found.map { "'\($0)'" }.joined(separator: " or "))?)"
    }
}
