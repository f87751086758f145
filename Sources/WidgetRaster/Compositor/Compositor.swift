// The compositor core: ONE function draws a variant's display lists for every rendering mode.
// The container background is a separate list, so per mode it is kept (fullColor), removed
// (StandBy, vibrant) or replaced (accented: glass). Content is drawn as recorded in fullColor;
// the accented and vibrant re-colourings hook in where each op's paint is chosen.
import Foundation
import RasterCore
import WidgetLayout
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

/// The colours of accented rendering. On iOS, iPadOS and macOS 26 both groups are white
/// (docs/WIDGETKIT-FACTS.md §2.3); the default group is drawn dimmer than the accent group, an
/// observation Apple has not quantified (UNCONFIRMED), so its opacity is a named parameter.
public struct AccentColors: Sendable, Hashable {
    public var accent: RGBA = .white
    public var primary: RGBA = .white
    public var defaultGroupOpacity: Double = 0.72
    public init() {}
    public init(accent: RGBA, primary: RGBA, defaultGroupOpacity: Double) {
        self.accent = accent
        self.primary = primary
        self.defaultGroupOpacity = defaultGroupOpacity
    }
    public static let iOS26 = AccentColors()
}

/// What a rendering mode needs besides the display lists.
public struct CompositeOptions {
    /// The glass that replaces the container background (accented home-screen appearances).
    public var glass: GlassMaterial?
    /// The wallpaper behind the widget, `backdropMargin` pixels larger on each side.
    public var backdrop: Pixmap?
    public var backdropMargin: Int = 0
    /// Where faces made of the backdrop are kept between variants, and the name of the backdrop's
    /// pixels in it (nil: nothing is cached). See BackdropCache.
    public var cache: BackdropCache? = nil
    public var backdropKey: String? = nil
    public var accent = AccentColors.iOS26
    /// Vibrant: the colour bright content takes (white on the Lock Screen, red in StandBy at night).
    public var vibrantTint: RGBA = .white
    /// What lies under a widget whose background is removed (StandBy's black screen, the Smart
    /// Stack's material), painted first inside the widget's shape.
    public var baseFill: RGBA? = nil
    /// A coating applied over the finished widget (visionOS textures and mounts).
    public var finish: Finish? = nil
    /// Where text and shape coverage is kept for the next variants (nil: rasterized each time;
    /// the pixels are the same).
    public var coverageCache: CoverageCache? = .shared
    public init() {}

    public enum Finish: Sendable, Hashable {
        case vision(texture: WidgetTexture, mounting: WidgetMountingStyle)
    }
}

extension CompositeOptions {
    /// `make()`, or the cache's copy of it for this backdrop, frame, outline and material.
    func cached(
        _ kind: String, _ frame: WidgetFrame, shape: GlassRenderer.Shape? = nil, material: GlassMaterial? = nil, make: () -> Pixmap
    ) -> Pixmap {
        guard let cache, let backdropKey else { return make() }
        var outline: [Double] = [frame.scale, Double(backdropMargin)]
        switch shape {
        case .roundedRect(_, _, let r): outline.append(r)
        case .circle: outline.append(-1)
        case .field, nil: break
        }
        let key = BackdropCache.Key(
            backdrop: backdropKey, kind: kind, width: frame.pixelWidth, height: frame.pixelHeight, shape: outline, material: material)
        return cache.pixmap(key, make: make)
    }
}

extension CompositeOptions {
    /// The backdrop blurred at low resolution with `sigma`, shared through the cache by every
    /// material with that blur radius (nil without a cache, or for a small σ).
    func preparedBlur(of backdrop: Pixmap, sigma: Double) -> PreparedBlur? {
        guard let cache, let backdropKey else { return nil }
        let key = BackdropCache.Key(
            backdrop: backdropKey, kind: "blur", width: backdrop.width, height: backdrop.height, shape: [sigma])
        return cache.blur(key) { GaussianBlur.prepare(backdrop, sigma: sigma, edge: .clamp) }
    }
}

public struct Compositor {
    public init() {}

