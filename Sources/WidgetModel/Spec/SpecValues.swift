// Literal value syntax shared by the decoder and the resolver: dates, placeholders.
import Foundation

public enum SpecValues {
    /// Gradient node types, which are also accepted wherever a colour is (as a ResolvedStyle).
    public static let styleTypes: Set<String> = ["LinearGradient", "RadialGradient", "AngularGradient", "Color"]

    /// ISO 8601 with or without fractional seconds.
    /// The common forms ("2026-11-29T17:00:00Z", "…+01:00", "2026-11-29") are read here directly:
    /// ISO8601DateFormatter loads ICU, a tenth of a one-variant render's start-up. Anything else
    /// (fractions, out-of-range fields, other spellings) goes to the formatter, so what is
    /// accepted, and the dates it gives, are unchanged.
    public static func parseDate(_ s: String) -> Date? {
        if let d = fastDate(s) { return d }
        let f = ISO8601DateFormatter()
        if let d = f.date(from: s) { return d }
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let d = f.date(from: s) { return d }
        f.formatOptions = [.withFullDate]
        return f.date(from: s)
    }

    /// "YYYY-MM-DDTHH:MM:SS" with "Z" or "±HH:MM", or "YYYY-MM-DD" (midnight UTC); nil otherwise.
    static func fastDate(_ s: String) -> Date? {
        let b = Array(s.utf8)
        guard b.count == 10 || b.count == 20 || b.count == 25 else { return nil }
        func num(_ at: Int, _ n: Int) -> Int? {
            var v = 0
            for i in at..<(at + n) {
                guard b[i] >= 48, b[i] <= 57 else { return nil }
                v = v * 10 + Int(b[i] - 48)
            }
            return v
        }
        guard let y = num(0, 4), b[4] == 45, let mo = num(5, 2), b[7] == 45, let d = num(8, 2),
            (1...9999).contains(y), (1...12).contains(mo), d >= 1, d <= daysIn(month: mo, year: y)
        else { return nil }
        var seconds = daysFromCivil(y, mo, d) * 86_400
        if b.count == 10 { return Date(timeIntervalSince1970: TimeInterval(seconds)) }
        guard b[10] == 84, let h = num(11, 2), b[13] == 58, let mi = num(14, 2), b[16] == 58, let sec = num(17, 2),
            h < 24, mi < 60, sec < 60
        else { return nil }
        seconds += h * 3600 + mi * 60 + sec
        if b.count == 20 {
            guard b[19] == 90 else { return nil }
        } else {
            guard b[19] == 43 || b[19] == 45, let oh = num(20, 2), b[22] == 58, let om = num(23, 2), oh < 24, om < 60 else {
                return nil
            }
            seconds -= (b[19] == 43 ? 1 : -1) * (oh * 3600 + om * 60)
        }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// `d` as "YYYY-MM-DDTHH:MM:SSZ" (UTC, whole seconds), as ISO8601DateFormatter writes it.
    public static func formatDate(_ date: Date) -> String {
        let t = date.timeIntervalSince1970
        guard t.isFinite, t == t.rounded(), abs(t) < 2e11 else { return ISO8601DateFormatter().string(from: date) }
        let total = Int(t)
        let days = Int((Double(total) / 86_400).rounded(.down))
        let rest = total - days * 86_400
        let (y, m, d) = civilFromDays(days)
        guard (1...9999).contains(y) else { return ISO8601DateFormatter().string(from: date) }
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let year = String(repeating: "0", count: 4 - String(y).count) + String(y)
        return "\(year)-\(two(m))-\(two(d))T\(two(rest / 3600)):\(two(rest / 60 % 60)):\(two(rest % 60))Z"
    }

    static func daysIn(month m: Int, year y: Int) -> Int {
        switch m {
        case 2: return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm).
    static func daysFromCivil(_ y0: Int, _ m: Int, _ d: Int) -> Int {
        let y = m <= 2 ? y0 - 1 : y0
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func civilFromDays(_ z0: Int) -> (Int, Int, Int) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    /// True when the string contains a `{{…}}` placeholder.
    public static func isPlaceholder(_ s: String) -> Bool { s.contains("{{") }
}
