// Stroke parameters, as SwiftUI's StrokeStyle spells them.

/// How the ends of open subpaths are drawn.
public enum LineCap: String, Sendable, Hashable, CaseIterable { case butt, round, square }
/// How the corners between segments are drawn.
public enum LineJoin: String, Sendable, Hashable, CaseIterable { case miter, round, bevel }

/// SwiftUI's `StrokeStyle`: width, cap, join, miter limit and dash pattern.
public struct StrokeStyle: Sendable, Hashable {
    public var lineWidth: Double
    public var lineCap: LineCap
    public var lineJoin: LineJoin
    public var miterLimit: Double
    public var dash: [Double]
    public var dashPhase: Double

    public init(
        lineWidth: Double = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter,
        miterLimit: Double = 10, dash: [Double] = [], dashPhase: Double = 0
    ) {
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.dash = dash
        self.dashPhase = dashPhase
    }
}

/// How content fits a frame: SwiftUI's `ContentMode` (`.fit`, `.fill`), plus `.stretch` for a
/// resizable image that fills without keeping its aspect ratio.
public enum ContentMode: String, Sendable, Hashable { case fit, fill, stretch }