    /// The widget outline's clip masks, by outline, scale and size: every variant of a family
    /// clips a fresh canvas to the same outline, so its mask is rasterized once (a few per
    /// batch; the oldest goes when 16 are kept). The same mask `clip(to:)` makes (test).
    static let clipMasks = ClipMasks()
    final class ClipMasks: @unchecked Sendable {
        struct Key: Hashable {
            var path: Path
            var transform: Transform
            var width: Int
            var height: Int
        }
        private var masks: [(Key, Mask)] = []
        private let lock = NSLock()
        func mask(_ key: Key) -> Mask? {
            lock.lock()
            defer { lock.unlock() }
            return masks.first { $0.0 == key }?.1
        }
        func insert(_ key: Key, _ mask: Mask) {
            lock.lock()
            defer { lock.unlock() }
            guard !masks.contains(where: { $0.0 == key }) else { return }
            if masks.count == 16 { masks.removeFirst() }
            masks.append((key, mask))
        }
    }

    /// `canvas` keeping its fills' coverage in `cache`.
    static func sharing(_ canvas: consuming Canvas, _ cache: CoverageCache?) -> Canvas {
        var c = canvas
        c.coverageCache = cache
        return c
    }

    /// Clips a fresh canvas to the widget's outline, with the kept mask when there is one.
    static func clip(_ canvas: inout Canvas, to shape: Path, transform: Transform) {
        let key = ClipMasks.Key(path: shape, transform: transform, width: canvas.width, height: canvas.height)
        if let mask = clipMasks.mask(key) {
            canvas.clip(toMask: mask)
            return
        }
        canvas.clip(to: shape, transform: transform)
        if let mask = canvas.clipMask { clipMasks.insert(key, mask) }
    }

