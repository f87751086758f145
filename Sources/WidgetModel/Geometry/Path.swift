// Vector paths: move, line, quadratic and cubic Bézier segments, close. The shapes SwiftUI
// offers (Rectangle, RoundedRectangle with circular or continuous corners, Capsule, Circle,
// Ellipse, arcs) are built here as paths; WidgetRaster flattens, strokes and fills them.

/// One command of a path.
public enum PathElement: Hashable, Sendable {
    case move(Point)
    case line(Point)
    case quad(Point, Point)  // control, end
    case cubic(Point, Point, Point)  // control 1, control 2, end
    case close
}

/// The corner style of a rounded rectangle.
public enum RoundedCornerStyle: String, Hashable, Sendable, CaseIterable {
    /// Quarter-circle corners.
    case circular
    /// Apple's continuous ("squircle-like") corners: curvature rises smoothly from the straight
    /// edge instead of jumping to 1/r, as iOS draws widget, icon and `RoundedRectangle(style:
    /// .continuous)` corners.
    case continuous
}

/// A sequence of subpaths made of lines and Bézier curves.
public struct Path: Hashable, Sendable {
    public private(set) var elements: [PathElement] = []
    /// The current point, where the next segment starts.
    public private(set) var currentPoint: Point? = nil
    private var subpathStart: Point? = nil

    public init() {}
    public init(_ build: (inout Path) -> Void) { build(&self) }

    public var isEmpty: Bool { elements.isEmpty }

    public mutating func move(to p: Point) {
        elements.append(.move(p))
        currentPoint = p
        subpathStart = p
    }
    public mutating func addLine(to p: Point) {
        if currentPoint == nil {
            move(to: p)
            return
        }
        elements.append(.line(p))
        currentPoint = p
    }
    public mutating func addQuadCurve(to p: Point, control: Point) {
        if currentPoint == nil { move(to: control) }
        elements.append(.quad(control, p))
        currentPoint = p
    }
    public mutating func addCurve(to p: Point, control1: Point, control2: Point) {
        if currentPoint == nil { move(to: control1) }
        elements.append(.cubic(control1, control2, p))
        currentPoint = p
    }
    public mutating func closeSubpath() {
        guard currentPoint != nil, let last = elements.last, last != .close else { return }
        elements.append(.close)
        currentPoint = subpathStart
    }
    /// Appends every subpath of `other`.
    public mutating func addPath(_ other: Path, transform: Transform = .identity) {
        let moved = transform.isIdentity ? other : other.applying(transform)
        elements.append(contentsOf: moved.elements)
        currentPoint = moved.currentPoint
        subpathStart = moved.subpathStart
    }

    /// The path with every point mapped through `t` (Bézier curves map exactly under affine maps).
    public func applying(_ t: Transform) -> Path {
        var out = Path()
        out.elements.reserveCapacity(elements.count)
        for e in elements {
            switch e {
            case .move(let p): out.elements.append(.move(t.apply(p)))
            case .line(let p): out.elements.append(.line(t.apply(p)))
            case .quad(let c, let p): out.elements.append(.quad(t.apply(c), t.apply(p)))
            case .cubic(let c1, let c2, let p): out.elements.append(.cubic(t.apply(c1), t.apply(c2), t.apply(p)))
            case .close: out.elements.append(.close)
            }
        }
        out.currentPoint = currentPoint.map(t.apply)
        out.subpathStart = subpathStart.map(t.apply)
        return out
    }

