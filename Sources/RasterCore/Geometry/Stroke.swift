// Strokes become fills. Each flattened subpath is outlined into closed polygons that are filled
// with the non-zero rule: an open subpath gives one loop (left side forward, end cap, right side
// back, start cap); a closed one gives two loops of opposite direction. On the inner side of a
// turn the outline runs through the vertex itself, which adds only overlapping area of the same
// winding, so the non-zero fill stays exact without computing offset-curve intersections.
import WidgetModel

extension Path {
    /// The outline of this path stroked with `style`, as polygons in device space to fill with the
    /// non-zero rule. The stroke is built in the path's own space and then transformed, so a
    /// non-uniform scale widens the stroke as it would on screen.
    public func strokeOutline(
        _ style: StrokeStyle, transform: Transform = .identity,
        tolerance: Double = defaultFlatteningTolerance
    ) -> [Polyline] {
        guard style.lineWidth > 0, style.lineWidth.isFinite else { return [] }
        let scale = Swift.max(transform.maxScale, 1e-9)
        let localTolerance = tolerance / scale
        var lines = flattened(tolerance: localTolerance)
        if let pattern = DashPattern(style.dash, phase: style.dashPhase) {
            // A budget over the whole path, not per subpath: many subpaths each just under a
            // per-line limit made gigabytes of dashes. Past it the stroke is drawn solid.
            let total = lines.reduce(0) { $0 + $1.length }
            if total / pattern.total <= DashPattern.maxDashes { lines = lines.flatMap { pattern.apply(to: $0) } }
        }
        var stroker = Stroker(halfWidth: style.lineWidth / 2, style: style, tolerance: localTolerance)
        for line in lines { stroker.stroke(line) }
        if transform.isIdentity { return stroker.output }
        return stroker.output.map { p in
            Polyline(points: p.points.map(transform.apply), isClosed: true)
        }
    }
}

/// A dash pattern: lengths alternate on, off, on, …; an odd count is repeated to make it even,
/// as SVG and Core Graphics do.
struct DashPattern {
    /// Most dash periods one stroke may be cut into.
    static let maxDashes = 100_000.0
    let lengths: [Double]
    let total: Double
    let phase: Double

    init?(_ dash: [Double], phase: Double) {
        guard !dash.isEmpty, dash.allSatisfy({ $0 >= 0 && $0.isFinite }) else { return nil }
        let even = dash.count % 2 == 1 ? dash + dash : dash
        let sum = even.reduce(0, +)
        guard sum > 1e-6 else { return nil }
        lengths = even
        total = sum
        let p = phase.truncatingRemainder(dividingBy: sum)
        self.phase = p < 0 ? p + sum : p
    }

    func apply(to line: Polyline) -> [Polyline] {
        let length = line.length
        guard length > 0 else { return [] }
        // Guard against patterns so fine that they would produce millions of dashes.
        if length / total > DashPattern.maxDashes { return [line] }
        var out: [Polyline] = []
        var position = -phase
        var index = 0
        while position < length {
            let on = index % 2 == 0
            let end = position + lengths[index]
            if on, end > 0, let piece = line.segment(from: Swift.max(0, position), to: Swift.min(length, end)) {
                out.append(piece)
            }
            position = end
            index = (index + 1) % lengths.count
        }
        return out
    }
}

/// Builds the outline polygons of strokes.
struct Stroker {
    let hw: Double
    let style: StrokeStyle
    let tolerance: Double
    var output: [Polyline] = []

    init(halfWidth: Double, style: StrokeStyle, tolerance: Double) {
        hw = halfWidth
        self.style = style
        self.tolerance = tolerance
    }

    /// The angle step that keeps an arc of radius `hw` within the tolerance.
    private var arcStep: Double {
        let ratio = Swift.max(-1, Swift.min(1, 1 - tolerance / hw))
        return Swift.max(2 * acos(ratio), Double.pi / 180)
    }

    mutating func stroke(_ line: Polyline) {
        let pts = line.points
        if pts.count == 1 || (pts.count == 2 && pts[0] == pts[1]) {
            dot(at: pts[0])
            return
        }
        if line.isClosed && pts.count > 2 {
            var left: [Point] = []
            var right: [Point] = []
            let n = pts.count
            for i in 0..<n {
                let prev = pts[(i + n - 1) % n]
                let cur = pts[i]
                let next = pts[(i + 1) % n]
                join(&left, prev, cur, next, side: 1, smooth: line.smooth[i])
                join(&right, prev, cur, next, side: -1, smooth: line.smooth[i])
            }
            output.append(Polyline(points: left, isClosed: true))
            output.append(Polyline(points: right.reversed(), isClosed: true))
            return
        }
        var outline: [Point] = []
        let n = pts.count
        let d0 = unit(pts[1] - pts[0])
        outline.append(pts[0] + normal(d0) * hw)
        for i in 1..<(n - 1) { join(&outline, pts[i - 1], pts[i], pts[i + 1], side: 1, smooth: line.smooth[i]) }
        let dn = unit(pts[n - 1] - pts[n - 2])
        cap(&outline, at: pts[n - 1], direction: dn)
        for i in stride(from: n - 2, through: 1, by: -1) {
            join(&outline, pts[i + 1], pts[i], pts[i - 1], side: 1, smooth: line.smooth[i])
        }
        cap(&outline, at: pts[0], direction: -d0)
        output.append(Polyline(points: outline, isClosed: true))
    }