    /// Draws a variant — the one compositor core every rendering mode goes through.
    /// - Parameters:
    ///   - content: the widget's content.
    ///   - background: the container background, or nil when the widget has none.
    ///   - showBackground: whether this context shows the container background.
    public func render(
        content: DisplayList, background: DisplayList?, showBackground: Bool,
        frame: WidgetFrame, environment env: WidgetEnvironment, options: CompositeOptions = CompositeOptions()
    ) -> Pixmap {
        let toPixels = Transform.scale(frame.scale)
        let glassFace = env.renderingMode == .accented && !(background != nil && showBackground)
        var faceCanvas: Canvas? = nil
        if glassFace, let glass = options.glass, let backdrop = options.backdrop {
            // The glass fills the canvas; the corners outside the widget's shape are then cut away
            // (destination-out over the corner regions only, anti-aliased like any fill).
            let shape: GlassRenderer.Shape =
                env.family == .accessoryCircular
                ? .circle(width: Double(frame.pixelWidth), height: Double(frame.pixelHeight))
                : .roundedRect(width: Double(frame.pixelWidth), height: Double(frame.pixelHeight), radius: frame.cornerRadius * frame.scale)
            // Shared with its corners already cut (the family names the outline's kind; size,
            // scale and radius are in the key).
            let face = options.cached("glass, corners cut, \(env.family.rawValue)", frame, shape: shape, material: glass) {
                let raw = GlassRenderer.render(
                    backdrop: backdrop, margin: options.backdropMargin, width: frame.pixelWidth,
                    height: frame.pixelHeight, shape: shape, material: glass, scale: frame.scale,
                    prepared: options.preparedBlur(of: backdrop, sigma: glass.blur * frame.scale))
                var c = Canvas(raw)
                if let outline = frame.shape {
                    var corners = Path(rect: Rect(x: 0, y: 0, width: frame.size.width, height: frame.size.height))
                    corners.addPath(outline)
                    c.fill(corners, with: .solid(.black), rule: .evenOdd, transform: toPixels, blendMode: .destinationOut)
                }
                return c.pixmap
            }
            faceCanvas = Canvas(face)
        }
        // A clear canvas unless the glass face is the ground (no frame-sized clear buffer for it).
        var canvas = Compositor.sharing(faceCanvas ?? Canvas(width: frame.pixelWidth, height: frame.pixelHeight)!, options.coverageCache)
        if let shape = frame.shape { Compositor.clip(&canvas, to: shape, transform: toPixels) }
        // Each painter takes the canvas over (`consume`) and hands it back: the frame is never
        // copied on write.
        switch env.renderingMode {
        case .fullColor:
            if let fill = options.baseFill { canvas.paint(.solid(fill)) }
            var painter = Painter(canvas: consume canvas, base: toPixels, environment: env, mode: .fullColor)
            if let background, showBackground { painter.draw(background) }
            painter.draw(content)
            canvas = painter.canvas
        case .accented:
            if let fill = options.baseFill { canvas.paint(.solid(fill)) }
            if let background, showBackground {
                // A background the widget does not let the system remove stays.
                var painter = Painter(canvas: consume canvas, base: toPixels, environment: env, mode: .fullColor)
                painter.draw(background)
                canvas = painter.canvas
            }
            var painter = Painter(canvas: consume canvas, base: toPixels, environment: env, mode: .accented(options.accent))
            painter.draw(content)
            canvas = painter.canvas
        case .vibrant:
            // Behind: the wallpaper itself (black in StandBy at night); the material content is made
            // of: the same wallpaper blurred.
            var material = Pixmap(width: frame.pixelWidth, height: frame.pixelHeight, color: .black)!
            var behind = material
            if env.appearance != .standByNight, let backdrop = options.backdrop {
                let inner = IntRect(
                    x: options.backdropMargin, y: options.backdropMargin, width: frame.pixelWidth, height: frame.pixelHeight)
                let black = behind
                behind = options.cached("behind", frame) { backdrop.cropped(to: inner) ?? black }
                material = options.cached("vibrant", frame) {
                    var b = backdrop
                    GaussianBlur.apply(to: &b, sigma: 12 * frame.scale, edge: .clamp, colorMatrix: .saturation(1.2))
                    return b.cropped(to: inner) ?? black
                }
            }
            // Content is drawn as usual into its own layer, then turned into vibrancy.
            var layer = Compositor.sharing(Canvas(width: frame.pixelWidth, height: frame.pixelHeight)!, options.coverageCache)
            var painter = Painter(canvas: consume layer, base: toPixels, environment: env, mode: .fullColor)
            if let background, showBackground { painter.draw(background) }
            painter.draw(content)
            layer = painter.canvas
            canvas.composite(Vibrancy.apply(content: layer.pixmap, material: material, behind: behind, tint: options.vibrantTint))
        }
        if case .vision(let texture, let mounting) = options.finish {
            VisionFinish.apply(to: &canvas, frame: frame, texture: texture, mounting: mounting)
        }
        return canvas.pixmap
    }
}

/// Vibrant rendering (docs/WIDGETKIT-FACTS.md §2.4): content becomes grayscale luminance; its alpha
/// sets how strongly it shows over the blurred material; its brightness sets the contrast — white
/// takes the tint colour, black becomes a darker, see-through version of the material. The
/// luminance weights and curve Apple uses are not published (UNCONFIRMED): Rec. 709 luma here.
public enum Vibrancy {
    /// - Parameters:
    ///   - material: the blurred backdrop the vibrant effect is made of.
    ///   - behind: what shows where there is no content (the wallpaper itself).
    public static func apply(content: Pixmap, material: Pixmap, behind: Pixmap, tint: RGBA) -> Pixmap {
        var out = behind
        let tr = tint.red * 255
        let tg = tint.green * 255
        let tb = tint.blue * 255
        content.pixels.withUnsafeBufferPointer { src in
            out.pixels.withUnsafeMutableBufferPointer { dst in
                for i in 0..<dst.count {
                    let c = src[i]
                    let a = Double(c >> 24) / 255
                    if a == 0 { continue }
                    let s = PremultipliedPixel.unpremultiply(c)
                    let y = RGBA.luma(Double(s & 0xFF), Double((s >> 8) & 0xFF), Double((s >> 16) & 0xFF)) / 255
                    let m = material.pixels[i]
                    let b = dst[i]
                    // Dark content: the material at half brightness; bright content: the tint.
                    func ch(_ shift: UInt32, _ t: Double) -> UInt32 {
                        let mv = Double((m >> shift) & 0xFF)
                        let bv = Double((b >> shift) & 0xFF)
                        let fg = mv * 0.5 * (1 - y) + t * y
                        return UInt32(max(0, min(255, (bv * (1 - a) + fg * a).rounded()))) << shift
                    }
                    dst[i] = ch(0, tr) | ch(8, tg) | ch(16, tb) | 0xFF00_0000
                }
            }
        }
        return out
    }
}

