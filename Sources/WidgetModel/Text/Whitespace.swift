// Trimming spaces without Foundation's NSString bridge: `trimmingCharacters(in: .whitespaces)`
// was a noticeable part of a one-variant process (its first call sets up the bridge). The set is
// Foundation's `.whitespaces` as it is on Linux: Unicode general category Zs, CHARACTER
// TABULATION (U+0009) and ZERO WIDTH SPACE (U+200B, which Foundation's documentation leaves out;
// measured over every scalar, and held by a test). Like Foundation, it trims Unicode scalars,
// not whole characters.

extension StringProtocol {
    /// The string without leading and trailing Zs spaces, tabs and zero-width spaces (what
    /// `trimmingCharacters(in: .whitespaces)` returns).
    public func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        func isSpace(_ s: Unicode.Scalar) -> Bool {
            // ASCII without the Unicode tables (their first use costs a process ~2 ms): the only
            // ASCII space separator is U+0020.
            if s.isASCII { return s == " " || s == "\t" }
            return s == "\u{200B}" || s.properties.generalCategory == .spaceSeparator
        }
        guard let first = scalars.firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isSpace($0) })!
        var out = String.UnicodeScalarView()
        out.append(contentsOf: scalars[first...last])
        return String(out)
    }
}
