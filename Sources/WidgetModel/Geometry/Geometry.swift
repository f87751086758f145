// Plain geometry in points or pixels, as Double. No pixels and no drawing here: the raster
// core in WidgetRaster reads these values, and the layout and DSL build them.

/// `v` rounded to the nearest Int without trapping: NaN is 0 and magnitudes beyond 2⁴⁰ are
/// clamped (no pixmap is that large, so a clamped offset or size is as good as the real one).
@inlinable
public func clampedInt(_ v: Double) -> Int {
    guard !v.isNaN else { return 0 }
    return Int(Swift.min(Swift.max(v.rounded(), -0x100_0000_0000), 0x100_0000_0000))
}

/// A location in a two-dimensional coordinate system whose y axis points down.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(0, 0)

    public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    public static func * (a: Point, k: Double) -> Point { Point(a.x * k, a.y * k) }
    public static func * (k: Double, a: Point) -> Point { Point(a.x * k, a.y * k) }
    public static prefix func - (a: Point) -> Point { Point(-a.x, -a.y) }

    /// Euclidean length of the vector from the origin to this point.
    public var length: Double { (x * x + y * y).squareRoot() }
    /// Dot product, treating both points as vectors.
    public func dot(_ other: Point) -> Double { x * other.x + y * other.y }
    /// z component of the cross product, treating both points as vectors.
    public func cross(_ other: Point) -> Double { x * other.y - y * other.x }
    /// Linear interpolation: `self` at t = 0, `other` at t = 1.
    public func lerp(_ other: Point, _ t: Double) -> Point { Point(x + (other.x - x) * t, y + (other.y - y) * t) }

    public var description: String { "(\(x), \(y))" }
}

/// A width and a height.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    public init(_ width: Double, _ height: Double) {
        self.width = width
        self.height = height
    }
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(0, 0)
    public var description: String { "\(width)×\(height)" }
}

/// An axis-aligned rectangle given by its origin (top-left corner) and size.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }
    public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x, y)
        size = Size(width, height)
    }
    /// The smallest rectangle holding both corners.
    public init(corners a: Point, _ b: Point) {
        origin = Point(Swift.min(a.x, b.x), Swift.min(a.y, b.y))
        size = Size(abs(a.x - b.x), abs(a.y - b.y))
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var center: Point { Point(midX, midY) }
    public var isEmpty: Bool { !(size.width > 0 && size.height > 0) }

    /// The rectangle moved inwards by `dx` on the left and right and `dy` on the top and bottom.
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: Swift.max(0, width - 2 * dx), height: Swift.max(0, height - 2 * dy))
    }
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width, height: height)
    }
    /// The overlap of two rectangles, or an empty rectangle when they do not meet.
    public func intersection(_ other: Rect) -> Rect {
        let x0 = Swift.max(minX, other.minX)
        let y0 = Swift.max(minY, other.minY)
        let x1 = Swift.min(maxX, other.maxX)
        let y1 = Swift.min(maxY, other.maxY)
        if x1 <= x0 || y1 <= y0 { return Rect(x: x0, y: y0, width: 0, height: 0) }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
    /// The smallest rectangle holding both.
    public func union(_ other: Rect) -> Rect {
        let x0 = Swift.min(minX, other.minX)
        let y0 = Swift.min(minY, other.minY)
        let x1 = Swift.max(maxX, other.maxX)
        let y1 = Swift.max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
    public func contains(_ p: Point) -> Bool { p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY }

    public var description: String { "(\(minX), \(minY), \(width), \(height))" }
}

/// An affine transform mapping (x, y) to (a·x + c·y + tx, b·x + d·y + ty), as CoreGraphics does.
public struct Transform: Hashable, Sendable {
    public var a, b, c, d, tx, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    public static let identity = Transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public static func translation(_ x: Double, _ y: Double) -> Transform {
        Transform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }
    public static func scale(_ sx: Double, _ sy: Double) -> Transform {
        Transform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }
    public static func scale(_ s: Double) -> Transform { .scale(s, s) }
    /// A rotation by `radians`, clockwise on screen (the y axis points down).
    public static func rotation(_ radians: Double) -> Transform {
        let cs = cos(radians)
        let sn = sin(radians)
        return Transform(a: cs, b: sn, c: -sn, d: cs, tx: 0, ty: 0)
    }

    /// `self` applied first, then `other`.
    public func concatenating(_ other: Transform) -> Transform {
        Transform(
            a: a * other.a + b * other.c,
            b: a * other.b + b * other.d,
            c: c * other.a + d * other.c,
            d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx,
            ty: tx * other.b + ty * other.d + other.ty)
    }
    public func translatedBy(_ x: Double, _ y: Double) -> Transform { Transform.translation(x, y).concatenating(self) }
    public func scaledBy(_ sx: Double, _ sy: Double) -> Transform { Transform.scale(sx, sy).concatenating(self) }
    public func rotatedBy(_ radians: Double) -> Transform { Transform.rotation(radians).concatenating(self) }

    public var determinant: Double { a * d - b * c }
    /// The inverse, or nil when the transform squashes the plane to a line or a point.
    public var inverted: Transform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let ia = d / det
        let ib = -b / det
        let ic = -c / det
        let id = a / det
        return Transform(
            a: ia, b: ib, c: ic, d: id,
            tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
    }
    public var isIdentity: Bool { self == .identity }
    /// True when the transform is a translation and/or axis-aligned scale.
    public var isAxisAligned: Bool { b == 0 && c == 0 }
    /// The geometric mean of the axis scales: how much a length grows, on average.
    public var meanScale: Double { abs(determinant).squareRoot() }
    /// The largest factor by which the transform stretches any length.
    public var maxScale: Double {
        let p = a * a + b * b
        let q = c * c + d * d
        let r = a * c + b * d
        let m = (p + q) / 2
        let s = (((p - q) / 2) * ((p - q) / 2) + r * r).squareRoot()
        return (m + s).squareRoot()
    }

    public func apply(_ p: Point) -> Point { Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty) }
    /// Applies only the linear part (no translation), for vectors.
    public func applyToVector(_ p: Point) -> Point { Point(a * p.x + c * p.y, b * p.x + d * p.y) }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
