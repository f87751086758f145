import Foundation
// Generated wallpapers, so glass and vibrancy have something real to show through without
// shipping photos: soft colour fields like iOS's default wallpapers, a bright and a dark one for
// legibility checks, and a busy one. Deterministic: the same style and size give the same pixels.
import RasterCore
import WidgetLayout
import WidgetModel

public enum Wallpaper {
    public enum Style: String, Sendable, CaseIterable {
        /// Blue, violet and orange fields (the default).
        case aurora
        /// Pale pastels: a bright backdrop.
        case bright
        /// Deep blue-black: a dark backdrop.
        case dark
        /// Stripes and blobs of strong colour: worst case for legibility.
        case busy
    }

    /// Horizontal bands drawn in parallel. Fixed, so the bytes never depend on the core count;
    /// each band is the same drawing clipped to its rows. Four for the styles made of
    /// full-screen paints (their blobs cover the rows unevenly: with two bands, one core idled
    /// while the other finished the heavier half — seen in a `perf` timeline of `check`), two for
    /// the busy style (see `generate`).
    static func bands(_ style: Style) -> Int { style == .busy ? 2 : 4 }

    /// A wallpaper for a screen of `width`×`height` pixels. With `rows`, only the rows above it
    /// are drawn (the same pixels as in the whole wallpaper; the rest stay clear): for callers
    /// that read only the top of the screen, where the widgets are.
    public static func generate(_ style: Style, width: Int, height: Int, rows limit: Int? = nil) -> Pixmap {
        // The drawn rows are split evenly between the bands: for the styles made of full-screen
        // paints the band edges are invisible (a test compares with one undivided draw). The busy
        // style's stripes are cut at the screen's sides, where the cut's rounding depends on the
        // band's first row, so its bands stay at half the screen, partial or not (the drawn rows
        // are then the whole wallpaper's; a test compares). Each band draws on a canvas down to
        // its last drawn row and copies its rows into the wallpaper; rows below the drawn ones
        // are cleared by the band they fall in — nothing is copied or cleared afterwards on one
        // thread (that tail, a full-screen copy, left a core idle in `check`).
        let drawn = min(height, max(0, limit ?? height))
        let split = style == .busy ? height : drawn
        let bands = Wallpaper.bands(style)
        let per = max(1, (split + bands - 1) / bands)
        guard var out = Pixmap.unfilled(width: width, height: height) else {
            return Pixmap(width: 1, height: 1)!  // an empty size
        }
        out.pixels.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            DispatchQueue.concurrentPerform(iterations: bands) { b in
                let y0 = b * per
                let y1 = b == bands - 1 ? height : min(height, y0 + per)
                guard y0 < y1 else { return }
                let bottom = max(y0, min(y1, drawn))
                if y0 < bottom, var c = Canvas(width: width, height: bottom) {
                    c.clip(to: Path(rect: Rect(x: 0, y: Double(y0), width: Double(width), height: Double(bottom - y0))))
                    draw(style, into: &c, width: Double(width), height: Double(height))
                    c.pixmap.pixels.withUnsafeBufferPointer { src in
                        (base + y0 * width).update(from: src.baseAddress! + y0 * width, count: (bottom - y0) * width)
                    }
                }
                if bottom < y1 { (base + bottom * width).update(repeating: 0, count: (y1 - bottom) * width) }
            }
        }
        return out
    }

    /// Draws a style for a `w`×`h` screen (the canvas may hold only its first rows).
    /// `boundedBlobs`: each radial blob is painted over the square around its circle only —
    /// outside the circle its gradient is fully transparent, which leaves a pixel as it is (a
    /// test compares with painting the whole canvas, `boundedBlobs: false`).
    static func draw(_ style: Style, into c: inout Canvas, width w: Double, height h: Double, boundedBlobs: Bool = true) {
        func blob(_ x: Double, _ y: Double, _ r: Double, _ color: String, _ alpha: Double = 1) {
            let col = RGBA(hex: color)!
            let center = Point(x * w, y * h)
            let radius = r * max(w, h)
            let paint = Paint.radialGradient(
                stops: [GradientStop(col.opacity(alpha), at: 0), GradientStop(col.opacity(0), at: 1)],
                center: center, startRadius: 0, endRadius: radius)
            guard boundedBlobs else { return c.paint(paint) }
            // Whole pixels, a pixel beyond the circle on every side, within the canvas.
            let x0 = max(0, (center.x - radius).rounded(.down) - 1)
            let y0 = max(0, (center.y - radius).rounded(.down) - 1)
            let x1 = min(Double(c.width), (center.x + radius).rounded(.up) + 1)
            let y1 = min(Double(c.height), (center.y + radius).rounded(.up) + 1)
            guard x1 > x0, y1 > y0 else { return }
            c.fill(Path(rect: Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)), with: paint)
        }
        switch style {
        case .aurora:
            c.paint(
                .linearGradient(
                    stops: Paint.stops([RGBA(hex: "#1B2A6B")!, RGBA(hex: "#3A1C71")!, RGBA(hex: "#D76D77")!, RGBA(hex: "#FFAF7B")!]),
                    start: Point(0, 0), end: Point(w * 0.3, h)))
            blob(0.15, 0.2, 0.45, "#4FACFE", 0.9)
            blob(0.85, 0.35, 0.4, "#B721FF", 0.7)
            blob(0.3, 0.75, 0.45, "#FF8A00", 0.6)
            blob(0.8, 0.9, 0.35, "#00F2FE", 0.5)
        case .bright:
            c.paint(.linearGradient(stops: Paint.stops([RGBA(hex: "#FDFBFB")!, RGBA(hex: "#EBEDEE")!]), start: .zero, end: Point(0, h)))
            blob(0.2, 0.25, 0.4, "#FFE29F", 0.8)
            blob(0.8, 0.5, 0.4, "#A1C4FD", 0.7)
            blob(0.35, 0.85, 0.35, "#FBC2EB", 0.7)
        case .dark:
            c.paint(
                .linearGradient(
                    stops: Paint.stops([RGBA(hex: "#0F2027")!, RGBA(hex: "#203A43")!, RGBA(hex: "#0B0B12")!]), start: .zero,
                    end: Point(w, h)))
            blob(0.75, 0.25, 0.35, "#1E3C72", 0.6)
            blob(0.2, 0.8, 0.3, "#2A0845", 0.6)
        case .busy:
            c.paint(.solid(RGBA(hex: "#FFFFFF")!))
            let stripe = max(8, w / 24)
            var x = -h
            var i = 0
            let colors = ["#FF3B30", "#FFCC00", "#34C759", "#007AFF", "#000000", "#FFFFFF", "#AF52DE"]
            while x < w {
                var p = Path()
                p.move(to: Point(x, 0))
                p.addLine(to: Point(x + stripe, 0))
                p.addLine(to: Point(x + stripe + h, h))
                p.addLine(to: Point(x + h, h))
                p.closeSubpath()
                c.fill(p, with: .solid(RGBA(hex: colors[i % colors.count])!))
                x += stripe
                i += 1
            }
            blob(0.5, 0.4, 0.3, "#000000", 0.5)
        }
    }
}

