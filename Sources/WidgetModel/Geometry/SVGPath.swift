// SVG path data ("M 0 0 L 10 10 C …", SVG 1.1 §8.3) into a Path: absolute and relative
// moveto, lineto, horizontal/vertical lineto, cubic and smooth cubic, quadratic and smooth
// quadratic, elliptical arc, closepath. Errors give the offset and what was expected.

/// Why path data could not be read.
public struct SVGPathError: Error, CustomStringConvertible, Equatable {
    public let offset: Int
    public let message: String
    public var description: String { "path data, character \(offset + 1): \(message)" }
}

extension Path {
    /// Parses SVG path data.
    public init(svgPathData data: String, maxCommands: Int = 100_000) throws {
        self.init()
        var p = SVGPathParser(Array(data.utf8), maxCommands: maxCommands)
        try p.parse(into: &self)
    }
}

struct SVGPathParser {
    let s: [UInt8]
    var i = 0
    let maxCommands: Int
    init(_ s: [UInt8], maxCommands: Int) {
        self.s = s
        self.maxCommands = maxCommands
    }

    func fail(_ m: String) -> SVGPathError { SVGPathError(offset: i, message: m) }

    mutating func skip() {
        while i < s.count, s[i] == 0x20 || s[i] == 0x09 || s[i] == 0x0A || s[i] == 0x0D || s[i] == 0x2C { i += 1 }
    }

    mutating func number() throws -> Double {
        skip()
        let start = i
        if i < s.count, s[i] == 0x2B || s[i] == 0x2D { i += 1 }
        var digits = 0
        while i < s.count, (0x30...0x39).contains(s[i]) {
            i += 1
            digits += 1
        }
        if i < s.count, s[i] == 0x2E {
            i += 1
            while i < s.count, (0x30...0x39).contains(s[i]) {
                i += 1
                digits += 1
            }
        }
        guard digits > 0 else {
            i = start
            throw fail("expected a number")
        }
        if i < s.count, s[i] == 0x65 || s[i] == 0x45 {
            let save = i
            i += 1
            if i < s.count, s[i] == 0x2B || s[i] == 0x2D { i += 1 }
            var e = 0
            while i < s.count, (0x30...0x39).contains(s[i]) {
                i += 1
                e += 1
            }
            if e == 0 { i = save }
        }
        // Coordinates past ±1e9 points mean nothing on a widget and would overflow later sums.
        guard let v = Double(String(decoding: s[start..<i], as: UTF8.self)), v.isFinite, abs(v) <= 1e9 else {
            i = start
            throw fail("number out of range (±1e9)")
        }
        return v
    }

    mutating func flag() throws -> Bool {
        skip()
        guard i < s.count, s[i] == 0x30 || s[i] == 0x31 else { throw fail("expected an arc flag (0 or 1)") }
        defer { i += 1 }
        return s[i] == 0x31
    }

    /// True when another number follows (an implicit repeat of the last command).
    mutating func hasNumber() -> Bool {
        skip()
        guard i < s.count else { return false }
        let c = s[i]
        return (0x30...0x39).contains(c) || c == 0x2B || c == 0x2D || c == 0x2E
    }

