// `Text(date, style:)` and `Text(start...end)`, formatted against the entry's date as "now", as
// a widget shows them at that moment. Time and date use ICU through Foundation's DateFormatter
// (locale- and time-zone-aware). Relative and offset durations are cut to their largest units
// here (as SwiftUI does: "2 hours, 23 minutes"); for locales other than English the units are
// then named by Foundation's Duration format in the locale ("2 Stunden und 23 Minuten"), except
// months and years, which Duration does not have (English names, a known limitation).
import Foundation

/// SwiftUI's `Text.DateStyle`.
public enum DateTextStyle: String, Sendable, Hashable, CaseIterable {
    /// "9:41 AM"
    case time
    /// "June 3, 2019"
    case date
    /// Distance from now, without sign: "2 hours, 23 minutes".
    case relative
    /// Signed distance: "+2 hours" for a past date, "-3 months" for a future one.
    case offset
    /// A stopwatch-like countdown to (or count-up from) the date: "2:32", "36:59:01".
    case timer
}

/// Formats dates the way SwiftUI's date texts do.
public struct DateTextFormatter: Sendable {
    public var locale: Locale
    public var timeZone: TimeZone

    public init(locale: Locale = Locale(identifier: "en_US"), timeZone: TimeZone = TimeZone(identifier: "UTC")!) {
        self.locale = locale
        self.timeZone = timeZone
    }

    /// The text for `date` in `style`, with `now` as the current moment.
    public func string(_ date: Date, style: DateTextStyle, now: Date) -> String {
        switch style {
        case .time: return formatter(date: .none, time: .short).string(from: date)
        case .date: return formatter(date: .long, time: .none).string(from: date)
        case .relative: return localizedUnits(abs(date.timeIntervalSince(now)), maxUnits: 2)
        case .offset:
            let delta = now.timeIntervalSince(date)  // positive for a past date
            let text = localizedUnits(abs(delta), maxUnits: 1)
            return delta == 0 ? text : (delta > 0 ? "+" : "-") + text
        case .timer:
            let total = Int(abs(date.timeIntervalSince(now)).rounded(.down))
            let h = total / 3600
            let m = (total % 3600) / 60
            let s = total % 60
            func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
            return h > 0 ? "\(h):\(two(m)):\(two(s))" : "\(m):\(two(s))"
        }
    }

    /// `Text(start...end)`: "9:30 AM – 2:45 PM" (times only when both fall on the same day).
    public func string(from start: Date, to end: Date) -> String {
        let f = DateIntervalFormatter()
        f.locale = locale
        f.timeZone = timeZone
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let sameDay = calendar.isDate(start, inSameDayAs: end)
        f.dateStyle = sameDay ? .none : .medium
        f.timeStyle = .short
        return f.string(from: start, to: end)
    }

    private func formatter(date: DateFormatter.Style, time: DateFormatter.Style) -> DateFormatter {
        let f = DateFormatter()
        f.locale = locale
        f.timeZone = timeZone
        f.dateStyle = date
        f.timeStyle = time
        return f
    }

    /// `units` in the formatter's locale: English as it is, other languages through Duration's
    /// unit format of the same (already truncated) parts, so nothing is rounded differently.
    func localizedUnits(_ seconds: TimeInterval, maxUnits: Int) -> String {
        let english = DateTextFormatter.units(seconds, maxUnits: maxUnits)
        let language = locale.identifier.split(whereSeparator: { $0 == "_" || $0 == "-" }).first.map(String.init) ?? "en"
        guard language != "en" else { return english }
        let parts = DateTextFormatter.parts(seconds, maxUnits: maxUnits)
        guard !parts.isEmpty, parts.allSatisfy({ $0.size < 30 * 86400 }) else { return english }
        let total = parts.reduce(0) { $0 + $1.count * $1.size }
        let allowed: Set<Duration.UnitsFormatStyle.Unit> = [.weeks, .days, .hours, .minutes, .seconds]
        return Duration.seconds(total).formatted(.units(allowed: allowed, width: .wide, maximumUnitCount: maxUnits).locale(locale))
    }

    /// The largest `maxUnits` non-zero units of a duration, as (count, unit size in seconds).
    static func parts(_ seconds: TimeInterval, maxUnits: Int) -> [(count: Int, size: Int)] {
        let sizes = [365 * 86400, 30 * 86400, 7 * 86400, 86400, 3600, 60, 1]
        var rest = Int(min(seconds, 1e12).rounded(.down))
        var out: [(count: Int, size: Int)] = []
        for size in sizes where out.count < maxUnits {
            let n = rest / size
            if n > 0 {
                out.append((n, size))
                rest -= n * size
            } else if !out.isEmpty {
                break
            }
        }
        return out
    }

    /// "2 hours, 23 minutes": the largest `maxUnits` non-zero units of a duration (calendar-free:
    /// a month is 30 days and a year 365).
    static func units(_ seconds: TimeInterval, maxUnits: Int) -> String {
        let table: [(Int, String)] = [
            (365 * 86400, "year"), (30 * 86400, "month"), (7 * 86400, "week"),
            (86400, "day"), (3600, "hour"), (60, "minute"), (1, "second"),
        ]
        var rest = Int(seconds.rounded(.down))
        var parts: [String] = []
        for (size, name) in table where parts.count < maxUnits {
            let n = rest / size
            if n > 0 || (!parts.isEmpty) {
                if n > 0 { parts.append("\(n) \(name)\(n == 1 ? "" : "s")") }
                rest -= n * size
                if !parts.isEmpty && n == 0 { break }
            }
        }
        return parts.isEmpty ? "0 seconds" : parts.joined(separator: ", ")
    }
}
