// The compositor core: ONE function draws a variant's display lists for every rendering mode.
// The container background is a separate list, so per mode it is kept (fullColor), removed
// (StandBy, vibrant) or replaced (accented: glass). Content is drawn as recorded in fullColor;
// the accented and vibrant re-colourings hook in where each op's paint is chosen.
import WidgetModel

/// What the compositor needs to know about the widget it draws.
public struct WidgetFrame {
    /// Layout size in points (the iPad design canvas, else the frame).
    public var size: Size
    /// Output size in pixels.
    public var pixelWidth: Int
    public var pixelHeight: Int
    /// Points → pixels (display scale × frame/canvas on iPad).
    public var scale: Double
    /// The widget's outline in points (continuous rounded rect, circle, or nil for inline).
    public var shape: Path?
    public var cornerRadius: Double
}

public struct Compositor {
    public var library: FontLibrary
    public init(library: FontLibrary = .shared) { self.library = library }

    /// Draws a variant.
    /// - Parameters:
    ///   - content: the widget's content.
    ///   - background: the container background, or nil when the widget has none.
    ///   - showBackground: whether this context shows the container background.
    public func render(content: DisplayList, background: DisplayList?, showBackground: Bool,
                       frame: WidgetFrame, environment: WidgetEnvironment) -> Pixmap {
        var canvas = Canvas(width: frame.pixelWidth, height: frame.pixelHeight)!
        let toPixels = Transform.scale(frame.scale)
        if let shape = frame.shape { canvas.clip(to: shape, transform: toPixels) }
        var painter = Painter(canvas: canvas, base: toPixels, environment: environment)
        if let background, showBackground {
            painter.draw(background)
        }
        painter.draw(content)
        canvas = painter.canvas
        return canvas.pixmap
    }
}

/// Replays display-list ops onto a canvas.
struct Painter {
    var canvas: Canvas
    let base: Transform
    let environment: WidgetEnvironment
    private var transforms: [Transform] = []
    private var groups: [(group: DrawGroup, layer: Bool, clip: Bool)] = []
    private var images: [ObjectIdentifier: Pixmap] = [:]

    init(canvas: Canvas, base: Transform, environment: WidgetEnvironment) {
        self.canvas = canvas; self.base = base; self.environment = environment
        transforms = [base]
    }

    var transform: Transform { transforms.last! }

    mutating func draw(_ list: DisplayList) {
        for op in list.ops { draw(op) }
    }

    mutating func draw(_ op: DrawOp) {
        switch op.kind {
        case .fill(let path, let style, let bounds):
            canvas.fill(path, with: paint(style, bounds), transform: transform)
        case .stroke(let path, let style, let stroke, let bounds):
            canvas.stroke(path, style: stroke, with: paint(style, bounds), transform: transform)
        case .text(let layout, let origin, let style, let bounds):
            canvas.draw(layout, at: origin, with: paint(style, bounds), transform: transform)
        case .image(let data, let rect, let clip):
            let pixmap = image(data)
            canvas.clip(to: Path(rect: clip), transform: transform)
            canvas.drawImage(pixmap, in: rect, mode: .stretch, filter: .bilinear, transform: transform)
            canvas.restoreClip()
        case .beginGroup(let g):
            if let glass = g.glass { drawGlass(glass) }
            let layer = g.needsLayer
            if layer { canvas.beginLayer(opacity: g.shadow == nil && !g.luminanceToAlpha ? g.opacity : g.opacity) }
            var clipped = false
            if let clip = g.clip { canvas.clip(to: clip, transform: transform); clipped = true }
            transforms.append(g.transform.concatenating(transform))
            groups.append((g, layer, clipped))
        case .endGroup:
            guard let (g, layer, clipped) = groups.popLast() else { return }
            transforms.removeLast()
            if clipped { canvas.restoreClip() }
            if layer {
                let sigma = (g.shadow?.radius ?? 0) / 2 * base.a
                canvas.endLayer(effects: LayerEffects(
                    shadow: g.shadow.map { ($0.color, sigma, $0.x * base.a, $0.y * base.a) },
                    luminanceToAlpha: g.luminanceToAlpha))
            }
        }
    }

    /// `glassEffect` inside a widget in full colour: a frosted, lightened copy of what is behind,
    /// in the glass shape. (The home-screen glass that replaces the container background is the
    /// accented path's GlassMaterial.)
    mutating func drawGlass(_ glass: (variant: String, tint: RGBA?, shape: Path)) {
        var behind = canvas.pixmap
        GaussianBlur.apply(to: &behind, sigma: 6 * base.a, edge: .clamp)
        canvas.clip(to: glass.shape, transform: transform)
        canvas.composite(behind)
        let wash = glass.variant == "clear" ? 0.08 : 0.22
        canvas.paint(.solid(RGBA(white: 1, alpha: wash)))
        if let tint = glass.tint { canvas.paint(.solid(tint.opacity(0.35))) }
        canvas.restoreClip()
        canvas.stroke(glass.shape, style: StrokeStyle(lineWidth: 0.75), with: .solid(RGBA(white: 1, alpha: 0.45)), transform: transform)
    }

    mutating func image(_ data: ImageData) -> Pixmap {
        let key = ObjectIdentifier(data)
        if let p = images[key] { return p }
        let p = data.rgba.withUnsafeBufferPointer { Pixmap(width: data.width, height: data.height, straightRGBA: $0) }
        images[key] = p
        return p
    }

    /// A resolved style as a paint for a view's bounds (unit points become absolute).
    func paint(_ style: ShapeStyle, _ b: Rect) -> Paint {
        func point(_ u: UnitPoint) -> Point { Point(b.minX + u.x * b.width, b.minY + u.y * b.height) }
        func stops(_ s: [GradientStopValue]) -> [GradientStop] { s.map { GradientStop($0.color, at: $0.location) } }
        switch style {
        case .color(let c): return .solid(c)
        case .linearGradient(let s, let a, let e): return .linearGradient(stops: stops(s), start: point(a), end: point(e))
        case .radialGradient(let s, let c, let r0, let r1):
            return .radialGradient(stops: stops(s), center: point(c), startRadius: r0, endRadius: r1)
        case .angularGradient(let s, let c, let a0, let a1):
            return .angularGradient(stops: stops(s), center: point(c), startAngle: a0 * Double.pi / 180, endAngle: a1 * Double.pi / 180)
        }
    }
}