    /// A zero-length subpath: round and square caps still draw a dot, butt draws nothing.
    private mutating func dot(at p: Point) {
        switch style.lineCap {
        case .butt: return
        case .square:
            output.append(
                Polyline(points: [p + Point(-hw, -hw), p + Point(hw, -hw), p + Point(hw, hw), p + Point(-hw, hw)], isClosed: true))
        case .round:
            var ring: [Point] = []
            let steps = Swift.max(8, Int((2 * Double.pi / arcStep).rounded(.up)))
            let step = 2 * Double.pi / Double(steps)
            let r = hw * (step / sin(step)).squareRoot()  // same area as the circle
            for i in 0..<steps {
                let t = Double(i) * step
                ring.append(Point(p.x + r * cos(t), p.y + r * sin(t)))
            }
            output.append(Polyline(points: ring, isClosed: true))
        }
    }

    /// The cap at the end of a subpath reached travelling in `direction`, from the left offset
    /// point to the right one.
    private func cap(_ out: inout [Point], at p: Point, direction d: Point) {
        let n = normal(d) * hw
        switch style.lineCap {
        case .butt:
            out.append(p + n)
            out.append(p - n)
        case .square:
            let e = d * hw
            out.append(p + n)
            out.append(p + n + e)
            out.append(p - n + e)
            out.append(p - n)
        case .round:
            out.append(p + n)
            arc(&out, center: p, from: n, sweep: Double.pi)
            out.append(p - n)
        }
    }

    /// The corner at `cur` on the given side (+1 left, −1 right of travel from `prev` to `next`).
    private func join(_ out: inout [Point], _ prev: Point, _ cur: Point, _ next: Point, side: Double, smooth: Bool) {
        let d0 = unit(cur - prev)
        let d1 = unit(next - cur)
        let n0 = normal(d0) * (hw * side)
        let n1 = normal(d1) * (hw * side)
        let a = cur + n0
        let b = cur + n1
        // With y down, the left normal (d.y, −d.x) points away from a positive cross product:
        // turn > 0 means the path bends towards this side, so this side is the inner corner.
        let turn = -d0.cross(d1) * side
        let cosPhi = d0.dot(d1)
        if abs(turn) < 1e-12 && cosPhi > 0 {
            out.append(a)
            return
        }
        if turn > 0 {
            // Inner corner: the two offset edges cross at the inner miter point. When that point
            // lies within both segments it is the exact boundary; otherwise (a thick stroke on
            // short segments) the outline runs through the vertex, which only adds overlap of the
            // same winding. The exact point is preferred because overlaps inside one pixel would
            // count twice in the area-based coverage.
            let denom = 1 + cosPhi
            let reach = denom > 1e-9 ? hw * ((1 - cosPhi) / denom).squareRoot() : Double.infinity  // hw·tan(φ/2)
            if reach <= Swift.min((cur - prev).length, (next - cur).length) {
                out.append(cur + (n0 + n1) * (1 / denom))
            } else {
                out.append(a)
                out.append(cur)
                out.append(b)
            }
            return
        }
        var kind = style.lineJoin
        if smooth { kind = .miter }
        switch kind {
        case .bevel:
            out.append(a)
            out.append(b)
        case .miter:
            // Miter length over stroke width is 1/cos(φ/2), φ the angle between the normals.
            let denom = 1 + cosPhi
            let limit = smooth ? 4.0 : style.miterLimit
            if denom > 1e-12, 1 / (denom / 2).squareRoot() <= limit {
                out.append(a)
                out.append(cur + (n0 + n1) * (1 / denom))
                out.append(b)
            } else {
                out.append(a)
                out.append(b)
            }
        case .round:
            out.append(a)
            let start = atan2(n0.y, n0.x)
            let end = atan2(n1.y, n1.x)
            var sweep = end - start
            // Outer side: sweep the short way round, away from the turn.
            while sweep > Double.pi { sweep -= 2 * Double.pi }
            while sweep < -Double.pi { sweep += 2 * Double.pi }
            if abs(turn) < 1e-12 { sweep = -Double.pi * side }
            arc(&out, center: cur, from: n0, sweep: sweep)
            out.append(b)
        }
    }

    /// Points strictly inside an arc of radius hw from the offset `from` through `sweep` radians.
    /// The points sit at the radius that gives the polygon the same area as the arc's sector
    /// (r·√(θ / sin θ) for a step θ), so round caps and joins lose no coverage to flattening.
    private func arc(_ out: inout [Point], center: Point, from v: Point, sweep: Double) {
        let steps = Int((abs(sweep) / arcStep).rounded(.up))
        guard steps > 1 else { return }
        let step = abs(sweep) / Double(steps)
        let r = hw * (step / sin(step)).squareRoot()
        let start = atan2(v.y, v.x)
        for i in 1..<steps {
            let t = start + sweep * Double(i) / Double(steps)
            out.append(Point(center.x + r * cos(t), center.y + r * sin(t)))
        }
    }

    private func unit(_ v: Point) -> Point {
        let l = v.length
        return l > 0 ? v * (1 / l) : Point(1, 0)
    }
    /// The left normal of a direction on screen (y down): rotate by −90°.
    private func normal(_ d: Point) -> Point { Point(d.y, -d.x) }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
