// Curves to polylines. Every fill and stroke goes through here: Bézier segments are split
// into straight lines whose distance from the true curve stays under a tolerance given in
// device pixels, so the error is the same whatever the transform.
import WidgetModel

/// One flattened subpath: a list of points, and whether it closes back to its first point.
public struct Polyline: Sendable, Equatable {
    public var points: [Point]
    public var isClosed: Bool
    /// For each point, true when it lies inside a curve (so a stroke needs no real join there).
    var smooth: [Bool]

    public init(points: [Point], isClosed: Bool) {
        self.points = points
        self.isClosed = isClosed
        smooth = Array(repeating: false, count: points.count)
    }
    init(points: [Point], isClosed: Bool, smooth: [Bool]) {
        self.points = points
        self.isClosed = isClosed
        self.smooth = smooth
    }
}

/// The default flattening tolerance: the largest distance, in device pixels, between a curve and
/// the lines that stand for it. 1/32 px keeps the area lost on a 10 px circle near 0.1%.
public let defaultFlatteningTolerance = 1.0 / 32.0

/// The most points curve flattening may add for one path (see `Path.flattened`).
public let maxFlattenedPoints = 4_000_000

extension Path {
    /// The path as polylines, after applying `transform`, with curves split so that no point of
    /// a line lies further than `tolerance` from the curve.
    public func flattened(transform: Transform = .identity, tolerance: Double = defaultFlatteningTolerance) -> [Polyline] {
        var out: [Polyline] = []
        var pts: [Point] = []
        var smooth: [Bool] = []
        var closed = false
        var start = Point.zero
        func finish() {
            if pts.count > 1 || (pts.count == 1 && closed) {
                out.append(Polyline(points: pts, isClosed: closed, smooth: smooth))
            } else if pts.count == 1 {
                out.append(Polyline(points: pts, isClosed: false, smooth: smooth))
            }
            pts.removeAll(keepingCapacity: true)
            smooth.removeAll(keepingCapacity: true)
            closed = false
        }
        func add(_ p: Point, _ isSmooth: Bool) {
            if let last = pts.last, last == p { return }
            pts.append(p)
            smooth.append(isSmooth)
        }
        let tol = max(tolerance, 1e-4)
        // How many lines a curve becomes: as many as the tolerance needs, at most 1,000 per curve
        // and `maxFlattenedPoints` per path (tens of thousands of curves at 10⁹ coordinates would
        // otherwise make billions of points); past the budget curves degrade to their chords.
        // Non-finite sizes (a NaN or infinite coordinate) give one piece instead of a trap.
        var budget = maxFlattenedPoints
        func pieces(_ exact: Double) -> Int {
            let wanted = exact.isFinite ? Int(Swift.min(1000, Swift.max(1, exact.rounded(.up)))) : 1
            let n = Swift.max(1, Swift.min(wanted, budget / 16))
            budget = Swift.max(0, budget - n)
            return n
        }
        for e in elements {
            switch e {
            case .move(let p):
                finish()
                start = transform.apply(p)
                pts.append(start)
                smooth.append(false)
            case .line(let p):
                if pts.isEmpty {
                    pts.append(start)
                    smooth.append(false)
                }
                add(transform.apply(p), false)
            case .quad(let c, let p):
                if pts.isEmpty {
                    pts.append(start)
                    smooth.append(false)
                }
                let p0 = pts.last!
                let p1 = transform.apply(c)
                let p2 = transform.apply(p)
                // Chord error of n uniform pieces is |p0 − 2p1 + p2| / (4n²).
                let dd = (p0 - p1 * 2 + p2).length
                let n = pieces((dd / (4 * tol)).squareRoot())
                for i in 1...n {
                    let t = Double(i) / Double(n)
                    let mt = 1 - t
                    add(p0 * (mt * mt) + p1 * (2 * mt * t) + p2 * (t * t), i < n)
                }
            case .cubic(let c1, let c2, let p):
                if pts.isEmpty {
                    pts.append(start)
                    smooth.append(false)
                }
                let p0 = pts.last!
                let p1 = transform.apply(c1)
                let p2 = transform.apply(c2)
                let p3 = transform.apply(p)
                // The second derivative is bounded by 6·max|second differences|; the chord error
                // of n uniform pieces is at most that bound / (8n²).
                let m = Swift.max((p0 - p1 * 2 + p2).length, (p1 - p2 * 2 + p3).length)
                let n = pieces((3 * m / (4 * tol)).squareRoot())
                for i in 1...n {
                    let t = Double(i) / Double(n)
                    let mt = 1 - t
                    let a = mt * mt * mt
                    let b = 3 * mt * mt * t
                    let cc = 3 * mt * t * t
                    let d = t * t * t
                    add(Point(a * p0.x + b * p1.x + cc * p2.x + d * p3.x, a * p0.y + b * p1.y + cc * p2.y + d * p3.y), i < n)
                }
            case .close:
                if !pts.isEmpty {
                    if pts.count > 1, pts.last == pts.first {
                        pts.removeLast()
                        smooth.removeLast()
                    }
                    closed = true
                    let first = pts.first!
                    finish()
                    start = first
                }
            }
        }
        finish()
        return out
    }
}

extension Polyline {
    /// Total length, including the closing segment of a closed polyline.
    public var length: Double {
        guard points.count > 1 else { return 0 }
        var total = 0.0
        for i in 1..<points.count { total += (points[i] - points[i - 1]).length }
        if isClosed { total += (points[0] - points[points.count - 1]).length }
        return total
    }

    /// The open piece between arc lengths `from` and `to` (0 ≤ from ≤ to ≤ length).
    public func segment(from: Double, to: Double) -> Polyline? {
        guard points.count > 1, to > from else { return nil }
        var pts = points
        var sm = smooth
        if isClosed {
            pts.append(points[0])
            sm.append(false)
        }
        var out: [Point] = []
        var outSmooth: [Bool] = []
        var walked = 0.0
        for i in 1..<pts.count {
            let a = pts[i - 1]
            let b = pts[i]
            let len = (b - a).length
            let s0 = walked
            let s1 = walked + len
            walked = s1
            if len == 0 || s1 < from { continue }
            if s0 > to { break }
            if out.isEmpty {
                out.append(a.lerp(b, Swift.max(0, (from - s0) / len)))
                outSmooth.append(false)
            }
            if s1 <= to {
                out.append(b)
                outSmooth.append(sm[i])
            } else {
                out.append(a.lerp(b, (to - s0) / len))
                outSmooth.append(false)
                break
            }
        }
        if let last = outSmooth.indices.last { outSmooth[last] = false }
        return out.count > 1 ? Polyline(points: out, isClosed: false, smooth: outSmooth) : nil
    }
}
