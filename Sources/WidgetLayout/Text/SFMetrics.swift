// SF Pro's layout metrics, applied to whatever face draws the text (Inter by default) so that
// line heights, widths and therefore line breaks agree with what SwiftUI lays out on a device.
// Glyph shapes stay the face's own; only spacing follows SF. With Apple's own faces (pointed at by
// --font-dir) their metrics are used as they are.
import WidgetModel

public enum SFMetrics {
    /// A line's natural height per point of size. Measured on iOS (issue 16, fact 2): a one-line
    /// body text (17 pt) is 20.3 pt tall, `.system(size: 13)` lines are 15.66 pt apart — 1.194 and
    /// 1.205 of the size; 1.2 is within 0.1 pt of both.
    public static let naturalLineHeight = 1.2

    /// Whether a family is one of Apple's system faces, whose own metrics are SwiftUI's.
    public static func isAppleFace(_ family: String) -> Bool {
        family.hasPrefix("SF Pro") || family.hasPrefix("SF Compact") || family.hasPrefix(".SF") || family == "New York"
    }

    /// The distance between baselines: a text style's published line height (scaled with the
    /// font when it is scaled down), else the natural height. Measured on iOS: body 22 pt, body at
    /// Dynamic Type `.medium` (16 pt) 21 pt, footnote 18 pt; Apple's HIG lists the same.
    public static func linePitch(_ font: FontSpec, natural: Double) -> Double {
        if let ratio = font.lineHeightRatio { return max(natural, font.size * ratio) }
        guard let style = font.textStyle else { return natural }
        let e = TextStyleTable.entry(style)
        return max(natural, e.lineHeight * font.size / e.size)
    }

    /// SF Pro's tracking at a size, in points (Apple's HIG tracking table for SF Pro, sizes 6–24;
    /// Apple, not measured here except at 17 pt). At 17 pt it is −0.43: a 446-character paragraph
    /// is 3320 pt on iOS where Inter without tracking gives 3512 (+192 = 446 × 0.43), and
    /// "Checked" 65.5 pt where Inter gives 68.5 (7 × 0.43). Between sizes: linear; above 24 pt
    /// (SF's display sizes, not measured): none.
    public static func tracking(size: Double) -> Double {
        guard size.isFinite, size > 0 else { return 0 }
        let table: [(Double, Double)] = [
            (6, 0.24), (7, 0.23), (8, 0.21), (9, 0.17), (10, 0.12), (11, 0.06), (12, 0), (13, -0.08), (14, -0.15),
            (15, -0.23), (16, -0.31), (17, -0.43), (18, -0.44), (19, -0.45), (20, -0.45), (21, -0.36), (22, -0.26),
            (23, -0.17), (24, -0.07), (25, 0),
        ]
        if size <= table[0].0 { return table[0].1 }
        if size >= 25 { return 0 }
        for i in 1..<table.count where size <= table[i].0 {
            let (s0, t0) = table[i - 1]
            let (s1, t1) = table[i]
            return t0 + (t1 - t0) * (size - s0) / (s1 - s0)
        }
        return 0
    }
}