/// Replays display-list ops onto a canvas.
struct Painter {
    enum Mode {
        case fullColor
        case accented(AccentColors)
    }
    var canvas: Canvas
    let base: Transform
    let environment: WidgetEnvironment
    let mode: Mode
    private var transforms: [Transform] = []
    private var groups: [(group: DrawGroup, layer: Bool, clip: Bool, mask: Bool)] = []
    private var images: [ObjectIdentifier: Pixmap] = [:]

    private var recoloured: [String: Pixmap] = [:]

    init(canvas: Canvas, base: Transform, environment: WidgetEnvironment, mode: Mode) {
        self.canvas = canvas
        self.base = base
        self.environment = environment
        self.mode = mode
        transforms = [base]
    }

    var transform: Transform { transforms.last! }

    mutating func draw(_ list: DisplayList) {
        for op in list.ops { draw(op) }
    }

    mutating func draw(_ op: DrawOp) {
        switch op.kind {
        case .fill(let path, let style, let bounds):
            canvas.fill(path, with: paint(recolour(style, op), bounds), transform: transform)
        case .stroke(let path, let style, let stroke, let bounds):
            canvas.stroke(path, style: stroke, with: paint(recolour(style, op), bounds), transform: transform)
        case .text(let layout, let origin, let style, let bounds):
            canvas.draw(layout, at: origin, with: paint(recolour(style, op), bounds), transform: transform)
        case .image(let data, let rect, let clip):
            let pixmap = image(data, op)
            canvas.clip(to: Path(rect: clip), transform: transform)
            canvas.drawImage(pixmap, in: rect, mode: .stretch, filter: .bilinear, transform: transform)
            canvas.restoreClip()
        case .beginGroup(let g):
            if let glass = g.glass { drawGlass(glass) }
            if let container = g.glassContainer { drawGlassContainer(container) }
            let layer = g.needsLayer
            if layer { canvas.beginLayer(opacity: g.opacity) }
            var clipped = false
            if let clip = g.clip {
                canvas.clip(to: clip, transform: transform)
                clipped = true
            }
            transforms.append(g.transform.concatenating(transform))
            groups.append((g, layer, clipped, false))
        case .beginMask:
            // The mask is drawn into a layer of its own, above the content's.
            guard let last = groups.last, last.layer, last.group.masked, !last.mask else { return }
            canvas.beginLayer(opacity: 1)
            groups[groups.count - 1].mask = true
        case .endGroup:
            guard let (g, layer, clipped, mask) = groups.popLast() else { return }
            transforms.removeLast()
            if mask, let m = canvas.takeLayer() { canvas.applyMask(m) }
            if clipped { canvas.restoreClip() }
            if layer {
                let sigma = (g.shadow?.radius ?? 0) / 2 * base.a
                canvas.endLayer(
                    effects: LayerEffects(
                        shadow: g.shadow.map { ($0.color, sigma, $0.x * base.a, $0.y * base.a) },
                        luminanceToAlpha: g.luminanceToAlpha,
                        colorMatrices: g.colorAdjustments.map(Self.matrix),
                        // SwiftUI's blur radius taken as twice the standard deviation, as for shadows
                        // (docs/WIDGETKIT-FACTS.md: low confidence).
                        blurSigma: (g.blur?.radius ?? 0) / 2 * base.a, blurOpaque: g.blur?.opaque ?? false))
            }
        }
    }

    static func matrix(_ a: ColorAdjustment) -> ColorMatrix {
        switch a {
        case .saturation(let s): return .saturation(s)
        case .brightness(let b): return .brightness(b)
        case .contrast(let k): return .contrast(k)
        case .grayscale(let g): return .saturation(1 - g)
        }
    }

