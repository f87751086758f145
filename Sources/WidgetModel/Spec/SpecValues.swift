// Literal value syntax shared by the decoder and the resolver: dates, placeholders.
import Foundation

public enum SpecValues {
    /// Gradient node types, which are also accepted wherever a colour is (as a ResolvedStyle).
    public static let styleTypes: Set<String> = ["LinearGradient", "RadialGradient", "AngularGradient", "Color"]

    /// ISO 8601 with or without fractional seconds.
    public static func parseDate(_ s: String) -> Date? {
        let f = ISO8601DateFormatter()
        if let d = f.date(from: s) { return d }
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let d = f.date(from: s) { return d }
        f.formatOptions = [.withFullDate]
        return f.date(from: s)
    }

    /// True when the string contains a `{{…}}` placeholder.
    public static func isPlaceholder(_ s: String) -> Bool { s.contains("{{") }
}