/// Where widgets sit on a device's home screen, for cropping the backdrop behind them.
public enum HomeScreen {
    /// The widget's frame on the home screen, in points: the top widget slot, centred for wide
    /// families and in the left column for small ones (iOS's grid: 1/10 of the screen width as the
    /// side margin, widgets starting below the status bar). Positions are an approximation of
    /// iOS's grid; sizes come from the device table.
    public static func frame(of family: WidgetFamily, on device: Device) -> Rect? {
        guard let size = device.size(of: family) else { return nil }
        let screen = device.screen.width > 0 ? device.screen : Size(size.width * 2.4, size.height * 4)
        let top = family.isAccessory ? screen.height * 0.36 : 70
        let wide = device.size(of: .systemMedium)?.width ?? size.width
        let left = (screen.width - wide) / 2
        let x = family == .systemSmall || family.isAccessory && family != .accessoryInline ? left : (screen.width - size.width) / 2
        return Rect(x: x, y: top, width: size.width, height: size.height)
    }

    /// The rows of a screen-sized wallpaper (at `scale` pixels per point) that the backdrop crop
    /// of any widget frame of `device` reads: down to the lowest frame, plus the widest margin any
    /// look's glass takes (`SpecRenderer.backdropMargin`, under every accessibility setting that
    /// adjusts glass), plus two rows for rounding.
    public static func rowsRead(device: Device, scale: Double) -> Int {
        var bottom = 0.0
        for family in WidgetFamily.allCases {
            if let f = frame(of: family, on: device) { bottom = max(bottom, f.maxY) }
        }
        var margin = SpecRenderer.backdropMargin(glass: nil, scale: scale)  // looks without glass
        for look in Appearance.allCases {
            guard let preset = GlassMaterial.preset(for: look, tint: GlassMaterial.defaultTint) else { continue }
            for reduce in [false, true] {
                for contrast in [false, true] {
                    let setting = ViewerSettings(reduceTransparency: reduce, increaseContrast: contrast)
                    let glass = preset.adjusted(for: setting, dark: look.colorScheme == .dark)
                    margin = max(margin, SpecRenderer.backdropMargin(glass: glass, scale: scale))
                }
            }
        }
        let px = bottom * scale
        guard px.isFinite, px >= 0, px < 1e7 else { return Int.max }
        return Int(px.rounded(.up)) + margin + 2
    }

