// A sheet that exercises every part of the raster core: shapes with circular and continuous
// corners, fill rules, strokes (caps, joins, dashes), gradients, image sampling, blend modes,
// clips, layers, blur and colour matrices. `widgetctl demo` writes it; FeatureGoldenTests pins
// each feature on its own.
import RasterCore
import WidgetLayout
import WidgetModel
import WidgetRaster

public enum RasterDemo {
    /// Draws the demo sheet at `scale` (1 = 960×640 px).
    public static func sheet(scale: Double = 1) -> Pixmap {
        let w = Int(960 * scale)
        let h = Int(640 * scale)
        var c = Canvas(width: w, height: h)!
        let s = Transform.scale(scale)
        c.paint(
            .linearGradient(
                stops: Paint.stops([RGBA(hex: "#F4F6FB")!, RGBA(hex: "#DCE3F0")!]),
                start: Point(0, 0), end: Point(0, Double(h))))

        // Row 1: shapes. Circular vs continuous corners, capsule, circle, ellipse.
        let blue = RGBA(hex: "#2F6FEB")!
        let orange = RGBA(hex: "#FF9F0A")!
        let green = RGBA(hex: "#30D158")!
        c.fill(
            Path(roundedRect: Rect(x: 20, y: 20, width: 140, height: 140), cornerRadius: 40, style: .circular), with: .solid(blue),
            transform: s)
        c.fill(
            Path(roundedRect: Rect(x: 180, y: 20, width: 140, height: 140), cornerRadius: 40, style: .continuous), with: .solid(blue),
            transform: s)
        // The two corner styles overlaid: continuous (orange outline) hugs the circular one.
        c.fill(
            Path(roundedRect: Rect(x: 340, y: 20, width: 140, height: 140), cornerRadius: 40, style: .circular),
            with: .solid(blue.opacity(0.35)), transform: s)
        c.stroke(
            Path(roundedRect: Rect(x: 340, y: 20, width: 140, height: 140), cornerRadius: 40, style: .continuous),
            style: StrokeStyle(lineWidth: 2), with: .solid(orange), transform: s)
        c.fill(Path(capsuleIn: Rect(x: 500, y: 60, width: 140, height: 60)), with: .solid(green), transform: s)
        c.fill(Path(circleCenter: Point(720, 90), radius: 60), with: .solid(orange), transform: s)
        c.fill(Path(ellipseIn: Rect(x: 800, y: 40, width: 140, height: 100)), with: .solid(RGBA(hex: "#BF5AF2")!), transform: s)

        // Row 2: fill rules on a five-point star; strokes with caps, joins and dashes.
        var star = Path()
        for i in 0..<5 {
            let a = -Double.pi / 2 + Double(i) * 4 * Double.pi / 5
            let p = Point(90 + 70 * cos(a), 250 + 70 * sin(a))
            if i == 0 { star.move(to: p) } else { star.addLine(to: p) }
        }
        star.closeSubpath()
        c.fill(star, with: .solid(RGBA(hex: "#FF453A")!), rule: .nonZero, transform: s)
        c.fill(star, with: .solid(RGBA(hex: "#FF453A")!), rule: .evenOdd, transform: Transform.translation(160, 0).concatenating(s))
        var zig = Path()
        zig.move(to: Point(340, 300))
        zig.addLine(to: Point(380, 200))
        zig.addLine(to: Point(420, 300))
        zig.addLine(to: Point(460, 200))
        for (i, (cap, join)) in [(LineCap.butt, LineJoin.miter), (.round, .round), (.square, .bevel)].enumerated() {
            c.stroke(
                zig, style: StrokeStyle(lineWidth: 14, lineCap: cap, lineJoin: join), with: .solid(RGBA(hex: "#1C1C1E")!.opacity(0.85)),
                transform: Transform.translation(Double(i) * 150, 0).concatenating(s))
            c.stroke(
                zig, style: StrokeStyle(lineWidth: 1), with: .solid(orange),
                transform: Transform.translation(Double(i) * 150, 0).concatenating(s))
        }
        var ring = Path()
        ring.addArc(center: Point(880, 250), radius: 50, startAngle: -Double.pi / 2, endAngle: Double.pi * 0.9)
        c.stroke(
            Path(circleCenter: Point(880, 250), radius: 50), style: StrokeStyle(lineWidth: 14), with: .solid(green.opacity(0.25)),
            transform: s)
        c.stroke(ring, style: StrokeStyle(lineWidth: 14, lineCap: .round), with: .solid(green), transform: s)
        c.stroke(
            Path(rect: Rect(x: 20, y: 340, width: 920, height: 0.001)),
            style: StrokeStyle(lineWidth: 3, lineCap: .round, dash: [12, 8, 2, 8]), with: .solid(blue), transform: s)

        // Row 3: linear, radial and angular gradients, an image, a clip.
        let r3 = 370.0
        c.fill(
            Path(roundedRect: Rect(x: 20, y: r3, width: 140, height: 120), cornerRadius: 22, style: .continuous),
            with: .linearGradient(
                stops: Paint.stops([RGBA(hex: "#4A90E2")!, RGBA(hex: "#1C3F94")!]), start: Point(0, r3), end: Point(0, r3 + 120)),
            transform: s)
        c.fill(
            Path(roundedRect: Rect(x: 180, y: r3, width: 140, height: 120), cornerRadius: 22, style: .continuous),
            with: .radialGradient(
                stops: [GradientStop(.white, at: 0), GradientStop(orange, at: 0.5), GradientStop(RGBA(hex: "#FF453A")!.opacity(0), at: 1)],
                center: Point(250, r3 + 60), startRadius: 0, endRadius: 70), transform: s)
        c.stroke(
            Path(circleCenter: Point(410, r3 + 60), radius: 48), style: StrokeStyle(lineWidth: 20),
            with: .angularGradient(
                stops: Paint.stops([RGBA(hex: "#FA114F")!, RGBA(hex: "#FF6EA8")!, RGBA(hex: "#FA114F")!]),
                center: Point(410, r3 + 60), startAngle: -Double.pi / 2, endAngle: 1.5 * Double.pi), transform: s)
        let checker = checkerboard(size: 8, cell: 1)
        c.drawImage(checker, in: Rect(x: 480, y: r3, width: 120, height: 120), mode: .fill, filter: .nearest, transform: s)
        c.drawImage(checker, in: Rect(x: 620, y: r3, width: 120, height: 120), mode: .fill, filter: .bilinear, transform: s)
        c.clip(to: Path(circleCenter: Point(850, r3 + 60), radius: 60), transform: s)
        c.paint(.linearGradient(stops: Paint.stops([blue, green]), start: Point(790 * scale, 0), end: Point(910 * scale, 0)))
        c.fill(Path(rect: Rect(x: 780, y: r3 + 50, width: 140, height: 20)), with: .solid(.white), transform: s)
        c.restoreClip()

        // Row 4: blend modes of an orange disc over a blue square, a layer at 50%, blur, colour matrix.
        let r4 = 510.0
        let modes: [BlendMode] = [.sourceOver, .multiply, .screen, .overlay, .plusLighter, .destinationOut]
        for (i, mode) in modes.enumerated() {
            let x = 20 + Double(i) * 100
            c.beginLayer()
            c.fill(Path(rect: Rect(x: x, y: r4, width: 60, height: 60)), with: .solid(blue), transform: s)
            c.fill(Path(circleCenter: Point(x + 55, r4 + 55), radius: 35), with: .solid(orange.opacity(0.9)), transform: s, blendMode: mode)
            c.endLayer()
        }
        c.beginLayer(opacity: 0.5)
        c.fill(Path(rect: Rect(x: 620, y: r4, width: 60, height: 90)), with: .solid(.black), transform: s)
        c.fill(Path(rect: Rect(x: 640, y: r4 + 20, width: 60, height: 90)), with: .solid(.black), transform: s)
        c.endLayer()
        var blurred = Pixmap(width: Int(100 * scale), height: Int(100 * scale), color: .clear)!
        var bc = Canvas(blurred)
        bc.fill(
            Path(roundedRect: Rect(x: 25, y: 25, width: 50, height: 50), cornerRadius: 12, style: .continuous),
            with: .solid(RGBA(hex: "#5E5CE6")!), transform: s)
        blurred = bc.pixmap
        GaussianBlur.apply(to: &blurred, sigma: 8 * scale, edge: .transparent)
        c.composite(
            placed(blurred, at: IntRect(x: Int(720 * scale), y: Int(500 * scale), width: blurred.width, height: blurred.height), canvas: c))
        var grey = Pixmap(width: Int(100 * scale), height: Int(100 * scale), color: .clear)!
        var gc = Canvas(grey)
        gc.fill(
            Path(circleCenter: Point(50, 50), radius: 40),
            with: .angularGradient(
                stops: Paint.stops([.init(hex: "#FF0000")!, .init(hex: "#00FF00")!, .init(hex: "#0000FF")!, .init(hex: "#FF0000")!]),
                center: Point(50, 50), startAngle: 0, endAngle: 2 * Double.pi), transform: s)
        grey = gc.pixmap
        ColorMatrix.desaturate.apply(to: &grey)
        c.composite(placed(grey, at: IntRect(x: Int(840 * scale), y: Int(500 * scale), width: grey.width, height: grey.height), canvas: c))
        return c.pixmap
    }

    /// A `size`×`size` checkerboard image with cells of `cell` pixels, for sampling tests.
    public static func checkerboard(size: Int, cell: Int) -> Pixmap {
        var p = Pixmap(width: size, height: size)!
        let a = PremultipliedPixel(RGBA(hex: "#1C1C1E")!).packed
        let b = PremultipliedPixel(RGBA(hex: "#FFD60A")!).packed
        for y in 0..<size { for x in 0..<size { p.pixels[y * size + x] = ((x / cell + y / cell) % 2 == 0) ? a : b } }
        return p
    }

    /// A canvas-sized transparent pixmap with `image` copied at `rect`.
    static func placed(_ image: Pixmap, at rect: IntRect, canvas: Canvas) -> Pixmap {
        var out = Pixmap(width: canvas.width, height: canvas.height)!
        for y in 0..<rect.height where rect.y + y < out.height {
            for x in 0..<rect.width where rect.x + x < out.width {
                out.pixels[(rect.y + y) * out.width + rect.x + x] = image.pixels[y * image.width + x]
            }
        }
        return out
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
