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
        self.file = file
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }
    public init(file: String, node: JSONNode, _ message: String) {
        self.init(file: file, path: node.path, line: node.line, column: node.column, message: message)
    }

    public var description: String {
        let place = line > 0 ? "\(file):\(line):\(column)" : file
        // A whole-file problem (missing, invalid JSON) has no JSON path to name.
        return "\(place): \(path.isEmpty ? "" : path + ": ")\(message)"
    }
}

/// Suggestions for misspelt names (spec keys and values, command-line options).
public enum DidYouMean {
    /// Words longer than this get no suggestion: nobody misspells a 100-character name, and
    /// comparing megabytes of text pairwise would take minutes.
    public static let maxWordLength = 64

    /// The closest candidate within `maxDistance` edits (default: 2, or a third of the word),
    /// case-insensitive, if any.
    /// A candidate whose numbers differ from the word's is never suggested: "iPhone 18" is not a
    /// typo of "iPhone 11".
    public static func suggest(_ word: String, among candidates: [String], maxDistance: Int? = nil) -> String? {
        guard word.count <= maxWordLength else { return nil }
        let w = Array(word.lowercased())
        let limit = maxDistance ?? max(2, w.count / 3)
        let numbers = digitRuns(word)
        var best: (String, Int)? = nil
        for c in candidates.prefix(10_000) where c.count <= maxWordLength && abs(c.count - w.count) <= limit {
            if !numbers.isEmpty && digitRuns(c) != numbers { continue }
            let d = distance(w, Array(c.lowercased()))
            if d <= limit, d < (best?.1 ?? Int.max) { best = (c, d) }
        }
        return best?.0
    }

    /// The close candidate, or else (for a word of 3 or more characters) up to three candidates
    /// that begin with it: "tinted" → tintedLight, tintedDark.
    public static func suggestions(_ word: String, among candidates: [String], maxDistance: Int? = nil) -> [String] {
        if let one = suggest(word, among: candidates, maxDistance: maxDistance) { return [one] }
        let w = word.lowercased()
        guard w.count >= 3, w.count <= maxWordLength else { return [] }
        return Array(candidates.prefix(10_000).filter { $0.lowercased().hasPrefix(w) }.prefix(3))
    }

    /// The runs of digits in a name ("iPhone 16 Pro Max" → ["16"]).
    static func digitRuns(_ s: String) -> [String] {
        s.split(whereSeparator: { !$0.isNumber }).map(String.init)
    }

    /// " (did you mean "X"?)" or "".
    public static func hint(_ word: String, among candidates: [String]) -> String {
        suggest(word, among: candidates).map { " (did you mean \"\($0)\"?)" } ?? ""
    }

    /// Levenshtein distance.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var prev = Array(0...b.count)
        var cur = [Int](repeating: 0, count: b.count + 1)
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