    /// The material of a glass inside the widget: regular or clear for the colour scheme, its tint
    /// at 35%, the accessibility settings applied. In the accented looks a tint is dropped: every
    /// colour in the widget becomes the group's white there, and a tinted glass would be the only
    /// colour left (an ESTIMATE — Apple does not say; docs/SPEC.md "Glass inside a widget").
    func inWidgetMaterial(_ variant: GlassVariant, _ tint: RGBA?) -> GlassMaterial {
        let dark = environment.colorScheme == .dark
        var material: GlassMaterial = variant == .clear ? (dark ? .clearDark : .clearLight) : (dark ? .regularDark : .regularLight)
        if let tint, case .fullColor = mode {
            material.tint = tint
            material.tintOpacity = 0.35
        }
        return material.adjusted(for: environment.settings, dark: dark)
    }

    /// The outline of a glass shape for the glass renderer, `w`×`h` pixels at `k` pixels per point.
    static func glassOutline(_ shape: ShapeKind, _ w: Double, _ h: Double, _ k: Double) -> GlassRenderer.Shape {
        switch shape {
        case .circle: return .circle(width: w, height: h)
        case .ellipse, .capsule: return .roundedRect(width: w, height: h, radius: min(w, h) / 2)
        case .roundedRectangle(let r, _): return .roundedRect(width: w, height: h, radius: r * k)
        case .containerRelative: return .roundedRect(width: w, height: h, radius: Device.widgetCornerRadius * k)
        default: return .roundedRect(width: w, height: h, radius: 0)
        }
    }

    /// What the canvas holds around `box`, `margin` pixels more on every side (edges repeated).
    func backdrop(around box: IntRect, margin: Int) -> Pixmap {
        let src = canvas.pixmap
        var backdrop = Pixmap(width: box.width + 2 * margin, height: box.height + 2 * margin)!
        let bw = backdrop.width
        src.pixels.withUnsafeBufferPointer { s in
            backdrop.pixels.withUnsafeMutableBufferPointer { d in
                for y in 0..<backdrop.height {
                    let sy = max(0, min(src.height - 1, box.y - margin + y))
                    for x in 0..<bw {
                        let sx = max(0, min(src.width - 1, box.x - margin + x))
                        d[y * bw + x] = s[sy * src.width + sx]
                    }
                }
            }
        }
        return backdrop
    }

