// visionOS widget coatings and mounts, drawn over the finished full-colour widget. Apple states
// what they are (WidgetTexture: glass is "reflective, clear glass-like", paper "matte,
// paper-like"; WidgetMountingStyle: elevated "surrounding the widget with a composite material",
// recessed "within a recessed portal") but not how they look in numbers, so every value here is
// an ESTIMATE chosen to make the difference visible in a still image:
//   glass   — a specular sheen from the top left (white, 14% at the corner fading to 0 by the
//             middle) and a bright rim along the top edge;
//   paper   — a fixed fibre grain (±3% of brightness, the same bytes on every run) and no sheen;
//   elevated — a 6-pt band of warm grey material around the edge, lit from above;
//   recessed — an inner shadow 10 pt deep along the top and left edges (the portal's wall).
import RasterCore
import WidgetLayout
import WidgetModel

enum VisionFinish {
    static func apply(to canvas: inout Canvas, frame: WidgetFrame, texture: WidgetTexture, mounting: WidgetMountingStyle) {
        let k = frame.scale
        let w = frame.size.width
        let h = frame.size.height
        let toPixels = Transform.scale(k)
        let whole = Path(rect: Rect(x: 0, y: 0, width: w, height: h))
        switch mounting {
        case .elevated:
            // The frame of material: the outline minus the outline inset by 6 pt.
            let band = 6.0
            var ring = frame.shape ?? whole
            let inner = Rect(x: band, y: band, width: max(0, w - 2 * band), height: max(0, h - 2 * band))
            ring.addPath(Path(roundedRect: inner, cornerRadius: max(0, frame.cornerRadius - band), style: .continuous))
            canvas.fill(
                ring,
                with: .linearGradient(
                    stops: [GradientStop(RGBA(hex: "#F2EFEA")!, at: 0), GradientStop(RGBA(hex: "#B9B4AC")!, at: 1)],
                    start: Point(0, 0), end: Point(0, h)),
                rule: .evenOdd, transform: toPixels)
        case .recessed:
            let depth = 10.0
            let shadow = RGBA(white: 0, alpha: 0.38)
            let clear = RGBA(white: 0, alpha: 0)
            canvas.fill(
                whole,
                with: .linearGradient(
                    stops: [GradientStop(shadow, at: 0), GradientStop(clear, at: 1)], start: Point(0, 0), end: Point(0, depth)),
                transform: toPixels)
            canvas.fill(
                whole,
                with: .linearGradient(
                    stops: [GradientStop(shadow, at: 0), GradientStop(clear, at: 1)], start: Point(0, 0), end: Point(depth, 0)),
                transform: toPixels)
        }
        switch texture {
        case .glass:
            let sheen = RGBA(white: 1, alpha: 0.14)
            canvas.fill(
                whole,
                with: .linearGradient(
                    stops: [GradientStop(sheen, at: 0), GradientStop(RGBA(white: 1, alpha: 0), at: 1)], start: Point(0, 0),
                    end: Point(w / 2, h / 2)),
                transform: toPixels)
            canvas.fill(
                Path(rect: Rect(x: 0, y: 0, width: w, height: 1)), with: .solid(RGBA(white: 1, alpha: 0.45)), transform: toPixels)
        case .paper:
            paperGrain(&canvas)
        }
    }

    /// Multiplies each pixel's colour by 1 ± 3% from a fixed hash of its position (the grain).
    static func paperGrain(_ canvas: inout Canvas) {
        var p = canvas.pixmap
        let width = p.width
        p.pixels.withUnsafeMutableBufferPointer { buf in
            for i in 0..<buf.count {
                let c = buf[i]
                let a = c >> 24
                if a == 0 { continue }
                // A small integer hash of (x, y): deterministic, no state.
                var hsh = UInt32(truncatingIfNeeded: (i % width) &* 374_761_393 &+ (i / width) &* 668_265_263)
                hsh = (hsh ^ (hsh >> 13)) &* 1_274_126_177
                let n = Int32(Int32(truncatingIfNeeded: (hsh >> 24) & 0xFF) - 128)  // −128…127
                func ch(_ shift: UInt32) -> UInt32 {
                    let v = Int32((c >> shift) & 0xFF)
                    let out = v + (v * n * 3) / (100 * 128)
                    return UInt32(max(0, min(Int32(a), out))) << shift
                }
                buf[i] = ch(0) | ch(8) | ch(16) | (a << 24)
            }
        }
        canvas = Canvas(p)
    }
}