    mutating func parse(into path: inout Path) throws {
        var current = Point.zero
        var start = Point.zero
        var lastControl: Point? = nil
        var lastQuad: Point? = nil
        var commands = 0
        skip()
        guard i < s.count else { return }
        var command: UInt8 = 0
        while true {
            skip()
            if i >= s.count { break }
            let c = s[i]
            if (0x41...0x5A).contains(c) || (0x61...0x7A).contains(c) {
                command = c
                i += 1
            } else if command == 0 || !hasNumber() {
                throw fail("expected a command letter (M, L, H, V, C, S, Q, T, A, Z)")
            } else if command == UInt8(ascii: "M") {
                command = UInt8(ascii: "L")
            } else if command == UInt8(ascii: "m") {
                command = UInt8(ascii: "l")
            }
            commands += 1
            if commands > maxCommands { throw fail("more than \(maxCommands) commands") }
            let relative = command >= 0x61
            func pt(_ x: Double, _ y: Double) -> Point { relative ? Point(current.x + x, current.y + y) : Point(x, y) }
            var control: Point? = nil
            var quad: Point? = nil
            switch command | 0x20 {  // lower-cased
            case UInt8(ascii: "m"):
                let p = pt(try number(), try number())
                path.move(to: p)
                current = p
                start = p
            case UInt8(ascii: "l"):
                let p = pt(try number(), try number())
                path.addLine(to: p)
                current = p
            case UInt8(ascii: "h"):
                let x = try number()
                current = Point(relative ? current.x + x : x, current.y)
                path.addLine(to: current)
            case UInt8(ascii: "v"):
                let y = try number()
                current = Point(current.x, relative ? current.y + y : y)
                path.addLine(to: current)
            case UInt8(ascii: "c"):
                let c1 = pt(try number(), try number())
                let c2 = pt(try number(), try number())
                let p = pt(try number(), try number())
                path.addCurve(to: p, control1: c1, control2: c2)
                current = p
                control = c2
            case UInt8(ascii: "s"):
                let c1 = lastControl.map { current * 2 - $0 } ?? current
                let c2 = pt(try number(), try number())
                let p = pt(try number(), try number())
                path.addCurve(to: p, control1: c1, control2: c2)
                current = p
                control = c2
            case UInt8(ascii: "q"):
                let c = pt(try number(), try number())
                let p = pt(try number(), try number())
                path.addQuadCurve(to: p, control: c)
                current = p
                quad = c
            case UInt8(ascii: "t"):
                let c = lastQuad.map { current * 2 - $0 } ?? current
                let p = pt(try number(), try number())
                path.addQuadCurve(to: p, control: c)
                current = p
                quad = c
            case UInt8(ascii: "a"):
                let rx = abs(try number())
                let ry = abs(try number())
                let rotation = try number()
                let large = try flag()
                let sweep = try flag()
                let p = pt(try number(), try number())
                Path.appendSVGArc(&path, from: current, to: p, rx: rx, ry: ry, rotation: rotation, large: large, sweep: sweep)
                current = p
            case UInt8(ascii: "z"):
                path.closeSubpath()
                current = start
            default:
                i -= 1
                throw fail("unknown command '\(Character(Unicode.Scalar(command)))'")
            }
            lastControl = control
            lastQuad = quad
        }
    }
}

extension Path {
    /// Appends an SVG elliptical arc as cubics (endpoint to centre parameterisation, SVG 1.1 F.6.5).
    static func appendSVGArc(
        _ path: inout Path, from p0: Point, to p1: Point, rx rxIn: Double, ry ryIn: Double,
        rotation: Double, large: Bool, sweep: Bool
    ) {
        if p0 == p1 { return }
        // A zero radius is a line (SVG 1.1 F.6.2); so is one too small to square without underflow,
        // which would otherwise turn the centre and angles into NaN (found by the SVG fuzzer).
        if rxIn < 1e-9 || ryIn < 1e-9 {
            path.addLine(to: p1)
            return
        }
        let phi = rotation * Double.pi / 180
        let cosP = cos(phi)
        let sinP = sin(phi)
        let dx = (p0.x - p1.x) / 2
        let dy = (p0.y - p1.y) / 2
        let x1 = cosP * dx + sinP * dy
        let y1 = -sinP * dx + cosP * dy
        var rx = rxIn
        var ry = ryIn
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 {
            rx *= lambda.squareRoot()
            ry *= lambda.squareRoot()
        }
        let num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let den = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var k = den == 0 ? 0 : (max(0, num / den)).squareRoot()
        if large == sweep { k = -k }
        let cx1 = k * rx * y1 / ry
        let cy1 = -k * ry * x1 / rx
        let cx = cosP * cx1 - sinP * cy1 + (p0.x + p1.x) / 2
        let cy = sinP * cx1 + cosP * cy1 + (p0.y + p1.y) / 2
        func angle(_ ux: Double, _ uy: Double, _ vx: Double, _ vy: Double) -> Double {
            let a = atan2(ux * vy - uy * vx, ux * vx + uy * vy)
            return a
        }
        let theta1 = angle(1, 0, (x1 - cx1) / rx, (y1 - cy1) / ry)
        var delta = angle((x1 - cx1) / rx, (y1 - cy1) / ry, (-x1 - cx1) / rx, (-y1 - cy1) / ry)
        if !sweep && delta > 0 { delta -= 2 * Double.pi } else if sweep && delta < 0 { delta += 2 * Double.pi }
        guard theta1.isFinite, delta.isFinite, cx.isFinite, cy.isFinite, rx.isFinite, ry.isFinite else {
            path.addLine(to: p1)
            return
        }
        let segments = max(1, Int((abs(delta) / (Double.pi / 2)).rounded(.up)))
        let step = delta / Double(segments)
        let t = 4.0 / 3.0 * tan(step / 4)
        var a = theta1
        for _ in 0..<segments {
            let b = a + step
            let (ca, sa, cb, sb) = (cos(a), sin(a), cos(b), sin(b))
            func map(_ x: Double, _ y: Double) -> Point { Point(cx + rx * x * cosP - ry * y * sinP, cy + rx * x * sinP + ry * y * cosP) }
            path.addCurve(to: map(cb, sb), control1: map(ca - t * sa, sa + t * ca), control2: map(cb + t * sb, sb - t * cb))
            a = b
        }
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