    /// The bounds of all points and control points (contains the path; may be slightly larger).
    public var controlBounds: Rect {
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        func add(_ p: Point) {
            minX = Swift.min(minX, p.x)
            minY = Swift.min(minY, p.y)
            maxX = Swift.max(maxX, p.x)
            maxY = Swift.max(maxY, p.y)
        }
        for e in elements {
            switch e {
            case .move(let p), .line(let p): add(p)
            case .quad(let c, let p):
                add(c)
                add(p)
            case .cubic(let c1, let c2, let p):
                add(c1)
                add(c2)
                add(p)
            case .close: break
            }
        }
        if minX > maxX { return .zero }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

// MARK: - Shapes

/// The kappa constant for approximating a quarter circle with one cubic: 4/3·(√2 − 1).
private let kappa = 0.5522847498307936

/// Apple's continuous corner, in units of the corner radius, measured from the corner along the
/// first edge: the curve leaves the straight edge this far from the corner. The control points
/// below trace the published reverse-engineering of UIKit's rounded-rect path (iOS 7 and later);
/// the numbers are facts about that curve, the construction is ours.
public let continuousCornerExtent = 1.52866483

extension Path {
    /// A rectangle, clockwise on screen from the top-left corner.
    public init(rect r: Rect) {
        self.init()
        move(to: Point(r.minX, r.minY))
        addLine(to: Point(r.maxX, r.minY))
        addLine(to: Point(r.maxX, r.maxY))
        addLine(to: Point(r.minX, r.maxY))
        closeSubpath()
    }

    /// An ellipse inscribed in `r`, clockwise on screen from the rightmost point.
    public init(ellipseIn r: Rect) {
        self.init()
        let cx = r.midX
        let cy = r.midY
        let rx = r.width / 2
        let ry = r.height / 2
        let kx = rx * kappa
        let ky = ry * kappa
        move(to: Point(cx + rx, cy))
        addCurve(to: Point(cx, cy + ry), control1: Point(cx + rx, cy + ky), control2: Point(cx + kx, cy + ry))
        addCurve(to: Point(cx - rx, cy), control1: Point(cx - kx, cy + ry), control2: Point(cx - rx, cy + ky))
        addCurve(to: Point(cx, cy - ry), control1: Point(cx - rx, cy - ky), control2: Point(cx - kx, cy - ry))
        addCurve(to: Point(cx + rx, cy), control1: Point(cx + kx, cy - ry), control2: Point(cx + rx, cy - ky))
        closeSubpath()
    }

    /// A circle of `radius` around `center`.
    public init(circleCenter center: Point, radius: Double) {
        self.init(ellipseIn: Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius))
    }

    /// A capsule: a rounded rectangle whose corner radius is half its shorter side.
    public init(capsuleIn r: Rect, style: RoundedCornerStyle = .circular) {
        self.init(roundedRect: r, cornerRadius: Swift.min(r.width, r.height) / 2, style: style)
    }

    /// A rounded rectangle. The radius is clamped to half the shorter side (circular) or to the
    /// largest radius whose continuous corners still fit (continuous).
    public init(roundedRect r: Rect, cornerRadius: Double, style: RoundedCornerStyle = .circular) {
        // A single radius stays circular: both axes clamp to the shorter side.
        var radius = Swift.max(0, Swift.min(cornerRadius, Swift.min(r.width, r.height) / 2))
        if style == .continuous, radius < Swift.min(r.width, r.height) / 2 {
            radius = Swift.min(radius, Swift.min(r.width, r.height) / 2 / continuousCornerExtent)
        }
        self.init(roundedRect: r, cornerSize: Size(radius, radius), style: style)
    }

    /// A rounded rectangle with elliptical corners of `cornerSize` (SwiftUI's `cornerSize:`).
    public init(roundedRect r: Rect, cornerSize: Size, style: RoundedCornerStyle = .circular) {
        self.init()
        guard !r.isEmpty else { return }
        var rx = Swift.max(0, Swift.min(cornerSize.width, r.width / 2))
        var ry = Swift.max(0, Swift.min(cornerSize.height, r.height / 2))
        if rx == 0 || ry == 0 {
            self = Path(rect: r)
            return
        }
        switch style {
        case .circular:
            addCircularRoundedRect(r, rx, ry)
        case .continuous:
            // The continuous corner needs 1.528·r of straight edge per side. When the rectangle is
            // too small for that, the corner shrinks until it fits, as UIKit does; a radius of half
            // the shorter side then becomes a capsule with circular ends.
            let limitX = r.width / 2 / continuousCornerExtent
            let limitY = r.height / 2 / continuousCornerExtent
            if rx > limitX || ry > limitY {
                if rx >= r.width / 2 - 1e-9 || ry >= r.height / 2 - 1e-9 {
                    addCircularRoundedRect(r, rx, ry)
                    return
                }
                rx = Swift.min(rx, limitX)
                ry = Swift.min(ry, limitY)
            }
            addContinuousRoundedRect(r, rx, ry)
        }
    }

    private mutating func addCircularRoundedRect(_ r: Rect, _ rx: Double, _ ry: Double) {
        let kx = rx * (1 - kappa)
        let ky = ry * (1 - kappa)
        move(to: Point(r.minX + rx, r.minY))
        addLine(to: Point(r.maxX - rx, r.minY))
        addCurve(to: Point(r.maxX, r.minY + ry), control1: Point(r.maxX - kx, r.minY), control2: Point(r.maxX, r.minY + ky))
        addLine(to: Point(r.maxX, r.maxY - ry))
        addCurve(to: Point(r.maxX - rx, r.maxY), control1: Point(r.maxX, r.maxY - ky), control2: Point(r.maxX - kx, r.maxY))
        addLine(to: Point(r.minX + rx, r.maxY))
        addCurve(to: Point(r.minX, r.maxY - ry), control1: Point(r.minX + kx, r.maxY), control2: Point(r.minX, r.maxY - ky))
        addLine(to: Point(r.minX, r.minY + ry))
        addCurve(to: Point(r.minX + rx, r.minY), control1: Point(r.minX, r.minY + ky), control2: Point(r.minX + kx, r.minY))
        closeSubpath()
    }

    /// Continuous corners: each corner is an easing cubic off the straight edge, a short line,
    /// a near-circular cubic around the diagonal, a short line, and the mirror of the easing
    /// cubic, symmetric about the corner's diagonal.
    private mutating func addContinuousRoundedRect(_ r: Rect, _ rx: Double, _ ry: Double) {
        // Corner frames: origin at the sharp corner, `u` pointing back along the incoming edge,
        // `v` along the outgoing edge; traversal is clockwise on screen.
        let corners: [(Point, Point, Point)] = [
            (Point(r.maxX, r.minY), Point(-1, 0), Point(0, 1)),
            (Point(r.maxX, r.maxY), Point(0, -1), Point(-1, 0)),
            (Point(r.minX, r.maxY), Point(1, 0), Point(0, -1)),
            (Point(r.minX, r.minY), Point(0, 1), Point(1, 0)),
        ]
        for (index, (corner, u, v)) in corners.enumerated() {
            // Horizontal edges use rx, vertical ones ry; u and v are unit axis vectors.
            let su = u.x != 0 ? rx : ry
            let sv = v.x != 0 ? rx : ry
            func map(_ p: Point) -> Point { corner + u * (p.x * su) + v * (p.y * sv) }
            let start = map(Point(continuousCornerExtent, 0))
            if index == 0 { move(to: start) } else { addLine(to: start) }
            addCurve(
                to: map(Point(0.66993427, 0.06549600)),
                control1: map(Point(1.08849323, 0)), control2: map(Point(0.86840689, 0)))
            addLine(to: map(Point(0.63149399, 0.07491100)))
            addCurve(
                to: map(Point(0.07491100, 0.63149399)),
                control1: map(Point(0.37282392, 0.16905899)), control2: map(Point(0.16905899, 0.37282392)))
            addLine(to: map(Point(0.06549600, 0.66993427)))
            addCurve(
                to: map(Point(0, continuousCornerExtent)),
                control1: map(Point(0, 0.86840689)), control2: map(Point(0, 1.08849323)))
        }
        closeSubpath()
    }

    /// Appends a circular arc. Angles are in radians, measured clockwise on screen from the +x
    /// axis (SwiftUI's convention); `clockwise` follows SwiftUI's flipped meaning, so `false`
    /// sweeps with increasing angle, which looks clockwise on screen.
    public mutating func addArc(
        center: Point, radius: Double, startAngle: Double, endAngle: Double,
        clockwise: Bool = false
    ) {
        var sweep = endAngle - startAngle
        let full = 2 * Double.pi
        if !clockwise {
            if sweep < 0 { sweep = sweep.truncatingRemainder(dividingBy: full) + full }
            if endAngle - startAngle >= full { sweep = full }
        } else {
            if sweep > 0 { sweep = sweep.truncatingRemainder(dividingBy: full) - full }
            if startAngle - endAngle >= full { sweep = -full }
        }
        let start = Point(center.x + radius * cos(startAngle), center.y + radius * sin(startAngle))
        if currentPoint == nil { move(to: start) } else { addLine(to: start) }
        if sweep == 0 || radius <= 0 { return }
        let pieces = Swift.max(1, Int((abs(sweep) / (Double.pi / 2) - 1e-9).rounded(.up)))
        let step = sweep / Double(pieces)
        // A cubic approximates an arc of angle θ with handles of length 4/3·tan(θ/4)·r.
        let handle = 4.0 / 3.0 * tan(step / 4) * radius
        var angle = startAngle
        for _ in 0..<pieces {
            let next = angle + step
            let p0 = Point(center.x + radius * cos(angle), center.y + radius * sin(angle))
            let p3 = Point(center.x + radius * cos(next), center.y + radius * sin(next))
            let c1 = Point(p0.x - handle * sin(angle), p0.y + handle * cos(angle))
            let c2 = Point(p3.x + handle * sin(next), p3.y - handle * cos(next))
            addCurve(to: p3, control1: c1, control2: c2)
            angle = next
        }
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