    /// The screen size in points (a generous stand-in for devices without one in the table).
    public static func screen(of device: Device) -> Size {
        if device.screen.width > 0 { return device.screen }
        let large = device.size(of: .systemLarge) ?? device.size(of: .accessoryRectangular) ?? Size(200, 200)
        return Size(large.width * 1.2, large.height * 2.4)
    }

    /// The wallpaper scaled to fill the device's screen at `scale` pixels per point, as iOS does.
    public static func screenWallpaper(_ wallpaper: Pixmap, device: Device, scale: Double) -> Pixmap {
        let s = screen(of: device)
        let sw = Int((s.width * scale).rounded())
        let sh = Int((s.height * scale).rounded())
        if wallpaper.width == sw && wallpaper.height == sh { return wallpaper }
        var c = Canvas(width: sw, height: sh)!
        c.drawImage(wallpaper, in: Rect(x: 0, y: 0, width: Double(sw), height: Double(sh)), mode: .fill)
        return c.pixmap
    }

    /// The region of a screen-sized wallpaper behind `family`, `margin` pixels larger on each side.
    public static func backdrop(screenWallpaper screenPixmap: Pixmap, family: WidgetFamily, device: Device, scale: Double, margin: Int)
        -> Pixmap?
    {
        guard let f = frame(of: family, on: device) else { return nil }
        let sw = screenPixmap.width
        let sh = screenPixmap.height
        let pw = Int((f.width * scale).rounded())
        let ph = Int((f.height * scale).rounded())
        var out = Pixmap(width: pw + 2 * margin, height: ph + 2 * margin)!
        let x0 = Int((f.minX * scale).rounded()) - margin
        let y0 = Int((f.minY * scale).rounded()) - margin
        let ow = out.width
        screenPixmap.pixels.withUnsafeBufferPointer { src in
            out.pixels.withUnsafeMutableBufferPointer { dst in
                for y in 0..<out.height {
                    let sy = max(0, min(sh - 1, y0 + y))
                    let row = dst.baseAddress! + y * ow
                    // Copy the part inside the screen; repeat the screen's edge beyond it.
                    let a = max(0, min(ow, -x0))
                    let b = max(a, min(ow, sw - x0))
                    if b > a { (row + a).update(from: src.baseAddress! + sy * sw + x0 + a, count: b - a) }
                    if a > 0 { row.update(repeating: src[sy * sw], count: a) }
                    if b < ow { (row + b).update(repeating: src[sy * sw + sw - 1], count: ow - b) }
                }
            }
        }
        return out
    }
}