    /// A `GlassEffectContainer`'s glass: every shape inside drawn as one body. Shapes with the same
    /// `glassEffectUnion` id become one shape over their joint frame; the rest are combined with a
    /// smooth minimum of their signed distances, 2 × spacing wide, so two shapes melt together
    /// when the gap between them is under the spacing (the smooth union reaches zero between two
    /// edges g apart when g ≤ width / 2) and stay apart beyond it. The body has one rim; each pixel
    /// takes the material of the nearest shape (so a tinted button keeps its tint). The blend's
    /// width is an ESTIMATE of the system's morphing, which Apple does not quantify.
    mutating func drawGlassContainer(_ container: (spacing: Double, shapes: [GlassShape])) {
        var bodies: [GlassShape] = []
        var byUnion: [String: Int] = [:]
        for s in container.shapes.prefix(64) {
            if let id = s.unionID, let i = byUnion[id] {
                bodies[i].frame = bodies[i].frame.union(s.frame)
                // Round shapes joined over a wider frame become the capsule through them.
                if bodies[i].shape == .circle || bodies[i].shape == .ellipse { bodies[i].shape = .capsule(style: .continuous) }
                continue
            }
            if let id = s.unionID { byUnion[id] = bodies.count }
            bodies.append(s)
        }
        let k = transform.meanScale
        let rects = bodies.map { b in Rect(origin: transform.apply(b.frame.origin), size: Size(b.frame.width * k, b.frame.height * k)) }
        guard var joint = rects.first else { return }
        for r in rects.dropFirst() { joint = joint.union(r) }
        let cw = Double(canvas.pixmap.width)
        let ch = Double(canvas.pixmap.height)
        let clipped = Rect(x: max(0, joint.minX - 2), y: max(0, joint.minY - 2), width: 0, height: 0)
        let box = IntRect(
            enclosing: Rect(
                x: clipped.minX, y: clipped.minY, width: min(cw, joint.maxX + 2) - clipped.minX,
                height: min(ch, joint.maxY + 2) - clipped.minY))
        guard box.width > 2, box.height > 2 else { return }
        // The field, and which shape is nearest at each pixel.
        let blend = max(1e-6, 2 * container.spacing * k)
        let outlines = zip(bodies, rects).map { b, r in (Painter.glassOutline(b.shape, r.width, r.height, k), r) }
        var field = GlassRenderer.DistanceField(
            width: box.width, height: box.height, d: [Float](repeating: 0, count: box.width * box.height))
        var owner = [UInt8](repeating: 0, count: box.width * box.height)
        for y in 0..<box.height {
            let py = Double(box.y + y) + 0.5
            for x in 0..<box.width {
                let px = Double(box.x + x) + 0.5
                var d = Double.infinity
                var nearest = Double.infinity
                var who = 0
                for (i, (outline, r)) in outlines.enumerated() {
                    let di = GlassRenderer.signedDistance(outline, px - r.minX, py - r.minY).0
                    if di < nearest {
                        nearest = di
                        who = i
                    }
                    if d == .infinity {
                        d = di
                    } else {
                        let h = max(blend - abs(d - di), 0) / blend
                        d = min(d, di) - h * h * blend * 0.25
                    }
                }
                field.d[y * box.width + x] = Float(d)
                owner[y * box.width + x] = UInt8(min(who, 255))
            }
        }
        // One face per material, from the same field and backdrop; each pixel from its shape's face.
        let materials = bodies.map { inWidgetMaterial($0.variant, $0.tint) }
        let margin = Int(((materials.map(\.blur).max() ?? 10) * k * 2).rounded(.up)) + 2
        let behind = backdrop(around: box, margin: margin)
        var rendered: [GlassMaterial: Pixmap] = [:]
        for m in materials where rendered[m] == nil {
            rendered[m] = GlassRenderer.render(
                backdrop: behind, margin: margin, width: box.width, height: box.height, shape: .field(field), material: m, scale: k)
        }
        let faces = materials.map { rendered[$0]! }  // per body, looked up once
        var out = Pixmap(width: box.width, height: box.height)!
        out.pixels.withUnsafeMutableBufferPointer { dst in
            for i in 0..<dst.count {
                let coverage = max(0, min(1, 0.5 - Double(field.d[i])))
                if coverage <= 0 { continue }
                let face = faces[Int(owner[i])].pixels[i]
                dst[i] = coverage >= 1 ? face : scalePixel(face, UInt32((coverage * 256).rounded()))
            }
        }
        canvas.drawImage(
            out, in: Rect(x: Double(box.x), y: Double(box.y), width: Double(box.width), height: Double(box.height)), mode: .stretch,
            filter: .nearest)
    }

    /// `glassEffect` inside a widget: the same glass core as the home-screen glass, with what is
    /// already drawn beneath as its backdrop.
    mutating func drawGlass(_ glass: (variant: GlassVariant, tint: RGBA?, shape: ShapeKind, outline: Path, frame: Rect)) {
        if glass.variant == .identity { return }
        let material = inWidgetMaterial(glass.variant, glass.tint)
        let k = transform.meanScale
        let box = IntRect(
            enclosing: Rect(
                origin: transform.apply(glass.frame.origin),
                size: Size(glass.frame.width * k, glass.frame.height * k)))
        guard box.width > 2, box.height > 2 else { return }
        let margin = Int((material.blur * k * 2).rounded(.up)) + 2
        // The backdrop: what the canvas holds around the glass, edges repeated past the canvas.
        let backdrop = backdrop(around: box, margin: margin)
        let w = Double(box.width)
        let h = Double(box.height)
        let shape = glass.shape == .ellipse ? .circle(width: w, height: h) : Painter.glassOutline(glass.shape, w, h, k)
        let face = GlassRenderer.render(
            backdrop: backdrop, margin: margin, width: box.width, height: box.height,
            shape: shape, material: material, scale: k)
        canvas.clip(to: glass.outline, transform: transform)
        canvas.drawImage(face, in: Rect(x: Double(box.x), y: Double(box.y), width: w, height: h), mode: .stretch, filter: .nearest)
        canvas.restoreClip()
    }

