// Errors in a widget spec, pointing at the place: file, line and column, and the JSON pointer.
//   weather.widget.json:12:7: /body/children/2/cases/default: unknown node type "Foreach" (did you mean "ForEach"?)

/// A problem with a spec file: where it is and what was expected.
public struct SpecError: Error, CustomStringConvertible, Sendable, Equatable {
    public var file: String
    public var path: String
    public var line: Int
    public var column: Int
    public var message: String

    public init(file: String, path: String, line: Int = 0, column: Int = 0, message: String) {
        self.file = file; self.path = path; self.line = line; self.column = column; self.message = message
    }
    public init(file: String, node: JSONNode, _ message: String) {
        self.init(file: file, path: node.path, line: node.line, column: node.column, message: message)
    }

    public var description: String {
        let place = line > 0 ? "\(file):\(line):\(column)" : file
        return "\(place): \(path.isEmpty ? "/" : path): \(message)"
    }
}

/// Suggestions for misspelt names.
public enum DidYouMean {
    /// The closest candidate within a small edit distance (case-insensitive), if any.
    public static func suggest(_ word: String, among candidates: [String]) -> String? {
        let w = word.lowercased()
        var best: (String, Int)? = nil
        for c in candidates {
            let d = distance(w, c.lowercased())
            if d <= max(2, word.count / 3), d < (best?.1 ?? Int.max) { best = (c, d) }
        }
        return best?.0
    }

    /// " (did you mean "X"?)" or "".
    public static func hint(_ word: String, among candidates: [String]) -> String {
        suggest(word, among: candidates).map { " (did you mean \"\($0)\"?)" } ?? ""
    }

    /// Levenshtein distance.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var prev = Array(0...b.count), cur = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            cur[0] = i
            for j in 1...b.count {
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&prev, &cur)
        }
        return prev[b.count]
    }
}