    mutating func image(_ data: ImageData, _ op: DrawOp) -> Pixmap {
        let key = ObjectIdentifier(data)
        let original: Pixmap
        if let p = images[key] {
            original = p
        } else {
            original = data.rgba.withUnsafeBufferPointer { Pixmap(width: data.width, height: data.height, straightRGBA: $0) }
            images[key] = original
        }
        guard case .accented(let colors) = mode else { return original }
        let rule = AccentRule(op, colors)
        if rule.fullColor { return original }
        let cacheKey = "\(key.hashValue)-\(rule.color.hexString)-\(rule.opacity)-\(rule.luminance)"
        if let p = recoloured[cacheKey] { return p }
        var p = original
        // A template: the group colour with the image's alpha — or its luminance as alpha for the
        // desaturated modes (× the image's alpha; whether Apple multiplies is UNCONFIRMED).
        let c = rule.color
        let r = c.red
        let g = c.green
        let b = c.blue
        for i in 0..<p.pixels.count {
            let s = PremultipliedPixel.unpremultiply(p.pixels[i])
            var a = Double(s >> 24) / 255
            if rule.luminance {
                a *= RGBA.luma(Double(s & 0xFF), Double((s >> 8) & 0xFF), Double((s >> 16) & 0xFF)) / 255
            }
            p.pixels[i] = PremultipliedPixel(RGBA(red: r, green: g, blue: b, alpha: a * rule.opacity)).packed
        }
        recoloured[cacheKey] = p
        return p
    }

    /// How accented rendering treats one op: its group colour and opacity, whether luminance
    /// becomes alpha, or whether it stays in full colour.
    struct AccentRule {
        var color: RGBA
        var opacity: Double
        var luminance = false
        var fullColor = false

        init(_ op: DrawOp, _ colors: AccentColors) {
            var accent = op.accentable
            if op.isImage {
                switch op.accentedMode {
                case .fullColor?: fullColor = true
                case .accented?: accent = true
                case .desaturated?: luminance = true
                case .accentedDesaturated?:
                    luminance = true
                    accent = true
                case nil: break
                }
            }
            color = accent ? colors.accent : colors.primary
            opacity = accent ? 1 : colors.defaultGroupOpacity
        }
    }

    /// In accented mode, a style keeps only its alpha (per stop for gradients), in its group's colour.
    func recolour(_ style: ResolvedStyle, _ op: DrawOp) -> ResolvedStyle {
        guard case .accented(let colors) = mode else { return style }
        let rule = AccentRule(op, colors)
        if rule.fullColor { return style }
        func map(_ c: RGBA) -> RGBA {
            let alpha = rule.luminance ? c.alpha * c.luma : c.alpha
            return RGBA(red: rule.color.red, green: rule.color.green, blue: rule.color.blue, alpha: alpha * rule.opacity)
        }
        func stops(_ s: [GradientStopValue]) -> [GradientStopValue] {
            s.map { GradientStopValue(color: map($0.color), location: $0.location) }
        }
        switch style {
        case .color(let c): return .color(map(c))
        case .linearGradient(let s, let a, let b): return .linearGradient(stops(s), start: a, end: b)
        case .radialGradient(let s, let c, let r0, let r1): return .radialGradient(stops(s), center: c, startRadius: r0, endRadius: r1)
        case .angularGradient(let s, let c, let a0, let a1): return .angularGradient(stops(s), center: c, startAngle: a0, endAngle: a1)
        }
    }

    /// A resolved style as a paint for a view's bounds (unit points become absolute).
    func paint(_ style: ResolvedStyle, _ b: Rect) -> Paint {
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
